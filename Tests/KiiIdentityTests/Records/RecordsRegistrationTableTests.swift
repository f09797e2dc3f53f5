import KiiIdentity
import Testing

/// Kii's registration table, written out row by row from the documentation (not from the code):
/// 7 combinations of identifiers x 4 verification settings.
@Suite struct RecordsRegistrationTableTests {
    enum Expected: Sendable, CustomStringConvertible {
        /// Allowed: login kinds, kinds awaiting verification, emailAddressVerified, phoneNumberVerified.
        case allowed(login: String, awaiting: String, emailVerified: Bool?, phoneVerified: Bool?)
        /// Refused with verification_conflict; the reason says which verification must be off.
        case refused(turnOff: String)

        var description: String {
            switch self {
            case .allowed(let login, let awaiting, _, _): "allowed(\(login), awaiting \(awaiting))"
            case .refused(let turnOff): "refused(\(turnOff))"
            }
        }
    }

    struct Row: Sendable, CustomStringConvertible {
        let identifiers: String  // U = username, E = email, P = phone
        let emailVerification: Bool
        let phoneVerification: Bool
        let expected: Expected

        init(_ identifiers: String, email: Bool, phone: Bool, _ expected: Expected) {
            self.identifiers = identifiers
            self.emailVerification = email
            self.phoneVerification = phone
            self.expected = expected
        }

        var description: String {
            "\(identifiers) email-verification=\(emailVerification) phone-verification=\(phoneVerification)"
        }
    }

    static let phoneOff = "phone verification must be off"
    static let emailOff = "email verification must be off"
    static let eitherOff = "email verification or phone verification must be off"

    static let rows: [Row] = [
        // Username only.
        Row(
            "U",
            email: false,
            phone: false,
            .allowed(login: "U", awaiting: "", emailVerified: nil, phoneVerified: nil)
        ),
        Row("U", email: true, phone: false, .allowed(login: "U", awaiting: "", emailVerified: nil, phoneVerified: nil)),
        Row("U", email: false, phone: true, .allowed(login: "U", awaiting: "", emailVerified: nil, phoneVerified: nil)),
        Row("U", email: true, phone: true, .allowed(login: "U", awaiting: "", emailVerified: nil, phoneVerified: nil)),
        // Username and phone.
        Row(
            "UP",
            email: false,
            phone: false,
            .allowed(login: "UP", awaiting: "", emailVerified: nil, phoneVerified: true)
        ),
        Row(
            "UP",
            email: true,
            phone: false,
            .allowed(login: "UP", awaiting: "", emailVerified: nil, phoneVerified: true)
        ),
        Row(
            "UP",
            email: false,
            phone: true,
            .allowed(login: "UP", awaiting: "P", emailVerified: nil, phoneVerified: false)
        ),
        Row(
            "UP",
            email: true,
            phone: true,
            .allowed(login: "UP", awaiting: "P", emailVerified: nil, phoneVerified: false)
        ),
        // Username and email.
        Row(
            "UE",
            email: false,
            phone: false,
            .allowed(login: "UE", awaiting: "", emailVerified: true, phoneVerified: nil)
        ),
        Row(
            "UE",
            email: true,
            phone: false,
            .allowed(login: "UE", awaiting: "E", emailVerified: false, phoneVerified: nil)
        ),
        Row(
            "UE",
            email: false,
            phone: true,
            .allowed(login: "UE", awaiting: "", emailVerified: true, phoneVerified: nil)
        ),
        Row(
            "UE",
            email: true,
            phone: true,
            .allowed(login: "UE", awaiting: "E", emailVerified: false, phoneVerified: nil)
        ),
        // Username, email and phone.
        Row(
            "UEP",
            email: false,
            phone: false,
            .allowed(login: "UEP", awaiting: "", emailVerified: true, phoneVerified: true)
        ),
        Row(
            "UEP",
            email: true,
            phone: false,
            .allowed(login: "UEP", awaiting: "E", emailVerified: false, phoneVerified: true)
        ),
        Row(
            "UEP",
            email: false,
            phone: true,
            .allowed(login: "UEP", awaiting: "P", emailVerified: true, phoneVerified: false)
        ),
        Row(
            "UEP",
            email: true,
            phone: true,
            .allowed(login: "UEP", awaiting: "EP", emailVerified: false, phoneVerified: false)
        ),
        // Phone only (*1: phone verification off).
        Row(
            "P",
            email: false,
            phone: false,
            .allowed(login: "P", awaiting: "", emailVerified: nil, phoneVerified: true)
        ),
        Row(
            "P",
            email: true,
            phone: false,
            .allowed(login: "P", awaiting: "", emailVerified: nil, phoneVerified: true)
        ),
        Row("P", email: false, phone: true, .refused(turnOff: phoneOff)),
        Row("P", email: true, phone: true, .refused(turnOff: phoneOff)),
        // Email only (*2: email verification off).
        Row(
            "E",
            email: false,
            phone: false,
            .allowed(login: "E", awaiting: "", emailVerified: true, phoneVerified: nil)
        ),
        Row("E", email: true, phone: false, .refused(turnOff: emailOff)),
        Row(
            "E",
            email: false,
            phone: true,
            .allowed(login: "E", awaiting: "", emailVerified: true, phoneVerified: nil)
        ),
        Row("E", email: true, phone: true, .refused(turnOff: emailOff)),
        // Email and phone (*3: at least one of the two verifications off).
        Row(
            "EP",
            email: false,
            phone: false,
            .allowed(login: "EP", awaiting: "", emailVerified: true, phoneVerified: true)
        ),
        Row(
            "EP",
            email: true,
            phone: false,
            .allowed(login: "EP", awaiting: "E", emailVerified: false, phoneVerified: true)
        ),
        Row(
            "EP",
            email: false,
            phone: true,
            .allowed(login: "EP", awaiting: "P", emailVerified: true, phoneVerified: false)
        ),
        Row("EP", email: true, phone: true, .refused(turnOff: eitherOff)),
    ]

    static func kinds(_ letters: String) -> [LoginKind] {
        letters.map { letter in
            switch letter {
            case "U": .username
            case "E": .email
            default: .phone
            }
        }
    }

    static func identity(_ letters: String) -> IdentityData {
        IdentityData(
            username: letters.contains("U") ? RecordsSample.username : nil,
            email: letters.contains("E") ? RecordsSample.email : nil,
            phone: letters.contains("P") ? RecordsSample.phone : nil
        )
    }

    @Test func tableCoversEveryCombination() {
        #expect(Self.rows.count == 28)
        #expect(Set(Self.rows.map(\.description)).count == 28)
    }

    @Test(arguments: rows)
    func registrationFollowsTheTable(_ row: Row) throws {
        let policy = RegistrationPolicy(
            emailVerification: row.emailVerification,
            phoneVerification: row.phoneVerification
        )
        let attempt = Result { () throws(ValidationError) in
            try Registration(identity: Self.identity(row.identifiers), password: RecordsSample.password, policy: policy)
        }
        switch (row.expected, attempt) {
        case (.allowed(let login, let awaiting, let emailVerified, let phoneVerified), .success(let registration)):
            #expect(registration.loginKinds == Self.kinds(login))
            #expect(registration.awaitingVerification == Self.kinds(awaiting))
            #expect(registration.emailAddressVerified == emailVerified)
            #expect(registration.phoneNumberVerified == phoneVerified)
            #expect(!registration.immediateLoginKinds.isEmpty)
            #expect(registration.record.identifierKinds == Self.kinds(row.identifiers))
        case (.refused(let turnOff), .failure(let error)):
            #expect(error.problems.count == 1)
            #expect(error.code == .verificationConflict)
            #expect(error.field == .user)
            #expect(error.reason.contains(turnOff))
        case (let expected, let actual):
            Issue.record("\(row): expected \(expected), got \(actual)")
        }
    }

    @Test(arguments: rows)
    func tableAgreesWithRegistrationTable(_ row: Row) {
        let policy = RegistrationPolicy(
            emailVerification: row.emailVerification,
            phoneVerification: row.phoneVerification
        )
        let problem = RegistrationTable.problem(for: Self.kinds(row.identifiers), policy: policy)
        switch row.expected {
        case .allowed: #expect(problem == nil)
        case .refused(let turnOff): #expect(problem?.reason.contains(turnOff) == true)
        }
    }

    @Test func loginIdentifiersAreQualified() throws {
        let registration = try Registration(identity: Self.identity("UEP"), password: RecordsSample.password)
        #expect(
            registration.loginIdentifiers.map(\.qualified) == [
                "user_1", "EMAIL:Ann.Lee@example.com", "PHONE:+14155552671",
            ]
        )
    }

    @Test func noIdentifierIsReportedUnderUser() {
        #expect(throws: ValidationError.self) {
            try Registration(identity: IdentityData(), password: RecordsSample.password)
        }
        do {
            _ = try Registration(identity: IdentityData(), password: RecordsSample.password)
        } catch {
            #expect(error.problems.map(\.code) == [.noIdentifier])
            #expect(error.field == .user)
        }
    }

    @Test func footnoteErrorComesWithFieldProblems() {
        let policy = RegistrationPolicy(emailVerification: true)
        do {
            _ = try Registration(identity: IdentityData(email: "ann@@example.com"), password: "abc", policy: policy)
            Issue.record("expected an error")
        } catch {
            #expect(error.problems.map(\.field) == [.emailAddress, .password, .user])
            #expect(error.problems.last?.code == .verificationConflict)
        }
    }
}
