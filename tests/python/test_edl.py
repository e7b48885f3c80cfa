"""vantage.edl: its pure-Python parts (end reasons, exit codes, the job spec's type) against the C++
they describe, the lazy import of the compiled module, and the stubs against the built module."""

import importlib
import re
import subprocess
import sys
import typing

import pytest

from conftest import ROOT
from vantage import edl


def cpp_function(path, signature):
    """The body of the C++ function starting with `signature` in core/edl/`path` (what the Python
    types describe: where it moves, this test follows it)."""
    text = (ROOT / "core" / "edl" / path).read_text()
    assert signature in text, f"core/edl/{path} has no {signature!r} any more: point this test at its new place"
    start = text.index(signature)
    return text[start : text.index("\n}\n", start)]


def end_reason_names():
    """EndReason's names, from its enum table (kEndReasons in core/edl/elastic.h)."""
    text = (ROOT / "core" / "edl" / "elastic.h").read_text()
    assert "kEndReasons" in text, "core/edl/elastic.h has no kEndReasons any more: point this test at its new place"
    start = text.index("kEndReasons")
    return dict(re.findall(r"\{ EndReason::(\w+), \"([^\"]+)\" \}", text[start : text.index("};", start)]))


def test_end_reasons_are_the_engines():
    names = end_reason_names()
    assert names, "no end reasons read from elastic.h"
    assert {r.value for r in edl.EndReason} == set(names.values())


def test_exit_codes_are_the_engines():
    names = end_reason_names()
    body = cpp_function("worker_environment.cpp", "int workerExitCode(EndReason r)")
    expected = {}
    pending = []
    for case, code in re.findall(r"case EndReason::(\w+):|return (\d+);", body):
        if case:
            pending.append(case)
        else:
            expected.update({names[c]: int(code) for c in pending})
            pending = []
    assert len(expected) == len(edl.EndReason)
    for reason, code in expected.items():
        assert edl.exit_code_for(reason) == code, reason
        assert edl.exit_code_for(edl.EndReason(reason)) == code


@pytest.mark.parametrize("reason", ["", "Finished", "done", "job_failed"])
def test_unknown_end_reason_is_refused(reason):
    with pytest.raises(ValueError, match="unknown end reason") as e:
        edl.exit_code_for(reason)
    assert "'leader lost'" in str(e.value)


def test_job_spec_keys_are_what_the_engine_writes():
    # The declared fields (their table) and the ones toJson writes by hand beside them.
    declared = cpp_function("job.cpp", "params::Table<JobSpec> trainedParams()") + cpp_function(
        "job.cpp", "params::Table<JobSpec> numberParams()"
    )
    written = cpp_function("job.cpp", "Json toJson(const JobSpec& s)")
    keys = set(re.findall(r"\{ \"(\w+)\",", declared)) | set(re.findall(r"out\[\"(\w+)\"\]", written))
    assert keys == set(typing.get_type_hints(edl.JobSpec))
    body = cpp_function("job.cpp", "const params::Table<Timeouts>& timeoutsParams()")  # declared once
    assert set(re.findall(r"\{ \"(\w+)\",", body)) == set(typing.get_type_hints(edl.Timeouts))


def test_without_the_module_the_error_says_how_to_get_it(monkeypatch):
    monkeypatch.setitem(sys.modules, "vantage_edl", None)  # import vantage_edl raises ImportError
    fresh = importlib.reload(edl)
    with pytest.raises(ImportError, match=r"pip install --no-build-isolation \./python"):
        fresh.ElasticContext  # noqa: B018
    with pytest.raises(AttributeError, match="no attribute 'Elastic'"):
        fresh.Elastic  # noqa: B018
    assert fresh.exit_code_for("finished") == fresh.ExitCode.OK  # the pure parts need no module


def test_the_api_is_the_compiled_modules(edl_extension):
    fresh = importlib.reload(edl)
    assert fresh.ElasticContext is edl_extension.ElasticContext
    assert fresh.Step is edl_extension.Step
    assert issubclass(fresh.Error, RuntimeError)


def test_a_context_outside_a_job_is_refused(edl_extension, monkeypatch):
    for name in [n for n in list(__import__("os").environ) if n.startswith("VANTAGE_EDL_")]:
        monkeypatch.delenv(name)
    with pytest.raises(edl_extension.Error, match="VANTAGE_EDL_"):
        edl_extension.ElasticContext()


def test_stubs_match_the_built_module(edl_extension):
    """mypy's stubtest: every name, signature and property of python/vantage_edl.pyi is the module's."""
    r = subprocess.run(
        [
            sys.executable,
            "-m",
            "mypy.stubtest",
            "vantage_edl",
            "--mypy-config-file",
            str(ROOT / "python" / "pyproject.toml"),
            "--allowlist",
            str(ROOT / "python" / "stubtest-allowlist.txt"),
        ],
        cwd=ROOT / "python",
        env={
            **__import__("os").environ,
            "PYTHONPATH": f"{edl_extension.__file__.rsplit('/', 1)[0]}",
            "MYPYPATH": str(ROOT / "python"),
        },
        capture_output=True,
        text=True,
        timeout=300,
    )
    assert r.returncode == 0, r.stdout + r.stderr
