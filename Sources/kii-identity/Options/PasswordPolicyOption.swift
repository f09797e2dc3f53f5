#if CommandLineTool
import ArgumentParser
import Foundation
import KiiIdentity
import KiiIdentityExport

/// The password options shared by `check`, `register` and `lint`: `--password-policy
/// kii|nist|nist:N` (the rule new passwords follow) and `--password-blocklist FILE` (the full
/// set of known passwords, for ``PasswordPolicy/nist``).
struct PasswordPolicyOption: ParsableArguments {
    @Option(
        help: ArgumentHelp(
            "The rule passwords follow: kii (Kii's: 4 to 50 printable ASCII characters, the default), nist "
                + "(NIST SP 800-63B-4: 15 to 256 characters after NFKC, not a known password, no word of the "
                + "record's username, email address or display name, no repetition or run) or nist:N (the same "
                + "with a minimum of N, 8 to 64: 8 for a password used with a second factor).",
            valueName: "kii|nist|nist:N"
        ),
        transform: PasswordPolicyOption.parsePolicy
    )
    var passwordPolicy: PasswordPolicy?

    @Option(
        help: ArgumentHelp(
            "The full set of known passwords (the file `make password-blocklist` writes) for the nist rule, "
                + "instead of the library's, which knows those of 15 characters and more only.",
            valueName: "file"
        )
    )
    var passwordBlocklist: String?

    /// `kii`, `nist` or `nist:N` as a policy (the in-library blocklist; ``policy(blocklist:)``
    /// swaps it).
    @Sendable static func parsePolicy(_ text: String) throws -> PasswordPolicy {
        switch text {
        case "kii": return .kii
        case "nist": return .nist
        default:
            let expected = "expected kii, nist or nist:N with N from 8 to 64"
            guard text.hasPrefix("nist:"), let minimum = Int(text.dropFirst(5)) else {
                throw ArgumentParser.ValidationError(expected)
            }
            guard PasswordPolicy.toolMinimumLengths.contains(minimum) else {
                throw ArgumentParser.ValidationError(expected)
            }
            return .nist(minimumLength: minimum)
        }
    }

    func validate() throws {
        if passwordBlocklist != nil, passwordPolicy?.rule == .kii {
            throw ArgumentParser.ValidationError("--password-blocklist is for the nist rule, not --password-policy kii")
        }
    }

    /// Refuses `--password-blocklist` without `--password-policy nist` where nothing else would
    /// use it (`register`, `lint`, `check` of one value).
    func validateBlocklistHasAPolicy() throws {
        if passwordBlocklist != nil, passwordPolicy == nil {
            throw ArgumentParser.ValidationError("--password-blocklist needs --password-policy nist (or nist:N)")
        }
    }

    /// The full set's blocklist when `--password-blocklist` names one, read and checked.
    ///
    /// - Throws: ``ExportInputError`` naming the option and the file when the file cannot be
    ///   read or is not a blocklist file.
    func blocklist() throws(ExportInputError) -> PasswordBlocklist? {
        guard let path = passwordBlocklist else { return nil }
        return try PasswordBlocklistReading.read(path)
    }

    /// The policy of `--password-policy` (Kii's rule when absent), with `blocklist` for the nist
    /// rule when one was read.
    func policy(blocklist: PasswordBlocklist?) -> PasswordPolicy {
        Self.policy(passwordPolicy ?? .kii, with: blocklist)
    }

    /// `policy` with `blocklist` when it follows the nist rule and a blocklist was read.
    static func policy(_ policy: PasswordPolicy, with blocklist: PasswordBlocklist?) -> PasswordPolicy {
        guard policy.rule == .nist, let blocklist else { return policy }
        return .nist(minimumLength: policy.minimumLength, blocklist: blocklist)
    }

    /// Warns on standard error when a minimum under 15 goes without the full set: the library's
    /// blocklist would let a known password of 8 to 14 characters through.
    func warnOfAShortMinimumWithoutTheFullSet() {
        guard let policy = passwordPolicy, policy.rule == .nist, policy.minimumLength < 15, passwordBlocklist == nil
        else { return }
        let warning =
            "kii-identity: warning: --password-policy nist:\(policy.minimumLength) without --password-blocklist: "
            + "the library's blocklist knows passwords of 15 characters and more only\n"
        FileHandle.standardError.write(Data(warning.utf8))
    }
}
#endif
