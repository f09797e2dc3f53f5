import CPhoneNumberShims
import Testing

@testable import KiiIdentity

/// The one table of regions, read from the metadata, against libphonenumber's own answers and
/// against the set compiled into `RegionTable.contains`.
@Suite struct RegionTableTests {
    @Test("every region: the compiled-in set, the calling code and the trunk prefix agree with libphonenumber")
    func everyRegion() {
        let table = RegionTable.shared
        #expect(table.regions.count == 245)
        for first in UInt8(ascii: "A")...UInt8(ascii: "Z") {
            for second in UInt8(ascii: "A")...UInt8(ascii: "Z") {
                let code = String(decoding: [first, second], as: UTF8.self)
                let region = table.region(first, second)
                let supported = [first, second].withUnsafeBufferPointer { RegionTable.contains($0) }
                #expect(supported == (region != nil), "\(code)")
                #expect(
                    Int(CPhoneNumberShims_countryCallingCode(code, 2)) == (region?.countryCallingCode ?? 0),
                    "\(code)"
                )
                guard let region else { continue }
                let trunkPrefix = LibPhoneNumberOracle.nationalPrefix(code)
                #expect(
                    region.trunkPrefixIsCallingCode == (trunkPrefix == String(region.countryCallingCode)),
                    "\(code)"
                )
                #expect(region.code == code)
            }
        }
    }
}
