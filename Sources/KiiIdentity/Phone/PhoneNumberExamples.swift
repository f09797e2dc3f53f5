extension PhoneNumber {
    /// libphonenumber's example number of `type` for `region`, in E.164, if its metadata has one.
    ///
    /// Handy for placeholders in forms and for tests. The example is not validated against a
    /// policy: in 13 regions the example mobile number has fewer than 10 digits.
    ///
    /// ```swift
    /// PhoneNumber.example(for: try CountryCode("JP"), type: .mobile)   // "+819012345678"
    /// ```
    public static func example(for region: CountryCode, type: PhoneNumberType) -> String? {
        PhoneNumberLibrary.exampleNumber(region: region.rawValue, type: type)
    }
}
