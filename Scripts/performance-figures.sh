#!/usr/bin/env bash
# Regenerates "Figures from one run" in Performance.md from one full `make bench` run: the text
# block under that heading becomes the run's output (from the benchmark's first line; the build's
# lines are dropped), and the commit the section names becomes the one measured (with "+changes"
# when the work tree differs from it). Nothing else in the file changes.
# Usage: Scripts/performance-figures.sh (or `make bench-figures`); ARGS go to the benchmark.
set -euo pipefail
cd "$(dirname "$0")/.."
page=Sources/KiiIdentity/Documentation.docc/Performance.md
output=$(mktemp)
trap 'rm -f "$output"' EXIT

make --no-print-directory bench ARGS="${ARGS:-}" | tee "$output"
commit=$(git rev-parse --short HEAD)
git diff --quiet HEAD -- . ":(exclude)$page" || commit="$commit+changes"

python3 - "$page" "$output" "$commit" <<'PYTHON'
import re
import sys

page, output, commit = sys.argv[1:]
text = open(page, encoding="utf-8").read()
run = open(output, encoding="utf-8").read()
start = run.find("KiiIdentity benchmark:")
if start < 0:
    sys.exit("performance-figures: the benchmark printed no table")
heading = text.index("### Figures from one run")
section_end = text.find("\n### ", heading + 1)
section_end = len(text) if section_end < 0 else section_end
section = text[heading:section_end]
section, named = re.subn(r"one run \(at `[^`]+`", "one run (at `%s`" % commit, section, count=1)
block = re.search(r"```text\n.*?\n```\n", section, flags=re.S)
if named != 1 or block is None:
    sys.exit("performance-figures: %s has no commit or no text block under its heading" % page)
section = section[: block.start()] + "```text\n$ make bench\n" + run[start:].rstrip("\n") + "\n```\n" + section[block.end():]
open(page, "w", encoding="utf-8").write(text[:heading] + section + text[section_end:])
print("performance-figures: %s now holds the run at %s" % (page, commit))
PYTHON
