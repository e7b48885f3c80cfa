#!/usr/bin/env bash
# The pause per scale event of one job with Python workers (tests/bench/edl_mlp.py on the vantage_edl
# module) and with C++ workers (the built-in `mlp` trainer, vantage-edl-worker): the same network,
# data size, batch and schedule, in one invocation, each the best of REPEATS runs (issue 20's target:
# Python within 2x of C++). Prints a table and one JSON line.
#
#   scripts/bench-edl-python.sh [REPEATS]      BUILD_DIR (default build-cuda), HIDDEN (default 64 1024)
set -euo pipefail
cd "$(dirname "$0")/.."
REPEATS=${1:-3}
BUILD_DIR=${BUILD_DIR:-build-cuda}
CLI=$BUILD_DIR/app/cli/vantage-cli
python=$(scripts/setup-pyenv.sh | tail -1)
if ! ls "$BUILD_DIR"/python/vantage_edl.*.so >/dev/null 2>&1; then
  echo "bench-edl-python: no vantage_edl module in $BUILD_DIR/python (build the LibTorch 2.x flavour: scripts/build.sh --cuda)" >&2
  exit 2
fi
export PYTHONPATH=$PWD/$BUILD_DIR/python${PYTHONPATH:+:$PYTHONPATH}
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
# w0 sleeps 40 ms a step, so that a joiner (a Python worker imports torch for seconds) joins in time;
# the pause is measured from the last step of one configuration to the first of the next, without it.
schedule="step=10:+1,step=70:-1,step=90:+1,step=150:-1"
slow="step=0:worker=0:slow=40"

run() { # KIND HIDDEN I -> mean pause over the job's scale events, in seconds
  local kind=$1 hidden=$2 i=$3 what
  if [ "$kind" = python ]; then what=(--script tests/bench/edl_mlp.py --python "$python"); else what=(--trainer mlp); fi
  "$CLI" --json edl run "${what[@]}" --workers 2 --samples 16000 --batch 64 --epochs 1 --hidden "$hidden" \
    --schedule "$schedule" --kill "$slow" --job-dir "$work/$kind-$hidden-$i" >"$work/out.json" 2>"$work/err.txt" ||
    { cat "$work/err.txt" >&2; exit 1; }
  "$python" -c 'import json, sys; j = json.load(open(sys.argv[1])); e = j["events"]
assert j["ledger"]["exactly_once"] and j["replicas_equal"] and len(e) == 4, j.get("message")
print(sum(x["pause_s"] for x in e) / len(e))' "$work/out.json"
}

printf '%-8s %-10s %-12s %-12s %s\n' HIDDEN PARAMETERS "C++ PAUSE" "PYTHON PAUSE" RATIO
json="["
for hidden in ${HIDDEN:-64 1024}; do
  best_cpp=""; best_py=""
  for i in $(seq "$REPEATS"); do
    c=$(run cpp "$hidden" "$i"); p=$(run python "$hidden" "$i")
    best_cpp=$("$python" -c "print(min(float('$c'), float('${best_cpp:-inf}')))")
    best_py=$("$python" -c "print(min(float('$p'), float('${best_py:-inf}')))")
  done
  params=$((32 * hidden + hidden + hidden * hidden + hidden + hidden * 10 + 10))
  ratio=$("$python" -c "print(f'{$best_py / $best_cpp:.2f}')")
  printf '%-8s %-10s %-12s %-12s %sx\n' "$hidden" "$params" "$("$python" -c "print(f'{$best_cpp*1000:.1f} ms')")" \
    "$("$python" -c "print(f'{$best_py*1000:.1f} ms')")" "$ratio"
  json+="{\"hidden\": $hidden, \"parameters\": $params, \"cpp_pause_s\": $best_cpp, \"python_pause_s\": $best_py, \"ratio\": $ratio},"
done
echo "${json%,}]"
