// The benchmark's libphonenumber pipeline: see the header.

#include "CPhoneNumberBaseline.h"
#include "CPhoneNumberShims.h"

#include <phonenumbers/phonenumber.pb.h>
#include <phonenumbers/phonenumberutil.h>

#include <cstring>
#include <string>
#include <vector>

using i18n::phonenumbers::PhoneNumber;
using i18n::phonenumbers::PhoneNumberUtil;

extern "C" int32_t CPhoneNumberBaseline_pipeline(const char *text, size_t textLength, const char *region,
                                                 size_t regionLength, char *buffer, size_t capacity, size_t *length,
                                                 int32_t *numberType) {
    if ((text == nullptr && textLength > 0) || (region == nullptr && regionLength > 0) || regionLength > 3 ||
        length == nullptr || numberType == nullptr || (buffer == nullptr && capacity > 0)) {
        return CPhoneNumberShims_BAD_ARGUMENT;
    }
    *length = 0;
    *numberType = CPhoneNumberShims_UNKNOWN;
    try {
        const PhoneNumberUtil &phoneUtil = *PhoneNumberUtil::GetInstance();
        std::string defaultRegion = regionLength == 0 ? std::string("ZZ") : std::string(region, regionLength);
        PhoneNumber number;
        PhoneNumberUtil::ErrorType error =
            phoneUtil.Parse(std::string(text == nullptr ? "" : text, textLength), defaultRegion, &number);
        if (error != PhoneNumberUtil::NO_PARSING_ERROR) return static_cast<int32_t>(error);
        if (!phoneUtil.IsValidNumber(number)) return CPhoneNumberShims_NOT_A_NUMBER;
        *numberType = static_cast<int32_t>(phoneUtil.GetNumberType(number));
        std::string formatted;
        phoneUtil.Format(number, PhoneNumberUtil::E164, &formatted);
        if (formatted.size() > capacity) return CPhoneNumberShims_BAD_ARGUMENT;
        if (!formatted.empty()) std::memcpy(buffer, formatted.data(), formatted.size());
        *length = formatted.size();
        return CPhoneNumberShims_OK;
    } catch (...) {
        return CPhoneNumberShims_INTERNAL;
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
        (format != CPhoneNumberShims_NATIONAL && format != CPhoneNumberShims_INTERNATIONAL)) {
        return CPhoneNumberShims_BAD_ARGUMENT;
    }
    *length = 0;
    try {
        std::string formatted;
        PhoneNumberUtil::GetInstance()->Format(prepared()[index], static_cast<PhoneNumberUtil::PhoneNumberFormat>(format),
                                               &formatted);
        if (formatted.size() > capacity) return CPhoneNumberShims_BAD_ARGUMENT;
        if (!formatted.empty()) std::memcpy(buffer, formatted.data(), formatted.size());
        *length = formatted.size();
        return CPhoneNumberShims_OK;
    } catch (...) {
        return CPhoneNumberShims_INTERNAL;
    }
}
