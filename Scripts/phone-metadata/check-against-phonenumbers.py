#!/usr/bin/env python3
"""Checks that the bundled metadata is the oracle's: every territory the generator reads from the
vendored XML against the metadata PyPI `phonenumbers` carries, field by field.

Run with the oracle's interpreter (`make metadata-check` uses .build-oracle). The two builders
write some things differently, which this puts in one shape before comparing: Python's `\\1`
for `$1`; a type's possible lengths, which libphonenumber's builder leaves empty when they are
the general description's and Python's copies; and a type the territory lacks, null here and None
there.
"""

import os
import sys

import phonenumbers
from phonenumbers.phonemetadata import PhoneMetadata

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import generate  # noqa: E402

DESCRIPTIONS = ["general_desc", "fixed_line", "mobile", "toll_free", "premium_rate", "shared_cost",
                "personal_number", "voip", "pager", "uan", "voicemail"]


def dollars(text):
    return None if text is None else text.replace("\\", "$")


def python_description(desc, general):
    if desc is None:
        return None
    lengths = list(desc.possible_length or [])
    if general is not None and lengths == list(general.possible_length):
        lengths = []
    return {
        "pattern": desc.national_number_pattern,
        "possibleLengths": lengths,
        "localOnlyLengths": list(desc.possible_length_local_only or []),
        "example": desc.example_number,
    }


def python_formats(formats, national):
    result = []
    for format in formats:
        entry = {
            "pattern": format.pattern,
            "format": dollars(format.format),
            "leadingDigits": list(format.leading_digits_pattern),
        }
        if national:
            entry["nationalPrefixFormattingRule"] = dollars(format.national_prefix_formatting_rule) or ""
        result.append(entry)
    return result


def python_entry(metadata):
    general = metadata.general_desc
    descriptions = [python_description(general, None)]
    for name in DESCRIPTIONS[1:]:
        descriptions.append(python_description(getattr(metadata, name), general))
    return {
        "id": metadata.id,
        "countryCode": metadata.country_code,
        "mainCountryForCode": bool(metadata.main_country_for_code),
        "leadingDigits": metadata.leading_digits,
        "internationalPrefix": metadata.international_prefix or "",
        "nationalPrefix": metadata.national_prefix or "",
        "nationalPrefixForParsing": metadata.national_prefix_for_parsing or "",
        "nationalPrefixTransformRule": dollars(metadata.national_prefix_transform_rule) or "",
        "numberFormats": python_formats(metadata.number_format, True),
        "internationalFormats": python_formats(metadata.intl_number_format, False),
        "sameMobileAndFixedLinePattern": bool(metadata.same_mobile_and_fixed_line_pattern),
        "descriptions": descriptions,
    }


def main():
    version, _ = generate.read_version()
    if phonenumbers.__version__ != version:
        print("phonenumbers is %s, the bundled metadata %s" % (phonenumbers.__version__, version), file=sys.stderr)
        return 1
    differences = 0
    territories = generate.load(generate.XML_PATH)
    for entry in territories:
        if entry["id"] == "001":
            metadata = PhoneMetadata.metadata_for_nongeo_region(entry["countryCode"])
        else:
            metadata = PhoneMetadata.metadata_for_region(entry["id"])
        if metadata is None:
            print("%s: phonenumbers has no metadata" % entry["id"])
            differences += 1
            continue
        theirs = python_entry(metadata)
        for key, ours in entry.items():
            if theirs.get(key) != ours:
                differences += 1
                print("%s +%d %s:\n  generated   %r\n  phonenumbers %r" % (
                    entry["id"], entry["countryCode"], key, ours, theirs.get(key)))
    print("bundled metadata against phonenumbers %s: %d territories, %d differences" % (
        phonenumbers.__version__, len(territories), differences))
    return 1 if differences else 0


if __name__ == "__main__":
    sys.exit(main())
