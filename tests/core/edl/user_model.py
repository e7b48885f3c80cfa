"""A user's model and data for EDL's "torchscript" trainer, written with the PyTorch that runs this
file (tests use PyPI's PyTorch 2.x): a small CNN classifying 8x8 images of bars, scripted with
torch.jit.script, and a regressor whose module defines its own loss.

    python user_model.py OUT_DIR [--samples N]

writes OUT_DIR/cnn.pt, OUT_DIR/bars/{inputs,targets}.npy (float32 N x 1 x 8 x 8, int64 labels),
OUT_DIR/short_targets.npy (half the labels),
OUT_DIR/regressor.pt and OUT_DIR/regression/{x,y}.npy (float32 N x 6, float32 N x 2).
"""
import argparse
import os

import numpy as np
import torch
import torch.nn.functional as F
from torch import Tensor, nn


class BarsCNN(nn.Module):
    def __init__(self):
        super().__init__()
        # No BatchNorm: its batch statistics are per worker (as in DDP without SyncBatchNorm), so a
        # result with it depends on the number of workers (docs/edl.md).
        self.conv = nn.Conv2d(1, 6, 3, padding=1)
        self.fc = nn.Linear(6 * 4 * 4, 4)

    def forward(self, x: Tensor) -> Tensor:
        h = F.max_pool2d(F.relu(self.conv(x)), 2)
        return self.fc(h.flatten(1))


class Regressor(nn.Module):
    def __init__(self):
        super().__init__()
        self.net = nn.Sequential(nn.Linear(6, 16), nn.Tanh(), nn.Linear(16, 2))

    def forward(self, x: Tensor) -> Tensor:
        return self.net(x)

    @torch.jit.export
    def loss(self, out: Tensor, target: Tensor) -> Tensor:
        """Huber loss summed over the batch (EDL divides by the global batch)."""
        return F.smooth_l1_loss(out, target, reduction="sum")


def bars(n: int, rng: np.random.Generator):
    x = rng.normal(0, 0.3, (n, 1, 8, 8)).astype(np.float32)
    y = rng.integers(0, 4, n).astype(np.int64)
    for i, c in enumerate(y):
        k = rng.integers(1, 7)
        if c == 0:
            x[i, 0, k, :] += 1
        elif c == 1:
            x[i, 0, :, k] += 1
        elif c == 2:
            x[i, 0, np.arange(8), np.arange(8)] += 1
        else:
            x[i, 0, np.arange(8), 7 - np.arange(8)] += 1
    return x, y


def main():
    p = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    p.add_argument("out")
    p.add_argument("--samples", type=int, default=512)
    a = p.parse_args()
    torch.manual_seed(5)
    rng = np.random.default_rng(5)
    os.makedirs(os.path.join(a.out, "bars"), exist_ok=True)
    os.makedirs(os.path.join(a.out, "regression"), exist_ok=True)
    torch.jit.script(BarsCNN()).save(os.path.join(a.out, "cnn.pt"))
    x, y = bars(a.samples, rng)
    np.save(os.path.join(a.out, "bars", "inputs.npy"), x)
    np.save(os.path.join(a.out, "bars", "targets.npy"), y)
    np.save(os.path.join(a.out, "short_targets.npy"), y[: a.samples // 2])  # for a refusal: fewer rows
    torch.jit.script(Regressor()).save(os.path.join(a.out, "regressor.pt"))
    xr = rng.normal(0, 1, (a.samples, 6)).astype(np.float32)
    w = rng.normal(0, 1, (6, 2)).astype(np.float32)
    np.save(os.path.join(a.out, "regression", "x.npy"), xr)
    np.save(os.path.join(a.out, "regression", "y.npy"), np.tanh(xr @ w).astype(np.float32))
    print("ok")


if __name__ == "__main__":
    main()
