"""A GPT-2 written the way users write it (nanoGPT's layout: c_attn / c_proj, scaled_dot_product_attention,
learned positions, an LM head tied to the token embedding), for scripts/export_ft_graph.py's tests:
`gpt2()` has GPT-2 XL's shapes (the FT zoo's gpt2-1.5b), `resnet_like()` a small CNN with
torchvision's blocks. torch.fx traces it: sizes are read as x.size(1), never unpacked.
"""
import torch
import torch.nn.functional as F
from torch import nn


class SelfAttention(nn.Module):
    def __init__(self, d: int, heads: int, read_sizes: bool = False):
        super().__init__()
        self.heads = heads
        self.d = d
        self.read_sizes = read_sizes
        self.c_attn = nn.Linear(d, 3 * d)
        self.c_proj = nn.Linear(d, d)

    def forward(self, x):
        b, t = x.size(0), x.size(1)
        # nanoGPT reads the width from x and divides it by the heads: arithmetic on sizes.
        c = x.size(2) if self.read_sizes else self.d
        q, k, v = self.c_attn(x).split(c, dim=2)
        q = q.view(b, t, self.heads, c // self.heads).transpose(1, 2)
        k = k.view(b, t, self.heads, c // self.heads).transpose(1, 2)
        v = v.view(b, t, self.heads, c // self.heads).transpose(1, 2)
        y = F.scaled_dot_product_attention(q, k, v, is_causal=True)
        y = y.transpose(1, 2).contiguous().view(b, t, c)
        return self.c_proj(y)


class Block(nn.Module):
    def __init__(self, d: int, heads: int, read_sizes: bool = False):
        super().__init__()
        self.ln_1 = nn.LayerNorm(d)
        self.attn = SelfAttention(d, heads, read_sizes)
        self.ln_2 = nn.LayerNorm(d)
        self.c_fc = nn.Linear(d, 4 * d)
        self.gelu = nn.GELU()
        self.c_proj = nn.Linear(4 * d, d)
        self.dropout = nn.Dropout(0.0)

    def forward(self, x):
        x = x + self.attn(self.ln_1(x))
        return x + self.dropout(self.c_proj(self.gelu(self.c_fc(self.ln_2(x)))))


class GPT(nn.Module):
    def __init__(self, layers: int, d: int, heads: int, vocab: int, positions: int, read_sizes: bool = False):
        super().__init__()
        self.wte = nn.Embedding(vocab, d)
        self.wpe = nn.Embedding(positions, d)
        self.h = nn.ModuleList([Block(d, heads, read_sizes) for _ in range(layers)])
        self.ln_f = nn.LayerNorm(d)
        self.lm_head = nn.Linear(d, vocab, bias=False)
        self.lm_head.weight = self.wte.weight  # tied, as GPT-2 does

    def forward(self, idx):
        pos = torch.arange(0, idx.size(1), dtype=torch.long, device=idx.device)
        x = self.wte(idx) + self.wpe(pos)
        for block in self.h:
            x = block(x)
        return self.lm_head(self.ln_f(x))


def gpt2(layers: int = 48, d: int = 1600, heads: int = 25, vocab: int = 50257, positions: int = 1024):
    return GPT(layers, d, heads, vocab, positions)


def gpt2_read_sizes():
    """GPT-2 XL with nanoGPT's C = x.size(2), C // heads."""
    return GPT(48, 1600, 25, 50257, 1024, read_sizes=True)


class CeilPools(nn.Module):
    """GoogLeNet's and SqueezeNet's pools round up (ceil_mode=True): the pooled branch must meet the
    strided one at PyTorch's size (8 -> 4 either way, 7 -> 4 only when rounded up)."""

    def __init__(self):
        super().__init__()
        self.a = nn.Conv2d(3, 8, 3, padding=1)
        self.pool = nn.MaxPool2d(2, 2, ceil_mode=True)
        self.b = nn.Conv2d(3, 8, 3, stride=2, padding=1)
        self.gap = nn.AdaptiveAvgPool2d(1)
        self.fc = nn.Linear(8, 10)

    def forward(self, x):
        y = self.pool(self.a(x)) + self.b(x)
        return self.fc(self.gap(y).flatten(1))


def ceil_pools():
    return CeilPools()


class WithAuxiliary(nn.Module):
    """An auxiliary head forward calls only in training (GoogLeNet, Inception v3): not planned, and said."""

    def __init__(self):
        super().__init__()
        self.fc1 = nn.Linear(16, 32)
        self.fc2 = nn.Linear(32, 4)
        self.aux = nn.Linear(32, 4)

    def forward(self, x):
        h = F.relu(self.fc1(x))
        if self.training:
            return self.fc2(h) + self.aux(h)
        return self.fc2(h)


def with_auxiliary():
    return WithAuxiliary()


class ReadsValues(nn.Module):
    """A constructor that reads a tensor's values (RegNet's widths: .tolist()), which cannot run on
    the meta device the exporter builds models on."""

    def __init__(self):
        super().__init__()
        widths = torch.tensor([16.0, 24.0]).round().int().tolist()
        self.rate = torch.linspace(0, 0.1, 2)[1].item()  # DINOv2's and Swin's drop-path rates: .item()
        self.fc1 = nn.Linear(8, widths[0])
        self.fc2 = nn.Linear(widths[0], widths[1])

    def forward(self, x):
        return self.fc2(F.relu(self.fc1(x)))


def reads_values():
    return ReadsValues()


class TinyMHA(nn.Module):
    """nn.MultiheadAttention as a block of a small language model (kept whole by the exporter)."""

    def __init__(self):
        super().__init__()
        self.emb = nn.Embedding(100, 32)
        self.att = nn.MultiheadAttention(32, 4, batch_first=True)
        self.fc = nn.Linear(32, 100)

    def forward(self, x):
        h = self.emb(x)
        a, _ = self.att(h, h, h)
        return self.fc(h + a)


def tiny_mha():
    return TinyMHA()


class Unsupported(nn.Module):
    """A 3-D convolution: FT has no cost for it."""

    def __init__(self):
        super().__init__()
        self.conv = nn.Conv3d(3, 8, 3)
        self.fc = nn.Linear(8, 4)

    def forward(self, x):
        return self.fc(self.conv(x).mean(dim=(2, 3, 4)))


def unsupported():
    return Unsupported()


class Untraceable(nn.Module):
    """Control flow on the data: torch.fx cannot trace it."""

    def __init__(self):
        super().__init__()
        self.fc = nn.Linear(8, 4)

    def forward(self, x):
        if x.sum() > 0:
            return self.fc(x)
        return -self.fc(x)


def untraceable():
    return Untraceable()


class CatTwice(nn.Module):
    """torch.cat([h, h]): FT concatenates distinct inputs, so this is refused rather than planned at half
    its width."""

    def __init__(self):
        super().__init__()
        self.fc1 = nn.Linear(8, 16)
        self.fc2 = nn.Linear(32, 4)

    def forward(self, x):
        h = self.fc1(x)
        return self.fc2(torch.cat([h, h], dim=1))


def cat_twice():
    return CatTwice()


class CatOne(nn.Module):
    """torch.cat of a list of one tensor (DenseNet's first dense layer): that tensor itself."""

    def __init__(self):
        super().__init__()
        self.fc1 = nn.Linear(8, 16)
        self.fc2 = nn.Linear(16, 4)

    def forward(self, x):
        return self.fc2(torch.cat([self.fc1(x)], dim=1))


def cat_one():
    return CatOne()


class ReadsAChunk(nn.Module):
    """A conv on half of another conv's channels (ShuffleNet's branches): refused, not planned at the
    whole tensor's size."""

    def __init__(self):
        super().__init__()
        self.conv = nn.Conv2d(8, 8, 1)
        self.head = nn.Conv2d(4, 4, 1)

    def forward(self, x):
        a, b = self.conv(x).chunk(2, dim=1)
        return self.head(a) + b


def reads_a_chunk():
    return ReadsAChunk()


class ClsHead(nn.Module):
    """A BERT-style classifier: the [CLS] position's vector, x[:, 0], through a linear head."""

    def __init__(self, vocab: int = 100, d: int = 32, classes: int = 3):
        super().__init__()
        self.emb = nn.Embedding(vocab, d)
        self.ln = nn.LayerNorm(d)
        self.head = nn.Linear(d, classes)

    def forward(self, ids):
        return self.head(self.ln(self.emb(ids))[:, 0])


def cls_head():
    return ClsHead()
