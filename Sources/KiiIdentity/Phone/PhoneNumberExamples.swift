extension PhoneNumber {
    /// libphonenumber's example number of `type` for `region`, in E.164, if the metadata has one.
    ///
    /// Handy for placeholders in forms and for tests. The example is not validated against a
    /// policy: in 13 regions the example mobile number has fewer than 10 digits.
    ///
    /// ```swift
    /// PhoneNumber.example(for: try CountryCode("JP"), type: .mobile)   // "+819012345678"
    /// ```
    ///
    /// - Parameters:
    ///   - region: the region.
    ///   - type: the type; `FIXED_LINE_OR_MOBILE` gives the fixed-line example, `UNKNOWN` none.
    ///   - metadata: whose metadata (the bundled one by default).
    /// - Returns: the example in E.164 form, or `nil`.
    public static func example(
        for region: CountryCode,
        type: PhoneNumberType,
        metadata: PhoneMetadataSource = .bundled
    ) -> String? {
        guard let found = RegionTable.of(metadata.kind).region(region.rawValue) else { return nil }
        return PhoneEngine.example(of: type, in: found, source: metadata.kind)
    }
}
