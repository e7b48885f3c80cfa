"""Models and data that a hostile or careless user hands an elastic job, written with the PyTorch that
runs this file (tests use PyPI's PyTorch 2.x):

    python hostile_models.py OUT_DIR

writes OUT_DIR/hang_forward.pt (a TorchScript module whose forward never returns),
OUT_DIR/hang_setstate.pt (one whose __setstate__, run while the archive loads, never returns),
OUT_DIR/small.pt (a plain module for the data below), and OUT_DIR/{clean,nan,inf}/{inputs,targets}.npy
(float32 N x 4 inputs, int64 labels; in nan/ and inf/ one input of sample 37 is NaN or +Inf).
"""
import os
import sys

import numpy as np
import torch
from torch import Tensor, nn


class HangForward(nn.Module):
    def __init__(self):
        super().__init__()
        self.fc = nn.Linear(4, 3)

    def forward(self, x: Tensor) -> Tensor:
        i = 0
        while i >= 0:  # never false: i only grows (int64 does not reach its end in any test's life)
            i = i + 1
        return self.fc(x)


class HangSetState(nn.Module):
    def __init__(self):
        super().__init__()
        self.fc = nn.Linear(4, 3)
        self.spins = 1

    def forward(self, x: Tensor) -> Tensor:
        return self.fc(x)

    @torch.jit.export
    def __getstate__(self):
        return (self.spins, self.training)

    @torch.jit.export
    def __setstate__(self, state: tuple[int, bool]):
        self.spins = state[0]
        self.training = state[1]
        i = 0
        while i >= 0:
            i = i + self.spins


class Small(nn.Module):
    def __init__(self):
        super().__init__()
        self.fc = nn.Linear(4, 3)

    def forward(self, x: Tensor) -> Tensor:
        return self.fc(x)


def main():
    out = sys.argv[1]
    torch.manual_seed(3)
    torch.jit.script(HangForward()).save(os.path.join(out, "hang_forward.pt"))
    torch.jit.script(HangSetState()).save(os.path.join(out, "hang_setstate.pt"))
    torch.jit.script(Small()).save(os.path.join(out, "small.pt"))
    rng = np.random.default_rng(3)
    for name, bad in (("clean", 0.0), ("nan", np.nan), ("inf", np.inf)):
        os.makedirs(os.path.join(out, name), exist_ok=True)
        x = rng.normal(0, 1, (256, 4)).astype(np.float32)
        x[37, 2] = bad
        np.save(os.path.join(out, name, "inputs.npy"), x)
        np.save(os.path.join(out, name, "targets.npy"), rng.integers(0, 3, 256).astype(np.int64))
    print("ok")


if __name__ == "__main__":
    main()
