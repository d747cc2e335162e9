#!/usr/bin/env bash
# Installs the Debian packages the project needs, only those that are missing.
#   gettext          msgfmt --check for the translators' catalogs
#   chromium, chromium-driver, fonts-noto-core
#                    browser tests of the web pages, with fonts for Gujarati,
#                    Devanagari and Telugu
#   espeak-ng, opus-tools
#                    GET /v1/speech: verdicts said aloud (espeak-ng's voices for en,
#                    gu, hi, ne, te; opusenc encodes them, opusinfo/opusdec check them)
#   sox              the speech tests and bench/speech.py measure durations (soxi)
#   iproute2         tc: the chaos test that drops PostgreSQL's packets in the kernel
# Usage: scripts/system-deps.sh [package...]   (default: all of the above)
set -euo pipefail
wanted=("$@")
[ ${#wanted[@]} -gt 0 ] || wanted=(gettext chromium chromium-driver fonts-noto-core espeak-ng opus-tools sox iproute2)
missing=()
for pkg in "${wanted[@]}"; do
  dpkg-query -W -f='${Status}' "$pkg" 2>/dev/null | grep -q "install ok installed" || missing+=("$pkg")
done
[ ${#missing[@]} -eq 0 ] && exit 0
if [ "$(id -u)" -ne 0 ]; then SUDO=sudo; else SUDO=; fi
echo "installing Debian packages: ${missing[*]}"
$SUDO apt-get update -qq
DEBIAN_FRONTEND=noninteractive $SUDO apt-get install -y -qq --no-install-recommends "${missing[@]}" >/dev/null
