// CPhoneNumberBaseline: the benchmark's baseline for phone numbers, the plain libphonenumber
// pipeline a service that calls libphonenumber directly would run. Not part of the library:
// only the benchmark links it. It follows the shim's rules (lengths passed, caller-owned
// buffers, no exception crosses) and answers with the shim's status and type values.

#ifndef C_PHONE_NUMBER_BASELINE_H
#define C_PHONE_NUMBER_BASELINE_H

#include <stddef.h>
#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

/// Runs Parse(`text`, `region`) + IsValidNumber + GetNumberType + Format(E164) and writes the
/// E.164 form into `buffer` (at most `capacity` bytes, no NUL; its length in `*length`) and the
/// type into `*numberType`. With `regionLength` 0 the text must start with `+`.
/// Returns CPhoneNumberShims_OK for a valid number, a parse error, CPhoneNumberShims_NOT_A_NUMBER
/// when it parses but is not valid, or CPhoneNumberShims_BAD_ARGUMENT.
int32_t CPhoneNumberBaseline_pipeline(const char *text, size_t textLength, const char *region, size_t regionLength,
                                      char *buffer, size_t capacity, size_t *length, int32_t *numberType);

#ifdef __cplusplus
}
#endif

#endif
