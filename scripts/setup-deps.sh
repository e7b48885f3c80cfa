#!/usr/bin/env bash
# Installs what Vantage needs to build, test and run on Debian 12, and only what is missing.
# One list; apt runs only when something on it is not installed. Then the pinned PyPI environment
# with PyTorch 2.x that tests write users' models with (scripts/setup-pyenv.sh; VANTAGE_NO_PYENV=1
# skips it, for a machine that only builds and runs Vantage).
#   scripts/setup-deps.sh --cuda   the same: the PyPI environment carries the official LibTorch 2.x with
#                                  CUDA and NCCL that `scripts/build.sh --cuda` builds against
set -euo pipefail
cd "$(dirname "$0")/.."
if [ "${1:-}" = "--cuda" ]; then
  VANTAGE_NO_PYENV=0
  shift
fi
if [ $# -gt 0 ]; then
  echo "setup-deps: unknown argument '$1' (only --cuda)" >&2
  exit 2
fi

PACKAGES=(
  # toolchain
  build-essential cmake ninja-build ccache pkg-config git file
  # Qt 6.4
  qt6-base-dev libqt6opengl6-dev qt6-charts-dev qt6-svg-dev qt6-tools-dev qt6-tools-dev-tools
  qt6-l10n-tools qt6-translations-l10n libqt6sql6-sqlite libqt6svgwidgets6 libgl-dev
  # core libraries
  libsqlite3-dev nlohmann-json3-dev libcli11-dev libgraphviz-dev graphviz
  # LibTorch 1.13 (CPU) with c10d/Gloo; python3-torch runs the scripts that write TorchScript models;
  # ZeroMQ for the elastic job's control plane; fast BLAS for LibTorch (reference BLAS otherwise)
  libtorch-dev libgloo-dev python3-torch libzmq3-dev cppzmq-dev libopenblas0-pthread
  # the virtual environment of scripts/setup-pyenv.sh (PyTorch 2.x from PyPI, for tests)
  python3-venv
  # zip archives of a report's raw data
  libarchive-dev
  # display and document tools for GUI tests and report checks; CJK glyphs for the Chinese window
  xvfb xauth poppler-utils fonts-noto-cjk
  # packaging checks: dpkg-shlibdeps, desktop file and AppStream validators
  dpkg-dev desktop-file-utils appstream
  # the fuzz harnesses: clang with libFuzzer and the sanitizers (scripts/fuzz.sh)
  clang libclang-rt-14-dev
  # the checks of scripts/test.sh: formatting (scripts/format.sh) and sizes (scripts/code-size.sh)
  clang-format universal-ctags
  # the multi-host testbed (scripts/testbed.sh): network namespaces and a real OpenSSH server per host
  iproute2 openssh-server openssh-client
  # Slurm for the testbed (scripts/testbed.sh --slurm) and the slurm launcher's tests
  slurm-wlm slurm-client munge
)

missing=()
for p in "${PACKAGES[@]}"; do
  if ! dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q "install ok installed"; then
    missing+=("$p")
  fi
done

if [ ${#missing[@]} -eq 0 ]; then
  echo "setup-deps: all ${#PACKAGES[@]} packages present"
else
  echo "setup-deps: installing ${#missing[@]} missing package(s): ${missing[*]}"
  SUDO=""
  if [ "$(id -u)" -ne 0 ]; then SUDO="sudo"; fi
  export DEBIAN_FRONTEND=noninteractive
  $SUDO apt-get update -qq
  $SUDO apt-get install -y -qq --no-install-recommends "${missing[@]}"
fi

if [ "${VANTAGE_NO_PYENV:-0}" != "1" ]; then
  scripts/setup-pyenv.sh
fi
