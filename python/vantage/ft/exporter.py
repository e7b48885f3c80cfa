"""The exporter: a PyTorch nn.Module's op graph as the JSON FT reads (see vantage.ft)."""

from __future__ import annotations

import contextlib
import io
import math
import operator
from collections.abc import Callable
from typing import Any

import torch
import torch.fx as fx
import torch.nn.functional as F
from torch import nn
from torch.fx.passes.shape_prop import ShapeProp

Op = dict[str, Any]  # one FT op of the graph's "ops"
Graph = dict[str, Any]  # the op-graph JSON object: name, ops, source


class ExportError(Exception):
    """A model FT cannot plan, or bad input: the message names the op, the module and the line."""


# ReLU6 (MobileNet's) is a clamp: one element-wise pass, costed as ReLU.
ACTIVATION_MODULES: dict[type[nn.Module], str] = {nn.ReLU: "relu", nn.ReLU6: "relu", nn.GELU: "gelu", nn.SiLU: "silu"}
ACTIVATION_FUNCTIONS: dict[Callable[..., Any], str] = {
    F.relu: "relu",
    torch.relu: "relu",
    F.relu6: "relu",
    F.gelu: "gelu",
    F.silu: "silu",
}
# Element-wise functions FT costs as ops of their own (squeeze-and-excitation's gates, MobileNetV3's).
GATE_MODULES: dict[type[nn.Module], str] = {
    nn.Sigmoid: "sigmoid",
    nn.Hardsigmoid: "hardsigmoid",
    nn.Hardswish: "hardswish",
}
GATE_FUNCTIONS: dict[Callable[..., Any], str] = {
    torch.sigmoid: "sigmoid",
    F.sigmoid: "sigmoid",
    F.hardsigmoid: "hardsigmoid",
    F.hardswish: "hardswish",
}
PASS_FUNCTIONS: set[Callable[..., Any]] = {
    torch.flatten,
    torch.reshape,
    torch.transpose,
    torch.permute,
    torch.squeeze,
    torch.unsqueeze,
    operator.getitem,
    torch.split,
    torch.chunk,
}
PASS_METHODS = {
    "view",
    "reshape",
    "flatten",
    "transpose",
    "permute",
    "contiguous",
    "split",
    "chunk",
    "squeeze",
    "unsqueeze",
    "type_as",
    "to",
    "float",
    "half",
    "bfloat16",
    "expand",
    "clone",
}
SIZE_METHODS = {"size", "dim", "numel"}
ADD_FUNCTIONS: set[Callable[..., Any]] = {operator.add, operator.iadd, torch.add}
MUL_FUNCTIONS: set[Callable[..., Any]] = {operator.mul, operator.imul, torch.mul}
SDPA = F.scaled_dot_product_attention
ASSERT_FUNCTIONS: set[Callable[..., Any]] = {torch._assert}


class Tracer(fx.Tracer):
    """Keeps nn.MultiheadAttention whole (its forward branches on shapes)."""

    def __init__(self) -> None:
        super().__init__()
        self.record_stack_traces = True  # the user's file and line for every op, for refusals

    def is_leaf_module(self, m: nn.Module, qualname: str) -> bool:
        return isinstance(m, nn.MultiheadAttention) or super().is_leaf_module(m, qualname)


def args_of(node: fx.Node) -> tuple[Any, ...]:
    """A node's positional arguments (torch.fx types them as its Argument union; each use checks)."""
    return tuple(node.args)


def kwargs_of(node: fx.Node) -> dict[str, Any]:
    """A node's keyword arguments, as args_of."""
    return dict(node.kwargs)


def location(node: fx.Node) -> str:
    """(at FILE:LINE) of the user's code that made `node`: the innermost frame outside torch (and, for a
    model from a library, outside site-packages when the user's own code is not on the stack)."""
    trace = node.meta.get("stack_trace") or ""
    frames = [line.strip() for line in trace.strip().splitlines() if line.strip().startswith("File ")]
    user = [f for f in frames if "/torch/" not in f and "/site-packages/" not in f]
    if not user:  # a library's model (torchvision, timm): its own line, outside torch itself
        user = [f for f in frames if "/site-packages/torch/" not in f]
    if not user:
        return ""
    parts = user[-1].split('"')
    line = user[-1].split("line ")[-1].split(",")[0] if "line " in user[-1] else "?"
    return f" (at {parts[1]}:{line})" if len(parts) > 2 else f" ({user[-1]})"


def two(v: Any) -> list[Any]:
    """A pool's kernel, stride, padding or dilation as [h, w] (an int is both)."""
    return list(v) if isinstance(v, (tuple, list)) else [v, v]


def op_text(node: fx.Node, modules: dict[str, nn.Module]) -> str:
    if node.op == "call_module":
        return (
            f"{type(modules[str(node.target)]).__module__}.{type(modules[str(node.target)]).__name__} '{node.target}'"
        )
    if node.op == "call_function":
        return f"{getattr(node.target, '__module__', '')}.{getattr(node.target, '__name__', node.target)}"
    return f"{node.op} {node.target}"


class Exporter:
    """One export: traces `module` on `example` and turns its fx graph into FT ops (run())."""

    def __init__(self, module: nn.Module, example: torch.Tensor, batch: int, name: str) -> None:
        self.module = module
        self.batch = batch
        self.name = name
        self.gm = fx.GraphModule(module, Tracer().trace(module))
        self.modules = dict(self.gm.named_modules())
        with contextlib.redirect_stderr(io.StringIO()):  # ShapeProp prints its own traceback on failure
            ShapeProp(self.gm).propagate(example)
        self.ops: list[Op] = []  # FT ops in order
        self.by_name: dict[str, Op] = {}
        self.sizes: dict[str, int] = {}  # FT op name -> values a sample it writes (for check_whole)
        self.produced: dict[fx.Node, str | None] = {}  # fx node -> FT op name (None: constant, e.g. positions)
        self.positions: dict[fx.Node, int] = {}  # fx node of a position embedding -> its rows
        self.fused: set[fx.Node] = set()  # fx nodes folded into the op before them
        self.weights: dict[int, str] = {}  # id(weight tensor) -> FT op name, for tied weights

    def shape(self, node: fx.Node) -> list[int]:
        tm = node.meta.get("tensor_meta")
        if tm is None:
            raise ExportError(f"no shape for {op_text(node, self.modules)}{location(node)}")
        return list(tm.shape)

    def append(self, op: Op) -> Op:
        self.ops.append(op)
        self.by_name[op["name"]] = op
        return op

    def add_op(self, node: fx.Node, kind: str, inputs: list[Any], name: str | None = None, **fields: Any) -> Op:
        name = name or (str(node.target) if node.op == "call_module" else self.scoped(node, kind))
        base, k = name, 1
        while name in self.by_name:
            k += 1
            name = f"{base}_{k}"
        op: Op = {"name": name, "kind": kind}
        for i in inputs:
            self.check_whole(node, kind, i)
        tm: Any = node.meta.get("tensor_meta")
        if hasattr(tm, "shape"):
            self.sizes[name] = math.prod(tm.shape[1:])
        srcs = []
        for i in inputs:
            p = self.source(i)
            if p is not None and p not in srcs:
                srcs.append(p)
        if srcs:
            op["inputs"] = srcs
        else:
            op.update(self.data_fields(inputs[0] if inputs else node))
        op.update({k: v for k, v in fields.items() if v is not None})
        self.produced[node] = name
        return self.append(op)

    def scoped(self, node: fx.Node, kind: str) -> str:
        """A function's op named after the module that called it: h.0.attn.attention, h.0.add."""
        stack = node.meta.get("nn_module_stack") or {}
        paths = [v[0] if isinstance(v, tuple) else k for k, v in stack.items()]
        path = paths[-1] if paths else ""
        # an elementwise op keeps its function's name (add, mul), numbered by fx (add_2)
        short = node.name.rstrip("0123456789_") or kind if kind == "elementwise" else kind
        return f"{path}.{short}" if path else node.name

    def data_fields(self, node: fx.Node) -> dict[str, int]:
        """An op reading the model's input: its shape, with the batch FT plans for."""
        s = self.shape(node)
        if len(s) == 4:
            return {"batch": self.batch, "features": s[1], "height": s[2], "width": s[3]}
        if len(s) == 3:
            return {"batch": self.batch, "seq": s[1], "features": s[2]}
        if len(s) == 2:
            tm = node.meta["tensor_meta"]
            if tm.dtype in (torch.int64, torch.int32):
                return {"batch": self.batch, "seq": s[1]}
            return {"batch": self.batch, "features": s[1]}
        raise ExportError(
            f"the model's input has shape {s}; FT reads images [B, C, H, W], sequences [B, S] "
            f"(tokens) or [B, S, F], or features [B, F]"
        )

    def check_whole(self, node: fx.Node, kind: str, x: Any) -> None:
        """An op reads the whole of what its source op wrote: a part of it (chunk, split, narrow,
        x[:, :k]) passed through would be planned at the source's size, its weights and FLOPs with it
        (ShuffleNet's branches were planned at twice their channels). Attention reads its q, k and v
        as slices of one projection by design."""
        if kind == "attention" or not isinstance(x, fx.Node):
            return
        src = self.source(x)
        tm: Any = x.meta.get("tensor_meta")
        if src is None or src not in self.sizes or not hasattr(tm, "shape"):
            return
        n = math.prod(tm.shape[1:])
        if n != self.sizes[src]:
            raise ExportError(
                f"{op_text(node, self.modules)} reads {list(tm.shape)[1:]}, a part of what '{src}' "
                f"writes ({self.sizes[src]} values a sample): FT plans whole tensors, not chunks, "
                f"splits or slices of one{location(node)}"
            )

    def source(self, node: Any) -> str | None:
        if not isinstance(node, fx.Node):
            return None
        if node not in self.produced:
            raise ExportError(f"{op_text(node, self.modules)} is used before it is known{location(node)}")
        return self.produced[node]

    def only_user(self, node: fx.Node) -> fx.Node | None:
        users = [u for u in node.users if u.op != "output"]
        return users[0] if len(users) == 1 and len(node.users) == 1 else None

    def activation_of(self, node: fx.Node | None) -> str | None:
        if node is None:
            return None
        if node.op == "call_module" and type(self.modules[node.target]) in ACTIVATION_MODULES:
            return ACTIVATION_MODULES[type(self.modules[node.target])]
        if node.op == "call_function" and node.target in ACTIVATION_FUNCTIONS:
            return ACTIVATION_FUNCTIONS[node.target]
        return None

    def fuse_activation(self, node: fx.Node) -> tuple[str | None, fx.Node]:
        """The activation right after `node` (its only user), folded into it."""
        user = self.only_user(node)
        act = self.activation_of(user)
        if act is None or user is None:
            return None, node
        self.fused.add(user)
        return act, user

    def run(self) -> Graph:
        for node in self.gm.graph.nodes:
            if node in self.fused:
                continue
            if node.op == "placeholder":
                self.produced[node] = None
            elif node.op == "get_attr":
                self.produced[node] = None
            elif node.op == "output":
                out = args_of(node)[0]
                if isinstance(out, (tuple, list)):
                    out = out[0]
                self.append({"name": "loss", "kind": "loss", "inputs": [self.source(out)]})
            elif node.op == "call_module":
                self.module_op(node)
            elif node.op == "call_function":
                self.function_op(node)
            elif node.op == "call_method":
                self.method_op(node)
        params = sum(p.numel() for p in {id(p): p for p in self.module.parameters()}.values())
        source = {"exporter": "scripts/export_ft_graph.py", "torch": torch.__version__, "parameters": int(params)}
        unused = self.unused_parameters()
        if unused:
            # Modules forward never calls in evaluation (GoogLeNet's and Inception's auxiliary
            # classifiers): FT plans what runs, and says how much it leaves out.
            source["unused_parameters"] = {"count": sum(n for _, n in unused), "modules": [m for m, _ in unused]}
        return {"name": self.name, "ops": self.ops, "source": source}

    def unused_parameters(self) -> list[tuple[str, int]]:
        """(module, parameter count) of the parameters forward never reads, by outermost module."""
        used: set[int] = set()
        for node in self.gm.graph.nodes:
            if node.op == "call_module":
                used.update(id(p) for p in self.gm.get_submodule(node.target).parameters())
            elif node.op == "get_attr":
                obj: Any = self.gm
                for part in node.target.split("."):
                    obj = getattr(obj, part, None)
                used.add(id(obj))
        by_module: dict[str, int] = {}
        seen: set[int] = set()
        for name, p in self.module.named_parameters():
            if id(p) in used or id(p) in seen:
                continue
            seen.add(id(p))
            top = name.rsplit(".", 1)[0] if "." in name else name
            top = top.split(".")[0]
            by_module[top] = by_module.get(top, 0) + p.numel()
        return sorted(by_module.items())

    def tie(self, weight: torch.Tensor, name: str) -> None:
        self.weights.setdefault(id(weight), name)

    def module_op(self, node: fx.Node) -> None:
        m = self.modules[node.target]
        x: Any = args_of(node)[0] if args_of(node) else None
        if isinstance(m, nn.Conv2d):
            if m.dilation not in ((1, 1), 1) or isinstance(m.padding, str):
                raise ExportError(
                    f"{op_text(node, self.modules)}: FT costs convolutions of dilation 1 with "
                    f"numeric padding{location(node)}"
                )
            out_node = node
            bn = False
            user = self.only_user(node)
            if user is not None and user.op == "call_module" and isinstance(self.modules[user.target], nn.BatchNorm2d):
                bn = True
                self.fused.add(user)
                out_node = user
            act, last = self.fuse_activation(out_node)
            op = self.add_op(
                node,
                "conv2d",
                [x],
                out=m.out_channels,
                kernel=list(m.kernel_size),
                stride=list(m.stride),
                padding=list(m.padding),
                bias=m.bias is not None,
                batch_norm=bn or None,
                activation=act,
                groups=m.groups if m.groups != 1 else None,
            )
            for n in (out_node, last):
                self.produced[n] = op["name"]
            self.tie(m.weight, op["name"])
        elif isinstance(m, nn.Linear):
            act, last = self.fuse_activation(node)
            tied = self.weights.get(id(m.weight))
            op = self.add_op(
                node, "linear", [x], out=m.out_features, bias=m.bias is not None, activation=act, tied_to=tied
            )
            self.produced[last] = op["name"]
            self.tie(m.weight, op["name"])
        elif isinstance(m, nn.Embedding):
            if self.derived_from_input(x):
                op = self.add_op(node, "embedding", [x], vocab=m.num_embeddings, out=m.embedding_dim)
                op.pop("inputs", None)
                op.update(self.data_fields(x))
                op.pop("features", None)
                self.tie(m.weight, op["name"])
            else:  # positions: torch.arange(...), a table added to the token embedding
                self.produced[node] = None
                self.positions[node] = m.num_embeddings
        elif isinstance(m, (nn.LayerNorm, nn.GroupNorm)) or type(m).__name__ in ("RMSNorm", "LlamaRMSNorm"):
            kind = "layernorm" if isinstance(m, nn.LayerNorm) else "rmsnorm" if "RMS" in type(m).__name__ else None
            if kind is None:
                raise ExportError(f"{op_text(node, self.modules)} has no FT cost (layernorm, rmsnorm){location(node)}")
            self.add_op(node, kind, [x])
        elif isinstance(m, nn.BatchNorm2d):
            raise ExportError(f"{op_text(node, self.modules)} not right after a Conv2d has no FT cost{location(node)}")
        elif type(m) in ACTIVATION_MODULES:
            self.elementwise(node, ACTIVATION_MODULES[type(m)], [x])
        elif type(m) in GATE_MODULES:
            self.elementwise(node, GATE_MODULES[type(m)], [x])
        elif isinstance(m, nn.Dropout):
            if m.p > 0:
                self.elementwise(node, "dropout", [x])
            else:
                self.produced[node] = self.source(x)
        elif isinstance(m, nn.Identity):
            self.produced[node] = self.source(x)
        elif isinstance(m, (nn.MaxPool2d, nn.AvgPool2d)):
            if isinstance(m, nn.MaxPool2d) and two(m.dilation) != [1, 1]:
                raise ExportError(f"{op_text(node, self.modules)}: FT costs pools without dilation{location(node)}")
            if isinstance(m, nn.AvgPool2d) and m.divisor_override is not None:
                raise ExportError(
                    f"{op_text(node, self.modules)}: FT costs average pools without a divisor override{location(node)}"
                )
            self.add_op(
                node,
                "pool",
                [x],
                function="max" if isinstance(m, nn.MaxPool2d) else "avg",
                kernel=two(m.kernel_size),
                stride=two(m.stride or m.kernel_size),
                padding=two(m.padding),
                ceil_mode=True if m.ceil_mode else None,
            )
        elif isinstance(m, nn.AdaptiveAvgPool2d):
            size = m.output_size if isinstance(m.output_size, (tuple, list)) else (m.output_size, m.output_size)
            if list(size) == self.shape(x)[-2:]:  # VGG's, AlexNet's (7, 7) of a 7 x 7 map: the map itself
                self.produced[node] = self.source(x)
                return
            if tuple(size) != (1, 1):
                raise ExportError(f"{op_text(node, self.modules)}: FT pools globally (output size 1){location(node)}")
            self.add_op(node, "pool", [x], function="global-avg")
        elif isinstance(m, nn.MultiheadAttention):
            a = args_of(node)
            if not (m._qkv_same_embed_dim and len(a) >= 3 and a[0] is a[1] is a[2]):
                raise ExportError(
                    f"{op_text(node, self.modules)}: FT costs self-attention (query, key and value "
                    f"the same tensor, one embedding size){location(node)}"
                )
            qkv = self.add_op(
                node, "linear", [x], name=f"{node.target}.in_proj", out=3 * m.embed_dim, bias=m.in_proj_bias is not None
            )
            att = self.append(
                {"name": f"{node.target}.attention", "kind": "attention", "inputs": [qkv["name"]], "heads": m.num_heads}
            )
            proj = self.append(
                {
                    "name": f"{node.target}.out_proj",
                    "kind": "linear",
                    "inputs": [att["name"]],
                    "out": m.embed_dim,
                    "bias": m.out_proj.bias is not None,
                }
            )
            self.produced[node] = proj["name"]
            for u in node.users:  # out, weights = mha(x, x, x): the output is element 0
                if u.op == "call_function" and u.target is operator.getitem and args_of(u)[1] == 0:
                    self.produced[u] = proj["name"]
                    self.fused.add(u)
        else:
            raise ExportError(
                f"{op_text(node, self.modules)} has no FT cost; FT costs Conv2d (+BatchNorm2d), "
                f"Linear, Embedding, LayerNorm, RMSNorm, MultiheadAttention, pooling, ReLU / ReLU6 / "
                f"GELU / SiLU / Sigmoid / Hardsigmoid / Hardswish, Dropout{location(node)}"
            )

    def derived_from_input(self, node: Any) -> bool:
        seen, stack = set(), [node]
        while stack:
            n = stack.pop()
            if not isinstance(n, fx.Node) or n in seen:
                continue
            seen.add(n)
            if n.op == "placeholder":
                return True
            if (n.op == "call_method" and n.target in SIZE_METHODS) or (
                n.op == "call_function" and getattr(n.target, "__name__", "") == "getattr"
            ):
                continue  # sizes of the input (torch.arange(x.size(1))) are not its data
            stack.extend(a for a in n.all_input_nodes)
        return False

    def elementwise(self, node: fx.Node, function: str, inputs: list[Any], activation: str | None = None) -> None:
        self.add_op(node, "elementwise", inputs, function=function, activation=activation)

    def binary(self, node: fx.Node, function: str) -> None:
        tensors = [a for a in args_of(node) if isinstance(a, fx.Node)]
        pos = [a for a in tensors if a in self.positions]
        if function == "add" and len(tensors) == 2 and len(pos) == 1:
            # token embedding + position embedding: one embedding op with the position rows
            other = tensors[0] if tensors[1] is pos[0] else tensors[1]
            name = self.source(other)
            op = self.by_name.get(name) if name is not None else None
            if op is None or op["kind"] != "embedding":
                raise ExportError(f"a position table added to something else than a token embedding{location(node)}")
            op["extra_rows"] = op.get("extra_rows", 0) + self.positions[pos[0]]
            self.produced[node] = name
            return
        if len(tensors) < 2:  # x * 0.5, x + 1: the same shape, a small cost FT leaves out
            self.produced[node] = self.source(tensors[0]) if tensors else None
            return
        out = self.shape(node)
        scale = out[:2] + [1, 1] if len(out) == 4 else None  # squeeze-and-excitation's [B, C, 1, 1]
        if any(self.shape(t) != out and not (function == "mul" and self.shape(t) == scale) for t in tensors):
            raise ExportError(
                f"{function} of differently shaped tensors {[self.shape(t) for t in tensors]} has no "
                f"FT cost (FT adds and multiplies tensors of one shape, and multiplies an image by "
                f"a [B, C, 1, 1] channel scale){location(node)}"
            )
        act, last = self.fuse_activation(node)
        self.elementwise(node, function, tensors, act)
        self.produced[last] = self.produced[node]

    def is_number(self, node: fx.Node) -> bool:
        """A value computed from sizes and constants (C // heads, h == image_size): no tensor, no cost."""
        return "tensor_meta" not in node.meta and not any(
            isinstance(a, fx.Node) and self.produced.get(a) is not None for a in node.all_input_nodes
        )

    def function_op(self, node: fx.Node) -> None:
        t = node.target
        args = args_of(node)
        if (
            getattr(t, "__module__", "") in ("_operator", "operator")
            and t is not operator.getitem
            and self.is_number(node)
        ):
            self.produced[node] = None  # arithmetic and comparisons on sizes
            return
        if t in ASSERT_FUNCTIONS:
            self.produced[node] = None  # torch._assert(h == self.image_size): a check, no cost
            return
        if t in ADD_FUNCTIONS:
            self.binary(node, "add")
        elif t in MUL_FUNCTIONS:
            self.binary(node, "mul")
        elif t in ACTIVATION_FUNCTIONS:
            self.elementwise(node, ACTIVATION_FUNCTIONS[t], [args[0]])
        elif t in GATE_FUNCTIONS:
            self.elementwise(node, GATE_FUNCTIONS[t], [args[0]])
        elif getattr(t, "__name__", "") == "stochastic_depth":  # torchvision's: a row mask in training
            p = kwargs_of(node).get("p", args[1] if len(args) > 1 else 0.0)
            if p > 0:
                self.elementwise(node, "dropout", [args[0]])
            else:
                self.produced[node] = self.source(args[0])
        elif t is F.dropout:
            p = kwargs_of(node).get("p", args[1] if len(args) > 1 else 0.5)
            if p > 0:
                self.elementwise(node, "dropout", [args[0]])
            else:
                self.produced[node] = self.source(args[0])
        elif t is SDPA:
            q, k, v = args[:3]
            srcs = {self.source(q), self.source(k), self.source(v)}
            qs = self.shape(q)
            if len(qs) != 4:
                raise ExportError(
                    f"scaled_dot_product_attention on {qs}: FT expects [B, heads, S, head_dim]{location(node)}"
                )
            heads = qs[1]
            kv_heads = self.shape(k)[1]
            if len(srcs) == 1:  # q, k and v split from one projection
                self.add_op(node, "attention", [q], heads=heads, kv_heads=kv_heads if kv_heads != heads else None)
            elif self.source(k) == self.source(v):  # cross-attention: q, then k and v of another sequence
                op = self.add_op(
                    node, "attention", [q, k], heads=heads, kv_heads=kv_heads if kv_heads != heads else None
                )
                op["inputs"] = [self.source(q), self.source(k)]
            else:
                raise ExportError(
                    f"attention whose q, k and v come from three projections has no FT cost (fuse "
                    f"them into one nn.Linear, or k and v into one){location(node)}"
                )
        elif t is torch.cat:
            tensors = args[0]
            dim = kwargs_of(node).get("dim", args[1] if len(args) > 1 else 0)
            rank = len(self.shape(node))
            features = (1, -3) if rank == 4 else (rank - 1, -1)  # channels of [B, C, H, W], else the last dim
            if dim not in features:
                raise ExportError(
                    f"torch.cat along dim {dim} of {self.shape(node)}: FT concatenates features "
                    f"(channels of an image, the last dim otherwise), not rows or positions such "
                    f"as a class token{location(node)}"
                )
            if len(tensors) == 1 and isinstance(tensors[0], fx.Node):  # cat([x]): x itself (DenseNet)
                self.produced[node] = self.source(tensors[0])
                return
            sources = [self.source(t) for t in tensors if isinstance(t, fx.Node)]
            computed = [src for src in sources if src is not None]
            if len(computed) != len(tensors) or len(computed) < 2:
                raise ExportError(
                    f"torch.cat of a computed tensor with learned or constant ones has no FT cost{location(node)}"
                )
            if len(set(computed)) != len(computed):
                raise ExportError(
                    f"torch.cat of one tensor more than once has no FT cost (FT concatenates "
                    f"distinct inputs){location(node)}"
                )
            self.add_op(node, "concat", list(tensors))
        elif t is operator.getitem and self.first_position(node):
            self.add_op(node, "pool", [args[0]], function="first")
        elif t in PASS_FUNCTIONS or getattr(t, "__name__", "") in ("flatten", "getitem"):
            src = args[0]
            self.produced[node] = self.source(src) if isinstance(src, fx.Node) else None
        elif t in (torch.arange, getattr) or getattr(t, "__name__", "") in ("arange", "getattr"):
            self.produced[node] = None  # sizes and positions: no tensor FT costs
        elif t is F.adaptive_avg_pool2d:
            size = kwargs_of(node).get("output_size", args[1] if len(args) > 1 else None)
            if size not in (1, (1, 1), [1, 1]):
                raise ExportError(f"adaptive_avg_pool2d to {size}: FT pools globally (output size 1){location(node)}")
            self.add_op(node, "pool", [args[0]], function="global-avg")
        elif t is torch.mean:
            self.mean(node)
        else:
            raise ExportError(f"{op_text(node, self.modules)} has no FT cost{location(node)}")

    def first_position(self, node: fx.Node) -> bool:
        """x[:, 0] of a sequence [B, S, C] (BERT's pooler, a [CLS] head): its first position."""
        x, index = args_of(node)[0], args_of(node)[1]
        if not isinstance(x, fx.Node) or len(getattr(x.meta.get("tensor_meta"), "shape", ())) != 3:
            return False  # a tuple's item (q, k, v = qkv.split(...)) has no one shape
        if not isinstance(index, tuple) or len(index) < 2 or index[0] != slice(None) or index[1] != 0:
            return False
        return all(i == slice(None) or i is Ellipsis for i in index[2:])

    def mean(self, node: fx.Node) -> None:
        """x.mean([2, 3]) of an image [B, C, H, W] (MNASNet's, ShuffleNet's global pool): a global-avg
        pool. A mean over other dims has no FT cost."""
        x = args_of(node)[0]
        dims = kwargs_of(node).get("dim", args_of(node)[1] if len(args_of(node)) > 1 else None)
        rank = len(self.shape(x))
        dims = [dims] if isinstance(dims, int) else list(dims) if isinstance(dims, (list, tuple)) else None
        if rank != 4 or dims is None or sorted(d % 4 for d in dims) != [2, 3]:
            raise ExportError(
                f"mean over dims {dims} of {self.shape(x)}: FT costs a mean over an image's height "
                f"and width (a global average pool){location(node)}"
            )
        self.add_op(node, "pool", [x], function="global-avg")

    def method_op(self, node: fx.Node) -> None:
        m = node.target
        if m in SIZE_METHODS:
            self.produced[node] = None
        elif m in PASS_METHODS:
            self.produced[node] = self.source(args_of(node)[0])
        elif m in ("add", "add_"):
            self.binary(node, "add")
        elif m in ("mul", "mul_"):
            self.binary(node, "mul")
        elif m in ("relu", "relu_"):
            self.elementwise(node, "relu", [args_of(node)[0]])
        elif m in ("sigmoid", "sigmoid_"):
            self.elementwise(node, "sigmoid", [args_of(node)[0]])
        elif m == "mean":
            self.mean(node)
        else:
            raise ExportError(f"tensor method '{m}' has no FT cost{location(node)}")


def export_graph(module: nn.Module, example: torch.Tensor, batch: int, name: str) -> Graph:
    """The FT op-graph JSON (a dict) of `module` on `example` (a batch of 1), planned at `batch`."""
    try:
        return Exporter(module, example, batch, name).run()
    except ExportError:
        raise
    except Exception as e:  # torch.fx could not trace it, or the sample could not run: PyTorch's words
        root: BaseException = e
        while root.__cause__ is not None:
            root = root.__cause__
        first = (str(root).strip().splitlines() or [type(root).__name__])[0]
        if "ShapeProp" in str(e):
            raise ExportError(
                f"the model does not run on the --input sample ({type(root).__name__}: {first}); "
                f"check --input's type and shape"
            ) from e
        raise ExportError(f"torch.fx cannot trace the model: {first}") from e
