"""Writes hostile TorchScript archives for tst_cli_hostile_models, generated from one real model.

python3 hostile_models.py OUT_DIR SECRET_FILE

A small GNN is scripted and saved by this Python's PyTorch (base.pt, which loads); every other file is
that archive with one entry rewritten or added, as a forger would: code nested thousands deep, deep or
broken pickles, tensors whose sizes, strides or offset reach past their storage, a __setstate__ that
never returns or reads a file from disk, oversized code, a zip bomb, a wrapping zip64 locator, a
damaged CRC. manifest.json lists them with what Vantage must say: {"name", "file", "class", "expect"}
where expect is "loads", "refused" (any clear refusal, exit 2) or a text the message must contain.
"""
import json
import os
import struct
import sys
import zipfile
from typing import Tuple

import torch
from torch import Tensor

OUT, SECRET = sys.argv[1], sys.argv[2]


class Base(torch.nn.Module):
    def __init__(self):
        super().__init__()
        self.lin = torch.nn.Linear(3, 7)

    def forward(self, x: Tensor, edge_index: Tensor) -> Tensor:
        h = self.lin(x)
        src, dst = edge_index[0], edge_index[1]
        return torch.zeros(x.size(0), 7).index_add_(0, dst, h[src])


class EndlessState(torch.nn.Module):
    def __init__(self):
        super().__init__()
        self.lin = torch.nn.Linear(3, 7)
        self.k = 1

    @torch.jit.export
    def __getstate__(self) -> Tuple[int, bool]:
        return (self.k, self.training)

    @torch.jit.export
    def __setstate__(self, state: Tuple[int, bool]) -> None:
        k = state[0]
        while k > 0:
            k = k + 2
            k = k - 1
        self.k = k
        self.training = state[1]

    def forward(self, x: Tensor, edge_index: Tensor) -> Tensor:
        h = self.lin(x)
        return torch.zeros(x.size(0), 7).index_add_(0, edge_index[1], h[edge_index[0]])


class EndlessFor(torch.nn.Module):
    def __init__(self):
        super().__init__()
        self.lin = torch.nn.Linear(3, 7)
        self.k = 1

    @torch.jit.export
    def __getstate__(self) -> Tuple[int, bool]:
        return (self.k, self.training)

    @torch.jit.export
    def __setstate__(self, state: Tuple[int, bool]) -> None:
        k = state[0]
        for i in range(9223372036854775807):
            k = (k * 31 + i) % 1000003
        self.k = k
        self.training = state[1]

    def forward(self, x: Tensor, edge_index: Tensor) -> Tensor:
        h = self.lin(x)
        return torch.zeros(x.size(0), 7).index_add_(0, edge_index[1], h[edge_index[0]])


class ReadsAFile(torch.nn.Module):
    """Its __setstate__ reads SECRET with torch.from_file: a model file that reaches beyond itself.
    Every attribute comes from its state (a __setstate__ must set them all)."""

    def __init__(self):
        super().__init__()
        self.weight = torch.randn(7, 3)
        self.secret = torch.zeros(8)
        self.path = SECRET

    @torch.jit.export
    def __getstate__(self) -> Tuple[Tensor, str, bool]:
        return (self.weight, self.path, self.training)

    @torch.jit.export
    def __setstate__(self, state: Tuple[Tensor, str, bool]) -> None:
        self.weight = state[0]
        self.path = state[1]
        self.secret = torch.from_file(state[1], size=8, dtype=torch.uint8).float()
        self.training = state[2]

    def forward(self, x: Tensor, edge_index: Tensor) -> Tensor:
        h = torch.nn.functional.linear(x, self.weight) + self.secret.sum() * 0.0
        return torch.zeros(x.size(0), 7).index_add_(0, edge_index[1], h[edge_index[0]])


cases = []


def add(name, cls, expect, data):
    path = os.path.join(OUT, name + ".pt")
    with open(path, "wb") as f:
        f.write(data)
    cases.append({"name": name, "file": path, "class": cls, "expect": expect})


def save(module, name):
    path = os.path.join(OUT, name + ".pt")
    torch.jit.script(module).save(path)
    with open(path, "rb") as f:
        return f.read()


def rewrite(data, replace=None, extra=None, stored=()):
    """The archive with entries replaced ({name-suffix: bytes}) or added, written by zipfile."""
    replace, extra = replace or {}, extra or {}
    src = zipfile.ZipFile(_bytes_io(data))
    out = _bytes_io(b"")
    with zipfile.ZipFile(out, "w") as z:
        for info in src.infolist():
            body = src.read(info.filename)
            for suffix, new in replace.items():
                if info.filename.endswith(suffix):
                    body = new
            method = zipfile.ZIP_STORED if info.filename.endswith(stored) or info.compress_type == 0 else zipfile.ZIP_DEFLATED
            z.writestr(zipfile.ZipInfo(info.filename), body, compress_type=method)
        for name, (body, method) in extra.items():
            z.writestr(zipfile.ZipInfo(src.infolist()[0].filename.split("/")[0] + "/" + name), body, compress_type=method)
    return out.getvalue()


def _bytes_io(b):
    import io
    return io.BytesIO(b)


def entry(data, suffix):
    z = zipfile.ZipFile(_bytes_io(data))
    for info in z.infolist():
        if info.filename.endswith(suffix):
            return z.read(info.filename)
    raise KeyError(suffix)


base = save(Base(), "base")
cases.append({"name": "base", "file": os.path.join(OUT, "base.pt"), "class": "control", "expect": "loads"})
code = entry(base, "code/__torch__.py").decode()
anchor = "    lin = self.lin\n"
assert anchor in code, code

# Code nested deep, or long: the parser of LibTorch recurses once per level.
for name, expr in [
    ("parens_10000", "(" * 10000 + "1" + ")" * 10000),
    ("parens_50000", "(" * 50000 + "1" + ")" * 50000),
    ("binary_200000", "1" + " + 1" * 200000),
    ("unary_100000", "-" * 100000 + "1"),
    ("list_50000", "[" * 50000 + "]" * 50000),
    ("calls_20000", "int(" * 20000 + "1" + ")" * 20000),
]:
    forged = code.replace(anchor, anchor + "    _deep = " + expr + "\n")
    add("code_" + name, "nested code", "refused", rewrite(base, {"code/__torch__.py": forged.encode()}, stored=("__torch__.py",)))

# Pickles: a tuple nested a million deep, a list nested deep, an empty stack popped.
add("pickle_tuple_1e6", "nested pickle", "refused", rewrite(base, {"data.pkl": b"\x80\x02)" + b"\x85" * 1000000 + b"."}))
add("pickle_list_1e5", "nested pickle", "refused", rewrite(base, {"data.pkl": b"\x80\x02" + b"]" * 100000 + b"a" * 99999 + b"."}))
add("pickle_empty_tuple3", "nested pickle", "refused", rewrite(base, {"data.pkl": b"\x80\x02\x87."}))
add("pickle_mark_only", "nested pickle", "refused", rewrite(base, {"data.pkl": b"\x80\x02" + b"(" * 200000 + b"t."}))

# The weight [7, 3] with strides (3, 1) at offset 0 in a storage of 21 floats, forged four ways.
pkl = entry(base, "data.pkl")
weight = b"K\x15tQq\x0bK\x00(K\x07K\x03t(K\x03K\x01t"
assert weight in pkl, pkl
for name, forged in [
    ("offset", b"K\x15tQq\x0bK\x10(K\x07K\x03t(K\x03K\x01t"),
    ("size", b"K\x15tQq\x0bK\x00(K\x70K\x03t(K\x03K\x01t"),
    ("stride", b"K\x15tQq\x0bK\x00(K\x07K\x03t(K\x7fK\x01t"),
    ("numel", b"K\x02tQq\x0bK\x00(K\x07K\x03t(K\x03K\x01t"),
]:
    add("strides_" + name, "bad strides", "refused", rewrite(base, {"data.pkl": pkl.replace(weight, forged)}))
# The storage's bytes cut to one float.
add("strides_short_record", "bad strides", "refused", rewrite(base, {"data/0": b"\0\0\0\0"}))

# Code that runs at load.
add("setstate_endless", "endless loop", "did not finish within", save(EndlessState(), "setstate_endless"))
add("setstate_for_range", "endless loop", "did not finish within", save(EndlessFor(), "setstate_for_range"))
add("setstate_from_file", "reads a file", "refused", save(ReadsAFile(), "setstate_from_file"))

# Sizes: a 65 MiB code entry, a zip bomb (64 MiB of zeros deflated about a thousand times).
add("code_65mib", "huge entry", "code or a pickle of",
    rewrite(base, {"code/__torch__.py": code.encode() + b"#" * (65 << 20)}, stored=("__torch__.py",)))
add("bomb_64mib", "zip bomb", "zip bomb", rewrite(base, extra={"data/9": (b"\0" * (64 << 20), zipfile.ZIP_DEFLATED)}))

# Directory forgeries: a zip64 locator whose record offset wraps, a CRC that does not match.
eocd = base.rfind(b"PK\x05\x06")
record = bytearray(base[eocd:])
record[10:12] = b"\xff\xff"
record[16:20] = b"\xff\xff\xff\xff"
locator = b"PK\x06\x07" + struct.pack("<IQI", 0, 0xFFFFFFFFFFFFFFF6, 1)
add("zip64_wrap", "zip directory", "zip64 directory record lies outside", base[:eocd] + locator + bytes(record))
damaged = bytearray(base)
at = damaged.find(entry(base, "data/0"))
damaged[at + 5] ^= 0x40
add("crc_flipped", "damaged data", "CRC-32", bytes(damaged))

with open(os.path.join(OUT, "manifest.json"), "w") as f:
    json.dump(cases, f, indent=1)
print(f"hostile_models: {len(cases)} files in {OUT}")
