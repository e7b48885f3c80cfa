"""The strategy runner's framework overhead per ATen op, measured: what FT's cost model adds per ATen
op an FT op was exported from (the op graph's aten_ops) where a cluster profile carries it
(`vantage-cli ft calibrate --runner-overhead` runs this and stores it as runtime_overhead).

    python -m vantage.ft.overhead --devices 2 [--repeats 30] [--threads 1] [--out FILE]

A small transformer block on tiny tensors (a few elements a sample, so that the kernels cost next
to nothing) is exported as the runner exports a module and run through the runner's interpreter
(vantage.ft.sharded.Sharded, an fx.Interpreter) over DTensors on a device mesh shaped as the runner
shapes it (a mesh of one for one device, as the runner runs a 1-device strategy), the input split
over the batch and the weights replicated: forward and backward, timed, divided by the program's
ATen ops. The mesh's process group is PyTorch's fake group (one process, every collective a no-op):
the dispatch cost of DTensor (sharding propagation, wrapping, the local op) is the same as over Gloo
or NCCL, and the collectives, which are not an overhead, are priced by FT's collective terms. The
same program run without DTensor is reported as "plain" (the interpreter alone), for comparison.

Prints one JSON object: forward_us_per_aten_op, backward_us_per_aten_op (the backward pass over the
forward's ATen ops), aten_ops, devices, mesh, runtime (what ran), plain, torch.
"""

from __future__ import annotations

import argparse
import json
import statistics
import sys
import time
from collections.abc import Callable, Sequence
from typing import Any

import torch  # noqa: E402  (after cli's quieting)
from torch import nn  # noqa: E402

from vantage.ft import cli  # noqa: F401  (first: it quiets PyTorch's warnings and logs)
from vantage.ft.counts import is_aten  # noqa: E402
from vantage.ft.exporter import export_program  # noqa: E402
from vantage.ft.plan import prime_factors  # noqa: E402
from vantage.ft.sharded import Sharded  # noqa: E402

PROG = "python -m vantage.ft.overhead"
WIDTH, POSITIONS, SAMPLES = 8, 4, 2  # per device: kernels of a few hundred elements


class Block(nn.Module):
    """Pre-norm attention and MLP, as GPT-2's blocks are: linears, norms, views, softmax, GELU, adds."""

    def __init__(self, d: int = WIDTH) -> None:
        super().__init__()
        self.ln1 = nn.LayerNorm(d)
        self.qkv = nn.Linear(d, 3 * d)
        self.proj = nn.Linear(d, d)
        self.ln2 = nn.LayerNorm(d)
        self.up = nn.Linear(d, 4 * d)
        self.down = nn.Linear(4 * d, d)

    def forward(self, x: torch.Tensor) -> torch.Tensor:
        q, k, v = self.qkv(self.ln1(x)).split(x.shape[-1], dim=-1)
        scores = torch.softmax(q @ k.transpose(-2, -1) * x.shape[-1] ** -0.5, dim=-1)
        x = x + self.proj(scores @ v)
        out: torch.Tensor = x + self.down(nn.functional.gelu(self.up(self.ln2(x))))
        return out


def parser() -> argparse.ArgumentParser:
    p = argparse.ArgumentParser(prog=PROG, description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    p.add_argument("--devices", type=int, default=1, help="the mesh's devices, as the strategy's (default 1)")
    p.add_argument("--repeats", type=int, default=30, help="timed iterations; the median counts (default 30)")
    p.add_argument("--threads", type=int, default=1, help="torch.set_num_threads (default 1, as the runner's)")
    p.add_argument("--out", help="also write the JSON here")
    return p


def timed(step: Callable[[], tuple[float, float]], repeats: int) -> tuple[float, float]:
    """Median forward and backward seconds of `step` over `repeats` runs, after 3 untimed."""
    for _ in range(3):
        step()
    runs = [step() for _ in range(repeats)]
    return statistics.median(r[0] for r in runs), statistics.median(r[1] for r in runs)


def stepper(interp: Sharded, x: Any) -> Callable[[], tuple[float, float]]:
    def step() -> tuple[float, float]:
        t0 = time.perf_counter()
        out = interp.run(x)
        t1 = time.perf_counter()
        out = out[0] if isinstance(out, (tuple, list)) else out
        out.sum().backward()
        return t1 - t0, time.perf_counter() - t1

    return step


def fake_mesh(devices: int) -> Any:
    """A device mesh of the runner's shape over PyTorch's fake process group (this process as rank 0)."""
    import torch.distributed as dist
    from torch.distributed.device_mesh import init_device_mesh
    from torch.testing._internal.distributed.fake_pg import FakeStore

    dist.init_process_group("fake", store=FakeStore(), rank=0, world_size=devices)
    return init_device_mesh("cpu", tuple(prime_factors(devices)))


def measure(devices: int, repeats: int) -> dict[str, Any]:
    from torch.distributed.tensor import DTensor, Replicate, Shard, distribute_module

    torch.manual_seed(0)
    example = torch.randn(SAMPLES, POSITIONS, WIDTH)
    program = export_program(Block().eval(), (example,), {})
    ops = sum(1 for n in program.graph.nodes if is_aten(n))
    gm = program.module()
    plain = timed(stepper(Sharded(gm, {}, None, SAMPLES), example.clone().requires_grad_(True)), repeats)

    mesh = fake_mesh(devices)
    distribute_module(gm, mesh)  # in place: every weight replicated
    spread = [Shard(0)] + [Replicate()] * (mesh.ndim - 1)  # the batch over the first mesh dim
    x = DTensor.from_local(example.clone().requires_grad_(True), mesh, spread, run_check=False)
    forward, backward = timed(stepper(Sharded(gm, {}, mesh, SAMPLES * devices), x), repeats)
    return {
        "forward_us_per_aten_op": forward / ops * 1e6,
        "backward_us_per_aten_op": backward / ops * 1e6,
        "aten_ops": ops,
        "devices": devices,
        "mesh": list(mesh.shape),
        "runtime": (
            f"torch {torch.__version__}, the runner's fx.Interpreter over DTensor on a mesh of {devices} "
            f"(fake process group), {torch.get_num_threads()} thread(s)"
        ),
        "plain": {"forward_us_per_aten_op": plain[0] / ops * 1e6, "backward_us_per_aten_op": plain[1] / ops * 1e6},
        "torch": torch.__version__,
    }


def main(argv: Sequence[str] | None = None) -> int:
    a = parser().parse_args(argv)
    if not 1 <= a.devices <= 4096 or not 1 <= a.repeats <= 10000 or a.threads < 1:
        print(f"{PROG}: error: --devices must be 1 to 4096, --repeats 1 to 10000, --threads positive", file=sys.stderr)
        return 2
    torch.set_num_threads(a.threads)
    result = measure(a.devices, a.repeats)
    text = json.dumps(result)
    if a.out:
        with open(a.out, "w") as f:
            f.write(text + "\n")
    print(text, flush=True)
    return 0


if __name__ == "__main__":
    sys.exit(main())
