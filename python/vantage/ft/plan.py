"""A strategy's configurations as DTensor placements over the nodes of an exported program (the
runner's plan, vantage.ft.runner).

The device mesh has one dim per prime factor of N, in ascending order; a configuration's degrees
take consecutive mesh dims in FT's device numbering: batch b outermost, then positions s, output
features c, reduction k, replication r (core/ft/config.h). Each FT op runs from the ATen node that
emitted it (the exporter's Mapper.origin): its activation inputs are redistributed there to the
layout the configuration reads (core/ft/config.cpp, inputLayout), its weights are sharded on their
output features (c) or input features (k; an embedding's rows), and a partial sum it writes is
reduced there (FT prices that all-reduce inside the op). Between those nodes DTensor propagates
placements itself.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from torch import fx

from vantage.ft.nodes import ExportError
from vantage.ft.ops import opname

LETTERS = "bsckr"  # FT's order of a configuration's split dims, outermost first
VIEW_TARGETS = {"t", "transpose", "permute", "view", "alias", "_to_copy", "to", "reshape", "_unsafe_view", "detach"}
WEIGHTED = {"linear", "conv2d"}  # kinds whose input features are the reduction dim


class PlanError(ExportError):
    """A strategy the runner cannot execute: the message names the op, its kind and configuration."""


def prime_factors(n: int) -> list[int]:
    """The device mesh's shape for n devices: n's prime factors, ascending."""
    out, d = [], 2
    while d * d <= n:
        while n % d == 0:
            out.append(d)
            n //= d
        d += 1
    out += [n] if n > 1 else []
    return out or [1]  # one device: a mesh of one


def parse_config(name: str) -> dict[str, int]:
    """FT's configuration name (b2c2, k4, r1) as degrees per letter."""
    degrees = {c: 1 for c in LETTERS}
    i, seen = 0, set()
    while i < len(name):
        letter, j = name[i], i + 1
        while j < len(name) and name[j].isdigit():
            j += 1
        if letter not in LETTERS or letter in seen or j == i + 1 or int(name[i + 1 : j]) < 1:
            raise ValueError(f"'{name}' is not a configuration name (letters b, s, c, k, r each with a degree)")
        seen.add(letter)
        degrees[letter] = int(name[i + 1 : j])
        i = j
    if not name:
        raise ValueError("an empty configuration name")
    return degrees


def mesh_dims(degrees: dict[str, int], mesh: list[int]) -> dict[str, list[int]]:
    """The mesh dims each letter of a configuration takes (consecutive, in FT's order); ValueError
    where the degrees are not products of consecutive mesh dims."""
    dims: dict[str, list[int]] = {}
    at = 0
    for letter in LETTERS:
        want, got, taken = degrees[letter], 1, []
        while got < want and at < len(mesh):
            got *= mesh[at]
            taken.append(at)
            at += 1
        if got != want:
            raise ValueError(
                f"degree {want} of '{letter}' is not a product of consecutive dims of the device mesh {mesh} "
                f"(its prime factors, ascending, in FT's order b, s, c, k, r)"
            )
        dims[letter] = taken
    if any(m != 1 for m in mesh[at:]):
        raise ValueError(f"its degrees multiply to {sizeof(degrees)}, not to the {prod(mesh)} devices")
    return dims


def prod(xs: list[int]) -> int:
    p = 1
    for x in xs:
        p *= x
    return p


def sizeof(degrees: dict[str, int]) -> int:
    return prod(list(degrees.values()))


@dataclass
class OpPlan:
    """One FT op of the strategy: its configuration on the mesh and the roles of its tensors' dims
    per mesh dim ('batch', 'positions', 'features', 'out', 'in', 'rows', 'width' or None: replicated)."""

    name: str
    kind: str
    config: str
    dims: dict[str, list[int]]
    groups: int = 1
    nodes: list[str] = field(default_factory=list)
    pieces: int = 1  # a fused projection's output pieces laid out per device (NodePlan.parts)

    def roles(self, table: dict[str, str | None], mesh: list[int]) -> list[str | None]:
        out: list[str | None] = [None] * len(mesh)
        for letter, ds in self.dims.items():
            for d in ds:
                out[d] = table.get(letter)
        return out

    def input_roles(self, mesh: list[int]) -> list[str | None]:
        reads_features = self.kind in WEIGHTED and self.groups == 1
        if self.kind == "embedding":
            return self.roles({"b": "batch"}, mesh)
        if reads_features:
            return self.roles({"b": "batch", "s": "positions", "k": "features"}, mesh)
        return self.roles({"b": "batch", "s": "positions", "c": "features"}, mesh)

    def output_roles(self, mesh: list[int]) -> list[str | None]:
        return self.roles({"b": "batch", "s": "positions", "c": "features"}, mesh)

    def weight_roles(self, mesh: list[int]) -> list[str | None]:
        if self.kind == "embedding":
            return self.roles({"c": "width", "k": "rows"}, mesh)
        if self.kind in WEIGHTED:
            return self.roles({"c": "out", "k": "in" if self.groups == 1 else None}, mesh)
        return [None] * len(mesh)

    def describe(self, mesh: list[int]) -> dict[str, Any]:
        def text(roles: list[str | None]) -> list[str]:
            return [f"Shard({r})" if r else "Replicate()" for r in roles]

        placements = {"input": text(self.input_roles(mesh)), "output": text(self.output_roles(mesh))}
        if self.kind in WEIGHTED or self.kind == "embedding":
            placements["weight"] = text(self.weight_roles(mesh))
        out = {
            "op": self.name,
            "config": self.config,
            "placements": placements,
            "mesh": {"shape": mesh, "dims": {k: v for k, v in self.dims.items() if v}},
        }
        if self.dims["s"] and self.kind in ("conv2d", "pool"):
            out["note"] = "the input's rows are gathered whole, then the output's split (DTensor has no halo exchange)"
        if self.pieces > 1:
            out["note"] = (
                f"the weight's columns laid out per device, each shard holding its columns of all {self.pieces} "
                "pieces the output is cut into (Megatron's per-head q/k/v): each device cuts its own shard"
            )
        return out


# What each FT kind may split (core/ft/config.cpp, splitDims).
SPLITS = {
    "embedding": "bckr", "linear": "bckr", "conv2d": "bsckr", "attention": "bscr", "layernorm": "bsr",
    "rmsnorm": "bsr", "elementwise": "bscr", "pool": "bscr", "concat": "bscr", "loss": "bcr",
}  # fmt: skip


def resolve(op: dict[str, Any], absorbed: dict[int, tuple[dict[str, Any], bool]]) -> tuple[dict[str, Any], bool]:
    """The op `op` became after fusion, and whether it read that op's inputs (a sibling)."""
    sibling = True
    while id(op) in absorbed:
        op, s = absorbed[id(op)]
        sibling = sibling and s
    return op, sibling


def make_plans(
    graph_ops: list[dict[str, Any]], strategy: dict[str, Any], mesh: list[int], devices: int
) -> dict[str, OpPlan]:
    """Every op of the strategy checked against the model's graph and the mesh: its OpPlan, or a
    PlanError naming the op."""
    by_name = {o["name"]: o for o in graph_ops}
    configs: dict[str, str] = {}
    for o in strategy.get("ops", []):
        if not isinstance(o, dict) or not isinstance(o.get("name"), str) or not isinstance(o.get("config"), str):
            raise PlanError("the strategy's ops must be objects with a name and a config")
        if o["name"] not in by_name:
            raise PlanError(
                f"op '{o['name']}' ({o.get('kind', '?')}, config {o['config']}): the model's graph has no op of "
                f"that name (was the strategy searched on another model or --input?)"
            )
        configs[o["name"]] = o["config"]
    plans: dict[str, OpPlan] = {}
    for o in graph_ops:
        name, kind = o["name"], o["kind"]
        if name not in configs:
            raise PlanError(f"op '{name}' ({kind}): the strategy gives it no configuration")
        cfg = configs[name]
        where = f"op '{name}' ({kind}, config {cfg})"
        try:
            degrees = parse_config(cfg)
        except ValueError as e:
            raise PlanError(f"{where}: {e}") from None
        if sizeof(degrees) != devices:
            raise PlanError(f"{where}: its degrees multiply to {sizeof(degrees)}, not to the {devices} devices")
        allowed = SPLITS.get(kind, "r")
        if kind == "conv2d" and o.get("groups", 1) > 1:
            allowed = "bscr"
        bad = [c for c in LETTERS if degrees[c] > 1 and c not in allowed]
        if bad:
            raise PlanError(f"{where}: FT's {kind} cannot split '{bad[0]}' (it splits {', '.join(allowed)})")
        try:
            dims = mesh_dims(degrees, mesh)
        except ValueError as e:
            raise PlanError(f"{where}: {e}") from None
        plans[name] = OpPlan(name, kind, cfg, dims, int(o.get("groups", 1)))
    return plans


@dataclass
class NodePlan:
    """What the runner does at one ATen node: redistribute activation arguments (index -> roles),
    check weights' placements (index -> roles), reduce a partial output."""

    op: OpPlan
    acts: dict[int, list[str | None]] = field(default_factory=dict)
    weights: dict[int, tuple[str, list[str | None], bool]] = field(default_factory=dict)  # param, roles, flipped
    # A column-split linear whose output is cut into `parts` equal pieces (q, k and v of a fused
    # projection): its weight's columns are laid out so that each device's shard holds its own
    # columns of every piece (Megatron's per-head layout); at the cutting node (`local_split`) each
    # device cuts its shard, where DTensor would gather the whole output to cut it.
    parts: int = 1
    local_split: bool = False


def trace_param(node: Any, params: dict[str, Any]) -> tuple[str, bool] | None:
    """The parameter `node` reads through views (its attribute path), and whether a transpose flipped it."""
    flipped = False
    while isinstance(node, fx.Node):
        if node.op == "get_attr":
            return (str(node.target), flipped) if str(node.target) in params else None
        name = opname(node)
        if node.op != "call_function" or name not in VIEW_TARGETS:
            return None
        if name in ("t", "transpose", "permute"):
            flipped = not flipped
        node = node.args[0]
    return None


def input_dependent(gm: fx.GraphModule) -> set[fx.Node]:
    live: set[fx.Node] = set()
    for n in gm.graph.nodes:
        if n.op == "placeholder" or any(a in live for a in n.all_input_nodes):
            live.add(n)
    return live


def node_plans(
    gm: fx.GraphModule,
    origin: dict[str, dict[str, Any]],
    absorbed: dict[int, tuple[dict[str, Any], bool]],
    plans: dict[str, OpPlan],
    mesh: list[int],
) -> dict[str, NodePlan]:
    """The nodes where ops start: each emitting node of the exporter whose op survived fusion or was
    fused as a sibling (reads the same inputs)."""
    params = dict(gm.named_parameters(remove_duplicate=False))
    live = input_dependent(gm)
    out: dict[str, NodePlan] = {}
    for node in gm.graph.nodes:
        if node.op != "call_function" or node.name not in origin:
            continue
        op, sibling = resolve(origin[node.name], absorbed)
        if not sibling or op["name"] not in plans:
            continue
        plan = plans[op["name"]]
        plan.nodes.append(node.name)
        np = NodePlan(plan)
        for i, a in enumerate(node.args):
            if not isinstance(a, fx.Node):
                continue
            p = trace_param(a, params)
            if p is not None and plan.kind in WEIGHTED | {"embedding"}:
                np.weights[i] = (p[0], plan.weight_roles(mesh), p[1])
            elif a in live:
                np.acts[i] = plan.input_roles(mesh)
        out[node.name] = np
    for node in list(gm.graph.nodes):
        if node.name in out:
            fuse_column_pieces(node, out, params, mesh)
    return out


def fuse_column_pieces(node: fx.Node, out: dict[str, NodePlan], params: dict[str, Any], mesh: list[int]) -> None:
    """Marks a column-split linear whose output (through views) only a split on its last dim reads,
    into equal pieces each divisible by the split's degree (a fused q/k/v projection): the linear's
    NodePlan gets `parts`, the split's node its own NodePlan with `local_split`. Its weights must be
    read by it alone (a tied weight keeps its layout)."""
    np = out[node.name]
    degree = prod([mesh[d] for d in np.op.dims.get("c", [])])
    if np.op.kind != "linear" or degree == 1 or not np.weights:
        return
    end = node
    while len(end.users) == 1 and opname(next(iter(end.users))) in ("view", "_unsafe_view", "reshape"):
        end = next(iter(end.users))
    if len(end.users) != 1:
        return
    cut = next(iter(end.users))
    val: Any = end.meta.get("val")
    if opname(cut) not in ("split", "split_with_sizes") or cut.name in out or not hasattr(val, "shape"):
        return
    dim = cut.args[2] if len(cut.args) > 2 else cut.kwargs.get("dim", 0)
    width, size = int(val.shape[-1]), cut.args[1]
    if isinstance(size, int) and size > 0:
        sizes = [size] * (width // size)
    elif isinstance(size, (list, tuple)) and all(isinstance(s, int) for s in size):
        sizes = [int(s) for s in size]  # type: ignore[arg-type]
    else:
        return
    if dim not in (-1, len(val.shape) - 1) or sum(sizes) != width or len(set(sizes)) != 1 or len(sizes) < 2:
        return
    if sizes[0] % degree:
        return
    mine = {id(params[w]) for w, _, _ in np.weights.values()}
    readers = sum(1 for other in out.values() for w, _, _ in other.weights.values() if id(params[w]) in mine)
    if readers != len(np.weights):
        return
    np.parts = np.op.pieces = len(sizes)
    out[cut.name] = NodePlan(np.op, local_split=True, parts=len(sizes))


def tensor_dims(shape: tuple[int, ...], kind: str, target: str, batch: int) -> dict[str, int]:
    """Where FT's batch, positions and features are in an ATen tensor of `shape` that an op of
    `kind` reads (via ATen op `target`): [B, F], [B*S, F] (a linear's flattened input), [B, S, F],
    [B, C, H, W], [B, H, W, C] (channels last: read by a linear or a norm), [B, heads, S, D]."""
    n = len(shape)
    if n < 2:
        return {}
    if n == 2:
        dims = {"batch": 0, "features": 1}
        if shape[0] != batch:
            dims["positions"] = 0  # [B*S, F]: batch outermost, then positions, as FT numbers devices
        return dims
    if n == 3:
        return {"batch": 0, "positions": 1, "features": 2}
    if kind == "attention":
        return {"batch": 0, "features": 1, "positions": 2}
    if kind in ("linear", "layernorm", "rmsnorm") and target != "convolution":
        return {"batch": 0, "positions": 1, "features": n - 1}
    return {"batch": 0, "features": 1, "positions": 2}


def weight_dims(target: str, index: int, ndim: int, flipped: bool) -> dict[str, int]:
    """Where a weight's output and input features (an embedding's rows and width) are, read as
    argument `index` of ATen op `target`."""
    if ndim == 1:
        return {"out": 0, "width": 0}
    if target == "embedding":
        dims = {"rows": 0, "width": 1}
    elif target in ("linear", "convolution", "conv2d"):
        dims = {"out": 0, "in": 1}
    else:  # addmm, mm, matmul, bmm: x @ W with W [in, out]
        dims = {"in": ndim - 2, "out": ndim - 1}
    if flipped and ndim == 2:
        dims = {k: 1 - v for k, v in dims.items()}
    return dims
