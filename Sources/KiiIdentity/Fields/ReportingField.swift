/// A field whose check appends its problems to a list it is given, instead of throwing an
/// error of its own: a record checks each such field without an array of problems per field.
protocol ReportingField: IdentityField {
    /// The value of `raw`, or `nil` with the problems ``IdentityField/init(_:)`` would throw
    /// appended to `problems`.
    init?(_ raw: String, reporting problems: inout [ValidationError.Problem])
}
