import KiiIdentity

extension PhoneNumber {
    /// Every output of a valid number, as (name, value) pairs in a fixed order; the names are the
    /// library's property names and the JSON member names.
    var outputs: [(name: String, value: JSONValue)] {
        [
            ("e164", .string(e164)),
            ("region", .string(region.rawValue)),
            ("countryCallingCode", .integer(countryCallingCode)),
            ("nationalNumber", .string(nationalNumber)),
            ("restForm", .string(restForm)),
            ("nationalFormat", .string(nationalFormat)),
            ("internationalFormat", .string(internationalFormat)),
            ("type", .string(type.rawValue)),
        ]
    }
}
