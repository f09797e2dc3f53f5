/// Where the users are stored, read from `DATABASE_URL`.
///
/// - unset or empty: the file `signup.sqlite` in the working directory;
/// - `sqlite:PATH` (or `sqlite://PATH`): an SQLite file;
/// - `sqlite::memory:`: an SQLite database in memory, gone when the service stops (tests);
/// - `postgres://USER[:PASSWORD]@HOST[:PORT][,HOST[:PORT]...]/DATABASE[?PARAMETERS]` (or
///   `postgresql://`): one PostgreSQL server, or several of which the service uses the one that
///   accepts writes (libpq's connection URI; see ``PostgresLocation``).
public enum DatabaseLocation: Sendable, Hashable, CustomStringConvertible {
    /// An SQLite file.
    case sqliteFile(path: String)
    /// An SQLite database in memory, private to one connection (so to one pool of one).
    case sqliteMemory
    /// A PostgreSQL server.
    case postgres(PostgresLocation)

    /// The default: `signup.sqlite` in the working directory.
    public static let defaultFile = DatabaseLocation.sqliteFile(path: "signup.sqlite")

    /// Reads a `DATABASE_URL` value; `defaultUser` (libpq's `PGUSER`) is the PostgreSQL user of
    /// a URL that names none (`pg_autoctl show uri` prints none).
    ///
    /// - Throws: ``ConfigurationError`` for a scheme other than `sqlite`, `postgres` and
    ///   `postgresql`, or a PostgreSQL URL that ``PostgresLocation`` refuses.
    public init(url: String?, defaultUser: String? = nil) throws(ConfigurationError) {
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
            self = .postgres(try PostgresLocation(url: url, defaultUser: defaultUser))
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
