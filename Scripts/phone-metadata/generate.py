#!/usr/bin/env python3
"""Makes the form KiiIdentity's phone engine reads from a libphonenumber release's metadata.

    generate.py --phonenumbers          from PyPI `phonenumbers`, as installed in the interpreter
                                        that runs this (`make metadata PHONENUMBERS=x.y.z` runs the
                                        oracle's, .build-oracle); the release is the package's
                                        version, its date the wheel's (see wheel_date)
    generate.py --xml F --version V [--date D]
                                        from upstream's resources/PhoneNumberMetadata.xml of
                                        libphonenumber V (`make metadata XML=F VERSION=V DATE=D`)
    generate.py --check                 exits 1 if a committed file is not what the installed
                                        `phonenumbers` makes (`make metadata-check`)
    --output DIR                        writes the generated files under DIR instead (the same
                                        relative paths), and neither README nor changelog

What it writes (GENERATED): BundledMetadataText.swift, the metadata as one JSON text with the
release's name and date (BundledMetadata.version and .releaseDate, which the code, the tests and
the tool's expected outputs read), and RegionTableLetters.swift, the compiled-in set of regions.
When the release changes it also rewrites the README's release line and adds a line to the
changelog; nothing else names the release.

The XML's rules are those of libphonenumber's own BuildMetadataFromXml.java (the tool that makes
the C++ library's compiled-in metadata), so that the bundled metadata and a system
libphonenumber's reach the engine in the same shape (a description the region does not have is
null here, a pattern-less description with lengths [-1] there): whitespace removed from number
patterns, leading digits and the national prefix for parsing; possible lengths of the general
description derived from the types' (noInternationalDialling aside); a type's lengths left empty
when they equal the general description's; the national prefix for parsing defaulting to the
national prefix; `$NP` and `$FG` expanded in national prefix formatting rules; international
formats kept only for a region that defines one explicitly (`NA` drops a format).

`phonenumbers` is built from the same XML by python-phonenumbers' own builder, which writes some
things differently; from_phonenumbers puts them back in this shape: Python's `\\1` for `$1`; a
type's possible lengths, which that builder copies when they are the general description's; a
type the territory lacks (None there). Both give the territories in one order: the regions by
code, then the non-geographic entities by calling code (the XML's own order). For one release,
both inputs make byte-identical files (`make metadata-agreement` proves it on one release).

Python's standard library only (and `phonenumbers` for --phonenumbers and --check): no network.
"""

import argparse
import glob
import json
import os
import re
import sys
import xml.etree.ElementTree as ET
import zipfile

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.normpath(os.path.join(HERE, "..", ".."))
METADATA_TEXT = os.path.join("Sources", "KiiIdentity", "Phone", "Metadata", "BundledMetadataText.swift")
REGION_LETTERS = os.path.join("Sources", "KiiIdentity", "Fields", "Country", "RegionTableLetters.swift")
GENERATED = [METADATA_TEXT, REGION_LETTERS]
README = "README.md"
CHANGELOG = os.path.join("Documentation", "Changelog.md")
WHEELS = os.path.join(ROOT, ".build-oracle", "wheels")

# The number descriptions the engine reads, in the order of PhoneMetadata.Kind.
DESCRIPTIONS = [
    "generalDesc", "fixedLine", "mobile", "tollFree", "premiumRate", "sharedCost",
    "personalNumber", "voip", "pager", "uan", "voicemail",
]
# The same, as phonenumbers' PhoneMetadata names them.
PYTHON_DESCRIPTIONS = [
    "general_desc", "fixed_line", "mobile", "toll_free", "premium_rate", "shared_cost",
    "personal_number", "voip", "pager", "uan", "voicemail",
]
# Descriptions whose lengths do not count towards the general description's.
WITHOUT_MATCHING_TYPES = {"noInternationalDialling"}


def in_order(territories):
    """The collection's order: regions by code, then non-geographic entities (001) by calling code."""
    return sorted(territories, key=lambda entry: (entry["id"] == "001", entry["id"], entry["countryCode"]))


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


def load_xml(xml_path):
    """Every territory of upstream's XML, in the collection's order."""
    root = ET.parse(xml_path).getroot()
    return in_order([territory_metadata(territory) for territory in root.find("territories").findall("territory")])


# MARK: PyPI phonenumbers


def dollars(text):
    """Python's group references (`\\1`) as the XML writes them (`$1`)."""
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
    for number_format in formats:
        entry = {
            "pattern": number_format.pattern,
            "format": dollars(number_format.format),
            "leadingDigits": list(number_format.leading_digits_pattern),
        }
        if national:
            entry["nationalPrefixFormattingRule"] = dollars(number_format.national_prefix_formatting_rule) or ""
        result.append(entry)
    return result


def python_entry(metadata):
    """One territory of phonenumbers' PhoneMetadata in the shape territory_metadata gives."""
    general = metadata.general_desc
    descriptions = [python_description(general, None)]
    for name in PYTHON_DESCRIPTIONS[1:]:
        descriptions.append(python_description(getattr(metadata, name), general))
    return {
        "id": metadata.id,
        "countryCode": int(metadata.country_code),
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


def load_phonenumbers():
    """Every territory of the installed phonenumbers, and its version."""
    import phonenumbers
    from phonenumbers.phonemetadata import PhoneMetadata

    territories = []
    for region in sorted(phonenumbers.SUPPORTED_REGIONS):
        territories.append(python_entry(PhoneMetadata.metadata_for_region(region)))
    for code in sorted(phonenumbers.COUNTRY_CODES_FOR_NON_GEO_REGIONS):
        territories.append(python_entry(PhoneMetadata.metadata_for_nongeo_region(code)))
    return in_order(territories), phonenumbers.__version__


def wheel_date(version, wheels=WHEELS):
    """The release's date: the day PyPI's wheel of `phonenumbers` `version` was built.

    The package names no date, and its index's upload time is not in what pip keeps; the wheel
    that `make phone-oracle` downloads (and installs from) stamps every file it builds with that
    day, its dist-info/METADATA among them, so the date is that entry's (UTC as the wheel has it).
    """
    found = sorted(glob.glob(os.path.join(wheels, "phonenumbers-%s-*.whl" % version)))
    if not found:
        raise SystemExit("no wheel of phonenumbers %s in %s: run `make phone-oracle PHONENUMBERS=%s`"
                         % (version, wheels, version))
    with zipfile.ZipFile(found[0]) as wheel:
        info = wheel.getinfo("phonenumbers-%s.dist-info/METADATA" % version)
    return "%04d-%02d-%02d" % info.date_time[:3]


# MARK: What is written


def metadata_text(territories, version, date):
    lines = [json.dumps(entry, separators=(",", ":"), ensure_ascii=True) for entry in territories]
    for line in lines:
        if '"""#' in line:
            raise ValueError("the metadata contains the literal's terminator")
    return (
        "// swift-format-ignore-file\n"
        "// Generated by Scripts/phone-metadata/generate.py from libphonenumber's metadata (Apache-2.0,\n"
        "// see NOTICE beside this file). Do not edit: `make metadata`.\n"
        "\n"
        "extension BundledMetadata {\n"
        "    /// The libphonenumber release the metadata is from: the one place that names it.\n"
        "    static let version = \"%s\"\n"
        "    /// That release's date: PyPI `phonenumbers`' wheel of it was built that day.\n"
        "    static let releaseDate = \"%s\"\n"
        "    /// One JSON array of the territories, a line each: regions by code, then the\n"
        "    /// non-geographic entities by calling code.\n"
        "    static let text: StaticString = #\"\"\"\n"
        "[\n%s\n]\n"
        "\"\"\"#\n"
        "}\n"
    ) % (version, date, ",\n".join(lines))


def region_letters(territories):
    regions = sorted({entry["id"] for entry in territories if re.fullmatch(r"[A-Z]{2}", entry["id"])})
    cases = []
    for first in "ABCDEFGHIJKLMNOPQRSTUVWXYZ":
        seconds = [region for region in regions if region[0] == first]
        if not seconds:
            continue
        bits = sum(1 << (ord(region[1]) - ord("A")) for region in seconds)
        cases.append("        case UInt8(ascii: \"%s\"): 0x%07X  // %s\n" % (first, bits, " ".join(seconds)))
    return (
        "// Generated by Scripts/phone-metadata/generate.py from the bundled metadata's regions.\n"
        "// Do not edit: `make metadata`.\n"
        "\n"
        "extension RegionTable {\n"
        "    /// The bundled metadata's %d regions: bit *n* set when the region of `first` and the *n*th\n"
        "    /// letter (A = 0) is supported; 0 when `first` is not a capital letter.\n"
        "    @inlinable @inline(__always)\n"
        "    static func secondLetters(after first: UInt8) -> UInt32 {\n"
        "        switch first {\n"
        "%s"
        "        default: 0\n"
        "        }\n"
        "    }\n"
        "}\n"
    ) % (len(regions), "".join(cases))


def generated_files(territories, version, date):
    return {
        METADATA_TEXT: metadata_text(territories, version, date),
        REGION_LETTERS: region_letters(territories),
    }


README_RELEASE = re.compile(r"\*\*libphonenumber (\S+)'s metadata \(released ([^)]*)\)\*\*")


def readme_with_release(text, version, date):
    """The README with its release line naming `version` and `date`."""
    new, count = README_RELEASE.subn("**libphonenumber %s's metadata (released %s)**" % (version, date), text)
    if count != 1:
        raise SystemExit("README.md: no single release line (**libphonenumber x.y.z's metadata (released ...)**)")
    return new


CHANGELOG_SECTION = "### Bundled phone metadata"


def changelog_with_release(text, version, date, previous, source):
    """The changelog with a line for the new release at the top of its section under Unreleased."""
    line = "- libphonenumber %s (%s), was %s (%s):\n  `%s`.\n" % (version, date, previous[0], previous[1], source)
    if line in text:
        return text
    unreleased = text.index("## Unreleased\n")
    section = text.find(CHANGELOG_SECTION + "\n", unreleased)
    following = text.find("\n## ", unreleased + 1)
    if section < 0 or (following >= 0 and section > following):
        raise SystemExit("%s: no %r section under Unreleased" % (CHANGELOG, CHANGELOG_SECTION))
    # After the section's heading and its paragraph: before its first line, or at its end.
    start = section + len(CHANGELOG_SECTION) + 1
    paragraph_end = text.index("\n\n", start + 1) + 2
    return text[:paragraph_end] + line + text[paragraph_end:]


def committed_release():
    """The release the committed metadata names, (version, date)."""
    with open(os.path.join(ROOT, METADATA_TEXT)) as file:
        text = file.read()
    version = re.search(r'static let version = "([^"]*)"', text).group(1)
    date = re.search(r'static let releaseDate = "([^"]*)"', text).group(1)
    return version, date


def read(path):
    with open(os.path.join(ROOT, path)) as file:
        return file.read()


def write(root, path, text):
    full = os.path.join(root, path)
    os.makedirs(os.path.dirname(full), exist_ok=True)
    with open(full, "w") as file:
        file.write(text)


def main():
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    source = parser.add_mutually_exclusive_group(required=True)
    source.add_argument("--phonenumbers", action="store_true", help="from the installed PyPI phonenumbers")
    source.add_argument("--xml", help="from upstream's PhoneNumberMetadata.xml")
    source.add_argument("--check", action="store_true", help="compare the committed files with the installed phonenumbers'")
    parser.add_argument("--version", help="the XML's libphonenumber release, such as 9.1.0")
    parser.add_argument("--date", default="", help="that release's date, YYYY-MM-DD")
    parser.add_argument("--wheels", default=WHEELS, help="where the phonenumbers wheel is (for its date)")
    parser.add_argument("--output", help="write the generated files under this folder instead")
    parser.add_argument("--print-json", action="store_true", help="print the loaded metadata as JSON lines")
    arguments = parser.parse_args()

    if arguments.xml:
        if not arguments.version or not re.fullmatch(r"\d+\.\d+\.\d+", arguments.version):
            parser.error("--xml needs --version X.Y.Z")
        if arguments.date and not re.fullmatch(r"\d{4}-\d{2}-\d{2}", arguments.date):
            parser.error("--date is YYYY-MM-DD")
        territories = load_xml(arguments.xml)
        version, date = arguments.version, arguments.date or "unknown"
        how = "make metadata XML=PhoneNumberMetadata.xml VERSION=%s%s" % (
            version, " DATE=%s" % arguments.date if arguments.date else "")
    else:
        territories, version = load_phonenumbers()
        date = wheel_date(version, arguments.wheels)
        how = "make metadata PHONENUMBERS=%s" % version

    if arguments.print_json:
        for entry in territories:
            print(json.dumps(entry, sort_keys=True))
        return 0
    files = generated_files(territories, version, date)
    if arguments.check:
        stale = [path for path, text in files.items() if read(path) != text]
        if read(README) != readme_with_release(read(README), version, date):
            stale.append(README + " (its release line)")
        if stale:
            print("not what phonenumbers %s makes: %s; run `make metadata`" % (version, ", ".join(stale)),
                  file=sys.stderr)
            return 1
        print("bundled phone metadata: libphonenumber %s (%s), %d territories, up to date"
              % (version, date, len(territories)))
        return 0
    if arguments.output:
        for path, text in files.items():
            write(arguments.output, path, text)
        return 0
    previous = committed_release()
    for path, text in files.items():
        write(ROOT, path, text)
    write(ROOT, README, readme_with_release(read(README), version, date))
    if previous[0] != version:
        write(ROOT, CHANGELOG, changelog_with_release(read(CHANGELOG), version, date, previous, how))
    print("wrote libphonenumber %s (%s), %d territories, %d bytes of metadata%s" % (
        version, date, len(territories), len(files[METADATA_TEXT]),
        "" if previous == (version, date) else "; was %s (%s)" % previous))
    return 0


if __name__ == "__main__":
    sys.exit(main())
