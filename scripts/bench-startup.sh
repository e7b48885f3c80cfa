#!/usr/bin/env bash
# Cold start of the real GUI binary under Xvfb: from launching the process to the window's first
# paint, best and median of N runs (default 5), with the demo session opened (its runs start after
# the window). Prints one JSON line. Usage: scripts/bench-startup.sh [RUNS]
set -euo pipefail
cd "$(dirname "$0")/.."
BUILD_DIR=${BUILD_DIR:-build}
RUNS=${1:-5}
BIN="$BUILD_DIR/app/gui/vantage"
[ -x "$BIN" ] || { echo "bench-startup: $BIN is not built (scripts/build.sh)" >&2; exit 2; }
command -v Xvfb >/dev/null || { echo "bench-startup: Xvfb is missing (scripts/setup-deps.sh)" >&2; exit 2; }

home=$(mktemp -d)
trap 'kill "$xvfb" 2>/dev/null || true; rm -rf "$home"' EXIT
display=":$((90 + RANDOM % 100))"
Xvfb "$display" -screen 0 1600x1000x24 -nolisten tcp >/dev/null 2>&1 &
xvfb=$!
for _ in $(seq 50); do [ -e "/tmp/.X11-unix/X${display#:}" ] && break; sleep 0.1; done

times=()
for i in $(seq "$RUNS"); do
  # A fresh data folder each time: the demo session is created anew, as on a first start.
  rm -rf "$home/data" && mkdir -p "$home/data" "$home/config"
  start=$(date +%s%3N)
  out=$(DISPLAY="$display" XDG_DATA_HOME="$home/data" XDG_CONFIG_HOME="$home/config" QT_QPA_PLATFORM=xcb \
        timeout 60 "$BIN" --demo --print-first-paint 2>/dev/null | grep first-paint-ms || true)
  [ -n "$out" ] || { echo "bench-startup: run $i painted no window" >&2; exit 1; }
  painted=${out##* }
  times+=($((painted - start)))
done
sorted=($(printf '%s\n' "${times[@]}" | sort -n))
best=${sorted[0]}
median=${sorted[$((RUNS / 2))]}
printf '{"bench":"gui_cold_start","runs":%d,"best_ms":%d,"median_ms":%d,"all_ms":[%s],"target_ms":1000}\n' \
  "$RUNS" "$best" "$median" "$(IFS=,; echo "${times[*]}")"
