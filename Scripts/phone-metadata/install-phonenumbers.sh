#!/usr/bin/env bash
# install-phonenumbers.sh FOLDER VERSION: a virtual environment in FOLDER with PyPI phonenumbers
# VERSION, the phone metadata's source and oracle. Its wheel is downloaded into FOLDER/wheels and
# installed from there (the generator reads the release's date from it). Does nothing when FOLDER
# already has that version and its wheel.
set -euo pipefail
folder="$1"
version="$2"
if [[ ! "$version" =~ ^[0-9]+\.[0-9]+\.[0-9]+$ ]]; then
    echo "install-phonenumbers.sh: '$version' is not a phonenumbers version (x.y.z)" >&2
    exit 2
fi
if "$folder/bin/python" -c 'import phonenumbers, sys; sys.exit(phonenumbers.__version__ != sys.argv[1])' "$version" \
    2>/dev/null && compgen -G "$folder/wheels/phonenumbers-$version-*.whl" >/dev/null; then
    exit 0
fi
rm -rf "$folder"
python3 -m venv "$folder"
"$folder/bin/pip" download --quiet --disable-pip-version-check --no-deps --only-binary :all: \
    --dest "$folder/wheels" "phonenumbers==$version"
"$folder/bin/pip" install --quiet --disable-pip-version-check --no-index --no-deps \
    "$folder"/wheels/phonenumbers-"$version"-*.whl
