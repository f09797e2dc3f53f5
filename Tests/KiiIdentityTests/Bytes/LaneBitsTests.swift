import CPhoneNumberShims
import KiiIdentityFuzzChecks
import Testing

/// The shim's lane bits (one `pmovmskb` on SSE2, a loop elsewhere) against the definition: bit
/// *i* is the top bit of lane *i*. Both of the shim's paths are compared on every machine.
@Suite("Lane bits: the shim's two paths against the definition")
struct LaneBitsTests {
    /// Bit *i* set when lane *i* has its top bit set, written out.
    static func definition(_ lanes: SIMD16<UInt8>) -> UInt16 {
        var bits: UInt16 = 0
        for lane in 0..<16 where lanes[lane] >= 0x80 { bits |= 1 << lane }
        return bits
    }

    @Test("comparison lanes (0x00 or 0xFF) and any bytes, with one lane set at a time")
    func agreesWithTheDefinition() {
        var generator = SplitMix64(seed: 0x4C41_4E45)
        var inputs: [SIMD16<UInt8>] = [SIMD16(repeating: 0), SIMD16(repeating: 0xFF)]
        for lane in 0..<16 {
            var one = SIMD16<UInt8>(repeating: 0)
            one[lane] = 0xFF
            inputs.append(one)
            inputs.append(SIMD16(repeating: 0xFF) ^ one)
        }
        for _ in 0..<5_000 {
            let random = unsafeBitCast(SIMD2(generator.next(), generator.next()), to: SIMD16<UInt8>.self)
            inputs.append(random)
            // As a comparison leaves them: 0xFF where the top bit was set, 0 elsewhere.
            inputs.append(SIMD16(repeating: 0).replacing(with: 0xFF, where: random .>= SIMD16(repeating: 0x80)))
        }
        for lanes in inputs {
            let expected = Self.definition(lanes)
            #expect(CPhoneNumberShims_laneBits(lanes) == expected, "\(lanes)")
            #expect(CPhoneNumberShims_laneBitsPortable(lanes) == expected, "\(lanes)")
        }
        // The definition itself can tell lanes apart.
        #expect(Self.definition(inputs[2]) == 1)
        #expect(Self.definition(inputs[4]) == 2)
    }
}
