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

    /// Adds the keys of one record on `line` (lines in order), its username's lookalike key too.
    package func add(_ keys: UniquenessKeys, line: Int) {
        var all = keys.all.map { (KeyKind($0.kind), $0.key, KeyFingerprint($0.kind, normalized: $0.key)) }
        if let lookalike = keys.usernameLookalike {
            all.append((.usernameLookalike, lookalike, KeyFingerprint(lookalike: lookalike)))
        }
        update { [all] table in
            for (kind, key, fingerprint) in all {
                guard ConflictTable.isInLane(fingerprint, lane: table.lane, of: table.lanes) else { continue }
                table.add(fingerprint, kind: kind, line: line) { key }
            }
        }
    }

    /// Every conflict, by the line of its first record, then username, email, phone; waits for
    /// the lanes to finish the blocks they hold.
    package func conflicts() -> [ConflictTable.Conflict] {
        var all: [ConflictTable.Conflict] = []
        read { all += $0.sharedFound.filter { $0.kind != .usernameLookalike } }
        return ConflictTable.sorted(all)
    }

    /// The groups of records whose different usernames share a lookalike key, by the line of
    /// their first record; waits for the lanes.
    ///
    /// The table finds the lookalike keys several records hold. A key whose records all hold one
    /// username (its lines are that username's conflict's) is no group; otherwise the usernames
    /// behind it are the key's possible usernames (``LookalikeKeys/usernames(withKey:limit:)``)
    /// that the table holds with a first line among the key's lines, each with its lines (its
    /// conflict's, or its first). A key with more than `searchLimit` possible usernames keeps
    /// its lines only.
    package func lookalikeGroups(searchLimit: Int = 1 << 12) -> [LookalikeGroup] {
        var shared: [ConflictTable.Conflict] = []
        read { shared += $0.sharedFound }
        var usernameLines: [String: [Int]] = [:]
        // The lines of each username conflict, by its first line.
        var usernameLinesFrom: [Int: [Int]] = [:]
        for conflict in shared where conflict.kind == .username {
            usernameLines[conflict.value] = conflict.lines
            usernameLinesFrom[conflict.lines[0]] = conflict.lines
        }
        var groups: [LookalikeGroup] = []
        for conflict in ConflictTable.sorted(shared.filter { $0.kind == .usernameLookalike }) {
            // One username on every line: a conflict, not a group (the common case, found
            // without searching).
            guard usernameLinesFrom[conflict.lines[0]] != conflict.lines else { continue }
            guard let candidates = LookalikeKeys.usernames(withKey: conflict.value, limit: searchLimit) else {
                groups.append(LookalikeGroup(key: conflict.value, lines: conflict.lines, usernames: []))
                continue
            }
            var usernames: [LookalikeGroup.Username] = []
            for candidate in candidates {
                let fingerprint = KeyFingerprint(.username, normalized: candidate)
                // The lanes are idle: read waited for them above.
                var first: Int?
                for lane in tables where first == nil {
                    first = lane.table.firstLine(of: candidate, kind: .username, fingerprint: fingerprint)
                }
                guard let first, conflict.lines.contains(first) else { continue }
                usernames.append(
                    LookalikeGroup.Username(username: candidate, lines: usernameLines[candidate] ?? [first])
                )
            }
            guard usernames.count > 1 else { continue }
            usernames.sort { $0.lines[0] < $1.lines[0] }
            groups.append(LookalikeGroup(key: conflict.value, lines: conflict.lines, usernames: usernames))
        }
        return groups
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
