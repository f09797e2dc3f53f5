/// An input that cannot be read at all: a file that cannot be opened, a read that fails, a CSV
/// header row that cannot be parsed.
///
/// Problems with single records are not input errors: they are reported per line and reading goes on.
public struct ExportInputError: Error, Sendable, CustomStringConvertible {
    /// What went wrong, naming the input. Never contains input values.
    public let description: String

    /// An error described by `description`.
    public init(_ description: String) {
        self.description = description
    }
}
