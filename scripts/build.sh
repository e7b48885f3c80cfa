#!/usr/bin/env bash
# Configures and builds Vantage (Release, Ninja, ccache when present) into ${BUILD_DIR:-build}.
# Used by run.sh and test.sh; extra arguments go to CMake's configure step.
set -euo pipefail
cd "$(dirname "$0")/.."
BUILD_DIR=${BUILD_DIR:-build}
JOBS=${JOBS:-$(nproc)}

export CCACHE_DIR=${CCACHE_DIR:-$HOME/.cache/vantage-ccache}
export CCACHE_BASEDIR=$PWD
export CCACHE_NOHASHDIR=1
export CCACHE_MAXSIZE=${CCACHE_MAXSIZE:-5G}
export CCACHE_SLOPPINESS=${CCACHE_SLOPPINESS:-pch_defines,time_macros,include_file_mtime,include_file_ctime}

if [ ! -f "$BUILD_DIR/build.ninja" ]; then
  cmake -S . -B "$BUILD_DIR" -G Ninja -DCMAKE_BUILD_TYPE=${BUILD_TYPE:-Release} "$@"
elif [ $# -gt 0 ]; then
  cmake "$BUILD_DIR" "$@"
fi
cmake --build "$BUILD_DIR" --parallel "$JOBS"
