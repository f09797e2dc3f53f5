#!/usr/bin/env python3
"""What a new bundled release changes, for `make metadata-latest` (Scripts/phone-metadata/latest.sh).

    changes.py sample BEFORE AFTER > sample.tsv
        a fixed sample: for every region of either metadata (BundledMetadataText.swift before and
        after the bump) and every possible length of its general description in either, NUMBERS
        random national numbers of that length, drawn with a seed of the region and the length
        (so the same metadata gives the same sample on every machine)
    changes.py judge < sample.tsv > verdicts.tsv
        run with a phonenumbers interpreter: each number's verdict in its region, as libphonenumber
        gives it (valid or not, and its type)
    changes.py report BEFORE AFTER VERDICTS_BEFORE VERDICTS_AFTER
        the regions whose metadata changed (and in what), and per region how many numbers of the
        sample change verdict (accepted only before, only after, another type)
"""

import collections
import hashlib
import json
import random
import sys

NUMBERS = 200


def territories(path):
    """The territories of a generated BundledMetadataText.swift, by (id, calling code)."""
    with open(path) as file:
        text = file.read()
    body = text[text.index('#"""\n') + 5:text.rindex('\n"""#')]
    version = text.split('static let version = "', 1)[1].split('"', 1)[0]
    return version, {(entry["id"], entry["countryCode"]): entry for entry in json.loads(body)}


def general_lengths(entry):
    return set(entry["descriptions"][0]["possibleLengths"]) if entry["descriptions"][0] else set()


def sample(before_path, after_path):
    _, before = territories(before_path)
    _, after = territories(after_path)
    regions = sorted({key[0] for key in list(before) + list(after) if key[0] != "001"})
    for region in regions:
        lengths = set()
        for metadata in (before, after):
            for key, entry in metadata.items():
                if key[0] == region:
                    lengths |= general_lengths(entry)
        for length in sorted(lengths):
            seed = int.from_bytes(hashlib.sha256(("%s/%d" % (region, length)).encode()).digest()[:8], "big")
            draw = random.Random(seed)
            for _ in range(NUMBERS):
                print("%s\t%s" % (region, "".join(draw.choice("0123456789") for _ in range(length))))


def judge():
    import phonenumbers

    types = {value: name for name, value in vars(phonenumbers.PhoneNumberType).items() if name.isupper()}
    for line in sys.stdin:
        region, digits = line.rstrip("\n").split("\t")
        try:
            number = phonenumbers.parse(digits, region)
            if phonenumbers.is_valid_number_for_region(number, region):
                verdict = "valid " + types[phonenumbers.number_type(number)]
            else:
                verdict = "invalid"
        except phonenumbers.NumberParseException:
            verdict = "invalid"
        print("%s\t%s\t%s" % (region, digits, verdict))


def read_verdicts(path):
    with open(path) as file:
        return [line.rstrip("\n").split("\t") for line in file]


def report(before_path, after_path, verdicts_before, verdicts_after):
    old_version, before = territories(before_path)
    new_version, after = territories(after_path)
    print("libphonenumber %s -> %s" % (old_version, new_version))
    added = sorted(set(after) - set(before))
    removed = sorted(set(before) - set(after))
    changed = collections.OrderedDict()
    for key in sorted(set(before) & set(after)):
        fields = [field for field in before[key] if before[key][field] != after[key].get(field)]
        if fields:
            changed[key] = fields
    for label, keys in (("added", added), ("removed", removed)):
        if keys:
            print("territories %s: %s" % (label, " ".join("%s +%d" % key for key in keys)))
    print("territories whose metadata changed: %d of %d" % (len(changed), len(after)))
    for key, fields in changed.items():
        print("  %s +%d: %s" % (key[0], key[1], ", ".join(fields)))

    old, new = read_verdicts(verdicts_before), read_verdicts(verdicts_after)
    if [row[:2] for row in old] != [row[:2] for row in new]:
        raise SystemExit("the two verdict files are not of one sample")
    per_region = collections.defaultdict(lambda: [0, 0, 0])
    judged = 0
    for (region, _, was), (_, _, now) in zip(old, new):
        if was == "invalid" and now == "invalid":
            continue
        judged += 1
        if was == now:
            continue
        if was == "invalid":
            per_region[region][1] += 1
        elif now == "invalid":
            per_region[region][0] += 1
        else:
            per_region[region][2] += 1
    total = [sum(counts[index] for counts in per_region.values()) for index in range(3)]
    changes = sum(total)
    print("fixed sample: %d numbers (%d a region and length), %d valid in either release; verdict changed: %d"
          " (%.2f %% of those), in %d regions: %d valid only before, %d valid only after, %d another type"
          % (len(old), NUMBERS, judged, changes, 100.0 * changes / judged if judged else 0.0, len(per_region),
             total[0], total[1], total[2]))
    ranked = sorted(per_region.items(), key=lambda item: (-sum(item[1]), item[0]))
    for region, counts in ranked:
        print("  %s: %d (only before %d, only after %d, type %d)" % (region, sum(counts), *counts))


def main():
    command = sys.argv[1] if len(sys.argv) > 1 else ""
    if command == "sample" and len(sys.argv) == 4:
        sample(*sys.argv[2:])
    elif command == "judge" and len(sys.argv) == 2:
        judge()
    elif command == "report" and len(sys.argv) == 6:
        report(*sys.argv[2:])
    else:
        print(__doc__, file=sys.stderr)
        return 2
    return 0


if __name__ == "__main__":
    sys.exit(main())
