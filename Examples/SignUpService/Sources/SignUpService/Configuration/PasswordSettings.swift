import Foundation
import KiiIdentity

/// `PASSWORD_POLICY` and `PASSWORD_BLOCKLIST`: the rule new passwords follow and the known
/// passwords it refuses.
///
/// - `PASSWORD_POLICY`: `nist` (the default: NIST SP 800-63B-4 for a password that is the only
///   factor, at least 15 characters, the in-library blocklist, the user's own words refused),
///   `nist:N` (a minimum of `N`, 8 to 64, for a password used with a second factor; under 15 it
///   needs `PASSWORD_BLOCKLIST`, since the in-library set holds only entries of 15 and more), or
///   `kii` (Kii Cloud's rule, 4 to 50 printable ASCII characters, for an app moved from Kii Cloud
///   whose clients hold that rule).
/// - `PASSWORD_BLOCKLIST`: the full set's file (`make password-blocklist` writes
///   `.build-password-blocklist/password-blocklist.kiipwbl`), read at start; a file that cannot be
///   read or is not a blocklist stops the start.
struct PasswordSettings: Sendable {
    /// The rule, with the blocklist it refuses.
    var policy: PasswordPolicy
    /// The file the blocklist was read from; `nil` for the in-library set.
    var blocklistFile: String?

    /// The default: ``PasswordPolicy/nist`` with the in-library set.
    init(policy: PasswordPolicy = .nist, blocklistFile: String? = nil) {
        self.policy = policy
        self.blocklistFile = blocklistFile
    }

    /// Reads `PASSWORD_POLICY` and `PASSWORD_BLOCKLIST` (and the file it names).
    ///
    /// - Throws: ``ConfigurationError`` naming the variable that is not usable.
    init(environment: [String: String]) throws(ConfigurationError) {
        let file = environment["PASSWORD_BLOCKLIST"].flatMap { $0.isEmpty ? nil : $0 }
        let minimum = try Self.minimum(environment["PASSWORD_POLICY"])
        guard let minimum else {
            if file != nil {
                throw ConfigurationError(
                    name: "PASSWORD_BLOCKLIST",
                    reason: "is set but PASSWORD_POLICY is kii, which has no blocklist"
                )
            }
            self.init(policy: .kii)
            return
        }
        guard let file else {
            if minimum < PasswordBlocklist.builtIn.minimumLength {
                throw ConfigurationError(
                    name: "PASSWORD_POLICY",
                    reason:
                        "nist:\(minimum) needs PASSWORD_BLOCKLIST (the in-library blocklist holds only passwords of "
                        + "\(PasswordBlocklist.builtIn.minimumLength) characters and more)"
                )
            }
            self.init(policy: .nist(minimumLength: minimum))
            return
        }
        self.init(policy: .nist(minimumLength: minimum, blocklist: try Self.blocklist(at: file)), blocklistFile: file)
    }

    /// The minimum length `PASSWORD_POLICY` asks for: 15 for `nist` (or unset), `N` for
    /// `nist:N`, `nil` for `kii`.
    private static func minimum(_ text: String?) throws(ConfigurationError) -> Int? {
        let reason = "must be nist, nist:N (N from 8 to 64) or kii"
        switch text?.lowercased() {
        case nil, "", "nist": return PasswordPolicy.nist.minimumLength
        case "kii": return nil
        case let text? where text.hasPrefix("nist:"):
            guard let minimum = Int(text.dropFirst("nist:".count)), (8...64).contains(minimum) else {
                throw ConfigurationError(name: "PASSWORD_POLICY", reason: reason)
            }
            return minimum
        default: throw ConfigurationError(name: "PASSWORD_POLICY", reason: reason)
        }
    }

    /// The blocklist of the file at `path`.
    private static func blocklist(at path: String) throws(ConfigurationError) -> PasswordBlocklist {
        guard let data = FileManager.default.contents(atPath: path) else {
            throw ConfigurationError(name: "PASSWORD_BLOCKLIST", reason: "names a file that cannot be read: \(path)")
        }
        do {
            return try PasswordBlocklist(bytes: [UInt8](data))
        } catch {
            throw ConfigurationError(name: "PASSWORD_BLOCKLIST", reason: "is not a password blocklist file: \(error)")
        }
    }

    /// The start-up line's words: `passwords: nist (NIST SP 800-63B-4, at least 15 characters),
    /// blocklist in the library (337,344 entries)`, the file and its count when one was read, or
    /// `passwords: kii (Kii Cloud's rule, 4 to 50 printable ASCII characters)`.
    var summary: String {
        guard policy.rule == .nist else {
            return "passwords: kii (Kii Cloud's rule, \(Password.lengths.lowerBound) to "
                + "\(Password.lengths.upperBound) printable ASCII characters)"
        }
        let set = blocklistFile.map { "blocklist \($0)" } ?? "blocklist in the library"
        return "passwords: nist (NIST SP 800-63B-4, at least \(policy.minimumLength) characters), \(set) "
            + "(\(Self.grouped(policy.blocklist.entryCount)) entries)"
    }

    /// `count` with its thousands separated by commas.
    static func grouped(_ count: Int) -> String {
        var digits = Array(String(count))
        var index = digits.count - 3
        while index > 0 {
            digits.insert(",", at: index)
            index -= 3
        }
        return String(digits)
    }
}

extension ServiceConfiguration {
    /// The start-up line about passwords (``PasswordSettings/summary``): the rule, and the
    /// blocklist in use with its entry count.
    public var passwordSummary: String {
        PasswordSettings(policy: policy.passwordPolicy, blocklistFile: passwordBlocklistFile).summary
    }
}
