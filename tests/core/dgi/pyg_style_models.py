"""GNNs written the way PyG users write message passing, scripted with the PyTorch that runs this file
(tests use PyTorch 2.x from PyPI, in the venv scripts/setup-deps.sh makes), with each model's own
full-graph output as the reference.

    python pyg_style_models.py OUT_DIR [--nodes N] [--seed S]

writes OUT_DIR/edges.txt (the edge list as given: repeated edges, self-loops, isolated nodes),
OUT_DIR/x.npy, and for every model NAME.pt and NAME.out.npy, and OUT_DIR/meta.json:
{"torch": version, "nodes", "in_dim", "models": {name: {"file", "out", "out_shape"}}, "failed": {name: why},
"unsupported": {"file", "op", "source", "line"}} (a model with an op DGI cannot map).
With torch_geometric importable, PyG's own convolutions and BasicGNN models are written too
(scripted as PyG documents: torch.jit.script(model)); a model that PyTorch itself cannot script,
or whose saved file PyTorch cannot load back, is listed under "failed" with PyTorch's message.
NAME.out.npy holds the output as (N, width) rows; "out_shape" is the shape the model itself gives,
(N,) for a score per node or (N, heads, width) for heads kept apart.
"""
import argparse
import inspect
import json
import os
import warnings
from typing import List

import numpy as np
import torch
import torch.nn.functional as F
from torch import Tensor, nn

warnings.filterwarnings("ignore")


class GCN(nn.Module):
    """GCN with degrees and normalisation in PyG style: dtype and device arguments, index_add_,
    pow, masked_fill of the infinities, norm[src] * norm[dst]."""

    def __init__(self, dims):
        super().__init__()
        self.lins = nn.ModuleList([nn.Linear(a, b, bias=False) for a, b in zip(dims[:-1], dims[1:])])
        self.biases = nn.ParameterList([nn.Parameter(torch.randn(b) * 0.1) for b in dims[1:]])

    def forward(self, x: Tensor, edge_index: Tensor) -> Tensor:
        src, dst = edge_index[0], edge_index[1]
        n = x.size(0)
        ones = torch.ones(dst.size(0), dtype=x.dtype, device=x.device)
        deg = torch.zeros(n, dtype=x.dtype, device=x.device).index_add_(0, dst, ones)
        deg_inv_sqrt = deg.pow(-0.5)
        deg_inv_sqrt = deg_inv_sqrt.masked_fill(deg_inv_sqrt == float("inf"), 0.0)
        norm = deg_inv_sqrt[src] * deg_inv_sqrt[dst]
        h = x
        for i, lin in enumerate(self.lins):
            h = lin(h)
            msg = h.index_select(0, src) * norm.view(-1, 1)
            h = h.new_zeros(n, h.size(1)).index_add_(0, dst, msg)
            if i < len(self.lins) - 1:
                h = F.relu(h)
                h = F.dropout(h, p=0.5, training=self.training)
        return h


class GCNBias(nn.Module):
    """One GCN layer with a bias and a mask written with torch.where and index_put_."""

    def __init__(self, a: int, b: int):
        super().__init__()
        self.lin = nn.Linear(a, b, bias=False)
        self.bias = nn.Parameter(torch.randn(b) * 0.1)

    def forward(self, x: Tensor, edge_index: Tensor) -> Tensor:
        row, col = edge_index[0], edge_index[1]
        deg = torch.zeros(x.size(0), dtype=x.dtype, device=x.device)
        deg.scatter_add_(0, col, torch.ones_like(col, dtype=x.dtype))
        dis = deg.pow(-0.5)
        dis[dis == float("inf")] = 0
        w = torch.where(dis > 0, dis, torch.zeros_like(dis))
        h = self.lin(x)
        out = torch.zeros_like(h)
        out.index_add_(0, col, h[row] * (w[row] * w[col]).unsqueeze(-1))
        return out + self.bias


class SAGE(nn.Module):
    """GraphSAGE, mean aggregator, as scatter_reduce and as a sum over bincount."""

    def __init__(self, dims):
        super().__init__()
        self.self_lins = nn.ModuleList([nn.Linear(a, b) for a, b in zip(dims[:-1], dims[1:])])
        self.neigh_lins = nn.ModuleList([nn.Linear(a, b, bias=False) for a, b in zip(dims[:-1], dims[1:])])

    def forward(self, x: Tensor, edge_index: Tensor) -> Tensor:
        src, dst = edge_index[0], edge_index[1]
        n = x.size(0)
        cnt = torch.bincount(dst, minlength=n).clamp(min=1).to(x.dtype).unsqueeze(-1)
        h = x
        for i, (ls, ln) in enumerate(zip(self.self_lins, self.neigh_lins)):
            msg = h[src]
            if i % 2 == 0:
                index = dst.view(-1, 1).expand(-1, h.size(1))
                agg = torch.zeros(n, h.size(1), dtype=h.dtype, device=h.device).scatter_reduce(
                    0, index, msg, reduce="mean", include_self=False)
            else:
                agg = torch.zeros_like(h).index_add_(0, dst, msg) / cnt
            h = ls(h) + ln(agg)
            if i < len(self.self_lins) - 1:
                h = F.relu(h)
        return h


class GIN(nn.Module):
    """GIN with a learned eps: MLP((1 + eps) x + sum of neighbours), scatter_add_ with an
    expanded index."""

    def __init__(self, dims):
        super().__init__()
        self.mlps = nn.ModuleList(
            [nn.Sequential(nn.Linear(a, b), nn.ReLU(), nn.Linear(b, b)) for a, b in zip(dims[:-1], dims[1:])])
        self.eps = nn.Parameter(torch.tensor([0.25]))

    def forward(self, x: Tensor, edge_index: Tensor) -> Tensor:
        src, dst = edge_index[0], edge_index[1]
        h = x
        for mlp in self.mlps:
            xj = h.index_select(0, src)
            agg = torch.zeros_like(h).scatter_add_(0, dst.unsqueeze(-1).expand_as(xj), xj)
            h = F.relu(mlp((1 + self.eps) * h + agg))
        return h


class GAT(nn.Module):
    """Multi-head GAT: leaky_relu scores, a softmax over incoming edges from scatter_reduce amax,
    exp and index_add_, heads as view(-1, H, C); the last layer averages its heads."""

    def __init__(self, dims, heads: int = 2):
        super().__init__()
        self.heads = heads
        self.lins = nn.ModuleList()
        self.att_src = nn.ParameterList()
        self.att_dst = nn.ParameterList()
        a = dims[0]
        for i, b in enumerate(dims[1:]):
            self.lins.append(nn.Linear(a, heads * b, bias=False))
            self.att_src.append(nn.Parameter(torch.randn(1, heads, b) * 0.3))
            self.att_dst.append(nn.Parameter(torch.randn(1, heads, b) * 0.3))
            a = heads * b if i < len(dims) - 2 else b

    def forward(self, x: Tensor, edge_index: Tensor) -> Tensor:
        src, dst = edge_index[0], edge_index[1]
        n = x.size(0)
        h = x
        for i, (lin, a_s, a_d) in enumerate(zip(self.lins, self.att_src, self.att_dst)):
            z = lin(h).view(-1, self.heads, a_s.size(-1))
            alpha_src = (z * a_s).sum(dim=-1)
            alpha_dst = (z * a_d).sum(dim=-1)
            e = F.leaky_relu(alpha_src[src] + alpha_dst[dst], negative_slope=0.2)
            top = torch.full((n, self.heads), float("-inf"), dtype=e.dtype, device=e.device)
            top = top.scatter_reduce(0, dst.unsqueeze(-1).expand_as(e), e, reduce="amax", include_self=True)
            w = (e - top[dst]).exp()
            den = torch.zeros(n, self.heads, dtype=e.dtype, device=e.device).index_add_(0, dst, w)
            att = w / (den[dst] + 1e-16)
            out = torch.zeros(n, self.heads, z.size(-1), dtype=z.dtype, device=z.device)
            out = out.index_add_(0, dst, z[src] * att.unsqueeze(-1))
            if i < len(self.lins) - 1:
                h = F.elu(out.flatten(1))
            else:
                h = out.mean(dim=1)
        return h


class NodeRegression(nn.Module):
    """A score per node (node regression): two GraphSAGE layers to one column, squeezed to (N,)."""

    def __init__(self, in_dim: int):
        super().__init__()
        self.sage = SAGE([in_dim, 16, 1])

    def forward(self, x: Tensor, edge_index: Tensor) -> Tensor:
        return self.sage(x, edge_index).squeeze(-1)


class HeadsApart(nn.Module):
    """A layer whose output keeps its heads apart, (N, heads, width), as a user reads them one by one."""

    def __init__(self, in_dim: int, width: int, heads: int = 2):
        super().__init__()
        self.heads = heads
        self.width = width
        self.lin = nn.Linear(in_dim, heads * width)

    def forward(self, x: Tensor, edge_index: Tensor) -> Tensor:
        src, dst = edge_index[0], edge_index[1]
        z = self.lin(x).view(-1, self.heads, self.width)
        out = torch.zeros(x.size(0), self.heads, self.width, dtype=x.dtype).index_add_(0, dst, z[src])
        return F.relu(out + z)


class MaxPool(nn.Module):
    """Max aggregation with isolated nodes (include_self=False leaves them zero), clamp and sigmoid."""

    def __init__(self, a: int, b: int):
        super().__init__()
        self.lin = nn.Linear(a, b)
        self.out = nn.Linear(2 * b, b)

    def forward(self, x: Tensor, edge_index: Tensor) -> Tensor:
        src, dst = edge_index[0], edge_index[1]
        h = torch.sigmoid(self.lin(x))
        msg = h[src]
        mx = torch.zeros_like(h).scatter_reduce_(0, dst.unsqueeze(1).expand(-1, h.size(1)), msg, "amax",
                                                 include_self=False)
        return self.out(torch.cat([h, mx.clamp(min=0.0, max=1.0)], dim=1))


class RandomWalkGCN(nn.Module):
    """Messages scaled by their source's out-degree (degree(edge_index[0]) in PyG), counted with
    index_add_ of ones into the sources."""

    def __init__(self, a: int, b: int):
        super().__init__()
        self.lin = nn.Linear(a, b)

    def forward(self, x: Tensor, edge_index: Tensor) -> Tensor:
        src, dst = edge_index[0], edge_index[1]
        n = x.size(0)
        out_deg = torch.zeros(n, dtype=x.dtype).index_add_(0, src, torch.ones(src.numel(), dtype=x.dtype))
        h = self.lin(x) / out_deg.clamp(min=1.0).unsqueeze(-1)
        return torch.tanh(torch.zeros_like(h).index_add_(0, dst, h[src]))


class NormsAndSlices(nn.Module):
    """What users put between message passing steps: BatchNorm1d with trained running statistics, a
    feature slice h[:, :8] / h[:, 8:], select h[:, 0], narrow, split by sizes, chunk, unbind of a head
    axis, LayerNorm, F.normalize, and torch.stack(...).max(dim=-1)."""

    def __init__(self, in_dim: int):
        super().__init__()
        self.lin = nn.Linear(in_dim, 16)
        self.bn = nn.BatchNorm1d(16)
        self.ln = nn.LayerNorm(8)
        self.out = nn.Linear(11, 6)

    def forward(self, x: Tensor, edge_index: Tensor) -> Tensor:
        src, dst = edge_index[0], edge_index[1]
        h = F.relu(self.bn(self.lin(x)))
        a, b = h[:, :8], h[:, 8:]
        agg = torch.zeros_like(a).index_add_(0, dst, a[src])
        z = self.ln(agg + b)
        p, q = z.chunk(2, dim=-1)
        first = z[:, 0].unsqueeze(-1)
        s1, s2, s3 = h.split([4, 4, 8], dim=1)
        heads = z.view(-1, 2, 4)
        h0, h1 = heads.unbind(dim=1)
        top = torch.stack([p, q, h0 * h1], dim=-1).max(dim=-1)[0]
        cat = torch.cat([top, first, z.narrow(1, 2, 3), s3[:, 1:7:2] - s1[:, -3:] + s2[:, ::2][:, :1]], dim=-1)
        return self.out(F.normalize(cat, p=2.0, dim=-1))


class JumpingKnowledge(nn.Module):
    """Each layer's output collected in a list (append in an unrolled loop, a loop over a range and one
    over a list of constants carrying a value), joined by cat and by an element-wise max over stack."""

    def __init__(self, in_dim: int, hidden: int = 8, layers: int = 3):
        super().__init__()
        self.lins = nn.ModuleList([nn.Linear(in_dim if i == 0 else hidden, hidden) for i in range(layers)])
        self.scales = [0.5, 1.0, 2.0]
        self.out = nn.Linear(2 * hidden, 5)

    def forward(self, x: Tensor, edge_index: Tensor) -> Tensor:
        src, dst = edge_index[0], edge_index[1]
        xs: List[Tensor] = []
        h = x
        for lin in self.lins:
            h = lin(h)
            h = F.relu(torch.zeros_like(h).index_add_(0, dst, h[src]) + h)
            xs.append(h)
        acc = xs[0]
        for i in range(1, len(xs)):
            acc = acc + xs[i] * self.scales[i]
        for s in self.scales:
            acc = acc * s
        top = torch.stack(xs, dim=-1).max(dim=-1)[0]
        return self.out(torch.cat([top, acc], dim=-1))


class Unsupported(nn.Module):
    """A running sum over features (torch.cumsum) has no mapping: the import names the op and this line."""

    def __init__(self, a: int, b: int):
        super().__init__()
        self.lin = nn.Linear(a, b)

    def forward(self, x: Tensor, edge_index: Tensor) -> Tensor:
        src, dst = edge_index[0], edge_index[1]
        h = self.lin(x)
        h = torch.cumsum(h, dim=1)
        return torch.zeros_like(h).index_add_(0, dst, h[src])


def trained_statistics(model: nn.Module, gen: torch.Generator) -> None:
    """Batch norms as training leaves them: running statistics and affine weights away from 0 and 1, so
    that a mean or variance read wrongly changes the output."""
    for m in model.modules():
        if isinstance(m, nn.modules.batchnorm._BatchNorm) and m.running_mean is not None:
            with torch.no_grad():
                m.running_mean.copy_(torch.rand(m.num_features, generator=gen) - 0.5)
                m.running_var.copy_(torch.rand(m.num_features, generator=gen) * 2 + 0.25)
                if m.affine:
                    m.weight.copy_(torch.rand(m.num_features, generator=gen) + 0.5)
                    m.bias.copy_(torch.rand(m.num_features, generator=gen) - 0.5)
        if isinstance(m, nn.LayerNorm) and m.elementwise_affine:
            with torch.no_grad():
                m.weight.copy_(torch.rand(m.weight.shape, generator=gen) + 0.5)
                m.bias.copy_(torch.rand(m.bias.shape, generator=gen) - 0.5)


def graph(nodes: int, gen: torch.Generator) -> Tensor:
    """Random edges with repeats, self-loops (some repeated) and isolated nodes."""
    live = nodes - 5  # the last five nodes have no edges at all
    src = torch.randint(0, live, (nodes * 4,), generator=gen)
    dst = torch.randint(0, live, (nodes * 4,), generator=gen)
    rep = torch.randint(0, src.numel(), (nodes // 2,), generator=gen)  # repeated edges
    loops = torch.randint(0, live, (nodes // 8,), generator=gen)
    src = torch.cat([src, src[rep], loops, loops[:3]])
    dst = torch.cat([dst, dst[rep], loops, loops[:3]])
    perm = torch.randperm(src.numel(), generator=gen)
    return torch.stack([src[perm], dst[perm]])


def hand_written(in_dim: int):
    return {
        "gcn_pyg_style": GCN([in_dim, 24, 8]),
        "gcn_bias_where": GCNBias(in_dim, 8),
        "sage_pyg_style": SAGE([in_dim, 24, 8]),
        "gin_pyg_style": GIN([in_dim, 16, 8]),
        "gat_pyg_style": GAT([in_dim, 8, 6], heads=2),
        "max_pool": MaxPool(in_dim, 8),
        "random_walk_gcn": RandomWalkGCN(in_dim, 8),
        "node_regression": NodeRegression(in_dim),
        "heads_apart": HeadsApart(in_dim, 4, heads=2),
        "norms_and_slices": NormsAndSlices(in_dim),
        "jumping_knowledge": JumpingKnowledge(in_dim),
    }


def pyg_models(in_dim: int):
    try:
        import torch_geometric.nn as pyg
    except ImportError:
        return {}
    mlp = nn.Sequential(nn.Linear(in_dim, 16), nn.ReLU(), nn.Linear(16, 8))
    return {
        "pyg_gcnconv": lambda: pyg.GCNConv(in_dim, 8),
        # First of the SAGEConvs: TorchScript compiles PyG's spmm once per process, and once compiled
        # for a single aggregation it no longer takes this one's types.
        "pyg_sageconv_mean_max": lambda: pyg.SAGEConv(in_dim, 8, aggr=["mean", "max"]),
        "pyg_sageconv": lambda: pyg.SAGEConv(in_dim, 8),
        "pyg_ginconv": lambda: pyg.GINConv(mlp, train_eps=True),
        "pyg_gatconv": lambda: pyg.GATConv(in_dim, 4, heads=2),
        "pyg_gcn": lambda: pyg.models.GCN(in_dim, 16, 2, 8),
        "pyg_graphsage": lambda: pyg.models.GraphSAGE(in_dim, 16, 2, 8),
        "pyg_gin": lambda: pyg.models.GIN(in_dim, 16, 2, 8),
        "pyg_gat": lambda: pyg.models.GAT(in_dim, 8, 2, 8, heads=2),
        # Max / min / softmax aggregation (PyG's scatter: x.is_cuda, f'a{reduce[-3:]}'), two node
        # tensors gathered on one side (PyG's _set_size check), optional-argument checks.
        "pyg_sageconv_max": lambda: pyg.SAGEConv(in_dim, 8, aggr="max"),
        "pyg_sageconv_min": lambda: pyg.SAGEConv(in_dim, 8, aggr="min"),
        "pyg_sageconv_softmax": lambda: pyg.SAGEConv(in_dim, 8, aggr="softmax"),
        "pyg_graphconv_max": lambda: pyg.GraphConv(in_dim, 8, aggr="max"),
        "pyg_edgeconv": lambda: pyg.EdgeConv(
            nn.Sequential(nn.Linear(2 * in_dim, 16), nn.ReLU(), nn.Linear(16, 8)), aggr="max"),
        "pyg_resgatedgraphconv": lambda: pyg.ResGatedGraphConv(in_dim, 8),
        "pyg_graphsage_max": lambda: pyg.models.GraphSAGE(in_dim, 16, 2, 8, aggr="max"),
        "pyg_edgecnn": lambda: pyg.models.EdgeCNN(in_dim, 16, 2, 8),
        # Jumping knowledge (a list appended to in BasicGNN's loop, cat or stack + max), batch norm with
        # trained statistics, FiLM's split, GatedGraphConv's GRU cell, several aggregations fused (PyG
        # loops over them), GraphConv with its default sum, GINE without edge features.
        "pyg_graphsage_jk_cat": lambda: pyg.models.GraphSAGE(in_dim, 16, 2, 8, jk="cat"),
        "pyg_gin_jk_max": lambda: pyg.models.GIN(in_dim, 16, 3, 8, jk="max"),
        "pyg_graphsage_batch_norm": lambda: pyg.models.GraphSAGE(in_dim, 16, 3, 8, norm="batch_norm"),
        "pyg_filmconv": lambda: pyg.FiLMConv(in_dim, 8),
        "pyg_gatedgraphconv": lambda: pyg.GatedGraphConv(16, 2),
        "pyg_graphconv": lambda: pyg.GraphConv(in_dim, 8),
        "pyg_leconv": lambda: pyg.LEConv(in_dim, 8),
    }


def main() -> None:
    p = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    p.add_argument("out")
    p.add_argument("--nodes", type=int, default=240)
    p.add_argument("--in-dim", type=int, default=12)
    p.add_argument("--seed", type=int, default=7)
    p.add_argument("--only", help="comma-separated model names")
    a = p.parse_args()
    os.makedirs(a.out, exist_ok=True)
    torch.manual_seed(a.seed)
    gen = torch.Generator().manual_seed(a.seed + 1)
    edge_index = graph(a.nodes, gen)
    x = torch.rand(a.nodes, a.in_dim, generator=gen) * 2 - 1
    with open(os.path.join(a.out, "edges.txt"), "w") as f:
        f.write("# src dst, as given: repeated edges and self-loops kept\n")
        for s, d in edge_index.t().tolist():
            f.write(f"{s} {d}\n")
    np.save(os.path.join(a.out, "x.npy"), x.numpy().astype(np.float32))

    makers = {k: (lambda m=m: m) for k, m in hand_written(a.in_dim).items()}
    makers.update(pyg_models(a.in_dim))
    only = set(a.only.split(",")) if a.only else None
    meta = {"torch": torch.__version__, "nodes": a.nodes, "in_dim": a.in_dim, "models": {}, "failed": {}}
    for name, make in makers.items():
        if only and name not in only:
            continue
        model = make()
        trained_statistics(model, gen)
        model.eval()
        try:
            scripted = torch.jit.script(model)
        except Exception as e:  # PyTorch itself cannot script it: say so, the test reports it
            meta["failed"][name] = str(e).strip().splitlines()[0][:300] if str(e).strip() else type(e).__name__
            continue
        path = os.path.join(a.out, name + ".pt")
        scripted.save(path)
        try:  # PyG 2.8's scripted GCNConv saves code that PyTorch 2.15 itself cannot compile again
            torch.jit.load(path)
        except Exception as e:
            first = next((l for l in str(e).strip().splitlines() if l.strip()), type(e).__name__)
            meta["failed"][name] = f"PyTorch {torch.__version__} cannot load the file it saved: {first[:200]}"
            continue
        with torch.no_grad():
            out = model(x, edge_index)
        np.save(os.path.join(a.out, name + ".out.npy"), out.reshape(out.shape[0], -1).numpy().astype(np.float32))
        meta["models"][name] = {"file": path, "out": os.path.join(a.out, name + ".out.npy"),
                                "out_shape": list(out.shape)}
    unsupported = os.path.join(a.out, "unsupported.pt")
    torch.jit.script(Unsupported(a.in_dim, 8).eval()).save(unsupported)
    lines, first = inspect.getsourcelines(Unsupported.forward)
    meta["unsupported"] = {"file": unsupported, "op": "aten::cumsum", "source": os.path.abspath(__file__),
                           "line": first + next(i for i, l in enumerate(lines) if "torch.cumsum" in l)}
    with open(os.path.join(a.out, "meta.json"), "w") as f:
        json.dump(meta, f, indent=2)
    print(json.dumps({"models": sorted(meta["models"]), "failed": meta["failed"]}))


if __name__ == "__main__":
    main()
