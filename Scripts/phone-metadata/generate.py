#!/usr/bin/env python3
"""Turns libphonenumber's PhoneNumberMetadata.xml into the form KiiIdentity's phone engine reads.

    generate.py                 regenerates the Swift file from the vendored XML
    generate.py --check         exits 1 if the committed Swift file is not what the XML makes
    generate.py --xml F --version V [--date D]
                                vendors F as the new metadata of libphonenumber V and regenerates

The rules are those of libphonenumber's own BuildMetadataFromXml.java (the tool that makes the
C++ library's compiled-in metadata), so that the bundled metadata and a system libphonenumber's
reach the engine in the same shape (a description the region does not have is null here, a
pattern-less description with lengths [-1] there): whitespace removed from number patterns, leading digits and
the national prefix for parsing; possible lengths of the general description derived from the
types' (noInternationalDialling aside); a type's lengths left empty when they equal the general
description's; the national prefix for parsing
defaulting to the national prefix; `$NP` and `$FG` expanded in national prefix formatting rules;
international formats kept only for a region that defines one explicitly (`NA` drops a format).

Python's standard library only: no network, no Java.
"""

import argparse
import json
import os
import re
import shutil
import sys
import xml.etree.ElementTree as ET

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.normpath(os.path.join(HERE, "..", ".."))
VENDORED = os.path.join(ROOT, "Sources", "KiiIdentity", "Phone", "Metadata", "Vendored")
XML_PATH = os.path.join(VENDORED, "PhoneNumberMetadata.xml")
VERSION_PATH = os.path.join(VENDORED, "VERSION")
SWIFT_PATH = os.path.join(ROOT, "Sources", "KiiIdentity", "Phone", "Metadata", "BundledMetadataText.swift")

# The number descriptions the engine reads, in the order of PhoneMetadata.Kind.
DESCRIPTIONS = [
    "generalDesc", "fixedLine", "mobile", "tollFree", "premiumRate", "sharedCost",
    "personalNumber", "voip", "pager", "uan", "voicemail",
]
# Descriptions whose lengths do not count towards the general description's.
WITHOUT_MATCHING_TYPES = {"noInternationalDialling"}


def compress(regex):
    """validateRE(regex, true): every whitespace character removed."""
    return re.sub(r"\s", "", regex)


def parse_lengths(text):
    """`[3-5],7,9` as a sorted list; the checks of parsePossibleLengthStringToSet."""
    if text == "":
        raise ValueError("empty possible length string")
    lengths = set()
    for part in text.split(","):
        if part == "":
            raise ValueError("adjacent commas in %r" % text)
        if part.startswith("["):
            if not part.endswith("]"):
                raise ValueError("unterminated range in %r" % text)
            low, high = (int(value) for value in part[1:-1].split("-"))
            if high - low < 2:
                raise ValueError("range too small in %r" % text)
            new = set(range(low, high + 1))
        else:
            new = {int(part)}
        if lengths & new:
            raise ValueError("duplicate length in %r" % text)
        lengths |= new
    return lengths


def length_sets(elements):
    """populatePossibleLengthSets over the possibleLengths elements under `elements`."""
    lengths, local_only = set(), set()
    for element in elements:
        for possible in element.iter("possibleLengths"):
            national = parse_lengths(possible.get("national"))
            if "localOnly" in possible.attrib:
                local = parse_lengths(possible.get("localOnly"))
                if national & local:
                    raise ValueError("length both national and local-only")
                local_only |= local
            lengths |= national
    return lengths, local_only


def set_lengths(lengths, local_only, parent):
    """setPossibleLengths: a type's lengths are left out when they equal its parent's."""
    possible = []
    if parent is None or sorted(lengths) != parent["possibleLengths"]:
        for length in sorted(lengths):
            if parent is not None and length not in parent["possibleLengths"]:
                raise ValueError("length %d outside the general description" % length)
            possible.append(length)
    local = []
    for length in sorted(local_only):
        if length not in lengths:
            if parent is not None and length not in parent["localOnlyLengths"] \
                    and length not in parent["possibleLengths"]:
                raise ValueError("local-only length %d outside the general description" % length)
            local.append(length)
    return possible, local


def description(territory, tag, general):
    """processPhoneNumberDescElement; `general` is None for the general description itself."""
    found = territory.findall(tag)
    if len(found) > 1:
        raise ValueError("several %s in %s" % (tag, territory.get("id")))
    if not found:
        return None
    element = found[0]
    result = {"pattern": None, "possibleLengths": [], "localOnlyLengths": [], "example": None}
    if general is not None:
        lengths, local_only = length_sets([element])
        result["possibleLengths"], result["localOnlyLengths"] = set_lengths(lengths, local_only, general)
    pattern = element.find("nationalNumberPattern")
    if pattern is not None:
        result["pattern"] = compress(pattern.text)
    example = element.find("exampleNumber")
    if example is not None:
        result["example"] = example.text
    return result


def general_description(territory):
    """The general description, its lengths derived from every type's (setPossibleLengthsGeneralDesc)."""
    general = description(territory, "generalDesc", None)
    own, own_local = length_sets(territory.findall("generalDesc"))
    if own or own_local:
        raise ValueError("possible lengths on the general description of %s" % territory.get("id"))
    children = [child for child in territory if child.tag not in WITHOUT_MATCHING_TYPES]
    lengths, local_only = length_sets(children)
    general["possibleLengths"], general["localOnlyLengths"] = set_lengths(lengths, local_only, None)
    return general


def expand_rule(rule, national_prefix):
    """getNationalPrefixFormattingRuleFromElement: the first `$NP`, then the first `$FG`."""
    return rule.replace("$NP", national_prefix, 1).replace("$FG", "$1", 1)


def number_formats(territory, national_prefix):
    """loadAvailableFormats: the national formats, and the international ones when explicit."""
    territory_rule = expand_rule(territory.get("nationalPrefixFormattingRule", ""), national_prefix)
    national, international = [], []
    explicit = False
    for element in territory.iter("numberFormat"):
        leading = [compress(node.text) for node in element.findall("leadingDigits")]
        formats = element.findall("format")
        if len(formats) != 1:
            raise ValueError("%d format elements in %s" % (len(formats), territory.get("id")))
        if "nationalPrefixFormattingRule" in element.attrib:
            rule = expand_rule(element.get("nationalPrefixFormattingRule"), national_prefix)
        else:
            rule = territory_rule
        entry = {
            "pattern": element.get("pattern"),
            "format": formats[0].text,
            "leadingDigits": leading,
            "nationalPrefixFormattingRule": rule,
        }
        national.append(entry)
        intl = element.findall("intlFormat")
        if len(intl) > 1:
            raise ValueError("several intlFormat elements in %s" % territory.get("id"))
        if not intl:
            international.append({key: entry[key] for key in ("pattern", "format", "leadingDigits")})
        else:
            explicit = True
            if intl[0].text != "NA":
                international.append({
                    "pattern": element.get("pattern"),
                    "format": intl[0].text,
                    "leadingDigits": leading,
                })
    return national, international if explicit else []


def territory_metadata(territory):
    """loadCountryMetadata for one territory element."""
    national_prefix = territory.get("nationalPrefix", "")
    entry = {
        "id": territory.get("id"),
        "countryCode": int(territory.get("countryCode")),
        "mainCountryForCode": "mainCountryForCode" in territory.attrib,
        "leadingDigits": territory.get("leadingDigits"),
        "internationalPrefix": territory.get("internationalPrefix", ""),
        "nationalPrefix": national_prefix,
        "nationalPrefixForParsing": "",
        "nationalPrefixTransformRule": "",
    }
    if "nationalPrefixForParsing" in territory.attrib:
        entry["nationalPrefixForParsing"] = compress(territory.get("nationalPrefixForParsing"))
        entry["nationalPrefixTransformRule"] = territory.get("nationalPrefixTransformRule", "")
    if national_prefix and not entry["nationalPrefixForParsing"]:
        entry["nationalPrefixForParsing"] = national_prefix
    entry["numberFormats"], entry["internationalFormats"] = number_formats(territory, national_prefix)
    general = general_description(territory)
    descriptions = [general] + [description(territory, tag, general) for tag in DESCRIPTIONS[1:]]
    patterns = [(desc or {}).get("pattern") or "" for desc in descriptions]
    entry["sameMobileAndFixedLinePattern"] = patterns[2] == patterns[1]
    entry["descriptions"] = descriptions
    return entry


def load(xml_path):
    """Every territory of the XML, in its order (the collection's order)."""
    root = ET.parse(xml_path).getroot()
    return [territory_metadata(territory) for territory in root.find("territories").findall("territory")]


def swift_source(territories, version, date):
    lines = [json.dumps(entry, separators=(",", ":"), ensure_ascii=True) for entry in territories]
    for line in lines:
        if '"""#' in line:
            raise ValueError("the metadata contains the literal's terminator")
    return (
        "// swift-format-ignore-file\n"
        "// Generated by Scripts/phone-metadata/generate.py from Vendored/PhoneNumberMetadata.xml\n"
        "// (libphonenumber %s, Apache-2.0, see Vendored/NOTICE). Do not edit: `make metadata`.\n"
        "\n"
        "extension BundledMetadata {\n"
        "    /// The libphonenumber release the metadata is from.\n"
        "    static let version = \"%s\"\n"
        "    /// The day that release was tagged.\n"
        "    static let releaseDate = \"%s\"\n"
        "    /// One JSON array of the territories, a line each, in the XML's order.\n"
        "    static let text: StaticString = #\"\"\"\n"
        "[\n%s\n]\n"
        "\"\"\"#\n"
        "}\n"
    ) % (version, version, date, ",\n".join(lines))


def read_version():
    with open(VERSION_PATH) as file:
        fields = dict(line.strip().split("=", 1) for line in file if "=" in line)
    return fields["version"], fields["date"]


def main():
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--check", action="store_true", help="compare the committed Swift file with the XML's")
    parser.add_argument("--xml", help="a newer PhoneNumberMetadata.xml to vendor")
    parser.add_argument("--version", help="its libphonenumber release, such as 9.0.35")
    parser.add_argument("--date", default="", help="that release's date, YYYY-MM-DD")
    parser.add_argument("--print-json", action="store_true", help="print the loaded metadata as JSON lines")
    arguments = parser.parse_args()

    if arguments.xml:
        if not arguments.version or not re.fullmatch(r"\d+\.\d+\.\d+", arguments.version):
            parser.error("--xml needs --version X.Y.Z")
        if arguments.date and not re.fullmatch(r"\d{4}-\d{2}-\d{2}", arguments.date):
            parser.error("--date is YYYY-MM-DD")
        load(arguments.xml)  # refuse a file the rules cannot read before replacing anything
        if os.path.abspath(arguments.xml) != XML_PATH:
            shutil.copyfile(arguments.xml, XML_PATH)
        with open(VERSION_PATH, "w") as file:
            file.write("version=%s\ndate=%s\n" % (arguments.version, arguments.date or "unknown"))

    version, date = read_version()
    territories = load(XML_PATH)
    if arguments.print_json:
        for entry in territories:
            print(json.dumps(entry, sort_keys=True))
        return 0
    source = swift_source(territories, version, date)
    if arguments.check:
        with open(SWIFT_PATH) as file:
            committed = file.read()
        if committed != source:
            print("%s is not what %s makes: run `make metadata`" % (SWIFT_PATH, XML_PATH), file=sys.stderr)
            return 1
        print("bundled phone metadata: libphonenumber %s (%s), %d territories, up to date" % (version, date, len(territories)))
        return 0
    with open(SWIFT_PATH, "w") as file:
        file.write(source)
    print("wrote %s: libphonenumber %s (%s), %d territories, %d bytes" % (
        os.path.relpath(SWIFT_PATH, ROOT), version, date, len(territories), len(source)))
    return 0


if __name__ == "__main__":
    sys.exit(main())
