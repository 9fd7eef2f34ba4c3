#!/usr/bin/env bash
# Builds clpi and runs the whole test suite twice: once in a normal build with warnings as
# errors (then the tree viewer in headless Chromium), once under AddressSanitizer and
# UndefinedBehaviorSanitizer.
# Set CLPI_SKIP_SANITIZERS=1 to run only the first pass.
set -euo pipefail
cd "$(dirname "$0")/.."
jobs=$(nproc)

echo "== build (warnings as errors) and test"
cmake -S . -B build -G Ninja -DCLPI_WERROR=ON >/dev/null
cmake --build build -j "$jobs"
ctest --test-dir build --output-on-failure -j "$jobs"

echo "== the tree viewer in headless Chromium"
tools/viewer/test/run.sh build/clpi build/viewer-test

if [ "${CLPI_SKIP_SANITIZERS:-0}" != 1 ]; then
  echo "== build and test under AddressSanitizer + UndefinedBehaviorSanitizer"
  cmake -S . -B build-asan -G Ninja -DCLPI_WERROR=ON -DCLPI_SANITIZE=ON >/dev/null
  cmake --build build-asan -j "$jobs"
  # What LeakSanitizer must not report (cvc5's number library) is compiled into the
  # executables: src/sanitizer/lsan_suppressions.cpp.
  ASAN_OPTIONS=detect_leaks=1 UBSAN_OPTIONS=print_stacktrace=1 \
    ctest --test-dir build-asan --output-on-failure -j "$jobs"
fi
