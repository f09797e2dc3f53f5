import Foundation
import KiiIdentity

/// Properties of JSON Lines record handling, through the library path the CLI's `register`
/// and `lint` take for each line: bytes, UTF-8 check, JSON object, ``Registration`` (or
/// ``PseudoUserRegistration`` with `"pseudo": true`), output without the password.
///
/// The CLI's own line reader and decoder live in the `kii-identity` executable, which a fuzz
/// target cannot import; this is the same path through the library.
enum JSONLineChecks {
    static func check(_ input: inout FuzzInput, _ violations: inout Violations) {
        let flags = input.byte()
        let policy = RegistrationPolicy(
            emailVerification: flags & 1 != 0,
            phoneVerification: flags & 2 != 0,
            mobileOnly: flags & 4 == 0
        )
        let text = input.rest()
        for line in text.utf8.split(separator: UInt8(ascii: "\n"), omittingEmptySubsequences: false) {
            checkLine(Array(line), policy: policy, &violations)
        }
    }

    static func checkLine(_ bytes: [UInt8], policy: RegistrationPolicy, _ violations: inout Violations) {
        guard let object = try? JSONDecoder().decode([String: JSONValue].self, from: Data(bytes)) else { return }

        // JSON values re-encode to the same text.
        if let once = try? encode(object) {
            let again = (try? JSONDecoder().decode([String: JSONValue].self, from: once)).flatMap { try? encode($0) }
            violations.expect(again == once, "a JSON object does not re-encode to itself")
        } else {
            violations.expect(false, "a decoded JSON object does not encode")
        }

        let output = outcome(object, policy: policy)
        if case .string(let password) = object["password"] {
            let masked = [UInt32(0), 1].map { variant in
                var object = object
                object["password"] = .string(PasswordMasking.mask(password, variant: variant))
                return outcome(object, policy: policy)
            }
            violations.expect(masked[0] == output && masked[1] == output, "a line's output depends on its password")
        }
    }

    /// What `register` would print for the object: the body without the password, or the problems.
    static func outcome(_ object: [String: JSONValue], policy: RegistrationPolicy) -> String {
        do throws(ValidationError) {
            if object["pseudo"] == .bool(true) {
                var members = object
                members["pseudo"] = nil
                let pseudo = try PseudoUserRegistration(json: members)
                return "ok " + ((try? encode(pseudo.body.json)).map { String(decoding: $0, as: UTF8.self) } ?? "?")
            }
            let registration = try Registration(json: object, policy: policy)
            let body = registration.body.jsonWithoutPassword
            let keys = registration.uniquenessKeys
            return "ok \(registration.loginKinds) \(String(describing: keys)) "
                + ((try? encode(body)).map { String(decoding: $0, as: UTF8.self) } ?? "?")
        } catch {
            return "error " + FieldRuleChecks.errorText(error)
        }
    }

    static func encode(_ object: [String: JSONValue]) throws -> Data {
        let encoder = JSONEncoder()
        encoder.outputFormatting = .sortedKeys
        return try encoder.encode(object)
    }
}
