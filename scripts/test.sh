#!/usr/bin/env bash
# The test command: installs what is missing, checks the formatting (scripts/format.sh --check) and
# the sizes of files and functions (scripts/code-size.sh), builds, and runs every Qt Test suite
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
# A short run of every fuzz harness under libFuzzer and the sanitizers (scripts/fuzz.sh for long runs).
if [ $# -eq 0 ]; then
  scripts/fuzz.sh --smoke
fi
echo "test.sh: finished in $(( $(date +%s) - start )) s"
