import KiiIdentity

extension Password {
    /// A new password (a change's or a reset's) by the library's rules, its problems reported
    /// under `newPassword`.
    ///
    /// - Throws: ``ServiceFailure`` with the library's problems.
    static func new(_ text: String) throws -> Password {
        do throws(ValidationError) {
            return try Password(text)
        } catch {
            throw ServiceFailure(ValidationError(error.problems.map { $0.reported(under: .newPassword) }))
        }
    }
}
