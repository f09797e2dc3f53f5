#!/usr/bin/env bash
# Runs drive.js once per line of Kii's JavaScript SDK (v2, then v3) against a running
# SignUpService and exits non-zero if any step of either run fails. Builds nothing, installs
# nothing: the SDKs are Kii's (never part of this repository) and come from the environment.
#
#   SDK_V2=/path/to/kii-cloud-sdk-2.x/KiiSDK.js \
#   SDK_V3=/path/to/kii-cloud-sdk-3.x/lib/cjs \
#   KII_BASE_URL=http://127.0.0.1:8080/api KII_APP_ID=signupdev KII_APP_KEY=signupdev-key \
#   Examples/SignUpService/Scripts/kii-sdk/run.sh
#
# KII_BASE_URL, KII_APP_ID and KII_APP_KEY default to the service's development defaults (above).
# KII_SDK_LINES chooses the lines (default "v2 v3"; each needs its SDK_ variable). TRACE_DIR, when
# set, receives trace-v2.jsonl and trace-v3.jsonl (every HTTP exchange, passwords included).
# NODE names the node binary (18 or later; default node).
set -uo pipefail

here="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
node="${NODE:-node}"
base_url="${KII_BASE_URL:-http://127.0.0.1:8080/api}"
app_id="${KII_APP_ID:-signupdev}"
app_key="${KII_APP_KEY:-signupdev-key}"
lines="${KII_SDK_LINES:-v2 v3}"

if ! command -v "$node" >/dev/null 2>&1; then
    echo "run.sh: $node not found (Node.js 18 or later is needed)" >&2
    exit 2
fi

for line in $lines; do
    case "$line" in
        v2) [[ -n "${SDK_V2:-}" ]] || { echo "run.sh: set SDK_V2 to the v2 SDK's KiiSDK.js" >&2; exit 2; } ;;
        v3) [[ -n "${SDK_V3:-}" ]] || { echo "run.sh: set SDK_V3 to the v3 SDK's lib/cjs folder" >&2; exit 2; } ;;
        *) echo "run.sh: unknown SDK line '$line' in KII_SDK_LINES (v2, v3)" >&2; exit 2 ;;
    esac
done

if [[ -n "${TRACE_DIR:-}" ]]; then
    mkdir -p "$TRACE_DIR" || exit 2
fi

status=0
for line in $lines; do
    if [[ "$line" == v2 ]]; then sdk_path="$SDK_V2"; else sdk_path="$SDK_V3"; fi
    args=(--sdk "$line" --sdk-path "$sdk_path" --base-url "$base_url" --app-id "$app_id" --app-key "$app_key")
    if [[ -n "${TRACE_DIR:-}" ]]; then
        args+=(--trace "$TRACE_DIR/trace-$line.jsonl")
    fi
    "$node" "$here/drive.js" "${args[@]}"
    code=$?
    if [[ $code -ne 0 ]]; then
        echo "run.sh: the $line run failed (exit status $code)" >&2
        status=1
    fi
    echo
done
exit "$status"
