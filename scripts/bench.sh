#!/usr/bin/env bash
# Runs the benchmark programs and prints their figures (JSON lines). Builds first.
#   scripts/bench.sh --peers [...]   Vantage against PyG, torchrun and RecBole instead
#                                    (scripts/bench-peers.sh; docs/benchmarks.md)
set -euo pipefail
cd "$(dirname "$0")/.."
if [ "${1:-}" = --peers ]; then
  shift
  exec scripts/bench-peers.sh "$@"
fi
scripts/build.sh >/dev/null
BUILD_DIR=${BUILD_DIR:-build}
for b in "$BUILD_DIR"/tests/bench/bench_*; do
  [ "$(basename "$b")" = bench_gui_stall ] && continue # below, under Xvfb
  [ -x "$b" ] && "$b"
done
# The GUI thread's longest stall on a 10^5-step job and a 10^6-point chart.
if [ -x "$BUILD_DIR/tests/bench/bench_gui_stall" ]; then
  scripts/bench-gui-stall.sh
fi
# The GUI's cold start to its first painted window, under Xvfb (where there is one).
if command -v Xvfb >/dev/null && [ -x "$BUILD_DIR/app/gui/vantage" ]; then
  scripts/bench-startup.sh 5
fi
# EDL's pause per scale event with Python workers (vantage_edl) against C++ workers, same job; the
# module is built in the LibTorch 2.x flavour only.
if ls build-cuda/python/vantage_edl.*.so >/dev/null 2>&1; then
  BUILD_DIR=build-cuda scripts/bench-edl-python.sh 3
fi
# EDL's pause per scale event across hosts (the testbed's namespaces, real ssh) beside the same job
# on one machine; skipped with the reason where the testbed cannot be made (exit 77: not root, no
# network namespaces).
BUILD_DIR=$BUILD_DIR scripts/bench-edl-hosts.sh 3 || [ $? -eq 77 ]
