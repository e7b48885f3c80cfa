"""The models users plan (ft_models.py: Hugging Face GPT-2, Llama, BERT, T5; timm ViT, Swin, ConvNeXt;
torchvision ResNet, EfficientNet) exported with torch.export and read by FT (the built vantage-cli):
FT's parameters equal the model's sum(p.numel()), FT's forward FLOPs are within 10% of PyTorch's
FlopCounterMode on the same batch, and `ft search --graph` gives a frontier. Mixtral's experts are
refused by name. A program saved with torch.export.save is read as well.

    python tests/python/test_ft_models.py     prints each model's parameters and FLOP error
"""

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest
import torch
from torch.multiprocessing.reductions import StorageWeakRef
from torch.utils import _pytree as pytree
from torch.utils.flop_counter import FlopCounterMode

sys.path.insert(0, str(Path(__file__).resolve().parent))
sys.path.insert(0, str(Path(__file__).resolve().parents[2] / "python"))

import ft_models  # noqa: E402
from vantage.ft import ExportError, cli, export_graph, export_saved  # noqa: E402

ROOT = Path(__file__).resolve().parents[2]
BATCH = 2
MODELS = ["gpt2", "llama", "bert", "t5", "vit", "swin", "convnext", "resnet", "efficientnet"]


def vantage_cli():
    path = os.environ.get("VANTAGE_CLI") or str(ROOT / "build" / "app" / "cli" / "vantage-cli")
    return path if os.path.isfile(path) else None


def ft_search(graph_file, devices="1"):
    exe = vantage_cli()
    if exe is None:
        pytest.skip("vantage-cli is not built (ctest sets VANTAGE_CLI)")
    r = subprocess.run(
        [exe, "--json", "ft", "search", "--graph", str(graph_file), "--devices", devices],
        capture_output=True,
        text=True,
        timeout=300,
    )
    assert r.returncode == 0, r.stderr
    return json.loads(r.stdout)


def measure(name, tmp_path):
    """(FT's parameters, FT's forward FLOPs, sum(p.numel()), FlopCounterMode's FLOPs) of one model."""
    torch.manual_seed(0)
    model = ft_models.BUILDERS[name]().eval()
    args, kwargs = ft_models.example(name, BATCH)
    with FlopCounterMode(display=False) as counter, torch.no_grad():
        model(*args, **kwargs)
    one_args, one_kwargs = ft_models.example(name, 1)
    graph = export_graph(model, one_args, BATCH, name, one_kwargs)
    path = tmp_path / f"{name}.json"
    path.write_text(json.dumps(graph))
    ft = ft_search(path)
    return ft["parameters"], ft["forward_flops"], sum(p.numel() for p in model.parameters()), counter.get_total_flops()


@pytest.mark.parametrize("name", MODELS)
def test_parameters_and_flops_are_the_models(name, tmp_path):
    params, flops, want_params, want_flops = measure(name, tmp_path)
    assert params == want_params
    assert abs(flops - want_flops) <= 0.10 * want_flops, f"FT {flops:.4g} FLOPs, FlopCounterMode {want_flops:.4g}"


def eager_saved_bytes(model, args, kwargs):
    """What autograd keeps when `model` runs forward eagerly on real tensors on the CPU (each storage
    once; not parameters or buffers), and the outputs the caller holds."""
    kept = {StorageWeakRef(t.untyped_storage()).cdata for t in [*model.parameters(), *model.buffers()]}
    saved = {}

    def pack(t):
        ref = StorageWeakRef(t.untyped_storage()).cdata
        if ref not in kept:
            saved.setdefault(ref, t.untyped_storage().nbytes())
        return t

    with torch.autograd.graph.saved_tensors_hooks(pack, lambda t: t):
        out = model(*args, **kwargs)
    for t in pytree.tree_leaves(out.to_tuple() if hasattr(out, "to_tuple") else out):
        if isinstance(t, torch.Tensor):
            pack(t)
    return sum(saved.values())


@pytest.mark.parametrize("name", MODELS)
def test_saved_is_what_autograd_keeps(name):
    # The exporter counts saved tensors on fake tensors of a batch of 1, scaled to the graph's batch;
    # the model trained eagerly at that batch on real tensors keeps the same within a few percent
    # (tensors that do not grow with the batch, like RoPE's tables, are scaled with it).
    torch.manual_seed(0)
    model = ft_models.BUILDERS[name]().eval()
    args, kwargs = ft_models.example(name, BATCH)
    want = eager_saved_bytes(model, args, kwargs)
    one_args, one_kwargs = ft_models.example(name, 1)
    graph = export_graph(model, one_args, BATCH, name, one_kwargs)
    assert "saved" not in graph["source"], graph["source"].get("saved")
    # each storage counts once, against the first op that keeps it (an attention's output, which the
    # fused kernel keeps, is not counted again for the projection after it)
    assert all(op["saved"] > 0 for op in graph["ops"] if op["kind"] in ("conv2d", "attention"))
    got = 4 * sum(op.get("saved", 0) for op in graph["ops"])
    assert abs(got - want) <= 0.08 * want, f"the graph's {got} bytes saved, autograd's {want}"


@pytest.mark.parametrize("name", ["gpt2", "vit"])
def test_search_gives_a_frontier(name, tmp_path):
    model = ft_models.BUILDERS[name]().eval()
    args, kwargs = ft_models.example(name, 1)
    path = tmp_path / "g.json"
    path.write_text(json.dumps(export_graph(model, args, 16, name, kwargs)))
    result = ft_search(path, "2,4")
    assert [len(f["points"]) > 0 for f in result["frontiers"]] == [True, True]


def test_llama_is_one_qkv_projection_with_grouped_heads_and_swiglu():
    model = ft_models.llama().eval()
    graph = export_graph(model, ft_models.example("llama", 1)[0], 4, "llama")
    ops = {o["name"]: o for o in graph["ops"]}
    att = ops["model.layers.0.self_attn.attention"]
    assert (att["heads"], att["kv_heads"], att["inputs"]) == (4, 2, ["model.layers.0.self_attn.qkv"])
    assert ops["model.layers.0.self_attn.qkv"]["out"] == 128 + 2 * 64
    assert ops["model.layers.0.mlp.gate_proj"]["activation"] == "swiglu"
    assert ops["model.layers.0.input_layernorm"]["kind"] == "rmsnorm"


def test_swin_windows_and_patch_merging():
    graph = export_graph(ft_models.swin().eval(), ft_models.example("swin", 1)[0], 4, "swin")
    kinds = [(o["kind"], o.get("function")) for o in graph["ops"]]
    assert ("pool", "space-to-depth") in kinds
    attention = [o for o in graph["ops"] if o["kind"] == "attention"]
    assert [o["window"] for o in attention] == [16, 16, 16, 16]
    assert all(o["params"] > 0 for o in attention)  # each block's relative-position bias table


def test_vit_class_token_and_positions():
    graph = export_graph(ft_models.vit().eval(), ft_models.example("vit", 1)[0], 4, "vit")
    cat = next(o for o in graph["ops"] if o["kind"] == "concat")
    assert cat["extra_rows"] == 1 and cat["inputs"] == ["patch_embed.proj"]
    add = next(o for o in graph["ops"] if o.get("inputs") == [cat["name"]])
    assert add["function"] == "add" and add["params"] == 17 * 192  # 16 patches + the class token


def test_mixtral_experts_are_refused_by_name():
    model = ft_models.mixtral().eval()
    with pytest.raises(ExportError) as e:
        export_graph(model, ft_models.example("mixtral", 1)[0], 4, "mixtral")
    assert "MixtralTopKRouter" in str(e.value) and "a mixture of experts" in str(e.value)
    assert "modeling_mixtral.py:" in str(e.value)


def test_a_saved_program_is_read(tmp_path):
    model = ft_models.gpt2().eval()
    args, _ = ft_models.example("gpt2", 1)
    path = tmp_path / "gpt2.pt2"
    torch.export.save(torch.export.export(model, args, strict=False), str(path))
    assert export_saved(str(path), 8, "gpt2")["ops"] == export_graph(model, args, 8, "gpt2")["ops"]
    out = tmp_path / "g.json"
    assert cli.main(["--model", str(path), "--batch", "8", "--out", str(out)]) == 0
    assert json.loads(out.read_text())["name"] == "gpt2"


if __name__ == "__main__":
    import tempfile

    with tempfile.TemporaryDirectory() as d:
        for name in MODELS:
            params, flops, want_params, want_flops = measure(name, Path(d))
            print(
                f"{name:13} parameters {params:>10} (sum(p.numel()) {want_params:>10})  forward FLOPs {flops:.4g} "
                f"(FlopCounterMode {want_flops:.4g}, {100 * (flops - want_flops) / want_flops:+.1f}%)"
            )
