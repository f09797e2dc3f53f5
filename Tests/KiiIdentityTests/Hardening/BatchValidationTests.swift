import KiiIdentity
import Testing

@Suite("BatchValidation")
struct BatchValidationTests {
    /// Usernames whose validity is known from their construction: index multiples of 5 are
    /// one character long (too short), the rest are `user<index>`.
    static func usernames(_ count: Int) -> [String] {
        (0..<count).map { $0 % 5 == 0 ? "u" : "user\($0)" }
    }

    @Test(
        "map keeps input order for any size and worker count",
        arguments: [0, 1, 2, 63, 64, 65, 1000, 4099],
        [nil, 1, 2, 3, 8] as [Int?]
    )
    func mapKeepsOrder(count: Int, workers: Int?) {
        let input = Array(0..<count)
        let output = BatchValidation.map(input, workers: workers) { $0 * 3 + 1 }
        #expect(output.count == count)
        #expect(output == input.map { $0 * 3 + 1 })
    }

    @Test("isValid agrees with the field's own isValid", arguments: [nil, 1, 2] as [Int?])
    func isValidAgrees(workers: Int?) {
        let values = Self.usernames(500)
        let verdicts = BatchValidation.isValid(values, as: Username.self, workers: workers)
        #expect(verdicts.count == 500)
        for (index, verdict) in verdicts.enumerated() {
            #expect(verdict == (index % 5 != 0), "index \(index)")
        }
    }

    @Test("validate returns values and errors in input order", arguments: [nil, 1, 2] as [Int?])
    func validateReturnsResults(workers: Int?) throws {
        let values = Self.usernames(300)
        let results = BatchValidation.validate(values, as: Username.self, workers: workers)
        #expect(results.count == 300)
        for (index, result) in results.enumerated() {
            switch result {
            case .success(let username):
                #expect(index % 5 != 0)
                #expect(username.normalized == "user\(index)")
            case .failure(let error):
                #expect(index % 5 == 0)
                #expect(error.code == .tooShort)
                #expect(error.field == .username)
            }
        }
    }

    @Test("validate of email addresses reports each value's own problem")
    func validateEmails() throws {
        let results = BatchValidation.validate(
            ["a@example.com", "no-at-sign", "b@@example.org", "B@Example.ORG"],
            as: EmailAddress.self,
            workers: 2
        )
        #expect(try results[0].get().normalized == "a@example.com")
        #expect(throws: ValidationError.self) { try results[1].get() }
        if case .failure(let error) = results[1] { #expect(error.code == .missingAt) }
        if case .failure(let error) = results[2] { #expect(error.code == .multipleAt) }
        #expect(try results[3].get().normalized == "B@example.org")
    }

    @Test("an empty batch gives an empty result")
    func emptyBatch() {
        #expect(BatchValidation.isValid([], as: Password.self).isEmpty)
        #expect(BatchValidation.validate([], as: Password.self, workers: 2).isEmpty)
    }
}
