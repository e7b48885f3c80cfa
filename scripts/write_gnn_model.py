#!/usr/bin/python3
"""Writes an example GNN as TorchScript, following the convention DGI imports (docs/dgi.md).

Run with Debian's python3 (python3-torch): /usr/bin/python3 scripts/write_gnn_model.py --out model.pt

  --reference DIR   also writes a small test case there: edges.txt (our edge-list format), x.npy
                    (float32 features), out.npy (PyTorch's own output of the model) and meta.json
  --unsupported F   also writes a model using an op DGI cannot map (torch.sort) to F; meta.json
                    (with --reference) records the op and its source line
  --trace           save with torch.jit.trace instead of torch.jit.script
"""
import argparse
import inspect
import json
import os

import numpy as np
import torch
import torch.nn.functional as F
from torch import Tensor, nn


class GCNLayer(nn.Module):
    """Kipf & Welling: D^-1/2 A D^-1/2 X W + b, degrees of the whole graph."""

    def __init__(self, in_dim: int, out_dim: int):
        super().__init__()
        self.lin = nn.Linear(in_dim, out_dim, bias=False)
        self.bias = nn.Parameter(torch.empty(out_dim).uniform_(-0.1, 0.1))

    def forward(self, x: Tensor, src: Tensor, dst: Tensor, norm: Tensor) -> Tensor:
        h = self.lin(x)
        m = h.index_select(0, src) * (norm[src] * norm[dst]).unsqueeze(-1)
        out = torch.zeros(x.size(0), h.size(1)).index_add_(0, dst, m)
        return out + self.bias


class AttentionLayer(nn.Module):
    """Single-head GAT: a softmax over each node's incoming edges, built from scatter ops."""

    def __init__(self, in_dim: int, out_dim: int):
        super().__init__()
        self.lin = nn.Linear(in_dim, out_dim, bias=False)
        self.att_src = nn.Parameter(torch.randn(out_dim) * 0.3)
        self.att_dst = nn.Parameter(torch.randn(out_dim) * 0.3)

    def forward(self, x: Tensor, src: Tensor, dst: Tensor) -> Tensor:
        n = x.size(0)
        z = self.lin(x)
        score = F.leaky_relu((z * self.att_src).sum(-1)[src] + (z * self.att_dst).sum(-1)[dst], 0.2)
        top = torch.zeros(n).scatter_reduce(0, dst, score, "amax", include_self=False)
        w = torch.exp(score - top[dst])
        total = torch.zeros(n).index_add_(0, dst, w)
        alpha = w / total[dst]
        return torch.zeros(n, z.size(1)).index_add_(0, dst, z[src] * alpha.unsqueeze(-1))


class ExampleGNN(nn.Module):
    """GCN -> attention -> GraphSAGE-mean, and a skip connection from the first layer to the output."""

    def __init__(self, in_dim: int = 16, hidden: int = 32, out_dim: int = 8):
        super().__init__()
        self.conv1 = GCNLayer(in_dim, hidden)
        self.conv2 = AttentionLayer(hidden, hidden)
        self.sage_self = nn.Linear(hidden, hidden)
        self.sage_neigh = nn.Linear(hidden, hidden, bias=False)
        self.out = nn.Linear(2 * hidden, out_dim)

    def forward(self, x: Tensor, edge_index: Tensor) -> Tensor:
        src, dst = edge_index[0], edge_index[1]
        n = x.size(0)
        norm = torch.bincount(dst, minlength=n).float().clamp(min=1).pow(-0.5)
        h1 = F.dropout(F.relu(self.conv1(x, src, dst, norm)), 0.5, self.training)
        h2 = F.elu(self.conv2(h1, src, dst))
        msg = h2[src]
        mean = torch.zeros(n, h2.size(1)).scatter_reduce(
            0, dst.unsqueeze(-1).expand_as(msg), msg, "mean", include_self=False)
        h3 = F.relu(self.sage_self(h2) + self.sage_neigh(mean))
        return self.out(torch.cat([h1, h3], dim=-1))


class UnsupportedGNN(nn.Module):
    """Sorts features: not message passing, so DGI refuses it and names the op and the line."""

    def __init__(self, in_dim: int = 16, out_dim: int = 8):
        super().__init__()
        self.lin = nn.Linear(in_dim, out_dim)

    def forward(self, x: Tensor, edge_index: Tensor) -> Tensor:
        src, dst = edge_index[0], edge_index[1]
        h = self.lin(x)
        h = torch.sort(h, dim=1)[0]
        return torch.zeros(x.size(0), h.size(1)).index_add_(0, dst, h[src])


def random_graph(nodes: int, edges: int, gen: torch.Generator) -> Tensor:
    src = torch.randint(0, nodes, (edges,), generator=gen)
    dst = torch.randint(0, nodes, (edges,), generator=gen)
    # a hub with many in-edges, and one node with none
    hub = torch.randint(0, nodes, (nodes // 2,), generator=gen)
    src = torch.cat([src, hub])
    dst = torch.cat([dst, torch.zeros_like(hub)])
    keep = dst != nodes - 1
    return torch.stack([src[keep], dst[keep]])


def save(model: nn.Module, path: str, trace: bool, example) -> None:
    model.eval()
    scripted = torch.jit.trace(model, example) if trace else torch.jit.script(model)
    scripted.save(path)


def main() -> None:
    p = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    p.add_argument("--out", required=True, help="where to write the TorchScript model (.pt)")
    p.add_argument("--in-dim", type=int, default=16)
    p.add_argument("--hidden", type=int, default=32)
    p.add_argument("--out-dim", type=int, default=8)
    p.add_argument("--seed", type=int, default=0)
    p.add_argument("--trace", action="store_true", help="torch.jit.trace instead of torch.jit.script")
    p.add_argument("--reference", help="directory for a test case: edges.txt, x.npy, out.npy, meta.json")
    p.add_argument("--nodes", type=int, default=300)
    p.add_argument("--edges", type=int, default=1500)
    p.add_argument("--unsupported", help="also write a model with an op DGI cannot map")
    a = p.parse_args()

    torch.manual_seed(a.seed)
    model = ExampleGNN(a.in_dim, a.hidden, a.out_dim)
    gen = torch.Generator().manual_seed(a.seed + 1)
    edge_index = random_graph(a.nodes, a.edges, gen)
    x = torch.rand(a.nodes, a.in_dim, generator=gen) * 2 - 1
    save(model, a.out, a.trace, (x, edge_index))

    meta = {"model": os.path.abspath(a.out), "nodes": a.nodes, "in_dim": a.in_dim, "out_dim": a.out_dim,
            "traced": a.trace}
    if a.unsupported:
        save(UnsupportedGNN(a.in_dim, a.out_dim), a.unsupported, False, None)
        lines, first = inspect.getsourcelines(UnsupportedGNN.forward)
        line = first + next(i for i, l in enumerate(lines) if "torch.sort" in l)
        meta.update({"unsupported_model": os.path.abspath(a.unsupported), "unsupported_op": "aten::sort",
                     "unsupported_file": os.path.abspath(__file__), "unsupported_line": line})
    if a.reference:
        os.makedirs(a.reference, exist_ok=True)
        with torch.no_grad():
            out = torch.jit.load(a.out)(x, edge_index)
        with open(os.path.join(a.reference, "edges.txt"), "w") as f:
            f.write("# src dst, written by write_gnn_model.py\n")
            for s, d in edge_index.t().tolist():
                f.write(f"{s} {d}\n")
        np.save(os.path.join(a.reference, "x.npy"), x.numpy().astype(np.float32))
        np.save(os.path.join(a.reference, "out.npy"), out.numpy().astype(np.float32))
        with open(os.path.join(a.reference, "meta.json"), "w") as f:
            json.dump(meta, f, indent=2)
    print(json.dumps(meta))


if __name__ == "__main__":
    main()
