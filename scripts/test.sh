#!/usr/bin/env bash
# The test command: installs what is missing, checks the formatting (scripts/format.sh --check) and
# the sizes of files and functions (scripts/code-size.sh), builds both flavours (Debian's LibTorch
# 1.13 into build/, PyPI's LibTorch 2.x with CUDA into build-cuda/), runs every Qt Test suite of each
# through ctest (GUI suites offscreen), then a few seconds of each fuzz harness (scripts/fuzz.sh
# --smoke). Exits non-zero on any failure. Extra arguments go to ctest and skip the fuzz run
# (scripts/test.sh -R session).
set -euo pipefail
cd "$(dirname "$0")/.."
start=$(date +%s)

scripts/setup-deps.sh
scripts/format.sh --check
scripts/code-size.sh
scripts/build.sh

export QT_QPA_PLATFORM=offscreen
BUILD_DIR=${BUILD_DIR:-build}
ctest --test-dir "$BUILD_DIR" --output-on-failure --timeout 600 -j "${JOBS:-$(nproc)}" "$@"
# The same suites against the other LibTorch: the CUDA flavour (PyPI's LibTorch 2.x with CUDA and
# NCCL, scripts/build.sh --cuda). Without a GPU its GPU cases skip with the reason and the "no GPU
# here" paths run. VANTAGE_TEST_FLAVOURS=cpu runs the default flavour alone.
if [ "${VANTAGE_TEST_FLAVOURS:-cpu,cuda}" != cpu ]; then
  echo "test.sh: the CUDA flavour (LibTorch 2.x) in build-cuda/"
  scripts/build.sh --cuda
  ctest --test-dir build-cuda --output-on-failure --timeout 600 -j "${JOBS:-$(nproc)}" "$@"
fi
# A short run of every fuzz harness under libFuzzer and the sanitizers (scripts/fuzz.sh for long runs).
if [ $# -eq 0 ]; then
  scripts/fuzz.sh --smoke
fi
echo "test.sh: finished in $(( $(date +%s) - start )) s"
