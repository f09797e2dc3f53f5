#!/usr/bin/env python3
"""The display-name and username-key oracle: PyPI precis-i18n 1.1.2 over unicodedata2 17.0.1
(RFC 8266's Nickname profile, case preserved) and ICU 78's TR39 skeleton (icukit-pyicu).

Reads requests from standard input, one a line, and answers each with one line (flushed), so
that a test can hold it open and ask in turn. A request is a letter, a tab, and its text as a
JSON string (so that any scalar, a newline or a tab included, fits on the line):

    N <json>   the Nickname profile's verdict: `ok <json enforced>` or `error <reason>`
               (precis-i18n's reason, such as DISALLOWED/controls), then a tab and 1 when the
               text holds an RGI emoji sequence of Unicode 17.0 (ICU's [:RGI_Emoji:]), else 0
    S <json>   uspoof_getSkeleton of the text (ICU 78), as a JSON string
    K <hex>    ICU 78's NFKC of the scalars given in hex (space-separated), in hex, then a tab
               and 1 when they hold an RGI emoji sequence, else 0
    C <prefix hex> <suffix hex> <first hex> <last hex>
               (tab-separated) every code point from first to last but the surrogates between
               prefix and suffix: how many, a tab, and each text whose NFKC (ICU 78) is not
               itself as `code point:NFKC in hex`, comma-separated
    V          the versions: precis-i18n, unicodedata2's Unicode, ICU
"""

import json
import sys
from importlib.metadata import version

import icu
import unicodedata2
from precis_i18n import get_profile

NFKC = icu.Normalizer2.getNFKCInstance()
PROFILE = get_profile("NicknameCasePreserved", unicodedata=unicodedata2)
CHECKER = icu.SpoofChecker()
EMOJI = [str(item) for item in icu.UnicodeSet("[:RGI_Emoji:]")]
EMOJI_FIRSTS = {}
for sequence in EMOJI:
    EMOJI_FIRSTS.setdefault(sequence[0], []).append(sequence)


def holds_emoji(text):
    return any(any(text.startswith(s, i) for s in EMOJI_FIRSTS.get(c, ())) for i, c in enumerate(text))


def nickname(text):
    try:
        answer = "ok\t" + json.dumps(PROFILE.enforce(text))
    except UnicodeEncodeError as error:
        answer = "error\t" + error.reason
    return answer + "\t" + ("1" if holds_emoji(text) else "0")


def scalars(hex_text):
    return "".join(chr(int(part, 16)) for part in hex_text.split())


def hex_scalars(text):
    return " ".join("%04X" % ord(c) for c in text)


def nfkc(hex_text):
    text = scalars(hex_text)
    return hex_scalars(NFKC.normalize(text)) + "\t" + ("1" if holds_emoji(text) else "0")


def changed_code_points(prefix, suffix, first, last):
    prefix, suffix = scalars(prefix), scalars(suffix)
    count, changed = 0, []
    for cp in range(int(first, 16), int(last, 16) + 1):
        if 0xD800 <= cp <= 0xDFFF:
            continue
        count += 1
        text = prefix + chr(cp) + suffix
        if not NFKC.isNormalized(text):
            normalized = NFKC.normalize(text)
            if normalized != text:
                changed.append("%04X:%s" % (cp, hex_scalars(normalized)))
    return "%d\t%s" % (count, ",".join(changed))


def main():
    for line in sys.stdin:
        line = line.rstrip("\n")
        kind, _, argument = line.partition("\t")
        if kind == "N":
            answer = nickname(json.loads(argument))
        elif kind == "S":
            answer = json.dumps(CHECKER.getSkeleton(0, json.loads(argument)))
        elif kind == "K":
            answer = nfkc(argument)
        elif kind == "C":
            answer = changed_code_points(*argument.split("\t"))
        elif kind == "V":
            answer = "precis-i18n %s, Unicode %s, ICU %s" % (
                version("precis-i18n"), unicodedata2.unidata_version, icu.ICU_VERSION)
        else:
            answer = "unknown request"
        sys.stdout.write(answer + "\n")
        sys.stdout.flush()


if __name__ == "__main__":
    main()
