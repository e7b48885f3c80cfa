"""Executing an exported program over DTensors as a strategy's plan says (vantage.ft.plan): the
runner's interpreter, its parameters placed on the device mesh, synthetic batches and the loss."""

from __future__ import annotations

import math
from collections.abc import Sequence
from typing import Any

import torch
import torch.nn.functional as F
from torch import fx, nn
from torch.distributed.device_mesh import DeviceMesh
from torch.distributed.tensor import DTensor, Partial, Placement, Replicate, Shard, distribute_tensor
from torch.utils import _pytree as pytree

from vantage.ft.ops import opname
from vantage.ft.plan import NodePlan, OpPlan, prod, tensor_dims, weight_dims

ASSERTS = {"_assert_tensor_metadata", "_assert_scalar", "_assert_async", "sym_constrain_range_for_size"}


def placements(roles: Sequence[str | None], dims: dict[str, int]) -> list[Placement]:
    """One placement per mesh dim: Shard of the tensor dim in the role the mesh dim splits, else Replicate."""
    return [Shard(dims[r]) if r is not None and r in dims else Replicate() for r in roles]


def text(ps: Sequence[Placement]) -> list[str]:
    return [str(p) for p in ps]


class ContiguousGrad(torch.autograd.Function):
    """The identity, whose gradient is made contiguous: the gradient of a redistribution to Shard is
    a strided slice, which the backward of an ATen view before it cannot view."""

    @staticmethod
    def forward(ctx: Any, x: torch.Tensor) -> torch.Tensor:
        return x.view_as(x)

    @staticmethod
    def backward(ctx: Any, grad: torch.Tensor) -> torch.Tensor:
        return grad.contiguous()


def redistribute(x: DTensor, mesh: DeviceMesh, want: Sequence[Placement]) -> DTensor:
    """`x` in the placements `want`, its gradient contiguous."""
    y = ContiguousGrad.apply(x) if x.requires_grad else x
    have = list(y.placements)
    if any(a.is_shard() and b.is_shard() and a != b for a, b in zip(have, want, strict=True)):
        # Shard(i) -> Shard(j) through Replicate: DTensor's all-to-all of it is wrong for images on Gloo
        y = y.redistribute(
            mesh,
            [Replicate() if a.is_shard() and b.is_shard() and a != b else a for a, b in zip(have, want, strict=True)],
        )
        y = ContiguousGrad.apply(y) if y.requires_grad else y
    out: DTensor = y.redistribute(mesh, want)
    return out


class NodeError(Exception):
    """An ATen node failed: the message names it and the FT op it belongs to."""


class Sharded(fx.Interpreter):
    """Runs the program's nodes; at the nodes where FT ops start (NodePlan) redistributes the
    activations read to the op's input layout, the weights to the op's placement, and reduces a
    partial output. With no mesh it runs the program as it is (the one-process reference)."""

    def __init__(self, gm: fx.GraphModule, plans: dict[str, NodePlan], mesh: DeviceMesh | None, batch: int) -> None:
        super().__init__(gm)
        self.plans = plans
        self.mesh = mesh
        self.batch = batch
        self.op: OpPlan | None = None  # the FT op whose nodes run (the last op started)

    def run_node(self, n: fx.Node) -> Any:
        if n.op == "call_module" and str(n.target).startswith("_guards") or opname(n) in ASSERTS:
            return None  # export's guards and metadata checks: the shapes are the traced ones
        plan = self.plans.get(n.name) if self.mesh is not None else None
        if plan is not None:
            self.op = plan.op
        try:
            if plan is None:
                return super().run_node(n)
            with self._set_current_node(n):
                args, kwargs = self.fetch_args_kwargs_from_env(n)
                return self.run_planned(n, plan, list(args), dict(kwargs))
        except NodeError:
            raise
        except Exception as e:
            first = (str(e).strip().splitlines() or [""])[0]
            where = f"op '{self.op.name}' ({self.op.kind}, config {self.op.config}): " if self.op else ""
            raise NodeError(
                f"{where}DTensor fails at ATen node {n.name} ({opname(n)}): {type(e).__name__}: {first}"
            ) from e

    def run_planned(self, n: fx.Node, plan: NodePlan, args: list[Any], kwargs: dict[str, Any]) -> Any:
        assert self.mesh is not None
        target = opname(n)
        if plan.local_split:
            return local_split(n, args[0], plan)
        for i, roles in plan.acts.items():
            a = args[i]
            if isinstance(a, DTensor):
                want = placements(roles, tensor_dims(tuple(a.shape), plan.op.kind, target, self.batch))
                if tuple(a.placements) != tuple(want):
                    args[i] = redistribute(a, self.mesh, want)
        for i, (_, roles, _) in plan.weights.items():
            a = args[i]
            if isinstance(a, DTensor):
                want = placements(roles, weight_dims(target, i, a.ndim, False))
                if tuple(a.placements) != tuple(want):  # a tied weight read by an op of another layout
                    args[i] = redistribute(a, self.mesh, want)
        if target == "scaled_dot_product_attention":
            result = attention(*args, **kwargs)
        elif target in LOCAL_POOLS and isinstance(args[0], DTensor):
            result = local_pool(n, args, kwargs)
        elif target in ("conv2d", "convolution") and isinstance(args[0], DTensor):
            result = local_conv(n, plan.op, args, kwargs)
        elif target == "embedding" and isinstance(args[0], DTensor) and "k" in plan.op.dims:
            result = local_embedding(n, plan.op, args)
        else:
            result = self.call_function(n.target, tuple(args), kwargs)
        if isinstance(result, DTensor) and any(p.is_partial() for p in result.placements):
            # partial sums (a split reduction, an embedding's rows) reduced inside the op, as FT prices it
            result = redistribute(result, self.mesh, [Replicate() if p.is_partial() else p for p in result.placements])
        return result


LOCAL_POOLS = {"max_pool2d", "avg_pool2d", "max_pool2d_with_indices"}


def local_split(n: fx.Node, x: Any, plan: NodePlan) -> list[DTensor]:
    """The pieces of a fused projection's output laid out per device (NodePlan.parts): each device's
    shard holds its columns of every piece, so it cuts its shard in `parts` and each cut is that
    device's shard of one piece (q, k or v split on its features, as FT's attention reads them).
    Its output must reach the cut split on its features over the op's "c" mesh dims and on no other
    (else the cuts would not be the pieces: the weight's columns are reordered)."""
    column = set(plan.op.dims.get("c", []))
    if not isinstance(x, DTensor) or any(
        (p.is_shard() and p.dim in (-1, x.ndim - 1)) != (d in column)  # type: ignore[attr-defined]
        for d, p in enumerate(x.placements)
    ):
        laid = text(x.placements) if isinstance(x, DTensor) else type(x).__name__
        raise RuntimeError(f"the projection's output reached its cut as {laid}, not split on its features")
    parts = plan.parts
    local = x.to_local()
    metas = n.meta["val"]
    return [
        DTensor.from_local(piece, x.device_mesh, x.placements, run_check=False, shape=meta.shape, stride=meta.stride())
        for piece, meta in zip(torch.split(local, local.shape[-1] // parts, dim=-1), metas, strict=True)
    ]


def per_device_columns(t: torch.Tensor, dim: int, parts: int, degree: int) -> torch.Tensor:
    """`t` with its `dim` reordered from [piece 0 | piece 1 | ...] (each of `degree` blocks) to
    [device 0's block of each piece | device 1's | ...]: the layout NodePlan.parts runs on."""
    moved = t.movedim(dim, 0)
    rest = tuple(moved.shape[1:])
    width = moved.shape[0]
    blocks = moved.reshape(parts, degree, width // (parts * degree), *rest).transpose(0, 1)
    return blocks.reshape(width, *rest).movedim(0, dim).contiguous()


def local_pool(n: fx.Node, args: list[Any], kwargs: dict[str, Any]) -> Any:
    """A pool of an image split over batch or channels, each device pooling its own part: DTensor has
    no pooling rule (it traces the decomposition, which is wrong for a channel split). Split rows are
    gathered first (DTensor has no halo exchange) and the output's rows split again."""
    x: DTensor = args[0]
    val = n.meta["val"]
    meta = val[0] if isinstance(val, (tuple, list)) else val
    mesh, want = x.device_mesh, list(x.placements)
    whole = [Replicate() if p.is_shard() and p.dim >= 2 else p for p in want]  # type: ignore[attr-defined]
    if whole != want:
        x = redistribute(x, mesh, whole)
    local = n.target(x.to_local(), *args[1:], **kwargs)  # type: ignore[operator]
    if isinstance(local, tuple):
        raise NotImplementedError("a pool that returns its indices")
    y = DTensor.from_local(local, mesh, whole, run_check=False, shape=meta.shape, stride=meta.stride())
    return redistribute(y, mesh, want) if whole != want else y


def local_conv(n: fx.Node, op: OpPlan, args: list[Any], kwargs: dict[str, Any]) -> Any:
    """A convolution split over batch, output channels (groups) or input channels, each device
    convolving its parts (input and weight already in the op's placements); DTensor's convolution
    rule shards only the width (with halos), and its output's placements are wrong for a channel split.
    Split rows are gathered first (no halo exchange) and the output's rows split again."""
    x, w = args[0], args[1]
    bias = args[2] if len(args) > 2 else kwargs.get("bias")
    mesh = x.device_mesh
    roles: list[str | None] = [None] * mesh.ndim
    for letter, dims in op.dims.items():
        for d in dims:
            roles[d] = letter
    rows = [Shard(2) if r == "s" else None for r in roles]
    if any(rows):
        x = redistribute(x, mesh, [Replicate() if r == "s" else p for r, p in zip(roles, x.placements, strict=True)])
    grad_x = [Partial() if r == "c" and op.groups == 1 else p for r, p in zip(roles, x.placements, strict=True)]
    grad_w = [Partial() if r == "b" else p for r, p in zip(roles, w.placements, strict=True)]
    out = [Shard(0) if r == "b" else Shard(1) if r == "c" else Partial() if r == "k" else Replicate() for r in roles]
    lx = x.to_local(grad_placements=grad_x)
    lw = w.to_local(grad_placements=grad_w)
    lb = None
    if isinstance(bias, DTensor) and "k" not in roles:
        grad_b = [Partial() if r == "b" else p for r, p in zip(roles, bias.placements, strict=True)]
        lb = bias.to_local(grad_placements=grad_b)
    rest = list(args[3:]) if len(args) > 3 else []
    target = opname(n)
    split_groups = prod([mesh.shape[d] for d in op.dims.get("c", [])]) if op.groups > 1 else 1
    if target == "conv2d":
        stride, padding, dilation, groups = (rest + [1, 0, 1, 1][len(rest) :])[:4]
        local = F.conv2d(lx, lw, lb, stride, padding, dilation, int(groups) // split_groups)
    else:  # convolution(input, weight, bias, stride, padding, dilation, transposed, output_padding, groups)
        stride, padding, dilation, _, _, groups = rest[:6]
        local = F.conv2d(lx, lw, lb, stride, padding, dilation, int(groups) // split_groups)
    meta = n.meta["val"]
    y = DTensor.from_local(
        local, mesh, out, run_check=False, shape=meta.shape, stride=meta.stride(),
        grad_placements=[Replicate() if p.is_partial() else p for p in out],
    )  # fmt: skip
    if isinstance(bias, DTensor) and "k" in roles:
        y = redistribute(y, mesh, [Replicate() if p.is_partial() else p for p in out])
        y = y + bias.reshape(-1, 1, 1)  # type: ignore[assignment]
    if any(rows):
        y = redistribute(y, mesh, [r or p for r, p in zip(rows, y.placements, strict=True)])
    return y


def local_embedding(n: fx.Node, op: OpPlan, args: list[Any]) -> Any:
    """A lookup whose table's rows (the vocabulary) are split ("k"): each device looks up the ids in
    its own rows, zeros for the others', and the partial sums are added (FT's all-reduce inside the
    op). DTensor's own rule gives a masked partial whose backward it cannot redistribute."""
    w, ids = args[0], args[1]
    mesh = w.device_mesh
    roles: list[str | None] = [None] * mesh.ndim
    for letter, dims in op.dims.items():
        for d in dims:
            roles[d] = letter
    rows = w.shape[0]
    start, count = 0, rows
    for d, role in enumerate(roles):  # this device's rows: mixed radix over the "k" dims, outermost first
        if role == "k":
            count //= mesh.shape[d]
            start += mesh.get_local_rank(d) * count
    grad_w = [Partial() if r in ("b", "s") else p for r, p in zip(roles, w.placements, strict=True)]
    lw = w.to_local(grad_placements=grad_w)
    lids = ids.to_local() if isinstance(ids, DTensor) else ids
    inside = (lids >= start) & (lids < start + count)
    local = F.embedding((lids - start).clamp(0, count - 1), lw) * inside.unsqueeze(-1).to(lw.dtype)
    id_placements = list(ids.placements) if isinstance(ids, DTensor) else [Replicate()] * mesh.ndim
    out: list[Placement] = [
        Partial() if r == "k" else Shard(local.ndim - 1) if r == "c" else id_placements[d] for d, r in enumerate(roles)
    ]
    meta = n.meta["val"]
    return DTensor.from_local(
        local, mesh, out, run_check=False, shape=meta.shape, stride=meta.stride(),
        grad_placements=[Replicate() if p.is_partial() else p for p in out],
    )  # fmt: skip


def attention(
    q: Any,
    k: Any,
    v: Any,
    attn_mask: Any = None,
    dropout_p: float = 0.0,
    is_causal: bool = False,
    scale: float | None = None,
    enable_gqa: bool = False,
) -> Any:
    """scaled_dot_product_attention written out (softmax(q k^T * scale + mask) v) in ops DTensor
    shards over batch and heads; its CPU kernel has no DTensor rule (DTensor would trace through its
    decomposition at every call). Dropout is 0 in the exported (evaluation) program."""
    if enable_gqa and q.shape[-3] != k.shape[-3]:
        k = k.repeat_interleave(q.shape[-3] // k.shape[-3], -3)
        v = v.repeat_interleave(q.shape[-3] // v.shape[-3], -3)
    scores = torch.matmul(q, k.transpose(-2, -1)) * (scale if scale is not None else 1.0 / math.sqrt(q.shape[-1]))
    if is_causal:
        keep = torch.ones(q.shape[-2], k.shape[-2], dtype=torch.bool, device=scores.device).tril()
        scores = scores.masked_fill(~keep, float("-inf"))
    if attn_mask is not None:
        if attn_mask.dtype == torch.bool:
            scores = scores.masked_fill(~attn_mask, float("-inf"))
        else:
            scores = scores + attn_mask
    return torch.matmul(torch.softmax(scores, dim=-1), v)


def place_parameters(
    gm: fx.GraphModule, plans: dict[str, NodePlan], mesh: DeviceMesh
) -> dict[str, tuple[list[str], str]]:
    """Makes every parameter of `gm` a DTensor, placed as the first op that reads it wants it (its
    owner; a tied weight stays one parameter). Returns each parameter's placements and op."""
    wanted: dict[str, tuple[list[Placement], str]] = {}
    reorder: dict[str, tuple[int, int, int]] = {}  # path -> (dim, parts, degree): NodePlan.parts
    params = dict(gm.named_parameters(remove_duplicate=False))
    for node in gm.graph.nodes:
        plan = plans.get(node.name)
        if plan is None:
            continue
        for i, (pname, roles, flipped) in plan.weights.items():
            ident = id(params[pname])
            key = next(k for k, p in params.items() if id(p) == ident)
            if key not in wanted:
                dims = weight_dims(opname(node), i, params[pname].ndim, flipped)
                wanted[key] = (placements(roles, dims), plan.op.name)
                if plan.parts > 1:
                    degree = prod([mesh.shape[d] for d in plan.op.dims.get("c", [])])
                    reorder[key] = (dims["out"], plan.parts, degree)
    done: dict[int, nn.Parameter] = {}
    for path, p in params.items():
        if id(p) not in done:
            ps = wanted.get(path, ([Replicate()] * mesh.ndim, ""))[0]
            full = per_device_columns(p.detach(), *reorder[path]) if path in reorder else p.detach()
            dt = distribute_tensor(full, mesh, ps, src_data_rank=None)
            done[id(p)] = nn.Parameter(dt, requires_grad=p.requires_grad)
        owner, _, attr = path.rpartition(".")
        setattr(gm.get_submodule(owner) if owner else gm, attr, done[id(p)])
    return {path: (text(ps), op) for path, (ps, op) in wanted.items()}


def embedding_vocab(gm: fx.GraphModule) -> dict[str, int]:
    """Integer inputs that index an embedding (through views): the rows of its table."""
    vocab: dict[str, int] = {}
    for node in gm.graph.nodes:
        if node.op != "placeholder":
            continue
        pending, seen = [node], set()
        while pending:
            cur = pending.pop()
            for u in cur.users:
                if u in seen:
                    continue
                seen.add(u)
                name = opname(u)
                if name == "embedding" and u.args[1] is cur:
                    val = u.args[0].meta.get("val") if isinstance(u.args[0], fx.Node) else None
                    if val is not None:
                        vocab[node.name] = min(vocab.get(node.name, 1 << 62), int(val.shape[0]))
                elif name in ("view", "reshape", "_unsafe_view", "unsqueeze", "squeeze", "expand", "clone", "to"):
                    pending.append(u)
    return vocab


def synthetic_batch(
    gm: fx.GraphModule, flat_shapes: list[tuple[torch.dtype, list[int]]], seed: int, step: int
) -> list[torch.Tensor]:
    """The step's inputs, the same on every rank: token ids uniform in the embedding's rows (else in
    [0, 2)), floats normal."""
    g = torch.Generator().manual_seed(seed * 1_000_003 + step)
    vocab = embedding_vocab(gm)
    names = [n.name for n in gm.graph.nodes if n.op == "placeholder"]
    out = []
    for name, (dtype, shape) in zip(names, flat_shapes, strict=True):
        if dtype.is_floating_point:
            out.append(torch.randn(shape, generator=g, dtype=dtype))
        else:
            out.append(torch.randint(0, vocab.get(name, 2), shape, generator=g, dtype=dtype))
    return out


def targets(logits_shape: Sequence[int], seed: int, step: int) -> torch.Tensor:
    """Class ids for the loss: one per sample (and position), of the output's feature count."""
    g = torch.Generator().manual_seed(seed * 1_000_003 + step + 500_009)
    return torch.randint(0, int(logits_shape[-1]), tuple(logits_shape[:-1]), generator=g)


def first_tensor(out: Any) -> Any:
    """The model's first output: a Hugging Face ModelOutput's logits, else its first tensor."""
    logits = getattr(out, "logits", None)
    if isinstance(logits, torch.Tensor):
        return logits
    leaves = out.values() if isinstance(out, dict) else pytree.tree_leaves(out)
    return next(x for x in leaves if isinstance(x, torch.Tensor))


def loss_of(logits: Any, target: torch.Tensor, mesh: DeviceMesh | None, plan: OpPlan | None, batch: int) -> Any:
    """Cross-entropy of the logits against the targets, the mean over the batch (and positions), in
    the loss op's layout: batch split (b), classes split (c: DTensor's loss_parallel)."""
    classes = int(logits.shape[-1])
    if mesh is None or plan is None:
        return F.cross_entropy(logits.reshape(-1, classes), target.reshape(-1))
    roles = plan.input_roles(list(mesh.shape))
    dims = tensor_dims(tuple(logits.shape), "loss", "", batch)
    dims["features"] = logits.ndim - 1
    logits = redistribute(logits, mesh, placements(roles, dims))
    troles = [r if r == "batch" else None for r in roles]
    t = DTensor.from_local(target, mesh, [Replicate()] * mesh.ndim, run_check=False)
    t = t.redistribute(mesh, placements(troles, {"batch": 0} if target.ndim else {}))
    if "features" not in roles:
        return F.cross_entropy(logits.reshape(-1, classes), t.reshape(-1))
    # classes split, under loss_parallel: its mean needs a one-dimensional mesh, its sum does not
    count = numel(target.shape)
    return F.cross_entropy(logits.reshape(-1, classes), t.reshape(-1), reduction="sum") / count


def numel(shape: Sequence[int]) -> int:
    return int(math.prod(shape))
