import KiiIdentity
import SignUpService
import Testing

/// The service's problem catalog: every kind is made from its name and parameters, says its
/// name, code, status, Kii's `errorCode` and words in both languages, and comes back by name.
@Suite struct ServiceProblemTests {
    /// A value for each parameter any problem takes.
    static let parameters = [
        "appID": "other", "path": "/nowhere", "method": "PATCH", "allowed": "GET,POST", "maximum": "65536",
        "accepted": "application/json", "retryAfter": "42", "name": "extra", "count": "2",
    ]

    @Test(arguments: ServiceProblem.Kind.allCases)
    func everyKindIsDeclaredWhole(kind: ServiceProblem.Kind) throws {
        let problem = try #require(kind.problem(Self.parameters))
        #expect(problem.kind == kind)
        #expect(problem.name == kind.rawValue)
        #expect(!problem.code.rawValue.isEmpty)
        #expect([400, 401, 403, 404, 405, 413, 415, 429, 500, 503].contains(problem.httpStatus))
        #expect(!problem.kiiErrorCode.isEmpty)
        for language in [ValidationError.Language.english, .japanese] {
            let reason = problem.phrase(in: language).reason
            #expect(!reason.isEmpty)
            // Every hole of the words names one of the problem's parameters.
            #expect(!reason.contains("{") && !reason.contains("}"), "\(kind) in \(language): \(reason)")
        }
        #expect(!problem.phrase(in: .japanese).particle.isEmpty)
        let byName = ServiceProblem(
            name: problem.name,
            parameters: Dictionary(uniqueKeysWithValues: problem.parameters.map { ($0.name, $0.value) })
        )
        #expect(byName == problem)
    }

    @Test func namesAreUniqueAndUnknownNamesAreNil() {
        let names = ServiceProblem.Kind.allCases.map(\.rawValue)
        #expect(Set(names).count == names.count)
        #expect(ServiceProblem(name: "noSuchProblem", parameters: [:]) == nil)
        #expect(ServiceProblem(name: "appNotFound", parameters: [:]) == nil)
        #expect(ServiceProblem(name: "tooManyAttempts", parameters: ["retryAfter": "soon"]) == nil)
    }

    @Test func wordsAndStatusAreTheCatalogs() {
        let problem = ServiceProblem.tooManyAttempts(retryAfter: 7)
        #expect(problem.httpStatus == 429)
        #expect(problem.kiiErrorCode == "TOO_MANY_REQUESTS")
        #expect(problem.code.rawValue == "too_many_attempts")
        #expect(problem.phrase(in: .english).reason == "has had too many failed attempts: try again in 7 seconds")
        #expect(problem.parameters.map(\.value) == ["7"])
    }
}
