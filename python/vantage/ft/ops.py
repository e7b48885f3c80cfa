"""ATen ops onto FT's op kinds: the Mapper turns each node of an exported program into a Value
(values.py) and emits the FT ops that price it. Shapes come from the program (node.meta['val']);
FT's own view of each op's output (features, positions, image size) is kept to check what reads it.
"""

from __future__ import annotations

import math
from typing import TYPE_CHECKING, Any

from torch import fx

from vantage.ft.nodes import ExportError, location, module_of, op_text
from vantage.ft.values import Act, Const, Data, Many, Scores, Value, merge

if TYPE_CHECKING:
    from vantage.ft.exporter import Exporter

Op = dict[str, Any]
Shape = tuple[int, int, tuple[int, int] | None]  # FT's features, positions, (height, width) of an image

IGNORED = {"_assert_tensor_metadata", "_assert_scalar", "sym_constrain_range_for_size", "_assert_async"}
# The data passes through: views, copies, casts, and the parts of a tensor that an op reads.
VIEWS = {
    "view", "reshape", "_unsafe_view", "transpose", "t", "permute", "flatten", "unflatten", "contiguous", "clone",
    "alias", "expand", "expand_as", "squeeze", "unsqueeze", "to", "_to_copy", "type_as", "slice", "narrow", "roll",
    "detach", "lift_fresh_copy", "repeat", "movedim", "swapaxes", "float", "view_as", "masked_fill", "index_select",
}  # fmt: skip
SPLITS = {"split", "split_with_sizes", "chunk", "unbind", "tensor_split"}
POINTWISE = {
    "add", "sub", "rsub", "mul", "div", "pow", "rsqrt", "sqrt", "neg", "tanh", "erf", "exp", "sigmoid", "silu", "gelu",
    "relu", "hardtanh", "clamp", "clamp_min", "clamp_max", "hardswish", "hardsigmoid", "mean", "var", "where",
    "reciprocal", "abs", "log", "square",
}  # fmt: skip
ACTIVATIONS = [
    ({"gelu", "tanh", "erf"}, "gelu"),
    ({"silu"}, "silu"),
    ({"hardswish"}, "hardswish"),
    ({"hardsigmoid"}, "hardsigmoid"),
    ({"relu", "hardtanh", "clamp", "clamp_min", "clamp_max"}, "relu"),
]


def opname(node: fx.Node) -> str:
    target = node.target
    if hasattr(target, "_opname"):
        name = str(target._opname)
        return name[:-1] if name.endswith("_") and not name.startswith("_") else name
    return getattr(target, "__name__", str(target))


def shape_of(node: Any) -> tuple[int, ...]:
    val = node.meta.get("val") if isinstance(node, fx.Node) else None
    return tuple(int(d) for d in val.shape) if val is not None and hasattr(val, "shape") else ()


def arg(node: fx.Node, i: int, key: str, default: Any = None) -> Any:
    if key in node.kwargs:
        return node.kwargs[key]
    return node.args[i] if len(node.args) > i else default


def conv_out(size: int, k: int, s: int, p: int, ceil: bool = False) -> int:
    out = (size + 2 * p - k + (s - 1 if ceil else 0)) // s + 1
    if ceil and (out - 1) * s >= size + p:
        out -= 1
    return out


class Mapper:
    """Maps nodes to values and emits FT ops (`ops`), claiming each parameter for one op."""

    def __init__(self, exporter: Exporter, batch: int) -> None:
        self.exporter = exporter
        self.batch = batch
        self.ops: list[Op] = []
        self.shapes: dict[str, Shape] = {}
        self.claimed: dict[str, str] = {}  # parameter -> the FT op that owns it
        self.notes: dict[str, str] = {}  # FT op -> " (at FILE:LINE)" of the code that made it
        self.memo: dict[Act, str] = {}
        self.node: fx.Node | None = None
        self.sample_batch = exporter.sample_batch  # the batch the program was traced with (1, or the runner's)
        # Where each FT op came from, for the runner (vantage.ft.plan): the ATen node that emitted it
        # (not the ops a later reader materializes), and the ops fused into another (the op, and
        # whether it read the same inputs: a k or v projection fused into qkv, a SwiGLU's up).
        self.origin: dict[str, Op] = {}
        self.absorbed: dict[int, tuple[Op, bool]] = {}
        self.lazy = 0

    # ---- emitting --------------------------------------------------------------------------------
    def refuse(self, message: str) -> ExportError:
        node = self.node
        stack = [str(c) for _, c in (node.meta.get("nn_module_stack") or {}).values()] if node is not None else []
        if any("moe" in c.lower() or "router" in c.lower() or "expert" in c.lower() for c in stack):
            message += (
                "; a mixture of experts (a router's top-k choice of experts) has no FT cost (FT plans dense models)"
            )
        if node is None:
            return ExportError(message)
        sep = " " if message.startswith(("has ", "reads ")) else ": "
        return ExportError(f"{op_text(node)}{sep}{message}{location(node)}")

    def unique(self, base: str) -> str:
        name, k = base, 1
        names = {o["name"] for o in self.ops}
        while name in names:
            k += 1
            name = f"{base}_{k}"
        return name

    def default_name(self, kind: str, function: str | None) -> str:
        if self.node is None:
            return function or kind
        path, cls = module_of(self.node)
        if path and cls.startswith("torch.nn.modules.") and kind not in ("elementwise", "attention", "concat"):
            return path
        return f"{path}.{function or kind}" if path else function or kind

    def emit(self, kind: str, src: str | list[str] | Data, shape: Shape, name: str | None = None, **fields: Any) -> str:
        src = [src] if isinstance(src, str) else src
        op: Op = {"name": self.unique(name or self.default_name(kind, fields.get("function"))), "kind": kind}
        if isinstance(src, Data):
            op.update(self.data_fields(src, kind))
        else:
            op["inputs"] = src
        op.update({k: v for k, v in fields.items() if v is not None})
        self.ops.append(op)
        if self.node is not None and not self.lazy:
            self.origin[self.node.name] = op
        self.shapes[op["name"]] = shape
        self.notes[op["name"]] = location(self.node) if self.node is not None else ""
        return str(op["name"])

    def op(self, name: str) -> Op:
        return next(o for o in self.ops if o["name"] == name)

    def claim(self, params: tuple[tuple[str, int], ...], owner: str) -> int:
        """Gives `params` to `owner`; the elements it did not already own (tied ones count once)."""
        n = 0
        for p, k in params:
            if p not in self.claimed:
                self.claimed[p] = owner
                n += k
        return n

    def data_fields(self, d: Data, kind: str) -> dict[str, int]:
        s = d.shape
        if kind == "embedding":
            return {"batch": self.batch, "seq": s[1] if len(s) > 1 else 1}
        if len(s) == 4:
            return {"batch": self.batch, "features": s[1], "height": s[2], "width": s[3]}
        if len(s) == 3:
            return {"batch": self.batch, "seq": s[1], "features": s[2]}
        if len(s) == 2:
            return {"batch": self.batch, "features": s[1]}
        raise self.refuse(
            f"the model's input has shape {list(s)}; FT reads images [B, C, H, W], sequences [B, S] "
            f"(tokens) or [B, S, F], or features [B, F]"
        )

    def shape(self, src: str | Data) -> Shape:
        if isinstance(src, Data):
            s = src.shape
            if len(s) == 4:
                return (s[1], s[2] * s[3], (s[2], s[3]))
            if len(s) == 3:
                return (s[2], s[1], None)
            return (s[1] if len(s) > 1 else 1, 1, None)
        return self.shapes[src]

    # ---- values ----------------------------------------------------------------------------------
    def call(self, node: fx.Node, values: dict[fx.Node, Value]) -> Value:
        self.node = node
        name = opname(node)
        if name in IGNORED:
            return None
        ins = [values.get(a) for a in node.all_input_nodes]
        if name == "getitem":
            base = values.get(node.args[0]) if isinstance(node.args[0], fx.Node) else None
            index: Any = node.args[1]
            return base.items[int(index)] if isinstance(base, Many) else base
        live = [v for v in ins if isinstance(v, (Act, Data, Scores, Many))]
        if name == "embedding":
            return self.embedding(node, values)
        if not live:  # masks, positions, biases computed from constants and parameters
            return self.constant(node, ins)
        handler = getattr(self, f"op_{name}", None)
        if handler is not None:
            result: Value = handler(node, values)
            return result
        if name in VIEWS:
            return self.value(node.args[0], values)
        if name == "pad" or name == "constant_pad_nd":
            pads = arg(node, 1, "pad", [])
            if any(p != 0 for p in pads):
                raise self.refuse("padding that grows a tensor has no FT cost (pad by a convolution's padding)")
            return self.value(node.args[0], values)
        if name in SPLITS:
            v = self.value(node.args[0], values)
            count = len(node.meta.get("val") or ())
            return Many(tuple(v for _ in range(count)))
        if name in POINTWISE or name in ("dropout", "softmax", "_softmax"):
            return self.pointwise(node, name, values)
        raise self.refuse("has no FT cost")

    def value(self, a: Any, values: dict[fx.Node, Value]) -> Value:
        return values.get(a) if isinstance(a, fx.Node) else None

    def constant(self, node: fx.Node, ins: list[Value]) -> Const:
        c = Const()
        for v in ins:
            if isinstance(v, Const):
                c = c.merged(v)
        return c

    def embedding(self, node: fx.Node, values: dict[fx.Node, Value]) -> Value:
        weight, ids = self.value(node.args[0], values), self.value(node.args[1], values)
        rows, width = shape_of(node.args[0])
        assert isinstance(weight, Const)
        if not isinstance(ids, Data):  # positions, token types, relative-position buckets: a table
            return Const(weight.params, rows)
        if not ids.integer:
            raise self.refuse("an embedding of a float input")
        path, _ = module_of(node)
        name = self.emit("embedding", ids, (width, ids.shape[1] if len(ids.shape) > 1 else 1, None), path or None)
        owner = next((self.claimed[p] for p, _ in weight.params if p in self.claimed), None)
        self.claim(weight.params, name)
        op = self.op(name)
        op.update({"vocab": rows, "out": width})
        if owner is not None:
            op["tied_to"] = owner
        return Act(name)

    def pointwise(self, node: fx.Node, name: str, values: dict[fx.Node, Value]) -> Value:
        vals = [values.get(a) for a in node.all_input_nodes]
        scores = [v for v in vals if isinstance(v, Scores)]
        acts = [v for v in vals if isinstance(v, Act)]
        consts = [v for v in vals if isinstance(v, Const)]
        params: tuple[tuple[str, int], ...] = ()
        for c in consts:
            params = merge(params, c.params)
        if scores:
            if acts:
                raise self.refuse("attention scores combined with an activation have no FT cost")
            s = scores[0]
            return Scores(s.q, s.k, s.q_shape, s.k_shape, merge(s.params, params))
        if not acts:
            return next(v for v in vals if isinstance(v, Data))  # the input's own preprocessing
        if any(isinstance(v, Data) for v in vals):
            raise self.refuse("an activation combined with the model's input has no FT cost")
        srcs = {a.op for a in acts}
        if len(srcs) == 1:
            fns: set[str] = set().union(*(a.fns for a in acts))
            dropout = max(a.dropout for a in acts)
            if name == "dropout":
                dropout = max(dropout, float(arg(node, 1, "p", 0.5)))
            elif name not in ("to", "_to_copy"):
                fns.add(name)
            for a in acts:
                params = merge(params, a.params)
            rows = sum(a.rows for a in acts) + (sum(c.rows for c in consts) if name == "add" else 0)
            return Act(acts[0].op, frozenset(fns), params, rows, dropout, module_of(node)[0])
        if name not in ("add", "sub", "mul", "div"):
            raise self.refuse(f"'{name}' of two activations has no FT cost")
        names = [self.materialize(a) for a in acts]
        shapes = [self.shapes[n] for n in names]
        big = max(shapes, key=lambda x: x[1])
        for shp in shapes:
            scale = name in ("mul", "div") and shp[2] is not None and shp[1] == 1 and shp[0] == big[0]
            if shp != big and not scale:
                raise self.refuse(
                    f"{name} of differently shaped tensors has no FT cost (FT adds and multiplies tensors of one "
                    f"shape, and multiplies an image by a [B, C, 1, 1] channel scale)"
                )
        function = "add" if name in ("add", "sub") else "mul"
        return Act(self.emit("elementwise", names, big, function=function))

    def materialize(self, act: Act) -> str:
        """The FT op that computes `act`: its source op, or the norm / activation / learned add or
        scale / dropout its pointwise ops make."""
        if act.pure():
            return act.op
        if act in self.memo:
            return self.memo[act]
        self.lazy += 1
        try:
            cur = self.materialize_pointwise(act)
        finally:
            self.lazy -= 1
        self.memo[act] = cur
        return cur

    def materialize_pointwise(self, act: Act) -> str:
        fns, cur, at = act.fns, act.op, act.where

        def named(what: str) -> str:
            return f"{at}.{what}" if at else what

        shape = self.shapes[cur]
        params = act.params
        if "rsqrt" in fns or "var" in fns or ("sqrt" in fns and "mean" in fns):
            kind = "layernorm" if ("sub" in fns or "var" in fns) else "rmsnorm"
            cur = self.emit(kind, [cur], shape, at or kind)
            self.claim(params, cur)
            params = ()
        function = next((f for keys, f in ACTIVATIONS if fns & keys), None)
        if function is None and "sigmoid" in fns:
            function = "silu" if "mul" in fns else "sigmoid"
        if function is not None:
            cur = self.emit("elementwise", [cur], shape, named(function), function=function)
        if params or act.rows:
            src = self.op(cur)
            if src["kind"] == "embedding" and act.rows and fns <= {"add", "mul"}:
                src["extra_rows"] = src.get("extra_rows", 0) + act.rows
                self.claim(params, cur)
            else:
                function = "mul" if "mul" in fns and "add" not in fns else "add"
                cur = self.emit("elementwise", [cur], shape, named(function), function=function)
                self.op(cur)["params"] = self.claim(params, cur)
        if act.dropout > 0:
            cur = self.emit("elementwise", [cur], shape, named("dropout"), function="dropout")
        return cur

    def source(self, a: Any, values: dict[fx.Node, Value]) -> str | Data:
        v = self.value(a, values)
        if isinstance(v, Act):
            name = self.materialize(v)
            f, p, _ = self.shapes[name]
            shape = shape_of(a)
            if shape and math.prod(shape) != f * p * self.sample_batch:  # a chunk, split or slice of what `name` wrote
                raise self.refuse(
                    f"reads {list(shape[1:])}, a part of what '{name}' writes ({f * p} values a sample): FT plans "
                    f"whole tensors, not chunks, splits or slices of one"
                )
            return name
        if isinstance(v, Data):
            return v
        raise self.refuse("reads a value FT has no op for")
