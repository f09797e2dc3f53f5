// The benchmark's libphonenumber pipeline: see the header.

#include "CPhoneNumberBaseline.h"

#include <phonenumbers/phonenumber.pb.h>
#include <phonenumbers/phonenumberutil.h>

#include <cstring>
#include <string>
#include <vector>

using i18n::phonenumbers::PhoneNumber;
using i18n::phonenumbers::PhoneNumberUtil;

static_assert(CPhoneNumberBaseline_OK == PhoneNumberUtil::NO_PARSING_ERROR);
static_assert(CPhoneNumberBaseline_NOT_A_NUMBER == PhoneNumberUtil::NOT_A_NUMBER);
static_assert(CPhoneNumberBaseline_MOBILE == PhoneNumberUtil::MOBILE);
static_assert(CPhoneNumberBaseline_FIXED_LINE_OR_MOBILE == PhoneNumberUtil::FIXED_LINE_OR_MOBILE);
static_assert(CPhoneNumberBaseline_UNKNOWN == PhoneNumberUtil::UNKNOWN);
static_assert(CPhoneNumberBaseline_INTERNATIONAL == PhoneNumberUtil::INTERNATIONAL);
static_assert(CPhoneNumberBaseline_NATIONAL == PhoneNumberUtil::NATIONAL);

extern "C" int32_t CPhoneNumberBaseline_pipeline(const char *text, size_t textLength, const char *region,
                                                 size_t regionLength, char *buffer, size_t capacity, size_t *length,
                                                 int32_t *numberType) {
    if ((text == nullptr && textLength > 0) || (region == nullptr && regionLength > 0) || regionLength > 3 ||
        length == nullptr || numberType == nullptr || (buffer == nullptr && capacity > 0)) {
        return CPhoneNumberBaseline_BAD_ARGUMENT;
    }
    *length = 0;
    *numberType = CPhoneNumberBaseline_UNKNOWN;
    try {
        const PhoneNumberUtil &phoneUtil = *PhoneNumberUtil::GetInstance();
        std::string defaultRegion = regionLength == 0 ? std::string("ZZ") : std::string(region, regionLength);
        PhoneNumber number;
        PhoneNumberUtil::ErrorType error =
            phoneUtil.Parse(std::string(text == nullptr ? "" : text, textLength), defaultRegion, &number);
        if (error != PhoneNumberUtil::NO_PARSING_ERROR) return static_cast<int32_t>(error);
        if (!phoneUtil.IsValidNumber(number)) return CPhoneNumberBaseline_NOT_A_NUMBER;
        *numberType = static_cast<int32_t>(phoneUtil.GetNumberType(number));
        std::string formatted;
        phoneUtil.Format(number, PhoneNumberUtil::E164, &formatted);
        if (formatted.size() > capacity) return CPhoneNumberBaseline_BAD_ARGUMENT;
        if (!formatted.empty()) std::memcpy(buffer, formatted.data(), formatted.size());
        *length = formatted.size();
        return CPhoneNumberBaseline_OK;
    } catch (...) {
        return CPhoneNumberBaseline_INTERNAL;
    }
}

namespace {
/// The numbers CPhoneNumberBaseline_prepareNumbers parsed (the benchmark prepares them once,
/// before any timing, on one thread).
std::vector<PhoneNumber> &prepared() {
    static std::vector<PhoneNumber> numbers;
    return numbers;
}
}  // namespace

extern "C" size_t CPhoneNumberBaseline_prepareNumbers(const char *const *texts, const size_t *lengths, size_t count) {
    std::vector<PhoneNumber> &numbers = prepared();
    numbers.clear();
    if (texts == nullptr || lengths == nullptr) return 0;
    try {
        const PhoneNumberUtil &phoneUtil = *PhoneNumberUtil::GetInstance();
        for (size_t index = 0; index < count; ++index) {
            PhoneNumber number;
            if (texts[index] == nullptr ||
                phoneUtil.Parse(std::string(texts[index], lengths[index]), "ZZ", &number) !=
                    PhoneNumberUtil::NO_PARSING_ERROR) {
                continue;
            }
            numbers.push_back(number);
        }
    } catch (...) {
        numbers.clear();
    }
    return numbers.size();
}

extern "C" int32_t CPhoneNumberBaseline_format(size_t index, int32_t format, char *buffer, size_t capacity,
                                               size_t *length) {
    if (length == nullptr || (buffer == nullptr && capacity > 0) || index >= prepared().size() ||
        (format != CPhoneNumberBaseline_NATIONAL && format != CPhoneNumberBaseline_INTERNATIONAL)) {
        return CPhoneNumberBaseline_BAD_ARGUMENT;
    }
    *length = 0;
    try {
        std::string formatted;
        PhoneNumberUtil::GetInstance()->Format(prepared()[index], static_cast<PhoneNumberUtil::PhoneNumberFormat>(format),
                                               &formatted);
        if (formatted.size() > capacity) return CPhoneNumberBaseline_BAD_ARGUMENT;
        if (!formatted.empty()) std::memcpy(buffer, formatted.data(), formatted.size());
        *length = formatted.size();
        return CPhoneNumberBaseline_OK;
    } catch (...) {
        return CPhoneNumberBaseline_INTERNAL;
    }
}
