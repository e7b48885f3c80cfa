#!/usr/bin/env bash
# The fuzz harnesses of tests/fuzz (one per parser of a user's input) built with clang, libFuzzer,
# AddressSanitizer and UndefinedBehaviorSanitizer into ${FUZZ_BUILD_DIR:-build-fuzz}, and run.
#   scripts/fuzz.sh              every harness for FUZZ_SECONDS (600) each; the corpus each one grows
#                                is kept in build-fuzz/corpus/NAME, findings in build-fuzz/findings
#   scripts/fuzz.sh --smoke      every harness for FUZZ_SMOKE_SECONDS (2) over its seed corpus
#                                (what scripts/test.sh runs)
#   scripts/fuzz.sh [--smoke] NAME...   only those harnesses
# Prints one line per harness (executions, executions per second, corpus) and exits non-zero on
# any finding: a crash, a sanitizer report, a leak, an input slower than 10 s or over 2 GiB.
set -euo pipefail
cd "$(dirname "$0")/.."

smoke=0
if [ "${1:-}" = "--smoke" ]; then smoke=1; shift; fi
seconds=${FUZZ_SECONDS:-600}
[ "$smoke" = 1 ] && seconds=${FUZZ_SMOKE_SECONDS:-2}
BUILD=${FUZZ_BUILD_DIR:-build-fuzz}

if ! command -v clang++ >/dev/null 2>&1 \
   || ! echo 'extern "C" int LLVMFuzzerTestOneInput(const char*, unsigned long) { return 0; }' \
        | clang++ -x c++ -fsanitize=fuzzer,address,undefined -o /dev/null - 2>/dev/null; then
  echo "fuzz: clang++ with libFuzzer is not installed (apt-get install clang libclang-rt-14-dev); nothing run"
  [ "$smoke" = 1 ] && exit 0
  exit 1
fi

export CCACHE_DIR=${CCACHE_DIR:-$HOME/.cache/vantage-ccache}
export CCACHE_BASEDIR=$PWD
export CCACHE_NOHASHDIR=1
launcher=()
command -v ccache >/dev/null 2>&1 && launcher=(-DCMAKE_CXX_COMPILER_LAUNCHER=ccache)
if [ ! -f "$BUILD/build.ninja" ]; then
  cmake -S tests/fuzz -B "$BUILD" -G Ninja -DCMAKE_CXX_COMPILER=clang++ "${launcher[@]}" >/dev/null
fi
cmake --build "$BUILD" --parallel "${JOBS:-$(nproc)}" >/dev/null

targets=("$@")
if [ ${#targets[@]} -eq 0 ]; then
  mapfile -t targets < <(cd "$BUILD" && ls fuzz_* | sed 's/^fuzz_//')
fi

failed=0
mkdir -p "$BUILD/findings"
printf '%-18s %12s %10s %8s  %s\n' harness executions "exec/s" corpus result
for t in "${targets[@]}"; do
  seeds=tests/fuzz/corpus/$t
  work=$BUILD/corpus/$t
  mkdir -p "$work"
  log=$BUILD/findings/$t.log
  rc=0
  ASAN_OPTIONS=detect_leaks=1:allocator_may_return_null=1 \
    "$BUILD/fuzz_$t" -max_total_time="$seconds" -timeout=10 -rss_limit_mb=2048 -print_final_stats=1 \
    -artifact_prefix="$BUILD/findings/$t-" "$work" "$seeds" >"$log" 2>&1 || rc=$?
  execs=$(sed -n 's/^stat::number_of_executed_units: *//p' "$log" | tail -1)
  rate=$(sed -n 's/^stat::average_exec_per_sec: *//p' "$log" | tail -1)
  size=$(find "$work" -type f | wc -l)
  if [ "$rc" -eq 0 ]; then
    result="no crash"
  else
    result="FINDING (exit $rc): see $log"
    failed=$((failed + 1))
  fi
  printf '%-18s %12s %10s %8s  %s\n' "$t" "${execs:-?}" "${rate:-?}" "$size" "$result"
done
echo "fuzz: ${#targets[@]} harnesses, ${seconds} s each, $failed with findings"
[ "$failed" -eq 0 ]
