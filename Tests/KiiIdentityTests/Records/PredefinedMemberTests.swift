import KiiIdentity
import Testing

/// ``PredefinedMember``: Kii's names of a user's predefined members, the fields they are
/// reported under, and the readers and writers that name them from the table.
@Suite struct PredefinedMemberTests {
    /// Kii's names, as its REST reference spells them, in the table's order.
    static let names = [
        "loginName", "emailAddress", "phoneNumber", "password", "displayName", "country", "locale", "userID",
        "internalUserID", "emailAddressVerified", "phoneNumberVerified",
    ]

    @Test func theTableHoldsKiisNames() {
        #expect(PredefinedMember.allCases.map(\.rawValue) == Self.names)
        #expect(PredefinedMember.allCases.map(\.description) == Self.names)
        #expect(UserFields.reservedNames == Set(Self.names))
    }

    @Test func eachMemberIsReportedUnderItsField() {
        let fields: [ValidationError.Field] = [
            .username, .emailAddress, .phoneNumber, .password, .displayName, .country, .locale, .userID,
            .internalUserID, .emailAddressVerified, .phoneNumberVerified,
        ]
        #expect(PredefinedMember.allCases.map(\.field) == fields)
    }

    @Test func theIdentifiersAreTheLoginKinds() {
        #expect(
            PredefinedMember.allCases.map(\.loginKind) == [.username, .email, .phone] + Array(repeating: nil, count: 8)
        )
        for kind in LoginKind.allCases {
            #expect(PredefinedMember.allCases.first { $0.loginKind == kind }?.field == kind.field)
        }
    }

    @Test func onlyTheServersMembersAreSetByTheServer() {
        #expect(
            PredefinedMember.allCases.filter(\.isSetByServer).map(\.rawValue) == [
                "userID", "internalUserID", "emailAddressVerified", "phoneNumberVerified",
            ]
        )
    }

    /// A record written with every member it holds reads back the same: the writer and the
    /// reader name the members alike.
    @Test func aRecordsMembersAreWrittenAndReadByTheirNames() throws {
        let json: [String: JSONValue] = [
            "loginName": "ann_1", "emailAddress": "ann@example.com", "phoneNumber": "+819012345678",
            "displayName": "Ann", "country": "JP", "locale": "ja", "note": "custom",
        ]
        let record = try UserRecord(json: json)
        #expect(record.json == json)
        #expect(record.custom == ["note": "custom"])
        #expect(UserRecord.membersVisibleToOthers == ["loginName", "displayName"])
    }

    @Test(arguments: ["userID", "internalUserID", "emailAddressVerified", "phoneNumberVerified"])
    func aServerMemberInABodyIsAReservedCustomName(_ name: String) {
        var body: [String: JSONValue] = ["loginName": "ann_1", "password": "pw123456"]
        body[name] = "x"
        do {
            _ = try Registration(json: body)
            Issue.record("expected an error")
        } catch {
            #expect(error.problems.map(\.code) == [.reservedName])
            #expect(error.field == .customFields)
        }
    }
}
