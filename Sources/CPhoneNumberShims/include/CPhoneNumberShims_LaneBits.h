// CPhoneNumberShims_LaneBits: the one SIMD instruction Swift's SIMD types cannot reach.
//
// Why it is here: KiiIdentity turns lane-wise byte comparisons (Swift's SIMD16<UInt8>) into bit
// masks, bit i for lane i, to check an email address's structure with shifts and ANDs. SSE2
// does that in one instruction (pmovmskb); Swift has no way to ask for it, and the patterns it
// does have compile to a dozen instructions a mask. The shim is the package's only C, so the
// instruction lives beside the phone door, in its own header, and touches nothing of it.
//
// The rules: header only (static inline, so the Swift compiler inlines it into its caller), no
// memory read or written, no allocation, the same answer on every architecture (SSE2 where
// the compiler targets it, the portable loop elsewhere; the tests compare both on every
// machine they run on).

#ifndef C_PHONE_NUMBER_SHIMS_LANE_BITS_H
#define C_PHONE_NUMBER_SHIMS_LANE_BITS_H

#include <stdint.h>

#if defined(__SSE2__)
#include <emmintrin.h>
#endif

#ifdef __cplusplus
extern "C" {
#endif

/// Sixteen byte lanes; Swift sees SIMD16<UInt8>.
typedef uint8_t CPhoneNumberShims_Lanes __attribute__((ext_vector_type(16)));

/// The top bit of each lane, lane i in bit i, on any architecture.
static inline uint16_t CPhoneNumberShims_laneBitsPortable(CPhoneNumberShims_Lanes lanes) {
    uint16_t bits = 0;
    for (int lane = 0; lane < 16; lane++) {
        bits |= (uint16_t)((uint16_t)(lanes[lane] >> 7) << lane);
    }
    return bits;
}

/// The top bit of each lane, lane i in bit i: for the 0x00 / 0xFF lanes of a comparison, the
/// lanes where it held. One `pmovmskb` on SSE2.
static inline uint16_t CPhoneNumberShims_laneBits(CPhoneNumberShims_Lanes lanes) {
#if defined(__SSE2__)
    return (uint16_t)_mm_movemask_epi8((__m128i)lanes);
#else
    return CPhoneNumberShims_laneBitsPortable(lanes);
#endif
}

#ifdef __cplusplus
}
#endif

#endif
