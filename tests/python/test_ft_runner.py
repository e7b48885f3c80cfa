"""The FT strategy runner (vantage.ft.runner): every strategy trains to the one-process losses.

A 2-layer GPT-2 (transformers, width 64) and a 2-convolution CNN, on 2 ranks (Gloo, spawned as
`vantage-cli ft run` spawns them): every frontier point FT returns for 2 devices (with vantage-cli,
which ctest names in VANTAGE_CLI) and hand-made strategies (every op b2, then c2, k2, s2 where the
op's kind splits that dim, and a mix) give the --reference losses within relative 1e-4 over 5 fp32
steps; --check names the op of a strategy it cannot run; a 4-rank b2c2 run of the CNN. GPT-2's
Megatron plan (q/k/v and MLP-up column-parallel, attention split by heads, the projections after
them row-parallel) runs with Megatron's collectives alone: its fused q/k/v projection's columns are
laid out per device, so no device gathers the projection's output to cut it into q, k and v.
"""

import json
import os
import socket
import subprocess
import sys
from pathlib import Path

import pytest
import torch

import ft_runner_models
from vantage.ft import export_graph, runner
from vantage.ft.overhead import fake_mesh
from vantage.ft.plan import SPLITS, NodePlan, OpPlan
from vantage.ft.sharded import local_split, per_device_columns

ROOT = Path(__file__).resolve().parents[2]
HERE = Path(__file__).resolve().parent
MODELS = {
    "gpt2": {"model": f"{HERE / 'ft_runner_models.py'}:tiny_gpt2", "input": ["long:32"], "batch": 8},
    "cnn": {"model": f"{HERE / 'ft_runner_models.py'}:small_cnn", "input": ["float:3,16,16"], "batch": 8},
}
RTOL = 1e-4
STEPS = 5


def model_args(name):
    m = MODELS[name]
    args = ["--model", m["model"], "--batch", str(m["batch"]), "--warmup", "0"]
    for spec in m["input"]:
        args += ["--input", spec]
    return args


def env(rank=0, world=1, port=0):
    e = dict(os.environ, PYTHONPATH=str(ROOT / "python"), RANK=str(rank), WORLD_SIZE=str(world))
    e.update(LOCAL_RANK=str(rank), MASTER_ADDR="127.0.0.1", MASTER_PORT=str(port), OMP_NUM_THREADS="1")
    return e


def free_port():
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def launch(world, args, timeout=400):
    """Runs the runner as WORLD_SIZE ranks, as vantage-cli does; rank 0's stdout and every stderr."""
    port = free_port()
    cmd = [sys.executable, "-m", "vantage.ft.runner", *args]
    procs = [
        subprocess.Popen(cmd, env=env(r, world, port), stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
        for r in range(world)
    ]
    outs = [p.communicate(timeout=timeout) for p in procs]
    codes = [p.returncode for p in procs]
    return codes, outs[0][0], "".join(o[1] for o in outs)


def graph_of(name):
    torch.manual_seed(0)
    m = MODELS[name]
    builder = getattr(ft_runner_models, m["model"].rsplit(":", 1)[1])
    with torch.device("meta"):
        module = builder().eval()
    kind, _, shape = m["input"][0].partition(":")
    dtype = torch.int64 if kind == "long" else torch.float32
    example = torch.zeros([1, *map(int, shape.split(","))], dtype=dtype, device="meta")
    return export_graph(module, example, m["batch"], name)


def hand_made(graph, devices=2):
    """Every op b2; every op c2 (k2, s2) where its kind splits that dim, else b2; and a mix."""
    out = {}
    for letter in "bcks":
        ops = [
            {"name": o["name"], "config": f"{letter if letter in SPLITS[o['kind']] else 'b'}{devices}"}
            for o in graph["ops"]
        ]
        out[f"all-{letter}{devices}"] = {"devices": devices, "ops": ops}
    mix = []
    for i, o in enumerate(graph["ops"]):
        letters = [c for c in "bsck" if c in SPLITS[o["kind"]]]
        mix.append({"name": o["name"], "config": f"{letters[i % len(letters)]}{devices}"})
    out["mix"] = {"devices": devices, "ops": mix}
    return out


def megatron(graph, devices=2):
    """Megatron-LM's tensor parallelism over `devices`: the q/k/v and MLP-up projections split by
    columns, attention by heads, the projections after them by rows; the rest replicated."""

    def config(o):
        if o["kind"] == "linear" and o["name"].endswith(("c_attn", "c_fc")) or o["kind"] == "attention":
            return f"c{devices}"
        return f"k{devices}" if o["kind"] == "linear" and o["name"].endswith("c_proj") else f"r{devices}"

    return {"devices": devices, "ops": [{"name": o["name"], "config": config(o)} for o in graph["ops"]]}


def vantage_cli():
    path = os.environ.get("VANTAGE_CLI") or str(ROOT / "build" / "app" / "cli" / "vantage-cli")
    return path if os.path.isfile(path) else None


FRONTIERS = {}


def frontier(name, graph, tmp_path, devices=2):
    """Every point of FT's frontier for `devices` devices (fp32, as the runner trains), from the
    strategies `ft search --out` writes; {} without vantage-cli."""
    exe = vantage_cli()
    if exe is None:
        return {}
    if name not in FRONTIERS:
        gfile, full = tmp_path / "graph.json", tmp_path / "search.json"
        gfile.write_text(json.dumps(graph))
        cmd = [exe, "ft", "search", "--graph", str(gfile), "--devices", str(devices), "--precision", "fp32"]
        r = subprocess.run([*cmd, "--out", str(full)], capture_output=True, text=True, timeout=120)
        assert r.returncode == 0, r.stderr
        result = json.loads(full.read_text())
        f = result["frontiers"][0]
        assert f["devices"] == devices and len(f["strategies"]) == len(f["points"]) >= 1
        FRONTIERS[name] = {
            f"frontier-{i}": {
                "devices": devices,
                "ops": [{"name": op, "config": f["config_names"][c]} for op, c in zip(result["ops"], s, strict=True)],
            }
            for i, s in enumerate(f["strategies"])
        }
    return FRONTIERS[name]


@pytest.fixture(scope="module")
def references(tmp_path_factory):
    """The one-process losses of each model, computed once."""
    done = {}

    def get(name):
        if name not in done:
            out = tmp_path_factory.mktemp("ref") / f"{name}.json"
            r = subprocess.run(
                [sys.executable, "-m", "vantage.ft.runner", *model_args(name), "--reference", "--out", str(out)],
                env=env(),
                capture_output=True,
                text=True,
                timeout=300,
            )
            assert r.returncode == 0, r.stderr
            done[name] = json.loads(out.read_text())
        return done[name]

    return get


def check_result(result, strategy, graph, devices):
    assert result["devices"] == devices and result["backend"] == "gloo" and result["device"] == "cpu"
    assert (
        result["steps"] == STEPS
        and result["warmup"] == 0
        and len(result["losses"]) == STEPS
        and len(result["step_times_s"]) == STEPS
    )
    assert all(t > 0 for t in result["step_times_s"])
    assert min(result["step_times_s"]) <= result["time_s"] <= max(result["step_times_s"])
    mem = result["memory"]
    for key in ("peak_bytes", "weights", "gradients", "optimizer_state", "activations"):
        assert len(mem[key]) == devices and all(v >= 0 for v in mem[key]), key
    for r in range(devices):
        assert mem["peak_bytes"][r] > mem["weights"][r] > 0
        assert mem["gradients"][r] > 0 and mem["optimizer_state"][r] > 0
    assert set(result["collectives"]) >= {"all_reduce", "all_gather", "reduce_scatter", "all_to_all"}
    configs = {o["name"]: o["config"] for o in strategy["ops"]}
    assert [o["op"] for o in result["ops"]] == [o["name"] for o in graph["ops"]]
    assert all(o["config"] == configs[o["op"]] for o in result["ops"])


@pytest.mark.parametrize("name", ["gpt2", "cnn"])
def test_strategies_train_as_one_process(name, references, tmp_path):
    graph = graph_of(name)
    strategies = hand_made(graph) | frontier(name, graph, tmp_path)
    if name == "gpt2":
        strategies["megatron"] = megatron(graph)
    args = model_args(name)
    for key, s in strategies.items():
        (tmp_path / f"{key}.json").write_text(json.dumps(s))
        args += ["--strategy", str(tmp_path / f"{key}.json"), "--out", str(tmp_path / f"{key}.result.json")]
    codes, stdout, stderr = launch(2, args)
    assert codes == [0, 0], stderr
    steps = [json.loads(line) for line in stdout.splitlines() if line.startswith("{")]
    assert len(steps) == STEPS * len(strategies) and all(e["event"] == "step" for e in steps)
    ref = references(name)["losses"]
    for key, s in strategies.items():
        result = json.loads((tmp_path / f"{key}.result.json").read_text())
        check_result(result, s, graph, 2)
        assert result["losses"] == pytest.approx(ref, rel=RTOL), f"{name} {key}: {result['losses']} vs {ref}"
        if key == "all-b2":  # data parallelism: the gradients of replicated weights all-reduced
            assert result["collectives"]["all_reduce"] >= 1
        if key == "megatron":
            # Megatron's four all-reduces a layer (after each row-parallel projection, and of the input
            # gradient of each column-parallel one) and nothing else: no gather of q/k/v
            layers = sum(1 for o in graph["ops"] if o["kind"] == "attention")
            counts = {k: v for k, v in result["collectives"].items() if v}
            assert counts == {"all_reduce": 4 * layers}, counts
            qkv = [o for o in result["ops"] if o["op"].endswith("c_attn")]
            assert len(qkv) == layers and all("per device" in o["note"] for o in qkv)


@pytest.mark.parametrize("name", ["gpt2", "cnn"])
def test_frontier_has_points(name, tmp_path):
    if vantage_cli() is None:
        pytest.skip("vantage-cli is not built (ctest sets VANTAGE_CLI): the frontier points are not run")
    assert len(frontier(name, graph_of(name), tmp_path)) >= 2


def test_per_device_columns_hold_each_devices_block_of_every_piece():
    # 12 columns: pieces q, k, v of 4 each, over 2 devices: device 0 gets q0 q1 k4 k5 v8 v9
    t = torch.arange(12.0)
    assert per_device_columns(t, 0, 3, 2).tolist() == [0, 1, 4, 5, 8, 9, 2, 3, 6, 7, 10, 11]
    w = torch.arange(24.0).reshape(2, 12)  # [in, out], as GPT-2's Conv1D: the columns move, rows stay
    assert torch.equal(per_device_columns(w, 1, 3, 2)[1], per_device_columns(w[1], 0, 3, 2))
    assert torch.equal(per_device_columns(t, 0, 3, 1), t)  # one device: as it was


def test_a_cut_reads_each_devices_shard_only_when_split_on_features():
    """The cut of a fused projection (local_split) on a mesh of 2 over PyTorch's fake group: an
    output split on its features gives each device its own shard of every piece; one that reached
    the cut otherwise (replicated, split on the batch) is refused, never cut wrongly."""
    from torch.distributed.tensor import Replicate, Shard, distribute_tensor

    mesh = fake_mesh(2)
    try:
        dims = {"b": [], "s": [], "c": [0], "k": [], "r": []}
        plan = NodePlan(OpPlan("qkv", "linear", "c2", dims), local_split=True, parts=3)
        cut = type("Node", (), {"meta": {"val": [torch.empty(4, 4)] * 3}})()
        pieces = local_split(cut, distribute_tensor(torch.zeros(4, 12), mesh, [Shard(1)]), plan)
        assert [(tuple(p.shape), tuple(p.to_local().shape), p.placements) for p in pieces] == [
            ((4, 4), (4, 2), (Shard(1),))
        ] * 3
        for wrong in ([Replicate()], [Shard(0)]):
            with pytest.raises(RuntimeError, match="not split on its features"):
                local_split(cut, distribute_tensor(torch.zeros(4, 12), mesh, wrong), plan)
    finally:
        torch.distributed.destroy_process_group()


def test_four_ranks_b2c2(references, tmp_path):
    graph = graph_of("cnn")
    ops = [{"name": o["name"], "config": "b2c2" if "c" in SPLITS[o["kind"]] else "b4"} for o in graph["ops"]]
    (tmp_path / "s.json").write_text(json.dumps({"devices": 4, "ops": ops}))
    out = tmp_path / "r.json"
    codes, _, stderr = launch(4, [*model_args("cnn"), "--strategy", str(tmp_path / "s.json"), "--out", str(out)])
    assert codes == [0, 0, 0, 0], stderr
    result = json.loads(out.read_text())
    check_result(result, {"ops": ops}, graph, 4)
    assert result["losses"] == pytest.approx(references("cnn")["losses"], rel=RTOL)
    conv = next(o for o in result["ops"] if o["op"] == "conv1")
    assert conv["mesh"] == {"shape": [2, 2], "dims": {"b": [0], "c": [1]}}
    assert conv["placements"]["weight"] == ["Replicate()", "Shard(out)"]


def run_check(tmp_path, strategy, capsys, extra=()):
    path = tmp_path / "s.json"
    path.write_text(json.dumps(strategy))
    code = runner.main([*model_args("cnn"), "--strategy", str(path), *extra])
    captured = capsys.readouterr()
    return code, captured.out, captured.err


def cnn_strategy(devices=2, **configs):
    graph = graph_of("cnn")
    return {"devices": devices, "ops": [{"name": o["name"], "config": configs.get(o["name"], f"b{devices}")}
                                        for o in graph["ops"]]}  # fmt: skip


def test_check_describes_every_op(tmp_path, capsys):
    code, out, err = run_check(tmp_path, cnn_strategy(conv1="k2", head="c2"), capsys, ["--check"])
    assert code == 0, err
    report = json.loads(out)
    assert report["ok"] is True
    ops = {o["op"]: o for o in report["ops"]}
    assert list(ops) == [o["name"] for o in graph_of("cnn")["ops"]]
    assert ops["conv1"]["placements"] == {
        "input": ["Shard(features)"], "output": ["Replicate()"], "weight": ["Shard(in)"],
    }  # fmt: skip
    assert ops["head"]["placements"]["weight"] == ["Shard(out)"]
    assert ops["pool"]["placements"]["input"] == ["Shard(batch)"]


@pytest.mark.parametrize(
    ("change", "words"),
    [
        ("extra-op", "op 'nope' (?, config b2): the model's graph has no op of that name"),
        ("missing-op", "op 'head' (linear): the strategy gives it no configuration"),
        ("kind-cannot-split", "op 'pool' (pool, config k2): FT's pool cannot split 'k'"),
        ("degrees", "op 'conv2' (conv2d, config b4): its degrees multiply to 4, not to the 2 devices"),
        ("bad-name", "op 'conv2' (conv2d, config x2): 'x2' is not a configuration name"),
        ("mesh-order", "op 'conv1' (conv2d, config b3c2): degree 3 of 'b' is not a product of consecutive dims"),
    ],
)
def test_check_refuses_naming_the_op(change, words, tmp_path, capsys):
    s = cnn_strategy()
    if change == "extra-op":
        s["ops"].append({"name": "nope", "config": "b2"})
    elif change == "missing-op":
        s["ops"] = [o for o in s["ops"] if o["name"] != "head"]
    elif change == "kind-cannot-split":
        s = cnn_strategy(pool="k2")
    elif change == "degrees":
        s = cnn_strategy(conv2="b4")
    elif change == "bad-name":
        s = cnn_strategy(conv2="x2")
    else:
        s = cnn_strategy(6, conv1="b3c2")
    code, out, err = run_check(tmp_path, s, capsys, ["--check"])
    assert code == 2 and out == ""
    assert err.startswith("vantage-ft-run: error: ") and words in err, err


def test_check_gives_each_strategy_its_verdict(tmp_path, capsys):
    """--check over several strategies: a refusal stops only its own; each verdict in its --out."""
    files, outs = [], []
    for i, s in enumerate([cnn_strategy(head="c2"), cnn_strategy(pool="k2"), cnn_strategy()]):
        files.append(tmp_path / f"s{i}.json")
        files[-1].write_text(json.dumps(s))
        outs.append(tmp_path / f"v{i}.json")
    args = [a for f, o in zip(files, outs, strict=True) for a in ("--strategy", str(f), "--out", str(o))]
    code = runner.main([*model_args("cnn"), *args, "--check"])
    captured = capsys.readouterr()
    assert code == 2
    verdicts = [json.loads(o.read_text()) for o in outs]
    assert [v["ok"] for v in verdicts] == [True, False, True]
    assert "op 'pool' (pool, config k2): FT's pool cannot split 'k'" in verdicts[1]["refused"]
    assert captured.err.count("vantage-ft-run: error: ") == 1
    assert [json.loads(line)["ok"] for line in captured.out.splitlines()] == [True, True]
    assert verdicts[0]["ops"] == json.loads(captured.out.splitlines()[0])["ops"]


def test_world_size_must_match(tmp_path, capsys, monkeypatch):
    monkeypatch.setenv("WORLD_SIZE", "4")
    code, _, err = run_check(tmp_path, cnn_strategy(), capsys)
    assert code == 2 and "is for 2 devices, but WORLD_SIZE is 4" in err


def test_check_runs_a_trial_step_and_names_the_failing_op(tmp_path, capsys, monkeypatch):
    """--check runs one step on a fake process group: an op DTensor fails on is named before launch."""
    from vantage.ft import sharded

    def no_rule(*args, **kwargs):
        raise NotImplementedError("no sharding rule")

    monkeypatch.setattr(sharded, "local_pool", no_rule)
    code, out, err = run_check(tmp_path, cnn_strategy(pool="c2"), capsys, ["--check"])
    assert code == 2 and out == ""
    assert "vantage-ft-run: error: op 'pool' (pool, config c2): DTensor fails at ATen node max_pool2d" in err, err
    assert "NotImplementedError: no sharding rule" in err
    code, out, err = run_check(tmp_path, cnn_strategy(head="c2"), capsys, ["--check"])  # the pool stays b2
    assert code == 2 and "op 'pool' (pool, config b2)" in err
    monkeypatch.undo()
    code, out, err = run_check(tmp_path, cnn_strategy(pool="c2"), capsys, ["--check"])
    assert code == 0 and json.loads(out)["ok"] is True, err
