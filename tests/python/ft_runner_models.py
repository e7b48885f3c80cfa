"""Small models the FT runner's suite trains (tests/python/test_ft_runner.py): a 2-layer GPT-2 from
transformers' config (no weights) and a 2-convolution CNN."""

import torch
from torch import nn


def tiny_gpt2(layers: int = 2, width: int = 64, heads: int = 4, vocab: int = 512, positions: int = 64):
    import transformers

    config = transformers.GPT2Config(
        n_layer=layers, n_embd=width, n_head=heads, vocab_size=vocab, n_positions=positions, resid_pdrop=0.0,
        embd_pdrop=0.0, attn_pdrop=0.0, use_cache=False, bos_token_id=0, eos_token_id=0,
    )  # fmt: skip
    return transformers.GPT2LMHeadModel(config)


class SmallCnn(nn.Module):
    """conv 3 -> 16, ReLU, max pool, conv 16 -> 32, ReLU, global average pool, linear 32 -> 10."""

    def __init__(self, classes: int = 10) -> None:
        super().__init__()
        self.conv1 = nn.Conv2d(3, 16, 3, padding=1)
        self.pool = nn.MaxPool2d(2)
        self.conv2 = nn.Conv2d(16, 32, 3, padding=1)
        self.head = nn.Linear(32, classes)

    def forward(self, x: torch.Tensor) -> torch.Tensor:
        x = self.pool(torch.relu(self.conv1(x)))
        x = torch.relu(self.conv2(x))
        return self.head(x.mean(dim=(2, 3)))


def small_cnn(classes: int = 10):
    return SmallCnn(classes)
