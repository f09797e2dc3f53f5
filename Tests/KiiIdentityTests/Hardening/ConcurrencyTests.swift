import KiiIdentity
import Testing

/// Many tasks validating at once get exactly the answers one thread gets (run it under
/// ThreadSanitizer with `make sanitize`).
@Suite struct ConcurrencyTests {
    static let taskCount = 8
    static let totalValidations = 100_000

    /// A mix of every entry point, valid and invalid, phone numbers included.
    static let inputs: [(kind: Int, text: String)] = {
        let texts = [
            "User_1", "user_1", "a b", "ab", "alice@example.com", "Alice@EXAMPLE.co.jp", "a..b@example.com",
            "correct horse", "pass\u{0}", "山田 太郎", "JP", "jp", "XX", "en-US", "EN-us", "en--US", "zh-Hant-TW",
            "+819012345678", "+14155552671", "+447911123456", "+8109012345678", "+81312345678", "+80012345678",
            "09012345678", "9012345678", "0312345678", "JP-09012345678", "US-4155552671", "JP-1", "XX-123",
            "＋８１ ９０-１２３４-５６７８", "+1 (415) 555-2671 ext 1", "tel:+14155552671", "1-800-FLOWERS",
            "", "@", "+", "123", String(repeating: "z", count: 70),
        ]
        return (0..<9).flatMap { kind in texts.map { (kind, $0) } }
    }()

    /// What one validation gives: the normalised value or the problem codes.
    static func outcome(_ index: Int) -> String {
        let (kind, text) = inputs[index % inputs.count]
        func attempt(_ body: () throws -> String) -> String {
            do {
                return "ok " + (try body())
            } catch {
                let codes = (error as? ValidationError)?.problems.map(\.code.rawValue) ?? ["not a ValidationError"]
                return "error " + codes.joined(separator: ",")
            }
        }
        switch kind {
        case 0: return attempt { try Username(text).normalized }
        case 1: return attempt { try EmailAddress(text).normalized }
        case 2: return attempt { try Password(text).description }
        case 3: return attempt { try "\(DisplayName(text).normalized) \(CountryCode(text).normalized)" }
        case 4: return attempt { try LocaleTag(text).normalized }
        case 5: return attempt { try PhoneNumber(international: text).e164 }
        case 6: return attempt { try PhoneNumber(local: text, country: "JP").restForm }
        case 7: return attempt { try PhoneNumber(rest: text).internationalFormat }
        default:
            return attempt {
                let typed = try PhoneNumber(userInput: text, country: "US")
                return "\(typed.e164) \(typed.type) \(try LoginIdentifier(text, country: "JP").qualified)"
            }
        }
    }

    @Test("8 concurrent tasks, 100k validations, the same answers as sequentially")
    func concurrentEqualsSequential() async {
        let sequential = (0..<Self.inputs.count).map(Self.outcome)
        let perTask = Self.totalValidations / Self.taskCount
        let mismatches = await withTaskGroup(of: Int.self) { group in
            for task in 0..<Self.taskCount {
                group.addTask {
                    var mismatches = 0
                    for step in 0..<perTask {
                        // Each task walks the inputs from its own offset, so tasks collide on every input.
                        let index = (step * 7 + task * 13) % Self.inputs.count
                        if Self.outcome(index) != sequential[index] { mismatches += 1 }
                    }
                    return mismatches
                }
            }
            return await group.reduce(0, +)
        }
        #expect(mismatches == 0)
        #expect(perTask * Self.taskCount == Self.totalValidations)
    }

    @Test("the mix has valid and invalid values of every kind")
    func mixIsMixed() {
        let outcomes = (0..<Self.inputs.count).map(Self.outcome)
        for kind in 0..<9 {
            let ofKind = outcomes.indices.filter { Self.inputs[$0].kind == kind }.map { outcomes[$0] }
            #expect(ofKind.contains { $0.hasPrefix("ok ") }, "kind \(kind) has no valid input")
            #expect(ofKind.contains { $0.hasPrefix("error ") }, "kind \(kind) has no invalid input")
        }
        #expect(outcomes.contains("ok +819012345678"))
        #expect(outcomes.contains("ok JP-9012345678"))
        #expect(outcomes.contains("ok <redacted>"))
    }
}
