#if CommandLineTool
import Foundation

/// A file written for one test under a name of its choosing (the name's extension matters to
/// `register` and `lint`), removed when the value is released.
final class TemporaryInput {
    /// The folder, unique to this input.
    let directory: URL
    /// The file's absolute path.
    let path: String

    /// Writes `bytes` to a file called `name` in a new temporary folder.
    init(name: String, bytes: [UInt8]) throws {
        directory = FileManager.default.temporaryDirectory.appendingPathComponent("kii-identity-input-\(UUID())")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        let url = directory.appendingPathComponent(name)
        try Data(bytes).write(to: url)
        path = url.path
    }

    /// Writes `text` as UTF-8 to a file called `name`.
    convenience init(name: String, text: String) throws {
        try self.init(name: name, bytes: Array(text.utf8))
    }

    deinit {
        try? FileManager.default.removeItem(at: directory)
    }
}
#endif
