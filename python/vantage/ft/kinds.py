"""The ATen ops with an FT kind of their own: matmuls (linear, addmm, mm, matmul, bmm), convolution,
batch and layer norms, attention (scaled_dot_product_attention, or q @ k^T, softmax, @ v), pools,
concatenation (of features, or a class token before the positions), a sequence's first position.
"""

from __future__ import annotations

import math
from typing import Any

from torch import fx

from vantage.ft.fusion import merge_projections
from vantage.ft.nodes import module_of
from vantage.ft.ops import Mapper, arg, conv_out, shape_of
from vantage.ft.values import Act, Const, Data, Many, Scores, Value, merge


class AtenMapper(Mapper):
    # ---- matmuls ---------------------------------------------------------------------------------
    def op_linear(self, node: fx.Node, values: dict[fx.Node, Value]) -> Value:
        return self.weighted(node, values, node.args[0], node.args[1], shape_of(node.args[1]), arg(node, 2, "bias"))

    def op_addmm(self, node: fx.Node, values: dict[fx.Node, Value]) -> Value:
        w = shape_of(node.args[2])  # Conv1D (GPT-2): x @ W + b, W [in, out]
        return self.weighted(node, values, node.args[1], node.args[2], (w[1], w[0]), node.args[0])

    def op_mm(self, node: fx.Node, values: dict[fx.Node, Value]) -> Value:
        return self.op_matmul(node, values)

    def op_bmm(self, node: fx.Node, values: dict[fx.Node, Value]) -> Value:
        return self.op_matmul(node, values)

    def op_baddbmm(self, node: fx.Node, values: dict[fx.Node, Value]) -> Value:
        scores = self.op_matmul(node, values, 1)
        bias = self.value(node.args[0], values)
        if isinstance(scores, Scores) and isinstance(bias, Const):
            return Scores(scores.q, scores.k, scores.q_shape, scores.k_shape, merge(scores.params, bias.params))
        return scores

    def op_matmul(self, node: fx.Node, values: dict[fx.Node, Value], first: int = 0) -> Value:
        a, b = node.args[first], node.args[first + 1]
        va, vb = self.value(a, values), self.value(b, values)
        if isinstance(va, (Act, Data)) and isinstance(vb, Const):
            w = shape_of(b)  # x @ W, W [in, out]
            return self.weighted(node, values, a, b, (w[-1], w[-2]), None)
        if isinstance(va, Act) and isinstance(vb, Act):  # q @ k^T
            q, k = self.materialize(va), self.materialize(vb)
            return Scores(q, k, shape_of(a), shape_of(b))
        if isinstance(va, Scores) and isinstance(vb, Act):  # softmax(...) @ v
            return self.attention(va, self.materialize(vb), shape_of(b), va.params)
        raise self.refuse("a matmul FT has no cost for (FT costs x @ W and attention's q @ k^T ... @ v)")

    def weighted(
        self, node: fx.Node, values: dict[fx.Node, Value], x: Any, w: Any, wshape: tuple[int, ...], b: Any
    ) -> Value:
        """A linear layer: y = x W^T (+ b); `wshape` [out, in]. Read per position of an image (a
        permuted [B, H, W, C] tensor) it is a 1 x 1 convolution."""
        src = self.source(x, values)
        weight = self.value(w, values)
        assert isinstance(weight, Const)
        if not weight.params:
            raise self.refuse("a matmul by a constant, not a learned weight, has no FT cost")
        out, inf = wshape[0], wshape[1]
        features, positions, hw = self.shape(src)
        bias_value = self.value(b, values)
        bias = b is not None
        params = weight.params + (bias_value.params if isinstance(bias_value, Const) else ())
        owner = next((self.claimed[p] for p, _ in weight.params if p in self.claimed), None)
        name = self.weight_name(node, weight)
        if features == inf and hw is not None and positions > 1:
            op = self.emit(
                "conv2d",
                src,
                (out, positions, hw),
                name,
                out=out,
                kernel=[1, 1],
                stride=[1, 1],
                padding=[0, 0],
                bias=bias,
            )
        elif features == inf or (hw is not None and features * positions == inf):
            op = self.emit("linear", src, (out, positions if features == inf else 1, None), name, out=out, bias=bias)
            if owner is not None and self.op(owner)["kind"] == "embedding":
                self.op(op)["tied_to"] = owner
        else:
            what = src if isinstance(src, str) else "the input"
            raise self.refuse(
                f"reads {inf} features a position, but what it reads ('{what}') "
                f"has {features} at {positions} positions: FT plans whole tensors, not parts or reshapes of one"
            )
        self.claim(params, op)
        return Act(op)

    def weight_name(self, node: fx.Node, weight: Const) -> str | None:
        path, _ = module_of(node)
        target = weight.params[0][0] if weight.params else ""
        if path and (target == f"{path}.weight" or not target or target in self.claimed):
            return path
        for suffix in (".weight", "_weight"):
            if target.endswith(suffix):
                return target[: -len(suffix)]
        return path or None

    # ---- convolutions and norms ------------------------------------------------------------------
    def op_conv2d(self, node: fx.Node, values: dict[fx.Node, Value]) -> Value:
        src = self.source(node.args[0], values)
        weight = self.value(node.args[1], values)
        assert isinstance(weight, Const)
        w = shape_of(node.args[1])
        stride, padding = list(arg(node, 3, "stride", [1, 1])), arg(node, 4, "padding", [0, 0])
        dilation, groups = list(arg(node, 5, "dilation", [1, 1])), int(arg(node, 6, "groups", 1))
        if isinstance(padding, str) or any(d != 1 for d in dilation):
            raise self.refuse("FT costs convolutions of dilation 1 with numeric padding")
        stride, padding = two(stride), two(padding)
        features, _, hw = self.shape(src)
        if hw is None or features != w[1] * groups:
            raise self.refuse(f"reads {w[1] * groups} channels of an image; FT's input has {features} features")
        h = conv_out(hw[0], w[2], stride[0], padding[0])
        wd = conv_out(hw[1], w[3], stride[1], padding[1])
        bias = arg(node, 2, "bias") is not None
        op = self.emit(
            "conv2d", src, (w[0], h * wd, (h, wd)), self.weight_name(node, weight), out=w[0], kernel=[w[2], w[3]],
            stride=stride, padding=padding, bias=bias, groups=groups if groups != 1 else None,
        )  # fmt: skip
        params = weight.params
        b = self.value(arg(node, 2, "bias"), values)
        if isinstance(b, Const):
            params = params + b.params
        self.claim(params, op)
        return Act(op)

    def op_convolution(self, node: fx.Node, values: dict[fx.Node, Value]) -> Value:
        if arg(node, 6, "transposed", False) or len(shape_of(node.args[1])) != 4:
            raise self.refuse("has no FT cost (FT costs 2-D convolutions)")
        return self.op_conv2d(node, values)

    def op_batch_norm(self, node: fx.Node, values: dict[fx.Node, Value]) -> Value:
        src = self.source(node.args[0], values)
        if isinstance(src, Data):
            raise self.refuse("a batch norm of the input has no FT cost")
        op = self.emit("batch_norm", [src], self.shapes[src])
        for i in (1, 2):
            c = self.value(node.args[i], values)
            if isinstance(c, Const):
                self.claim(c.params, op)
        return Act(op)

    def op__native_batch_norm_legit_no_training(self, node: fx.Node, values: dict[fx.Node, Value]) -> Value:
        act = self.op_batch_norm(node, values)
        return Many((act, None, None))

    def op_layer_norm(self, node: fx.Node, values: dict[fx.Node, Value], kind: str = "layernorm") -> Value:
        src = self.source(node.args[0], values)
        if isinstance(src, Data):
            raise self.refuse("a norm of the input has no FT cost")
        normalized = math.prod(arg(node, 1, "normalized_shape", []))
        src = self.space_to_depth(src, normalized)
        op = self.emit(kind, [src], self.shapes[src])
        for i in (2, 3):
            c = self.value(node.args[i] if len(node.args) > i else None, values)
            if isinstance(c, Const):
                self.claim(c.params, op)
        return Act(op)

    def op_rms_norm(self, node: fx.Node, values: dict[fx.Node, Value]) -> Value:
        return self.op_layer_norm(node, values, "rmsnorm")

    def space_to_depth(self, src: str, features: int) -> str:
        """`src` read with `features` a position: itself, or its 2 x 2 (k x k) neighbourhoods stacked
        on the channels (Swin's patch merging), FT's space-to-depth pool."""
        f, p, hw = self.shapes[src]
        if features == f:
            return src
        k = int(math.isqrt(features // f)) if features % f == 0 else 0
        if hw is None or k < 2 or k * k * f != features or hw[0] % k or hw[1] % k:
            raise self.refuse(f"reads {features} features a position; what it reads ('{src}') has {f}")
        h, w = hw[0] // k, hw[1] // k
        return self.emit(
            "pool", [src], (features, h * w, (h, w)), function="space-to-depth", kernel=[k, k], stride=[k, k]
        )

    # ---- attention -------------------------------------------------------------------------------
    def op_scaled_dot_product_attention(self, node: fx.Node, values: dict[fx.Node, Value]) -> Value:
        q, k, v = (self.value(a, values) for a in node.args[:3])
        if not (isinstance(q, Act) and isinstance(k, Act) and isinstance(v, Act)):
            raise self.refuse("attention over something else than activations has no FT cost")
        mask = self.value(arg(node, 3, "attn_mask"), values)
        params = mask.params if isinstance(mask, Const) else ()
        qs, ks = self.materialize(q), self.materialize(k)
        kshape = shape_of(node.args[1])
        kt = (*kshape[:-2], kshape[-1], kshape[-2])
        return self.attention(
            Scores(qs, ks, shape_of(node.args[0]), kt, params), self.materialize(v), shape_of(node.args[2]), params
        )

    def attention(self, s: Scores, v: str, vshape: tuple[int, ...], params: tuple[tuple[str, int], ...]) -> Value:
        heads = s.q_shape[-3] if len(s.q_shape) >= 3 else 1
        hd, seq, kv_seq = s.q_shape[-1], s.q_shape[-2], s.k_shape[-1]
        if s.q == s.k == v:
            inputs = [s.q]
            kv_heads = (self.shapes[s.q][0] // hd - heads) // 2
        elif s.k == v:
            inputs = [s.q, s.k]
            kv_heads = self.shapes[s.k][0] // (2 * hd)
        else:
            inputs, kv_heads = merge_projections(self, s.q, s.k, v, hd)
        features, positions, hw = self.shapes[inputs[0]]
        window = None
        if seq != positions:
            if positions % seq or kv_seq != seq:
                raise self.refuse(f"attention over {seq} of {positions} positions has no FT cost")
            window = seq  # local windows (Swin): each query sees its window's keys
        op = self.emit(
            "attention", inputs, (heads * hd, positions, hw), heads=heads,
            kv_heads=kv_heads if kv_heads != heads else None, window=window,
        )  # fmt: skip
        n = self.claim(params, op)
        if n:
            self.op(op)["params"] = n
        return Act(op)

    def op_softmax(self, node: fx.Node, values: dict[fx.Node, Value]) -> Value:
        v = self.value(node.args[0], values)
        if not isinstance(v, Scores):
            raise self.refuse("a softmax outside attention has no FT cost")
        return v

    def op__softmax(self, node: fx.Node, values: dict[fx.Node, Value]) -> Value:
        return self.op_softmax(node, values)

    # ---- pools, concatenation, positions ---------------------------------------------------------
    def op_max_pool2d(self, node: fx.Node, values: dict[fx.Node, Value], function: str = "max") -> Value:
        src = self.source(node.args[0], values)
        kernel = two(arg(node, 1, "kernel_size"))
        stride = two(arg(node, 2, "stride") or kernel)
        padding = two(arg(node, 3, "padding", 0))
        ceil = bool(arg(node, 5 if function == "max" else 4, "ceil_mode", False))
        if function == "max" and two(arg(node, 4, "dilation", 1)) != [1, 1]:
            raise self.refuse("FT costs pools without dilation")
        if function == "avg" and arg(node, 6, "divisor_override") is not None:
            raise self.refuse("FT costs average pools without a divisor override")
        f, _, hw = self.shape(src)
        if hw is None:
            raise self.refuse("a pool needs an image")
        h, w = (conv_out(hw[i], kernel[i], stride[i], padding[i], ceil) for i in (0, 1))
        return Act(self.emit(
            "pool", src if isinstance(src, Data) else [src], (f, h * w, (h, w)), function=function, kernel=kernel,
            stride=stride, padding=padding, ceil_mode=True if ceil else None,
        ))  # fmt: skip

    def op_avg_pool2d(self, node: fx.Node, values: dict[fx.Node, Value]) -> Value:
        return self.op_max_pool2d(node, values, "avg")

    def op_adaptive_avg_pool2d(self, node: fx.Node, values: dict[fx.Node, Value]) -> Value:
        src = self.source(node.args[0], values)
        f, p, hw = self.shape(src)
        size = two(arg(node, 1, "output_size"))
        if hw is not None and size == list(hw):  # VGG's (7, 7) of a 7 x 7 map: the map itself
            return self.value(node.args[0], values)
        if size != [1, 1]:
            raise self.refuse(f"adaptive_avg_pool2d to {size}: FT pools globally (output size 1)")
        return Act(
            self.emit(
                "pool", src if isinstance(src, Data) else [src], (f, 1, (1, 1) if hw else None), function="global-avg"
            )
        )

    def op_mean(self, node: fx.Node, values: dict[fx.Node, Value]) -> Value:
        """A mean over all positions (an image's height and width, a sequence's positions) is a
        global average pool; over the features (a norm's statistics) it is pointwise."""
        v = self.value(node.args[0], values)
        shape = shape_of(node.args[0])
        dims = arg(node, 1, "dim")
        dims = [dims] if isinstance(dims, int) else list(dims or range(len(shape)))
        dims = sorted(d % len(shape) for d in dims)
        if isinstance(v, Act):
            f, p, hw = self.shapes[v.op]
            reduced = math.prod(shape[d] for d in dims)
            if reduced == p and p > 1 and dims != [len(shape) - 1] and 0 not in dims:
                src = self.materialize(v)
                return Act(self.emit("pool", [src], (f, 1, (1, 1) if hw else None), function="global-avg"))
        return self.pointwise(node, "mean", values)

    def op_select(self, node: fx.Node, values: dict[fx.Node, Value]) -> Value:
        v = self.value(node.args[0], values)
        args: tuple[Any, ...] = tuple(node.args)
        dim, index = int(args[1]), int(args[2])
        if isinstance(v, Act) and len(shape_of(node.args[0])) == 3 and dim == 1:
            if index != 0:
                raise self.refuse("x[:, i] of a sequence other than its first position has no FT cost")
            src = self.materialize(v)  # x[:, 0]: the first position ([CLS], a class token)
            f, _, _ = self.shapes[src]
            return Act(self.emit("pool", [src], (f, 1, None), function="first"))
        return v

    def op_cat(self, node: fx.Node, values: dict[fx.Node, Value]) -> Value:
        first: Any = node.args[0]
        items = list(first)
        vals = [self.value(a, values) for a in items]
        shape = shape_of(node)
        dim = int(arg(node, 1, "dim", 0)) % len(shape)
        acts = [v for v in vals if isinstance(v, Act)]
        if len(acts) > 1 and len(set(acts)) < len(acts):
            raise self.refuse("torch.cat of one tensor more than once has no FT cost (FT concatenates distinct inputs)")
        if len({a.op for a in acts}) == 1 and all(isinstance(v, (Act, Const)) for v in vals) and len(acts) > 1:
            return self.pointwise(node, "cat", values)  # rotate_half of RoPE: parts of one tensor
        consts = [v for v in vals if isinstance(v, Const)]
        if len(acts) == 1 and consts and len(shape) == 3 and dim == 1:  # a class token before the positions
            src = self.materialize(acts[0])
            rows = sum(shape_of(a)[1] for a, v in zip(items, vals, strict=True) if isinstance(v, Const))
            f, p, _ = self.shapes[src]
            op = self.emit("concat", [src], (f, p + rows, None), extra_rows=rows)
            n = self.claim(tuple(x for c in consts for x in c.params), op)
            if n != rows * f:
                raise self.refuse("a concatenation of learned rows that are not one row of features each")
            return Act(op)
        feature_dim = 1 if len(shape) == 4 else len(shape) - 1
        if dim != feature_dim or consts or len(acts) != len(vals):
            raise self.refuse(
                f"torch.cat along dim {dim} of {list(shape)}: FT concatenates features or prepends a class token"
            )
        names = [self.materialize(a) for a in acts]
        if len(names) == 1:
            return Act(names[0])
        if len(set(names)) != len(names):
            raise self.refuse("torch.cat of one tensor more than once has no FT cost (FT concatenates distinct inputs)")
        f0, p, hw = self.shapes[names[0]]
        return Act(self.emit("concat", names, (sum(self.shapes[n][0] for n in names), p, hw)))

    def emit_loss(self, out: Act) -> None:
        self.node = None
        src = self.materialize(out)
        self.ops.append({"name": self.unique("loss"), "kind": "loss", "inputs": [src]})


def two(v: Any) -> list[int]:
    """A kernel, stride, padding or dilation as [h, w] (an int is both)."""
    if isinstance(v, (tuple, list)):
        return [int(v[0]), int(v[-1])] if v else [0, 0]
    return [int(v), int(v)]
