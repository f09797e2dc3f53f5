internal import Dispatch
package import KiiIdentity

/// A ``ConflictTable`` filled by several threads: the shards are dealt out to lanes, each lane a
/// table of its own filled on its own serial queue, blocks in the order they are added. Every
/// shard still sees its keys in line order, so the conflicts are exactly those of one table
/// filled on one thread, whatever the number of lanes.
///
/// With one lane, keys are added on the calling thread.
package final class ConflictLanes: @unchecked Sendable {
    // `@unchecked`: each table is touched only on its lane's queue (or, with one lane, by the
    // caller), and read only after a barrier on that queue.
    private let tables: [Lane]
    private let queues: [DispatchQueue]
    /// Blocks a lane may hold before ``add(_:)`` waits: memory stays bounded when the lanes lag.
    private let room: [DispatchSemaphore]

    /// Lanes that each fill the shards of their own (1: no thread of its own).
    package init(lanes: Int) {
        let lanes = max(1, lanes)
        tables = (0..<lanes).map { Lane(ConflictTable(lane: $0, of: lanes)) }
        queues = lanes == 1 ? [] : (0..<lanes).map { DispatchQueue(label: "kii-identity.conflicts.\($0)") }
        room = (0..<lanes).map { _ in DispatchSemaphore(value: 2) }
    }

    /// The number of keys to expect in all (see ``ConflictTable/expectedKeys``).
    package func expect(keys: Int) {
        update { $0.expectedKeys = keys }
    }

    /// Adds the keys of a block (blocks in line order).
    package func add(_ block: LintedBlock) {
        guard !queues.isEmpty else {
            tables[0].table.add(block.keys, firstLine: block.firstLine, value: block.value(of:))
            return
        }
        for lane in tables.indices {
            room[lane].wait()
            queues[lane].async { [self] in
                tables[lane].table.add(block.keys, firstLine: block.firstLine, value: block.value(of:))
                room[lane].signal()
            }
        }
    }

    /// Adds the keys of one record on `line` (lines in order).
    package func add(_ keys: UniquenessKeys, line: Int) {
        update { table in
            for (kind, key) in keys.all {
                let fingerprint = KeyFingerprint(kind, normalized: key)
                guard ConflictTable.isInLane(fingerprint, lane: table.lane, of: table.lanes) else { continue }
                table.add(fingerprint, kind: kind, line: line) { key }
            }
        }
    }

    /// Every conflict, by the line of its first record, then username, email, phone; waits for
    /// the lanes to finish the blocks they hold.
    package func conflicts() -> [ConflictTable.Conflict] {
        var all: [ConflictTable.Conflict] = []
        read { all += $0.conflictsFound }
        return ConflictTable.sorted(all)
    }

    /// How many conflicts there are; waits for the lanes.
    package func conflictCount() -> Int {
        var count = 0
        read { count += $0.conflictCount }
        return count
    }

    /// Runs `body` on every table, in its lane.
    private func update(_ body: @escaping @Sendable (inout ConflictTable) -> Void) {
        guard !queues.isEmpty else { return body(&tables[0].table) }
        for lane in tables.indices {
            queues[lane].async { [self] in body(&tables[lane].table) }
        }
    }

    /// Runs `body` on every table once its lane is idle, on the calling thread.
    private func read(_ body: (ConflictTable) -> Void) {
        for lane in tables.indices {
            if !queues.isEmpty { queues[lane].sync {} }
            body(tables[lane].table)
        }
    }

    /// One lane's table, in a box of its own: lanes never write to a shared array.
    private final class Lane {
        var table: ConflictTable

        init(_ table: ConflictTable) {
            self.table = table
        }
    }

    deinit {
        for lane in tables.indices {
            if !queues.isEmpty { queues[lane].sync {} }
            tables[lane].table.removeAll()
        }
    }
}
