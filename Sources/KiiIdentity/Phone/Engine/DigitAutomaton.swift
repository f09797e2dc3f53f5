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
    init?(_ patterns: [(pattern: DigitPattern, label: UInt16)], in arena: TableArena) {
        var nfa = DigitNFA()
        let start = nfa.node()
        for (pattern, label) in patterns {
            guard let (first, last) = nfa.fragment(pattern) else { return nil }
            nfa.epsilons[start].append(Int32(first))
            nfa.labels[last] |= label
        }
        var transitions = [UInt16](repeating: 0, count: 20)
        var labels: [UInt16] = [0, 0]
        var numbers: [[Int32]: UInt16] = [[]: 0]
        var pending: [[Int32]] = [nfa.closure([Int32(start)])]
        numbers[pending[0]] = 1
        labels[1] = nfa.label(of: pending[0])
        var index = 0
        while index < pending.count {
            let set = pending[index]
            let state = index + 1
            index += 1
            for digit in 0..<10 {
                let next = nfa.closure(nfa.move(set, digit: digit))
                if let known = numbers[next] {
                    transitions[state * 10 + digit] = known
                    continue
                }
                guard labels.count < Int(UInt16.max) else { return nil }
                let number = UInt16(labels.count)
                numbers[next] = number
                pending.append(next)
                labels.append(nfa.label(of: next))
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
        var classes = [Int](repeating: 0, count: count)
        var classCount = 0
        var byLabel: [UInt16: Int] = [:]
        for state in 0..<count {
            if let known = byLabel[labels[state]] {
                classes[state] = known
            } else {
                byLabel[labels[state]] = classCount
                classes[state] = classCount
                classCount += 1
            }
        }
        while true {
            var signatures: [[Int]: Int] = [:]
            var refined = [Int](repeating: 0, count: count)
            for state in 0..<count {
                var signature = [classes[state]]
                for digit in 0..<10 { signature.append(classes[Int(transitions[state * 10 + digit])]) }
                if let known = signatures[signature] {
                    refined[state] = known
                } else {
                    signatures[signature] = signatures.count
                    refined[state] = signatures.count - 1
                }
            }
            let stable = signatures.count == classCount
            classes = refined
            classCount = signatures.count
            if stable { break }
        }
        // A start that accepts nothing ever is the dead state: keep the tables as they are.
        if classes[0] == classes[1] { return (transitions, labels) }
        // Number the classes: the dead state's 0, the start's 1, the rest in order of appearance.
        var numbers = [Int](repeating: -1, count: classCount)
        var next = 0
        for state in [0, 1] + Array(2..<count) where numbers[classes[state]] < 0 {
            numbers[classes[state]] = next
            next += 1
        }
        var minimalTransitions = [UInt16](repeating: 0, count: next * 10)
        var minimalLabels = [UInt16](repeating: 0, count: next)
        for state in 0..<count {
            let number = numbers[classes[state]]
            minimalLabels[number] = labels[state]
            for digit in 0..<10 {
                minimalTransitions[number * 10 + digit] = UInt16(numbers[classes[Int(transitions[state * 10 + digit])]])
            }
        }
        return (minimalTransitions, minimalLabels)
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

    /// `nodes` and every node reachable from them by empty edges, sorted.
    func closure(_ nodes: [Int32]) -> [Int32] {
        var seen = Set(nodes)
        var stack = nodes
        while let node = stack.popLast() {
            for next in epsilons[Int(node)] where seen.insert(next).inserted { stack.append(next) }
        }
        return seen.sorted()
    }

    func move(_ nodes: [Int32], digit: Int) -> [Int32] {
        nodes.compactMap { node in
            edgeDigits[Int(node)] & (1 << UInt16(digit)) != 0 ? edgeTargets[Int(node)] : nil
        }
    }

    func label(of nodes: [Int32]) -> UInt16 {
        nodes.reduce(0) { $0 | labels[Int($1)] }
    }
}
