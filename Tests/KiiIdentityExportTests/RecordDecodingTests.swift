import KiiIdentity
import KiiIdentityExport
import Testing

/// ``JSONLineDecoder/decodeRecord(from:)`` and ``RecordCheck``: the library twin of the tool's
/// `register` JSON shape tests.
@Suite struct RecordDecodingTests {
    static let decoder = JSONLineDecoder()

    /// Lines in the shapes an export has (escapes, nested custom objects, nulls, white space):
    /// one reader, the library's strict one, reads them all.
    static let lines = [
        #"{"username": "esc\u0041pe", "password": "Passw0rd!"}"#,
        #"{"username":"Brace_Fan","password":"Pa\\ss\/w0rd","custom":{"a":"}{","b":[1,{"c":"]"}]}}"#,
        #"{"nickname": null, "username": "nulls", "email": null, "password": "Passw0rd!"}"#,
        " \t" + #"{ "username" : "Spaces" , "password" : "Passw0rd!", "pseudo": false }"# + " \t",
    ]

    @Test(arguments: zip(lines, ["escApe", "Brace_Fan", "nulls", "Spaces"]))
    func linesAreRead(line: String, username: String) throws {
        let record = try Self.decoder.decodeRecord(from: Array(line.utf8)).get()
        #expect(record.username == username)
        #expect(record.password == (username == "Brace_Fan" ? #"Pa\ss/w0rd"# : "Passw0rd!"))
        #expect(record.inputProblems.isEmpty)
    }

    @Test func membersAreRead() throws {
        let record = try Self.decoder.decodeRecord(from: Array(Self.lines[1].utf8)).get()
        #expect(record.username == "Brace_Fan")
        #expect(record.password == #"Pa\ss/w0rd"#)
        #expect(record.custom?["a"] == .string("}{"))
        #expect(try Self.decoder.decodeRecord(from: Array(Self.lines[0].utf8)).get().username == "escApe")
    }

    /// (line, the one problem's detail).
    static let unreadable: [(String, ValidationError.JSONDetail)] = [
        (#"{"username": "trail"} x"#, .jsonSyntax(.textAfterValue, column: 23)),
        (#"{"username": "trail",}"#, .jsonSyntax(.trailingComma, column: 22)),
        (#"{"username": "a", "username": "b"}"#, .duplicateMember(name: "username", column: 19)),
        ("[1, 2]", .notAnObject),
        ("", .jsonSyntax(.noValue, column: 1)),
    ]

    @Test(arguments: unreadable)
    func unreadableLinesHaveOneProblem(line: String, detail: ValidationError.JSONDetail) {
        let result = Self.decoder.decodeRecord(from: Array(line.utf8))
        #expect(result == .failure(ValidationError(.line, detail)))
    }

    @Test func invalidUTF8IsAProblemOfTheLine() {
        let result = Self.decoder.decodeRecord(from: [0x7B, 0x22, 0xC3, 0x28, 0x22, 0x7D])
        #expect(result == .failure(ValidationError(.line, .jsonInvalidUTF8(column: 3))))
    }

    @Test func wrongTypesAndUnknownMembersAreInputProblems() throws {
        let line = #"{"username": 7, "pseudo": "yes", "custom": [1], "nickname": "n"}"#
        let record = try Self.decoder.decodeRecord(from: Array(line.utf8)).get()
        #expect(
            record.inputProblems.map { "\($0.field.rawValue) \($0.code.rawValue)" }
                == ["custom wrong_type", "nickname unknown_field", "pseudo wrong_type", "loginName not_a_string"]
        )
        let check = RecordCheck(record, policy: RegistrationPolicy())
        #expect(!check.isValid && check.keys == nil && check.body == nil)
        #expect(!check.problems.contains { $0.code == .noIdentifier })  // the username was given, as a number
    }

    @Test func aValidRecordHasKeysAndABodyWithoutThePassword() throws {
        var record = ExportRecord()
        record.username = "Ann_Lee"
        record.phone = "JP-9012345678"
        record.password = "Secret-pass-1"
        let check = RecordCheck(record, policy: RegistrationPolicy())
        #expect(check.isValid)
        #expect(check.keys?.username == "ann_lee" && check.keys?.email == nil && check.keys?.phone == "+819012345678")
        #expect(check.loginKinds == [.username, .phone])
        #expect(check.body == ["loginName": .string("ann_lee"), "phoneNumber": .string("+819012345678")])
    }
}

/// The members of an export record: the library's predefined members under the export's names.
@Suite struct ExportRecordMemberTests {
    @Test func theMembersAreTheDocumentedOnesInTheirOrder() {
        #expect(
            ExportRecord.memberNames == [
                "username", "email", "phone", "country", "password", "displayName", "locale", "custom", "pseudo",
            ]
        )
    }

    @Test func eachMembersProblemsAreReportedUnderKiisField() {
        let fields = ExportRecord.memberNames.map { ExportRecord.field(forMember: $0).rawValue }
        #expect(
            fields == [
                "loginName", "emailAddress", "phoneNumber", "country", "password", "displayName", "locale", "custom",
                "pseudo",
            ]
        )
        #expect(ExportRecord.field(forMember: "loginName") == ValidationError.Field(rawValue: "loginName"))
        #expect(ExportRecord.field(forMember: "nickname") == ValidationError.Field(rawValue: "nickname"))
    }

    @Test func kiisNamesOfTheIdentifiersAreNotExportMembers() throws {
        let line = #"{"loginName": "ann_1", "emailAddress": "a@example.com", "phoneNumber": "+819012345678"}"#
        let record = try JSONLineDecoder().decodeRecord(from: Array(line.utf8)).get()
        #expect(record.username == nil && record.email == nil && record.phone == nil)
        #expect(
            record.inputProblems.map { "\($0.field.rawValue) \($0.code.rawValue)" }
                == ["emailAddress unknown_field", "loginName unknown_field", "phoneNumber unknown_field"]
        )
    }
}
