import KiiIdentity

extension PasswordPolicy {
    /// The minimums the tool takes for the nist rule, from `nist:N` or a line's `minimumLength`:
    /// 8 to 64, the range ``PasswordPolicy/nist(minimumLength:blocklist:)`` clamps into (the tool
    /// refuses another number rather than clamp it). Built with or without the
    /// `CommandLineTool` trait, as the `check --jsonl` line reader is.
    static let toolMinimumLengths = 8...64
}
