"""The exporter: a PyTorch program's op graph as the JSON FT reads (see vantage.ft).

The module is traced by torch.export (non-strict) into ATen ops, every tensor's shape in the
program; each ATen op is mapped onto FT's op kinds (ops.py), then neighbours FT prices as one op are
fused (fusion.py): a batch norm or an activation into the convolution or linear before it, separate
q, k and v projections into one, a SwiGLU's gate and up projections into one linear. Last, the
program's forward runs once on fake tensors to measure what each op's backward keeps and what its
memory-bound kernels move (saved.py).
"""

from __future__ import annotations

import contextlib
import io
import math
from typing import Any

import torch
from torch import fx
from torch.export import ExportedProgram
from torch.export.graph_signature import InputKind

from vantage.ft.counts import AtenCounter
from vantage.ft.fusion import fuse
from vantage.ft.kinds import AtenMapper
from vantage.ft.nodes import ExportError, location, op_text
from vantage.ft.saved import count_saved
from vantage.ft.values import Act, Const, Data, Many, Value

__all__ = ["ExportError", "Exporter", "Graph", "Op", "export_graph", "export_saved"]

Op = dict[str, Any]  # one FT op of the graph's "ops"
Graph = dict[str, Any]  # the op-graph JSON object: name, ops, source


def export_program(module: torch.nn.Module, example: tuple[Any, ...], kwargs: dict[str, Any]) -> ExportedProgram:
    """torch.export's program of `module` on `example` (non-strict: Python runs as written)."""
    try:
        with contextlib.redirect_stderr(io.StringIO()):  # a failed trace prints the graph it had
            return torch.export.export(module, example, kwargs, strict=False)
    except Exception as e:  # PyTorch's words, first line of the root cause
        root: BaseException = e
        while root.__cause__ is not None:
            root = root.__cause__
        first = (str(root).strip().splitlines() or [type(root).__name__])[0]
        if type(root).__module__ == "builtins":  # an op of the model failed on the sample, not the tracer
            raise ExportError(
                f"the model does not run on the --input sample as traced ({type(root).__name__}: {first}); "
                f"check --input's type and shape"
            ) from e
        raise ExportError(f"torch.export cannot trace the model: {type(root).__name__}: {first}") from e


class Exporter:
    """One export: walks `program`'s ATen graph and maps it onto FT ops (run())."""

    def __init__(
        self,
        program: ExportedProgram,
        batch: int,
        name: str,
        parameters: int | None = None,
        sample_batch: int = 1,
        measure: bool = True,
    ) -> None:
        # measure=False leaves out what autograd keeps and what kernels move (saved.py): the runner
        # needs only the ops and their shapes, not the forward run on fake tensors that measures them.
        self.measure = measure
        self.program = program
        self.sample_batch = sample_batch
        self.batch = batch
        self.name = name
        self.parameters = parameters
        sig = program.graph_signature
        self.kinds: dict[str, tuple[InputKind, str | None]] = {
            s.arg.name: (s.kind, s.target) for s in sig.input_specs if hasattr(s.arg, "name")
        }
        self.mapper = AtenMapper(self, batch)

    def param_numel(self, node: fx.Node) -> int:
        val = node.meta.get("val")
        return int(math.prod(val.shape)) if val is not None and hasattr(val, "shape") else 0

    def placeholder(self, node: fx.Node) -> Value:
        kind, target = self.kinds.get(node.name, (InputKind.USER_INPUT, None))
        if kind == InputKind.PARAMETER:
            return Const(((str(target), self.param_numel(node)),))
        if kind == InputKind.USER_INPUT:
            val = node.meta.get("val")
            if val is None or not hasattr(val, "shape"):
                return Const()  # a number or a flag the model takes
            integer = not (val.dtype.is_floating_point or val.dtype.is_complex)
            return Data(node.name, tuple(int(d) for d in val.shape), integer)
        return Const()  # buffers (running statistics, position ids), constants

    def run(self) -> Graph:
        values: dict[fx.Node, Value] = {}
        counter = AtenCounter(self.mapper)
        out: Value = None
        for node in self.program.graph.nodes:
            if node.op == "placeholder":
                values[node] = self.placeholder(node)
            elif node.op == "call_function":
                try:
                    values[node] = self.mapper.call(node, values)
                except ExportError:
                    raise
                except (KeyError, IndexError, TypeError, ValueError, AttributeError) as e:
                    raise ExportError(
                        f"{op_text(node)}: not understood ({type(e).__name__}: {e}){location(node)}"
                    ) from e
                counter.seen(node, values[node])
            elif node.op == "output":
                out = first_tensor(node.args[0], values)
        if not isinstance(out, Act):
            raise ExportError("the model's output does not depend on its input: nothing for FT to plan")
        self.mapper.emit_loss(out)
        ops = fuse(self.mapper.ops, self.mapper.notes, self.mapper.absorbed)
        counter.count(self.program.graph, ops)
        source = self.source()
        unsaved = (
            count_saved(self.program, counter.owners, ops, self.batch / self.sample_batch) if self.measure else None
        )
        if unsaved is not None:
            source["saved"] = unsaved  # why the ops' activations are FT's formula's
        return {"name": self.name, "ops": ops, "source": source}

    def source(self) -> dict[str, Any]:
        # A tied weight may be listed under each of its names (T5's shared, encoder and decoder
        # embeddings): a name is used when any name of its tensor is.
        state = self.program.state_dict
        tensor = {name: id(t) for name, t in state.items()}
        used_tensors = {tensor[p] for p in self.mapper.claimed if p in tensor}
        used = {p for p in tensor if tensor[p] in used_tensors} | set(self.mapper.claimed)
        all_params: dict[str, int] = {}
        for node in self.program.graph.nodes:
            if node.op == "placeholder" and self.kinds.get(node.name, (None,))[0] == InputKind.PARAMETER:
                target = str(self.kinds[node.name][1])
                all_params[target] = self.param_numel(node)
                if node.users and target not in used:
                    raise ExportError(f"parameter '{target}' is read by ops FT has no cost for")
        params = self.parameters if self.parameters is not None else sum(all_params.values())
        source: dict[str, Any] = {"exporter": "vantage.ft (torch.export)", "torch": torch.__version__}
        source["parameters"] = int(params)
        unused: dict[str, int] = {}
        for target, n in all_params.items():
            if target not in used:
                top = target.split(".")[0]
                unused[top] = unused.get(top, 0) + n
        if unused:
            # Modules forward never calls in evaluation (GoogLeNet's and Inception's auxiliary
            # classifiers): FT plans what runs, and says how much it leaves out.
            source["unused_parameters"] = {"count": sum(unused.values()), "modules": sorted(unused)}
        return source


def first_tensor(out: Any, values: dict[fx.Node, Value]) -> Value:
    """The first activation among a program's outputs (logits before the rest of a ModelOutput)."""
    items = list(out) if isinstance(out, (tuple, list)) else [out]
    for item in items:
        if isinstance(item, fx.Node) and isinstance(values.get(item), Act):
            return values[item]
        if isinstance(item, fx.Node) and isinstance(values.get(item), Many):
            many = values[item]
            assert isinstance(many, Many)
            for v in many.items:
                if isinstance(v, Act):
                    return v
    return None


def export_graph(
    module: torch.nn.Module,
    example: torch.Tensor | tuple[Any, ...],
    batch: int,
    name: str,
    kwargs: dict[str, Any] | None = None,
) -> Graph:
    """The FT op-graph JSON (a dict) of `module` on `example` (a batch of 1: a tensor, or a tuple of
    the forward's positional arguments; `kwargs` its keyword arguments), planned at `batch`."""
    args = example if isinstance(example, tuple) else (example,)
    program = export_program(module, args, kwargs or {})
    params = sum(p.numel() for p in {id(p): p for p in module.parameters()}.values())
    return Exporter(program, batch, name, int(params)).run()


def export_saved(path: str, batch: int, name: str) -> Graph:
    """The FT op graph of a program saved with torch.export.save (a .pt2 file)."""
    try:
        program = torch.export.load(path)
    except Exception as e:
        raise ExportError(f"{path}: not a program saved by torch.export.save ({type(e).__name__}: {e})") from e
    return Exporter(program, batch, name).run()
