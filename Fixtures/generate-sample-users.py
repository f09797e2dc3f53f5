#!/usr/bin/env python3
"""Generate a realistic user export in JSON Lines for `kii-identity lint`.

Deterministic: the same arguments always give the same bytes.

    python3 Fixtures/generate-sample-users.py > Fixtures/sample-users.jsonl      # the 1,000-record sample
    python3 Fixtures/generate-sample-users.py --count 1000000 > /tmp/users-1m.jsonl
    python3 Fixtures/generate-sample-users.py --count 1000000 --malformed-percent 10 > /tmp/users-1m-bad.jsonl

The sample mixes valid users of every identifier combination (username, email, phone in its
three strict forms, pseudo users), invalid users of every kind (each field rule, records without
an identifier, pseudo users with a password, input that is not JSON or has the wrong types) and a
handful of uniqueness conflicts across forms (`+1...` and `US-...`, `+81...` and local `090...`
with country JP, usernames differing in case, emails differing in domain case).

Phone numbers are libphonenumber 8.12.57's example mobile numbers (`PhoneNumber.example(for:type:)`)
with the last digits varied; every one was checked with `kii-identity check --jsonl`.
With --malformed-percent P, that share of lines is replaced by broken JSON; their line numbers
are printed to stderr when --list-malformed is given.
"""

import argparse
import json
import random
import sys

# Example mobile numbers (E.164) from libphonenumber 8.12.57, and the region's trunk prefix for
# the local form (empty where the national number is dialled as is).
MOBILES = [
    ("JP", "+819012345678", "0"),
    ("US", "+12015550123", ""),
    ("CA", "+15062345678", ""),
    ("GB", "+447400123456", "0"),
    ("DE", "+4915123456789", "0"),
    ("FR", "+33612345678", "0"),
    ("IN", "+918123456789", "0"),
    ("BR", "+5511961234567", "0"),
    ("CN", "+8613123456789", "0"),
    ("KR", "+821020000000", "0"),
    ("AU", "+61412345678", "0"),
    ("MX", "+522221234567", ""),
    ("ES", "+34612345678", ""),
    ("IT", "+393123456789", ""),
    ("NL", "+31612345678", "0"),
    ("SE", "+46701234567", "0"),
    ("ZA", "+27711234567", "0"),
    ("NG", "+2348021234567", "0"),
    ("TW", "+886912345678", "0"),
    ("PH", "+639051234567", "0"),
    ("TH", "+66812345678", "0"),
    ("VN", "+84912345678", "0"),
    ("CH", "+41781234567", "0"),
    ("PL", "+48512345678", ""),
    ("TR", "+905012345678", "0"),
    ("EG", "+201001234567", "0"),
    ("NZ", "+64211234567", "0"),
    ("IE", "+353850123456", "0"),
]
CALLING_CODES = {
    "JP": "81", "US": "1", "CA": "1", "GB": "44", "DE": "49", "FR": "33", "IN": "91", "BR": "55",
    "CN": "86", "KR": "82", "AU": "61", "MX": "52", "ES": "34", "IT": "39", "NL": "31", "SE": "46",
    "ZA": "27", "NG": "234", "TW": "886", "PH": "63", "TH": "66", "VN": "84", "CH": "41", "PL": "48",
    "TR": "90", "EG": "20", "NZ": "64", "IE": "353",
}
# Example landline numbers (FIXED_LINE) and other types, rejected under the mobile-only policy.
LANDLINES = ["+81312345678", "+441212345678", "+4930123456", "+33123456789", "+61212345678", "+390212345678"]
NOT_MOBILE = ["+18002345678", "+81120123456", "+448001234567"]  # toll-free
LOCALES = ["en-US", "ja-JP", "de-DE", "fr-FR", "pt-BR", "zh-Hant-TW", "es", "ko-KR", "en-GB", "it"]
FIRST = ["ann", "bob", "chloe", "daiki", "emma", "felix", "grace", "hiro", "ines", "jonas", "kana", "liam",
         "mia", "noah", "olga", "priya", "quinn", "ren", "sofia", "taro", "uma", "victor", "wei", "yuki", "zoe"]
LAST = ["smith", "tanaka", "muller", "dubois", "silva", "kim", "rossi", "jansen", "nguyen", "garcia",
        "sato", "brown", "kowalski", "ozturk", "li", "patel"]
DOMAINS = ["example.com", "example.org", "mail.example.jp", "example.co.uk", "corp-mail.example.net"]
DISPLAY_EXTRA = ["山田 太郎", "José Álvarez", "Zoë 🌸", "Ωmega Team", "Anne-Marie O'Neil"]
PASSWORD_ALPHABET = "abcdefghijkmnopqrstuvwxyzABCDEFGHJKLMNPQRSTUVWXYZ23456789!#$%&*+-=?@^_~"


def vary(e164, region, serial):
    """The example number with its last six digits replaced by `serial` (mod 10^6)."""
    digits = e164[1:]
    return "+" + digits[:-6] + "%06d" % (serial % 1_000_000)


def phone_forms(e164, region, trunk):
    national = e164[1 + len(CALLING_CODES[region]):]
    return {"international": e164, "rest": "%s-%s" % (region, national), "local": trunk + national}


class Generator:
    def __init__(self, seed):
        self.random = random.Random(seed)
        self.serial = 0

    def password(self):
        length = self.random.randint(10, 24)
        return "".join(self.random.choice(PASSWORD_ALPHABET) for _ in range(length))

    def person(self):
        self.serial += 1
        first, last = self.random.choice(FIRST), self.random.choice(LAST)
        return first, last, self.serial

    def phone(self, serial, form=None):
        region, example, trunk = MOBILES[serial % len(MOBILES)]
        e164 = vary(example, region, serial // len(MOBILES) * 7919 + 1234)
        forms = phone_forms(e164, region, trunk)
        form = form or self.random.choice(["international", "international", "rest", "local"])
        return region, forms[form], form

    def valid_user(self):
        first, last, serial = self.person()
        record = {}
        combo = self.random.choice(["u", "e", "p", "ue", "up", "ep", "uep", "ue", "uep", "u"])
        if "u" in combo:
            name = self.random.choice(["%s_%s%d", "%s.%s%d", "%s-%s%d", "%s%s%d"]) % (first, last, serial)
            if self.random.random() < 0.2:
                name = name.capitalize()
            record["username"] = name
        if "e" in combo:
            local = self.random.choice(["%s.%s%d", "%s+%s%d", "%s_%s%d"]) % (first, last, serial)
            record["email"] = local + "@" + self.random.choice(DOMAINS)
        country = None
        if "p" in combo:
            country, number, form = self.phone(serial)
            record["phone"] = number
            if form == "local":
                record["country"] = country
        record["password"] = self.password()
        if self.random.random() < 0.7:
            record["displayName"] = (
                self.random.choice(DISPLAY_EXTRA) if self.random.random() < 0.1 else "%s %s" % (first.title(), last.title())
            )
        if "country" not in record and self.random.random() < 0.5:
            record["country"] = country or self.random.choice(list(CALLING_CODES))
        if self.random.random() < 0.5:
            record["locale"] = self.random.choice(LOCALES)
        if self.random.random() < 0.3:
            record["custom"] = {"plan": self.random.choice(["free", "pro", "team"]),
                                "age": self.random.randint(18, 90),
                                "newsletter": self.random.random() < 0.5}
        return record

    def pseudo_user(self):
        record = {"pseudo": True, "displayName": "Guest %d" % self.random.randint(100, 999)}
        if self.random.random() < 0.5:
            record["locale"] = self.random.choice(LOCALES)
        return record

    def invalid_user(self, kind):
        """A valid user with one defect of `kind` (a JSON-ready dict or a raw line string)."""
        record = self.valid_user()
        record.setdefault("username", "user%d" % self.serial)
        defects = {
            "username_too_short": lambda: record.update(username="ab"),
            "username_too_long": lambda: record.update(username="u" * 65),
            "username_space": lambda: record.update(username="john doe%d" % self.serial),
            "username_non_ascii": lambda: record.update(username="jöhn%d" % self.serial),
            "email_no_at": lambda: record.update(email="ann.example.com"),
            "email_two_at": lambda: record.update(email="ann@b@example.com"),
            "email_dots": lambda: record.update(email="ann..lee@example.com"),
            "email_hyphen": lambda: record.update(email="ann@-example.com"),
            "email_numeric_tld": lambda: record.update(email="ann@example.123"),
            "email_one_label": lambda: record.update(email="ann@localhost"),
            "password_missing": lambda: record.pop("password"),
            "password_short": lambda: record.update(password="Z~q"),
            "password_long": lambda: record.update(password="Lx9#" * 13),
            "password_non_ascii": lambda: record.update(password="pässwörd-Ωmega-%d" % self.serial),
            "phone_landline": lambda: record.update(phone=self.random.choice(LANDLINES)),
            "phone_toll_free": lambda: record.update(phone=self.random.choice(NOT_MOBILE)),
            "phone_invalid": lambda: record.update(phone="+11234567890"),
            "phone_not_e164": lambda: record.update(phone="+8109012345678"),
            "phone_few_digits": lambda: record.update(phone="+50051234"),
            "phone_non_geographic": lambda: record.update(phone="+80012345678"),
            "phone_needs_country": lambda: (record.update(phone="09012345678"), record.pop("country", None)),
            "phone_rest_unknown_region": lambda: record.update(phone="XX-9012345678"),
            "phone_letters": lambda: record.update(phone="+1-800-FLOWERS"),
            "country_lowercase": lambda: record.update(country="jp"),
            "country_unknown": lambda: record.update(country="XX"),
            "country_three_letters": lambda: record.update(country="JPN"),
            "locale_underscore": lambda: record.update(locale="en_US"),
            "locale_word": lambda: record.update(locale="english-language-x"),
            "display_name_empty": lambda: record.update(displayName=""),
            "display_name_long": lambda: record.update(displayName="名" * 51),
            "custom_reserved": lambda: record.update(custom={"loginName": "admin"}),
            "custom_underscore": lambda: record.update(custom={"_internal": 1}),
            "no_identifier": lambda: [record.pop(k, None) for k in ("username", "email", "phone")],
            "pseudo_with_password": lambda: record.update(pseudo=True),
            "wrong_type": lambda: record.update(username=12345),
            "unknown_member": lambda: record.update(nickname="annie"),
            "custom_not_object": lambda: record.update(custom="plan=pro"),
        }
        if kind == "malformed_json":
            return '{"username": "broken%d", "password": "%s", ' % (self.serial, self.password())
        if kind == "not_an_object":
            return '["user%d", "%s"]' % (self.serial, self.password())
        defects[kind]()
        return record


INVALID_KINDS = [
    "username_too_short", "username_too_long", "username_space", "username_non_ascii",
    "email_no_at", "email_two_at", "email_dots", "email_hyphen", "email_numeric_tld", "email_one_label",
    "password_missing", "password_short", "password_long", "password_non_ascii",
    "phone_landline", "phone_toll_free", "phone_invalid", "phone_not_e164", "phone_few_digits",
    "phone_non_geographic", "phone_needs_country", "phone_rest_unknown_region", "phone_letters",
    "country_lowercase", "country_unknown", "country_three_letters", "locale_underscore", "locale_word",
    "display_name_empty", "display_name_long", "custom_reserved", "custom_underscore", "no_identifier",
    "pseudo_with_password", "wrong_type", "unknown_member", "custom_not_object", "malformed_json",
    "not_an_object",
]


def conflicts(gen):
    """Pairs of records that collide on a uniqueness key, each in two different forms."""
    pw = gen.password
    return [
        [{"username": "Alice_W", "password": pw()}, {"username": "alice_w", "email": "alice.w@example.com", "password": pw()}],
        [{"username": "carol.us", "phone": "+12015550199", "password": pw()},
         {"username": "carol.us2", "phone": "US-2015550199", "password": pw()}],
        [{"email": "taro@example.jp", "phone": "+819011112222", "password": pw()},
         {"username": "taro_local", "phone": "09011112222", "country": "JP", "password": pw()}],
        [{"email": "Ann.Lee@Example.COM", "password": pw()}, {"email": "Ann.Lee@example.com", "password": pw()}],
        [{"username": "DUP.user", "password": pw()}, {"username": "dup.USER", "password": pw()},
         {"username": "dup.user", "password": pw()}],
        # A conflict too: an email key folds the local part's case.
        [{"email": "bob.kim@example.org", "password": pw()}, {"email": "Bob.Kim@example.org", "password": pw()}],
    ]


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--count", type=int, default=1000, help="records to write (default 1000)")
    parser.add_argument("--seed", type=int, default=20261122, help="random seed")
    parser.add_argument("--malformed-percent", type=float, default=0.0,
                        help="replace this share of lines with broken JSON")
    parser.add_argument("--list-malformed", action="store_true", help="print broken lines' numbers to stderr")
    args = parser.parse_args()

    gen = Generator(args.seed)
    lines = []
    groups = conflicts(gen) if args.count >= 100 else []
    conflict_slots = {}
    if groups:
        slots = sorted(gen.random.sample(range(args.count), sum(len(g) for g in groups)))
        gen.random.shuffle(slots)
        flat = [record for group in groups for record in group]
        conflict_slots = dict(zip(slots, flat))
    out = sys.stdout
    malformed_lines = []
    for index in range(args.count):
        if index in conflict_slots:
            item = conflict_slots[index]
        else:
            roll = gen.random.random()
            if roll < 0.70:
                item = gen.valid_user()
            elif roll < 0.74:
                item = gen.pseudo_user()
            else:
                item = gen.invalid_user(INVALID_KINDS[index % len(INVALID_KINDS)])
        if args.malformed_percent and gen.random.random() * 100 < args.malformed_percent:
            item = '{"username": "cut%d", "email": ' % index
        if isinstance(item, str):
            line = item
            if line.startswith('{"username": "cut'):
                malformed_lines.append(index + 1)
        else:
            line = json.dumps(item, ensure_ascii=False)
        out.write(line + "\n")
    if args.list_malformed:
        sys.stderr.write("%d malformed lines: %s\n" % (len(malformed_lines), " ".join(map(str, malformed_lines))))


if __name__ == "__main__":
    main()
