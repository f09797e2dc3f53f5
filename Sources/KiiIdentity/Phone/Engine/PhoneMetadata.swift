/// One entry of libphonenumber's metadata (a region, or a non-geographic entity `001`), read
/// through the shim from the library the system has: nothing of it is copied into this package.
package struct PhoneMetadata: Sendable {
    /// One number description: a national-number pattern and the lengths it allows.
    struct Description: Sendable {
        /// Empty when the metadata has no such description (it then matches nothing).
        let pattern: String
        /// The possible lengths; empty means "those of the general description".
        let possibleLengths: [Int]
        let localOnlyLengths: [Int]
    }

    /// The descriptions, in the order of `CPhoneNumberShims_DESC_*`.
    enum Kind: Int, CaseIterable, Sendable {
        case general, fixedLine, mobile, tollFree, premiumRate, sharedCost, personalNumber, voip, pager, uan,
            voicemail

        /// The label bit of this description in a territory's automaton.
        var bit: UInt16 { 1 << UInt16(rawValue) }
    }

    /// `JP`, or `001`.
    package let id: String
    let countryCallingCode: Int
    let isMainCountryForCode: Bool
    let sameMobileAndFixedLinePattern: Bool
    /// `nil` when the metadata sets none.
    let leadingDigits: String?
    let nationalPrefix: String
    let nationalPrefixForParsing: String
    /// With `$1`-style group references.
    let nationalPrefixTransformRule: String
    let internationalPrefix: String
    /// Indexed by ``Kind``.
    let descriptions: [Description]

    /// The whole collection, in libphonenumber's order, read on first use from the installed
    /// library (``PhoneNumberLibrary/metadataCollection()``).
    package static let all: [PhoneMetadata] = PhoneNumberLibrary.metadataCollection()
}
