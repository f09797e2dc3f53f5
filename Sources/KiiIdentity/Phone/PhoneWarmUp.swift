extension PhoneNumber {
    /// Compiles the phone tables of every country calling code now, so that no request pays
    /// for a code's first use.
    ///
    /// The engine compiles a calling code's tables the first time a number of that code is
    /// read: a few milliseconds for most codes and about 35 ms for `+1` (25 regions), about
    /// 250 ms for all of them (release build). A service calls this once at start-up, before it
    /// takes traffic; a tool that reads a few numbers need not. Safe to call from any thread,
    /// any number of times: tables compile once and are never freed.
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
