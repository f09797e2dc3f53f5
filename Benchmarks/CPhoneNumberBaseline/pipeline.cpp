// The benchmark's libphonenumber pipeline: see the header.

#include "CPhoneNumberBaseline.h"
#include "CPhoneNumberShims.h"

#include <phonenumbers/phonenumber.pb.h>
#include <phonenumbers/phonenumberutil.h>

#include <cstring>
#include <string>

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
