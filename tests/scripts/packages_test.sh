#!/usr/bin/env bash
# Each script of scripts/ asks for the Debian packages of what it builds and
# no others: run-example neither R, Chromium nor clang; test not clang; fuzz
# not R or Chromium. Run as a user with nothing installed (dpkg-query and id
# are stand-ins on PATH), each script must stop before building anything and
# print exactly the apt-get line of its own packages.
set -euo pipefail
repo=$1
shim=$(mktemp -d)
trap 'rm -rf "$shim"' EXIT
printf '#!/bin/sh\nexit 1\n' > "$shim/dpkg-query"   # nothing is installed
printf '#!/bin/sh\necho 1000\n' > "$shim/id"        # not root: print, do not install
chmod +x "$shim/dpkg-query" "$shim/id"

build="g++ cmake ninja-build ccache libboost1.81-dev libboost-json1.81-dev libboost-program-options1.81-dev libboost-test1.81-dev python3-dev"
failures=0
expect() {  # expect SCRIPT PACKAGES...
  local script=$1
  shift
  local want="  sudo apt-get update && sudo apt-get install -y $*"
  local out status=0
  out=$(cd "$repo" && PATH="$shim:$PATH" "scripts/$script" 2>&1 >/dev/null) || status=$?
  local got
  got=$(printf '%s\n' "$out" | grep 'apt-get install' || true)
  if [ "$status" -ne 1 ] || [ "$got" != "$want" ]; then
    echo "FAIL scripts/$script: exit $status, printed:"
    printf '%s\n' "$out"
    echo "wanted exit 1 and:"
    echo "$want"
    failures=$((failures + 1))
  else
    echo "ok   scripts/$script asks for: $*"
  fi
}
expect run-example $build
expect test $build time r-base-core chromium texlive-latex-recommended poppler-utils python3-pip python3-setuptools python3-wheel python3-pandas
expect fuzz $build clang libclang-rt-14-dev
[ "$failures" -eq 0 ]
