import Foundation
import KiiIdentityExport

/// Bytes behind a pipe, as standard input gives them: no size, no `pread`, read once.
final class PipeInput {
    /// The pipe's read end.
    let descriptor: Int32

    /// A pipe holding `bytes`, its write end already closed (the bytes must fit the pipe's buffer).
    init(_ bytes: [UInt8]) {
        var ends: [Int32] = [0, 0]
        precondition(pipe(&ends) == 0)
        let written = bytes.withUnsafeBytes { write(ends[1], $0.baseAddress, $0.count) }
        precondition(written == bytes.count)
        close(ends[1])
        descriptor = ends[0]
    }

    /// A pipe holding `text` as UTF-8.
    convenience init(_ text: String) {
        self.init(Array(text.utf8))
    }

    /// The pipe opened again by path (`/dev/fd/N`, a name without extension), as an input file.
    func inputFile() throws -> InputFile {
        try InputFile(path: "/dev/fd/\(descriptor)")
    }

    deinit {
        close(descriptor)
    }
}
