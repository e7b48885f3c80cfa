"""Runs one FT strategy in PyTorch: the user's module, exported as the FT exporter exports it, trains
K steps across WORLD_SIZE processes with torch.distributed, each FT op's configuration a DTensor
placement on a device mesh in FT's device numbering (vantage.ft.plan). Started once per rank by
`vantage-cli ft run` / `ft validate` (RANK, WORLD_SIZE, MASTER_ADDR, MASTER_PORT, LOCAL_RANK set):

    vantage-ft-run --model my_gpt.py:build --input long:128 --batch 8 --strategy strat.json --out r.json

--check (one process, no launch) says how every op of the strategy runs, or refuses the first op
DTensor cannot execute as configured, by name (exit 2). With several --strategy, each is checked
(a refusal does not stop the others), and with --out each verdict is written to its own file
(the placements, or {"ok": false, "refused": "..."}); the exit is 2 when any was refused.
--reference (one process) trains the same module on the same batches without distribution: the
losses every strategy must equal.

Several --strategy (with one --out each) run in turn in one launch, each from the module's initial
weights: one start of the processes for a whole validation. Rank 0 prints a JSON line per step
({"event": "step", "strategy": i, ...}) and writes each --out: losses, step times (slowest rank),
per-rank peak memory split into weights, gradients, optimizer state and activations, the
collectives of one step (CommDebugMode), and the placements of every op.
"""

from __future__ import annotations

import argparse
import json
import os
import sys
import tempfile
from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Any

import torch  # noqa: E402  (after cli's quieting)
from torch import fx  # noqa: E402
from torch.fx import _pytree as fx_pytree  # noqa: E402

from vantage.ft import cli  # first: it quiets PyTorch's warnings and logs
from vantage.ft.exporter import Exporter, export_program  # noqa: E402
from vantage.ft.nodes import ExportError  # noqa: E402
from vantage.ft.plan import NodePlan, OpPlan, make_plans, node_plans, prime_factors  # noqa: E402

PROG = "vantage-ft-run"


@dataclass
class Model:
    """The exported module and what the runner needs of it; `plans` and `nodes` those of one strategy."""

    gm: fx.GraphModule
    graph: dict[str, Any]
    exporter: Exporter
    mesh: list[int]
    shapes: list[tuple[torch.dtype, list[int]]]  # the program's flat inputs
    plans: dict[str, OpPlan] = field(default_factory=dict)
    nodes: dict[str, NodePlan] = field(default_factory=dict)

    def planned(self, strategy: dict[str, Any], devices: int) -> Model:
        """This model with `strategy` mapped onto it; PlanError names the op it cannot run."""
        plans = make_plans(self.graph["ops"], strategy, self.mesh, devices)
        m = self.exporter.mapper
        nodes = node_plans(self.gm, m.origin, m.absorbed, plans, self.mesh)
        return Model(self.gm, self.graph, self.exporter, self.mesh, self.shapes, plans, nodes)


def parser() -> argparse.ArgumentParser:
    p = argparse.ArgumentParser(prog=PROG, description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    p.add_argument("--model", required=True, help="MODULE:NAME or FILE.py:NAME, a callable returning the nn.Module")
    p.add_argument("--kwargs", default="{}", help="JSON keyword arguments of that callable")
    p.add_argument("--input", action="append", required=True, help="one sample, as the exporter's --input")
    p.add_argument("--batch", type=int, required=True, help="the global batch of one step")
    p.add_argument(
        "--strategy", action="append", help="the strategy JSON (vantage-cli ft export); repeated: each in turn"
    )
    p.add_argument("--steps", type=int, default=5, help="timed steps (default 5)")
    p.add_argument("--warmup", type=int, default=1, help="untimed steps before them (default 1)")
    p.add_argument("--seed", type=int, default=0, help="the weights' and batches' seed (default 0)")
    p.add_argument("--lr", type=float, default=1e-3, help="learning rate (default 1e-3)")
    p.add_argument("--optimizer", choices=["adam", "sgd"], default="adam", help="default adam, as FT prices")
    p.add_argument("--device", choices=["cpu", "cuda"], help="default cuda when available")
    p.add_argument("--threads", type=int, default=1, help="torch.set_num_threads (default 1)")
    p.add_argument("--out", action="append", help="the result JSON (rank 0 writes it); one per --strategy")
    mode = p.add_mutually_exclusive_group()
    mode.add_argument("--check", action="store_true", help="one process: map the strategy onto DTensor and say how")
    mode.add_argument("--reference", action="store_true", help="one process, no distribution: the reference losses")
    return p


def load(a: argparse.Namespace, devices: int) -> Model:
    """Builds the module on the CPU from --seed and exports it at --batch as the exporter does."""
    kwargs = json.loads(a.kwargs)
    if not isinstance(kwargs, dict):
        raise ExportError("--kwargs must be a JSON object")
    make = cli.load_callable(a.model)
    samples = [cli.keyword_input(text) for text in a.input]
    torch.manual_seed(a.seed)
    module, _ = cli.build_module(make, kwargs, a.model, ("cpu",))
    module.eval()  # as the exporter traces it: no dropout, batch norms with their running statistics
    example = tuple(torch.zeros([a.batch, *d], dtype=t) for k, t, d in samples if k is None)
    named = {k: torch.zeros([a.batch, *d], dtype=t) for k, t, d in samples if k is not None}
    program = export_program(module, example, named)
    exporter = Exporter(program, a.batch, cli.default_name(a.model), sample_batch=a.batch, measure=False)
    graph = exporter.run()
    gm = program.module()
    flat = fx_pytree.tree_flatten_spec((example, named), gm._in_spec)
    return Model(gm, graph, exporter, prime_factors(devices), [(x.dtype, list(x.shape)) for x in flat])


def read_strategy(path: str) -> dict[str, Any]:
    try:
        with open(path) as f:
            s = json.load(f)
    except OSError as e:
        raise ExportError(f"--strategy {path}: {e.strerror}") from None
    except json.JSONDecodeError as e:
        raise ExportError(f"--strategy {path}: not JSON ({e})") from None
    if not isinstance(s, dict) or not isinstance(s.get("devices"), int) or not isinstance(s.get("ops"), list):
        raise ExportError(f"--strategy {path}: expected FT's strategy JSON (devices, ops[] with name and config)")
    return s


def write_atomically(path: str, obj: dict[str, Any]) -> None:
    folder = os.path.dirname(os.path.abspath(path))
    fd, tmp = tempfile.mkstemp(prefix=".vantage-ft-run-", dir=folder)
    with os.fdopen(fd, "w") as f:
        json.dump(obj, f, indent=1)
    os.replace(tmp, path)


def check(model: Model) -> dict[str, Any]:
    """--check's answer: every op's placements (after the plan and its trial step passed)."""
    return {"ok": True, "ops": [p.describe(model.mesh) for p in model.plans.values()]}


def prepare(a: argparse.Namespace) -> tuple[Model, list[dict[str, Any]], int]:
    """The exported model, the --strategy files read and the device count; ExportError for bad input."""
    if a.batch <= 0 or a.steps <= 0 or a.warmup < 0 or a.threads <= 0:
        raise ExportError("--batch, --steps and --threads must be positive, --warmup not negative")
    strategies = [read_strategy(path) for path in a.strategy or []]
    if a.reference and strategies:
        raise ExportError("--reference runs no strategy")
    if not a.reference and not strategies:
        raise ExportError("--strategy is required (or --reference)")
    outs = a.out or []
    if outs and len(outs) != max(len(strategies), 1):
        raise ExportError(f"give one --out per --strategy ({len(strategies)}), not {len(outs)}")
    for out in outs:
        if not os.path.isdir(os.path.dirname(os.path.abspath(out))):
            raise ExportError(f"--out {out}: no such folder")
    if a.check or a.reference:
        devices = {1} if a.reference else {int(s["devices"]) for s in strategies}
        if len(devices) > 1:
            raise ExportError("--check: the strategies are for different device counts")
        n = devices.pop()
    else:
        n = int(os.environ.get("WORLD_SIZE", "0") or 0)
        for path, s in zip(a.strategy, strategies, strict=True):
            if s["devices"] != n:
                raise ExportError(
                    f"--strategy {path} is for {s['devices']} devices, but WORLD_SIZE is {n or 'not set'}"
                )
    torch.set_num_threads(a.threads)
    return load(a, n), strategies, n


def check_each(a: argparse.Namespace, model: Model, strategies: list[dict[str, Any]], devices: int) -> int:
    """--check: each strategy planned and tried on its own; its verdict printed (stdout, or the
    refusal on stderr) and written to its --out; 2 when any was refused."""
    from vantage.ft import train

    refused = False
    for i, s in enumerate(strategies):
        try:
            planned = model.planned(s, devices)
            why = train.dry_run(a, planned)
        except ExportError as e:  # PlanError: the strategy does not fit the module
            why = str(e)
        verdict = check(planned) if why is None else {"ok": False, "refused": why}
        if a.out:
            write_atomically(a.out[i], verdict)
        if why is None:
            print(json.dumps(verdict), flush=True)
        else:
            print(f"{PROG}: error: {why}", file=sys.stderr, flush=True)
            refused = True
    return 2 if refused else 0


def main(argv: Sequence[str] | None = None) -> int:
    a = parser().parse_args(argv)
    try:
        model, strategies, devices = prepare(a)
        if a.check:
            return check_each(a, model, strategies, devices)
        planned = [model.planned(s, devices) for s in strategies]
    except (ExportError, ImportError, json.JSONDecodeError) as e:
        print(f"{PROG}: error: {e}", file=sys.stderr)
        return 2
    except Exception as e:  # the user's code failed while being built
        print(f"{PROG}: error: building {a.model} failed: {type(e).__name__}: {e}", file=sys.stderr)
        return 2
    from vantage.ft import train  # torch.distributed only for the modes that train

    try:
        where = train.setup(a, model.mesh)
        try:
            for i, m in enumerate(planned or [model]):
                result = train.run(a, m, where, index=i)
                if result is not None and a.out:
                    write_atomically(a.out[i], result)
        finally:
            train.teardown(where[0])
    except train.RunError as e:
        print(f"{PROG}: error: {e}", file=sys.stderr)
        return 1
    return 0


def entry() -> None:
    """The program: main(), then the process ends without the interpreter's finalization. c10d's C++
    threads (gloo's workers, the store's server, functional collectives' work registry) can still
    hold tensors then, and freeing one there needs the GIL of an interpreter being torn down: the
    rank aborts now and then with "terminate called without an active exception" after its result
    was written (pytorch/pytorch#179291). Everything the run wrote is closed by now; the standard
    streams are flushed here."""
    code = main()
    sys.stdout.flush()
    sys.stderr.flush()
    os._exit(code)


if __name__ == "__main__":
    entry()
