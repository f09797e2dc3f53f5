#if CommandLineTool
import ArgumentParser
import KiiIdentity

/// The registration settings shared by `register` and `lint`.
struct RegistrationOptions: ParsableArguments {
    @Flag(help: "Email verification is on: an email address must be verified before login.")
    var emailVerification = false

    @Flag(help: "Phone verification is on: a phone number must be verified before login.")
    var phoneVerification = false

    @OptionGroup var phonePolicy: PhonePolicyOption

    @Option(help: DisplayNamePolicy.optionHelp)
    var displayNamePolicy: DisplayNamePolicy = .kii

    /// The policy the records are checked under.
    var policy: RegistrationPolicy {
        RegistrationPolicy(
            emailVerification: emailVerification,
            phoneVerification: phoneVerification,
            mobileOnly: !phonePolicy.allowLandline,
            phoneMetadata: phonePolicy.phoneMetadata.source,
            displayNamePolicy: displayNamePolicy
        )
    }
}
#endif
