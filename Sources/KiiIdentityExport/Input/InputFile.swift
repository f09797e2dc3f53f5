#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// An input opened for reading: a file by path, or standard input.
public final class InputFile {
    /// The descriptor to read.
    public let descriptor: Int32
    /// The path, or `standard input`, for messages.
    public let name: String
    /// The size in bytes of a regular file, `nil` for a pipe or terminal.
    public let size: Int?

    /// Opens `path`, or standard input when `path` is `nil` or `-`.
    ///
    /// - Throws: ``ExportInputError`` when the file cannot be opened or is a directory.
    public init(path: String?) throws(ExportInputError) {
        if let path, path != "-" {
            let descriptor = open(path, O_RDONLY)
            guard descriptor >= 0 else {
                throw ExportInputError("cannot open \(path): \(String(cString: strerror(errno)))")
            }
            self.descriptor = descriptor
            name = path
        } else {
            descriptor = STDIN_FILENO
            name = "standard input"
        }
        var status = stat()
        if fstat(descriptor, &status) == 0 {
            if (status.st_mode & S_IFMT) == S_IFDIR {
                if descriptor != STDIN_FILENO { close(descriptor) }
                throw ExportInputError("cannot read \(name): it is a directory")
            }
            size = (status.st_mode & S_IFMT) == S_IFREG ? Int(status.st_size) : nil
        } else {
            size = nil
        }
    }

    /// A line reader over the input; it keeps the input open while it reads.
    public func lines() -> LineReader {
        LineReader(
            descriptor: descriptor,
            name: name,
            maximumLineBytes: LineReader.defaultMaximumLineBytes,
            chunkSize: LineReader.defaultChunkSize,
            owner: self
        )
    }

    deinit {
        if descriptor != STDIN_FILENO { close(descriptor) }
    }
}
