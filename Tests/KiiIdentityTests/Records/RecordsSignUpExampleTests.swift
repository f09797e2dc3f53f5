import Foundation
import KiiIdentity
import Testing

/// The worked example of the SignUp article, run as written.
@Suite struct RecordsSignUpExampleTests {
    struct SignUpService {
        var policy = RegistrationPolicy(emailVerification: true)
        var users: [String: UserRecord] = [:]  // by user ID
        var owners: [LoginKind: [String: String]] = [:]  // kind -> uniqueness key -> user ID

        enum Outcome {
            case created(userID: String, registration: Registration)  // 201
            case rejected(ValidationError)  // 400
            case taken([LoginKind])  // 409
        }

        mutating func signUp(_ request: Data) throws -> Outcome {
            let registration: Registration
            do {
                registration = try Registration(json: [UInt8](request), policy: policy)
            } catch {
                return .rejected(error)
            }
            let keys = registration.uniquenessKeys.all
            let taken = keys.filter { owners[$0.kind]?[$0.key] != nil }.map(\.kind)
            guard taken.isEmpty else { return .taken(taken) }
            let userID = UUID().uuidString
            users[userID] = registration.record
            for (kind, key) in keys { owners[kind, default: [:]][key] = userID }
            return .created(userID: userID, registration: registration)
        }
    }

    @Test func theArticlesScenario() throws {
        var service = SignUpService()

        let first = try service.signUp(Data(#"{"loginName": "User_1", "password": "correct horse"}"#.utf8))
        guard case .created(let userID, let registration) = first else {
            Issue.record("expected a user, got \(first)")
            return
        }
        let stored = String(decoding: try JSONEncoder().encode(service.users[userID]), as: UTF8.self)
        #expect(stored == #"{"loginName":"user_1"}"#)
        #expect(registration.immediateLoginKinds == [.username])

        let again = try service.signUp(Data(#"{"loginName": "user_1", "password": "another one"}"#.utf8))
        guard case .taken(let kinds) = again else {
            Issue.record("expected a conflict, got \(again)")
            return
        }
        #expect(kinds == [.username])

        let emailOnly = try service.signUp(
            Data(#"{"emailAddress": "ann@example.com", "password": "correct horse"}"#.utf8)
        )
        guard case .rejected(let error) = emailOnly else {
            Issue.record("expected a refusal, got \(emailOnly)")
            return
        }
        #expect(error.problems.map(\.code) == [.verificationConflict])
        #expect(
            error.description
                == "user has only an email address, so email verification must be off "
                + "(turn email verification off, or add a username)"
        )
        #expect(service.users.count == 1)
    }

    @Test func phoneFormsCollideInTheService() throws {
        var service = SignUpService(policy: RegistrationPolicy())
        let first = try service.signUp(Data(#"{"phoneNumber": "US-4155552671", "password": "correct horse"}"#.utf8))
        guard case .created = first else {
            Issue.record("expected a user, got \(first)")
            return
        }
        let second = try service.signUp(
            Data(#"{"phoneNumber": "4155552671", "country": "US", "password": "correct horse"}"#.utf8)
        )
        guard case .taken(let kinds) = second else {
            Issue.record("expected a conflict, got \(second)")
            return
        }
        #expect(kinds == [.phone])
    }
}
