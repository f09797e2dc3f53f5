#!/usr/bin/env bash
# `make metadata-latest`: follows libphonenumber's releases through PyPI phonenumbers. Asks the
# package index for the newest phonenumbers; when it is newer than the bundled release, bumps to
# it (`make metadata PHONENUMBERS=<newest>`), runs `make metadata-check` and the phone tests, and
# prints what changed: the territories whose metadata changed, and how many numbers of a fixed
# sample (Scripts/phone-metadata/changes.py) change verdict between the two releases' phonenumbers.
# The working tree is left changed, for a commit of its own; the summary is also written to
# .build-metadata-latest/summary.txt. Not part of CI (CI stays reproducible).
set -euo pipefail
cd "$(dirname "$0")/../.."
SWIFT="${SWIFT:-swift}"
PHONE_TESTS="${PHONE_TESTS:-Phone|Country|Region|KiiIdentityToolTests}"
work=.build-metadata-latest
text=Sources/KiiIdentity/Phone/Metadata/BundledMetadataText.swift
bundled="$(sed -n 's/^ *static let version = "\(.*\)"$/\1/p' "$text")"

make --no-print-directory phone-oracle
newest="$(.build-oracle/bin/pip index versions --disable-pip-version-check phonenumbers 2>/dev/null \
    | sed -n 's/^phonenumbers (\(.*\))$/\1/p')"
if [[ -z "$newest" ]]; then
    echo "metadata-latest: the package index did not answer" >&2
    exit 1
fi
if [[ "$(printf '%s\n%s\n' "$bundled" "$newest" | sort -V | tail -n 1)" == "$bundled" ]]; then
    echo "metadata-latest: the bundled release, $bundled, is the newest phonenumbers ($newest)"
    exit 0
fi
echo "metadata-latest: phonenumbers $newest is newer than the bundled $bundled: bumping"

rm -rf "$work"
mkdir -p "$work"
cp "$text" "$work/before.swift"
Scripts/phone-metadata/install-phonenumbers.sh "$work/oracle-$bundled" "$bundled"
make --no-print-directory metadata PHONENUMBERS="$newest"
make --no-print-directory metadata-check

python3 Scripts/phone-metadata/changes.py sample "$work/before.swift" "$text" > "$work/sample.tsv"
"$work/oracle-$bundled/bin/python" Scripts/phone-metadata/changes.py judge < "$work/sample.tsv" > "$work/before.tsv"
.build-oracle/bin/python Scripts/phone-metadata/changes.py judge < "$work/sample.tsv" > "$work/after.tsv"
python3 Scripts/phone-metadata/changes.py report "$work/before.swift" "$text" "$work/before.tsv" "$work/after.tsv" \
    > "$work/summary.txt"

echo "metadata-latest: the phone tests (--filter '$PHONE_TESTS'), output in $work/tests.log"
status=0
"$SWIFT" test --disable-xctest --traits CommandLineTool --filter "$PHONE_TESTS" > "$work/tests.log" 2>&1 || status=$?
grep -E 'Test run with|phone oracle differential|phone differential|disagreements' "$work/tests.log" || true
echo
echo "== metadata-latest: what changed"
cat "$work/summary.txt"
git status --short
if [[ "$status" != 0 ]]; then
    echo "metadata-latest: the phone tests failed ($work/tests.log)" >&2
    exit 1
fi
echo "metadata-latest: phone tests passed; commit the change (git status above)"
