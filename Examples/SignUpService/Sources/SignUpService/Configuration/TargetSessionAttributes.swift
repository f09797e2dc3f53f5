/// Which server of several the service may use: libpq's `target_session_attrs`.
///
/// The service writes, so it takes the four values under which a server that accepts writes may
/// be chosen; `read-only` and `standby` are refused at start.
public enum TargetSessionAttributes: String, Sendable, Hashable, CaseIterable {
    /// The first server that answers (libpq's default).
    case any
    /// The first server whose `SHOW transaction_read_only` is `off`: one that accepts writes now
    /// (a server just promoted is out of recovery but read-only for a few seconds).
    case readWrite = "read-write"
    /// The first server not in recovery (`pg_is_in_recovery()` is false).
    case primary
    /// The first server in recovery, else the first that answers.
    case preferStandby = "prefer-standby"

    /// Reads the parameter's value.
    ///
    /// - Throws: ``ConfigurationError`` for `read-only`, `standby` (the service writes) and any
    ///   value libpq does not define.
    init(parameter: String) throws(ConfigurationError) {
        if let value = Self(rawValue: parameter) {
            self = value
        } else if parameter == "read-only" || parameter == "standby" {
            throw ConfigurationError(
                name: "DATABASE_URL",
                reason: "has target_session_attrs=\(parameter), on which the service could not write:"
                    + " use read-write, primary, any or prefer-standby"
            )
        } else {
            throw ConfigurationError(
                name: "DATABASE_URL",
                reason: "has a target_session_attrs other than read-write, primary, any and prefer-standby"
            )
        }
    }
}
