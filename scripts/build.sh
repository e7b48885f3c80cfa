#!/usr/bin/env bash
# Configures and builds Vantage (Release, Ninja, ccache when present) into ${BUILD_DIR:-build}.
# Used by run.sh and test.sh; extra arguments go to CMake's configure step.
#
#   scripts/build.sh           Debian's LibTorch 1.13 (CPU), into build/
#   scripts/build.sh --cuda    the official LibTorch 2.x with CUDA that PyPI's torch wheel carries (the
#                              environment of scripts/setup-pyenv.sh), NCCL from its nvidia-nccl wheel,
#                              CUDA 13 from /usr/local/cuda, into build-cuda/ (BUILD_DIR overrides)
set -euo pipefail
cd "$(dirname "$0")/.."
flavour=cpu
if [ "${1:-}" = "--cuda" ]; then
  flavour=cuda
  shift
fi
BUILD_DIR=${BUILD_DIR:-$([ "$flavour" = cuda ] && echo build-cuda || echo build)}
JOBS=${JOBS:-$(nproc)}

export CCACHE_DIR=${CCACHE_DIR:-$HOME/.cache/vantage-ccache}
export CCACHE_BASEDIR=$PWD
export CCACHE_NOHASHDIR=1
export CCACHE_MAXSIZE=${CCACHE_MAXSIZE:-5G}
export CCACHE_SLOPPINESS=${CCACHE_SLOPPINESS:-pch_defines,time_macros,include_file_mtime,include_file_ctime}

flavour_args=()
if [ "$flavour" = cuda ]; then
  python=$(scripts/setup-pyenv.sh | tail -1)
  torch_root=$("$python" -c 'import os, torch; print(os.path.dirname(torch.__file__))' 2>/dev/null)
  nccl=$("$python" -c 'import os, nvidia.nccl as n; print(list(n.__path__)[0])' 2>/dev/null || true)
  # The GPUs are on another machine: name the architecture (H200: sm_90) instead of detecting it.
  export TORCH_CUDA_ARCH_LIST=${TORCH_CUDA_ARCH_LIST:-9.0}
  flavour_args=("-DCMAKE_PREFIX_PATH=$torch_root/share/cmake;$torch_root")
  if [ -n "$nccl" ] && [ -f "$nccl/lib/libnccl.so.2" ]; then
    # The NCCL LibTorch was built against, not an older one in /usr/local/cuda.
    flavour_args+=("-DNCCL_LIBRARY=$nccl/lib/libnccl.so.2" "-DNCCL_INCLUDE_DIR=$nccl/include")
  fi
fi

if [ ! -f "$BUILD_DIR/build.ninja" ]; then
  cmake -S . -B "$BUILD_DIR" -G Ninja -DCMAKE_BUILD_TYPE=${BUILD_TYPE:-Release} "${flavour_args[@]}" "$@"
elif [ $# -gt 0 ]; then
  cmake "$BUILD_DIR" "$@"
fi
cmake --build "$BUILD_DIR" --parallel "$JOBS"
