"""The elastic training API for PyTorch scripts (docs/edl.md, "From Python").

ElasticContext, Step and Error are the compiled vantage_edl module's (python/vantage_edl.cpp; its
name stays vantage_edl, which scripts import and a job's leader finds in a build tree). They are
loaded on first use, so this module's pure-Python parts (the job spec's type, the exit codes) import
without the extension or torch::

    from vantage import edl
    ctx = edl.ElasticContext(dataset_size=len(dataset))
    spec: edl.JobSpec = ctx.spec
    ...
    sys.exit(ctx.exit_code)
"""

from __future__ import annotations

import enum
import importlib
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from vantage_edl import ElasticContext as ElasticContext
    from vantage_edl import Error as Error
    from vantage_edl import Step as Step

from vantage.edl.spec import JobSpec, Timeouts

__all__ = ["ElasticContext", "EndReason", "Error", "ExitCode", "JobSpec", "Step", "Timeouts", "exit_code_for"]

_EXTENSION_NAMES = ("ElasticContext", "Error", "Step")


class EndReason(str, enum.Enum):
    """Why a worker's loop ended (ElasticContext.end_reason; core/edl/elastic.h's EndReason)."""

    RUNNING = "running"
    FINISHED = "finished"
    STOPPED = "stopped"
    LEFT = "left"
    JOB_FAILED = "job failed"
    LEADER_LOST = "leader lost"
    TERMINATED = "terminated"
    RESTART = "restart"


class ExitCode(enum.IntEnum):
    """What a worker process exits with (ElasticContext.exit_code; core/edl/elastic.h's workerExitCode)."""

    OK = 0  # finished, stopped, left or restarting: the job goes on without it or is done
    STILL_RUNNING = 1  # the loop has not ended
    LEADER_LOST = 3
    JOB_FAILED = 4
    TERMINATED = 5


_EXIT_CODES = {
    EndReason.RUNNING: ExitCode.STILL_RUNNING,
    EndReason.FINISHED: ExitCode.OK,
    EndReason.STOPPED: ExitCode.OK,
    EndReason.LEFT: ExitCode.OK,
    EndReason.RESTART: ExitCode.OK,
    EndReason.LEADER_LOST: ExitCode.LEADER_LOST,
    EndReason.JOB_FAILED: ExitCode.JOB_FAILED,
    EndReason.TERMINATED: ExitCode.TERMINATED,
}


def exit_code_for(end_reason: str) -> ExitCode:
    """The exit code of a worker whose loop ended for `end_reason` (an EndReason or its name).

    Raises ValueError naming the known reasons for any other text.
    """
    try:
        reason = EndReason(end_reason)
    except ValueError:
        known = ", ".join(repr(r.value) for r in EndReason)
        raise ValueError(f"unknown end reason {end_reason!r} (one of {known})") from None
    return _EXIT_CODES[reason]


def _extension() -> Any:
    try:
        return importlib.import_module("vantage_edl")
    except ImportError as e:
        raise ImportError(
            f"vantage.edl needs the compiled vantage_edl module, which this Python cannot import ({e}): "
            "pip install --no-build-isolation ./python, or put a build's python/ folder on PYTHONPATH "
            "(docs/edl.md, 'From Python')"
        ) from e


def __getattr__(name: str) -> Any:
    if name in _EXTENSION_NAMES:
        value = getattr(_extension(), name)
        globals()[name] = value
        return value
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
