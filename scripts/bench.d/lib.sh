# Helpers for sub-benches; source it with  . "$(dirname "$0")/lib.sh"
# Works both under scripts/bench (which has already run setup and the release build) and when a
# sub-bench is run by hand (then it builds the release binary itself).
# Sets BENCH_ROOT, BENCH_BUILD_PATH, KURUKURU and BENCH_TMP (a scratch folder removed on exit),
# and cds to BENCH_ROOT. A sub-bench that never runs the binary (it measures the library through
# the measure/ package) sets BENCH_NEEDS_KURUKURU=0 before sourcing, so that run by hand it does
# not build the binary.

BENCH_ROOT=${BENCH_ROOT:-$(cd "$(dirname "${BASH_SOURCE[0]}")/../.." && pwd)}
BENCH_BUILD_PATH=${BENCH_BUILD_PATH:-${KURUKURU_BUILD_PATH:-$BENCH_ROOT/.build/install}}
cd "$BENCH_ROOT"
if [ -z "${KURUKURU:-}" ] && [ "${BENCH_NEEDS_KURUKURU:-1}" != 0 ]; then
  # The binary scripts/install ships: the Swift runtime linked statically on Linux.
  bench_flags=(-c release --build-path "$BENCH_BUILD_PATH")
  [ "$(uname -s)" = Linux ] && bench_flags+=(--static-swift-stdlib --disable-local-rpath)
  swift build "${bench_flags[@]}" --product kurukuru >&2
  KURUKURU="$(swift build "${bench_flags[@]}" --show-bin-path)/kurukuru"
fi
export BENCH_ROOT BENCH_BUILD_PATH KURUKURU
BENCH_TMP=$(mktemp -d "${TMPDIR:-/tmp}/kurukuru-bench.XXXXXX")
trap 'rm -rf "$BENCH_TMP"' EXIT

# bench_cores — the number of online CPUs.
bench_cores() { getconf _NPROCESSORS_ONLN 2>/dev/null || nproc; }

# bench_field NAME TEXT — the value of NAME=VALUE in TEXT (e.g. seconds from 'frames=… seconds=…').
bench_field() { printf '%s\n' "$2" | tr ' ' '\n' | sed -n "s/^$1=//p" | sed -n 1p; }

# bench_calc EXPR — evaluates an awk expression, e.g. bench_calc '1.5 / 3'.
bench_calc() { awk "BEGIN { print $1 }"; }

# bench_apt_install PACKAGE — installs a Debian package with apt-get (sudo when not root);
# returns non-zero when that is not possible.
bench_apt_install() {
  command -v apt-get >/dev/null 2>&1 || return 1
  local sudo=""
  if [ "$(id -u)" != 0 ]; then command -v sudo >/dev/null 2>&1 || return 1; sudo="sudo"; fi
  echo "bench: installing $1" >&2
  $sudo apt-get update -qq >&2 && DEBIAN_FRONTEND=noninteractive $sudo apt-get install -y -qq --no-install-recommends "$1" >&2
}

# bench_measure NAME [ARGS…] — builds the measurement package scripts/bench.d/measure in release
# (into measure/.build; nothing to do when nothing changed; progress on stderr) and runs its
# executable MeasureNAME with ARGS.
bench_measure() {
  local package=$BENCH_ROOT/scripts/bench.d/measure name=$1 fingerprint bin
  shift
  # SwiftPM keeps its build plan while no manifest changes, so a source file added to the main
  # package (a path dependency there) would be missing from the build: re-plan when the list of
  # source files differs from the last build's (as scripts/fuzz does).
  fingerprint=$(cd "$BENCH_ROOT" && find Sources scripts/bench.d/measure/Sources -type f | sort | cksum)
  if [ "$(cat "$package/.build/sources.list" 2>/dev/null)" != "$fingerprint" ]; then
    rm -f "$package/.build/release.yaml" "$package"/.build/*/release/description.json
  fi
  echo "bench: swift build -c release in scripts/bench.d/measure" >&2
  swift build -c release --package-path "$package" >&2 || return 1
  echo "$fingerprint" > "$package/.build/sources.list"
  bin=$(swift build -c release --package-path "$package" --show-bin-path) || return 1
  "$bin/Measure$name" "$@"
}
