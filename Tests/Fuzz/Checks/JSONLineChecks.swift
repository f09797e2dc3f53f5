import KiiIdentity
import KiiIdentityExport

/// Properties of JSON Lines record handling, through the export reader `kii-identity register`
/// and `lint` use for each line (``JSONLineDecoder/decodeRecord(from:)``, then ``RecordCheck``),
/// and through the library's sign-up body entry (``Registration/init(json:policy:)``, or
/// ``PseudoUserRegistration`` with `"pseudo": true`): output without the password.
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
        checkRecord(bytes, policy: policy, &violations)
        guard case .success(let object) = JSONLineDecoder().decodeObject(from: bytes) else { return }

        // What the reader reads, written out, reads back as the same value and the same text.
        let once = JSONValue.object(object).description
        let again = try? JSONValue(parsing: once)
        violations.expect(again == .object(object), "a JSON object does not read back as itself")
        violations.expect(again?.description == once, "a JSON object does not re-encode to itself")

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

    /// The export reader's path: one problem for a line that is not a record; otherwise the
    /// record's check does not depend on its password.
    static func checkRecord(_ bytes: [UInt8], policy: RegistrationPolicy, _ violations: inout Violations) {
        let decoder = JSONLineDecoder()
        switch decoder.decodeRecord(from: bytes) {
        case .failure(let error):
            violations.expect(
                error.problems.count == 1 && error.problems.allSatisfy { $0.field == .line },
                "an unreadable line does not have exactly one problem of the line"
            )
            ProblemChecks.catalogued(error, "an unreadable line", &violations)
        case .success(let record):
            let check = RecordCheck(record, policy: policy)
            violations.expect(check.body?["password"] == nil, "a record check's body has the password")
            violations.expect(check.isValid == (check.keys != nil), "a record check has keys but problems")
            if !check.problems.isEmpty {
                ProblemChecks.catalogued(ValidationError(check.problems), "a record check", &violations)
            }
            if let password = record.password {
                let masked = [UInt32(0), 1].map { variant in
                    var record = record
                    record.password = PasswordMasking.mask(password, variant: variant)
                    return RecordCheck(record, policy: policy)
                }
                violations.expect(masked[0] == check && masked[1] == check, "a record check depends on its password")
            }
        }
    }

    /// What the sign-up body entry gives for the object: the body without the password, or the problems.
    static func outcome(_ object: [String: JSONValue], policy: RegistrationPolicy) -> String {
        do throws(ValidationError) {
            if object["pseudo"] == .bool(true) {
                var members = object
                members["pseudo"] = nil
                let pseudo = try PseudoUserRegistration(json: members)
                return "ok " + JSONValue.object(pseudo.body.json).description
            }
            let registration = try Registration(json: object, policy: policy)
            let body = registration.body.jsonWithoutPassword
            let keys = registration.uniquenessKeys
            return "ok \(registration.loginKinds) \(String(describing: keys)) \(JSONValue.object(body))"
        } catch {
            return "error " + FieldRuleChecks.errorText(error)
        }
    }
}
