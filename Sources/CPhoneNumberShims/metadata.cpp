// The metadata half of CPhoneNumberShims.h: libphonenumber's own compiled-in metadata, read once
// and handed to Swift as plain C data (see the header).

#include "CPhoneNumberShims.h"

#include <phonenumbers/phonemetadata.pb.h>

#include <cstring>

namespace i18n {
namespace phonenumbers {
// Exported by libphonenumber (declared upstream in an internal header): the serialized
// PhoneMetadataCollection it loads itself.
int metadata_size();
const void *metadata_get();
}  // namespace phonenumbers
}  // namespace i18n

using i18n::phonenumbers::NumberFormat;
using i18n::phonenumbers::PhoneMetadata;
using i18n::phonenumbers::PhoneMetadataCollection;
using i18n::phonenumbers::PhoneNumberDesc;

namespace {

/// The collection, parsed on first use (thread-safe static initialisation) and never freed, so
/// every pointer handed out stays valid for the life of the process.
const PhoneMetadataCollection *collection() {
    static const PhoneMetadataCollection *const parsed = [] {
        auto *result = new PhoneMetadataCollection();
        if (!result->ParseFromArray(i18n::phonenumbers::metadata_get(), i18n::phonenumbers::metadata_size())) {
            result->Clear();
        }
        return result;
    }();
    return parsed;
}

CPhoneNumberShims_Text text(const std::string &value) { return {value.data(), value.size()}; }

const PhoneNumberDesc *descOf(const PhoneMetadata &metadata, int32_t kind, bool *present) {
    switch (kind) {
        case CPhoneNumberShims_DESC_GENERAL: *present = metadata.has_general_desc(); return &metadata.general_desc();
        case CPhoneNumberShims_DESC_FIXED_LINE: *present = metadata.has_fixed_line(); return &metadata.fixed_line();
        case CPhoneNumberShims_DESC_MOBILE: *present = metadata.has_mobile(); return &metadata.mobile();
        case CPhoneNumberShims_DESC_TOLL_FREE: *present = metadata.has_toll_free(); return &metadata.toll_free();
        case CPhoneNumberShims_DESC_PREMIUM_RATE: *present = metadata.has_premium_rate(); return &metadata.premium_rate();
        case CPhoneNumberShims_DESC_SHARED_COST: *present = metadata.has_shared_cost(); return &metadata.shared_cost();
        case CPhoneNumberShims_DESC_PERSONAL_NUMBER:
            *present = metadata.has_personal_number();
            return &metadata.personal_number();
        case CPhoneNumberShims_DESC_VOIP: *present = metadata.has_voip(); return &metadata.voip();
        case CPhoneNumberShims_DESC_PAGER: *present = metadata.has_pager(); return &metadata.pager();
        case CPhoneNumberShims_DESC_UAN: *present = metadata.has_uan(); return &metadata.uan();
        case CPhoneNumberShims_DESC_VOICEMAIL: *present = metadata.has_voicemail(); return &metadata.voicemail();
        default: return nullptr;
    }
}

/// Number format `formatIndex` of entry `index`, national or international; NULL when out of range.
const NumberFormat *formatOf(size_t index, int32_t international, size_t formatIndex) {
    const PhoneMetadataCollection *all = collection();
    if (index >= static_cast<size_t>(all->metadata_size())) return nullptr;
    const PhoneMetadata &metadata = all->metadata(static_cast<int>(index));
    const auto &formats = international ? metadata.intl_number_format() : metadata.number_format();
    if (formatIndex >= static_cast<size_t>(formats.size())) return nullptr;
    return &formats.Get(static_cast<int>(formatIndex));
}

}  // namespace

extern "C" size_t CPhoneNumberShims_metadataCount(void) {
    try {
        return static_cast<size_t>(collection()->metadata_size());
    } catch (...) {
        return 0;
    }
}

extern "C" int32_t CPhoneNumberShims_metadata(size_t index, CPhoneNumberShims_Metadata *result) {
    if (result == nullptr) return CPhoneNumberShims_BAD_ARGUMENT;
    std::memset(result, 0, sizeof *result);
    try {
        const PhoneMetadataCollection *all = collection();
        if (index >= static_cast<size_t>(all->metadata_size())) return CPhoneNumberShims_BAD_ARGUMENT;
        const PhoneMetadata &metadata = all->metadata(static_cast<int>(index));
        result->id = text(metadata.id());
        result->countryCallingCode = metadata.country_code();
        result->mainCountryForCode = metadata.main_country_for_code() ? 1 : 0;
        result->sameMobileAndFixedLinePattern = metadata.same_mobile_and_fixed_line_pattern() ? 1 : 0;
        result->hasLeadingDigits = metadata.has_leading_digits() ? 1 : 0;
        result->leadingDigits = text(metadata.leading_digits());
        result->nationalPrefix = text(metadata.national_prefix());
        result->nationalPrefixForParsing = text(metadata.national_prefix_for_parsing());
        result->nationalPrefixTransformRule = text(metadata.national_prefix_transform_rule());
        result->internationalPrefix = text(metadata.international_prefix());
        return CPhoneNumberShims_OK;
    } catch (...) {
        return CPhoneNumberShims_INTERNAL;
    }
}

extern "C" int32_t CPhoneNumberShims_metadataDesc(size_t index, int32_t kind, CPhoneNumberShims_Desc *result) {
    if (result == nullptr) return CPhoneNumberShims_BAD_ARGUMENT;
    std::memset(result, 0, sizeof *result);
    try {
        const PhoneMetadataCollection *all = collection();
        if (index >= static_cast<size_t>(all->metadata_size())) return CPhoneNumberShims_BAD_ARGUMENT;
        bool present = false;
        const PhoneNumberDesc *desc = descOf(all->metadata(static_cast<int>(index)), kind, &present);
        if (desc == nullptr) return CPhoneNumberShims_BAD_ARGUMENT;
        result->present = present ? 1 : 0;
        result->nationalNumberPattern = text(desc->national_number_pattern());
        result->possibleLengths = desc->possible_length().data();
        result->possibleLengthCount = static_cast<size_t>(desc->possible_length_size());
        result->localOnlyLengths = desc->possible_length_local_only().data();
        result->localOnlyLengthCount = static_cast<size_t>(desc->possible_length_local_only_size());
        result->exampleNumber = text(desc->example_number());
        return CPhoneNumberShims_OK;
    } catch (...) {
        return CPhoneNumberShims_INTERNAL;
    }
}

extern "C" size_t CPhoneNumberShims_metadataFormatCount(size_t index, int32_t international) {
    try {
        const PhoneMetadataCollection *all = collection();
        if (index >= static_cast<size_t>(all->metadata_size())) return 0;
        const PhoneMetadata &metadata = all->metadata(static_cast<int>(index));
        return static_cast<size_t>(international ? metadata.intl_number_format_size() : metadata.number_format_size());
    } catch (...) {
        return 0;
    }
}

extern "C" int32_t CPhoneNumberShims_metadataFormat(size_t index, int32_t international, size_t formatIndex,
                                                    CPhoneNumberShims_NumberFormat *result) {
    if (result == nullptr) return CPhoneNumberShims_BAD_ARGUMENT;
    std::memset(result, 0, sizeof *result);
    try {
        const NumberFormat *format = formatOf(index, international, formatIndex);
        if (format == nullptr) return CPhoneNumberShims_BAD_ARGUMENT;
        result->pattern = text(format->pattern());
        result->format = text(format->format());
        // An international format carries its national twin's rule (Java's mergeFrom); it is
        // never applied there, so it is not handed on.
        if (!international) result->nationalPrefixFormattingRule = text(format->national_prefix_formatting_rule());
        result->leadingDigitsCount = static_cast<size_t>(format->leading_digits_pattern_size());
        return CPhoneNumberShims_OK;
    } catch (...) {
        return CPhoneNumberShims_INTERNAL;
    }
}

extern "C" int32_t CPhoneNumberShims_metadataLeadingDigits(size_t index, int32_t international, size_t formatIndex,
                                                           size_t patternIndex, CPhoneNumberShims_Text *result) {
    if (result == nullptr) return CPhoneNumberShims_BAD_ARGUMENT;
    std::memset(result, 0, sizeof *result);
    try {
        const NumberFormat *format = formatOf(index, international, formatIndex);
        if (format == nullptr || patternIndex >= static_cast<size_t>(format->leading_digits_pattern_size())) {
            return CPhoneNumberShims_BAD_ARGUMENT;
        }
        *result = text(format->leading_digits_pattern(static_cast<int>(patternIndex)));
        return CPhoneNumberShims_OK;
    } catch (...) {
        return CPhoneNumberShims_INTERNAL;
    }
}

extern "C" uint64_t CPhoneNumberShims_metadataDigest(void) {
    try {
        const auto *bytes = static_cast<const unsigned char *>(i18n::phonenumbers::metadata_get());
        const int size = i18n::phonenumbers::metadata_size();
        uint64_t hash = 0xcbf29ce484222325ULL;
        for (int index = 0; index < size; ++index) {
            hash ^= bytes[index];
            hash *= 0x100000001b3ULL;
        }
        return hash;
    } catch (...) {
        return 0;
    }
}
