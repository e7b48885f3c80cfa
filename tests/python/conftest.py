"""pytest suites of the vantage Python package (python/), run by ctest (label "python") with the
Python of scripts/setup-pyenv.sh. The package is imported from this checkout's python/ folder; the
compiled vantage_edl module from VANTAGE_EDL_PYTHON_DIR (a build's python/ folder) where it is built."""

import os
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(ROOT / "python"))


def edl_module_dir() -> Path | None:
    """The folder that holds a built vantage_edl module, or None where this build has none."""
    folder = os.environ.get("VANTAGE_EDL_PYTHON_DIR")
    if not folder or not any(Path(folder).glob("vantage_edl.*.so")):
        return None
    return Path(folder)


@pytest.fixture
def edl_extension(monkeypatch):
    """The built vantage_edl module on sys.path (the test skips, saying why, where it is not built)."""
    folder = edl_module_dir()
    if folder is None:
        pytest.skip("vantage_edl is built in the LibTorch 2.x flavour (build-cuda/); this build has none")
    monkeypatch.syspath_prepend(str(folder))
    import vantage_edl

    return vantage_edl
