/// Where the users are stored, read from `DATABASE_URL`.
///
/// - unset or empty: the file `signup.sqlite` in the working directory;
/// - `sqlite:PATH` (or `sqlite://PATH`): an SQLite file;
/// - `sqlite::memory:`: an SQLite database in memory, gone when the service stops (tests);
/// - `postgres://USER[:PASSWORD]@HOST[:PORT]/DATABASE[?search_path=SCHEMA]` (or `postgresql://`).
public enum DatabaseLocation: Sendable, Hashable, CustomStringConvertible {
    /// An SQLite file.
    case sqliteFile(path: String)
    /// An SQLite database in memory, private to one connection (so to one pool of one).
    case sqliteMemory
    /// A PostgreSQL server.
    case postgres(PostgresLocation)

    /// The default: `signup.sqlite` in the working directory.
    public static let defaultFile = DatabaseLocation.sqliteFile(path: "signup.sqlite")

    /// Reads a `DATABASE_URL` value.
    ///
    /// - Throws: ``ConfigurationError`` for a scheme other than `sqlite`, `postgres` and
    ///   `postgresql`, or a PostgreSQL URL without a host, a user or a database.
    public init(url: String?) throws(ConfigurationError) {
        guard let url, !url.isEmpty else {
            self = Self.defaultFile
            return
        }
        if url == "sqlite::memory:" {
            self = .sqliteMemory
        } else if url.hasPrefix("sqlite://") {
            self = .sqliteFile(path: String(url.dropFirst("sqlite://".count)))
        } else if url.hasPrefix("sqlite:") {
            self = .sqliteFile(path: String(url.dropFirst("sqlite:".count)))
        } else if url.hasPrefix("postgres://") || url.hasPrefix("postgresql://") {
            self = .postgres(try PostgresLocation(url: url))
        } else {
            throw ConfigurationError(
                name: "DATABASE_URL",
                reason: "must start with sqlite:, sqlite::memory: or postgres:// (got a URL of another scheme)"
            )
        }
        if case .sqliteFile(let path) = self, path.isEmpty {
            throw ConfigurationError(name: "DATABASE_URL", reason: "sqlite: needs a file path (sqlite:signup.sqlite)")
        }
    }

    /// The location without its password: `postgres://signup@127.0.0.1:5432/signup`.
    public var description: String {
        switch self {
        case .sqliteFile(let path): "sqlite:\(path)"
        case .sqliteMemory: "sqlite::memory:"
        case .postgres(let location): location.description
        }
    }
}

/// The parts of a `postgres://` URL.
public struct PostgresLocation: Sendable, Hashable, CustomStringConvertible {
    /// The server's host name or address.
    public var host: String
    /// The server's port (5432 unless given).
    public var port: Int
    /// The user to connect as.
    public var username: String
    /// The user's password, if any (never printed).
    public var password: String?
    /// The database.
    public var database: String
    /// The schema the service's tables live in (`?search_path=`), `nil` for the server's default.
    public var searchPath: String?
    /// Whether to use TLS (`?sslmode=`): `disable` (the default, for loopback and private
    /// networks), `prefer` or `require` (both verify the server's certificate).
    public var sslMode: SSLMode = .disable

    /// The `sslmode` values the service knows.
    public enum SSLMode: String, Sendable, Hashable {
        /// Plain TCP.
        case disable
        /// TLS when the server offers it.
        case prefer
        /// TLS or no connection.
        case require
    }

    /// Reads `postgres://USER[:PASSWORD]@HOST[:PORT]/DATABASE[?search_path=SCHEMA&sslmode=MODE]`;
    /// user, password and database may be percent-encoded.
    public init(url: String) throws(ConfigurationError) {
        func fail(_ reason: String) -> ConfigurationError { ConfigurationError(name: "DATABASE_URL", reason: reason) }
        guard let schemeEnd = url.range(of: "://") else { throw fail("is not a URL") }
        var rest = Substring(url[schemeEnd.upperBound...])
        var query: Substring = ""
        if let mark = rest.firstIndex(of: "?") {
            query = rest[rest.index(after: mark)...]
            rest = rest[..<mark]
        }
        guard let at = rest.lastIndex(of: "@") else { throw fail("needs a user: postgres://USER@HOST/DATABASE") }
        let credentials = rest[..<at]
        let hostAndPath = rest[rest.index(after: at)...]
        guard let slash = hostAndPath.firstIndex(of: "/") else {
            throw fail("needs a database: postgres://USER@HOST/DATABASE")
        }
        let hostPort = hostAndPath[..<slash]
        database = Self.percentDecoded(hostAndPath[hostAndPath.index(after: slash)...])
        if let colon = credentials.firstIndex(of: ":") {
            username = Self.percentDecoded(credentials[..<colon])
            password = Self.percentDecoded(credentials[credentials.index(after: colon)...])
        } else {
            username = Self.percentDecoded(credentials)
            password = nil
        }
        if let colon = hostPort.lastIndex(of: ":") {
            host = String(hostPort[..<colon])
            guard let number = Int(hostPort[hostPort.index(after: colon)...]), (1...65535).contains(number) else {
                throw fail("has a port that is not a number from 1 to 65535")
            }
            port = number
        } else {
            host = String(hostPort)
            port = 5432
        }
        searchPath = nil
        for parameter in query.split(separator: "&") {
            let pair = parameter.split(separator: "=", maxSplits: 1)
            guard pair.count == 2 else { continue }
            if pair[0] == "search_path" { searchPath = Self.percentDecoded(pair[1]) }
            if pair[0] == "sslmode" {
                guard let mode = SSLMode(rawValue: String(pair[1])) else {
                    throw fail("has an sslmode other than disable, prefer and require")
                }
                sslMode = mode
            }
        }
        guard !host.isEmpty, !username.isEmpty, !database.isEmpty else {
            throw fail("needs a user, a host and a database: postgres://USER@HOST[:PORT]/DATABASE")
        }
    }

    /// `%xx` escapes decoded; an invalid escape is kept as written.
    static func percentDecoded(_ text: Substring) -> String {
        var bytes: [UInt8] = []
        var utf8 = Array(text.utf8)[...]
        while let byte = utf8.popFirst() {
            if byte == UInt8(ascii: "%"), utf8.count >= 2,
                let value = UInt8(String(decoding: utf8.prefix(2), as: UTF8.self), radix: 16)
            {
                bytes.append(value)
                utf8 = utf8.dropFirst(2)
            } else {
                bytes.append(byte)
            }
        }
        return String(decoding: bytes, as: UTF8.self)
    }

    /// The URL without the password.
    public var description: String {
        "postgres://\(username)@\(host):\(port)/\(database)" + (searchPath.map { "?search_path=\($0)" } ?? "")
    }
}
