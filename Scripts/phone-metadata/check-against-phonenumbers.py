#!/usr/bin/env python3
"""Checks that the generator's two inputs agree: upstream's PhoneNumberMetadata.xml of a release
and PyPI `phonenumbers` of the same release make byte-identical files.

    check-against-phonenumbers.py --xml PhoneNumberMetadata.xml [--wheels FOLDER]

Run with the interpreter of a virtual environment holding `phonenumbers` of the XML's release
(`make metadata-agreement` makes one). The release is the package's version, and the XML, which
carries no date, is given the package's (what `make metadata XML=F VERSION=V DATE=D` would be
given), so that the files are compared whole: both ways are run as `make metadata` runs them,
into folders of their own. When they differ, the territories are compared field by field.
"""

import argparse
import os
import subprocess
import sys
import tempfile

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import generate  # noqa: E402


def main():
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--xml", required=True, help="upstream's PhoneNumberMetadata.xml")
    parser.add_argument("--wheels", default=generate.WHEELS, help="where the phonenumbers wheel is")
    arguments = parser.parse_args()

    import phonenumbers

    version = phonenumbers.__version__
    date = generate.wheel_date(version, arguments.wheels)
    script = os.path.join(generate.HERE, "generate.py")
    with tempfile.TemporaryDirectory() as folder:
        from_xml, from_package = os.path.join(folder, "xml"), os.path.join(folder, "phonenumbers")
        subprocess.run([sys.executable, script, "--xml", arguments.xml, "--version", version, "--date", date,
                        "--output", from_xml], check=True)
        subprocess.run([sys.executable, script, "--phonenumbers", "--wheels", arguments.wheels,
                        "--output", from_package], check=True)
        differing, size = [], 0
        for path in generate.GENERATED:
            with open(os.path.join(from_xml, path), "rb") as file:
                ours = file.read()
            with open(os.path.join(from_package, path), "rb") as file:
                theirs = file.read()
            size += len(ours)
            if ours != theirs:
                differing.append(path)

    xml_territories = generate.load_xml(arguments.xml)
    package_territories, _ = generate.load_phonenumbers()
    differences = 0
    if differing:
        theirs_by_key = {(entry["id"], entry["countryCode"]): entry for entry in package_territories}
        for entry in xml_territories:
            theirs = theirs_by_key.pop((entry["id"], entry["countryCode"]), None)
            if theirs is None:
                print("%s +%d: not in phonenumbers" % (entry["id"], entry["countryCode"]))
                differences += 1
                continue
            for key, ours in entry.items():
                if theirs.get(key) != ours:
                    differences += 1
                    print("%s +%d %s:\n  XML          %r\n  phonenumbers %r" % (
                        entry["id"], entry["countryCode"], key, ours, theirs.get(key)))
        for key in theirs_by_key:
            print("%s +%d: only in phonenumbers" % key)
            differences += 1
    print("libphonenumber %s (%s), upstream's XML and PyPI phonenumbers: %d territories, %d bytes, %s" % (
        version, date, len(xml_territories), size,
        "byte-identical" if not differing else "%s differ (%d field differences)" % (", ".join(differing), differences)))
    return 1 if differing else 0


if __name__ == "__main__":
    sys.exit(main())
