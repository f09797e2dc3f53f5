extension PhoneNumber {
    /// Compiles the phone tables of every country calling code now, so that no request pays
    /// for a code's first use.
    ///
    /// The engine compiles a calling code's tables (validation and formats) the first time a
    /// number of that code is read; this compiles them all, the bundled metadata read first (how
    /// long it takes and how much memory the tables hold: Performance.md, "Figures behind the
    /// code's choices"). A service calls this once at start-up, before it takes
    /// traffic; a tool that reads a few numbers need not. Safe to call from any thread, any
    /// number of times: tables compile once and are never freed.
    ///
    /// ```swift
    /// PhoneNumber.warmUp()   // at start-up, before the server listens
    /// ```
    ///
    /// - Parameter metadata: whose tables (the bundled metadata's by default).
    public static func warmUp(metadata: PhoneMetadataSource = .bundled) {
        _ = PhoneTerritories.of(metadata.kind).compileAll()
    }
}
