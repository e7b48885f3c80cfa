#!/usr/bin/env bash
# The pause per scale event of one EDL job on one machine (local workers) and across hosts (the
# testbed of scripts/testbed.sh: the leader and w0 on one host, the joiners on the others, started
# over real ssh), the same job and schedule, each the best of REPEATS runs. Prints a table and one
# JSON line. Needs root (the testbed); exits 77 with the reason where it cannot be made.
#
#   scripts/bench-edl-hosts.sh [REPEATS]      BUILD_DIR (default build)
set -euo pipefail
cd "$(dirname "$0")/.."
REPEATS=${1:-3}
BUILD_DIR=${BUILD_DIR:-build}
CLI=$PWD/$BUILD_DIR/app/cli/vantage-cli
WORKER=$PWD/$BUILD_DIR/app/worker/vantage-edl-worker
[ -x "$CLI" ] && [ -x "$WORKER" ] || {
  echo "bench-edl-hosts: build first (scripts/build.sh): no $CLI or $WORKER" >&2
  exit 2
}
work=$(mktemp -d)
name=vb$(($$ % 100000))
bed=$work/testbed
trap 'scripts/testbed.sh down --dir "$bed" >/dev/null 2>&1 || true; rm -rf "$work"' EXIT
scripts/testbed.sh up --hosts 3 --name "$name" --dir "$bed" >/dev/null
for i in 1 2 3; do echo "$name-h$i slots=1 address=10.77.0.$((10 + i)) worker=$WORKER"; done >"$work/hosts.txt"

# w0 sleeps 40 ms a step, so that a joiner (a worker loads LibTorch for a second or more) joins in
# time; the pause is measured from the last step of one configuration to the first of the next.
schedule="step=10:+1,step=70:-1,step=90:+1,step=150:-1"
slow="step=0:worker=0:slow=40"
job=(--json edl run --trainer mlp --workers 2 --samples 16000 --batch 64 --epochs 1 --schedule "$schedule" --kill "$slow")

run() { # WHERE I -> mean pause over the job's scale events, in seconds
  local where=$1 i=$2
  if [ "$where" = hosts ]; then
    scripts/testbed.sh exec "$name-h1" --dir "$bed" -- "$CLI" "${job[@]}" --hosts "$work/hosts.txt" \
      --ssh "ssh -F $bed/ssh_config" --listen 10.77.0.11 --job-dir "$work/$where-$i" >"$work/out.json" 2>"$work/err.txt"
  else
    "$CLI" "${job[@]}" --job-dir "$work/$where-$i" >"$work/out.json" 2>"$work/err.txt"
  fi || {
    cat "$work/err.txt" >&2
    exit 1
  }
  python3 -c 'import json, sys; j = json.load(open(sys.argv[1])); e = j["events"]
assert j["ledger"]["exactly_once"] and j["replicas_equal"] and len(e) == 4, j.get("message")
print(sum(x["pause_s"] for x in e) / len(e))' "$work/out.json"
}

best_local=""
best_hosts=""
for i in $(seq "$REPEATS"); do
  l=$(run local "$i")
  h=$(run hosts "$i")
  best_local=$(python3 -c "print(min(float('$l'), float('${best_local:-inf}')))")
  best_hosts=$(python3 -c "print(min(float('$h'), float('${best_hosts:-inf}')))")
done
printf '%-28s %s\n' "one machine (local workers)" "$(python3 -c "print(f'{$best_local*1000:.1f} ms')")"
printf '%-28s %s\n' "three hosts (ssh, testbed)" "$(python3 -c "print(f'{$best_hosts*1000:.1f} ms')")"
echo "{\"bench\": \"edl_pause_across_hosts\", \"repeats\": $REPEATS, \"local_pause_s\": $best_local, \"hosts_pause_s\": $best_hosts}"
