import KiiIdentity

/// A request that sets a new password (``ChangePasswordRequest``,
/// ``CompletePasswordResetRequest``): its `newPassword` member, judged by the use case under the
/// service's policy with its user's words (``PasswordJudge/newPassword(_:of:)``).
protocol SettingPassword {
    /// The new password as sent.
    var newPassword: String { get }
}
