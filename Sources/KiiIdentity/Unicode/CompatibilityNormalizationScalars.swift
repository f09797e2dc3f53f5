extension CompatibilityNormalization {
    /// The NFKC of `scalars`, with no emoji sequence kept whole: UAX #15's function itself, the
    /// one the display-name rule runs, for the tests that hold it to Unicode's conformance file
    /// and to ICU.
    ///
    /// - Parameter scalars: Unicode scalar values (no surrogates).
    /// - Returns: their NFKC, scalar for scalar.
    static func nfkc(_ scalars: [UInt32], tables: UnicodeData = .shared) -> [UInt32] {
        var buffer = ScalarBuffer(tracking: false, capacity: scalars.count)
        for scalar in scalars { buffer.append(scalar, source: 0) }
        if mayChange(buffer, tables: tables) { normalize(&buffer, tables: tables) }
        return buffer.scalars
    }
}
