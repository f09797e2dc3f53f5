/// One entry of libphonenumber's metadata (a region, or a non-geographic entity `001`), in the
/// shape libphonenumber's own tools give it (`BuildMetadataFromXml`): what the engine compiles,
/// whichever ``PhoneMetadataSource`` it comes from.
package struct PhoneMetadata: Sendable {
    /// One number description: a national-number pattern, the lengths it allows, and an example.
    package struct Description: Sendable {
        /// Empty when the metadata has no such description (it then matches nothing).
        package let pattern: String
        /// The possible lengths; empty means "those of the general description"; `[-1]` for a
        /// description the region does not have.
        package let possibleLengths: [Int]
        package let localOnlyLengths: [Int]
        /// A national significant number of this type; empty when the metadata gives none.
        package let exampleNumber: String

        /// What the metadata says of a type the region does not have.
        static let absent = Description(pattern: "", possibleLengths: [-1], localOnlyLengths: [], exampleNumber: "")
    }

    /// One way of writing national numbers, libphonenumber's `NumberFormat`: numbers that start
    /// with the leading digits and match the pattern whole are written as the format says.
    package struct NumberFormat: Sendable {
        /// With capturing groups, `(\d{2})(\d{4})(\d{4})`.
        package let pattern: String
        /// With `$1`-style group references, `$1-$2-$3`.
        package let format: String
        /// From the least to the most detailed; the last one decides.
        package let leadingDigitsPatterns: [String]
        /// How the national prefix joins the first group in the national format (`0$1`, `($1)`),
        /// `$NP` and `$FG` already expanded; empty for none (and in international formats).
        package let nationalPrefixFormattingRule: String
    }

    /// The descriptions, in the order of `CPhoneNumberShims_DESC_*`.
    package enum Kind: Int, CaseIterable, Sendable {
        case general, fixedLine, mobile, tollFree, premiumRate, sharedCost, personalNumber, voip, pager, uan,
            voicemail

        /// The label bit of this description in a territory's automaton.
        var bit: UInt16 { 1 << UInt16(rawValue) }
    }

    /// `JP`, or `001`.
    package let id: String
    package let countryCallingCode: Int
    package let isMainCountryForCode: Bool
    package let sameMobileAndFixedLinePattern: Bool
    /// `nil` when the metadata sets none.
    package let leadingDigits: String?
    package let nationalPrefix: String
    package let nationalPrefixForParsing: String
    /// With `$1`-style group references.
    package let nationalPrefixTransformRule: String
    package let internationalPrefix: String
    /// Indexed by ``Kind``.
    package let descriptions: [Description]
    /// The national formats, in the metadata's order (the first that fits is used).
    package let numberFormats: [NumberFormat]
    /// The international formats when the region defines its own; empty when they are the
    /// national ones.
    package let internationalFormats: [NumberFormat]
}
