#!/usr/bin/env python3
"""Makes the Unicode tables KiiIdentity's display-name and username rules read.

    generate.py            writes Sources/KiiIdentity/Unicode/UnicodeTables.swift
    generate.py --check    exits 1 when the committed file is not what this script makes

Sources, both from the package index (`make unicode-tables` installs them into .build-unicode):
- PyPI `unicodedata2` 17.0.1: general categories, canonical combining classes, decompositions
  and NFKC (the Unicode Character Database 17.0);
- PyPI `icukit-pyicu` 78.3.1 (ICU 78, Unicode 17.0): Default_Ignorable_Code_Point, Bidi_Control,
  Joining_Type, Script, Hangul_Syllable_Type, the RGI emoji sequences (`[:RGI_Emoji:]`) and the
  TR39 confusable skeleton (`uspoof_getSkeleton`).

What is made (each table base64 inside a string literal, decoded once at first use; a large
array literal would take the compiler minutes):
- one record per code point (two stages: blocks of 128 code points, deduplicated): its PRECIS
  FreeformClass verdict (RFC 8264 section 8, with the reason of a DISALLOWED one), its canonical
  combining class, whether it is a non-ASCII space (RFC 8266's additional mapping), whether NFKC
  may change a string that holds it (its NFKC differs, it combines with what precedes it, or its
  combining class is not 0), its Joining_Type and the scripts the context rules read;
- every code point's full compatibility decomposition (NFKD, Hangul syllables aside: those are
  algorithmic), and the canonical composition pairs NFC composes (primary composites only);
- the RGI emoji sequences of Unicode 17.0;
- the TR39 skeleton of each character of the username alphabet after lowercasing.
"""

import argparse
import base64
import os
import sys
from importlib.metadata import version

import icu
import unicodedata2 as ucd

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.normpath(os.path.join(HERE, "..", ".."))
SWIFT_PATH = os.path.join(ROOT, "Sources", "KiiIdentity", "Unicode", "UnicodeTables.swift")
UNICODE_VERSION = "17.0.0"
BLOCK_SHIFT = 7

# FreeformClass verdicts, in UnicodeScalarClass's order.
ALLOWED, CONTEXTJ, CONTEXTO, UNASSIGNED, CONTROL, BIDI, INVISIBLE, OTHER = range(8)
# RFC 5892 section 2.6 (the exceptions) as RFC 8264 reads them.
EXCEPTIONS = {
    0x00DF: ALLOWED, 0x03C2: ALLOWED, 0x06FD: ALLOWED, 0x06FE: ALLOWED, 0x0F0B: ALLOWED, 0x3007: ALLOWED,
    0x00B7: CONTEXTO, 0x0375: CONTEXTO, 0x05F3: CONTEXTO, 0x05F4: CONTEXTO, 0x30FB: CONTEXTO,
    **{cp: CONTEXTO for cp in range(0x0660, 0x066A)},
    **{cp: CONTEXTO for cp in range(0x06F0, 0x06FA)},
    0x0640: OTHER, 0x07FA: OTHER, 0x302E: OTHER, 0x302F: OTHER, 0x3031: OTHER, 0x3032: OTHER,
    0x3033: OTHER, 0x3034: OTHER, 0x3035: OTHER, 0x303B: OTHER,
}
NON_ASCII_SPACES = {0x00A0, 0x1680, *range(0x2000, 0x200B), 0x202F, 0x205F, 0x3000}
# Joining types (ICU's UJoiningType values) and their codes here.
JOINING = {2: 1, 4: 2, 3: 3, 5: 4}  # dual, right, left, transparent
USERNAME_ALPHABET = "abcdefghijklmnopqrstuvwxyz0123456789_-."

P = icu.UProperty
C = icu.Char
S = icu.UScriptCode


def noncharacter(cp):
    return (cp & 0xFFFE) == 0xFFFE or 0xFDD0 <= cp <= 0xFDEF


def nfkc_changes(cp):
    return ucd.normalize("NFKC", chr(cp)) != chr(cp)


def verdict(cp):
    """RFC 8264 section 8, first match decides; a DISALLOWED verdict carries its reason."""
    category = ucd.category(chr(cp))
    if cp in EXCEPTIONS:
        return EXCEPTIONS[cp]
    if category == "Cn" and not noncharacter(cp):
        return UNASSIGNED
    if 0x21 <= cp <= 0x7E:
        return ALLOWED
    if cp in (0x200C, 0x200D):
        return CONTEXTJ
    if C.getIntPropertyValue(cp, P.HANGUL_SYLLABLE_TYPE) in (1, 2, 3):  # L, V, T: old Hangul jamo
        return OTHER
    if C.hasBinaryProperty(cp, P.DEFAULT_IGNORABLE_CODE_POINT) or noncharacter(cp):
        if C.hasBinaryProperty(cp, P.BIDI_CONTROL):
            return BIDI
        return OTHER if noncharacter(cp) else INVISIBLE
    if category == "Cc":
        return CONTROL
    if nfkc_changes(cp):
        return ALLOWED
    if category in ("Ll", "Lu", "Lo", "Nd", "Lm", "Mn", "Mc", "Lt", "Nl", "No", "Me", "Zs",
                    "Sm", "Sc", "Sk", "So", "Pc", "Pd", "Ps", "Pe", "Pi", "Pf", "Po"):
        return ALLOWED
    if category in ("Zl", "Zp"):
        return CONTROL
    if category == "Cf":
        return INVISIBLE
    return OTHER  # Co, Cs


def composition_pairs():
    """(first, second) -> composite for every primary composite."""
    pairs = {}
    for cp in range(0x110000):
        mapping = ucd.decomposition(chr(cp))
        if not mapping or mapping.startswith("<"):
            continue
        parts = [int(part, 16) for part in mapping.split()]
        if len(parts) != 2:
            continue
        if ucd.normalize("NFC", chr(cp)) != chr(cp):
            continue  # a composition exclusion, or a non-starter decomposition
        pairs[(parts[0], parts[1])] = cp
    return pairs


def script_group(cp):
    script = C.getIntPropertyValue(cp, P.SCRIPT)
    if script == S.GREEK:
        return 1
    if script == S.HEBREW:
        return 2
    if script in (S.HIRAGANA, S.KATAKANA, S.HAN):
        return 3
    return 0


def records(pairs):
    seconds = {second for _, second in pairs}
    seconds.update(range(0x1161, 0x1176))  # Hangul V jamo compose with L
    seconds.update(range(0x11A8, 0x11C3))  # Hangul T jamo compose with LV
    for cp in range(0x110000):
        ccc = ucd.combining(chr(cp))
        changes = nfkc_changes(cp)
        quick_no = changes or ccc != 0 or cp in seconds
        decomposes = ucd.normalize("NFKD", chr(cp)) != chr(cp)
        jt = JOINING.get(C.getIntPropertyValue(cp, P.JOINING_TYPE), 0)
        record = (
            verdict(cp)
            | ccc << 3
            | (cp in NON_ASCII_SPACES) << 11
            | quick_no << 12
            | decomposes << 13
            | jt << 14
            | script_group(cp) << 17
        )
        yield record


def two_stage(values):
    """Blocks of 1 << BLOCK_SHIFT values, deduplicated: (block index per block, blocks)."""
    size = 1 << BLOCK_SHIFT
    index, blocks, seen = [], [], {}
    for start in range(0, len(values), size):
        block = tuple(values[start : start + size])
        if block not in seen:
            seen[block] = len(seen)
            blocks.extend(block)
        index.append(seen[block])
    return index, blocks


def encode(values, width):
    data = b"".join(value.to_bytes(width, "little") for value in values)
    return base64.b64encode(data).decode("ascii")


def literal(name, doc, values, width):
    text = encode(values, width)
    lines = [text[i : i + 100] for i in range(0, len(text), 100)]
    body = "\n".join("        " + line for line in lines)
    return (
        f"    /// {doc} ({len(values)} values of {width} byte{'s' if width > 1 else ''}, little-endian, base64.)\n"
        f'    static let {name}: StaticString = """\n{body}\n        """\n'
    )


def emoji_sequences():
    sequences = sorted({tuple(ord(c) for c in str(item)) for item in icu.UnicodeSet("[:RGI_Emoji:]")})
    flat, starts = [], []
    # Grouped by first scalar; within a group the longest first, so the first match is the longest.
    sequences.sort(key=lambda s: (s[0], -len(s), s))
    for sequence in sequences:
        starts.append(len(flat))
        flat.append(len(sequence))
        flat.extend(sequence)
    return sequences, flat


def skeletons():
    checker = icu.SpoofChecker()
    result = []
    for char in USERNAME_ALPHABET:
        skeleton = checker.getSkeleton(0, char).lower()
        result.append((char, skeleton))
    return result


def generate():
    pairs = composition_pairs()
    values = list(records(pairs))
    distinct = sorted(set(values))
    if len(distinct) > 65535:
        raise SystemExit("too many distinct records")
    ids = {record: i for i, record in enumerate(distinct)}
    index, blocks = two_stage([ids[v] for v in values])
    record_width = 1 if len(distinct) <= 256 else 2

    decomposition_keys, decomposition_offsets, decomposition_scalars = [], [], []
    for cp in range(0x110000):
        if 0xAC00 <= cp <= 0xD7A3:
            continue
        nfkd = ucd.normalize("NFKD", chr(cp))
        if nfkd != chr(cp):
            decomposition_keys.append(cp)
            decomposition_offsets.append(len(decomposition_scalars))
            decomposition_scalars.extend(ord(c) for c in nfkd)
    decomposition_offsets.append(len(decomposition_scalars))

    pair_keys = sorted(pairs)
    composition_keys = [first << 21 | second for first, second in pair_keys]
    composites = [pairs[key] for key in pair_keys]

    sequences, flat = emoji_sequences()
    lookalikes = skeletons()
    mapped = [(char, skeleton) for char, skeleton in lookalikes if skeleton != char]

    out = []
    out.append("// Generated by Scripts/unicode-tables/generate.py; do not edit (`make unicode-tables`).\n")
    out.append("// Unicode 17.0 data: PyPI unicodedata2 %s and ICU %s (PyPI icukit-pyicu %s); the Unicode\n"
               % (version("unicodedata2"), icu.ICU_VERSION, version("icukit-pyicu")))
    out.append("// licence is LICENSE-Unicode beside this file.\n\n")
    out.append("/// The Unicode tables of the display-name and username rules, as generated.\n")
    out.append("enum UnicodeTables {\n")
    out.append(f'    /// The Unicode version of every table here.\n    static let unicodeVersion = "{UNICODE_VERSION}"\n\n')
    out.append(f"    /// Code points a block of ``propertyBlocks`` covers, as a shift.\n    static let blockShift = {BLOCK_SHIFT}\n\n")
    out.append(f"    /// Bytes of a record index in ``propertyBlocks``.\n    static let recordIndexWidth = {record_width}\n\n")
    out.append(f"    /// The RGI emoji sequences: {len(sequences)}, the longest {max(len(s) for s in sequences)} scalars.\n")
    out.append(f"    static let emojiSequenceCount = {len(sequences)}\n\n")
    tables = [
        ("propertyRecords", "The distinct code point records (see UnicodeScalarRecord)", distinct, 4),
        ("propertyIndex", "Per block of code points, the index of its block in propertyBlocks", index, 2),
        ("propertyBlocks", "The deduplicated blocks: per code point, its record's index", blocks, record_width),
        ("decompositionKeys", "The code points NFKD changes, ascending (Hangul syllables aside)", decomposition_keys, 3),
        ("decompositionOffsets", "Where each key's NFKD starts in decompositionScalars, and the end",
         decomposition_offsets, 2),
        ("decompositionScalars", "The NFKD of every key, one after another", decomposition_scalars, 3),
        ("compositionKeys", "first << 21 | second of each canonical pair, ascending", composition_keys, 6),
        ("compositions", "The primary composite of each pair, in compositionKeys' order", composites, 3),
        ("emojiSequences", "Each RGI emoji sequence as its length then its scalars, by first scalar, longest first",
         flat, 3),
    ]
    for name, doc, values, width in tables:
        out.append(literal(name, doc, values, width))
        out.append("\n")
    # The username alphabet's skeletons, as what the key reads without building anything: the
    # characters that map, compared 16 bytes at a time, and a switch from a byte to its skeleton.
    if not 1 <= len(mapped) <= 4 or any(not 1 <= len(skeleton) <= 3 for _, skeleton in mapped):
        raise SystemExit("the username key reads 1 to 4 mapped characters of 1 to 3 bytes: %r" % mapped)
    characters = [ord(char) for char, _ in mapped]
    characters += characters[-1:] * (4 - len(characters))
    out.append("    /// The characters of the lowercased username alphabet whose TR39 skeleton (ICU's\n")
    out.append("    /// uspoof_getSkeleton, lowercased) is not themselves, the last repeated to fill four lanes.\n")
    out.append("    static var usernameLookalikeCharacters: SIMD4<UInt8> { SIMD4(%s) }\n\n"
               % ", ".join("0x%02X" % c for c in characters))
    out.append("    /// The TR39 skeleton of a byte of the lowercased username alphabet, packed (its length in\n")
    out.append("    /// the top byte, its bytes below, the first lowest), or 0 when the byte is its own.\n")
    out.append("    @inline(__always)\n")
    out.append("    static func usernameLookalikeSkeleton(of byte: UInt8) -> UInt32 {\n")
    out.append("        switch byte {\n")
    for char, skeleton in mapped:
        packed = len(skeleton) << 24
        for index, letter in enumerate(skeleton):
            packed |= ord(letter) << (8 * index)
        out.append("        case 0x%02X: 0x%04X_%04X  // %s -> %s\n" % (ord(char), packed >> 16, packed & 0xFFFF, char, skeleton))
    out.append("        default: 0\n")
    out.append("        }\n")
    out.append("    }\n")
    out.append("}\n")
    return "".join(out), {
        "records": len(distinct), "blocks": len(blocks) >> BLOCK_SHIFT, "decompositions": len(decomposition_keys),
        "compositions": len(composites), "emoji": len(sequences), "lookalikes": mapped,
    }


def main():
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--check", action="store_true", help="compare the committed file with what this script makes")
    arguments = parser.parse_args()
    if ucd.unidata_version != UNICODE_VERSION or not icu.UNICODE_VERSION.startswith("17.0"):
        raise SystemExit("needs Unicode 17.0: unicodedata2 %s, ICU's Unicode %s" % (ucd.unidata_version, icu.UNICODE_VERSION))
    text, summary = generate()
    if arguments.check:
        with open(SWIFT_PATH, encoding="utf-8") as handle:
            if handle.read() != text:
                print("%s is not what generate.py makes: run `make unicode-tables`" % os.path.relpath(SWIFT_PATH, ROOT))
                sys.exit(1)
        print("unicode tables: the committed file is what the script makes (%s)" % summary)
        return
    with open(SWIFT_PATH, "w", encoding="utf-8") as handle:
        handle.write(text)
    print("wrote %s: %s" % (os.path.relpath(SWIFT_PATH, ROOT), summary))


if __name__ == "__main__":
    main()
