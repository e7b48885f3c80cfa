#!/usr/bin/env bash
# Vantage side by side with what users would pick instead (issue 18): DGI against PyG, EDL against
# torchrun, PPAC's base models against RecBole. Both sides run in this one invocation, on the same
# input, with the same thread count; each figure is the best of several runs. Not part of
# scripts/test.sh: the peers are never a dependency of Vantage or of its tests.
#
#   scripts/bench.sh --peers [--quick] [--only dgi,edl,ppac] [--threads N] [--runs N]
#
# Sets up the peers' pinned environment (scripts/setup-pyenv.sh --peers: PyPI's torch, PyG,
# RecBole), builds the LibTorch 2.x flavour (build-cuda/: it reads PyG's scripted layers and has the
# Python EDL module), runs tests/bench/peers/*.py and prints one table per engine. Raw JSON, the
# tables (.md) and the charts (SVG and PNG, drawn by Vantage's chart code: tests/bench/plot_charts)
# go to $PEERS_OUT (default build-cuda/peers). docs/benchmarks.md holds a run's results.
set -euo pipefail
cd "$(dirname "$0")/.."
QUICK=()
ONLY=dgi,edl,ppac
THREADS=2
RUNS=3
while [ $# -gt 0 ]; do
  case "$1" in
    --quick) QUICK=(--quick); RUNS=1 ;;
    --only) ONLY=${2:?--only needs dgi,edl,ppac}; shift ;;
    --threads) THREADS=${2:?--threads needs a number}; shift ;;
    --runs) RUNS=${2:?--runs needs a number}; shift ;;
    *) echo "bench-peers: unknown option '$1' (--quick, --only dgi,edl,ppac, --threads N, --runs N)" >&2; exit 2 ;;
  esac
  shift
done
for e in ${ONLY//,/ }; do
  case "$e" in dgi|edl|ppac) ;; *) echo "bench-peers: unknown engine '$e' (dgi, edl, ppac)" >&2; exit 2 ;; esac
done

python=$(scripts/setup-pyenv.sh --peers | tail -1)
scripts/build.sh --cuda >/dev/null
BUILD_DIR=build-cuda
CLI=$PWD/$BUILD_DIR/app/cli/vantage-cli
OUT=${PEERS_OUT:-$PWD/$BUILD_DIR/peers}
mkdir -p "$OUT/plots"
"$CLI" --version
echo "threads $THREADS, best of $RUNS; results in $OUT"
status=0

for e in ${ONLY//,/ }; do
  case "$e" in
    dgi) script=tests/bench/peers/dgi_pyg.py ;;
    edl) script=tests/bench/peers/edl_torchrun.py ;;
    ppac) script=tests/bench/peers/ppac_recbole.py ;;
  esac
  echo
  echo "== $e: $script"
  start=$(date +%s)
  # PPAC trains seeded, so one run gives its curves; its seconds per epoch are the median of 20
  # epochs. PPAC_RUNS=N asks for more (each run is 46 minutes on 2 cores).
  runs=$RUNS
  [ "$e" = ppac ] && runs=${PPAC_RUNS:-1}
  args=(--vantage "$CLI" --out "$OUT" --runs "$runs")
  [ "$e" = edl ] || args+=(--threads "$THREADS")
  # One engine's failure (or a missed target, exit 3) does not stop the others; it sets the status.
  rc=0
  "$python" "$script" "${args[@]}" "${QUICK[@]}" | tee "$OUT/$e.md" || rc=$?
  [ -f "$OUT/$e.json" ] && "$BUILD_DIR/tests/bench/plot_charts" "$OUT/$e.json" "$OUT/plots"
  echo "($e: $(( $(date +%s) - start )) s, exit $rc)"
  [ "$rc" = 0 ] || status=1
done
exit $status
