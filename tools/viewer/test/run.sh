#!/usr/bin/env bash
# Runs the viewer's browser test: headless Chromium (Debian's chromium) driven by
# Playwright (playwright-core from npm, no browser download).
#   tools/viewer/test/run.sh CLPI_BINARY [OUT_DIR]
set -euo pipefail
here="$(cd "$(dirname "$0")" && pwd)"
root="$(cd "$here/../../.." && pwd)"
clpi="$(realpath "$1")"
out="$(realpath -m "${2:-$root/build/viewer-test}")"
cd "$here"
[ -d node_modules/playwright-core ] || npm ci --no-audit --no-fund --loglevel=error
node viewer.test.mjs "$clpi" "$root" "$out"
