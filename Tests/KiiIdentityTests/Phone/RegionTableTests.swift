import CPhoneNumberShims
import Testing

@testable import KiiIdentity

/// The tables of regions, read from each source's metadata, against the set compiled into
/// `RegionTable.contains`, and the system source's against libphonenumber's own answers.
@Suite struct RegionTableTests {
    @Test("every region: the compiled-in set, the calling code and the trunk prefix agree with libphonenumber")
    func systemRegions() {
        let table = RegionTable.of(.system)
        #expect(table.regions.count == 245)
        forEachCode { code, first, second in
            let region = table.region(first, second)
            let supported = [first, second].withUnsafeBufferPointer { RegionTable.contains($0) }
            #expect(supported == (region != nil), "\(code)")
            #expect(
                Int(CPhoneNumberShims_countryCallingCode(code, 2)) == (region?.countryCallingCode ?? 0),
                "\(code)"
            )
            guard let region else { return }
            let trunkPrefix = LibPhoneNumberOracle.nationalPrefix(code)
            #expect(region.trunkPrefixIsCallingCode == (trunkPrefix == String(region.countryCallingCode)), "\(code)")
            #expect(region.code == code)
        }
    }

    @Test("the bundled metadata has the compiled-in regions, with the system's calling codes")
    func bundledRegions() {
        let bundled = RegionTable.bundled
        let system = RegionTable.of(.system)
        #expect(bundled.regions.count == 245)
        forEachCode { code, first, second in
            let region = bundled.region(first, second)
            let supported = [first, second].withUnsafeBufferPointer { RegionTable.contains($0) }
            #expect(supported == (region != nil), "\(code)")
            #expect(region?.countryCallingCode == system.region(first, second)?.countryCallingCode, "\(code)")
            #expect(region?.trunkPrefixIsCallingCode == system.region(first, second)?.trunkPrefixIsCallingCode)
        }
    }

    private func forEachCode(_ body: (String, UInt8, UInt8) -> Void) {
        for first in UInt8(ascii: "A")...UInt8(ascii: "Z") {
            for second in UInt8(ascii: "A")...UInt8(ascii: "Z") {
                body(String(decoding: [first, second], as: UTF8.self), first, second)
            }
        }
    }
}
