#!/usr/bin/env bash
# Sets up, builds and starts Vantage on the demo session (or on the session file given).
#
#   scripts/run.sh [FILE.vantage]                    LibTorch 2.x, the official one from PyPI's torch
#                                                    wheel (reads models saved by current PyTorch;
#                                                    CUDA and NCCL when the machine has a GPU), build-cuda/
#   scripts/run.sh --debian-libtorch [FILE.vantage]  Debian's LibTorch 1.13 (CPU only, no 4 GB download), build/
#
# When PyPI cannot be reached, the LibTorch 2.x environment cannot be made: run.sh says so and
# builds against Debian's LibTorch 1.13 instead.
set -euo pipefail
cd "$(dirname "$0")/.."

flavour=cuda
if [ "${1:-}" = "--debian-libtorch" ]; then
  flavour=cpu
  shift
fi

if [ "$flavour" = cuda ]; then
  # The PyPI environment (scripts/setup-pyenv.sh) carries LibTorch; Vantage itself never runs Python.
  if ! scripts/setup-deps.sh --cuda; then
    echo "run.sh: the PyPI environment with LibTorch 2.x could not be made (above); building against" \
      "Debian's LibTorch 1.13 instead (it reads models saved by PyTorch 2.x only when their code is" \
      "1.13's: docs/dgi.md, 'Which PyTorch')" >&2
    flavour=cpu
  fi
fi
if [ "$flavour" = cpu ]; then
  VANTAGE_NO_PYENV=1 scripts/setup-deps.sh
  scripts/build.sh
  BUILD_DIR=${BUILD_DIR:-build}
else
  scripts/build.sh --cuda
  BUILD_DIR=${BUILD_DIR:-build-cuda}
fi

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
