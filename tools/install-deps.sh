#!/usr/bin/env bash
# Installs everything clpi needs to build and test, from Debian 12 packages.
# Run as root on Debian 12 (bookworm). Safe to run again.
set -euo pipefail

if [ "$(id -u)" -ne 0 ]; then
  echo "install-deps.sh: run as root (it calls apt-get)" >&2
  exit 1
fi

packages=(
  # build (gcc also runs the C examples on concrete inputs in the tests)
  cmake g++ gcc ninja-build pkg-config git
  # solver and front end
  libz3-dev z3 tao-pegtl-dev
  # a second solver, independent of Z3, that checks the certificates of SAFE (--validate):
  # libcvc5-dev runs the checks in clpi's process (the default, --validator cvc5); the
  # program cvc5 serves --validator PATH and the tests that compare the two ways
  cvc5 libcvc5-dev
  # loop invariants by abstract interpretation over polyhedra
  libppl-dev libgmp-dev
  # libraries that save hand-written code
  libboost-dev libboost-graph-dev libboost-container-dev
  nlohmann-json3-dev libfmt-dev libcli11-dev
  # tests (python3-jsonschema validates the tree documents and the SV-COMP witnesses against
  # their schemas; python3-yaml reads the witnesses)
  doctest-dev python3 python3-jsonschema python3-yaml
  # the CHC benchmark harness: cactus plots (tools/bench/chc_harness.py)
  python3-matplotlib
  # derivation trees rendered as SVG (optional at run time: --tree dot works without it)
  graphviz
  # the tree viewer's browser test: headless Chromium driven by Playwright (from npm)
  chromium
  # the C converter tools/c2clp: Clang's C++ API
  libclang-14-dev libclang-cpp14-dev llvm-14-dev
  # fuzzing and the sanitizer build (clang's libFuzzer runtime)
  clang-14 libclang-rt-14-dev
)

export DEBIAN_FRONTEND=noninteractive
apt-get update -qq
apt-get install -y -qq --no-install-recommends "${packages[@]}"
# Node.js for the viewer's browser test, from Debian unless a newer one is already there.
if ! command -v node >/dev/null || ! command -v npm >/dev/null; then
  apt-get install -y -qq --no-install-recommends nodejs npm
fi
