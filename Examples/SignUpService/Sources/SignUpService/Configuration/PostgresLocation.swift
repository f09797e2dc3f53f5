/// The parts of a `postgres://` URL: libpq's connection URI,
/// `postgres://[USER[:PASSWORD]@]HOST[:PORT][,HOST[:PORT]...][/DATABASE][?NAME=VALUE[&...]]`.
///
/// Several hosts are the servers of one replicated database (`pg_autoctl show uri` prints
/// `postgres://127.0.0.1:6001,127.0.0.1:6002/app?target_session_attrs=read-write&sslmode=prefer`):
/// the service uses the first that suits `target_session_attrs` and looks again when it stops
/// suiting (see ``PostgresPool``). An IPv6 address is written in brackets (`[::1]:5432`); a host
/// without a port has 5432; user, password, host, database and values may be percent-encoded.
public struct PostgresLocation: Sendable, Hashable, CustomStringConvertible {
    /// The servers, in the order they are tried (at least one).
    public var endpoints: [PostgresEndpoint]
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
    /// Which of the servers the service may use (`?target_session_attrs=`, libpq's default `any`).
    public var targetSessionAttributes: TargetSessionAttributes = .any
    /// How long a connection to one server may take to open, in seconds (`?connect_timeout=`);
    /// `nil`: the service's database timeout.
    public var connectTimeout: Int?
    /// The name the servers show for the service's connections (`?application_name=`).
    public var applicationName: String?

    /// The `sslmode` values the service knows.
    public enum SSLMode: String, Sendable, Hashable {
        /// Plain TCP.
        case disable
        /// TLS when the server offers it.
        case prefer
        /// TLS or no connection.
        case require
    }

    /// The first server: the only one of a URL with one host.
    public var host: String { endpoints[0].host }

    /// The first server's port.
    public var port: Int { endpoints[0].port }

    /// Reads a URL; `defaultUser` is the user of a URL that names none (without it, such a URL
    /// is refused).
    ///
    /// - Throws: ``ConfigurationError`` naming `DATABASE_URL` and what is wrong: no host, user or
    ///   database; a port that is not a number from 1 to 65535; an IPv6 address out of brackets;
    ///   a parameter the service does not know or a value it cannot use.
    public init(url: String, defaultUser: String? = nil) throws(ConfigurationError) {
        func fail(_ reason: String) -> ConfigurationError { ConfigurationError(name: "DATABASE_URL", reason: reason) }
        guard let schemeEnd = url.range(of: "://") else { throw fail("is not a URL") }
        var rest = Substring(url[schemeEnd.upperBound...])
        var query: Substring = ""
        if let mark = rest.firstIndex(of: "?") {
            query = rest[rest.index(after: mark)...]
            rest = rest[..<mark]
        }
        var hostsAndPath = rest
        var user: String?
        password = nil
        if let at = rest.lastIndex(of: "@") {
            let credentials = rest[..<at]
            hostsAndPath = rest[rest.index(after: at)...]
            if let colon = credentials.firstIndex(of: ":") {
                user = Self.percentDecoded(credentials[..<colon])
                password = Self.percentDecoded(credentials[credentials.index(after: colon)...])
            } else {
                user = Self.percentDecoded(credentials)
            }
        }
        guard let name = user.flatMap({ $0.isEmpty ? nil : $0 }) ?? defaultUser.flatMap({ $0.isEmpty ? nil : $0 })
        else { throw fail("needs a user: postgres://USER@HOST/DATABASE") }
        username = name
        guard let slash = hostsAndPath.firstIndex(of: "/") else {
            throw fail("needs a database: postgres://USER@HOST/DATABASE")
        }
        database = Self.percentDecoded(hostsAndPath[hostsAndPath.index(after: slash)...])
        endpoints = try Self.endpoints(hostsAndPath[..<slash])
        for parameter in query.split(separator: "&") {
            let pair = parameter.split(separator: "=", maxSplits: 1, omittingEmptySubsequences: false)
            let key = String(pair[0])
            let value = pair.count == 2 ? Self.percentDecoded(pair[1]) : ""
            switch key {
            case "search_path": searchPath = value
            case "application_name": applicationName = value
            case "sslmode":
                guard let mode = SSLMode(rawValue: value) else {
                    throw fail("has an sslmode other than disable, prefer and require")
                }
                sslMode = mode
            case "target_session_attrs":
                targetSessionAttributes = try TargetSessionAttributes(parameter: value)
            case "connect_timeout":
                guard let seconds = Int(value), (1...3600).contains(seconds) else {
                    throw fail("has a connect_timeout that is not a whole number of seconds from 1 to 3600")
                }
                connectTimeout = seconds
            default:
                throw fail(
                    "has a parameter the service does not know: \(key) (it knows search_path, sslmode,"
                        + " target_session_attrs, connect_timeout and application_name)"
                )
            }
        }
        guard !database.isEmpty else { throw fail("needs a database: postgres://USER@HOST/DATABASE") }
    }

    /// The servers of `list` (`HOST[:PORT],...`).
    private static func endpoints(_ list: Substring) throws(ConfigurationError) -> [PostgresEndpoint] {
        func fail(_ reason: String) -> ConfigurationError { ConfigurationError(name: "DATABASE_URL", reason: reason) }
        var endpoints: [PostgresEndpoint] = []
        for item in list.split(separator: ",", omittingEmptySubsequences: false) {
            var host: Substring
            var port: Substring?
            if item.first == "[" {
                guard let close = item.firstIndex(of: "]") else { throw fail("has an IPv6 address without its ]") }
                host = item[item.index(after: item.startIndex)..<close]
                let after = item[item.index(after: close)...]
                if !after.isEmpty {
                    guard after.first == ":" else { throw fail("has text after an IPv6 address's ]: \(after)") }
                    port = after.dropFirst()
                }
            } else if let colon = item.firstIndex(of: ":") {
                host = item[..<colon]
                port = item[item.index(after: colon)...]
                guard port?.contains(":") == false else {
                    throw fail("has an IPv6 address out of brackets: write [\(item)]")
                }
            } else {
                host = item
            }
            let decoded = percentDecoded(host)
            guard !decoded.isEmpty else {
                throw fail("needs a host for every server: postgres://USER@HOST[:PORT][,HOST[:PORT]]/DATABASE")
            }
            guard !decoded.hasPrefix("/") else {
                throw fail("names a Unix socket folder; the service needs a TCP host")
            }
            var number = 5432
            if let port {
                guard let value = Int(port), (1...65535).contains(value) else {
                    throw fail("has a port that is not a number from 1 to 65535")
                }
                number = value
            }
            endpoints.append(PostgresEndpoint(host: decoded, port: number))
        }
        return endpoints
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

    /// The URL without the password: `postgres://signup@10.0.0.1:5432,10.0.0.2:5432/signup?target_session_attrs=read-write`.
    public var description: String {
        var parameters: [String] = []
        if let searchPath { parameters.append("search_path=\(searchPath)") }
        if targetSessionAttributes != .any {
            parameters.append("target_session_attrs=\(targetSessionAttributes.rawValue)")
        }
        let hosts = endpoints.map(\.description).joined(separator: ",")
        return "postgres://\(username)@\(hosts)/\(database)"
            + (parameters.isEmpty ? "" : "?" + parameters.joined(separator: "&"))
    }
}
