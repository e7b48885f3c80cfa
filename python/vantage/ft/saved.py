"""What autograd keeps for backward, per FT op (the op graph's `saved`): the program's forward runs
once on fake tensors (shapes, dtypes and devices only: no memory, no arithmetic) under saved-tensor
hooks, and every tensor an ATen op saves for its backward is counted once (by its storage;
parameters and buffers are not activations) against the FT op that owns the node saving it
(vantage.ft.counts). The program's outputs count too, against the ops that make them: the training
loop holds them (the logits) until backward is done.

This is the activation memory as the framework keeps it: GPT-2's GELU written out in ATen keeps its
input, its tanh and both factors of its last product (four tensors where a fused kernel keeps one),
a layer norm its input and statistics, a linear its input, a fused attention its q, k, v, output and
log-sum-exp. FT prices an op's activations from these figures when the graph carries them, and from
its own formula (the op's output and extras) when it does not.
"""

from __future__ import annotations

from typing import Any

import torch
from torch import fx
from torch._subclasses.fake_tensor import FakeTensorMode
from torch.export import ExportedProgram
from torch.export.graph_signature import InputKind
from torch.multiprocessing.reductions import StorageWeakRef
from torch.utils import _pytree as pytree

from vantage.ft.counts import SKIPPED

Op = dict[str, Any]
# ATen ops FT prices by their FLOPs (linear, convolution, attention); every other kernel is
# memory-bound and priced by the bytes it moves.
MATMULS = {
    "mm", "addmm", "bmm", "baddbmm", "matmul", "linear", "convolution", "conv2d", "einsum",
    "scaled_dot_product_attention", "_scaled_dot_product_flash_attention_for_cpu",
    "_scaled_dot_product_flash_attention", "_scaled_dot_product_efficient_attention",
    "_scaled_dot_product_cudnn_attention",
}  # fmt: skip
# Special-function kernels, which compute more than they move on a CPU: for each, whether its
# backward kernel computes one again per element (GELU's and SiLU's gradients recompute their tanh,
# erf or sigmoid; log-softmax's gradient takes an exp; tanh's, exp's and softmax's only multiply
# what forward made). Square roots and integer powers are left out: a CPU runs them at about the
# speed of a copy.
SPECIAL = {
    "tanh": False, "exp": False, "exp2": False, "expm1": False, "log": False, "log2": False,
    "log10": False, "log1p": False, "sigmoid": False, "_softmax": False, "softmax": False,
    "erf": True, "erfc": True, "gelu": True, "silu": True, "mish": True, "softplus": True, "elu": True,
    "_log_softmax": True, "log_softmax": True, "sin": True, "cos": True, "atan": False,
}  # fmt: skip


def storage(t: torch.Tensor) -> Any:
    """A key of `t`'s storage, the same for every view of it (fake tensors' too)."""
    return StorageWeakRef(t.untyped_storage()).cdata  # type: ignore[no-untyped-call]


class SavedCounter(fx.Interpreter):
    """Runs a program's graph on fake tensors, the ATen node running named while its saved tensors
    are packed."""

    def __init__(self, gm: fx.GraphModule, owner: dict[fx.Node, Op], exclude: set[Any]) -> None:
        super().__init__(gm)
        self.owner = owner
        self.exclude = exclude  # storages of parameters and buffers
        self.current: fx.Node | None = None
        self.bytes: dict[int, int] = {}  # id(op) -> bytes saved
        self.inputs: dict[int, int] = {}  # id(op) -> of those, bytes another op (or the caller) made
        self.seen: set[Any] = set()
        self.maker: dict[Any, int | None] = {}  # storage -> id(op) of the node that made it
        self.alive: list[torch.Tensor] = []  # every tensor made, so that no storage's key is reused
        self.traffic: dict[int, int] = {}  # id(op) -> activation bytes its memory-bound kernels move
        self.fixed: dict[int, int] = {}  # id(op) -> weight bytes they read (not growing with the batch)
        self.special: dict[int, list[int]] = {}  # id(op) -> elements special functions make, [forward, backward]

    def run_node(self, n: fx.Node) -> Any:
        name = str(getattr(n.target, "_opname", ""))
        if n.op == "call_function" and name in SKIPPED:
            return None  # metadata checks: the shapes are the traced ones
        self.current = n
        if n.op == "output":  # the outputs (the logits): held by the training loop through backward
            for node in n.all_input_nodes:
                value = self.env.get(node)
                if isinstance(value, torch.Tensor):
                    self.current = node
                    self.pack(value)
        result = super().run_node(n)
        made = self.owner.get(n)
        outputs = [t for t in pytree.tree_leaves(result) if isinstance(t, torch.Tensor)]
        for t in outputs:
            self.maker.setdefault(storage(t), None if made is None else id(made))
        self.alive += outputs  # fake: they hold no memory
        if made is not None and n.op == "call_function" and name not in MATMULS:
            self.count_traffic(made, [self.env[i] for i in n.all_input_nodes if i in self.env], outputs)
        if made is not None and n.op == "call_function" and name in SPECIAL:
            elements = sum(t.numel() for t in outputs if t.dtype.is_floating_point)
            counts = self.special.setdefault(id(made), [0, 0])
            counts[0] += elements
            counts[1] += elements if SPECIAL[name] else 0
        return result

    def count_traffic(self, op: Op, inputs: list[Any], outputs: list[torch.Tensor]) -> None:
        """The bytes a memory-bound kernel reads and writes; none for a view (an output sharing an
        input's storage: a reshape, a transpose, a split) or a kernel that makes nothing."""
        reads = [t for t in inputs if isinstance(t, torch.Tensor)]
        if not outputs or {storage(t) for t in outputs} & {storage(t) for t in reads}:
            return
        made = sum(t.numel() * t.element_size() for t in outputs)
        for t in reads + outputs:
            n = min(t.numel() * t.element_size(), t.untyped_storage().nbytes())
            if storage(t) in self.exclude:  # a weight: read as far as the output needs it (a lookup's rows)
                self.fixed[id(op)] = self.fixed.get(id(op), 0) + min(n, made)
            else:
                self.traffic[id(op)] = self.traffic.get(id(op), 0) + n

    def pack(self, t: torch.Tensor) -> torch.Tensor:
        ref = storage(t)
        if ref in self.exclude or ref in self.seen or self.current is None:
            return t
        self.seen.add(ref)
        op = self.owner.get(self.current)
        if op is not None:
            n = int(t.untyped_storage().nbytes())
            self.bytes[id(op)] = self.bytes.get(id(op), 0) + n
            if self.maker.setdefault(ref, id(op)) != id(op):  # not made yet: the node running makes it
                self.inputs[id(op)] = self.inputs.get(id(op), 0) + n
        return t


def fake_input(node: fx.Node, grad: bool, constants: dict[str, Any], target: str | None) -> Any:
    """A fake tensor (shape, dtype and device, no data) for a placeholder: its traced value's, or
    the lifted constant's."""
    val = constants.get(target) if target is not None and target in constants else node.meta.get("val")
    if not isinstance(val, torch.Tensor):
        return val
    t = torch.empty(tuple(int(d) for d in val.shape), dtype=val.dtype, device=val.device)
    return t.requires_grad_(grad and (val.dtype.is_floating_point or val.dtype.is_complex))


def count_saved(program: ExportedProgram, owner: dict[fx.Node, Op], ops: list[Op], scale: float) -> str | None:
    """Sets `saved` on every op of `ops` but the loss (FT's own, after the program): the fp32 elements
    (bytes / 4) autograd keeps for its backward, at the graph's batch (`scale`: graph batch / traced
    batch); and `saved_inputs`, the part of them the op read from other ops (or the model's inputs),
    which a device keeps as it reads them (a column-parallel linear its whole input), where the rest
    is split as the op's output; and `traffic`, the fp32 elements its memory-bound kernels read and
    write in forward (weights unscaled); and `special` and `special_backward`, the elements its
    special-function kernels (SPECIAL) make in forward and in backward. Returns why they could not
    be measured (the ops then keep FT's formulas), or None."""
    specs = {s.arg.name: (s.kind, s.target) for s in program.graph_signature.input_specs if hasattr(s.arg, "name")}
    exclude: set[Any] = set()
    try:
        with FakeTensorMode(allow_non_fake_inputs=True):
            args = []
            for node in program.graph.nodes:
                if node.op != "placeholder":
                    continue
                kind, target = specs.get(node.name, (InputKind.USER_INPUT, None))
                t = fake_input(node, kind == InputKind.PARAMETER, program.constants, target)
                if kind != InputKind.USER_INPUT and isinstance(t, torch.Tensor):
                    exclude.add(storage(t))
                args.append(t)
            counter = SavedCounter(program.graph_module, owner, exclude)
            with torch.enable_grad(), torch.autograd.graph.saved_tensors_hooks(counter.pack, lambda t: t):
                counter.run(*args)
    except Exception as e:  # an op with no fake kernel, data-dependent control flow
        first = (str(e).strip().splitlines() or [""])[0]
        return f"the forward does not run on fake tensors ({type(e).__name__}: {first[:200]})"
    for o in ops:
        if o["kind"] != "loss":
            o["saved"] = round(counter.bytes.get(id(o), 0) / 4 * scale)
            o["saved_inputs"] = round(counter.inputs.get(id(o), 0) / 4 * scale)
            o["traffic"] = round((counter.traffic.get(id(o), 0) * scale + counter.fixed.get(id(o), 0)) / 4)
            forward, backward = counter.special.get(id(o), [0, 0])
            o["special"] = round(forward * scale)
            o["special_backward"] = round(backward * scale)
    return None
