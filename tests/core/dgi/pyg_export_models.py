"""PyG's own models, unchanged, exported with torch.export and saved as .pt2 archives by the PyTorch
that runs this file (tests use scripts/setup-pyenv.sh's PyTorch 2.x and PyG), with each model's own
full-graph output as the reference.

    python pyg_export_models.py OUT_DIR [--nodes N] [--seed S] [--only a,b]

writes OUT_DIR/edges.txt (the edge list as given: repeated edges, self-loops, isolated nodes),
OUT_DIR/x.npy, and for every model NAME.pt2 and NAME.out.npy, and OUT_DIR/meta.json:
{"torch": version, "pyg": version, "nodes", "in_dim", "models": {name: {"file", "out", "out_shape"}},
"failed": {name: why}, "unsupported": {"file", "op", "at"}} (a model with an op DGI does not map, and
the file:line of its call), "forged": {why: {"file"}} (archives a hostile sender could make).
Every model is exported as PyG's documentation says, with the numbers of nodes and edges dynamic:
torch.export.export(model, (x, edge_index), dynamic_shapes=({0: nodes}, {1: edges})).
"""
import argparse
import inspect
import json
import os
import warnings
from collections.abc import Callable

import numpy as np
import torch
import torch.nn.functional as F
from torch import Tensor, nn
from torch.export import Dim

warnings.filterwarnings("ignore")

Change = Callable[[str, bytes], bytes | None]  # an archive entry's new bytes, or None: left out


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


def models(in_dim: int) -> dict[str, Callable[[], nn.Module]]:
    import torch_geometric.nn as pyg
    from torch_geometric.nn import MessagePassing

    class UserConv(MessagePassing):
        """A user's own MessagePassing subclass: mean of tanh(W (x_j - x_i)), plus a gate on x."""

        def __init__(self, a: int, b: int) -> None:
            super().__init__(aggr="mean")
            self.lin = nn.Linear(a, b)
            self.gate = nn.Linear(a, b)

        def forward(self, x: Tensor, edge_index: Tensor) -> Tensor:
            return self.propagate(edge_index, x=x) * torch.sigmoid(self.gate(x))

        def message(self, x_i: Tensor, x_j: Tensor) -> Tensor:
            return torch.tanh(self.lin(x_j - x_i))

    class APPNPNet(nn.Module):
        """APPNP as its paper runs it: an MLP, then K propagation steps."""

        def __init__(self, a: int, b: int) -> None:
            super().__init__()
            self.lin1, self.lin2 = nn.Linear(a, 16), nn.Linear(16, b)
            self.prop = pyg.APPNP(K=4, alpha=0.1)

        def forward(self, x: Tensor, edge_index: Tensor) -> Tensor:
            return self.prop(self.lin2(F.relu(self.lin1(x))), edge_index)

    class GCNII(nn.Module):
        """GCNII: the first layer's output x0 enters every GCN2Conv."""

        def __init__(self, a: int, b: int, layers: int = 3) -> None:
            super().__init__()
            self.lin0, self.lin1 = nn.Linear(a, 16), nn.Linear(16, b)
            self.convs = nn.ModuleList(pyg.GCN2Conv(16, alpha=0.1, theta=0.5, layer=i + 1) for i in range(layers))

        def forward(self, x: Tensor, edge_index: Tensor) -> Tensor:
            x = x0 = F.relu(self.lin0(x))
            for conv in self.convs:
                x = F.relu(conv(x, x0, edge_index))
            return self.lin1(x)

    return {
        "pyg_gcn": lambda: pyg.models.GCN(in_dim, 16, 2, 8),
        "pyg_gat": lambda: pyg.models.GAT(in_dim, 8, 2, 8, heads=2),
        "pyg_gatconv_concat": lambda: pyg.GATConv(in_dim, 4, heads=3),
        "pyg_gatconv_mean": lambda: pyg.GATConv(in_dim, 4, heads=3, concat=False),
        "pyg_graphsage": lambda: pyg.models.GraphSAGE(in_dim, 16, 2, 8),
        "pyg_gin": lambda: pyg.models.GIN(in_dim, 16, 2, 8),
        "pyg_sgconv": lambda: pyg.SGConv(in_dim, 8, K=3),
        "pyg_appnp": lambda: APPNPNet(in_dim, 8),
        "pyg_gatv2conv": lambda: pyg.GATv2Conv(in_dim, 4, heads=2),
        "pyg_transformerconv": lambda: pyg.TransformerConv(in_dim, 4, heads=2),
        "pyg_gcn2conv": lambda: GCNII(in_dim, 8),
        "pyg_edgeconv": lambda: pyg.EdgeConv(
            nn.Sequential(nn.Linear(2 * in_dim, 16), nn.ReLU(), nn.Linear(16, 8)), aggr="max"),
        "pyg_resgatedgraphconv": lambda: pyg.ResGatedGraphConv(in_dim, 8),
        "user_messagepassing": lambda: UserConv(in_dim, 8),
    }


class Unsupported(nn.Module):
    """A running sum over features: aten.cumsum, which DGI does not map."""

    def __init__(self, a: int) -> None:
        super().__init__()
        self.lin = nn.Linear(a, 8)

    def forward(self, x: Tensor, edge_index: Tensor) -> Tensor:
        return torch.cumsum(self.lin(x), dim=1)


def export(model: nn.Module, x: Tensor, edge_index: Tensor, path: str) -> None:
    nodes, edges = Dim("nodes", min=2), Dim("edges", min=2)
    ep = torch.export.export(model, (x, edge_index), dynamic_shapes=({0: nodes}, {1: edges}))
    torch.export.save(ep, path)


def rewrite(src: str, dst: str, change: Change) -> None:
    """A copy of the archive `src` with change(name, bytes) -> bytes (or None: left out) applied to each entry."""
    import zipfile
    with zipfile.ZipFile(src) as zin, zipfile.ZipFile(dst, "w", zipfile.ZIP_STORED) as zout:
        for info in zin.infolist():
            data = change(info.filename, zin.read(info.filename))
            if data is not None:
                zout.writestr(info.filename, data)


def forged(base: str, out: str) -> dict:
    """Archives a hostile sender could make from a real one, each with a word its refusal must say."""
    def weights(edit: Callable[[dict], object]) -> Change:
        def change(name: str, data: bytes) -> bytes | None:
            if not name.endswith("model_weights_config.json"):
                return data
            config = json.loads(data)
            edit(config["config"])
            return json.dumps(config).encode()
        return change

    def first(config: dict) -> dict:
        return config[sorted(config)[1]]  # a weight matrix: [out, in]

    def model(edit: Callable[[dict], object]) -> Change:
        def change(name: str, data: bytes) -> bytes | None:
            if not name.endswith("models/model.json"):
                return data
            program = json.loads(data)
            edit(program)
            return json.dumps(program).encode()
        return change

    def older(name: str, data: bytes) -> bytes | None:
        if name.endswith("models/model.json"):
            return None
        return data

    cases = {
        "sizes past the storage": (weights(lambda c: first(c)["tensor_meta"]["sizes"].__setitem__(0, {"as_int": 4096})),
                                   "storage of"),
        "strides past the storage": (weights(lambda c: first(c)["tensor_meta"]["strides"].__setitem__(
            0, {"as_int": 1 << 40})), "elements"),
        "a negative stride": (weights(lambda c: first(c)["tensor_meta"]["strides"].__setitem__(0, {"as_int": -1})),
                              "whole number"),
        "a tensor stored as a pickle": (weights(lambda c: first(c).__setitem__("use_pickle", True)), "pickle"),
        "a dtype DGI does not read": (weights(lambda c: first(c)["tensor_meta"].__setitem__("dtype", 10)), "dtype 10"),
        "a storage that is not there": (weights(lambda c: first(c).__setitem__("path_name", "weight_99")),
                                        "not in the archive"),
        "schema version 9": (model(lambda p: p["schema_version"].__setitem__("major", 9)), "schema version 9"),
        "no program": (older, "no models/"),
        "big-endian tensors": (lambda n, d: b"big" if n.endswith("/byteorder") else d, "big-endian"),
        "an op by a name DGI does not know": (model(lambda p: p["graph_module"]["graph"]["nodes"][-1].__setitem__(
            "target", "torch.ops.aten.cumsum.default")), "aten::cumsum"),
    }
    meta = {}
    for i, (why, (change, expect)) in enumerate(cases.items()):
        path = os.path.join(out, f"forged_{i}.pt2")
        rewrite(base, path, change)
        meta[why] = {"file": path, "expect": expect}
    return meta


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

    import torch_geometric

    only = set(a.only.split(",")) if a.only else None
    meta = {"torch": torch.__version__, "pyg": torch_geometric.__version__, "nodes": a.nodes, "in_dim": a.in_dim,
            "models": {}, "failed": {}}
    for name, make in models(a.in_dim).items():
        if only and name not in only:
            continue
        model = make().eval()
        path = os.path.join(a.out, name + ".pt2")
        try:
            export(model, x, edge_index, path)
        except Exception as e:  # PyTorch itself cannot export it: say so, the test reports it
            meta["failed"][name] = str(e).strip().splitlines()[0][:300] if str(e).strip() else type(e).__name__
            continue
        with torch.no_grad():
            out = model(x, edge_index)
        np.save(os.path.join(a.out, name + ".out.npy"), out.reshape(out.shape[0], -1).numpy().astype(np.float32))
        meta["models"][name] = {"file": path, "out": os.path.join(a.out, name + ".out.npy"),
                                "out_shape": list(out.shape)}
    unsupported = os.path.join(a.out, "unsupported.pt2")
    export(Unsupported(a.in_dim).eval(), x, edge_index, unsupported)
    lines, first = inspect.getsourcelines(Unsupported.forward)
    meta["unsupported"] = {"file": unsupported, "op": "aten::cumsum",
                           "at": f"{os.path.basename(__file__)}:"
                                 f"{first + next(i for i, line in enumerate(lines) if 'torch.cumsum' in line)}"}
    if "pyg_gcn" in meta["models"]:
        meta["forged"] = forged(meta["models"]["pyg_gcn"]["file"], a.out)
        # Exported for this graph's sizes only (no dynamic_shapes): not a model of any graph.
        static = os.path.join(a.out, "static.pt2")
        torch.export.save(torch.export.export(models(a.in_dim)["pyg_gcn"]().eval(), (x, edge_index)), static)
        meta["forged"]["exported for one graph's sizes"] = {"file": static}
    with open(os.path.join(a.out, "meta.json"), "w") as f:
        json.dump(meta, f, indent=2)
    print(json.dumps({"models": sorted(meta["models"]), "failed": meta["failed"]}))


if __name__ == "__main__":
    main()
