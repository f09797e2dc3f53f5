// CPhoneNumberBaseline: the benchmark's baseline for phone numbers, the plain libphonenumber
// pipeline a service that calls libphonenumber directly would run. Not part of the library:
// only the benchmark links it. It follows the shim's rules (lengths passed, caller-owned
// buffers, no exception crosses) and answers with the shim's status and type values, declared
// again below (the benchmark is a package of its own and does not see the library's shim).

#ifndef C_PHONE_NUMBER_BASELINE_H
#define C_PHONE_NUMBER_BASELINE_H

#include <stddef.h>
#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

/// Statuses: libphonenumber's parse errors (`ErrorType`, 1 to 4) and these, with the values of
/// the library's shim (CPhoneNumberShims.h).
enum {
    CPhoneNumberBaseline_OK = 0,
    CPhoneNumberBaseline_NOT_A_NUMBER = 2,
    CPhoneNumberBaseline_BAD_ARGUMENT = 90,
    CPhoneNumberBaseline_INTERNAL = 99,
};

/// libphonenumber's `PhoneNumberType` values the benchmark reads.
enum {
    CPhoneNumberBaseline_MOBILE = 1,
    CPhoneNumberBaseline_FIXED_LINE_OR_MOBILE = 2,
    CPhoneNumberBaseline_UNKNOWN = 11,
};

/// libphonenumber's `PhoneNumberFormat` values the benchmark asks for.
enum {
    CPhoneNumberBaseline_INTERNATIONAL = 1,
    CPhoneNumberBaseline_NATIONAL = 2,
};

/// Runs Parse(`text`, `region`) + IsValidNumber + GetNumberType + Format(E164) and writes the
/// E.164 form into `buffer` (at most `capacity` bytes, no NUL; its length in `*length`) and the
/// type into `*numberType`. With `regionLength` 0 the text must start with `+`.
/// Returns CPhoneNumberBaseline_OK for a valid number, a parse error, CPhoneNumberBaseline_NOT_A_NUMBER
/// when it parses but is not valid, or CPhoneNumberBaseline_BAD_ARGUMENT.
int32_t CPhoneNumberBaseline_pipeline(const char *text, size_t textLength, const char *region, size_t regionLength,
                                      char *buffer, size_t capacity, size_t *length, int32_t *numberType);

/// Parses `count` E.164 numbers (`texts[i]`, `lengths[i]` bytes) once and keeps them, parsed,
/// for CPhoneNumberBaseline_format (in storage of this file's, kept until the next call: nothing
/// for the caller to free). Returns how many parsed.
size_t CPhoneNumberBaseline_prepareNumbers(const char *const *texts, const size_t *lengths, size_t count);

/// libphonenumber's Format of prepared number `index` in `format` (CPhoneNumberBaseline_NATIONAL or
/// _INTERNATIONAL) into `buffer`: the formatting alone, the parse done before. Returns a status.
int32_t CPhoneNumberBaseline_format(size_t index, int32_t format, char *buffer, size_t capacity, size_t *length);

#ifdef __cplusplus
}
#endif

#endif
