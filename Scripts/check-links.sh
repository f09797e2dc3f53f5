#!/usr/bin/env bash
# Checks that every relative link of the project's markdown resolves: a markdown link
# `[text](path)` must name an existing file or folder (its `#anchor` is not checked), and a DocC
# `<doc:Name>` link must name an article of the catalog it is written in. Links to web pages are
# not followed; fenced code blocks are skipped.
# Usage: Scripts/check-links.sh [markdown files]; by default README.md, Documentation/, the DocC
# catalogs and every other README.md in the repository.
set -euo pipefail
cd "$(dirname "$0")/.."

if [ $# -gt 0 ]; then
    files=("$@")
else
    mapfile -t files < <(
        { ls README.md; find Documentation Sources Examples Fixtures Tests Benchmarks -name '*.md' \
            -not -path '*/.build*/*' 2>/dev/null; } | sort -u
    )
fi

# The lines of a markdown file outside fenced code blocks, with inline code spans removed.
prose() {
    awk '/^ *```/ { fenced = !fenced; next } !fenced { gsub(/`[^`]*`/, ""); print }' "$1"
}

broken=0
checked=0
for file in "${files[@]}"; do
    dir=$(dirname "$file")
    while IFS= read -r target; do
        target=${target%%#*}
        case "$target" in
            '' | http://* | https://* | mailto:*) continue ;;
        esac
        checked=$((checked + 1))
        if [ ! -e "$dir/$target" ]; then
            echo "$file: broken link: $target" >&2
            broken=$((broken + 1))
        fi
    done < <(prose "$file" | grep -oE '\]\([^) ]+\)' | sed -E 's/^\]\((.*)\)$/\1/')
    while IFS= read -r article; do
        article=${article%%#*}
        article=${article##*/}
        checked=$((checked + 1))
        if [[ "$dir" != *.docc* ]] || [ -z "$(find "${dir%%.docc*}.docc" -name "$article.md")" ]; then
            echo "$file: broken DocC link: <doc:$article>" >&2
            broken=$((broken + 1))
        fi
    done < <(prose "$file" | grep -oE '<doc:[^>]+>' | sed -E 's/^<doc:(.*)>$/\1/')
done

if [ $broken -gt 0 ]; then
    echo "error: $broken broken links in ${#files[@]} files" >&2
    exit 1
fi
echo "links: $checked relative links in ${#files[@]} markdown files, all resolve"
