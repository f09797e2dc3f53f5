import Foundation
import KiiIdentity
import SignUpService
import Testing

/// `PASSWORD_POLICY` and `PASSWORD_BLOCKLIST` (issue 50, item 5): NIST SP 800-63B-4 by default,
/// Kii's rule on request, the full set from its file; what the start-up line says of them.
@Suite struct PasswordConfigurationTests {
    /// The full set's file `make password-blocklist` writes (`KII_PASSWORD_BLOCKLIST_FOLDER`, as
    /// the Makefile exports it, or the repository's `.build-password-blocklist`).
    static let fullSet: String = {
        let folder =
            ProcessInfo.processInfo.environment["KII_PASSWORD_BLOCKLIST_FOLDER"]
            ?? RepositoryScript.folder.deletingLastPathComponent().appendingPathComponent(".build-password-blocklist")
            .path
        return URL(fileURLWithPath: folder).appendingPathComponent("password-blocklist.kiipwbl").path
    }()

    @Test func nistIsTheDefaultWithTheInLibrarySet() throws {
        for environment in [[:], ["PASSWORD_POLICY": ""], ["PASSWORD_POLICY": "NIST"]] {
            let configuration = try ServiceConfiguration(environment: environment)
            #expect(configuration.policy.passwordPolicy == .nist)
            #expect(configuration.policy.passwordPolicy.blocklist == .builtIn)
            #expect(configuration.passwordBlocklistFile == nil)
            #expect(
                configuration.passwordSummary
                    == "passwords: nist (NIST SP 800-63B-4, at least 15 characters), blocklist in the library "
                    + "(337,344 entries)"
            )
        }
        #expect(ServiceConfiguration().policy.passwordPolicy == .nist)
    }

    @Test func kiisRuleAndAnotherMinimumOnRequest() throws {
        let kii = try ServiceConfiguration(environment: ["PASSWORD_POLICY": "kii"])
        #expect(kii.policy.passwordPolicy == .kii)
        #expect(kii.passwordSummary == "passwords: kii (Kii Cloud's rule, 4 to 50 printable ASCII characters)")
        let twenty = try ServiceConfiguration(environment: ["PASSWORD_POLICY": "nist:20"])
        #expect(twenty.policy.passwordPolicy == .nist(minimumLength: 20))
        #expect(twenty.passwordSummary.hasPrefix("passwords: nist (NIST SP 800-63B-4, at least 20 characters)"))
    }

    @Test func theFullSetIsReadFromItsFile() throws {
        try #require(
            FileManager.default.fileExists(atPath: Self.fullSet),
            "no \(Self.fullSet): run `make password-blocklist` (make test does) first"
        )
        let full = try ServiceConfiguration(environment: ["PASSWORD_BLOCKLIST": Self.fullSet])
        #expect(full.policy.passwordPolicy.rule == .nist)
        #expect(full.policy.passwordPolicy.minimumLength == 15)
        #expect(full.policy.passwordPolicy.blocklist.entryCount == 4_105_121)
        #expect(full.passwordBlocklistFile == Self.fullSet)
        #expect(
            full.passwordSummary
                == "passwords: nist (NIST SP 800-63B-4, at least 15 characters), blocklist \(Self.fullSet) "
                + "(4,105,121 entries)"
        )
        // A minimum of 8 (a second factor) with the full set: short known passwords are refused.
        let eight = try ServiceConfiguration(environment: [
            "PASSWORD_POLICY": "nist:8", "PASSWORD_BLOCKLIST": Self.fullSet,
        ])
        let policy = eight.policy.passwordPolicy
        #expect(policy.minimumLength == 8)
        #expect(throws: ValidationError.self) { try Password("password1", policy: policy) }
        #expect(try Password("violet kettle", policy: policy).rawValue == "violet kettle")
    }

    @Test func badPasswordSettingsStopTheStartWithAClearMessage() throws {
        let garbage = FileManager.default.temporaryDirectory.appendingPathComponent("not-a-blocklist-\(UUID()).bin")
        try Data("not a blocklist".utf8).write(to: garbage)
        defer { try? FileManager.default.removeItem(at: garbage) }
        let cases: [([String: String], String)] = [
            (["PASSWORD_POLICY": "weak"], "PASSWORD_POLICY must be nist, nist:N (N from 8 to 64) or kii"),
            (["PASSWORD_POLICY": "nist:7"], "PASSWORD_POLICY must be nist, nist:N (N from 8 to 64) or kii"),
            (["PASSWORD_POLICY": "nist:"], "PASSWORD_POLICY must be nist, nist:N (N from 8 to 64) or kii"),
            (
                ["PASSWORD_POLICY": "nist:8"],
                "PASSWORD_POLICY nist:8 needs PASSWORD_BLOCKLIST (the in-library blocklist holds only passwords "
                    + "of 15 characters and more)"
            ),
            (
                ["PASSWORD_POLICY": "kii", "PASSWORD_BLOCKLIST": garbage.path],
                "PASSWORD_BLOCKLIST is set but PASSWORD_POLICY is kii, which has no blocklist"
            ),
            (
                ["PASSWORD_BLOCKLIST": "/nonexistent/blocklist.kiipwbl"],
                "PASSWORD_BLOCKLIST names a file that cannot be read: /nonexistent/blocklist.kiipwbl"
            ),
        ]
        for (environment, message) in cases {
            #expect(throws: ConfigurationError.self) { try ServiceConfiguration(environment: environment) }
            do {
                _ = try ServiceConfiguration(environment: environment)
            } catch {
                #expect(error.description == message)
            }
        }
        do {
            _ = try ServiceConfiguration(environment: ["PASSWORD_BLOCKLIST": garbage.path])
            Issue.record("a file that is not a blocklist was accepted")
        } catch {
            #expect(error.name == "PASSWORD_BLOCKLIST")
            #expect(error.description.hasPrefix("PASSWORD_BLOCKLIST is not a password blocklist file: "))
        }
    }
}
