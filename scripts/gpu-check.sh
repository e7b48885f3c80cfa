#!/usr/bin/env bash
# The one prepared GPU check (issue 17): on a machine with an NVIDIA GPU it runs the GPU tests and
# prints one table (DGI on the GPU against the CPU, auto batch against static batches, time per
# layer against a copy probe of the device's memory bandwidth; an EDL job with a GPU worker on NCCL;
# PPAC's LightGCN trained on the GPU on the shared Gowalla split against the published recall@20;
# FT's calibration and its 1-device strategies run by the runner on the GPU against their prediction).
#
#   scripts/gpu-check.sh --prepare   here (PyPI reachable, no GPU needed): builds the CUDA flavour with
#                                    the GUI off against the PyTorch the GPU machine has
#                                    (scripts/requirements-gpu-check.txt) into build-gpu/, and packs the
#                                    binaries and the libraries they need beyond glibc, libstdc++,
#                                    LibTorch and CUDA into .gpu-check/bundle.tar.xz (ignored; carried),
#                                    with a copy of ../shared's Gowalla split (../shared does not travel)
#   scripts/gpu-check.sh             on the GPU machine: unpacks the bundle (or, without one, builds
#                                    with scripts/build.sh --cuda into build-gpu-check/), runs
#                                    tst_dgi_gpu and the figures; the table goes to stdout and, when
#                                    $OUT is set, to $OUT/gpu-check.md with the raw JSON beside it
#
# Why a bundle: the lent machine has PyTorch (with the C++ LibTorch), CUDA and a compiler but not
# Vantage's other dependencies (Qt for the tests, SQLite, libarchive, ZeroMQ, Graphviz), cannot
# reach a package registry, and its device time is short. Sizes: GPU_CHECK_NODES (1000000);
# GPU_CHECK_DEVICE (cuda:0; "cpu" runs the same steps without a GPU, to try the script itself);
# GPU_CHECK_QUICK=1 leaves out the batch sweeps, the EDL jobs and PPAC (a re-check within little device
# time); GPU_CHECK_PPAC_EPOCHS (200) sets LightGCN's epochs.
# A failing step is reported in the table and the others still run.
set -uo pipefail
cd "$(dirname "$0")/.."
ROOT=$PWD
DEVICE=${GPU_CHECK_DEVICE:-cuda:0}
BUNDLE=.gpu-check/bundle.tar.xz

prepare() {
  set -e
  local req=scripts/requirements-gpu-check.txt
  local venv=${VANTAGE_GPU_PYENV:-$HOME/.cache/vantage/gpu-check-venv}
  local hash
  hash=$(sha256sum "$req" | cut -d' ' -f1)
  if [ "$(cat "$venv/.vantage-requirements" 2>/dev/null)" != "$hash" ]; then
    rm -rf "$venv"
    /usr/bin/python3 -m venv "$venv"
    "$venv/bin/python" -m pip install --quiet --disable-pip-version-check --no-input -r "$req"
    echo "$hash" > "$venv/.vantage-requirements"
  fi
  local site
  site=$("$venv/bin/python" -c 'import os, torch; print(os.path.dirname(os.path.dirname(torch.__file__)))')
  export TORCH_CUDA_ARCH_LIST=${TORCH_CUDA_ARCH_LIST:-9.0}
  export CCACHE_DIR=${CCACHE_DIR:-$HOME/.cache/vantage-ccache} CCACHE_BASEDIR=$ROOT CCACHE_NOHASHDIR=1
  export CCACHE_SLOPPINESS=pch_defines,time_macros,include_file_mtime,include_file_ctime
  if [ ! -f build-gpu/build.ninja ]; then
    cmake -S . -B build-gpu -G Ninja -DCMAKE_BUILD_TYPE=Release -DVANTAGE_BUILD_GUI=OFF -DVANTAGE_WITH_CUDA=ON \
      "-DCMAKE_PREFIX_PATH=$site/torch/share/cmake;$site/torch" \
      "-DNCCL_LIBRARY=$site/nvidia/nccl/lib/libnccl.so.2" "-DNCCL_INCLUDE_DIR=$site/nvidia/nccl/include"
  fi
  cmake --build build-gpu --parallel "${JOBS:-$(nproc)}" --target vantage-cli vantage-edl-worker tst_dgi_gpu \
    tst_ppac_gpu vantage_edl_python
  local stage
  stage=$(mktemp -d)
  mkdir -p "$stage/bin" "$stage/lib" .gpu-check
  cp build-gpu/app/cli/vantage-cli build-gpu/app/worker/vantage-edl-worker build-gpu/tests/tst_dgi_gpu \
    build-gpu/tests/tst_ppac_gpu "$stage/bin/"
  mkdir -p "$stage/python" # the Python elastic module, for the EDL job of a training script
  cp build-gpu/python/vantage_edl.*.so "$stage/python/"
  strip "$stage"/bin/* "$stage"/python/*
  # Every library the binaries load but glibc's, libstdc++'s, LibTorch's and CUDA's (the machine has those).
  LD_LIBRARY_PATH="$site/torch/lib" ldd "$stage"/bin/* "$stage"/python/* | awk '/=>/ {print $3}' | sort -u | grep -v "$site" \
    | grep -Ev '/(libc|libm|libdl|libpthread|librt|libutil|libresolv|libgcc_s|libstdc\+\+|libcudart|libcuda|libnccl)\.so' \
    | while read -r lib; do cp -L "$lib" "$stage/lib/"; done
  # Graphviz's core and dot-layout plugins (the drawing of the layer cut), with their own config.
  mkdir -p "$stage/graphviz"
  local gvdir
  gvdir=$(dirname "$(find /usr/lib -name 'libgvplugin_dot_layout.so.6' | head -1)")
  cp -L "$gvdir/libgvplugin_core.so.6" "$gvdir/libgvplugin_dot_layout.so.6" "$stage/graphviz/"
  GVBINDIR="$stage/graphviz" dot -c
  # LibTorch's OpenMP runtime, should that machine's wheel not carry one.
  mkdir -p "$stage/fallback"
  cp -L "$site/torch/lib/libgomp.so.1" "$stage/fallback/"
  "$venv/bin/python" -c 'import torch; print(torch.__version__)' > "$stage/torch-version"
  git describe --always --dirty > "$stage/vantage-version"
  # The shared Gowalla split (train, test, balanced test), for PPAC's row.
  local shared=${VANTAGE_SHARED_DATA:-$ROOT/../shared/data}
  mkdir -p "$stage/gowalla"
  cp "$shared/ppac/gowalla/train.txt" "$shared/ppac/gowalla/test.txt" "$shared/ppac/gowalla/balance_test.txt" \
    "$stage/gowalla/"
  tar -C "$stage" -cJf "$BUNDLE" .
  rm -rf "$stage"
  echo "gpu-check: $BUNDLE ($(du -h "$BUNDLE" | cut -f1)), built against torch $(grep "^torch==" "$req" | cut -d= -f3)"
}

if [ "${1:-}" = "--prepare" ]; then
  prepare
  exit 0
elif [ $# -gt 0 ]; then
  echo "gpu-check: unknown argument '$1' (--prepare, or none on the GPU machine)" >&2
  exit 2
fi

start=$(date +%s)
PY=${PYTHON:-python3}
OUTDIR=${OUT:-$(mktemp -d)}
WORK=$(mktemp -d)
RAW=$WORK/raw
mkdir -p "$RAW"
TORCH_SITE=$("$PY" -c 'import os, torch; print(os.path.dirname(os.path.dirname(torch.__file__)))')
NV_LIBS=$(find "$TORCH_SITE/nvidia" -maxdepth 3 -type d -name lib 2>/dev/null | tr '\n' ':')
if [ -f "$BUNDLE" ]; then
  tar -C "$WORK" -xJf "$BUNDLE" || exit 1
  BIN=$WORK/bin
  want=$(cat "$WORK/torch-version")
  have=$("$PY" -c 'import torch; print(torch.__version__)')
  if [ "${want%%+*}" != "${have%%+*}" ]; then
    echo "gpu-check: the bundle was built against torch $want, this machine has $have; run --prepare with that version" >&2
    exit 2
  fi
  export LD_LIBRARY_PATH="$WORK/lib:$TORCH_SITE/torch/lib:$NV_LIBS/usr/local/cuda/lib64:$WORK/fallback:${LD_LIBRARY_PATH:-}"
  export PYTHONPATH="$WORK/python${PYTHONPATH:+:$PYTHONPATH}"
else
  # A folder of its own: the GUI off here must not stick to build-cuda/, which the tests build with it.
  BUILD_DIR=build-gpu-check scripts/build.sh --cuda -DVANTAGE_BUILD_GUI=OFF || exit 1
  export PYTHONPATH="$ROOT/build-gpu-check/python${PYTHONPATH:+:$PYTHONPATH}"
  # Run from the build tree: their RUNPATH names the LibTorch, NCCL and CUDA they were built with.
  BIN=$ROOT/build-gpu-check/bin-links
  mkdir -p "$BIN"
  ln -sf "$ROOT/build-gpu-check/app/cli/vantage-cli" "$ROOT/build-gpu-check/app/worker/vantage-edl-worker" \
    "$ROOT/build-gpu-check/tests/tst_dgi_gpu" "$ROOT/build-gpu-check/tests/tst_ppac_gpu" "$BIN/"
  mkdir -p "$WORK/gowalla"
  cp "${VANTAGE_SHARED_DATA:-$ROOT/../shared/data}"/ppac/gowalla/{train,test,balance_test}.txt "$WORK/gowalla/" 2>/dev/null
fi
CLI=$BIN/vantage-cli
export QT_QPA_PLATFORM=offscreen GPU_CHECK_DEVICE=$DEVICE
[ -d "$WORK/graphviz" ] && export GVBINDIR=$WORK/graphviz

echo "== devices"
"$CLI" --json devices | tee "$RAW/devices.json"
echo "== tst_dgi_gpu"
"$BIN/tst_dgi_gpu" > "$RAW/tst_dgi_gpu.txt" 2>&1 && echo "tst_dgi_gpu: passed" || echo "tst_dgi_gpu: FAILED"
grep -E "^(FAIL|Totals)" "$RAW/tst_dgi_gpu.txt" || true
echo "== tst_ppac_gpu"
"$BIN/tst_ppac_gpu" > "$RAW/tst_ppac_gpu.txt" 2>&1 && echo "tst_ppac_gpu: passed" || echo "tst_ppac_gpu: FAILED"
grep -E "^(FAIL|Totals)" "$RAW/tst_ppac_gpu.txt" || true

echo "== copy probe"
"$PY" - > "$RAW/copy_probe.json" <<'PY'
import json, torch
import os, time
dev = os.environ["GPU_CHECK_DEVICE"]
x = torch.empty(1 << 30 if dev != "cpu" else 1 << 26, dtype=torch.float32, device=dev)  # 4 GiB on a GPU
y = torch.empty_like(x)
sync = torch.cuda.synchronize if dev != "cpu" else (lambda: None)
for _ in range(3):
    y.copy_(x)
sync()
t0 = time.perf_counter()
for _ in range(10):
    y.copy_(x)
sync()
t = (time.perf_counter() - t0) / 10
print(json.dumps({"bytes_moved": 2 * x.numel() * 4, "seconds": t, "bytes_per_s": 2 * x.numel() * 4 / t,
                  "device": torch.cuda.get_device_name(0) if dev != "cpu" else "cpu", "torch": torch.__version__}))
PY
cat "$RAW/copy_probe.json"

NODES=${GPU_CHECK_NODES:-1000000}
GRAPH=$WORK/rmat
echo "== R-MAT graph, $NODES nodes"
"$CLI" dgi generate --graph "rmat:n=$NODES,deg=16,seed=1" --self-loops add --out "$GRAPH" > "$RAW/generate.txt"
for model in gcn sage; do
  common=(--json dgi eval --graph "$GRAPH" --model "$model" --layers 3 --hidden 64 --in-dim 64 --mode layerwise)
  # The outputs for the comparison, then the timed runs (without writing 256 MB of .npy each).
  echo "== $model: outputs on the CPU and on $DEVICE"
  "$CLI" "${common[@]}" --out "$WORK/$model-cpu.npy" > "$RAW/$model-cpu-out.json"
  "$CLI" "${common[@]}" --device "$DEVICE" --out "$WORK/$model-gpu.npy" > "$RAW/$model-gpu-out.json"
  echo "== $model: CPU"
  "$CLI" "${common[@]}" > "$RAW/$model-cpu.json"
  echo "== $model: GPU, auto batch"
  "$CLI" "${common[@]}" --device "$DEVICE" > "$RAW/$model-gpu.json"
  for cap in $([ -z "${GPU_CHECK_QUICK:-}" ] && echo 16384 65536 262144 1048576); do
    echo "== $model: GPU, static batch of $cap nodes"
    "$CLI" "${common[@]}" --device "$DEVICE" --node-cap "$cap" > "$RAW/$model-gpu-$cap.json"
  done
  # Under a device budget far below the graph's stores: stores stay in pinned host memory and the
  # batches are streamed; the auto batch against static ones under the same budget.
  for cap in $([ -z "${GPU_CHECK_QUICK:-}" ] && echo auto 16384 65536 262144); do
    echo "== $model: GPU, 1 GiB of device memory, batch $cap"
    capArg=()
    [ "$cap" != auto ] && capArg=(--node-cap "$cap")
    "$CLI" "${common[@]}" --device "$DEVICE" --device-memory 1G "${capArg[@]}" > "$RAW/$model-gpu-1g-$cap.json"
  done
  "$PY" - "$WORK/$model-cpu.npy" "$WORK/$model-gpu.npy" > "$RAW/$model-compare.json" <<'PY'
import json, sys, numpy as np
a, b = np.load(sys.argv[1]), np.load(sys.argv[2])
scale = float(np.abs(a).max())
print(json.dumps({"max_abs_diff": float(np.abs(a - b).max()), "scale": scale,
                  "relative": float(np.abs(a - b).max()) / scale if scale else 0.0, "shape": list(a.shape)}))
PY
done

if [ -z "${GPU_CHECK_QUICK:-}" ]; then
echo "== EDL: one worker on $DEVICE (NCCL)"
"$CLI" --json edl run --trainer mlp --workers 1 --devices "$DEVICE" --epochs 2 --samples 20000 --batch 256 \
  --job-dir "$WORK/edl" > "$RAW/edl.json" 2> "$RAW/edl.err" && echo "edl: ran" || echo "edl: FAILED ($(tail -3 "$RAW/edl.err"))"
grep -rhoE "NCCL[^\"]{0,80}|nccl[^\"]{0,80}" "$WORK/edl" 2>/dev/null | sort -u | head -5 > "$RAW/edl-nccl.txt" || true
echo "== EDL: docs/examples/edl_train.py, a Python worker on $DEVICE (vantage_edl, NCCL)"
"$CLI" --json edl run --script "$ROOT/docs/examples/edl_train.py" --python "$PY" --workers 1 --devices "$DEVICE" \
  --epochs 1 --samples 4096 --batch 128 --lr 0.01 --job-dir "$WORK/edl-python" > "$RAW/edl-python.json" \
  2> "$RAW/edl-python.err" && echo "edl python: ran" || echo "edl python: FAILED ($(tail -3 "$RAW/edl-python.err"))"
grep -rhoE "NCCL[^\"]{0,80}" "$WORK/edl-python" 2>/dev/null | sort -u | head -3 > "$RAW/edl-python-nccl.txt" || true
fi

if [ -z "${GPU_CHECK_QUICK:-}" ]; then
# LightGCN as its paper trains it (64 wide, 3 layers, Adam 1e-3, batches of 2048, L2 1e-4) on the
# GPU, the tests ranked every 25 epochs on the CPU; the published recall@20 on Gowalla is 0.1830.
echo "== PPAC: LightGCN on Gowalla on $DEVICE, ${GPU_CHECK_PPAC_EPOCHS:-200} epochs"
if [ -f "$WORK/gowalla/train.txt" ]; then
  "$CLI" --json ppac train --dataset "$WORK/gowalla" --architecture lightgcn --base --device "$DEVICE" \
    --epochs "${GPU_CHECK_PPAC_EPOCHS:-200}" --batch-size 2048 --validation none --test-every 25 \
    > "$RAW/ppac.json" 2> "$RAW/ppac.err" && echo "ppac: ran" || echo "ppac: FAILED ($(tail -3 "$RAW/ppac.err"))"
else
  echo "no Gowalla split (run --prepare where ../shared is)" > "$RAW/ppac.err"
fi
fi

# FT on the GPU (issue 34): this machine calibrated (NCCL when the GPU is seen), then the 1-device
# strategies of an MLP (tests/data/ft_run/models.py; no transformers needed) run by the vantage
# package's runner on the GPU with the machine's own PyTorch, measured against FT's prediction.
echo "== FT: calibrate, then validate on $DEVICE"
FT_DEVICE=cuda
[ "$DEVICE" = cpu ] && FT_DEVICE=cpu
"$CLI" --json ft calibrate --devices 1 --out "$WORK/ft-cluster.json" > "$RAW/ft-calibrate.json" \
  2> "$RAW/ft-calibrate.err" && echo "ft calibrate: ran" || echo "ft calibrate: FAILED ($(tail -3 "$RAW/ft-calibrate.err"))"
[ -f "$WORK/ft-cluster.json" ] || cp "$ROOT/resources/clusters/selene-a100.json" "$WORK/ft-cluster.json"
PYTHONPATH="$ROOT/python${PYTHONPATH:+:$PYTHONPATH}" "$CLI" --json ft validate \
  --model "$ROOT/tests/data/ft_run/models.py:mlp" --kwargs '{"width": 1024, "vocab": 8192, "classes": 8192}' \
  --input long:256 --batch 16 --devices 1 --device "$FT_DEVICE" --python "$PY" --steps 8 --warmup 3 \
  --cluster "$WORK/ft-cluster.json" > "$RAW/ft-validate.json" 2> "$RAW/ft-validate.err" \
  && echo "ft validate: ran" || echo "ft validate: FAILED ($(tail -3 "$RAW/ft-validate.err"))"

"$PY" "$ROOT/scripts/gpu_check_table.py" "$RAW" > "$OUTDIR/gpu-check.md"
cat "$OUTDIR/gpu-check.md"
tar -C "$WORK" -czf "$OUTDIR/gpu-check-raw.tar.gz" raw
echo "gpu-check: finished in $(( $(date +%s) - start )) s"
