// CPhoneNumberShims: the only door from Swift into libphonenumber.
//
// Why it exists: libphonenumber is a C++ library and KiiIdentity is pure Swift. This header is
// plain C so that Swift never sees C++. The rules of the door:
//   - text crosses as (pointer, length); nothing is assumed to be NUL-terminated;
//   - results are written into caller-owned structs and buffers; no heap pointer crosses, and
//     nothing is allocated that the caller must free;
//   - no C++ exception crosses: a failure inside C++ comes back as CPhoneNumberShims_INTERNAL;
//   - every function is safe to call from many threads at once (PhoneNumberUtil is).
// The shim reports facts (parse status, type, region, digits); the rules live in Swift.
//
// Metadata (metadata.cpp): CPhoneNumberShims_metadataCount / _metadata / _metadataDesc /
// _metadataFormat expose libphonenumber's own compiled-in PhoneMetadataCollection (the bytes
// behind its exported metadata_get()), parsed once into a static collection that is never freed:
// every pointer they hand out stays valid for the life of the process, and Swift frees nothing.
// It is KiiIdentity's "system" metadata source, compiled by the same engine as the metadata
// bundled in the library; the analyze/format/example calls are that source's test oracle.
//
// Lane bits (CPhoneNumberShims_LaneBits.h, included below): one SSE2 instruction the library's
// byte checks need and Swift cannot reach, header only, apart from libphonenumber.
//
// Every symbol is prefixed CPhoneNumberShims_. Build requirement: `apt-get install
// libphonenumber-dev` (Debian ships 8.12.57 and no pkg-config file; the target links
// `phonenumber` and `protobuf` by name).

#ifndef C_PHONE_NUMBER_SHIMS_H
#define C_PHONE_NUMBER_SHIMS_H

#include <stddef.h>
#include <stdint.h>

#include "CPhoneNumberShims_LaneBits.h"

#ifdef __cplusplus
extern "C" {
#endif

/// Outcome of a shim call. 1-5 mirror PhoneNumberUtil::ErrorType.
enum {
    CPhoneNumberShims_OK = 0,
    CPhoneNumberShims_INVALID_COUNTRY_CODE = 1,
    CPhoneNumberShims_NOT_A_NUMBER = 2,
    CPhoneNumberShims_TOO_SHORT_AFTER_IDD = 3,
    CPhoneNumberShims_TOO_SHORT_NSN = 4,
    CPhoneNumberShims_TOO_LONG_NSN = 5,
    /// An argument was out of range (a NULL pointer with a non-zero length, a short buffer).
    CPhoneNumberShims_BAD_ARGUMENT = 90,
    /// libphonenumber threw, or returned something the shim cannot represent.
    CPhoneNumberShims_INTERNAL = 99,
};

/// Number types, with the values of PhoneNumberUtil::PhoneNumberType (pinned by static_assert).
enum {
    CPhoneNumberShims_FIXED_LINE = 0,
    CPhoneNumberShims_MOBILE = 1,
    CPhoneNumberShims_FIXED_LINE_OR_MOBILE = 2,
    CPhoneNumberShims_TOLL_FREE = 3,
    CPhoneNumberShims_PREMIUM_RATE = 4,
    CPhoneNumberShims_SHARED_COST = 5,
    CPhoneNumberShims_VOIP = 6,
    CPhoneNumberShims_PERSONAL_NUMBER = 7,
    CPhoneNumberShims_PAGER = 8,
    CPhoneNumberShims_UAN = 9,
    CPhoneNumberShims_VOICEMAIL = 10,
    CPhoneNumberShims_UNKNOWN = 11,
};

/// Where the country calling code came from, as PhoneNumber::CountryCodeSource.
enum {
    CPhoneNumberShims_SOURCE_UNSPECIFIED = 0,
    CPhoneNumberShims_FROM_NUMBER_WITH_PLUS_SIGN = 1,
    CPhoneNumberShims_FROM_NUMBER_WITH_IDD = 5,
    CPhoneNumberShims_FROM_NUMBER_WITHOUT_PLUS_SIGN = 10,
    CPhoneNumberShims_FROM_DEFAULT_COUNTRY = 20,
};

/// Output formats, with the values of PhoneNumberUtil::PhoneNumberFormat.
enum {
    CPhoneNumberShims_E164 = 0,
    CPhoneNumberShims_INTERNATIONAL = 1,
    CPhoneNumberShims_NATIONAL = 2,
};

/// What libphonenumber makes of one input. Filled by CPhoneNumberShims_analyze.
typedef struct CPhoneNumberShims_Analysis {
    /// CPhoneNumberShims_OK, or the parse error. The other fields are meaningful only when OK.
    int32_t status;
    /// The country calling code (81 for Japan).
    int32_t countryCallingCode;
    /// One of CPhoneNumberShims_SOURCE_* / FROM_*.
    int32_t countryCodeSource;
    /// One of the number types; CPhoneNumberShims_UNKNOWN when the number is not valid.
    int32_t numberType;
    /// 1 when the number is valid (for the region passed in, when one was passed), else 0.
    int32_t isValid;
    /// Length of `region` (2 for "JP", 3 for "001", the non-geographic entity).
    int32_t regionLength;
    /// libphonenumber's region for the number; "ZZ" when it has none.
    char region[4];
    /// Length of `nationalNumber`.
    int32_t nationalNumberLength;
    /// The national significant number, ASCII digits (up to 17 in libphonenumber).
    char nationalNumber[24];
} CPhoneNumberShims_Analysis;

/// Parses `text` and reports its calling code, national significant number, type, region and
/// validity, in one pass.
///
/// - `region` (2 ASCII letters) is the region a local number is read in, and validity is then
///   "valid for that region". With `regionLength` 0 the text must start with `+`.
/// - Returns `result->status`.
int32_t CPhoneNumberShims_analyze(const char *text, size_t textLength, const char *region,
                                  size_t regionLength, CPhoneNumberShims_Analysis *result);

/// Formats an E.164 number (`+` and digits) in `format` into `buffer`.
///
/// Writes at most `capacity` bytes (no NUL) and stores the length in `*length`.
/// Returns CPhoneNumberShims_OK, a parse error, or CPhoneNumberShims_BAD_ARGUMENT when the
/// buffer is too small.
int32_t CPhoneNumberShims_format(const char *e164, size_t e164Length, int32_t format, char *buffer,
                                 size_t capacity, size_t *length);

/// Parses `text` as CPhoneNumberShims_analyze does (in `region`, 2 ASCII letters, or with
/// `regionLength` 0 needing a `+`) and formats the number it parsed in `format`, whether valid or
/// not, as CPhoneNumberShims_format writes into `buffer`. Formatting the parsed number, not its
/// E.164 text parsed again, keeps a number whose digits would parse differently (a leading zero).
int32_t CPhoneNumberShims_formatInput(const char *text, size_t textLength, const char *region, size_t regionLength,
                                      int32_t format, char *buffer, size_t capacity, size_t *length);

/// Copies the supported region codes, 2 bytes each, sorted, into `buffer` (room for
/// `capacity` codes). Returns how many regions there are (245 in 8.12.57), even if more than
/// `capacity`.
size_t CPhoneNumberShims_copySupportedRegions(char *buffer, size_t capacity);

/// The country calling code of a supported region, or 0 when the region is not supported.
int32_t CPhoneNumberShims_countryCallingCode(const char *region, size_t regionLength);

/// Copies the national (trunk) prefix of `region` ("0" for JP, "1" for US; digits only) into
/// `buffer` and stores its length, 0 when the region has none. Returns a status.
int32_t CPhoneNumberShims_nationalPrefix(const char *region, size_t regionLength, char *buffer,
                                         size_t capacity, size_t *length);

/// Writes libphonenumber's example number of `type` for `region` as E.164 into `buffer`.
/// Returns CPhoneNumberShims_OK, or CPhoneNumberShims_NOT_A_NUMBER when there is none.
int32_t CPhoneNumberShims_exampleNumber(const char *region, size_t regionLength, int32_t type,
                                        char *buffer, size_t capacity, size_t *length);

/// A piece of text inside libphonenumber's static metadata (not NUL-terminated; never freed).
typedef struct CPhoneNumberShims_Text {
    const char *bytes;
    size_t length;
} CPhoneNumberShims_Text;

/// One region's (or non-geographic entity's) metadata, as PhoneMetadata. Filled by
/// CPhoneNumberShims_metadata; texts are empty when the field is absent.
typedef struct CPhoneNumberShims_Metadata {
    /// "JP"; "001" for a non-geographic entity.
    CPhoneNumberShims_Text id;
    int32_t countryCallingCode;
    /// 1 when the region is the main country for its calling code.
    int32_t mainCountryForCode;
    int32_t sameMobileAndFixedLinePattern;
    /// 1 when leading_digits is set (it then picks the region among those sharing the code).
    int32_t hasLeadingDigits;
    CPhoneNumberShims_Text leadingDigits;
    CPhoneNumberShims_Text nationalPrefix;
    CPhoneNumberShims_Text nationalPrefixForParsing;
    /// With `$1`-style group references, as in the metadata.
    CPhoneNumberShims_Text nationalPrefixTransformRule;
    CPhoneNumberShims_Text internationalPrefix;
} CPhoneNumberShims_Metadata;

/// The number descriptions of a PhoneMetadata, for CPhoneNumberShims_metadataDesc.
enum {
    CPhoneNumberShims_DESC_GENERAL = 0,
    CPhoneNumberShims_DESC_FIXED_LINE = 1,
    CPhoneNumberShims_DESC_MOBILE = 2,
    CPhoneNumberShims_DESC_TOLL_FREE = 3,
    CPhoneNumberShims_DESC_PREMIUM_RATE = 4,
    CPhoneNumberShims_DESC_SHARED_COST = 5,
    CPhoneNumberShims_DESC_PERSONAL_NUMBER = 6,
    CPhoneNumberShims_DESC_VOIP = 7,
    CPhoneNumberShims_DESC_PAGER = 8,
    CPhoneNumberShims_DESC_UAN = 9,
    CPhoneNumberShims_DESC_VOICEMAIL = 10,
    CPhoneNumberShims_DESC_COUNT = 11,
};

/// One PhoneNumberDesc: its national-number pattern and possible lengths (static data).
typedef struct CPhoneNumberShims_Desc {
    /// 1 when the metadata has this description at all.
    int32_t present;
    CPhoneNumberShims_Text nationalNumberPattern;
    const int32_t *possibleLengths;
    size_t possibleLengthCount;
    const int32_t *localOnlyLengths;
    size_t localOnlyLengthCount;
    /// A national significant number of this type; empty when the metadata has none.
    CPhoneNumberShims_Text exampleNumber;
} CPhoneNumberShims_Desc;

/// One NumberFormat of an entry: how national numbers it fits are written. Filled by
/// CPhoneNumberShims_metadataFormat; texts are static data.
typedef struct CPhoneNumberShims_NumberFormat {
    /// With capturing groups: `(\d{2})(\d{4})(\d{4})`.
    CPhoneNumberShims_Text pattern;
    /// With `$1`-style group references: `$1-$2-$3`.
    CPhoneNumberShims_Text format;
    /// `0$1`, `($1)`; empty for none.
    CPhoneNumberShims_Text nationalPrefixFormattingRule;
    /// How many leading digits patterns the format has (CPhoneNumberShims_metadataLeadingDigits).
    size_t leadingDigitsCount;
} CPhoneNumberShims_NumberFormat;

/// How many entries libphonenumber's metadata collection has (regions and non-geographic
/// entities, in the collection's order, which decides the order of regions sharing a code).
size_t CPhoneNumberShims_metadataCount(void);

/// Fills `result` with entry `index` of the collection. Returns a status.
int32_t CPhoneNumberShims_metadata(size_t index, CPhoneNumberShims_Metadata *result);

/// Fills `result` with description `kind` (CPhoneNumberShims_DESC_*) of entry `index`.
int32_t CPhoneNumberShims_metadataDesc(size_t index, int32_t kind, CPhoneNumberShims_Desc *result);

/// How many national (`international` 0) or international (1) number formats entry `index` has;
/// 0 international formats means the national ones serve. 0 for an index out of range.
size_t CPhoneNumberShims_metadataFormatCount(size_t index, int32_t international);

/// Fills `result` with number format `formatIndex` of entry `index` (national or international).
/// Returns a status.
int32_t CPhoneNumberShims_metadataFormat(size_t index, int32_t international, size_t formatIndex,
                                         CPhoneNumberShims_NumberFormat *result);

/// Fills `result` with leading digits pattern `patternIndex` of that number format. Returns a
/// status.
int32_t CPhoneNumberShims_metadataLeadingDigits(size_t index, int32_t international, size_t formatIndex,
                                                size_t patternIndex, CPhoneNumberShims_Text *result);

/// A digest (64-bit FNV-1a) of the serialized metadata the library carries: the same bytes give
/// the same value, which tells which libphonenumber release the metadata came from.
uint64_t CPhoneNumberShims_metadataDigest(void);

#ifdef __cplusplus
}
#endif

#endif
