#!/bin/sh
# Builds the cairo-direct benchmark baseline.
#   build.sh [OUTPUT]   OUTPUT defaults to cairo-direct next to this script (git-ignored).
set -eu
here=$(cd "$(dirname "$0")" && pwd)
out=${1:-$here/cairo-direct}
mkdir -p "$(dirname "$out")"
cc -O2 -o "$out" "$here/cairo-direct.c" $(pkg-config --cflags --libs cairo) -lm
echo "built $out"
