/// The regions libphonenumber supports, with what the phone rules need of each, read once.
struct RegionTable: Sendable {
    /// One supported region.
    struct Region: Sendable {
        let code: String
        let countryCallingCode: Int
        /// The national (trunk) prefix, digits only; empty when the region has none.
        let nationalPrefix: String

        /// The code's two letters, as ASCII bytes.
        let letters: (UInt8, UInt8)
    }

    /// The shared table, read from libphonenumber on first use.
    static let shared = RegionTable(codes: PhoneNumberLibrary.supportedRegions())

    /// The regions, sorted by code.
    let regions: [Region]
    /// Index into `regions` by `(first letter - 'A') * 26 + (second letter - 'A')`, -1 when unsupported.
    private let slots: [Int16]

    init(codes: [String]) {
        var slots = [Int16](repeating: -1, count: 26 * 26)
        var regions: [Region] = []
        for code in codes {
            let bytes = Array(code.utf8)
            guard bytes.count == 2, let slot = Self.slot(bytes[0], bytes[1]) else { continue }
            slots[slot] = Int16(regions.count)
            regions.append(
                Region(
                    code: code,
                    countryCallingCode: PhoneNumberLibrary.countryCallingCode(region: code),
                    nationalPrefix: PhoneNumberLibrary.nationalPrefix(region: code),
                    letters: (bytes[0], bytes[1])
                )
            )
        }
        self.regions = regions
        self.slots = slots
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
        guard bytes.count == 2, let slot = Self.slot(bytes[0], bytes[1]) else { return nil }
        let index = slots[slot]
        return index < 0 ? nil : regions[Int(index)]
    }

    /// The region for two upper-case ASCII bytes, if supported.
    @inline(__always)
    func region(_ first: UInt8, _ second: UInt8) -> Region? {
        guard let slot = Self.slot(first, second) else { return nil }
        let index = slots[slot]
        return index < 0 ? nil : regions[Int(index)]
    }

    /// The region for a code such as "JP", if supported.
    func region(_ code: String) -> Region? {
        code.withUTF8Bytes { region($0) }
    }
}
