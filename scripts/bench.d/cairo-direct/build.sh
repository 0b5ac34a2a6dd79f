#!/bin/sh
# Builds the cairo-direct benchmark baseline.
#   build.sh [OUTPUT]   OUTPUT defaults to cairo-direct next to this script (git-ignored).
set -eu
here=$(cd "$(dirname "$0")" && pwd)
out=${1:-$here/cairo-direct}
mkdir -p "$(dirname "$out")"
# The angular-gradient painter is the renderer's own C (Sources/CKurukuruRaster), compiled in.
raster="$here/../../../Sources/CKurukuruRaster"
cc -O2 -I"$raster/include" -o "$out" "$here/cairo-direct.c" "$raster/kurukuru_conic.c" \
  $(pkg-config --cflags --libs cairo) -lm
echo "built $out"
