import Testing

@testable import KiiIdentity

/// The literals an error body writes for the library's own fields against the fields' raw
/// values: a case whose literal drifted from its field would write another name.
@Suite("Known fields: literals against the fields' raw values")
struct KnownFieldTests {
    @Test("every known field is found from its field, and its literal is the field's raw value")
    func literalsMatch() {
        for known in KnownField.allCases {
            #expect(KnownField(known.field) == known)
            #expect(String(describing: known.name) == known.field.rawValue)
            // Plain ASCII with nothing to escape, as the body writes it.
            #expect(Self.isPlain(String(describing: known.name)))
            #expect(Self.isPlain(String(describing: known.englishLabel)))
        }
        #expect(Set(KnownField.allCases.map { String(describing: $0.name) }).count == KnownField.allCases.count)
    }

    /// Printable ASCII but `"` and `\`.
    static func isPlain(_ text: String) -> Bool {
        text.utf8.allSatisfy { $0 >= 0x20 && $0 < 0x7F && $0 != UInt8(ascii: "\"") && $0 != UInt8(ascii: "\\") }
    }

    @Test("other names, those of the same lengths included, are not known")
    func othersAreNotKnown() {
        for name in ["nickname", "user1", "jsons", "lines", "a\"b", "", "loginname", "emailaddress", "Country"] {
            #expect(KnownField(ValidationError.Field(rawValue: name)) == nil, "\(name)")
        }
    }

    @Test("an error body writes a custom field's name escaped and a known one as it is")
    func bodyNames() throws {
        let error = ValidationError([
            ValidationError.Problem(field: .username, .missing),
            ValidationError.Problem(field: ValidationError.Field(rawValue: "nick\"name"), .missing),
        ])
        var bytes: [UInt8] = []
        error.appendJSONProblems(to: &bytes)
        let body = String(decoding: bytes, as: UTF8.self)
        #expect(body.hasPrefix(#"[{"field":"loginName","code":"missing","reason":"#))
        #expect(body.contains(#"{"field":"nick\"name","code":"missing","reason":"#))
        #expect(body.contains(#""message":"username "#))
        #expect(body.contains(#""message":"nick\"name "#))
    }
}
