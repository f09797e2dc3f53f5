import Testing

@testable import KiiIdentity

/// The pattern dialect of libphonenumber's metadata as the engine reads it, against what a
/// Perl-style regular expression (ICU, libphonenumber's) does with the same pattern.
@Suite struct PhonePatternTests {
    @Test(arguments: [
        ("[2-9]\\d{2}(?:\\d{4})?", "2345678", true),
        ("[2-9]\\d{2}(?:\\d{4})?", "234567", false),
        ("[2-9]\\d{2}(?:\\d{4})?", "234", true),
        ("[2-9]\\d{2}(?:\\d{4})?", "1234567", false),
        ("(?:1[0-2]|9)\\d{3,4}", "90123", true),
        ("(?:1[0-2]|9)\\d{3,4}", "1312345", false),
        ("(?:1[0-2]|9)\\d{3,4}", "12123456", false),
        ("[13-5]\\d?", "4", true),
        ("[13-5]\\d?", "2", false),
        ("", "", true),
    ])
    func fullMatch(pattern: String, digits: String, expected: Bool) {
        #expect(PatternProbe.fullMatch(pattern, digits) == expected)
    }

    /// Consumed length and captures: the first alternative that leads to a match wins, and
    /// repetitions are greedy, as in ICU's `lookingAt`.
    @Test func consumePrefersTheFirstAlternative() throws {
        #expect(try #require(PatternProbe.consume("0|00", "0012")).length == 1)
        #expect(try #require(PatternProbe.consume("00|0", "0012")).length == 2)
        #expect(try #require(PatternProbe.consume("00|011", "0119")).length == 3)
        #expect(PatternProbe.consume("00|011", "0129") == nil)
    }

    @Test func consumeCapturesGroups() throws {
        let carrier = try #require(PatternProbe.consume("0?(?:(11)15)?", "011151234"))
        #expect(carrier.length == 5)
        #expect(carrier.groups == ["11"])
        let plain = try #require(PatternProbe.consume("0?(?:(11)15)?", "0221234"))
        #expect(plain.length == 1)
        #expect(plain.groups == [nil])
        let optional = try #require(PatternProbe.consume("(\\d{2})?5", "125"))
        #expect(optional.length == 3)
        #expect(optional.groups == ["12"])
        #expect(try #require(PatternProbe.consume("(\\d{2})?5", "5")).groups == [nil])
        #expect(try #require(PatternProbe.consume("1|([2-5]\\d{2})$", "234")).groups == ["234"])
        #expect(PatternProbe.consume("([2-5]\\d{2})$", "2345") == nil)
    }

    /// Constructs outside the metadata's dialect are refused, never guessed.
    @Test(arguments: ["1*", "\\d+", "(?=1)", "\\w", "[^0]", "a", "1{2,}", "(1", "[3-1]", "1??"])
    func refusesOtherConstructs(pattern: String) {
        #expect(PatternProbe.fullMatch(pattern, "1") == nil)
        #expect(PatternProbe.consume(pattern, "1") == nil)
    }
}

/// The engine's pattern matching on one pattern, read through its internals.
enum PatternProbe {
    /// `pattern` matched at the start of `digits` as the engine matches prefixes: the length
    /// consumed and each group's capture; `nil` when it does not match or does not parse.
    static func consume(_ pattern: String, _ digits: String) -> (length: Int, groups: [String?])? {
        let arena = TableArena()
        guard let matcher = PrefixMatcher(pattern, in: arena) else { return nil }
        return withExtendedLifetime(arena) {
            digits.withUTF8Bytes { bytes in
                matcher.consume(bytes).map { match in
                    (
                        match.length,
                        (1...max(matcher.groupCount, 1)).prefix(matcher.groupCount).map {
                            match.group($0).map { String(decoding: bytes[$0], as: UTF8.self) }
                        }
                    )
                }
            }
        }
    }

    /// Whether `pattern`'s automaton accepts all of `digits`; `nil` when it does not compile.
    static func fullMatch(_ pattern: String, _ digits: String) -> Bool? {
        let arena = TableArena()
        guard let (parsed, _) = DigitPattern.parse(pattern), let automaton = DigitAutomaton([(parsed, 1)], in: arena)
        else { return nil }
        return withExtendedLifetime(arena) { digits.withUTF8Bytes { automaton.labels(fullMatching: $0) != 0 } }
    }
}
