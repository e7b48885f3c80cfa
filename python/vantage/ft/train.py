"""The runner's training loop: one process (--reference) or one rank of WORLD_SIZE over a DTensor
device mesh; per-step loss and time, per-rank memory, the collectives of one step."""

from __future__ import annotations

import argparse
import contextlib
import copy
import datetime
import json
import os
import statistics
import time
from typing import TYPE_CHECKING, Any

import torch
import torch.distributed as dist
from torch.distributed.device_mesh import DeviceMesh, init_device_mesh
from torch.distributed.tensor import DTensor, Replicate

from vantage.ft.sharded import (
    NodeError,
    Sharded,
    first_tensor,
    loss_of,
    place_parameters,
    synthetic_batch,
    targets,
)

if TYPE_CHECKING:
    from vantage.ft.runner import Model


COLLECTIVE_TIMEOUT_S = 300


class RunError(Exception):
    """A failure while training (exit 1)."""


COLLECTIVES = {
    "all_reduce": "all_reduce",
    "all_gather_into_tensor": "all_gather",
    "all_gather": "all_gather",
    "reduce_scatter_tensor": "reduce_scatter",
    "reduce_scatter": "reduce_scatter",
    "all_to_all_single": "all_to_all",
    "all_to_all": "all_to_all",
    "broadcast": "broadcast",
}


def collective_counts(counts: dict[Any, int]) -> dict[str, int]:
    out = {"all_reduce": 0, "all_gather": 0, "reduce_scatter": 0, "all_to_all": 0}
    for op, n in counts.items():
        name = str(getattr(op, "__name__", op)).split(".")[-1]
        name = name.rstrip("_") if not name.startswith("_") else name
        key = COLLECTIVES.get(name.removesuffix("_coalesced"), name)
        out[key] = out.get(key, 0) + int(n)
    return out


def setup(a: argparse.Namespace, mesh_shape: list[int]) -> tuple[DeviceMesh | None, str, str]:
    """The process group and mesh (none for --reference): gloo on the CPU, nccl on CUDA."""
    device = a.device or ("cuda" if torch.cuda.is_available() else "cpu")
    if device == "cuda" and not torch.cuda.is_available():
        raise RunError("--device cuda: PyTorch sees no CUDA device")
    if a.reference:
        return None, device, "none"
    backend = "nccl" if device == "cuda" else "gloo"
    if device == "cuda":
        torch.cuda.set_device(int(os.environ.get("LOCAL_RANK", "0")))
    try:
        # a rank that fails leaves the others waiting in a collective: they give up after this long
        dist.init_process_group(backend, timeout=datetime.timedelta(seconds=COLLECTIVE_TIMEOUT_S))
    except Exception as e:
        raise RunError(f"torch.distributed cannot start ({backend}): {type(e).__name__}: {e}") from e
    return init_device_mesh(device, tuple(mesh_shape)), device, backend


def teardown(mesh: DeviceMesh | None) -> None:
    if mesh is not None:
        # Every rank ends its work first: a rank that tears the group down while another is still
        # in it (rank 0 holds the store) aborts ("terminate called without an active exception").
        dist.barrier()
        dist.destroy_process_group()


def memory_split(tracker: Any, device: str) -> dict[str, int]:
    """MemTracker's figures as FT splits memory: weights, gradients and optimizer state as they stand
    after the step (gradients are not yet allocated at the peak, the end of forward), activations
    (and temporaries) and the total at the step's peak."""
    split = {"peak_bytes": 0, "weights": 0, "gradients": 0, "optimizer_state": 0, "activations": 0}
    for kind in ("current", "peak"):
        for dev, stats in tracker.get_tracker_snapshot(kind).items():
            if str(dev).split(":")[0] != device:
                continue
            for ref, n in stats.items():
                name = str(getattr(ref, "value", ref)).lower()
                key = (
                    "peak_bytes" if name == "total" else "weights" if "param" in name or "buffer" in name
                    else "gradients" if "grad" in name else "optimizer_state" if "opt" in name else "activations"
                )  # fmt: skip
                if (kind == "peak") == (key in ("peak_bytes", "activations")):
                    split[key] += int(n)
    return split


def dry_run(a: argparse.Namespace, model: Model) -> str | None:
    """--check's trial: one step of the strategy in this process on a fake process group of the
    strategy's devices (collectives do nothing, every op runs on this rank's parts); why DTensor
    cannot run it, naming the op where one fails, or None."""
    from torch.testing._internal.distributed.fake_pg import FakeStore

    devices = 1
    for d in model.mesh:
        devices *= d
    dist.init_process_group("fake", store=FakeStore(), rank=0, world_size=devices)
    try:
        mesh = init_device_mesh("cpu", tuple(model.mesh))
        trial = argparse.Namespace(**{**vars(a), "steps": 1, "warmup": 0, "device": "cpu"})
        run(trial, model, (mesh, "cpu", "fake"), trial=True)
    except RunError as e:
        cause = e.__cause__
        if isinstance(cause, NodeError):
            return str(cause)
        return f"the strategy's step fails under DTensor (in backward or the optimizer): {e}"
    finally:
        dist.destroy_process_group()
    return None


def run(
    a: argparse.Namespace,
    model: Model,
    where: tuple[DeviceMesh | None, str, str],
    trial: bool = False,
    index: int = 0,
) -> dict[str, Any] | None:
    """Trains --warmup + --steps steps from the module's initial weights, then one more measured;
    the result (rank 0; None on the other ranks). A `trial` (dry_run) prints and measures nothing.
    `index`: the strategy's place among this launch's, named in the step events."""
    mesh, device, backend = where
    rank = dist.get_rank() if mesh is not None else 0
    world = dist.get_world_size() if mesh is not None else 1
    gm = copy.deepcopy(model.gm).to(device)
    params_placed: dict[str, tuple[list[str], str]] = {}
    if mesh is not None:
        params_placed = place_parameters(gm, model.nodes, mesh)
    params = list({id(p): p for p in gm.parameters()}.values())
    opt: torch.optim.Optimizer
    if a.optimizer == "adam":
        opt = torch.optim.Adam(params, lr=a.lr, foreach=False)
    else:
        opt = torch.optim.SGD(params, lr=a.lr)
    loss_plan = next((p for p in model.plans.values() if p.kind == "loss"), None)
    program = Program(Sharded(gm, model.nodes, mesh, a.batch))
    if mesh is not None:
        for p in params:
            p.register_hook(in_placement(p))  # type: ignore[no-untyped-call]

    def step(i: int) -> float:
        inputs = [x.to(device) for x in synthetic_batch(gm, model.shapes, a.seed, i)]
        if mesh is not None:
            inputs = [DTensor.from_local(x, mesh, [Replicate()] * mesh.ndim, run_check=False) for x in inputs]
        opt.zero_grad(set_to_none=True)
        with implicit():
            logits = first_tensor(program(*inputs))
            target = targets(tuple(logits.shape), a.seed, i).to(device)
            split_classes = loss_plan is not None and loss_plan.dims.get("c") and mesh is not None
            with loss_context(bool(split_classes)):
                loss = loss_of(logits, target, mesh, loss_plan, a.batch)
                loss.backward()
        opt.step()
        value = loss.full_tensor() if isinstance(loss, DTensor) else loss
        return float(value.detach().cpu())

    losses: list[float] = []
    times: list[float] = []
    counts: dict[str, int] = {}
    memory: dict[str, int] = {}
    from torch.distributed.tensor.debug import CommDebugMode

    try:
        # After the timed steps one more, untimed: its collectives (CommDebugMode) and memory (MemTracker)
        for i in range(a.warmup + a.steps + (0 if trial else 1)):
            timed = a.warmup <= i < a.warmup + a.steps
            measured = i == a.warmup + a.steps
            comm = CommDebugMode() if measured and mesh is not None else None  # type: ignore[no-untyped-call]
            tracker = memory_tracker(program, opt) if measured else None
            sync(device, mesh)
            t0 = time.perf_counter()
            with comm or contextlib.nullcontext(), tracker or contextlib.nullcontext():
                loss = step(i)
            sync(device, mesh)
            dt = slowest(time.perf_counter() - t0, device, mesh)
            if comm is not None:
                counts = collective_counts(comm.get_comm_counts())
            if tracker is not None:
                memory = memory_split(tracker, device)
            if not timed:
                continue
            losses.append(loss)
            times.append(dt)
            if rank == 0 and not trial:
                event = {
                    "event": "step",
                    "strategy": index,
                    "step": len(losses) - 1,
                    "steps": a.steps,
                    "loss": loss,
                    "time_s": dt,
                }
                print(json.dumps(event), flush=True)
    except RunError:
        raise
    except Exception as e:
        if os.environ.get("VANTAGE_FT_TRACE"):
            import traceback

            traceback.print_exc()
        what = str(e) if isinstance(e, NodeError) else f"{type(e).__name__}: {e}"
        raise RunError(f"step failed on rank {rank}: {what}") from e
    if trial:
        return None
    per_rank = gather_memory(memory, mesh, world)
    if rank != 0:
        return None
    return {
        "devices": world,
        "backend": backend,
        "device": device,
        "torch": torch.__version__,
        "steps": a.steps,
        "warmup": a.warmup,
        "losses": losses,
        "step_times_s": times,
        "time_s": statistics.median(times),
        "memory": per_rank,
        "collectives": counts,
        "ops": [p.describe(model.mesh) for p in model.plans.values()],
        "parameters": {k: {"placements": v[0], "op": v[1]} for k, v in params_placed.items()},
    }


def implicit() -> contextlib.AbstractContextManager[Any]:
    """Plain tensors the program makes (masks, positions) meet DTensors as replicated."""
    from torch.distributed.tensor.experimental import implicit_replication

    return implicit_replication()


def loss_context(split_classes: bool) -> contextlib.AbstractContextManager[Any]:
    if not split_classes:
        return contextlib.nullcontext()
    from torch.distributed.tensor.parallel import loss_parallel

    return loss_parallel()


class Program(torch.nn.Module):
    """The interpreter as a module: MemTracker follows the parameters and gradients of the modules
    it sees called."""

    def __init__(self, interp: Sharded) -> None:
        super().__init__()
        self.interp = interp
        self.gm = interp.module

    def forward(self, *inputs: Any) -> Any:
        return self.interp.run(*inputs)


def in_placement(p: torch.nn.Parameter) -> Any:
    """A gradient hook: the gradient in its parameter's placement (a replicated weight's partial
    gradient all-reduced: data parallelism's gradient sync)."""

    def hook(g: torch.Tensor) -> torch.Tensor:
        if isinstance(g, DTensor) and isinstance(p, DTensor) and tuple(g.placements) != tuple(p.placements):
            out: torch.Tensor = g.redistribute(p.device_mesh, p.placements)
            return out
        return g

    return hook


def sync(device: str, mesh: DeviceMesh | None) -> None:
    if device == "cuda":
        torch.cuda.synchronize()
    if mesh is not None:
        dist.barrier()


def slowest(seconds: float, device: str, mesh: DeviceMesh | None) -> float:
    if mesh is None:
        return seconds
    t = torch.tensor([seconds], dtype=torch.float64, device=device)
    dist.all_reduce(t, op=dist.ReduceOp.MAX)
    return float(t.item())


def memory_tracker(gm: torch.nn.Module, opt: torch.optim.Optimizer) -> Any:
    from torch.distributed._tools.mem_tracker import MemTracker

    tracker = MemTracker()
    tracker.track_external(gm, opt)
    return tracker


def gather_memory(memory: dict[str, int], mesh: DeviceMesh | None, world: int) -> dict[str, Any]:
    keys = ["peak_bytes", "weights", "gradients", "optimizer_state", "activations"]
    mine = [memory.get(k, 0) for k in keys]
    rows = [mine]
    if mesh is not None:
        rows = [[0] * len(keys) for _ in range(world)]
        dist.all_gather_object(rows, mine)
    out: dict[str, Any] = {k: [int(r[i]) for r in rows] for i, k in enumerate(keys)}
    out["method"] = "mem_tracker"
    return out
