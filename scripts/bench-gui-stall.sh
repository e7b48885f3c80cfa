#!/usr/bin/env bash
# The GUI thread's longest stall while the elastic page takes in a 10^5-step job and a chart takes
# 10^6 points: prints {"bench":"gui_stall",...,"max_ms":N} and {"bench":"gui_chart_points",...}
# (target: max_ms < 50). Under Xvfb where there is one (real painting), else offscreen.
#   scripts/bench-gui-stall.sh [STEPS] [WORKERS]
set -euo pipefail
cd "$(dirname "$0")/.."
BUILD_DIR=${BUILD_DIR:-build}
BIN="$BUILD_DIR/tests/bench/bench_gui_stall"
[ -x "$BIN" ] || { echo "bench-gui-stall: $BIN is not built (scripts/build.sh)" >&2; exit 2; }
if command -v xvfb-run >/dev/null; then
  exec xvfb-run -a -s '-screen 0 1600x1000x24' env QT_QPA_PLATFORM=xcb "$BIN" "$@"
fi
QT_QPA_PLATFORM=offscreen exec "$BIN" "$@"
