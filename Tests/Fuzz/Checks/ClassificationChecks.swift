import KiiIdentity

/// Properties of login identifier classification.
enum ClassificationChecks {
    static func check(_ input: inout FuzzInput, _ violations: inout Violations) {
        let selector = input.byte()
        let country: String? = selector & 0x80 == 0 ? nil : PhoneFormChecks.country(selector & 0x7F)
        let policy = PhoneFormChecks.policy(input.byte(), input.byte(), input.byte())
        let raw = input.rest()
        let bytes = Array(raw.utf8)

        // The kind follows the byte rules, whatever the content.
        let kind = LoginIdentifier.classify(raw, country: country)
        let expected: IdentifierKind? =
            if bytes.isEmpty {
                nil
            } else if bytes.contains(UInt8(ascii: "@")) {
                .email
            } else if bytes[0] == UInt8(ascii: "+") {
                .phone
            } else if country != nil && bytes.allSatisfy({ (0x30...0x39).contains($0) }) {
                .localPhone
            } else {
                .username
            }
        violations.expect(
            kind == expected,
            "classify gave \(String(describing: kind)), not \(String(describing: expected))"
        )

        // Validation agrees with the kind's own rule, and reports under the kind's field.
        let own: Result<String, ValidationError> = validateAs(kind, raw, country: country, policy: policy)
        do {
            let identifier = try LoginIdentifier(raw, country: country, policy: policy)
            violations.expect(identifier.kind == kind, "LoginIdentifier.kind is not classify's")
            violations.expect((try? own.get()) == identifier.normalized, "LoginIdentifier.normalized is not the rule's")
            violations.expect(
                identifier.couldBeLocalPhoneNumber
                    == (kind == .username && bytes.allSatisfy { (0x30...0x39).contains($0) }),
                "couldBeLocalPhoneNumber is wrong"
            )
            // The qualified form reads back as the same identifier.
            do {
                let again = try LoginIdentifier(qualified: identifier.qualified, policy: .anyValidNumber)
                violations.expect(again.normalized == identifier.normalized, "qualified form reads back differently")
                violations.expect(again.qualified == identifier.qualified, "qualified form is not stable")
            } catch {
                violations.expect(false, "the qualified form does not re-validate: \(error.code)")
            }
        } catch {
            if case .success = own { violations.expect(false, "LoginIdentifier rejects what its kind's rule accepts") }
            if bytes.count > LoginIdentifier.maximumBytes {
                violations.expect(
                    error.problems.map(\.code) == [.tooLong] && error.field == .identifier,
                    "an identifier past \(LoginIdentifier.maximumBytes) bytes is not too_long under identifier"
                )
            } else {
                let fields: Set<ValidationError.Field> = kind.map { [$0.field, .country] } ?? [.identifier]
                for problem in error.problems {
                    violations.expect(fields.contains(problem.field), "an identifier problem is about \(problem.field)")
                }
            }
            if kind == nil { violations.expect(error.code == .missing, "an empty identifier is not missing") }
        }

        // Qualified input: whatever reads, reads back the same.
        if let qualified = try? LoginIdentifier(qualified: raw, policy: policy) {
            let again = try? LoginIdentifier(qualified: qualified.qualified, policy: .anyValidNumber)
            violations.expect(again?.normalized == qualified.normalized, "a qualified identifier does not round-trip")
        }
    }

    static func validateAs(
        _ kind: IdentifierKind?,
        _ raw: String,
        country: String?,
        policy: PhonePolicy
    ) -> Result<String, ValidationError> {
        do throws(ValidationError) {
            switch kind {
            case nil: throw ValidationError(.identifier, .missing)
            case .email: return .success(try EmailAddress(raw).normalized)
            case .phone: return .success(try PhoneNumber(international: raw, policy: policy).e164)
            case .localPhone: return .success(try PhoneNumber(local: raw, country: country ?? "", policy: policy).e164)
            case .username: return .success(try Username(raw).normalized)
            }
        } catch {
            return .failure(error)
        }
    }
}
