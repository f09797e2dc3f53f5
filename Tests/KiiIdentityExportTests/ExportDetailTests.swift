import Foundation
import KiiIdentity
import KiiIdentityExport
import KiiIdentityFuzzChecks
import Testing

@Suite("The export reader's problems: every case worded in both languages, encoded and decoded")
struct ExportDetailTests {
    static let samples: [ValidationError.ExportDetail] = [
        .invalidUTF8, .wrongType(expected: .object, found: .array), .wrongType(expected: .boolean, found: .string),
        .wrongType(expected: .boolean, found: nil), .wrongType(expected: .object, found: nil), .notRecordMember,
        .unknownColumn(column: 3), .repeatedColumn(name: "email", column: 4), .lineTooLong(maximumBytes: 1_048_576),
        .textAfterClosingQuote(column: 2), .quoteInUnquotedField(column: 2), .unclosedQuote,
        .columnCount(fields: 3, headerFields: 4), .memberNotAString(member: "field"),
        .unexpectedMember(allowed: ["field", "value", "country"]),
        .memberNotOneOf(member: "field", allowed: ["username", "email"]), .memberMissing(member: "value"),
    ]

    @Test("every case has a sample, a reason in every language, and a name no other detail has")
    func everyCase() {
        let faults = DetailCatalogAudit.faults(
            of: ValidationError.detailTypes + [ValidationError.ExportDetail.self],
            caseCount: EnumCases.count
        )
        #expect(faults.isEmpty, "\(faults.joined(separator: "\n"))")
        for detail in Self.samples {
            let english = detail.phrase(in: .english).reason
            let japanese = detail.phrase(in: .japanese).reason
            #expect(!english.isEmpty)
            #expect(japanese.unicodeScalars.contains { $0.value > 0x3000 }, "\(detail): \(japanese)")
            for type in ValidationError.detailTypes {
                #expect(type.init(name: detail.name, parameters: [:]) == nil, "\(detail.name) is also \(type)'s")
            }
        }
    }

    @Test("a problem decodes to its export detail when the decoder lists the type, else to its reason")
    func coding() throws {
        let decoder = JSONDecoder()
        decoder.userInfo[ValidationError.detailTypesKey] = [ValidationError.ExportDetail.self]
        for detail in Self.samples {
            let problem = ValidationError.Problem(field: .line, detail)
            let data = try JSONEncoder().encode(problem)
            let decoded = try decoder.decode(ValidationError.Problem.self, from: data)
            #expect(decoded == problem, "\(String(decoding: data, as: UTF8.self))")
            #expect(decoded.message(in: .japanese) == problem.message(in: .japanese))
            let plain = try JSONDecoder().decode(ValidationError.Problem.self, from: data)
            #expect(plain.detail is ValidationError.CustomDetail)
            #expect(plain.message == problem.message)
            #expect(plain.code == problem.code)
        }
    }
}
