#if CommandLineTool
import ArgumentParser
import KiiIdentity

/// The phone options shared by every subcommand: `--allow-landline` and `--phone-metadata`.
struct PhonePolicyOption: ParsableArguments {
    /// Whose metadata judges phone numbers.
    enum Metadata: String, ExpressibleByArgument, CaseIterable {
        case bundled, system

        /// The library's source.
        var source: PhoneMetadataSource { self == .bundled ? .bundled : .system }
    }

    @Flag(help: "Accept any valid phone number, not only mobile ones (the default is mobile only).")
    var allowLandline = false

    @Option(
        help: ArgumentHelp(
            "Whose numbering plans judge phone numbers: bundled (\(PhoneMetadataSource.bundled.name), the default) "
                + "or system (the installed libphonenumber's).",
            valueName: "bundled|system"
        )
    )
    var phoneMetadata: Metadata = .bundled

    /// The policy: the documented default, or any type of number with `--allow-landline`, on the
    /// chosen metadata.
    var policy: PhonePolicy {
        PhonePolicy(mobileOnly: !allowLandline, metadata: phoneMetadata.source)
    }
}
#endif
