"""vantage.ft.overhead: the runner's per-ATen-op overhead, measured through its interpreter over
DTensor (a fake process group), as `vantage-cli ft calibrate --runner-overhead` stores it."""

import json
import subprocess
import sys

import pytest
import torch

from conftest import ROOT


def overhead(*args):
    return subprocess.run(
        [sys.executable, "-m", "vantage.ft.overhead", *args],
        capture_output=True,
        text=True,
        timeout=300,
        cwd=ROOT / "python",
    )


@pytest.mark.parametrize("devices, mesh", [(1, [1]), (4, [2, 2])])
def test_prints_the_overhead_per_aten_op(devices, mesh, tmp_path):
    from vantage.ft.exporter import export_program
    from vantage.ft.overhead import POSITIONS, SAMPLES, WIDTH, Block

    out = tmp_path / "overhead.json"
    r = overhead("--devices", str(devices), "--repeats", "3", "--out", str(out))
    assert r.returncode == 0, r.stderr
    result = json.loads(r.stdout)
    assert json.loads(out.read_text()) == result
    assert result["devices"] == devices and result["mesh"] == mesh
    program = export_program(Block().eval(), (torch.zeros(SAMPLES, POSITIONS, WIDTH),), {})
    ops = [n for n in program.graph.nodes if n.op == "call_function" and isinstance(n.target, torch._ops.OpOverload)]
    assert result["aten_ops"] == len(ops) > 10
    for figures in (result, result["plain"]):
        assert figures["forward_us_per_aten_op"] > 0 and figures["backward_us_per_aten_op"] > 0
    assert f"mesh of {devices}" in result["runtime"] and "fake process group" in result["runtime"]


@pytest.mark.parametrize("args", [["--devices", "0"], ["--repeats", "0"], ["--threads", "-1"]])
def test_bad_arguments_exit_2(args):
    r = overhead(*args)
    assert r.returncode == 2
    assert "error: --devices must be 1 to 4096" in r.stderr
