/// A pattern matched the way libphonenumber's regular expressions are (ICU's and RE2's
/// leftmost-first matching): backtracking, first alternative and greedy repetitions preferred, so
/// that how much is consumed and what each group captured are the regular-expression library's.
///
/// Used for the international prefix and the national prefix for parsing (`Consume`: a match at
/// the start), short patterns read once per local number, and for number formats (their leading
/// digits, and their pattern matched whole, then replaced group by group).
struct PrefixMatcher: @unchecked Sendable {
    // `@unchecked`: `program` points into a ``TableArena``, written before the matcher exists.
    /// One step of the program.
    enum Instruction: Sendable {
        /// One digit out of a mask.
        case digit(UInt16)
        /// Try the first target; if that fails, the second.
        case split(Int, Int)
        case jump(Int)
        /// Record the position in capture slot `n` (group `n / 2`, start or end).
        case save(Int)
        /// `$`.
        case end
        case match
    }

    /// What a successful match consumed and captured (held inline: no allocation a match).
    struct Match {
        /// Digits consumed from the start.
        var length: Int
        /// Groups 1 to 3, the captured range; `nil` when the group did not take part.
        var captures: (Range<Int>?, Range<Int>?, Range<Int>?)

        /// The capture of group `group` (from 1).
        func group(_ group: Int) -> Range<Int>? {
            switch group {
            case 1: captures.0
            case 2: captures.1
            case 3: captures.2
            default: nil
            }
        }
    }

    /// The most capturing groups a pattern may have: `$1` to `$9` (prefixes have at most two,
    /// number formats at most five).
    static let maximumGroups = 9

    /// The program, in the arena it was compiled into.
    private let program: UnsafeBufferPointer<Instruction>
    /// How many capturing groups the pattern has.
    let groupCount: Int

    /// Compiles `pattern` into `arena`; the matcher is valid as long as the arena.
    init(_ pattern: DigitPattern, groupCount: Int, in arena: TableArena) {
        var program: [Instruction] = []
        Self.emit(pattern, into: &program)
        program.append(.match)
        self.program = UnsafeBufferPointer(start: arena.store(program), count: program.count)
        self.groupCount = groupCount
    }

    /// Parses and compiles `text` into `arena`; `nil` outside the dialect.
    init?(_ text: String, in arena: TableArena) {
        guard let (pattern, groups) = DigitPattern.parse(text), groups <= Self.maximumGroups else { return nil }
        self.init(pattern, groupCount: groups, in: arena)
    }

    private static func emit(_ pattern: DigitPattern, into program: inout [Instruction]) {
        switch pattern {
        case .digit(let mask):
            program.append(.digit(mask))
        case .sequence(let parts):
            for part in parts { emit(part, into: &program) }
        case .alternation(let choices):
            var jumps: [Int] = []
            for (index, choice) in choices.enumerated() {
                if index < choices.count - 1 {
                    let split = program.count
                    program.append(.split(split + 1, 0))
                    emit(choice, into: &program)
                    jumps.append(program.count)
                    program.append(.jump(0))
                    program[split] = .split(split + 1, program.count)
                } else {
                    emit(choice, into: &program)
                }
            }
            for jump in jumps { program[jump] = .jump(program.count) }
        case .repetition(let inner, let minimum, let maximum):
            for _ in 0..<minimum { emit(inner, into: &program) }
            // Optional copies, nested: x(x(x)?)?)? so that each is tried before stopping.
            var splits: [Int] = []
            for _ in minimum..<maximum {
                splits.append(program.count)
                program.append(.split(program.count + 1, 0))
                emit(inner, into: &program)
            }
            for split in splits { program[split] = .split(split + 1, program.count) }
        case .capture(let inner, let group):
            program.append(.save(2 * group))
            emit(inner, into: &program)
            program.append(.save(2 * group + 1))
        case .end:
            program.append(.end)
        }
    }

    /// How many capture slots ``match(_:at:toEnd:captures:)`` writes: two a group, and the
    /// whole match's.
    var captureSlots: Int { 2 * (groupCount + 1) }

    /// The preferred match starting at `start` in `digits` (ASCII digits): where it ends, or
    /// `nil` when there is none. With `toEnd`, only a match that ends with the digits counts
    /// (`FullMatch` from 0). Group `g` captured `captures[2g]..<captures[2g + 1]`, -1 when it
    /// did not take part; `captures` has ``captureSlots`` slots.
    func match(
        _ digits: UnsafeBufferPointer<UInt8>,
        at start: Int,
        toEnd: Bool,
        captures: UnsafeMutableBufferPointer<Int>
    ) -> Int? {
        captures.initialize(repeating: -1)
        return Self.run(program, 0, start, digits, captures, toEnd: toEnd)
    }

    /// Matches at the start of `digits` (ASCII digits); `nil` when the pattern does not.
    func consume(_ digits: UnsafeBufferPointer<UInt8>) -> Match? {
        withUnsafeTemporaryAllocation(of: Int.self, capacity: captureSlots) { captures in
            guard let length = match(digits, at: 0, toEnd: false, captures: captures) else { return nil }
            func capture(_ group: Int) -> Range<Int>? {
                guard group <= groupCount else { return nil }
                let start = captures[2 * group]
                let end = captures[2 * group + 1]
                return start >= 0 && end >= start ? start..<end : nil
            }
            return Match(length: length, captures: (capture(1), capture(2), capture(3)))
        }
    }

    /// The length consumed at the start of `digits`, captures ignored.
    func consumedLength(_ digits: UnsafeBufferPointer<UInt8>) -> Int? {
        withUnsafeTemporaryAllocation(of: Int.self, capacity: captureSlots) { captures in
            match(digits, at: 0, toEnd: false, captures: captures)
        }
    }

    /// The backtracking interpreter: the end position of the preferred match from `pc` at
    /// `position` (with `toEnd`, of the preferred one that ends with the digits).
    private static func run(
        _ program: UnsafeBufferPointer<Instruction>,
        _ start: Int,
        _ position: Int,
        _ digits: UnsafeBufferPointer<UInt8>,
        _ captures: UnsafeMutableBufferPointer<Int>,
        toEnd: Bool
    ) -> Int? {
        var pc = start
        var position = position
        while true {
            switch program[pc] {
            case .digit(let mask):
                guard position < digits.count, mask & (1 << UInt16(digits[position] &- 0x30)) != 0 else { return nil }
                position += 1
                pc += 1
            case .split(let preferred, let other):
                if let end = run(program, preferred, position, digits, captures, toEnd: toEnd) { return end }
                pc = other
            case .jump(let target):
                pc = target
            case .save(let slot):
                let old = captures[slot]
                captures[slot] = position
                if let end = run(program, pc + 1, position, digits, captures, toEnd: toEnd) { return end }
                captures[slot] = old
                return nil
            case .end:
                guard position == digits.count else { return nil }
                pc += 1
            case .match:
                return !toEnd || position == digits.count ? position : nil
            }
        }
    }
}
