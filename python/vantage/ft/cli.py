"""Writes the op graph of a PyTorch nn.Module as the JSON that `vantage-cli ft search --graph` and the
FT page read (docs/ft.md, "Op graph"), so FT plans the user's own model.

    python scripts/export_ft_graph.py --model torchvision.models:resnet50 --input float:3,224,224 \\
        --batch 256 --out resnet50.json
    python scripts/export_ft_graph.py --model my_model.py:build --kwargs '{"layers": 12}' \\
        --input long:1024 --batch 512 --out gpt.json

--model names a callable that returns the module: MODULE:NAME (importable) or FILE.py:NAME.
--input is one sample's dtype and shape (the batch dimension is --batch). The module is built on
PyTorch's meta device where its constructor allows (no memory for weights, no arithmetic), traced by
torch.export (non-strict) into ATen ops with a batch of 1; the graph records --batch. From Python:
`vantage.ft.export_graph(module, example_input, batch, name)` returns the JSON object. The same
command is installed as vantage-export-ft-graph by `pip install ./python`.

--model may also be a program saved by torch.export.save (FILE.pt2): its shapes are its own, and
--input is not given. --input once per argument of forward, positional in order or by name (an
encoder-decoder's input ids and decoder input ids: --input long:512 --input decoder_input_ids=long:128).

What FT has costs for, and how ATen maps onto it (docs/ft.md, "A PyTorch model of your own"):
  conv2d, grouped and depthwise too (+ the batch_norm and activation after it)  -> conv2d
  linear / addmm / mm / matmul by a weight (+ the activation after it; per position
  of an image, [B, H, W, C] as ConvNeXt and Swin write it: a 1 x 1 conv2d)      -> linear (tied_to)
  embedding of the input; embeddings of constant indices added to it
  (learned positions, token types)                                             -> embedding (extra_rows)
  layer_norm, rms_norm, and norms written as pow / mean / rsqrt / mul          -> layernorm / rmsnorm
  scaled_dot_product_attention, or q @ k^T (+ biases, masks) -> softmax -> @ v;
  separate q, k, v projections of one input are fused; grouped-query heads;
  windows (Swin); relative-position bias tables                               -> attention
  silu(gate(x)) * up(x)                                                       -> linear (swiglu)
  add / mul of activations; gelu (tanh or erf), silu, relu, sigmoid, hardswish,
  dropout p > 0; add / mul of a learned tensor (a position table, a layer scale) -> elementwise
  max / avg / adaptive (to 1) pools, a mean over all positions                 -> pool
  x[:, 0] of a sequence                                                       -> pool (first)
  Swin's patch merging (2 x 2 neighbourhoods onto the channels)               -> pool (space-to-depth)
  cat of activations along features; cat of a class token before positions    -> concat (extra_rows)
  views, permutes, slices, splits, casts, roll, zero padding; masks, positions,
  RoPE's rotation and scalings by constants (a small cost FT leaves out)      -> nothing
  the model's output                                                          -> loss
Anything else is refused, naming the ATen op, its module and the source line (exit 2), as is a
model torch.export cannot trace.
"""

from __future__ import annotations

import argparse
import importlib
import importlib.util
import json
import logging
import math
import os
import sys
import warnings
from collections.abc import Callable, Sequence
from typing import Any

warnings.filterwarnings("ignore")  # PyTorch's and the model's warnings are not the command's output
logging.getLogger("torch").setLevel(logging.CRITICAL)  # nor torch.export's logs of a failed trace

import torch  # noqa: E402
from torch import nn  # noqa: E402

from vantage.ft.exporter import ExportError, Graph, export_graph, export_saved  # noqa: E402

MAX_BATCH = 2147483647  # the largest batch an FT op graph takes


def load_callable(spec: str) -> Callable[..., Any]:
    """The callable that --model names: MODULE:NAME (importable) or FILE.py:NAME."""
    if ":" not in spec:
        raise ExportError(f"--model '{spec}': expected MODULE:NAME, FILE.py:NAME or FILE.pt2")
    where, attr = spec.rsplit(":", 1)
    if where.endswith(".py"):
        if not os.path.isfile(where):
            raise ExportError(f"--model: no such file {where}")
        sp = importlib.util.spec_from_file_location(os.path.splitext(os.path.basename(where))[0], where)
        if sp is None or sp.loader is None:
            raise ExportError(f"--model: {where} cannot be loaded as a Python file")
        mod = importlib.util.module_from_spec(sp)
        sys.path.insert(0, os.path.dirname(os.path.abspath(where)))
        sp.loader.exec_module(mod)
    else:
        mod = importlib.import_module(where)
    if not hasattr(mod, attr):
        raise ExportError(f"--model: {where} has no '{attr}'")
    made: Callable[..., Any] = getattr(mod, attr)
    return made


def parse_input(text: str) -> tuple[torch.dtype, list[int]]:
    """--input's dtype and one sample's shape: float:3,224,224 -> (torch.float32, [3, 224, 224])."""
    dtype, _, shape = text.partition(":")
    dtypes = {"float": torch.float32, "float32": torch.float32, "long": torch.int64, "int64": torch.int64}
    if dtype not in dtypes or not shape:
        raise ExportError(f"--input '{text}': expected float:C,H,W or long:SEQ (one sample, without the batch)")
    try:
        dims = [int(d) for d in shape.split(",")]
    except ValueError:
        raise ExportError(f"--input '{text}': the shape must be integers") from None
    if not dims or any(d <= 0 for d in dims) or math.prod(dims) > 1 << 31:
        raise ExportError(f"--input '{text}': every size must be positive (and the sample not absurdly large)")
    return dtypes[dtype], dims


def keyword_input(text: str) -> tuple[str | None, torch.dtype, list[int]]:
    """One --input: a positional argument (long:128), or a keyword one (decoder_input_ids=long:32)."""
    key, eq, rest = text.partition("=")
    if eq and key.isidentifier():
        return (key, *parse_input(rest))
    return (None, *parse_input(text))


def default_name(spec: str) -> str:
    """The graph's name: the callable's, or for FILE.py:build-like factories the file's (my_gpt)."""
    if spec.endswith(".pt2") and ":" not in spec:
        return os.path.splitext(os.path.basename(spec))[0]
    where, attr = spec.rsplit(":", 1)
    if where.endswith(".py") and attr in ("build", "make", "model", "create", "get_model", "make_model"):
        return os.path.splitext(os.path.basename(where))[0]
    return attr


def build_module(
    make: Callable[..., Any], kwargs: dict[str, Any], spec: str, devices: tuple[str, ...] = ("meta", "cpu")
) -> tuple[nn.Module, str]:
    """The module `make(**kwargs)` returns, and the device it was built on: PyTorch's meta device (no
    memory for the weights) where the constructor allows it, else the CPU (a constructor that reads a
    tensor's values: .tolist(), .item()). The runner builds on the CPU only (`devices`)."""
    for device in devices:
        try:
            with torch.device(device):
                module = make(**kwargs)
        except TypeError as e:
            if "unexpected keyword argument" in str(e) or "missing" in str(e) and "argument" in str(e):
                raise ExportError(f"--model {spec}{' --kwargs' if kwargs else ''}: {e}") from None
            if device != devices[-1]:
                continue
            raise
        except Exception:
            if device != devices[-1]:
                continue
            raise
        if not isinstance(module, nn.Module):
            raise ExportError(f"--model {spec} returned a {type(module).__name__}, not an nn.Module")
        return module, device
    raise AssertionError("unreachable: the CPU attempt returns or raises")


def parser() -> argparse.ArgumentParser:
    p = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    p.add_argument(
        "--model", required=True, help="MODULE:NAME or FILE.py:NAME, a callable returning the nn.Module; or FILE.pt2"
    )
    p.add_argument("--kwargs", default="{}", help="JSON keyword arguments of that callable")
    p.add_argument(
        "--input",
        action="append",
        help="one sample: float:C,H,W (image), long:SEQ (tokens), float:F; once per argument of forward "
        "(NAME=long:SEQ for a keyword argument)",
    )
    p.add_argument("--batch", type=int, required=True, help="the batch FT plans one iteration for")
    p.add_argument("--name", help="the graph's name (default: the callable's)")
    p.add_argument("--out", required=True, help="the JSON file to write")
    return p


def export(a: argparse.Namespace) -> Graph:
    """The graph of the command line `a`; raises ExportError, JSONDecodeError, ImportError, or what the
    user's code raised while being built."""
    if a.batch <= 0 or a.batch > MAX_BATCH:
        raise ExportError(f"--batch must be between 1 and {MAX_BATCH} (what FT plans)")
    out_dir = os.path.dirname(os.path.abspath(a.out))
    if not os.path.isdir(out_dir) or os.path.isdir(a.out):
        raise ExportError(f"--out {a.out}: " + ("a directory" if os.path.isdir(a.out) else f"no folder {out_dir}"))
    kwargs = json.loads(a.kwargs)
    if not isinstance(kwargs, dict):
        raise ExportError("--kwargs must be a JSON object")
    name = a.name or default_name(a.model)
    if a.model.endswith(".pt2") and ":" not in a.model:
        if a.input:
            raise ExportError("--input: a .pt2 program has its own inputs")
        if not os.path.isfile(a.model):
            raise ExportError(f"--model: no such file {a.model}")
        return export_saved(a.model, a.batch, name)
    if not a.input:
        raise ExportError("--input is required with a callable --model")
    make = load_callable(a.model)
    samples = [keyword_input(text) for text in a.input]
    module, device = build_module(make, kwargs, a.model)
    module.eval()
    with torch.device(device):
        example = tuple(torch.zeros([1, *dims], dtype=dtype) for key, dtype, dims in samples if key is None)
        named = {key: torch.zeros([1, *dims], dtype=dtype) for key, dtype, dims in samples if key is not None}
        return export_graph(module, example, a.batch, name, named)


def module_source(a: argparse.Namespace) -> dict[str, Any]:
    """The module the graph was traced from, as `vantage-cli ft run --model --kwargs --input` takes it
    (a FILE.py made absolute), so that the FT page runs a strategy of the graph on the same module."""
    path, _, attr = a.model.rpartition(":")
    model = f"{os.path.abspath(path)}:{attr}" if path.endswith(".py") else a.model
    return {"model": model, "kwargs": "" if a.kwargs.strip() in ("", "{}") else a.kwargs, "inputs": list(a.input)}


def main(argv: Sequence[str] | None = None) -> int:
    """The command: writes --out and prints {"wrote", "ops", "parameters"}; 2 on any refusal."""
    a = parser().parse_args(argv)
    try:
        graph = export(a)
    except (ExportError, json.JSONDecodeError, ImportError) as e:
        print(f"export_ft_graph: {e}", file=sys.stderr)
        return 2
    except Exception as e:  # the user's code failed while being built: its words, and exit 2
        print(f"export_ft_graph: building {a.model} failed: {type(e).__name__}: {e}", file=sys.stderr)
        return 2
    if not (a.model.endswith(".pt2") and ":" not in a.model):
        graph["source"]["module"] = module_source(a)
    unused = graph["source"].get("unused_parameters")
    if unused:
        print(
            f"export_ft_graph: note: {unused['count']} parameters ({', '.join(unused['modules'])}) are not used "
            f"by forward in evaluation and are not planned",
            file=sys.stderr,
        )
    try:
        with open(a.out, "w") as f:
            json.dump(graph, f, indent=1)
    except OSError as e:
        print(f"export_ft_graph: cannot write {a.out}: {e.strerror}", file=sys.stderr)
        return 2
    print(json.dumps({"wrote": a.out, "ops": len(graph["ops"]), "parameters": graph["source"]["parameters"]}))
    return 0


if __name__ == "__main__":
    sys.exit(main())
