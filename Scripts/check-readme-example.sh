#!/usr/bin/env bash
# Checks that the README's example can never drift from the code: the Swift block
# under "## Example" must be Examples/QuickStart/Sources/QuickStart/main.swift, byte for byte,
# and the text block after it must be what the built example prints. The README also stays a
# few screens: at most 12 KB, the rest lives in the DocC catalog and Documentation/.
# Usage: Scripts/check-readme-example.sh <path of the built QuickStart executable>
set -euo pipefail
cd "$(dirname "$0")/.."
binary=${1:?usage: $0 <QuickStart executable>}
readme=README.md
main=Examples/QuickStart/Sources/QuickStart/main.swift

# The first fenced block of language $1 in the README's "## Example" section.
example_block() {
    awk -v fence="\`\`\`$1" '
        /^## / { inSection = ($0 == "## Example"); next }
        inSection && !found && $0 == fence { inBlock = 1; found = 1; next }
        inBlock && $0 == "```" { inBlock = 0; next }
        inBlock { print }
    ' "$readme"
}

output=$("$binary") || { echo "error: $binary failed (exit $?)" >&2; exit 1; }
status=0
if ! diff -u --label "$main" --label "$readme (## Example, swift block)" "$main" <(example_block swift); then
    echo "error: the README's example is not $main; copy one onto the other" >&2
    status=1
fi
if ! diff -u --label "output of $binary" --label "$readme (## Example, text block)" \
    <(printf '%s\n' "$output") <(example_block text); then
    echo "error: the example's output is not the one the README shows" >&2
    status=1
fi
size=$(wc -c <"$readme")
if [ "$size" -gt 12288 ]; then
    echo "error: $readme is $size bytes; keep it under 12 KB and move the detail into an article" >&2
    status=1
fi
[ $status -eq 0 ] && echo "README: the example is Examples/QuickStart, code and output; $size bytes"
exit $status
