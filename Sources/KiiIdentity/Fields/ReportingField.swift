/// A field whose check appends its problems to a list it is given, instead of throwing an
/// error of its own: a record checks each such field without an array of problems per field.
protocol ReportingField: IdentityField {
    /// The value of `raw`, or `nil` with the problems ``IdentityField/init(_:)`` would throw
    /// appended to `problems`.
    init?(_ raw: String, reporting problems: inout [ValidationError.Problem])

    /// Appends what is wrong with the UTF-8 `bytes` to `problems` (nothing when they are valid).
    static func diagnose(_ bytes: UnsafeBufferPointer<UInt8>, into problems: inout [ValidationError.Problem])
}

extension ReportingField {
    /// What is wrong with the UTF-8 `bytes`, in a list of its own.
    static func diagnose(_ bytes: UnsafeBufferPointer<UInt8>) -> [ValidationError.Problem] {
        var problems: [ValidationError.Problem] = []
        diagnose(bytes, into: &problems)
        return problems
    }
}
