#!/usr/bin/env bash
# Runs the benchmark programs and prints their figures (JSON lines). Builds first.
set -euo pipefail
cd "$(dirname "$0")/.."
scripts/build.sh >/dev/null
BUILD_DIR=${BUILD_DIR:-build}
for b in "$BUILD_DIR"/tests/bench/bench_*; do
  [ -x "$b" ] && "$b"
done
# The GUI's cold start to its first painted window, under Xvfb (where there is one).
if command -v Xvfb >/dev/null && [ -x "$BUILD_DIR/app/gui/vantage" ]; then
  scripts/bench-startup.sh 5
fi
