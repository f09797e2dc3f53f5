import KiiIdentity
import KiiIdentityFuzzChecks
import Testing

@Suite("Detail catalogs: every case declared once, with its name, code, parameters and words")
struct DetailCatalogTests {
    @Test("every name of every detail type is made, declared, read back and worded in both languages")
    func everyCase() {
        let faults = DetailCatalogAudit.faults(of: ValidationError.detailTypes, caseCount: EnumCases.count)
        #expect(faults.isEmpty, "\(faults.joined(separator: "\n"))")
    }

    @Test("the audit counts an enum's cases and finds a catalog's faults")
    func auditFindsFaults() {
        #expect(EnumCases.count(of: PhoneNumberType.self) == PhoneNumberType.allCases.count)
        #expect(EnumCases.count(of: Flawed.self) == 3)
        #expect(EnumCases.count(of: Int.self) == nil)
        let faults = DetailCatalogAudit.faults(
            of: [Flawed.self, ValidationError.CustomDetail.self],
            caseCount: EnumCases.count
        )
        #expect(faults.contains("Flawed has 3 cases and 2 names"))
        #expect(faults.contains { $0.hasPrefix("Flawed.alike (sample 0): declared as taken") })
        #expect(faults.contains { $0.hasPrefix("Flawed.taken (sample 0): '7001' (count) not in both reasons") })
        #expect(faults.contains { $0.hasPrefix("Flawed.taken (sample 0): no Japanese particle and reason") })
        #expect(faults.contains("CustomDetail does not declare its cases (DeclaredDetail)"))
        #expect(
            DetailCatalogAudit.faults(of: [Flawed.self, Flawed.self], caseCount: EnumCases.count)
                .contains("Flawed.taken: Flawed has this name too")
        )
    }

    /// A catalog with a case without a name of its own, a name declared by another case, and
    /// a count its words do not show.
    enum Flawed: DeclaredDetail {
        case taken(count: Int)
        case alike
        case unnamed

        enum Name: String, CaseIterable {
            case taken, alike
        }

        func declare<Declaration: DetailDeclaration<Self>>(to declaration: Declaration) -> Declaration.Result {
            switch self {
            case .taken(let count):
                declaration.problem(
                    .taken,
                    code: .alreadyTaken,
                    parameters: [("count", count)],
                    english: "is taken",
                    japanese: ("", "taken")
                )
            case .alike, .unnamed:
                declaration.problem(.taken, code: .alreadyTaken, english: "is alike", japanese: ("は", "同じです"))
            }
        }

        static func make(_ name: Name, from parameters: some DetailParameterSource) -> Self? {
            switch name {
            case .taken: parameters.make(Self.taken, "count")
            case .alike: .alike
            }
        }
    }
}
