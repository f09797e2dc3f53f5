import KiiIdentity

/// A request that sets a new password (``ChangePasswordRequest``,
/// ``CompletePasswordResetRequest``): its `newPassword` member, judged by the library's rules.
protocol SettingPassword {
    /// The new password as sent.
    var newPassword: String { get }
}

extension SettingPassword {
    /// The new password, its problems reported under `newPassword`.
    ///
    /// - Throws: ``ServiceFailure`` with the library's problems.
    func password() throws -> Password {
        do throws(ValidationError) {
            return try Password(newPassword)
        } catch {
            throw ServiceFailure(ValidationError(error.problems.map { $0.reported(under: .newPassword) }))
        }
    }
}
