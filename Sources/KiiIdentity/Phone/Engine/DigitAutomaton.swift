/// A deterministic automaton over the ten digits, built from metadata patterns by subset
/// construction: a number is read in one pass of at most 17 steps, one table load a digit.
///
/// Several patterns share one automaton; each state carries the labels (one bit a pattern) of
/// the patterns that accept the digits read so far. State 0 is the dead state, state 1 the start.
///
/// The tables live in a ``TableArena``: the automaton is three plain words, valid as long as
/// that arena, and copying or walking it touches no reference count.
struct DigitAutomaton: @unchecked Sendable {
    // `@unchecked`: the tables are written once, before the automaton exists, and only read after.
    /// `transitions[state * 10 + digit]`: the next state, one byte each when there are at most
    /// 256 states (nearly every region: a walk then touches half the cache lines), else two.
    private let transitions: UnsafeRawPointer
    private let wide: Bool
    /// The labels of the patterns that accept in each state.
    private let labels: UnsafePointer<UInt16>

    /// How many states the automaton has, the dead one included.
    let stateCount: Int

    /// Builds the automaton for `patterns`; `nil` when a pattern has a `$` (only prefix matchers
    /// take those) or the automaton would outgrow 16-bit state numbers.
    ///
    /// A state of the subset construction is the set of NFA nodes with a digit edge that the
    /// digits read so far reach, with the labels of the patterns that accept there; the empty
    /// edges are followed once per node, beforehand (``DigitNFA/Closures``), so a step is a union
    /// of precomputed sorted lists.
    init?(_ patterns: [(pattern: DigitPattern, label: UInt16)], in arena: TableArena) {
        var nfa = DigitNFA()
        let start = nfa.node()
        for (pattern, label) in patterns {
            guard let (first, last) = nfa.fragment(pattern) else { return nil }
            nfa.epsilons[start].append(Int32(first))
            nfa.labels[last] |= label
        }
        let closures = DigitNFA.Closures(nfa)
        var transitions = [UInt16](repeating: 0, count: 20)
        var labels: [UInt16] = [0, 0]
        let dead = SubsetKey(nodes: [], label: 0)
        let first = SubsetKey(nodes: closures.nodes[start], label: closures.labels[start])
        var numbers: [SubsetKey: UInt16] = [dead: 0, first: 1]
        var pending = [first]
        labels[1] = first.label
        var union = SortedUnion(nodeCount: nfa.edgeDigits.count)
        var index = 0
        while index < pending.count {
            let set = pending[index]
            let state = index + 1
            index += 1
            for digit in 0..<10 {
                let bit = UInt16(1) << UInt16(digit)
                var label: UInt16 = 0
                union.start()
                for node in set.nodes where nfa.edgeDigits[Int(node)] & bit != 0 {
                    let target = Int(nfa.edgeTargets[Int(node)])
                    union.add(closures.nodes[target])
                    label |= closures.labels[target]
                }
                let next = SubsetKey(nodes: union.finish(), label: label)
                if let known = numbers[next] {
                    transitions[state * 10 + digit] = known
                    continue
                }
                guard labels.count < Int(UInt16.max) else { return nil }
                let number = UInt16(labels.count)
                numbers[next] = number
                pending.append(next)
                labels.append(label)
                transitions.append(contentsOf: repeatElement(0, count: 10))
                transitions[state * 10 + digit] = number
            }
        }
        let (minimalTransitions, minimalLabels) = Self.minimized(transitions, labels)
        let wide = minimalLabels.count > 256
        self.wide = wide
        self.transitions =
            wide
            ? UnsafeRawPointer(arena.store(minimalTransitions))
            : UnsafeRawPointer(arena.store(minimalTransitions.map { UInt8(truncatingIfNeeded: $0) }))
        self.labels = arena.store(minimalLabels)
        self.stateCount = minimalLabels.count
    }

    /// The state after reading `digits` from the start (0: dead).
    @inline(__always)
    private func state(after digits: UnsafeBufferPointer<UInt8>) -> Int {
        var state = 1
        if wide {
            let table = transitions.assumingMemoryBound(to: UInt16.self)
            for byte in digits {
                state = Int(table[state &* 10 &+ Int(byte &- 0x30)])
                if state == 0 { break }
            }
        } else {
            let table = transitions.assumingMemoryBound(to: UInt8.self)
            for byte in digits {
                state = Int(table[state &* 10 &+ Int(byte &- 0x30)])
                if state == 0 { break }
            }
        }
        return state
    }

    /// The state after `digit` from `state`.
    @inline(__always)
    private func step(_ state: Int, _ byte: UInt8) -> Int {
        let index = state &* 10 &+ Int(byte &- 0x30)
        return wide
            ? Int(transitions.assumingMemoryBound(to: UInt16.self)[index])
            : Int(transitions.assumingMemoryBound(to: UInt8.self)[index])
    }

    /// Moore's partition refinement: states that no digit string tells apart become one (the
    /// tables shrink, and a walk touches fewer cache lines). The dead state stays 0, the start 1.
    private static func minimized(_ transitions: [UInt16], _ labels: [UInt16]) -> ([UInt16], [UInt16]) {
        let count = labels.count
        var classes = [UInt16](repeating: 0, count: count)
        var classCount = 0
        var byLabel: [UInt16: UInt16] = [:]
        for state in 0..<count {
            if let known = byLabel[labels[state]] {
                classes[state] = known
            } else {
                byLabel[labels[state]] = UInt16(classCount)
                classes[state] = UInt16(classCount)
                classCount += 1
            }
        }
        var refined = [UInt16](repeating: 0, count: count)
        var signatures: [Signature: UInt16] = [:]
        while true {
            signatures.removeAll(keepingCapacity: true)
            for state in 0..<count {
                let signature = Signature(state: state, classes: classes, transitions: transitions)
                if let known = signatures[signature] {
                    refined[state] = known
                } else {
                    let number = UInt16(signatures.count)
                    signatures[signature] = number
                    refined[state] = number
                }
            }
            let stable = signatures.count == classCount
            swap(&classes, &refined)
            classCount = signatures.count
            if stable { break }
        }
        // A start that accepts nothing ever is the dead state: keep the tables as they are.
        if classes[0] == classes[1] { return (transitions, labels) }
        // Number the classes: the dead state's 0, the start's 1, the rest in order of appearance.
        var numbers = [Int](repeating: -1, count: classCount)
        var next = 0
        for state in [0, 1] + Array(2..<count) where numbers[Int(classes[state])] < 0 {
            numbers[Int(classes[state])] = next
            next += 1
        }
        var minimalTransitions = [UInt16](repeating: 0, count: next * 10)
        var minimalLabels = [UInt16](repeating: 0, count: next)
        for state in 0..<count {
            let number = numbers[Int(classes[state])]
            minimalLabels[number] = labels[state]
            for digit in 0..<10 {
                minimalTransitions[number * 10 + digit] = UInt16(
                    numbers[Int(classes[Int(transitions[state * 10 + digit])])]
                )
            }
        }
        return (minimalTransitions, minimalLabels)
    }

    /// A state's class and its successors' classes, the eleven 16-bit numbers Moore's refinement
    /// compares, held inline (no array a state a round) and hashed once.
    private struct Signature: Hashable {
        let words: (UInt64, UInt64, UInt64)
        let digest: UInt64

        init(state: Int, classes: [UInt16], transitions: [UInt16]) {
            let base = state * 10
            let first =
                UInt64(classes[state]) << 48 | UInt64(classes[Int(transitions[base])]) << 32
                | UInt64(classes[Int(transitions[base + 1])]) << 16 | UInt64(classes[Int(transitions[base + 2])])
            let second =
                UInt64(classes[Int(transitions[base + 3])]) << 48 | UInt64(classes[Int(transitions[base + 4])]) << 32
                | UInt64(classes[Int(transitions[base + 5])]) << 16 | UInt64(classes[Int(transitions[base + 6])])
            let third =
                UInt64(classes[Int(transitions[base + 7])]) << 32 | UInt64(classes[Int(transitions[base + 8])]) << 16
                | UInt64(classes[Int(transitions[base + 9])])
            words = (first, second, third)
            digest = (first &* 0x9E37_79B9_7F4A_7C15 ^ second) &* 0xBF58_476D_1CE4_E5B9 ^ third
        }

        static func == (lhs: Self, rhs: Self) -> Bool {
            lhs.words == rhs.words
        }

        func hash(into hasher: inout Hasher) {
            hasher.combine(digest)
        }
    }

    /// The labels of the patterns that match all of `digits` (ASCII digits).
    @inline(__always)
    func labels(fullMatching digits: UnsafeBufferPointer<UInt8>) -> UInt16 {
        labels[state(after: digits)]
    }

    /// Whether some pattern matches a prefix of `digits` (the empty one included): the answer
    /// of a regular expression's `Consume` at the start of the input, whatever it consumes.
    func matchesPrefix(of digits: UnsafeBufferPointer<UInt8>) -> Bool {
        var state = 1
        if labels[state] != 0 { return true }
        for byte in digits {
            state = step(state, byte)
            if state == 0 { return false }
            if labels[state] != 0 { return true }
        }
        return false
    }
}

/// The nondeterministic automaton (Thompson's construction) the subset construction starts from.
private struct DigitNFA {
    /// Per node: the digits of its one digit edge (0 for none) and where it leads.
    var edgeDigits: [UInt16] = []
    var edgeTargets: [Int32] = []
    var epsilons: [[Int32]] = []
    var labels: [UInt16] = []

    mutating func node() -> Int {
        edgeDigits.append(0)
        edgeTargets.append(-1)
        epsilons.append([])
        labels.append(0)
        return edgeDigits.count - 1
    }

    /// A fresh fragment for `pattern`: its entry and exit nodes.
    mutating func fragment(_ pattern: DigitPattern) -> (Int, Int)? {
        switch pattern {
        case .digit(let mask):
            let first = node()
            let last = node()
            edgeDigits[first] = mask
            edgeTargets[first] = Int32(last)
            return (first, last)
        case .sequence(let parts):
            let first = node()
            var last = first
            for part in parts {
                guard let (entry, exit) = fragment(part) else { return nil }
                epsilons[last].append(Int32(entry))
                last = exit
            }
            return (first, last)
        case .alternation(let choices):
            let first = node()
            let last = node()
            for choice in choices {
                guard let (entry, exit) = fragment(choice) else { return nil }
                epsilons[first].append(Int32(entry))
                epsilons[exit].append(Int32(last))
            }
            return (first, last)
        case .repetition(let inner, let minimum, let maximum):
            let first = node()
            let last = node()
            var current = first
            for copy in 0..<maximum {
                if copy >= minimum { epsilons[current].append(Int32(last)) }
                guard let (entry, exit) = fragment(inner) else { return nil }
                epsilons[current].append(Int32(entry))
                current = exit
            }
            epsilons[current].append(Int32(last))
            return (first, last)
        case .capture(let inner, _):
            return fragment(inner)
        case .end:
            return nil
        }
    }

    /// For every node, the nodes with a digit edge it reaches by empty edges (itself included),
    /// sorted, and the labels of the accepting nodes it reaches: the empty edges followed once,
    /// before the subset construction. Thompson's construction for the metadata's dialect
    /// (repetitions unrolled, no `*`) has no cycle of empty edges.
    struct Closures {
        var nodes: [[Int32]]
        var labels: [UInt16]

        init(_ nfa: DigitNFA) {
            let count = nfa.edgeDigits.count
            nodes = [[Int32]](repeating: [], count: count)
            labels = [UInt16](repeating: 0, count: count)
            var done = [Bool](repeating: false, count: count)
            var union = SortedUnion(nodeCount: count)
            // Depth first, each node finished after the nodes its empty edges lead to.
            for root in 0..<count where !done[root] {
                var stack: [(node: Int, next: Int)] = [(root, 0)]
                while let (node, next) = stack.last {
                    let edges = nfa.epsilons[node]
                    if next < edges.count {
                        stack[stack.count - 1].next += 1
                        let target = Int(edges[next])
                        if !done[target] { stack.append((target, 0)) }
                        continue
                    }
                    stack.removeLast()
                    if done[node] { continue }
                    union.start()
                    if nfa.edgeDigits[node] != 0 { union.add([Int32(node)]) }
                    var label = nfa.labels[node]
                    for target in edges {
                        union.add(nodes[Int(target)])
                        label |= labels[Int(target)]
                    }
                    nodes[node] = union.finish()
                    labels[node] = label
                    done[node] = true
                }
            }
        }
    }
}

/// A state of the subset construction: its sorted NFA nodes and its labels, hashed once.
private struct SubsetKey: Hashable {
    let nodes: [Int32]
    let label: UInt16
    private let digest: Int

    init(nodes: [Int32], label: UInt16) {
        self.nodes = nodes
        self.label = label
        var digest = UInt64(label) &+ 0x9E37_79B9_7F4A_7C15
        for node in nodes { digest = (digest ^ UInt64(UInt32(bitPattern: node))) &* 0x100_0000_01B3 }
        self.digest = Int(truncatingIfNeeded: digest)
    }

    static func == (lhs: Self, rhs: Self) -> Bool {
        lhs.digest == rhs.digest && lhs.label == rhs.label && lhs.nodes == rhs.nodes
    }

    func hash(into hasher: inout Hasher) {
        hasher.combine(digest)
    }
}

/// The union of sorted lists of node numbers, without duplicates: a mark per node, reset by a
/// new generation number instead of clearing.
private struct SortedUnion {
    private var marks: [UInt32]
    private var generation: UInt32 = 0
    private var members: [Int32] = []

    init(nodeCount: Int) {
        marks = [UInt32](repeating: 0, count: nodeCount)
    }

    /// Starts a new union.
    mutating func start() {
        generation &+= 1
        if generation == 0 {
            for index in marks.indices { marks[index] = 0 }
            generation = 1
        }
        members.removeAll(keepingCapacity: true)
    }

    mutating func add(_ nodes: [Int32]) {
        for node in nodes where marks[Int(node)] != generation {
            marks[Int(node)] = generation
            members.append(node)
        }
    }

    /// The union, sorted.
    func finish() -> [Int32] {
        members.sorted()
    }
}
