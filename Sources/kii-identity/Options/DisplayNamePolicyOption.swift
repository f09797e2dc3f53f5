#if CommandLineTool
public import ArgumentParser
public import KiiIdentity

/// `--display-name-policy kii|nickname` (a public conformance, so ArgumentParser and the library
/// are imported publicly here).
extension DisplayNamePolicy: ExpressibleByArgument {}

extension DisplayNamePolicy {
    /// The option's help: what each value means.
    static let optionHelp = ArgumentHelp(
        "The rule display names follow: kii (Kii's: 1 to 50 characters, any content, the default) or nickname "
            + "(RFC 8266: spaces trimmed and collapsed, NFKC, no control, invisible, bidi or unassigned "
            + "characters; the enforced name is the normalised one).",
        valueName: "kii|nickname"
    )
}
#endif
