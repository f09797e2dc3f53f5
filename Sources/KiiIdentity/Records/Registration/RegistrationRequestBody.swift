/// The body of a sign-up request: a validated ``UserRecord`` and the password, encoded with
/// Kii's JSON names (`loginName`, `emailAddress`, `phoneNumber`, `displayName`, `country`,
/// `locale`, custom fields at the top level, and `password`).
///
/// This is the only type whose encoding holds the password. Its description, debug
/// description and reflection redact it; ``record`` is the same body without the password, for
/// storing and logging.
///
/// ```swift
/// let data = try JSONEncoder().encode(registration.body)   // send this to the server
/// print(registration.body)   // {"loginName":"user_1",...,"password":<redacted>}
/// ```
public struct RegistrationRequestBody: Sendable, Hashable, Codable, CustomStringConvertible,
    CustomDebugStringConvertible, CustomReflectable
{
    /// The user: every member of the body except the password.
    public let record: UserRecord

    /// The password (encoded as the body's `password` member; never shown).
    public let password: Password

    /// Creates a body from a record and a password.
    public init(record: UserRecord, password: Password) {
        self.record = record
        self.password = password
    }

    /// The body without the password: the ``record``'s JSON members.
    public var jsonWithoutPassword: [String: JSONValue] { record.json }

    /// The members, sorted by name, with `"password":<redacted>`.
    public var description: String {
        let members = record.json.sorted { $0.key < $1.key }.map { JSONValue.quoted($0.key) + ":\($0.value)" }
        return "{" + (members + ["\"password\":<redacted>"]).joined(separator: ",") + "}"
    }

    /// `RegistrationRequestBody({...,"password":<redacted>})`.
    public var debugDescription: String { "RegistrationRequestBody(\(description))" }

    /// The record and a redacted password, so `dump` shows no secret.
    public var customMirror: Mirror {
        Mirror(self, children: ["record": record, "password": "<redacted>"], displayStyle: .struct)
    }

    /// Decodes a body: a user record plus a `password` member, all validated.
    ///
    /// A missing or invalid password is a `DecodingError` whose description names only
    /// the password's problems (positions, never characters).
    public init(from decoder: any Decoder) throws {
        var object = try [String: JSONValue](from: decoder)
        let rawPassword = object.removeValue(forKey: PredefinedMember.password.rawValue)
        var problems: [ValidationError.Problem] = []
        var password: Password?
        if let raw = rawPassword?.stringValue {
            do {
                password = try Password(raw)
            } catch {
                problems += error.problems
            }
        } else {
            problems.append(
                rawPassword.map { ValidationError.Problem(field: .password, .notAString(found: .init(of: $0))) }
                    ?? ValidationError.Problem(field: .password, .missing)
            )
        }
        var record: UserRecord?
        do {
            record = try UserRecord(json: object)
        } catch {
            problems = error.problems + problems
        }
        guard let record, let password else {
            throw DecodingError.dataCorrupted(
                DecodingError.Context(
                    codingPath: decoder.codingPath,
                    debugDescription: ValidationError(problems).description
                )
            )
        }
        self.init(record: record, password: password)
    }

    /// Encodes the record's members and `password`.
    public func encode(to encoder: any Encoder) throws {
        var object = record.json
        object[PredefinedMember.password.rawValue] = .string(password.rawValue)
        try object.encode(to: encoder)
    }
}
