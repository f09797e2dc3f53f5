import Foundation
import KiiIdentity
import PropertyBased
import Testing

/// Random updates of random users (x-sheep/swift-property-based): an update is either accepted,
/// and then its body and removals turn the stored record into the updated one, or refused with
/// the problems its rules promise. About one update in nine is accepted, so both sides are
/// exercised (about 110 accepted and 890 refused of 1,000).
@Suite struct RecordsUserUpdatePropertyTests {
    static let storedUsers: [[String: JSONValue]] = [
        [
            "loginName": "user_1", "emailAddress": "ann@example.com", "phoneNumber": "+14155552671",
            "displayName": "Ann", "country": "US", "locale": "en-US", "HighScore": 12000, "app_flag": true,
        ],
        ["loginName": "user_1"],
        ["emailAddress": "ann@example.com", "country": "JP"],
        ["displayName": "Guest", "HighScore": 1],
        [:],
    ]

    /// One of `values`, `nil` included.
    static func pick(_ values: [String?]) -> Generator<String?, Shrink.None<String??>> {
        Gen<String??>.element(of: values).map { $0! }
    }

    static let identities = zip(
        pick([nil, nil, nil, nil, nil, nil, "user_1", "USER_1", "user_2", "ab"]),
        pick([nil, nil, nil, nil, "ann@example.com", "New@Example.COM", "x"]),
        pick([nil, nil, nil, nil, nil, nil, "+819012345678", "09012345678", "4155552671", "JP-9012345678"])
    )
    .map { IdentityData(username: $0, email: $1, phone: $2) }

    static let customFields = zip(
        Gen<String?>.element(of: ["HighScore", "app_flag", "level", "HighScore", "level", "_x", "userID", ""])
            .map { $0! },
        Gen<JSONValue?>.element(of: [0, 12000, true, .null, "n", ["a"]]).map { $0! }
    )
    .array(of: 0...2)
    .map { Dictionary($0, uniquingKeysWith: { first, _ in first }) }

    static let fields = zip(
        pick([nil, nil, nil, "Ann", "Player 1", ""]),
        pick([nil, nil, nil, "JP", "US", "jp"]),
        pick([nil, nil, nil, "en-US", "ja", "en_US"]),
        customFields
    )
    .map { UserFields(displayName: $0, country: $1, locale: $2, custom: $3) }

    /// Mostly removable members, sometimes one that is not.
    static let removals = Gen<String?>.element(of: [
        "app_flag", "HighScore", "level", "displayName", "country", "locale", "app_flag", "level", "loginName",
        "emailAddress", "userID",
    ])
    .map { $0! }
    .set(ofAtMost: 0...2)

    static let stored = Gen<Int>.int(in: 0...(storedUsers.count - 1))

    @Test func anUpdateIsAppliedExactlyOrRefusedWithItsRulesProblems() async {
        await propertyCheck(
            count: 1000,
            input: Self.stored,
            Self.identities,
            Self.fields,
            zip(Self.removals, Gen.bool)
        ) { index, identity, fields, removalsAndPolicy in
            let (removing, verification) = removalsAndPolicy
            let user = try UserRecord(json: Self.storedUsers[index])
            let policy = RegistrationPolicy(emailVerification: verification, phoneVerification: verification)
            do {
                let update = try UserUpdate(
                    of: user,
                    identity: identity,
                    fields: fields,
                    removing: removing,
                    policy: policy
                )
                // The body and the removals turn the stored record into the updated one.
                var applied = user.json
                for name in update.removedMembers { applied[name] = nil }
                applied.merge(update.body) { _, new in new }
                #expect(applied == update.updated.json)
                #expect(Set(update.body.keys).isDisjoint(with: update.removedMembers))
                #expect(Set(update.removedMembers).isSubset(of: removing))
                // Identifiers: the username kept, none removed, a pseudo user still one.
                #expect(user.username == nil || update.updated.username == user.username)
                #expect(user.email == nil || update.updated.email != nil)
                #expect(user.phone == nil || update.updated.phone != nil)
                #expect(!user.isPseudoUser || update.updated.isPseudoUser)
                #expect(update.uniquenessKeys.all.map(\.kind) == update.changedKinds)
                #expect(
                    update.awaitingVerification == (verification ? update.changedKinds.filter { $0 != .username } : [])
                )
                let data = try JSONEncoder().encode(update)
                #expect(try JSONDecoder().decode(UserUpdate.self, from: data) == update)
            } catch let error as ValidationError {
                #expect(!error.problems.isEmpty)
                #expect(error.contains(.pseudoUserMustUpgrade) == (user.isPseudoUser && !identity.isEmpty))
                if removing.contains("loginName") { #expect(error.contains(.immutable)) }
                if removing.contains("emailAddress") || removing.contains("userID") {
                    #expect(error.contains(.notRemovable))
                }
                if !removing.isDisjoint(with: fields.custom.keys) { #expect(error.contains(.setAndRemoved)) }
            }
        }
    }
}
