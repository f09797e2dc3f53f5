/// One of libphonenumber's number formats compiled: which national numbers it fits (its last
/// leading digits pattern, then its pattern matched whole) and how it writes them, nationally
/// (with the national prefix formatting rule) and internationally.
///
/// A plain value over its ``TableArena``, like the territory that holds it.
struct CompiledNumberFormat: @unchecked Sendable {
    // `@unchecked`: the buffers point into an arena written before the format exists.
    /// The most detailed leading digits pattern, matched at the start; `nil` when there is none.
    let leadingDigits: PrefixMatcher?
    /// The pattern, with its capturing groups.
    let pattern: PrefixMatcher
    /// The format with the national prefix formatting rule put in place of its first group
    /// reference (`$1-$2` and `0$1` give `0$1-$2`): the national format.
    let national: UnsafeBufferPointer<RewritePart>
    /// The format as written: the international format.
    let international: UnsafeBufferPointer<RewritePart>

    /// Compiles `format` into `arena`; `nil` when a pattern is outside the engine's dialect or
    /// a rule refers to a group the pattern does not have.
    init?(_ format: PhoneMetadata.NumberFormat, in arena: TableArena) {
        guard let (pattern, groups) = DigitPattern.parse(format.pattern), groups <= PrefixMatcher.maximumGroups,
            let plain = RewritePart.parse(format.format, literals: { _ in true }),
            RewritePart.highestGroup(plain) <= groups,
            let national = Self.joining(format.nationalPrefixFormattingRule, to: plain)
        else { return nil }
        var leadingDigits: PrefixMatcher?
        if let last = format.leadingDigitsPatterns.last {
            guard let matcher = PrefixMatcher(last, in: arena) else { return nil }
            leadingDigits = matcher
        }
        self.leadingDigits = leadingDigits
        self.pattern = PrefixMatcher(pattern, groupCount: groups, in: arena)
        self.national = UnsafeBufferPointer(start: arena.store(national), count: national.count)
        self.international = UnsafeBufferPointer(start: arena.store(plain), count: plain.count)
    }

    /// `FormatNsnUsingPatternWithCarrier`'s national step: the first `$n` of `format` replaced
    /// by `rule`, whose `$1` stands for that `$n`; `format` itself when the rule is empty or the
    /// format has no group reference; `nil` for a rule that refers to another group.
    private static func joining(_ rule: String, to format: [RewritePart]) -> [RewritePart]? {
        guard !rule.isEmpty, let first = format.firstIndex(where: { if case .group = $0 { true } else { false } })
        else { return format }
        guard let ruleParts = RewritePart.parse(rule, literals: { _ in true }) else { return nil }
        var joined = Array(format[..<first])
        for part in ruleParts {
            switch part {
            case .literal: joined.append(part)
            case .group(1): joined.append(format[first])
            case .group: return nil
            }
        }
        joined += format[(first + 1)...]
        return joined
    }

    /// `ChooseFormattingPatternForNumber`'s test and `FormatNsnUsingPattern`'s writing in one:
    /// when the leading digits start `digits` and the pattern matches all of them, writes them
    /// with `rewrite` into `output` from `start` (`GlobalReplace`: every leftmost match in turn
    /// replaced, the digits between matches kept) and returns where the text ends; `nil` when
    /// the format does not fit. `output` has room for ``writtenCapacity(_:_:)`` bytes past `start`
    /// (`rewrite.count` parts or more).
    func write(
        _ digits: UnsafeBufferPointer<UInt8>,
        _ rewrite: UnsafeBufferPointer<RewritePart>,
        into output: UnsafeMutableBufferPointer<UInt8>,
        from start: Int
    ) -> Int? {
        if let leadingDigits, leadingDigits.consumedLength(digits) == nil { return nil }
        return withUnsafeTemporaryAllocation(of: Int.self, capacity: pattern.captureSlots) { captures in
            // The common case in one run: the preferred match from the start takes every digit,
            // so it is the whole match and the only replacement.
            var end = pattern.match(digits, at: 0, toEnd: false, captures: captures)
            if end == digits.count { return Self.replace(digits, captures, rewrite, into: output, from: start) }
            guard pattern.match(digits, at: 0, toEnd: true, captures: captures) != nil else { return nil }
            var length = start
            var position = 0
            var from = 0
            while position < digits.count {
                end = nil
                from = position
                while from < digits.count {
                    end = pattern.match(digits, at: from, toEnd: false, captures: captures)
                    if end != nil { break }
                    from += 1
                }
                guard let matchEnd = end else { break }
                for index in position..<from { output[length + index - position] = digits[index] }
                length += from - position
                length = Self.replace(digits, captures, rewrite, into: output, from: length)
                // An empty match moves on by one digit, keeping it, as the libraries do.
                if matchEnd == from {
                    if from < digits.count {
                        output[length] = digits[from]
                        length += 1
                    }
                    position = from + 1
                } else {
                    position = matchEnd
                }
            }
            for index in position..<max(position, digits.count) {
                output[length] = digits[index]
                length += 1
            }
            return length
        }
    }

    /// The room ``write(_:_:into:from:)`` may need for `digits` digits and a rewrite of
    /// `parts` parts: every digit kept, and the rewrite's literals for each possible match.
    static func writtenCapacity(_ digits: Int, _ parts: Int) -> Int {
        digits + (digits + 1) * parts
    }

    /// `rewrite` with the captures of one match filled in, written at `start`; where it ends.
    private static func replace(
        _ digits: UnsafeBufferPointer<UInt8>,
        _ captures: UnsafeMutableBufferPointer<Int>,
        _ rewrite: UnsafeBufferPointer<RewritePart>,
        into output: UnsafeMutableBufferPointer<UInt8>,
        from start: Int
    ) -> Int {
        var length = start
        for part in rewrite {
            switch part {
            case .literal(let byte):
                output[length] = byte
                length += 1
            case .group(let group):
                let from = captures[2 * group]
                let to = captures[2 * group + 1]
                guard from >= 0, to >= from else { continue }
                for index in from..<to { output[length + index - from] = digits[index] }
                length += to - from
            }
        }
        return length
    }
}
