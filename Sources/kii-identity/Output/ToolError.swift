/// A usage or I/O failure that ends the run with exit status 2.
///
/// Validation problems are not tool errors: they are reported in the output and the run goes on.
struct ToolError: Error, CustomStringConvertible {
    /// What went wrong, for stderr. Never contains input values.
    let description: String

    init(_ description: String) {
        self.description = description
    }
}
