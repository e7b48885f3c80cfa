#!/usr/bin/env bash
# FT's prediction against measured iterations (docs/ft.md, "Predicted against measured"): calibrates
# this machine with N processes x 1 thread (vantage-cli ft calibrate), then runs every point of the
# 2- and the 4-device frontier of a 4-layer GPT-2 from transformers (docs/examples/ft_gpt2.py) with
# vantage-cli ft validate, and prints per strategy predicted and measured time and memory, and the
# medians of |error|, Spearman's rank correlation of time and how far the predicted fastest is from
# the measured fastest (one JSON line per device count, then a table).
#   scripts/bench-ft-validate.sh [DEVICES...]     default: 2 4; BENCH_FT_POINTS=N runs N points of each
#                                                 frontier, spread by time (default: every point);
#                                                 BENCH_FT_RUNNER_OVERHEAD=0 calibrates without the
#                                                 runner's overhead per ATen op (ft calibrate
#                                                 --runner-overhead), as FT priced before it
set -euo pipefail
cd "$(dirname "$0")/.."
BUILD_DIR=${BUILD_DIR:-build}
CLI="$BUILD_DIR/app/cli/vantage-cli"
PY=${VANTAGE_PYTHON:-$HOME/.cache/vantage/torch2-venv/bin/python}
if ! "$PY" -c 'import torch.distributed.tensor, transformers' 2>/dev/null; then
  echo "bench-ft-validate: needs PyTorch 2.x with transformers at $PY (scripts/setup-pyenv.sh)" >&2
  exit 77
fi
export VANTAGE_PYTHON="$PY"
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
devices=("$@")
[ ${#devices[@]} -eq 0 ] && devices=(2 4)
runner=(--runner-overhead)
[ "${BENCH_FT_RUNNER_OVERHEAD:-1}" = 0 ] && runner=()
for n in "${devices[@]}"; do
  "$CLI" --json ft calibrate --devices "$n" --threads 1 --gemm-max 1024 --out "$work/cal$n.json" "${runner[@]}" \
    >/dev/null
  "$CLI" --json ft validate --model docs/examples/ft_gpt2.py:build --input long:128 --batch 8 --devices "$n" \
    --cluster "$work/cal$n.json" --steps 6 --warmup 2 --threads 1 --points "${BENCH_FT_POINTS:-0}" \
    >"$work/validate$n.json"
  "$PY" - "$work/validate$n.json" "$n" "$work/cal$n.json" <<'PYEOF'
import json, sys
v = json.load(open(sys.argv[1]))
rows = v["strategies"]
runner = json.load(open(sys.argv[3])).get("runtime_overhead")  # the profile's, us per ATen op
print(json.dumps({"bench": "ft_validate", "devices": int(sys.argv[2]), "strategies": len(rows),
                  "frontier_points": v["frontier_points"], "median_time_error": v["median_time_error"],
                  "median_memory_error": v["median_memory_error"], "spearman_time": v["spearman_time"],
                  "fastest_gap": v["fastest_gap"],
                  "failed": sum("failed" in r for r in rows), "refused": sum("refused" in r for r in rows),
                  "losses_match": all(r.get("losses_match", False) for r in rows if "measured_time_s" in r),
                  "runner_overhead_us": runner and {k: runner[k] for k in runner if k != "runtime"}}))
for r in rows:
    if "refused" in r or "failed" in r:
        why = r.get("refused") or r.get("failed")
        print(f"  {r['label']:<16} {r['configs'][:40]:<40} {'refused' if 'refused' in r else 'failed'}: {why}")
        continue
    print(f"  {r['label']:<16} {r['configs'][:40]:<40} time {r['predicted_time_s']*1e3:8.1f} / "
          f"{r['measured_time_s']*1e3:8.1f} ms ({r['time_error']*100:+6.1f}%)  memory "
          f"{r['predicted_memory_bytes']/2**20:7.1f} / {r['measured_memory_bytes']/2**20:7.1f} MiB "
          f"({r['memory_error']*100:+6.1f}%)")
PYEOF
done
