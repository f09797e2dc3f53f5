public import KiiIdentity

extension ValidationError.Problem {
    /// The problem of a line over the default length limit.
    public static let lineTooLong = Self(field: .line, .lineTooLong(maximumBytes: LineReader.defaultMaximumLineBytes))
}
