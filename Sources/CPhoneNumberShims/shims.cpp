// The C++ side of CPhoneNumberShims.h: see the header for the rules of the door.

#if !__has_include(<phonenumbers/phonenumberutil.h>)
#error "libphonenumber headers not found: run `apt-get install libphonenumber-dev`"
#endif

#include "CPhoneNumberShims.h"

#include <phonenumbers/phonenumber.pb.h>
#include <phonenumbers/phonenumberutil.h>

#include <cstring>
#include <set>
#include <string>

using i18n::phonenumbers::PhoneNumber;
using i18n::phonenumbers::PhoneNumberUtil;

static_assert(CPhoneNumberShims_FIXED_LINE == PhoneNumberUtil::FIXED_LINE, "type values");
static_assert(CPhoneNumberShims_MOBILE == PhoneNumberUtil::MOBILE, "type values");
static_assert(CPhoneNumberShims_FIXED_LINE_OR_MOBILE == PhoneNumberUtil::FIXED_LINE_OR_MOBILE, "type values");
static_assert(CPhoneNumberShims_TOLL_FREE == PhoneNumberUtil::TOLL_FREE, "type values");
static_assert(CPhoneNumberShims_PREMIUM_RATE == PhoneNumberUtil::PREMIUM_RATE, "type values");
static_assert(CPhoneNumberShims_SHARED_COST == PhoneNumberUtil::SHARED_COST, "type values");
static_assert(CPhoneNumberShims_VOIP == PhoneNumberUtil::VOIP, "type values");
static_assert(CPhoneNumberShims_PERSONAL_NUMBER == PhoneNumberUtil::PERSONAL_NUMBER, "type values");
static_assert(CPhoneNumberShims_PAGER == PhoneNumberUtil::PAGER, "type values");
static_assert(CPhoneNumberShims_UAN == PhoneNumberUtil::UAN, "type values");
static_assert(CPhoneNumberShims_VOICEMAIL == PhoneNumberUtil::VOICEMAIL, "type values");
static_assert(CPhoneNumberShims_UNKNOWN == PhoneNumberUtil::UNKNOWN, "type values");
static_assert(CPhoneNumberShims_TOO_LONG_NSN == PhoneNumberUtil::TOO_LONG_NSN, "error values");
static_assert(CPhoneNumberShims_NOT_A_NUMBER == PhoneNumberUtil::NOT_A_NUMBER, "error values");
static_assert(CPhoneNumberShims_E164 == PhoneNumberUtil::E164, "format values");
static_assert(CPhoneNumberShims_INTERNATIONAL == PhoneNumberUtil::INTERNATIONAL, "format values");
static_assert(CPhoneNumberShims_NATIONAL == PhoneNumberUtil::NATIONAL, "format values");
static_assert(CPhoneNumberShims_FROM_DEFAULT_COUNTRY == PhoneNumber::FROM_DEFAULT_COUNTRY, "source values");
static_assert(CPhoneNumberShims_FROM_NUMBER_WITH_IDD == PhoneNumber::FROM_NUMBER_WITH_IDD, "source values");
static_assert(CPhoneNumberShims_FROM_NUMBER_WITHOUT_PLUS_SIGN == PhoneNumber::FROM_NUMBER_WITHOUT_PLUS_SIGN,
              "source values");
static_assert(CPhoneNumberShims_FROM_NUMBER_WITH_PLUS_SIGN == PhoneNumber::FROM_NUMBER_WITH_PLUS_SIGN,
              "source values");

namespace {

const PhoneNumberUtil &util() { return *PhoneNumberUtil::GetInstance(); }

/// A region argument as libphonenumber wants it; "ZZ" (unknown) when absent.
bool regionArgument(const char *region, size_t length, std::string *out) {
    if (length == 0) {
        *out = "ZZ";
        return true;
    }
    if (region == nullptr || length > 3) return false;
    out->assign(region, length);
    return true;
}

int32_t copyOut(const std::string &text, char *buffer, size_t capacity, size_t *length) {
    if (length == nullptr || (buffer == nullptr && capacity > 0)) return CPhoneNumberShims_BAD_ARGUMENT;
    if (text.size() > capacity) return CPhoneNumberShims_BAD_ARGUMENT;
    if (!text.empty()) std::memcpy(buffer, text.data(), text.size());
    *length = text.size();
    return CPhoneNumberShims_OK;
}

}  // namespace

extern "C" int32_t CPhoneNumberShims_analyze(const char *text, size_t textLength, const char *region,
                                             size_t regionLength, CPhoneNumberShims_Analysis *result) {
    if (result == nullptr) return CPhoneNumberShims_BAD_ARGUMENT;
    std::memset(result, 0, sizeof *result);
    result->numberType = CPhoneNumberShims_UNKNOWN;
    std::string defaultRegion;
    if ((text == nullptr && textLength > 0) || !regionArgument(region, regionLength, &defaultRegion)) {
        return result->status = CPhoneNumberShims_BAD_ARGUMENT;
    }
    try {
        const PhoneNumberUtil &phoneUtil = util();
        PhoneNumber number;
        // ParseAndKeepRawInput records where the calling code came from (default country,
        // an IDD prefix, digits without a plus), which the Swift rules need.
        PhoneNumberUtil::ErrorType error =
            phoneUtil.ParseAndKeepRawInput(std::string(text == nullptr ? "" : text, textLength), defaultRegion, &number);
        if (error != PhoneNumberUtil::NO_PARSING_ERROR) return result->status = static_cast<int32_t>(error);

        std::string nationalNumber;
        phoneUtil.GetNationalSignificantNumber(number, &nationalNumber);
        std::string numberRegion;
        phoneUtil.GetRegionCodeForNumber(number, &numberRegion);
        if (nationalNumber.size() > sizeof result->nationalNumber || numberRegion.size() > 3) {
            return result->status = CPhoneNumberShims_INTERNAL;
        }
        // GetNumberType answers UNKNOWN exactly when the number is not valid for its region, so
        // it decides validity without a separate IsValidNumber call.
        PhoneNumberUtil::PhoneNumberType type = phoneUtil.GetNumberType(number);
        bool valid = type != PhoneNumberUtil::UNKNOWN;
        if (regionLength > 0 && numberRegion != defaultRegion) {
            // The number belongs to another region sharing the calling code (GG for GB, CA for
            // US) or to none: ask about the region the caller named.
            valid = phoneUtil.IsValidNumberForRegion(number, defaultRegion);
        }
        result->countryCallingCode = number.country_code();
        result->countryCodeSource = number.has_country_code_source() ? number.country_code_source() : 0;
        result->numberType = valid ? static_cast<int32_t>(type) : CPhoneNumberShims_UNKNOWN;
        result->isValid = valid ? 1 : 0;
        result->regionLength = static_cast<int32_t>(numberRegion.size());
        std::memcpy(result->region, numberRegion.data(), numberRegion.size());
        result->nationalNumberLength = static_cast<int32_t>(nationalNumber.size());
        std::memcpy(result->nationalNumber, nationalNumber.data(), nationalNumber.size());
        return result->status = CPhoneNumberShims_OK;
    } catch (...) {
        return result->status = CPhoneNumberShims_INTERNAL;
    }
}

extern "C" int32_t CPhoneNumberShims_format(const char *e164, size_t e164Length, int32_t format, char *buffer,
                                            size_t capacity, size_t *length) {
    return CPhoneNumberShims_formatInput(e164, e164Length, nullptr, 0, format, buffer, capacity, length);
}

extern "C" int32_t CPhoneNumberShims_formatInput(const char *text, size_t textLength, const char *region,
                                                 size_t regionLength, int32_t format, char *buffer, size_t capacity,
                                                 size_t *length) {
    std::string defaultRegion;
    if ((text == nullptr && textLength > 0) || length == nullptr || format < CPhoneNumberShims_E164 ||
        format > CPhoneNumberShims_NATIONAL || !regionArgument(region, regionLength, &defaultRegion)) {
        return CPhoneNumberShims_BAD_ARGUMENT;
    }
    *length = 0;
    try {
        const PhoneNumberUtil &phoneUtil = util();
        PhoneNumber number;
        PhoneNumberUtil::ErrorType error =
            phoneUtil.Parse(std::string(text == nullptr ? "" : text, textLength), defaultRegion, &number);
        if (error != PhoneNumberUtil::NO_PARSING_ERROR) return static_cast<int32_t>(error);
        std::string formatted;
        phoneUtil.Format(number, static_cast<PhoneNumberUtil::PhoneNumberFormat>(format), &formatted);
        return copyOut(formatted, buffer, capacity, length);
    } catch (...) {
        return CPhoneNumberShims_INTERNAL;
    }
}

extern "C" size_t CPhoneNumberShims_copySupportedRegions(char *buffer, size_t capacity) {
    try {
        std::set<std::string> regions;
        util().GetSupportedRegions(&regions);
        size_t index = 0;
        for (const std::string &region : regions) {
            if (index < capacity && buffer != nullptr && region.size() == 2) {
                std::memcpy(buffer + 2 * index, region.data(), 2);
            }
            ++index;
        }
        return regions.size();
    } catch (...) {
        return 0;
    }
}

extern "C" int32_t CPhoneNumberShims_countryCallingCode(const char *region, size_t regionLength) {
    if (region == nullptr || regionLength != 2) return 0;
    try {
        return util().GetCountryCodeForRegion(std::string(region, regionLength));
    } catch (...) {
        return 0;
    }
}

extern "C" int32_t CPhoneNumberShims_nationalPrefix(const char *region, size_t regionLength, char *buffer,
                                                    size_t capacity, size_t *length) {
    if (region == nullptr || regionLength != 2 || length == nullptr) return CPhoneNumberShims_BAD_ARGUMENT;
    *length = 0;
    try {
        std::string prefix;
        util().GetNddPrefixForRegion(std::string(region, regionLength), true, &prefix);
        return copyOut(prefix, buffer, capacity, length);
    } catch (...) {
        return CPhoneNumberShims_INTERNAL;
    }
}

extern "C" int32_t CPhoneNumberShims_exampleNumber(const char *region, size_t regionLength, int32_t type,
                                                   char *buffer, size_t capacity, size_t *length) {
    if (region == nullptr || regionLength != 2 || length == nullptr || type < CPhoneNumberShims_FIXED_LINE ||
        type > CPhoneNumberShims_UNKNOWN) {
        return CPhoneNumberShims_BAD_ARGUMENT;
    }
    *length = 0;
    try {
        const PhoneNumberUtil &phoneUtil = util();
        PhoneNumber number;
        if (!phoneUtil.GetExampleNumberForType(std::string(region, regionLength),
                                               static_cast<PhoneNumberUtil::PhoneNumberType>(type), &number)) {
            return CPhoneNumberShims_NOT_A_NUMBER;
        }
        std::string formatted;
        phoneUtil.Format(number, PhoneNumberUtil::E164, &formatted);
        return copyOut(formatted, buffer, capacity, length);
    } catch (...) {
        return CPhoneNumberShims_INTERNAL;
    }
}
