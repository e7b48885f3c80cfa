"""Modules that tst_ft_execute runs through `vantage-cli ft run` / `ft validate` (vantage.ft.runner):
an embedding and an MLP, a 2-layer GPT-2 from transformers' config, and an MLP whose rank 1 dies."""

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


def tiny_gpt2(layers: int = 2, width: int = 32, heads: int = 2) -> nn.Module:
    import transformers

    config = transformers.GPT2Config(
        n_layer=layers,
        n_embd=width,
        n_head=heads,
        vocab_size=128,
        n_positions=32,
        resid_pdrop=0.0,
        embd_pdrop=0.0,
        attn_pdrop=0.0,
        use_cache=False,
        bos_token_id=0,
        eos_token_id=0,
    )
    return transformers.GPT2LMHeadModel(config)
