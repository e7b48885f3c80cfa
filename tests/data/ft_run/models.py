"""Modules that tst_ft_execute and tst_ft_run_tab run through `vantage-cli ft run` / `ft validate`
(vantage.ft.runner): an embedding and an MLP, and the same MLP whose rank 1 dies. The runner's own
tests run transformers' GPT-2 (tests/python/test_ft_runner.py)."""

from __future__ import annotations

import os

import torch
from torch import nn


class Mlp(nn.Module):
    def __init__(self, vocab: int = 64, width: int = 32, classes: int = 16) -> None:
        super().__init__()
        self.embed = nn.Embedding(vocab, width)
        self.fc1 = nn.Linear(width, 4 * width)
        self.fc2 = nn.Linear(4 * width, classes)

    def forward(self, x: torch.Tensor) -> torch.Tensor:
        return self.fc2(torch.relu(self.fc1(self.embed(x))))


def mlp(vocab: int = 64, width: int = 32, classes: int = 16) -> nn.Module:
    return Mlp(vocab, width, classes)


class DiesOnRank1(Mlp):
    def forward(self, x: torch.Tensor) -> torch.Tensor:
        if os.environ.get("RANK") == "1":
            os._exit(3)  # a worker that dies mid-run
        return super().forward(x)


def dies_on_rank1() -> nn.Module:
    return DiesOnRank1()
