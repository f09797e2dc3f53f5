#if CommandLineTool
import ArgumentParser
import Foundation
import KiiIdentity
import KiiIdentityExport

/// The `kii-identity` command: Kii Cloud's identity rules from the shell.
///
/// Exit status: 0 valid or clean, 1 invalid or problems found, 2 usage or I/O error.
@main
struct KiiIdentityTool: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "kii-identity",
        abstract: "Check identity values, registration records and user exports against Kii Cloud's rules.",
        discussion: """
            Exit status: 0 when valid (or, for batch runs, when the run completed), 1 when invalid \
            or problems were found, 2 for usage or I/O errors. A password is never printed.
            """,
        version: versionText,
        subcommands: [CheckCommand.self, RegisterCommand.self, LintCommand.self]
    )

    /// What `--version` prints: the phone metadata that judges numbers, and the system's.
    static var versionText: String {
        """
        kii-identity: phone numbers judged by \(PhoneMetadataSource.bundled) by default
        system libphonenumber (--phone-metadata system): \(PhoneMetadataSource.system.version)
        """
    }

    /// Runs the tool with exit status 2 (not the parser's 64) for usage errors.
    static func main() {
        do {
            var command = try parseAsRoot()
            try command.run()
        } catch let error as ExportInputError {
            FileHandle.standardError.write(Data("kii-identity: error: \(error.description)\n".utf8))
            Foundation.exit(2)
        } catch {
            let code = exitCode(for: error)
            if code == .success {
                print(fullMessage(for: error))
                Foundation.exit(0)
            }
            if error is ExitCode {
                Foundation.exit(code.rawValue)
            }
            FileHandle.standardError.write(Data((fullMessage(for: error) + "\n").utf8))
            Foundation.exit(2)
        }
    }
}
#endif
