/// A setting in the environment that the service cannot use; it stops at start-up with this.
public struct ConfigurationError: Error, Sendable, Hashable, CustomStringConvertible {
    /// The environment variable.
    public var name: String
    /// What is wrong with it, after its name.
    public var reason: String

    /// Creates an error about the variable `name`.
    public init(name: String, reason: String) {
        self.name = name
        self.reason = reason
    }

    /// `BCRYPT_COST must be a whole number from 4 to 31`.
    public var description: String { "\(name) \(reason)" }
}
