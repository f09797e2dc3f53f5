/// libphonenumber's `MaybeStripNationalPrefixAndCarrierCode`: the national prefix for parsing,
/// consumed at the start of the number, with its transform rule (AR's `0?(?:(11|...)15)?` to
/// `9$1`, MX, BR, ...), kept only when the general pattern still matches what remains (if it
/// matched before).
extension CompiledTerritory {
    /// The number with this territory's national prefix (and carrier code) removed, or the
    /// number itself when nothing applies.
    @inline(__always)
    func strippingNationalPrefix(_ number: DigitString) -> DigitString {
        guard let prefix = nationalPrefixForParsing, number.count > 0 else { return number }
        return number.withDigits { digits in
            guard Self.mayStart(nationalPrefixStarts, digits) else { return number }
            // Whether the number matched before, asked only once a prefix did match.
            func viable() -> Bool { matchesGeneralPattern(digits) }
            if !transformRule.isEmpty, let match = prefix.consume(digits) {
                // libphonenumber asks for two groups (carrier code, captured part), else one; a
                // request for more groups than the pattern has fails, as it does in ICU.
                let captured: Range<Int>? =
                    switch prefix.groupCount {
                    case 0: nil
                    case 1: match.group(1)
                    default: match.group(2)
                    }
                if let captured, !captured.isEmpty {
                    guard let transformed = transform(digits, match) else { return number }
                    return transformed.withDigits { transformedDigits in
                        !matchesGeneralPattern(transformedDigits) && viable() ? number : transformed
                    }
                }
            }
            guard let length = prefix.consumedLength(digits) else { return number }
            let rest = number.dropping(length)
            return rest.withDigits { restDigits in
                !matchesGeneralPattern(restDigits) && viable() ? number : rest
            }
        }
    }

    /// The transform rule applied to the match: the rule with its `$n` filled in, then the
    /// digits after the match (ICU's `replaceFirst`).
    private func transform(_ digits: UnsafeBufferPointer<UInt8>, _ match: PrefixMatcher.Match) -> DigitString? {
        var replacement = DigitString()
        for part in transformRule {
            switch part {
            case .literal(var literal):
                guard withUnsafePointer(to: &literal, { replacement.append(UnsafeBufferPointer(start: $0, count: 1)) })
                else { return nil }
            case .group(let group):
                guard let range = match.group(group) else { continue }
                guard replacement.append(UnsafeBufferPointer(rebasing: digits[range])) else { return nil }
            }
        }
        return DigitString(digits)?.replacingPrefix(match.length, with: replacement)
    }
}
