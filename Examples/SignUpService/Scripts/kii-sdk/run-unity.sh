#!/usr/bin/env bash
# Runs unity/Drive.cs with Kii's Unity SDK core against a running SignUpService under Mono, once
# per transport (the SDK's HttpWebRequest client, then the rules of its unity/http client over
# Unity's WWW), and exits non-zero if any step of either run fails. The SDK is Kii's and never
# part of this repository: give the folder holding KiiCloudStorageSDK.dll and JsonOrg.dll
# (compiled from KiiPlatform/KiiCloudUnitySDK, or taken from Kii's release). Drive.cs is compiled
# with mcs into a temporary folder, removed at the end.
#
#   UNITY_SDK_DIR=path/to/folder/with/KiiCloudStorageSDK.dll \
#   KII_BASE_URL=http://127.0.0.1:8080/api KII_APP_ID=signupdev KII_APP_KEY=signupdev-key \
#   Examples/SignUpService/Scripts/kii-sdk/run-unity.sh
#
# KII_BASE_URL, KII_APP_ID and KII_APP_KEY default to the service's development defaults (above).
# UNITY_TRANSPORTS chooses the transports (default "httpwebrequest www"). Debian: apt-get install
# mono-mcs mono-runtime.
set -uo pipefail

here="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
base_url="${KII_BASE_URL:-http://127.0.0.1:8080/api}"
app_id="${KII_APP_ID:-signupdev}"
app_key="${KII_APP_KEY:-signupdev-key}"
transports="${UNITY_TRANSPORTS:-httpwebrequest www}"

for tool in mcs mono; do
    if ! command -v "$tool" >/dev/null 2>&1; then
        echo "run-unity.sh: $tool not found (Debian: apt-get install mono-mcs mono-runtime)" >&2
        exit 2
    fi
done
sdk_dir="${UNITY_SDK_DIR:-}"
for dll in KiiCloudStorageSDK.dll JsonOrg.dll; do
    if [[ -z "$sdk_dir" || ! -f "$sdk_dir/$dll" ]]; then
        echo "run-unity.sh: set UNITY_SDK_DIR to the folder holding KiiCloudStorageSDK.dll and JsonOrg.dll" >&2
        exit 2
    fi
done
for transport in $transports; do
    case "$transport" in
        httpwebrequest | www) ;;
        *) echo "run-unity.sh: unknown transport '$transport' in UNITY_TRANSPORTS (httpwebrequest, www)" >&2; exit 2 ;;
    esac
done

work="$(mktemp -d)"
trap 'rm -rf "$work"' EXIT
cp "$sdk_dir/KiiCloudStorageSDK.dll" "$sdk_dir/JsonOrg.dll" "$work/"
if ! mcs -nologo -out:"$work/Drive.exe" -r:"$work/KiiCloudStorageSDK.dll" -r:"$work/JsonOrg.dll" \
    "$here/unity/Drive.cs"; then
    echo "run-unity.sh: Drive.cs did not compile against this SDK" >&2
    exit 2
fi

status=0
for transport in $transports; do
    mono "$work/Drive.exe" --transport "$transport" --base-url "$base_url" --app-id "$app_id" --app-key "$app_key"
    code=$?
    if [[ $code -ne 0 ]]; then
        echo "run-unity.sh: the $transport run failed (exit status $code)" >&2
        status=1
    fi
    echo
done
exit "$status"
