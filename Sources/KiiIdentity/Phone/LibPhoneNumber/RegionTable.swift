/// The regions libphonenumber supports, with what the phone rules need of each, read once.
///
/// A plain table over memory allocated once and never freed (there is one, for the process):
/// a phone check looks its country up without reference counting or strings.
struct RegionTable: @unchecked Sendable {
    // `@unchecked`: `slots` is written once, in `init`, before the table is published.
    /// One supported region: plain values, so that looking one up copies a few words.
    struct Region: Sendable {
        /// The code's two letters, as ASCII bytes.
        let letters: (UInt8, UInt8)
        let countryCallingCode: Int
        /// Whether the national (trunk) prefix is the calling code written out, as `1` in the
        /// US: then digits that start with the calling code are read with a trunk prefix.
        let trunkPrefixIsCallingCode: Bool

        /// The code, such as `JP`.
        var code: String {
            withUnsafeBytes(of: letters) { String(decoding: $0, as: UTF8.self) }
        }
    }

    /// The shared table, read from libphonenumber on first use.
    static let shared = RegionTable(codes: PhoneNumberLibrary.supportedRegions())

    /// The regions, sorted by code.
    let regions: [Region]
    /// Per `(first letter - 'A') * 26 + (second letter - 'A')`: the region, if supported.
    private let slots: UnsafePointer<Region?>

    private init(codes: [String]) {
        var slots = [Region?](repeating: nil, count: 26 * 26)
        var regions: [Region] = []
        for code in codes {
            let bytes = Array(code.utf8)
            guard bytes.count == 2, let slot = Self.slot(bytes[0], bytes[1]) else { continue }
            let countryCallingCode = PhoneNumberLibrary.countryCallingCode(region: code)
            let region = Region(
                letters: (bytes[0], bytes[1]),
                countryCallingCode: countryCallingCode,
                trunkPrefixIsCallingCode: PhoneNumberLibrary.nationalPrefix(region: code) == String(countryCallingCode)
            )
            slots[slot] = region
            regions.append(region)
        }
        self.regions = regions
        self.slots = TableArena.permanentCopy(of: slots)
    }

    @inline(__always)
    static func slot(_ first: UInt8, _ second: UInt8) -> Int? {
        let a = first &- 0x41
        let b = second &- 0x41
        guard a < 26, b < 26 else { return nil }
        return Int(a) * 26 + Int(b)
    }

    /// The region for two upper-case ASCII bytes, if supported.
    @inline(__always)
    func region(_ bytes: UnsafeBufferPointer<UInt8>) -> Region? {
        guard bytes.count == 2 else { return nil }
        return region(bytes[0], bytes[1])
    }

    /// The region for two upper-case ASCII bytes, if supported.
    @inline(__always)
    func region(_ first: UInt8, _ second: UInt8) -> Region? {
        guard let slot = Self.slot(first, second) else { return nil }
        return slots[slot]
    }

    /// The region for a code such as "JP", if supported.
    func region(_ code: String) -> Region? {
        code.withUTF8Bytes { region($0) }
    }
}
