"""DGI against PyG (issues 18 and 35): the same GNN, the same weights, the same R-MAT graph and
features, evaluated over every node by
  - Vantage: `vantage-cli dgi eval --mode layerwise` on PyG's own model saved with torch.export
    (`torch.export.export(model, (x, edge_index), dynamic_shapes=...)`, a .pt2 archive);
  - PyG layer-wise: `BasicGNN.inference` with its `NeighborLoader(num_neighbors=[-1])`, the inference
    PyG documents for full graphs;
  - PyG full graph: one `model(x, adj_t)` forward with a sparse adjacency (`torch.sparse_csr`).
Seconds (the inference itself, best of --runs), peak resident memory of the process, and max |diff|
against PyG's full-graph output (or against PyG layer-wise where the full graph does not fit).

    python tests/bench/peers/dgi_pyg.py --vantage build-cuda/app/cli/vantage-cli --out OUT \
        [--threads 2] [--runs 3] [--nodes 100000,1000000] [--models gcn,sage,gat] [--quick]

Each side runs in a child process (this file with --child) so that its time and memory are its own.
The models are PyG's own BasicGNN `GCN`, `GraphSAGE` and `GAT`, exported unchanged. Vantage also reads
the same weights from TorchScript, the format it read before (the cost of the export path against
it): PyG's scripted `GraphSAGE` file itself; PyTorch 2.15 cannot load back a scripted `GCNConv` nor
script `GATConv` (docs/dgi.md), so for those two the TorchScript file is the same computation written
in PyG style (message passing with index_add_ / scatter_reduce) holding PyG's weights. Every file's own
forward is checked against PyG's output. The graph holds one self-loop per node, so PyG's convolutions run with
`add_self_loops=False` and both sides see the same edges; R-MAT's repeated edges are kept.

PyG's NeighborLoader needs pyg-lib or torch-sparse for its sampling kernel, and neither has wheels on
PyPI for this PyTorch; the loader used here is PyG's own NeighborLoader whose homogeneous sampling
kernel is replaced by an equivalent in plain PyTorch (full one-hop in-neighbourhoods, seeds first).
`cache=True` (PyG's option) samples once and reuses the subgraphs for every layer.
"""
import argparse
import json
import os
import shutil
import sys
import tempfile
import time

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, HERE)
import peerlib  # noqa: E402

CGROUP = "/sys/fs/cgroup/memory"
MODEL_NAMES = {"gcn": "GCN", "sage": "GraphSAGE", "gat": "GAT"}
SIDES = ("vantage", "vantage-ts", "pyg-layerwise", "pyg-full")
# What Vantage's TorchScript file is, per model
TORCHSCRIPT_FILES = {"gcn": "PyG-style stand-in", "sage": "PyG's scripted model", "gat": "PyG-style stand-in"}


# --- the graph ------------------------------------------------------------------------------------


def rmat_csc(nodes, degree, seed, work):
    """R-MAT (a, b, c = 0.57, 0.19, 0.19) over `nodes` ids, its own self-loops dropped, repeated
    edges kept, then one self-loop per node; written as CSC (.npy: indptr by destination, indices =
    sources) for both sides. Returns the number of edges."""
    import numpy as np

    rng = np.random.default_rng(seed)
    scale = max(1, int(np.ceil(np.log2(nodes))))
    want = nodes * degree
    src_parts, dst_parts, have = [], [], 0
    while have < want:
        m = int((want - have) * 1.3) + 1024
        src = np.zeros(m, np.int64)
        dst = np.zeros(m, np.int64)
        for _ in range(scale):
            r = rng.random(m)
            right = (r >= 0.57) & (r < 0.76) | (r >= 0.95)  # b or d: the column's bit
            down = r >= 0.76  # c or d: the row's bit
            src = (src << 1) | down
            dst = (dst << 1) | right
        keep = (src < nodes) & (dst < nodes) & (src != dst)
        src, dst = src[keep], dst[keep]
        src_parts.append(src)
        dst_parts.append(dst)
        have += len(src)
    src = np.concatenate(src_parts)[:want]
    dst = np.concatenate(dst_parts)[:want]
    loops = np.arange(nodes, dtype=np.int64)
    src = np.concatenate([src, loops])
    dst = np.concatenate([dst, loops])
    order = np.argsort(dst, kind="stable")
    indices = src[order]
    indptr = np.zeros(nodes + 1, np.int64)
    np.cumsum(np.bincount(dst, minlength=nodes), out=indptr[1:])
    np.save(os.path.join(work, "indptr.npy"), indptr)
    np.save(os.path.join(work, "indices.npy"), indices)
    return int(len(indices))


def load_graph(work):
    import numpy as np
    import torch

    indptr = torch.from_numpy(np.load(os.path.join(work, "indptr.npy")))
    indices = torch.from_numpy(np.load(os.path.join(work, "indices.npy")))
    x = torch.from_numpy(np.load(os.path.join(work, "x.npy")))
    return indptr, indices, x


# --- the models -----------------------------------------------------------------------------------


def pyg_model(kind, dim, layers, heads):
    import torch
    from torch_geometric.nn.models import GAT, GCN, GraphSAGE

    torch.manual_seed(12345)
    if kind == "gcn":
        m = GCN(dim, dim, layers, dim, add_self_loops=False)
    elif kind == "sage":
        m = GraphSAGE(dim, dim, layers, dim)
    else:
        m = GAT(dim, dim, layers, dim, heads=heads, add_self_loops=False)
    return m.eval()


def hand_written(kind, pyg, heads):
    """The PyG model as a user writes it by hand (PyG style), holding PyG's weights."""
    import torch
    import torch.nn.functional as F
    from torch import Tensor, nn

    class GCN(nn.Module):
        def __init__(self, convs):
            super().__init__()
            self.lins = nn.ModuleList()
            self.biases = nn.ParameterList()
            for c in convs:
                lin = nn.Linear(c.in_channels, c.out_channels, bias=False)
                lin.weight.data.copy_(c.lin.weight.data)
                self.lins.append(lin)
                self.biases.append(nn.Parameter(c.bias.data.clone()))

        def forward(self, x: Tensor, edge_index: Tensor) -> Tensor:
            src, dst = edge_index[0], edge_index[1]
            n = x.size(0)
            deg = torch.zeros(n, dtype=x.dtype, device=x.device).index_add_(
                0, dst, torch.ones(dst.size(0), dtype=x.dtype, device=x.device))
            dis = deg.pow(-0.5)
            dis = dis.masked_fill(dis == float("inf"), 0.0)
            norm = dis[src] * dis[dst]
            h = x
            for i, (lin, b) in enumerate(zip(self.lins, self.biases)):
                h = lin(h)
                h = h.new_zeros(n, h.size(1)).index_add_(0, dst, h.index_select(0, src) * norm.view(-1, 1)) + b
                if i < len(self.lins) - 1:
                    h = F.relu(h)
            return h

    class GAT(nn.Module):
        def __init__(self, convs):
            super().__init__()
            self.heads = heads
            self.lins = nn.ModuleList()
            self.att_src = nn.ParameterList()
            self.att_dst = nn.ParameterList()
            self.biases = nn.ParameterList()
            self.concat = [bool(c.concat) for c in convs]
            for c in convs:
                lin = nn.Linear(c.in_channels, c.heads * c.out_channels, bias=False)
                lin.weight.data.copy_(c.lin.weight.data)
                self.lins.append(lin)
                self.att_src.append(nn.Parameter(c.att_src.data.clone()))
                self.att_dst.append(nn.Parameter(c.att_dst.data.clone()))
                self.biases.append(nn.Parameter(c.bias.data.clone()))

        def forward(self, x: Tensor, edge_index: Tensor) -> Tensor:
            src, dst = edge_index[0], edge_index[1]
            n = x.size(0)
            h = x
            last = len(self.lins) - 1
            for i, (lin, a_s, a_d, b) in enumerate(zip(self.lins, self.att_src, self.att_dst, self.biases)):
                z = lin(h).view(-1, self.heads, a_s.size(-1))
                e = F.leaky_relu((z * a_s).sum(dim=-1)[src] + (z * a_d).sum(dim=-1)[dst], negative_slope=0.2)
                top = torch.full((n, self.heads), float("-inf"), dtype=e.dtype, device=e.device)
                top = top.scatter_reduce(0, dst.unsqueeze(-1).expand_as(e), e, reduce="amax", include_self=True)
                w = (e - top[dst]).exp()
                den = torch.zeros(n, self.heads, dtype=e.dtype, device=e.device).index_add_(0, dst, w)
                att = w / (den[dst] + 1e-16)
                out = torch.zeros(n, self.heads, z.size(-1), dtype=z.dtype, device=z.device)
                out = out.index_add_(0, dst, z[src] * att.unsqueeze(-1))
                if i < last:
                    h = F.relu(out.flatten(1) + b)
                else:
                    h = out.mean(dim=1) + b
            return h

    return GCN(pyg.convs) if kind == "gcn" else GAT(pyg.convs)


def write_models(kind, a, work):
    """PyG's model (its state for the PyG children) and the files Vantage reads: {"pt2": PyG's own
    model exported as PyG documents for torch.export (the numbers of nodes and edges dynamic),
    "ts": the TorchScript file}. Returns the files and, for each, the max |diff| between the file's
    own forward (loaded back) and PyG's on a small graph (a check of it)."""
    import torch
    from torch.export import Dim

    pyg = pyg_model(kind, a.dim, a.layers, a.heads)
    torch.save(pyg.state_dict(), os.path.join(work, f"{kind}.state.pt"))
    g = torch.Generator().manual_seed(5)
    n = 500
    ei = torch.randint(0, n, (2, 4000), generator=g)
    ei = torch.cat([ei, torch.arange(n).repeat(2, 1)], 1)
    x = torch.randn(n, a.dim, generator=g)
    paths = {"pt2": os.path.join(work, f"{kind}.pt2"), "ts": os.path.join(work, f"{kind}.pt")}
    nodes, edges = Dim("nodes", min=2), Dim("edges", min=2)
    ep = torch.export.export(pyg, (x, ei), dynamic_shapes=({0: nodes}, {1: edges}))
    torch.export.save(ep, paths["pt2"])
    if kind == "sage":
        scripted = torch.jit.script(pyg)  # as PyG documents
    else:
        scripted = torch.jit.script(hand_written(kind, pyg, a.heads).eval())
    scripted.save(paths["ts"])
    with torch.no_grad():
        want = pyg(x, ei)
        checks = {"pt2": float((torch.export.load(paths["pt2"]).module()(x, ei) - want).abs().max()),
                  "ts": float((torch.jit.load(paths["ts"])(x, ei) - want).abs().max())}
    return paths, checks


# --- the PyG children -----------------------------------------------------------------------------


def patch_sampler():
    """PyG's NeighborSampler with its homogeneous sampling kernel in plain PyTorch (pyg-lib and
    torch-sparse have no PyPI wheels): for seeds S, every in-edge of S; nodes = S, then the other
    sources; row = local source, col = local destination, edge = position in the sampler's CSC."""
    import torch
    from torch_geometric.sampler import SamplerOutput
    from torch_geometric.sampler.neighbor_sampler import NeighborSampler

    original = NeighborSampler._sample

    def sample(self, seed, seed_time=None, **kwargs):
        if isinstance(seed, dict) or self.num_neighbors.get_mapped_values() != [-1]:
            return original(self, seed, seed_time, **kwargs)
        colptr, row = self.colptr, self.row
        if not hasattr(self, "_local"):
            self._local = torch.full((int(colptr.numel()) - 1,), -1, dtype=torch.int64)
        local = self._local
        seed = seed.to(torch.int64)
        starts, ends = colptr[seed], colptr[seed + 1]
        counts = ends - starts
        total = int(counts.sum())
        col = torch.repeat_interleave(torch.arange(seed.numel()), counts)
        offsets = torch.cumsum(counts, 0) - counts
        edge = torch.repeat_interleave(starts - offsets, counts) + torch.arange(total)
        src = row[edge]
        local[seed] = torch.arange(seed.numel())
        new = torch.unique(src[local[src] < 0])
        local[new] = torch.arange(seed.numel(), seed.numel() + new.numel())
        rows = local[src]
        node = torch.cat([seed, new])
        local[node] = -1
        return SamplerOutput(node=node, row=rows, col=col, edge=edge, batch=None,
                             num_sampled_nodes=[seed.numel(), new.numel()], num_sampled_edges=[total])

    NeighborSampler._sample = sample


def child(a):
    import warnings

    warnings.filterwarnings("ignore")
    import numpy as np
    import torch

    torch.set_num_threads(a.threads)
    from torch_geometric.data import Data

    indptr, indices, x = load_graph(a.work)
    n = indptr.numel() - 1
    model = pyg_model(a.model, a.dim, a.layers, a.heads)
    model.load_state_dict(torch.load(os.path.join(a.work, f"{a.model}.state.pt")))
    dst = torch.repeat_interleave(torch.arange(n), indptr[1:] - indptr[:-1])
    result = {}
    with torch.no_grad():
        if a.child == "pyg-layerwise":
            from torch_geometric.loader import NeighborLoader

            patch_sampler()
            data = Data(x=x, edge_index=torch.stack([indices, dst]), num_nodes=n)
            t0 = time.perf_counter()
            loader = NeighborLoader(data, input_nodes=None, num_neighbors=[-1], batch_size=a.batch, shuffle=False)
            out = model.inference(loader, cache=True)
            result["seconds"] = time.perf_counter() - t0
        else:
            t0 = time.perf_counter()
            # adj_t: row i holds i's in-neighbours (PyG's transposed adjacency); CSC of the graph.
            adj_t = torch.sparse_csr_tensor(indptr, indices, torch.ones(indices.numel()), (n, n))
            result["adjacency_s"] = time.perf_counter() - t0
            try:
                out = model(x, adj_t)
                result["input"] = "torch.sparse_csr adjacency"
            except Exception as e:  # a layer that does not take a sparse adjacency: edge_index
                result["sparse_error"] = str(e).splitlines()[0][:200]
                out = model(x, torch.stack([indices, dst]))
                result["input"] = "edge_index (the sparse adjacency was refused)"
            result["seconds"] = time.perf_counter() - t0
    np.save(a.result, out.numpy().astype(np.float32))
    print(json.dumps(result))


# --- the driver -----------------------------------------------------------------------------------


class MemoryCap:
    """A cgroup (v1) memory limit for one child, to show what runs in less memory than its data."""

    def __init__(self, limit):
        self.limit = limit
        self.path = os.path.join(CGROUP, f"vantage-peers-{os.getpid()}")

    def available(self):
        return os.access(CGROUP, os.W_OK)

    def __enter__(self):
        os.makedirs(self.path, exist_ok=True)
        with open(os.path.join(self.path, "memory.limit_in_bytes"), "w") as f:
            f.write(str(self.limit))
        return self

    def __exit__(self, *exc):
        try:
            os.rmdir(self.path)
        except OSError:
            pass


def side(label, cmd, a, parse, cap=None):
    """Best of --runs; None and the reason when the side cannot run (out of memory, refused)."""
    best, rss, runs = None, 0, []
    for r in range(a.runs):
        peerlib.log(f"  {label}: run {r + 1}/{a.runs}")
        try:
            m = peerlib.run_measured(cmd, env=peerlib.thread_env(a.threads), timeout=a.timeout,
                                     cgroup=cap.path if cap else None)
        except peerlib.ChildFailed as e:
            msg = str(e)
            if "-9" in msg or "137" in msg or "out of memory" in msg or "Killed" in msg:
                msg = "out of memory"
            return None, msg
        sec, extra = parse(m)
        rss = max(rss, m.peak_rss)
        runs.append(sec)
        if best is None or sec < best[0]:
            best = (sec, extra)
    return {"seconds": best[0], "peak_rss": rss, "all_runs": runs, **best[1]}, None


def max_diff(p, q):
    import numpy as np

    if not (p and q and os.path.exists(p) and os.path.exists(q)):
        return None
    x, y = np.load(p, mmap_mode="r"), np.load(q, mmap_mode="r")
    if x.shape != y.shape:
        return float("inf")
    m = 0.0
    for s in range(0, x.shape[0], 1 << 16):
        m = max(m, float(np.abs(x[s : s + (1 << 16)].astype(np.float64) - y[s : s + (1 << 16)]).max()))
    return m


def vantage_cmd(a, work, model, out, extra=()):
    return [a.vantage, "--json", "dgi", "eval", "--graph",
            f"csc:{os.path.join(work, 'indptr.npy')},{os.path.join(work, 'indices.npy')}",
            "--model", model, "--features", os.path.join(work, "x.npy"), "--mode", "layerwise",
            "--threads", str(a.threads), "--out", out, *extra]


def child_cmd(a, work, kind, method, out):
    return [sys.executable, os.path.abspath(__file__), "--child", method, "--model", kind, "--work", work,
            "--result", out, "--threads", str(a.threads), "--dim", str(a.dim), "--layers", str(a.layers),
            "--heads", str(a.heads), "--batch", str(a.batch)]


def parse_vantage(m):
    j = json.loads(m.stdout)
    return float(j["total_s"]), {"vantage_peak_rss": j.get("peak_rss_bytes")}


def parse_child(m):
    j = json.loads(m.stdout.strip().splitlines()[-1])
    return float(j["seconds"]), {k: v for k, v in j.items() if k != "seconds"}


def bench_graph(a, nodes, results):
    import numpy as np

    work = tempfile.mkdtemp(prefix=f"dgi-peers-{nodes}-", dir=a.work_dir)
    try:
        t0 = time.perf_counter()
        edges = rmat_csc(nodes, a.degree, a.seed, work)
        np.save(os.path.join(work, "x.npy"),
                np.random.default_rng(a.seed + 1).standard_normal((nodes, a.dim), dtype=np.float32))
        peerlib.log(f"R-MAT {nodes} nodes, {edges} edges written in {time.perf_counter() - t0:.1f} s")
        for kind in a.models:
            paths, checks = write_models(kind, a, work)
            peerlib.log(f"{MODEL_NAMES[kind]} on {nodes} nodes (Vantage's files against PyG: .pt2 "
                        f"{checks['pt2']:.1e}, TorchScript {checks['ts']:.1e})")
            row = {"nodes": nodes, "edges": edges, "model": kind, "file_check": checks}
            outs = {m: os.path.join(work, f"{kind}.{m}.npy") for m in SIDES}
            row["vantage"], row["vantage_error"] = side(
                "Vantage layer-wise (.pt2)", vantage_cmd(a, work, paths["pt2"], outs["vantage"]), a, parse_vantage)
            row["vantage-ts"], row["vantage-ts_error"] = side(
                "Vantage layer-wise (TorchScript)", vantage_cmd(a, work, paths["ts"], outs["vantage-ts"]), a,
                parse_vantage)
            row["pyg-layerwise"], row["pyg-layerwise_error"] = side(
                "PyG inference", child_cmd(a, work, kind, "pyg-layerwise", outs["pyg-layerwise"]), a, parse_child)
            row["pyg-full"], row["pyg-full_error"] = side(
                "PyG full graph", child_cmd(a, work, kind, "pyg-full", outs["pyg-full"]), a, parse_child)
            ref = "pyg-full" if row["pyg-full"] else "pyg-layerwise"
            row["reference"] = ref
            for m in SIDES:
                if row[m]:
                    row[m]["max_abs_diff"] = max_diff(outs[m], outs[ref]) if m != ref else 0.0
            row["pt2_vs_ts_diff"] = max_diff(outs["vantage"], outs["vantage-ts"])
            if kind == a.models[0] and nodes == max(a.nodes) and a.headroom > 0:
                out_of_core(a, work, paths["pt2"], kind, row, outs)
            results.append(row)
    finally:
        shutil.rmtree(work, ignore_errors=True)


def fixed_cost(a, kind):
    """Each side's peak memory on a 1,000-node graph: the runtime itself (LibTorch, PyTorch and PyG
    imported), before data."""
    work = tempfile.mkdtemp(prefix="dgi-peers-tiny-", dir=a.work_dir)
    try:
        import numpy as np

        rmat_csc(1000, a.degree, a.seed, work)
        np.save(os.path.join(work, "x.npy"), np.zeros((1000, a.dim), np.float32))
        path = write_models(kind, a, work)[0]["pt2"]
        costs = {}
        for m in ("vantage", "pyg-layerwise", "pyg-full"):
            out = os.path.join(work, m + ".npy")
            cmd = vantage_cmd(a, work, path, out) if m == "vantage" else child_cmd(a, work, kind, m, out)
            costs[m] = peerlib.run_measured(cmd, env=peerlib.thread_env(a.threads), timeout=a.timeout).peak_rss
        return costs
    finally:
        shutil.rmtree(work, ignore_errors=True)


def drop_caches():
    try:
        os.sync()
        with open("/proc/sys/vm/drop_caches", "w") as f:
            f.write("1")
        return True
    except OSError:
        return False


def out_of_core(a, work, path, kind, row, outs):
    """The same model and graph with less memory than its data. Each side runs in a cgroup (v1) whose
    cap is its own fixed cost (the runtime on a tiny graph) plus --headroom of the data (graph,
    features, one layer's output); the page cache is dropped first, so the files are read through the
    cap too. Vantage runs out of core (--stores disk, a budget of a quarter of the headroom); PyG keeps
    features and outputs in memory."""
    if not MemoryCap(0).available():
        row["out_of_core"] = {"skipped": f"no writable cgroup v1 memory controller at {CGROUP}"}
        return
    data = sum(os.path.getsize(os.path.join(work, f)) for f in ("indptr.npy", "indices.npy", "x.npy"))
    data += os.path.getsize(os.path.join(work, "x.npy"))
    headroom = int(data * a.headroom)
    costs = fixed_cost(a, kind)
    res = {"data_bytes": data, "headroom_bytes": headroom, "fixed_cost_bytes": costs, "caps": {}}
    spill = os.path.join(work, "spill")
    os.makedirs(spill, exist_ok=True)
    out = os.path.join(work, f"{kind}.ooc.npy")
    budget = str(max(16 << 20, headroom // 4))
    res["vantage_budget"] = int(budget)
    res["dropped_caches"] = drop_caches()
    for m in ("vantage", "pyg-layerwise", "pyg-full"):
        cap = MemoryCap(costs[m] + headroom)
        res["caps"][m] = cap.limit
        cmd = (vantage_cmd(a, work, path, out, ["--stores", "disk", "--memory-budget", budget, "--spill", spill])
               if m == "vantage" else child_cmd(a, work, kind, m, os.path.join(work, f"{kind}.ooc.{m}.npy")))
        with cap:
            res[m], res[m + "_error"] = side(f"{m} under its cap", cmd, a, parse_vantage if m == "vantage"
                                             else parse_child, cap)
        if res[m]:
            mine = out if m == "vantage" else os.path.join(work, f"{kind}.ooc.{m}.npy")
            res[m]["max_abs_diff"] = max_diff(mine, outs[row["reference"]])
    row["out_of_core"] = res


def fmt_side(r, err, is_ref):
    if not r:
        return [f"— ({err})", "", ""]
    d = r.get("max_abs_diff")
    rss = r.get("peak_rss") or 0
    return [f"{r['seconds']:.2f}", peerlib.gib(rss) if rss else "n/a", "reference" if is_ref else f"{d:.1e}"]


def main():
    p = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    p.add_argument("--vantage")
    p.add_argument("--out", default="peers-out")
    p.add_argument("--threads", type=int, default=2)
    p.add_argument("--runs", type=int, default=3)
    p.add_argument("--nodes", default="100000,1000000")
    p.add_argument("--degree", type=int, default=16)
    p.add_argument("--models", default="gcn,sage,gat")
    p.add_argument("--dim", type=int, default=64)
    p.add_argument("--layers", type=int, default=3)
    p.add_argument("--heads", type=int, default=4)
    p.add_argument("--batch", type=int, default=4096, help="NeighborLoader batch size")
    p.add_argument("--headroom", type=float, default=0.5,
                   help="out-of-core row: memory over each side's fixed cost, as a share of the data (0: no row)")
    p.add_argument("--seed", type=int, default=1)
    p.add_argument("--timeout", type=float, default=3600)
    p.add_argument("--work-dir", default=None, help="where graphs are written (default: the system's temp)")
    p.add_argument("--quick", action="store_true", help="2e4 nodes, one run")
    p.add_argument("--child", help=argparse.SUPPRESS)
    p.add_argument("--model", help=argparse.SUPPRESS)
    p.add_argument("--work", help=argparse.SUPPRESS)
    p.add_argument("--result", help=argparse.SUPPRESS)
    a = p.parse_args()
    if a.child:
        return child(a)
    if not a.vantage:
        p.error("--vantage is required")
    a.nodes = [int(float(x)) for x in a.nodes.split(",")]
    a.models = [m for m in a.models.split(",") if m]
    if a.quick:
        a.nodes, a.runs = [20000], 1
    versions = peerlib.versions("torch", "torch_geometric", "numpy")
    header = {"versions": versions, "machine": peerlib.machine(), "vantage": peerlib.vantage_version(a.vantage),
              "threads": a.threads, "runs": a.runs, "degree": a.degree, "dim": a.dim, "layers": a.layers,
              "heads": a.heads, "loader_batch": a.batch}
    print(f"# DGI: Vantage against PyG {versions['torch_geometric']} (torch {versions['torch']})\n")
    print(f"{header['vantage']}; {header['machine']['cpu']}, {a.threads} threads, best of {a.runs}; "
          f"R-MAT (0.57, 0.19, 0.19), {a.degree} edges per node plus a self-loop each, repeated edges kept; "
          f"{a.layers} layers, {a.dim} wide, float32; GAT {a.heads} heads; PyG's loader batch {a.batch}\n")
    results = []
    for nodes in a.nodes:
        bench_graph(a, nodes, results)

    rows = []
    for r in results:
        cells = []
        for m in ("vantage", "pyg-layerwise", "pyg-full"):
            cells += fmt_side(r[m], r[m + "_error"], m == r["reference"])
        times = {m: r[m]["seconds"] for m in ("vantage", "pyg-layerwise", "pyg-full") if r[m]}
        winner = min(times, key=times.get) if times else "-"
        rows.append([MODEL_NAMES[r["model"]], f"{r['nodes']:,}", f"{r['edges']:,}", *cells,
                     {"vantage": "Vantage", "pyg-layerwise": "PyG (layer-wise)", "pyg-full": "PyG (full graph)"}.get(
                         winner, winner)])
    print("## Seconds, peak memory, max |diff| against PyG's full-graph output (Vantage reads PyG's .pt2)\n")
    print(peerlib.markdown_table(
        ["model", "nodes", "edges", "Vantage s", "Vantage memory", "Vantage diff", "PyG layer-wise s",
         "memory", "diff", "PyG full s", "memory", "diff", "fastest"], rows))
    for r in results:
        if r["reference"] != "pyg-full":
            print(f"\n{MODEL_NAMES[r['model']]}, {r['nodes']:,} nodes: PyG's full graph did not run "
                  f"({r['pyg-full_error']}); differences are against PyG layer-wise.")
        full = r.get("pyg-full") or {}
        if full.get("input", "").startswith("edge_index"):
            print(f"\n{MODEL_NAMES[r['model']]}: PyG's full graph took edge_index: {full.get('sparse_error')}")
    print("\n## The export path against TorchScript: Vantage on the same weights from both files\n")
    trows = []
    for r in results:
        e, t = r["vantage"], r["vantage-ts"]
        trows.append([MODEL_NAMES[r["model"]], f"{r['nodes']:,}", TORCHSCRIPT_FILES[r["model"]],
                      *fmt_side(e, r["vantage_error"], False)[:2], *fmt_side(t, r["vantage-ts_error"], False)[:2],
                      f"{e['seconds'] / t['seconds']:.2f}" if e and t else "",
                      f"{r['pt2_vs_ts_diff']:.1e}" if r.get("pt2_vs_ts_diff") is not None else ""])
    print(peerlib.markdown_table(["model", "nodes", "TorchScript file", ".pt2 s", ".pt2 memory", "TorchScript s",
                                  "TorchScript memory", ".pt2 / TorchScript time", "diff between them"], trows))
    for r in results:
        o = r.get("out_of_core")
        if not o:
            continue
        print(f"\n## Less memory than the data: {MODEL_NAMES[r['model']]}, {r['nodes']:,} nodes\n")
        if "skipped" in o:
            print(f"Skipped: {o['skipped']}")
            continue
        print(f"Data: {peerlib.gib(o['data_bytes'])} (graph, features and one layer's output). Each side is "
              f"capped (cgroup) at its own fixed cost, measured on a 1,000-node graph, plus "
              f"{peerlib.gib(o['headroom_bytes'])} ({a.headroom:.0%} of the data); page cache dropped first: "
              f"{'yes' if o['dropped_caches'] else 'no'}. Vantage: `--stores disk --memory-budget "
              f"{o['vantage_budget']}`.\n")
        orows = []
        for m, label in (("vantage", "Vantage, out of core"), ("pyg-layerwise", "PyG layer-wise"),
                         ("pyg-full", "PyG full graph")):
            v = o.get(m)
            orows.append([label, peerlib.gib(o["fixed_cost_bytes"][m]), peerlib.gib(o["caps"][m]),
                          f"{v['seconds']:.2f}" if v else f"cannot ({o.get(m + '_error')})",
                          (f"{v['max_abs_diff']:.1e}" if v and v.get("max_abs_diff") is not None else "")])
        print(peerlib.markdown_table(["system", "fixed cost", "cap", "seconds", "max |diff|"], orows))

    # One chart: seconds against graph size, a line per system and model (Vantage solid, PyG dashed).
    series = []
    for m, label, markers, dashed in (("vantage", "Vantage", True, False), ("pyg-layerwise", "PyG layer-wise", True, True),
                                      ("pyg-full", "PyG full graph", True, True)):
        for kind in a.models:
            pts = [(r["nodes"] / 1e6, r[m]["seconds"]) for r in results if r["model"] == kind and r[m]]
            series.append({"name": f"{label} {MODEL_NAMES[kind]}", "points": pts, "markers": markers, "line": True,
                           "dashed": dashed})
    charts = [{"title": "DGI against PyG on R-MAT: seconds per inference over every node", "x_label":
               "nodes (millions)", "y_label": "seconds", "file": "dgi", "series": series}]
    peerlib.write_json(os.path.join(a.out, "dgi.json"), {**header, "results": results, "charts": charts})
    return 0


if __name__ == "__main__":
    sys.exit(main())
