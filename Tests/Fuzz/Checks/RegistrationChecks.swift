import Foundation
import KiiIdentity
import KiiIdentityExport

/// Properties of registration records: the registration table, keys and flags, every
/// field's problem under its own name, the JSON entry agreeing with the typed one, and no
/// trace of the password anywhere but the request body.
enum RegistrationChecks {
    static func check(_ input: inout FuzzInput, _ violations: inout Violations) {
        let flags = input.byte()
        let policy = RegistrationPolicy(
            emailVerification: flags & 1 != 0,
            phoneVerification: flags & 2 != 0,
            mobileOnly: flags & 4 != 0
        )
        let typedPhone = flags & 8 != 0
        let record = ExportRecord(spelledBy: &input)
        if flags & 16 != 0 {
            pseudoUser(record, typedPhone: typedPhone, &violations)
        } else {
            registration(record, policy: policy, typedPhone: typedPhone, &violations)
        }
    }

    static func register(
        _ record: ExportRecord,
        password: String?,
        policy: RegistrationPolicy,
        typedPhone: Bool
    ) -> Result<Registration, ValidationError> {
        do throws(ValidationError) {
            return .success(
                try Registration(
                    identity: record.identity(typedPhone: typedPhone),
                    password: password ?? "",
                    fields: record.fields,
                    policy: policy
                )
            )
        } catch {
            return .failure(error)
        }
    }

    static func registration(
        _ record: ExportRecord,
        policy: RegistrationPolicy,
        typedPhone: Bool,
        _ violations: inout Violations
    ) {
        let outcome = register(record, password: record.password, policy: policy, typedPhone: typedPhone)
        let fieldChecks: [(ValidationError.Field, String?, (String) -> Bool)] = [
            (.username, record.username, Username.isValid),
            (.emailAddress, record.email, EmailAddress.isValid),
            (.password, record.password ?? "", Password.isValid),
            (.displayName, record.displayName, DisplayName.isValid),
            (.country, record.country, CountryCode.isValid),
            (.locale, record.locale, LocaleTag.isValid),
        ]
        let customAllowed = record.customName.map(UserFields.isAllowedCustomName) ?? true
        let given = [record.username != nil, record.email != nil, record.phone != nil]
        switch outcome {
        case .success(let registration):
            for (field, raw, isValid) in fieldChecks {
                if let raw { violations.expect(isValid(raw), "a registration accepted an invalid \(field)") }
            }
            violations.expect(customAllowed, "a registration accepted a reserved custom name")
            let keys = registration.uniquenessKeys
            violations.expect(
                keys.username == record.username.flatMap { try? Username($0).normalized },
                "the username key is not the normalised username"
            )
            violations.expect(
                keys.email == record.email.flatMap { try? EmailAddress($0).key },
                "the email key is not the lowercased email address"
            )
            violations.expect(keys.phone == registration.record.phone?.e164, "the phone key is not the E.164 form")
            if let e164 = keys.phone {
                violations.expect((11...16).contains(e164.utf8.count), "phone key \(e164) is not 10-15 digits")
                violations.expect(
                    !policy.mobileOnly || registration.record.phone?.type.isMobile == true,
                    "a landline registered under mobileOnly"
                )
            }
            violations.expect((keys.phone != nil) == given[2], "a phone key without a phone, or none with one")
            // The documented table.
            let (username, email, phone) = (given[0], given[1], given[2])
            violations.expect(username || email || phone, "a registration without an identifier")
            if !username {
                if email && !phone { violations.expect(!policy.emailVerification, "email only with verification") }
                if phone && !email { violations.expect(!policy.phoneVerification, "phone only with verification") }
                if email && phone {
                    violations.expect(
                        !(policy.emailVerification && policy.phoneVerification),
                        "email and phone with both verifications"
                    )
                }
            }
            violations.expect(!registration.loginKinds.isEmpty, "a registration no one can log in with")
            violations.expect(
                registration.emailAddressVerified == (email ? !policy.emailVerification : nil),
                "emailAddressVerified does not follow the policy"
            )
            violations.expect(
                registration.phoneNumberVerified == (phone ? !policy.phoneVerification : nil),
                "phoneNumberVerified does not follow the policy"
            )
            let withoutPassword = registration.body.jsonWithoutPassword
            violations.expect(withoutPassword["password"] == nil, "jsonWithoutPassword has a password")
            roundTrip(registration, &violations)
        case .failure(let error):
            violations.expect(!error.problems.isEmpty, "a registration error is empty")
            ProblemChecks.catalogued(error, "a registration", &violations)
            let fields = Set(error.problems.map(\.field))
            for (field, raw, isValid) in fieldChecks {
                guard let raw else { continue }
                if isValid(raw) {
                    violations.expect(
                        !fields.contains(field),
                        "a valid \(field) has a problem: \(error.problems.filter { $0.field == field }.map(\.code))"
                    )
                } else {
                    violations.expect(fields.contains(field), "an invalid \(field) has no problem of its own")
                }
            }
            if !customAllowed {
                violations.expect(
                    error.problems.contains { $0.field == .customFields },
                    "a disallowed custom name has no problem"
                )
            }
            if !given.contains(true) { violations.expect(error.contains(.noIdentifier), "no identifier passed") }
        }

        // The JSON entry point agrees with the typed one (typed phones have no JSON spelling either).
        let predefinedMembers: Set = [
            "loginName", "emailAddress", "phoneNumber", "password", "displayName", "country", "locale",
        ]
        // A custom field named like a predefined member has no JSON spelling: it would be that member.
        if !typedPhone && !predefinedMembers.contains(record.customName ?? "") {
            let json: Result<Registration, ValidationError>
            do throws(ValidationError) {
                json = .success(try Registration(json: record.json(password: record.password), policy: policy))
            } catch {
                json = .failure(error)
            }
            violations.expect(
                summary(json) == summary(outcome),
                "Registration(json:) disagrees with the typed entry: \(summary(json)) vs \(summary(outcome))"
            )
        }

        // The password leaves no trace: look-alike passwords give the same outputs.
        if let password = record.password {
            let masked = [UInt32(0), 1].map {
                summary(
                    register(
                        record,
                        password: PasswordMasking.mask(password, variant: $0),
                        policy: policy,
                        typedPhone: typedPhone
                    ),
                    withText: true
                )
            }
            let original = summary(outcome, withText: true)
            violations.expect(
                masked[0] == original && masked[1] == original,
                "a registration output depends on the password"
            )
        }
    }

    static func pseudoUser(_ record: ExportRecord, typedPhone: Bool, _ violations: inout Violations) {
        func attempt(_ password: String?) -> Result<PseudoUserRegistration, ValidationError> {
            do throws(ValidationError) {
                return .success(
                    try PseudoUserRegistration(
                        fields: record.fields,
                        identity: record.identity(typedPhone: typedPhone),
                        password: password
                    )
                )
            } catch {
                return .failure(error)
            }
        }
        let outcome = attempt(record.password)
        let identified = [
            (record.username, ValidationError.Field.username), (record.email, .emailAddress),
            (record.phone, .phoneNumber), (record.password, .password),
        ]
        switch outcome {
        case .success(let pseudo):
            violations.expect(identified.allSatisfy { $0.0 == nil }, "a pseudo user was given an identifier")
            violations.expect(pseudo.body.isPseudoUser, "a pseudo user's body has an identifier")
        case .failure(let error):
            for (raw, field) in identified where raw != nil {
                violations.expect(
                    error.problems.contains { $0.field == field && $0.code == .notAllowedForPseudoUser },
                    "a pseudo user's \(field) is not not_allowed_for_pseudo_user"
                )
            }
        }
        if let password = record.password {
            let text = "\(outcome)"
            let masked = [UInt32(0), 1].map { "\(attempt(PasswordMasking.mask(password, variant: $0)))" }
            violations.expect(masked[0] == text && masked[1] == text, "a pseudo user error depends on the password")
        }
    }

    /// The outcome without the password: keys, login kinds and flags, or the problems' fields and
    /// codes; with `withText`, every description and reason too.
    static func summary(_ outcome: Result<Registration, ValidationError>, withText: Bool = false) -> String {
        switch outcome {
        case .success(let registration):
            let keys = registration.uniquenessKeys
            var text = "ok \(String(describing: keys.username)) \(String(describing: keys.email)) "
            text += "\(String(describing: keys.phone)) \(registration.loginKinds) \(registration.awaitingVerification)"
            if withText {
                text += "\n\(registration)\n\(String(reflecting: registration))\n\(registration.body)"
                text += "\n\(JSONValue.object(registration.body.jsonWithoutPassword))"
            }
            return text
        case .failure(let error):
            let problems = error.problems.map { "\($0.field.rawValue):\($0.code.rawValue)" }.sorted()
            return "error \(problems)" + (withText ? "\n" + FieldRuleChecks.errorText(error) : "")
        }
    }

    /// Encoding and decoding a registration gives it back.
    static func roundTrip(_ registration: Registration, _ violations: inout Violations) {
        do {
            let data = try JSONEncoder().encode(registration)
            let decoded = try JSONDecoder().decode(Registration.self, from: data)
            violations.expect(decoded == registration, "a registration does not survive JSON encoding")
        } catch {
            violations.expect(false, "a registration does not survive JSON encoding: \(error)")
        }
    }
}
