#!/bin/sh
# Vendors the QR code drawer of the table page (/table: the join link as a QR code):
# qrcode-generator by Kazuhiko Arase (MIT), the file its npm package ships as
# dist/qrcode.js, unchanged (its licence header stays at its top). Run it to move to
# another version: change VERSION, run, look at the diff, commit the file.
set -eu
VERSION=2.0.4
HERE=$(cd "$(dirname "$0")/.." && pwd)
WORK=$(mktemp -d)
trap 'rm -rf "$WORK"' EXIT
cd "$WORK"
npm pack --silent "qrcode-generator@$VERSION" >/dev/null
tar -xzf "qrcode-generator-$VERSION.tgz"
grep -q '"license": "MIT"' package/package.json
cp package/dist/qrcode.js "$HERE/referee/web/static/vendor/qrcode-generator.js"
echo "referee/web/static/vendor/qrcode-generator.js: qrcode-generator $VERSION"
