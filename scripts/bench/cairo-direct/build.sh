#!/bin/sh
# Builds the cairo-direct benchmark baseline next to this script.
set -eu
here=$(cd "$(dirname "$0")" && pwd)
cc -O2 -o "$here/cairo-direct" "$here/cairo-direct.c" $(pkg-config --cflags --libs cairo) -lm
echo "built $here/cairo-direct"
