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

    /// `ChooseFormattingPatternForNumber`'s test: the leading digits start the number and the
    /// pattern matches all of it.
    func fits(_ digits: UnsafeBufferPointer<UInt8>) -> Bool {
        if let leadingDigits, leadingDigits.consumedLength(digits) == nil { return false }
        return withUnsafeTemporaryAllocation(of: Int.self, capacity: pattern.captureSlots) { captures in
            pattern.match(digits, at: 0, toEnd: true, captures: captures) != nil
        }
    }

    /// `GlobalReplace` of the pattern by `rewrite` in `digits`, appended to `output`: every
    /// leftmost match, in turn, replaced; the digits between matches kept.
    func write(
        _ digits: UnsafeBufferPointer<UInt8>,
        _ rewrite: UnsafeBufferPointer<RewritePart>,
        into output: inout [UInt8]
    ) {
        withUnsafeTemporaryAllocation(of: Int.self, capacity: pattern.captureSlots) { captures in
            var position = 0
            while position < digits.count {
                var start = position
                var end: Int?
                while start < digits.count {
                    end = pattern.match(digits, at: start, toEnd: false, captures: captures)
                    if end != nil { break }
                    start += 1
                }
                guard let end else { break }
                output.append(contentsOf: digits[position..<start])
                for part in rewrite {
                    switch part {
                    case .literal(let byte):
                        output.append(byte)
                    case .group(let group):
                        let from = captures[2 * group]
                        let to = captures[2 * group + 1]
                        if from >= 0, to >= from { output.append(contentsOf: digits[from..<to]) }
                    }
                }
                // An empty match moves on by one digit, keeping it, as the libraries do.
                if end == start {
                    if start < digits.count { output.append(digits[start]) }
                    position = start + 1
                } else {
                    position = end
                }
            }
            if position < digits.count { output.append(contentsOf: digits[position...]) }
        }
    }
}
