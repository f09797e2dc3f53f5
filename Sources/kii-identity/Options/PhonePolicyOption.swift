#if CommandLineTool
import ArgumentParser
import KiiIdentity

/// The `--allow-landline` flag shared by every subcommand.
struct PhonePolicyOption: ParsableArguments {
    @Flag(help: "Accept any valid phone number, not only mobile ones (the default is mobile only).")
    var allowLandline = false

    /// The policy: the documented default, or any type of number with `--allow-landline`.
    var policy: PhonePolicy {
        allowLandline ? PhonePolicy(mobileOnly: false) : .default
    }
}
#endif
