#!/usr/bin/env bash
# Creates (or reuses) the pinned virtual environment with PyPI's PyTorch 2.x, PyG, torchvision,
# transformers and timm that tests and benchmarks use to write what users bring: TorchScript files
# saved by current PyTorch, PyG models, torchvision, Hugging Face and timm networks. Vantage itself
# never runs Python.
#
#   scripts/setup-pyenv.sh          # prints the environment's python on its last line
#   scripts/setup-pyenv.sh --peers  # the peers' environment instead (scripts/bench.sh --peers):
#                                   # the same PyTorch and PyG, and RecBole
#
# The default environment also gets the Python package's tools (scripts/requirements-python-dev.txt:
# pytest, ruff, mypy, scikit-build-core), installed on their own hash so that a change there never
# reinstalls PyTorch.
#
# Where: $VANTAGE_PYENV, else ~/.cache/vantage/torch2-venv (--peers: $VANTAGE_PEERS_PYENV, else
# ~/.cache/vantage/peers-venv), outside the checkout, so every clone and CI run shares it. It is
# rebuilt only when its requirements file changes (the hash is kept in the environment); pip's
# cache (~/.cache/pip) makes a rebuild a local copy.
set -euo pipefail
cd "$(dirname "$0")/.."
REQ=scripts/requirements-torch2.txt
VENV=${VANTAGE_PYENV:-$HOME/.cache/vantage/torch2-venv}
PEERS=0
if [ "${1:-}" = --peers ]; then
  PEERS=1
  REQ=scripts/requirements-peers.txt
  VENV=${VANTAGE_PEERS_PYENV:-$HOME/.cache/vantage/peers-venv}
elif [ -n "${1:-}" ]; then
  echo "setup-pyenv: unknown option '$1' (--peers or nothing)" >&2
  exit 2
fi
HASH=$(sha256sum "$REQ" | cut -d' ' -f1)
DEV_REQ=scripts/requirements-python-dev.txt
DEV_HASH=$(sha256sum "$DEV_REQ" | cut -d' ' -f1)

# The package's tools (pytest, ruff, mypy, scikit-build-core), into the default environment only.
dev_tools() {
  [ "$PEERS" = 1 ] && return 0
  [ "$(cat "$VENV/.vantage-dev-requirements" 2>/dev/null)" = "$DEV_HASH" ] && return 0
  echo "setup-pyenv: installing the Python package's tools from $DEV_REQ"
  "$VENV/bin/python" -m pip install --quiet --disable-pip-version-check --no-input -c "$REQ" -r "$DEV_REQ"
  echo "$DEV_HASH" > "$VENV/.vantage-dev-requirements"
}

if [ -x "$VENV/bin/python" ] && [ "$(cat "$VENV/.vantage-requirements" 2>/dev/null)" = "$HASH" ]; then
  dev_tools
  echo "setup-pyenv: $VENV is up to date"
  echo "$VENV/bin/python"
  exit 0
fi

start=$(date +%s)
echo "setup-pyenv: creating $VENV from $REQ (PyPI; pip's cache reused)"
rm -rf "$VENV"
mkdir -p "$(dirname "$VENV")"
/usr/bin/python3 -m venv "$VENV"
"$VENV/bin/python" -m pip install --quiet --disable-pip-version-check --no-input -r "$REQ"
# A quick proof that the environment does what the tests need.
PEERS=$PEERS "$VENV/bin/python" - <<'PY'
import os
import warnings
warnings.filterwarnings("ignore")
import torch, torch_geometric, torchvision, numpy
m = torch.jit.script(torch.nn.Linear(2, 2))
print(f"setup-pyenv: torch {torch.__version__}, torch_geometric {torch_geometric.__version__}, "
      f"torchvision {torchvision.__version__}, numpy {numpy.__version__}")
if os.environ["PEERS"] == "0":
    import timm, transformers
    print(f"setup-pyenv: transformers {transformers.__version__}, timm {timm.__version__}")
if os.environ["PEERS"] == "1":
    import recbole
    print(f"setup-pyenv: recbole {recbole.__version__}")
PY
echo "$HASH" > "$VENV/.vantage-requirements"
rm -f "$VENV/.vantage-dev-requirements"
dev_tools
echo "setup-pyenv: ready in $(( $(date +%s) - start )) s"
echo "$VENV/bin/python"
