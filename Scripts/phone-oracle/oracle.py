#!/usr/bin/env python3
"""The bundled phone metadata's oracle: PyPI `phonenumbers` of the bundled libphonenumber release.

Reads requests from standard input, one a line, fields separated by tabs, and answers each with
one line (flushed), so that a test or a fuzz target can hold it open and ask in turn:

    A <text> <region|->   what ParseAndKeepRawInput, GetRegionCodeForNumber, GetNumberType and
                          IsValidNumberForRegion make of the input (the facts the C shim's
                          CPhoneNumberShims_analyze gives for the system library):
                          status, calling code, calling code source, type, valid (0/1), region,
                          national significant number, then the national and international
                          formats of the number `parse` gives without keeping the raw input (as
                          the shim's CPhoneNumberShims_formatInput; status alone for a parse error)
    F <e164>              the national and international formats of an E.164 number
    X <region> <TYPE>     the region's example number of a type, in E.164, or -
    R <region>            the region's calling code and its national prefix (digits), or - -
    V                     the phonenumbers version

Statuses and sources are libphonenumber's C++ values (the shim's): OK 0, INVALID_COUNTRY_CODE 1,
NOT_A_NUMBER 2, TOO_SHORT_AFTER_IDD 3, TOO_SHORT_NSN 4, TOO_LONG_NSN 5; sources 1, 5, 10, 20.
"""

import sys

import phonenumbers
from phonenumbers import NumberParseException, PhoneNumberFormat, PhoneNumberType

STATUS = {
    NumberParseException.INVALID_COUNTRY_CODE: 1,
    NumberParseException.NOT_A_NUMBER: 2,
    NumberParseException.TOO_SHORT_AFTER_IDD: 3,
    NumberParseException.TOO_SHORT_NSN: 4,
    NumberParseException.TOO_LONG: 5,
}
TYPE_NAMES = {
    getattr(PhoneNumberType, name): name
    for name in ("FIXED_LINE", "MOBILE", "FIXED_LINE_OR_MOBILE", "TOLL_FREE", "PREMIUM_RATE", "SHARED_COST",
                 "VOIP", "PERSONAL_NUMBER", "PAGER", "UAN", "VOICEMAIL", "UNKNOWN")
}
TYPES = {name: value for value, name in TYPE_NAMES.items()}


def analyze(text, region):
    try:
        number = phonenumbers.parse(text, region, keep_raw_input=True)
    except NumberParseException as error:
        return "%d" % STATUS.get(error.error_type, 99)
    national = phonenumbers.national_significant_number(number)
    number_region = phonenumbers.region_code_for_number(number) or "ZZ"
    number_type = phonenumbers.number_type(number)
    valid = number_type != PhoneNumberType.UNKNOWN
    if region is not None and number_region != region:
        valid = phonenumbers.is_valid_number_for_region(number, region)
    source = number.country_code_source or 0
    # Formatted without the raw input, which Format would return for a national number of 0.
    plain = phonenumbers.parse(text, region)
    return "0\t%d\t%d\t%s\t%d\t%s\t%s\t%s\t%s" % (
        number.country_code, source, TYPE_NAMES[number_type] if valid else "UNKNOWN", 1 if valid else 0,
        number_region, national, phonenumbers.format_number(plain, PhoneNumberFormat.NATIONAL),
        phonenumbers.format_number(plain, PhoneNumberFormat.INTERNATIONAL))


def formats(e164):
    try:
        number = phonenumbers.parse(e164, None)
    except NumberParseException as error:
        return "-\t-"
    return "%s\t%s" % (phonenumbers.format_number(number, PhoneNumberFormat.NATIONAL),
                       phonenumbers.format_number(number, PhoneNumberFormat.INTERNATIONAL))


def example(region, type_name):
    number = phonenumbers.example_number_for_type(region, TYPES[type_name])
    return phonenumbers.format_number(number, PhoneNumberFormat.E164) if number is not None else "-"


def region_facts(region):
    code = phonenumbers.country_code_for_region(region)
    if code == 0:
        return "-\t-"
    return "%d\t%s" % (code, phonenumbers.ndd_prefix_for_region(region, True) or "")


def answer(fields):
    kind = fields[0]
    if kind == "A":
        return analyze(fields[1], None if fields[2] == "-" else fields[2])
    if kind == "F":
        return formats(fields[1])
    if kind == "X":
        return example(fields[1], fields[2])
    if kind == "R":
        return region_facts(fields[1])
    if kind == "V":
        return phonenumbers.__version__
    return "?"


def main():
    for line in sys.stdin:
        fields = line.rstrip("\n").split("\t")
        try:
            reply = answer(fields)
        except Exception as error:  # an oracle failure is an answer the test prints
            reply = "!\t%s: %s" % (type(error).__name__, error)
        sys.stdout.write(reply + "\n")
        sys.stdout.flush()


if __name__ == "__main__":
    main()
