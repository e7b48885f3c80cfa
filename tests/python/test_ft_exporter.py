"""vantage.ft: the exporter's graphs of small modules (fusions, ties, positions, pools), its
refusals naming the user's line, the command line's parsing, and the command itself."""

import json
import math
import subprocess
import sys

import pytest
import torch
import torch.nn.functional as F
from torch import nn

from conftest import ROOT
from vantage.ft import ExportError, cli, export_graph


class ConvNet(nn.Module):
    def __init__(self):
        super().__init__()
        self.conv = nn.Conv2d(3, 8, 3, padding=1, bias=False)
        self.bn = nn.BatchNorm2d(8)
        self.dw = nn.Conv2d(8, 8, 3, stride=2, padding=1, groups=8)
        self.pool = nn.AdaptiveAvgPool2d(1)
        self.fc = nn.Linear(8, 10)

    def forward(self, x):
        x = F.relu(self.bn(self.conv(x)))
        x = nn.functional.silu(self.dw(x))
        return self.fc(torch.flatten(self.pool(x), 1))


class TinyLm(nn.Module):
    """Tokens and learned positions, one block with a residual add, an LM head tied to the tokens."""

    def __init__(self, vocab=50, d=16, positions=12):
        super().__init__()
        self.wte = nn.Embedding(vocab, d)
        self.wpe = nn.Embedding(positions, d)
        self.ln = nn.LayerNorm(d)
        self.up = nn.Linear(d, 4 * d)
        self.down = nn.Linear(4 * d, d)
        self.head = nn.Linear(d, vocab, bias=False)
        self.head.weight = self.wte.weight

    def forward(self, idx):
        pos = torch.arange(0, idx.size(1), dtype=torch.long)
        x = self.wte(idx) + self.wpe(pos)
        x = x + self.down(F.gelu(self.up(self.ln(x))))
        return self.head(x)


class Conv3dNet(nn.Module):
    def __init__(self):
        super().__init__()
        self.conv = nn.Conv3d(3, 4, 3)

    def forward(self, x):
        return self.conv(x)  # the line a refusal names


MEASURED = {
    "saved",
    "saved_inputs",
    "traffic",
    "special",
    "special_backward",
}  # the exporter's measurements, checked on their own


def ops_by_name(graph):
    return {op["name"]: op for op in graph["ops"]}


def test_conv_batch_norm_and_activation_are_fused():
    graph = export_graph(ConvNet().eval(), torch.zeros(1, 3, 16, 16), 32, "convnet")
    ops = ops_by_name(graph)
    assert [op["kind"] for op in graph["ops"]] == ["conv2d", "conv2d", "pool", "linear", "loss"]
    assert {k: v for k, v in ops["conv"].items() if k not in MEASURED} == {
        "name": "conv",
        "kind": "conv2d",
        "batch": 32,
        "features": 3,
        "height": 16,
        "width": 16,
        "out": 8,
        "kernel": [3, 3],
        "stride": [1, 1],
        "padding": [1, 1],
        "bias": False,
        "batch_norm": True,
        "activation": "relu",
        "aten_ops": 3,  # convolution, batch norm, relu (the norm's getitem is no ATen op)
    }
    assert ops["dw"]["groups"] == 8 and ops["dw"]["activation"] == "silu" and ops["dw"]["inputs"] == ["conv"]
    assert ops["pool"]["function"] == "global-avg"
    assert ops["loss"]["inputs"] == ["fc"]
    assert graph["source"]["parameters"] == sum(p.numel() for p in ConvNet().parameters())


def test_positions_and_tied_head():
    graph = export_graph(TinyLm().eval(), torch.zeros(1, 12, dtype=torch.long), 4, "tiny")
    ops = ops_by_name(graph)
    assert {k: v for k, v in ops["wte"].items() if k not in MEASURED} == {
        "name": "wte",
        "kind": "embedding",
        "batch": 4,
        "seq": 12,
        "vocab": 50,
        "out": 16,
        "extra_rows": 12,
        "aten_ops": 4,  # the two lookups, the positions' arange and their add
    }
    assert "wpe" not in ops
    assert ops["up"]["activation"] == "gelu"
    assert ops["head"]["tied_to"] == "wte"
    adds = [op for op in graph["ops"] if op["kind"] == "elementwise"]
    assert [(a["function"], a["inputs"]) for a in adds] == [("add", ["wte", "down"])]
    # the tied weight is counted once
    assert graph["source"]["parameters"] == 50 * 16 + 12 * 16 + 2 * 16 + 16 * 64 + 64 + 64 * 16 + 16


class WrittenGelu(nn.Module):
    """A linear and GPT-2's tanh GELU written out: eight memory-bound kernels after the matmul."""

    def __init__(self):
        super().__init__()
        self.fc = nn.Linear(8, 16)

    def forward(self, x):
        x = self.fc(x).reshape(-1, 4, 4).transpose(1, 2)  # views: nothing moves
        x = x.reshape(-1, 16)  # of a transposed tensor: a copy
        return 0.5 * x * (1.0 + torch.tanh(math.sqrt(2.0 / math.pi) * (x + 0.044715 * torch.pow(x, 3.0))))


def test_traffic_and_saved_count_the_kernels_as_they_run():
    batch = 6
    graph = export_graph(WrittenGelu().eval(), torch.zeros(1, 8), batch, "gelu")
    fc = ops_by_name(graph)["fc"]
    assert fc["activation"] == "gelu"
    n = batch * 16  # one tensor of the output's size
    # the copy, pow, both products by a number, tanh, 1 + tanh and 0.5 * x each read one tensor and
    # write one; the add and the last product read two
    assert fc["traffic"] == 7 * 2 * n + 2 * 3 * n
    # its input (for the weight's gradient), x (pow's input), tanh's output, both factors of the last
    # product, and that product: the program's output, held by the training loop through backward
    assert fc["saved"] == batch * 8 + 5 * n
    assert fc["saved_inputs"] == batch * 8
    # one special function, tanh, over the output; its gradient (1 - tanh^2) only multiplies
    assert (fc["special"], fc["special_backward"]) == (n, 0)


class Specials(nn.Module):
    """Special functions on an output of 12 features: F.gelu's and SiLU's gradients recompute theirs,
    a sigmoid gate's, an exp's and a tanh's do not; an integer power and a square root are not
    special (a CPU runs them at a copy's speed)."""

    def __init__(self):
        super().__init__()
        self.fc = nn.Linear(4, 12)
        self.norm = nn.LayerNorm(12)

    def forward(self, x):
        h = self.fc(x)
        h = nn.functional.gelu(h) + nn.functional.silu(h) * torch.sigmoid(h)
        h = torch.exp(h) + torch.pow(h, 2) + torch.sqrt(h * h + 1)
        return torch.tanh(self.norm(h))


def test_special_functions_are_counted_forward_and_backward():
    batch = 5
    ops = ops_by_name(export_graph(Specials().eval(), torch.zeros(1, 4), batch, "specials"))
    n = batch * 12
    special = {name: (o["special"], o["special_backward"]) for name, o in ops.items() if o["kind"] != "loss"}
    # gelu, silu, sigmoid and exp before the norm, tanh after it
    assert sum(f for f, _ in special.values()) == 5 * n, special
    assert sum(b for _, b in special.values()) == 2 * n, special  # gelu and silu


def test_refusal_names_the_module_and_the_users_line():
    with pytest.raises(ExportError) as e:
        export_graph(Conv3dNet().eval(), torch.zeros(1, 3, 6, 6, 6), 2, "c3")
    line = next(i for i, text in enumerate(open(__file__), 1) if "the line a refusal names" in text)
    assert "aten.conv3d in torch.nn.modules.conv.Conv3d 'conv' has no FT cost" in str(e.value)
    assert f"(at {__file__}:{line})" in str(e.value)


def test_untraceable_model_is_refused_in_torch_export_words():
    class Branches(nn.Module):
        def forward(self, x):
            return x if x.sum() > 0 else -x

    with pytest.raises(ExportError, match="torch.export cannot trace the model"):
        export_graph(Branches(), torch.zeros(1, 4), 2, "b")


@pytest.mark.parametrize(
    ("text", "dtype", "dims"),
    [
        ("float:3,224,224", torch.float32, [3, 224, 224]),
        ("long:1024", torch.int64, [1024]),
        ("int64:7", torch.int64, [7]),
        ("float32:16", torch.float32, [16]),
    ],
)
def test_input_is_parsed(text, dtype, dims):
    assert cli.parse_input(text) == (dtype, dims)


@pytest.mark.parametrize(
    ("text", "message"),
    [
        ("half:3", "expected float:C,H,W"),
        ("float:", "expected float:C,H,W"),
        ("float:3,x", "must be integers"),
        ("long:-3", "every size must be positive"),
        ("float:65536,65536", "absurdly large"),
    ],
)
def test_bad_input_is_refused(text, message):
    with pytest.raises(ExportError, match=message):
        cli.parse_input(text)


@pytest.mark.parametrize(
    ("spec", "name"),
    [
        ("my_gpt.py:build", "my_gpt"),
        ("nets/x.py:make_model", "x"),
        ("nets/x.py:tiny", "tiny"),
        ("torchvision.models:resnet50", "resnet50"),
    ],
)
def test_default_name(spec, name):
    assert cli.default_name(spec) == name


def test_load_callable_from_a_file_and_a_module(tmp_path):
    (tmp_path / "net.py").write_text("from torch import nn\n\ndef build(width=4):\n    return nn.Linear(width, 2)\n")
    assert cli.load_callable(f"{tmp_path}/net.py:build")(width=3).in_features == 3
    assert cli.load_callable("torch.nn:Linear") is nn.Linear
    for spec, message in [
        ("net.py", "expected MODULE:NAME"),
        (f"{tmp_path}/none.py:build", "no such file"),
        (f"{tmp_path}/net.py:nothing", "has no 'nothing'"),
    ]:
        with pytest.raises(ExportError, match=message):
            cli.load_callable(spec)


def test_main_writes_the_graph(tmp_path, capsys):
    (tmp_path / "net.py").write_text(
        "from torch import nn\n\n"
        "def build(width=4):\n"
        "    return nn.Sequential(nn.Linear(width, 8), nn.ReLU(), nn.Linear(8, 2))\n"
    )
    out = tmp_path / "net.json"
    rc = cli.main(
        [
            "--model",
            f"{tmp_path}/net.py:build",
            "--kwargs",
            '{"width": 6}',
            "--input",
            "float:6",
            "--batch",
            "16",
            "--out",
            str(out),
        ]
    )
    assert rc == 0
    graph = json.loads(out.read_text())
    assert graph["name"] == "net"
    assert [(op["kind"], op.get("activation")) for op in graph["ops"]] == [
        ("linear", "relu"),
        ("linear", None),
        ("loss", None),
    ]
    assert graph["ops"][0]["batch"] == 16 and graph["ops"][0]["features"] == 6
    assert json.loads(capsys.readouterr().out) == {"wrote": str(out), "ops": 3, "parameters": 6 * 8 + 8 + 8 * 2 + 2}


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (["--batch", "0"], "--batch must be between 1 and 2147483647"),
        (["--kwargs", "[1]"], "must be a JSON object"),
        (["--kwargs", '{"depth": 2}'], "unexpected keyword argument 'depth'"),
        (["--out", "/nonexistent/x.json"], "no folder"),
    ],
)
def test_main_refuses_with_exit_2(tmp_path, capsys, args, message):
    (tmp_path / "net.py").write_text("from torch import nn\n\ndef build(width=4):\n    return nn.Linear(width, 2)\n")
    base = {
        "--model": f"{tmp_path}/net.py:build",
        "--input": "float:4",
        "--batch": "8",
        "--out": str(tmp_path / "o.json"),
    }
    for flag, value in zip(args[::2], args[1::2], strict=False):
        base[flag] = value
    assert cli.main([x for kv in base.items() for x in kv]) == 2
    err = capsys.readouterr().err
    assert err.startswith("export_ft_graph: ") and message in err
    assert not (tmp_path / "o.json").exists()


def test_the_checkout_script_is_the_command(tmp_path):
    """scripts/export_ft_graph.py keeps the README's command line and runs vantage.ft.cli."""
    (tmp_path / "net.py").write_text(
        "from torch import nn\n\ndef build():\n    return nn.Sequential(nn.Linear(4, 3))\n"
    )
    out = tmp_path / "g.json"
    r = subprocess.run(
        [
            sys.executable,
            str(ROOT / "scripts" / "export_ft_graph.py"),
            "--model",
            "net.py:build",
            "--input",
            "float:4",
            "--batch",
            "5",
            "--out",
            str(out),
        ],
        capture_output=True,
        text=True,
        timeout=300,
        cwd=tmp_path,
    )
    assert r.returncode == 0, r.stderr
    assert json.loads(r.stdout) == {"wrote": str(out), "ops": 2, "parameters": 15}
    graph = json.loads(out.read_text())
    assert graph["name"] == "net"
    assert graph["ops"][0] == {
        "name": "0",
        "kind": "linear",
        "batch": 5,
        "features": 4,
        "out": 3,
        "bias": True,
        "aten_ops": 1,
        "saved": 5 * 4 + 5 * 3,  # its input (for the weight's gradient) and its output (held by the loop)
        "saved_inputs": 5 * 4,  # the input is the caller's
        "traffic": 0,  # one matmul (with its bias): no memory-bound kernel
        "special": 0,
        "special_backward": 0,
    }
    r = subprocess.run(
        [sys.executable, str(ROOT / "scripts" / "export_ft_graph.py"), "--model", "x:y"],
        capture_output=True,
        text=True,
        timeout=300,
    )
    assert r.returncode == 2 and "the following arguments are required: --batch, --out" in r.stderr


@pytest.mark.parametrize(
    ("text", "want"),
    [
        ("long:128", (None, torch.int64, [128])),
        ("decoder_input_ids=long:32", ("decoder_input_ids", torch.int64, [32])),
        ("pixel_values=float:3,8,8", ("pixel_values", torch.float32, [3, 8, 8])),
    ],
)
def test_keyword_inputs_are_parsed(text, want):
    assert cli.keyword_input(text) == want


class Padded(nn.Module):
    def __init__(self):
        super().__init__()
        self.conv = nn.Conv2d(3, 4, 3)

    def forward(self, x):
        return self.conv(F.pad(x, (1, 1, 1, 1)))  # padding that grows the image


class Windows(nn.Module):
    """Attention written out (q @ k^T, softmax, @ v) over windows of 4 positions, a learned bias
    added to the scores: one attention op with a window and the bias's parameters."""

    def __init__(self):
        super().__init__()
        self.emb = nn.Embedding(50, 16)
        self.qkv = nn.Linear(16, 48)
        self.bias = nn.Parameter(torch.zeros(2, 4, 4))
        self.proj = nn.Linear(16, 16)

    def forward(self, ids):
        x = self.emb(ids)
        b, s = x.shape[0], x.shape[1]
        q, k, v = self.qkv(x).reshape(b * s // 4, 4, 3, 2, 8).permute(2, 0, 3, 1, 4).unbind(0)
        a = ((q @ k.transpose(-2, -1)) * 8**-0.5 + self.bias).softmax(-1)
        return self.proj((a @ v).transpose(1, 2).reshape(b, s, 16))


def test_padding_that_grows_a_tensor_is_refused_at_its_line():
    with pytest.raises(ExportError) as e:
        export_graph(Padded().eval(), torch.zeros(1, 3, 8, 8), 2, "p")
    line = next(i for i, text in enumerate(open(__file__), 1) if "padding that grows the image" in text)
    assert "padding that grows a tensor has no FT cost" in str(e.value) and f"{__file__}:{line}" in str(e.value)


def test_written_out_attention_over_windows():
    graph = export_graph(Windows().eval(), torch.zeros(1, 12, dtype=torch.long), 2, "w")
    ops = ops_by_name(graph)
    assert [op["kind"] for op in graph["ops"]] == ["embedding", "linear", "attention", "linear", "loss"]
    att = next(op for op in graph["ops"] if op["kind"] == "attention")
    assert (att["heads"], att["window"], att["params"], att["inputs"]) == (2, 4, 32, ["qkv"])
    assert ops["qkv"]["out"] == 48


def aten_nodes(program):
    """The ATen ops the runner dispatches, counted here on their own: every call of an OpOverload
    but the metadata asserts it skips."""
    return sum(
        1
        for n in program.graph.nodes
        if n.op == "call_function"
        and isinstance(n.target, torch._ops.OpOverload)
        and not n.target.name().split("::")[-1].startswith(("_assert_", "sym_constrain_range"))
    )


@pytest.mark.parametrize("name", ["convnet", "tinylm", "gpt2", "llama", "resnet"])
def test_aten_op_counts_sum_to_the_programs_aten_ops(name):
    from vantage.ft.exporter import Exporter, export_program

    if name in ("convnet", "tinylm"):
        module = ConvNet() if name == "convnet" else TinyLm()
        args = (torch.zeros(1, 3, 16, 16),) if name == "convnet" else (torch.zeros(1, 12, dtype=torch.long),)
        kwargs = {}
    else:
        import ft_models

        module = ft_models.BUILDERS[name]()
        args, kwargs = ft_models.example(name, 1)
    program = export_program(module.eval(), args, kwargs)
    graph = Exporter(program, 4, name).run()
    counts = [op["aten_ops"] for op in graph["ops"]]
    assert all(isinstance(c, int) and c >= 0 for c in counts)
    assert sum(counts) == aten_nodes(program)
    # Every op that computes something comes from an ATen op (the loss reads the program's output).
    assert all(op["aten_ops"] >= 1 for op in graph["ops"] if op["kind"] not in ("loss", "pool"))
