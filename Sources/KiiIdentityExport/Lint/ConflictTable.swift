package import KiiIdentity

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Finds the uniqueness keys that several records share, in bounded memory: a 16-byte slot a key.
///
/// Each key is kept as its ``KeyFingerprint`` and the line of the first record that held it,
/// not as a string. The table is cut into ``shardCount`` shards by the fingerprint's top bits
/// (so those bits need not be stored); a slot keeps 96 more bits of the fingerprint and the
/// line, 16 bytes, in open addressing with linear probing. A shard grows by a quarter when it
/// is 93 % full, so the table is 74 to 93 % full: 17 to 22 bytes a key; told how many keys to
/// expect (``expectedKeys``), a shard grows straight to 90 % of its share. Shard memory is
/// mapped pages, given back whole when a shard grows. A table may keep only the shards of one
/// lane out of several (``ConflictLanes``), each lane filled by its own thread.
///
/// A fingerprint seen again is a candidate conflict: the caller gives the key's value then
/// (its string, from the record at hand), and the values of every later record are compared
/// exactly; a different value (two keys whose fingerprints agree) is kept apart, exactly.
/// The first record's value is known by its fingerprint alone (106 bits: a false match has a
/// chance of about n² / 2¹⁰⁷ for n keys).
///
/// The first line of a key is the line of the first record added with it: `lint` adds records
/// in line order.
package struct ConflictTable {
    /// One value shared by several records.
    package struct Conflict: Sendable, Equatable {
        /// The key kind.
        package let kind: KeyKind
        /// The normalised value (lowercased username, email key, E.164, lookalike key).
        package let value: String
        /// The lines of the records that share it, ascending.
        package var lines: [Int]
    }

    /// Shards: 2¹⁰.
    package static let shardBits = 10
    package static var shardCount: Int { 1 << shardBits }

    private var shards: [Shard]
    /// The conflicts by fingerprint, in the order they were found.
    private var conflictIndex: [KeyFingerprint: Int] = [:]
    private var conflictList: [Conflict] = []
    /// Keys that met a fingerprint already taken by another value, or whose line does not fit
    /// 32 bits: their first line, exactly (almost always empty).
    private var exact: [KeyKind: [String: Int]] = [:]
    private var exactConflictIndex: [KeyKind: [String: Int]] = [:]
    /// How many of the values shared are lookalike keys (not conflicts).
    private var sharedLookalikeCount = 0

    /// How many keys are held.
    package private(set) var count = 0

    /// Which shards this table keeps: those whose number modulo `lanes` is `lane`.
    let lane: Int
    let lanes: Int

    /// A table of every key, or of lane `lane` of `lanes` (the keys of the other lanes are skipped).
    package init(lane: Int = 0, of lanes: Int = 1) {
        self.lane = lane
        self.lanes = lanes
        shards = Array(repeating: Shard(), count: Self.shardCount)
    }

    /// The number of keys to expect in all, when known: a shard that must grow grows at once to
    /// its share of them (90 % full), instead of by a quarter, so that few keys are moved.
    package var expectedKeys: Int? {
        didSet { expectedShardCapacity = (expectedKeys ?? 0) / Self.shardCount * 10 / 9 }
    }
    private var expectedShardCapacity = 0

    /// Adds the keys of a block that fall in this table's lane, as ``add(_:kind:line:value:)``
    /// one by one (in line order), but first reads the slots a few dozen keys will probe, so that
    /// their cache misses overlap.
    package mutating func add(_ keys: [LintedBlock.Key], firstLine: Int, value: (LintedBlock.Key) -> String) {
        var start = 0
        while start < keys.count {
            let end = min(start + 32, keys.count)
            for index in start..<end {
                let fingerprint = keys[index].fingerprint
                let shard = Self.shard(of: fingerprint)
                if shard % lanes == lane { touched &+= shards[shard].peek(fingerprint.low) }
            }
            for index in start..<end where Self.shard(of: keys[index].fingerprint) % lanes == lane {
                let key = keys[index]
                add(key.fingerprint, kind: key.kind, line: key.line(from: firstLine)) { value(key) }
            }
            start = end
        }
    }

    /// What the reads ahead loaded, kept so that they are not optimised away.
    private var touched: UInt64 = 0

    @inline(__always)
    private static func shard(of fingerprint: KeyFingerprint) -> Int {
        Int(truncatingIfNeeded: fingerprint.high >> UInt64(64 - shardBits))
    }

    /// Whether `fingerprint` belongs to lane `lane` of `lanes`.
    static func isInLane(_ fingerprint: KeyFingerprint, lane: Int, of lanes: Int) -> Bool {
        shard(of: fingerprint) % lanes == lane
    }

    /// Adds the key `fingerprint` of `kind` held by the record on `line`; `value` gives the
    /// key's normalised string when it is needed (a candidate conflict).
    package mutating func add(
        _ fingerprint: KeyFingerprint,
        kind: KeyKind,
        line: Int,
        value: () -> String
    ) {
        guard let line32 = UInt32(exactly: line), line32 > 0 else {
            addExactly(kind: kind, value: value(), line: line)
            return
        }
        let shard = Self.shard(of: fingerprint)
        if let first = shards[shard].insert(fingerprint, line: line32, growingTo: expectedShardCapacity) {
            addCandidate(fingerprint, kind: kind, value: value(), first: Int(first), line: line)
        } else {
            count += 1
        }
    }

    /// Keys met again: the value at hand is compared with the conflict's.
    private mutating func addCandidate(
        _ fingerprint: KeyFingerprint,
        kind: KeyKind,
        value: String,
        first: Int,
        line: Int
    ) {
        if let index = conflictIndex[fingerprint] {
            guard conflictList[index].value == value else {
                addExactly(kind: kind, value: value, line: line)
                return
            }
            conflictList[index].lines.append(line)
        } else {
            conflictIndex[fingerprint] = conflictList.count
            appendShared(Conflict(kind: kind, value: value, lines: [first, line]))
        }
    }

    private mutating func addExactly(kind: KeyKind, value: String, line: Int) {
        if let first = exact[kind]?[value] {
            if let index = exactConflictIndex[kind]?[value] {
                conflictList[index].lines.append(line)
            } else {
                exactConflictIndex[kind, default: [:]][value] = conflictList.count
                appendShared(Conflict(kind: kind, value: value, lines: [first, line]))
            }
        } else {
            exact[kind, default: [:]][value] = line
            count += 1
        }
    }

    private mutating func appendShared(_ conflict: Conflict) {
        if conflict.kind == .usernameLookalike { sharedLookalikeCount += 1 }
        conflictList.append(conflict)
    }

    /// How many conflicts there are (login keys several records hold).
    package var conflictCount: Int { conflictList.count - sharedLookalikeCount }

    /// The values several records hold, conflicts and lookalike keys, in the order they were found.
    var sharedFound: [Conflict] { conflictList }

    /// The conflicts, by the line of their first record, then username, email, phone.
    package var conflicts: [Conflict] { Self.sorted(conflictList.filter { $0.kind != .usernameLookalike }) }

    /// The line of the first record that held the key `value` of `kind` (whose fingerprint is
    /// `fingerprint`), when this table's lane holds it.
    package func firstLine(of value: String, kind: KeyKind, fingerprint: KeyFingerprint) -> Int? {
        if let line = exact[kind]?[value] { return line }
        let shard = Self.shard(of: fingerprint)
        guard shard % lanes == lane, let line = shards[shard].find(fingerprint) else { return nil }
        return Int(line)
    }

    /// `conflicts` by the line of their first record, then username, email, phone.
    package static func sorted(_ conflicts: [Conflict]) -> [Conflict] {
        conflicts.sorted { ($0.lines[0], $0.kind) < ($1.lines[0], $1.kind) }
    }

    /// The bytes the shards hold.
    package var tableBytes: Int { shards.reduce(0) { $0 + $1.capacity * MemoryLayout<Slot>.stride } }

    /// Frees the shards.
    package mutating func removeAll() {
        for index in shards.indices { shards[index].free() }
    }
}

/// One slot: the fingerprint's low 64 bits, then 32 more bits of it and the line.
private struct Slot {
    var low: UInt64
    /// Bits 22 to 53 of the fingerprint's high half, shifted up 32, or the line; 0 when empty.
    var highAndLine: UInt64
}

/// One shard: open addressing over mapped pages.
private struct Shard {
    var slots: UnsafeMutablePointer<Slot>?
    var capacity = 0
    var count = 0

    /// The slot `fingerprint` starts its probe at.
    @inline(__always)
    private static func home(_ fingerprint: UInt64, capacity: Int) -> Int {
        Int(truncatingIfNeeded: fingerprint.multipliedFullWidth(by: UInt64(capacity)).high)
    }

    /// The slot `low` starts its probe at, read (to bring it into the cache); 0 when empty.
    @inline(__always)
    func peek(_ low: UInt64) -> UInt64 {
        guard let slots else { return 0 }
        return slots[Self.home(low, capacity: capacity)].highAndLine
    }

    /// The first line of `fingerprint`, when it is held.
    func find(_ fingerprint: KeyFingerprint) -> UInt32? {
        guard let slots else { return nil }
        let stored = (fingerprint.high << UInt64(ConflictTable.shardBits)) & 0xFFFF_FFFF_0000_0000
        var index = Self.home(fingerprint.low, capacity: capacity)
        while true {
            let slot = slots[index]
            if slot.highAndLine == 0 { return nil }
            if slot.low == fingerprint.low && slot.highAndLine & 0xFFFF_FFFF_0000_0000 == stored {
                return UInt32(truncatingIfNeeded: slot.highAndLine)
            }
            index += 1
            if index == capacity { index = 0 }
        }
    }

    /// Adds `fingerprint` first held on `line`; returns the first line when it was there already.
    /// A shard 93 % full grows by a quarter, or to `expected` slots when that is more.
    mutating func insert(_ fingerprint: KeyFingerprint, line: UInt32, growingTo expected: Int) -> UInt32? {
        if count + 1 > capacity - capacity / 14 { grow(to: max(capacity + capacity / 4, expected)) }
        let stored = (fingerprint.high << UInt64(ConflictTable.shardBits)) & 0xFFFF_FFFF_0000_0000
        let slots = slots!
        var index = Self.home(fingerprint.low, capacity: capacity)
        while true {
            let slot = slots[index]
            if slot.highAndLine == 0 {
                slots[index] = Slot(low: fingerprint.low, highAndLine: stored | UInt64(line))
                count += 1
                return nil
            }
            if slot.low == fingerprint.low && slot.highAndLine & 0xFFFF_FFFF_0000_0000 == stored {
                return UInt32(truncatingIfNeeded: slot.highAndLine)
            }
            index += 1
            if index == capacity { index = 0 }
        }
    }

    /// `wanted` slots or more (a page at least), every key moved.
    private mutating func grow(to wanted: Int) {
        let page = max(Int(sysconf(Int32(_SC_PAGESIZE))), 4096)
        let wanted = max(wanted, page / MemoryLayout<Slot>.stride)
        let bytes = (wanted * MemoryLayout<Slot>.stride + page - 1) / page * page
        // The table is soon touched all over: its pages are mapped, writable, in one call, rather
        // than faulted in one by one, each read first as the shared zero page and then copied
        // on the first write (a fault and, with other threads running, a TLB flush on every core).
        guard let mapped = mmap(nil, bytes, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS | MAP_POPULATE, -1, 0),
            mapped != MAP_FAILED
        else { fatalError("out of memory for the conflict table (\(bytes) bytes)") }
        let newSlots = mapped.bindMemory(to: Slot.self, capacity: bytes / MemoryLayout<Slot>.stride)
        let newCapacity = bytes / MemoryLayout<Slot>.stride
        if let old = slots {
            for position in 0..<capacity where old[position].highAndLine != 0 {
                var index = Self.home(old[position].low, capacity: newCapacity)
                while newSlots[index].highAndLine != 0 {
                    index += 1
                    if index == newCapacity { index = 0 }
                }
                newSlots[index] = old[position]
            }
        }
        free()
        slots = newSlots
        capacity = newCapacity
    }

    mutating func free() {
        if let slots { munmap(UnsafeMutableRawPointer(slots), capacity * MemoryLayout<Slot>.stride) }
        slots = nil
        capacity = 0
    }
}
