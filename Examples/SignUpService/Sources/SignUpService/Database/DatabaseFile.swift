#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// An SQLite database file made before SQLite opens it, so that it is private from the start.
enum DatabaseFile {
    /// Creates `path` empty with mode 0600 unless it exists (SQLite takes an empty file for a
    /// new database and gives its `-wal` and `-shm` files the database file's mode); the
    /// process's umask can only take permissions away. An existing file keeps its mode.
    ///
    /// - Throws: ``CreationError`` when the file can be neither created nor found.
    static func createPrivately(_ path: String) throws {
        let descriptor = open(path, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0o600)
        if descriptor >= 0 {
            _ = close(descriptor)
            return
        }
        let code = errno
        guard code == EEXIST else { throw CreationError(path: path, reason: String(cString: strerror(code))) }
    }

    /// A database file that could not be created: its path and the system's reason.
    struct CreationError: Error, CustomStringConvertible {
        let path: String
        let reason: String
        var description: String { "cannot create the database file \(path): \(reason)" }
    }
}
