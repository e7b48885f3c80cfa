#!/usr/bin/env bash
# Sets up, builds and starts Vantage on the demo session (or on the session file given).
set -euo pipefail
cd "$(dirname "$0")/.."

VANTAGE_NO_PYENV=1 scripts/setup-deps.sh # Vantage runs without Python; only tests need the PyPI environment
scripts/build.sh

BUILD_DIR=${BUILD_DIR:-build}
args=("$@")
[ ${#args[@]} -eq 0 ] && args=(--demo)

if [ -z "${DISPLAY:-}" ] && [ -z "${WAYLAND_DISPLAY:-}" ] && [ -z "${QT_QPA_PLATFORM:-}" ]; then
  cat >&2 <<MSG
run.sh: Vantage is built, but there is no display to show it on (DISPLAY and WAYLAND_DISPLAY are unset).
Start it under a virtual X server instead:
    xvfb-run -a -s '-screen 0 1600x1000x24' $BUILD_DIR/app/gui/vantage ${args[*]}
or use the command-line tool, which needs no display:
    $BUILD_DIR/app/cli/vantage-cli --help
MSG
  exit 3
fi
exec "$BUILD_DIR/app/gui/vantage" "${args[@]}"
