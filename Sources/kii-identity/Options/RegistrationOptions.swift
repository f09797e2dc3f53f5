#if CommandLineTool
import ArgumentParser
import KiiIdentity
import KiiIdentityExport

/// The registration settings shared by `register` and `lint`.
struct RegistrationOptions: ParsableArguments {
    @Flag(help: "Email verification is on: an email address must be verified before login.")
    var emailVerification = false

    @Flag(help: "Phone verification is on: a phone number must be verified before login.")
    var phoneVerification = false

    @OptionGroup var phonePolicy: PhonePolicyOption

    @Option(help: DisplayNamePolicy.optionHelp)
    var displayNamePolicy: DisplayNamePolicy = .kii

    @OptionGroup var password: PasswordPolicyOption

    func validate() throws {
        try password.validateBlocklistHasAPolicy()
    }

    /// The policy the records are checked under; each record's password is judged with its own
    /// username, email address and display name as context. Reads `--password-blocklist`'s file
    /// (and warns of a short minimum without it) once a run starts.
    ///
    /// - Throws: ``ExportInputError`` when the blocklist file cannot be read or is not one.
    func policy() throws(ExportInputError) -> RegistrationPolicy {
        password.warnOfAShortMinimumWithoutTheFullSet()
        return RegistrationPolicy(
            emailVerification: emailVerification,
            phoneVerification: phoneVerification,
            mobileOnly: !phonePolicy.allowLandline,
            phoneMetadata: phonePolicy.phoneMetadata.source,
            displayNamePolicy: displayNamePolicy,
            passwordPolicy: password.policy(blocklist: try password.blocklist())
        )
    }
}
#endif
