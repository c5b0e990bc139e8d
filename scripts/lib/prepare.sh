# Sourced by the scripts in scripts/: installs what the build needs from
# Debian's packages (when run as root) and configures the build in build/.
#
# Boost 1.81 comes from the versioned packages: Debian 12's default
# libboost-dev is 1.74, which has no Boost.JSON. Everything is installed
# without recommends: R's recommended packages would pull a Fortran and TeX
# toolchain the tests do not need.

# What building grk-eval and its plugins needs. Boost.Test is among them because
# the release preset's build/ also holds the tests (./scripts/test), so
# configuring it looks for Boost.Test even when only grk-eval is built.
GRK_BUILD_PACKAGES=(
  g++ cmake ninja-build python3 ccache
  libboost1.81-dev libboost-json1.81-dev libboost-program-options1.81-dev
  libboost-test1.81-dev
  python3-dev  # Python's headers: the evaluator extension of grk_plugins.pytrec_eval
)
# What only the test suite, the benchmarks and the fuzzers need.
GRK_TEST_PACKAGES=(
  time  # GNU time: peak RSS in bench/beir/run_benchmark.py
  r-base-core  # R 4.2: the reference of the comparison statistics' tests
  chromium  # headless: tests/report_render/browser_test.py opens the HTML report (skipped without it)
  texlive-latex-recommended poppler-utils  # pdflatex, pdftoppm: tests/report_render/latex_test.py
  python3-pip python3-setuptools python3-wheel  # offline `pip install ./sdk/python`: tests/python_pip (skipped without them)
  python3-pandas  # DataFrames into grk_plugins.ir_measures: tests/python_evaluators (skipped without it)
)
GRK_FUZZ_PACKAGES=(
  clang libclang-rt-14-dev  # clang 14 and libFuzzer: scripts/fuzz (the fuzz preset)
)

# grk_missing_packages <package>...: those of the packages named not installed.
grk_missing_packages() {
  local pkg missing=()
  for pkg in "$@"; do
    if ! dpkg-query -W -f='${Status}' "$pkg" 2>/dev/null | grep -q "install ok installed"; then
      # python3 may come from elsewhere (pyenv); any python3 on PATH will do.
      if [ "$pkg" = python3 ] && command -v python3 >/dev/null 2>&1; then continue; fi
      missing+=("$pkg")
    fi
  done
  echo "${missing[@]}"
}

# grk_install_packages <package>...: installs those of the packages named
# that are missing (as root), or prints the apt-get line and stops.
grk_install_packages() {
  local missing
  missing=$(grk_missing_packages "$@")
  [ -z "$missing" ] && return 0
  if [ "$(id -u)" -ne 0 ]; then
    echo "These Debian packages are missing: $missing" >&2
    echo "Install them, then run this script again:" >&2
    echo "  sudo apt-get update && sudo apt-get install -y $missing" >&2
    exit 1
  fi
  echo "Installing Debian packages: $missing" >&2
  export DEBIAN_FRONTEND=noninteractive
  apt-get update -qq
  # shellcheck disable=SC2086
  apt-get install -y -qq --no-install-recommends $missing
}

# grk_build <preset> [target...]: configure (once) and build the targets
# named (everything when none is named) with that preset.
#
# Compiles go through ccache when it is there. Its cache lives outside the
# clone (~/.cache/ccache), and paths are taken relative to the clone, so a
# fresh clone in another folder (CI's) reuses what an earlier build compiled.
# The presets themselves name no launcher: `cmake --preset` works without it.
grk_build() {
  local preset=$1
  shift
  local targets=() launcher=()
  if [ "$#" -gt 0 ]; then targets=(--target "$@"); fi
  if command -v ccache >/dev/null 2>&1; then
    export CCACHE_BASEDIR="$PWD" CCACHE_NOHASHDIR=true
    launcher=(-DCMAKE_C_COMPILER_LAUNCHER=ccache -DCMAKE_CXX_COMPILER_LAUNCHER=ccache)
  fi
  cmake --preset "$preset" "${launcher[@]}" >/dev/null
  cmake --build --preset "$preset" --parallel "$(nproc)" "${targets[@]}"
}
