#if CommandLineTool
import Foundation

/// The full set's blocklist file that `make password-blocklist` writes beside the repository
/// (never committed), found as the library's blocklist tests find it: in
/// `KII_PASSWORD_BLOCKLIST_FOLDER`, or `<repository>/.build-password-blocklist`.
enum PasswordBlocklistFile {
    /// The file's path.
    static let path: String = {
        let folder =
            ProcessInfo.processInfo.environment["KII_PASSWORD_BLOCKLIST_FOLDER"]
            ?? ToolRunner.packageRoot.appendingPathComponent(".build-password-blocklist").path
        return URL(fileURLWithPath: folder, isDirectory: true).appendingPathComponent("password-blocklist.kiipwbl")
            .path
    }()

    /// Why a test that needs the file fails without it.
    static let missing = "run `make password-blocklist` first (the full set's file is not committed)"

    /// The path when the file is there.
    static var existingPath: String? {
        FileManager.default.isReadableFile(atPath: path) ? path : nil
    }
}
#endif
