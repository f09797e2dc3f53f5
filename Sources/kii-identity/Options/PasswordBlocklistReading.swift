#if CommandLineTool
import Foundation
import KiiIdentity
import KiiIdentityExport

/// Reads the file of `--password-blocklist` whole and checks it (``PasswordBlocklist/init(bytes:)``).
enum PasswordBlocklistReading {
    /// The blocklist in the file at `path`.
    ///
    /// - Throws: ``ExportInputError`` (exit status 2) naming the option and the file: it cannot
    ///   be opened or read, is a directory or standard input, or is not a whole blocklist file.
    static func read(_ path: String) throws(ExportInputError) -> PasswordBlocklist {
        let option = "--password-blocklist"
        guard path != "-" else { throw ExportInputError("\(option) reads a file, not standard input") }
        let file: InputFile
        do {
            file = try InputFile(path: path)
        } catch {
            throw ExportInputError("\(option): \(error.description)")
        }
        var bytes: [UInt8] = []
        bytes.reserveCapacity(file.size ?? 0)
        var chunk = [UInt8](repeating: 0, count: 1 << 20)
        while true {
            let count = chunk.withUnsafeMutableBytes { Foundation.read(file.descriptor, $0.baseAddress, $0.count) }
            if count == 0 { break }
            if count < 0 {
                if errno == EINTR { continue }
                throw ExportInputError("\(option): cannot read \(path): \(String(cString: strerror(errno)))")
            }
            bytes.append(contentsOf: chunk[..<count])
        }
        do {
            return try PasswordBlocklist(bytes: bytes)
        } catch {
            throw ExportInputError("\(option) \(path): \(error.description)")
        }
    }
}
#endif
