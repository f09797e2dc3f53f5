extension RecordChecker {
    /// A record's country, checked before the fields that read it (a local phone number) and
    /// reported after them, in field order: its problems are made when they are added.
    struct Country {
        /// The country, when one was given and is valid.
        let value: CountryCode?
        /// The text given, when it is not a valid country.
        private let invalid: String?

        /// Checks `raw`, when given.
        init(_ raw: String?) {
            guard let raw else {
                value = nil
                invalid = nil
                return
            }
            if let region = raw.withUTF8Bytes({ RegionTable.bundled.region($0) }) {
                value = CountryCode(region)
                invalid = nil
            } else {
                value = nil
                invalid = raw
            }
        }

        /// Appends the country's problems, if any, to `problems`.
        func report(into problems: inout [ValidationError.Problem]) {
            invalid?.withUTF8Bytes { bytes in CountryCode.diagnose(bytes, into: &problems) }
        }
    }
}
