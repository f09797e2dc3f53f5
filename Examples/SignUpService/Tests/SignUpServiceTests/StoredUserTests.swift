import KiiIdentity
import Testing

@testable import SignUpService

/// A `record` column read back as the library wrote it, and refused when it is anything else.
@Suite struct StoredUserTests {
    @Test func aRecordColumnReadsBackEqual() throws {
        let record = try Registration(
            identity: IdentityData(username: "User_1", email: "Ann@Example.COM", phone: "09012345678"),
            password: "Zq9#unique-Secret!42",
            fields: UserFields(displayName: "Ann", country: "JP", locale: "en-us", custom: ["age": 30])
        ).record
        let text = StoredUser.text(of: record)
        let read = try StoredUser.record(fromStoredText: text)
        #expect(read == record)
        #expect(StoredUser.text(of: read) == text)
        #expect(read.phone?.region.rawValue == "JP")
    }

    @Test(arguments: [
        #"{"loginName":"User_1"}"#, #"{"phoneNumber":"JP-9012345678"}"#, #"{"loginName":"ann","password":"x"}"#, "{",
    ])
    func aColumnTheLibraryDidNotWriteIsCorrupt(_ text: String) {
        #expect(throws: CorruptRecord.self) { try StoredUser.record(fromStoredText: text) }
    }
}
