internal import CPhoneNumberShims

/// One entry of libphonenumber's metadata (a region, or a non-geographic entity `001`), read
/// through the shim from the library the system has: nothing of it is copied into this package.
struct PhoneMetadata: Sendable {
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
    let id: String
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

    /// The whole collection, in libphonenumber's order, read on first use.
    static let all: [PhoneMetadata] = (0..<CPhoneNumberShims_metadataCount()).compactMap(read)

    private static func read(_ index: Int) -> PhoneMetadata? {
        var raw = CPhoneNumberShims_Metadata()
        guard CPhoneNumberShims_metadata(index, &raw) == CPhoneNumberShims_OK else { return nil }
        var descriptions: [Description] = []
        for kind in Kind.allCases {
            var desc = CPhoneNumberShims_Desc()
            guard CPhoneNumberShims_metadataDesc(index, Int32(kind.rawValue), &desc) == CPhoneNumberShims_OK else {
                return nil
            }
            descriptions.append(
                Description(
                    pattern: desc.present == 0 ? "" : string(desc.nationalNumberPattern),
                    possibleLengths: lengths(desc.possibleLengths, desc.possibleLengthCount),
                    localOnlyLengths: lengths(desc.localOnlyLengths, desc.localOnlyLengthCount)
                )
            )
        }
        return PhoneMetadata(
            id: string(raw.id),
            countryCallingCode: Int(raw.countryCallingCode),
            isMainCountryForCode: raw.mainCountryForCode != 0,
            sameMobileAndFixedLinePattern: raw.sameMobileAndFixedLinePattern != 0,
            leadingDigits: raw.hasLeadingDigits != 0 ? string(raw.leadingDigits) : nil,
            nationalPrefix: string(raw.nationalPrefix),
            nationalPrefixForParsing: string(raw.nationalPrefixForParsing),
            nationalPrefixTransformRule: string(raw.nationalPrefixTransformRule),
            internationalPrefix: string(raw.internationalPrefix),
            descriptions: descriptions
        )
    }

    private static func string(_ text: CPhoneNumberShims_Text) -> String {
        guard let bytes = text.bytes, text.length > 0 else { return "" }
        return bytes.withMemoryRebound(to: UInt8.self, capacity: text.length) {
            String(decoding: UnsafeBufferPointer(start: $0, count: text.length), as: UTF8.self)
        }
    }

    private static func lengths(_ pointer: UnsafePointer<Int32>?, _ count: Int) -> [Int] {
        guard let pointer, count > 0 else { return [] }
        return UnsafeBufferPointer(start: pointer, count: count).map(Int.init)
    }
}
