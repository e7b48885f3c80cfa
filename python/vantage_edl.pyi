"""Stubs of vantage_edl (python/vantage_edl.cpp): the elastic API for PyTorch training scripts.

Checked against the built module by tests/python (mypy's stubtest, where the module is built).
"""

from collections.abc import Iterator

import torch

from vantage.edl.spec import JobSpec

class Error(RuntimeError):
    """A Vantage error: bad input (a dataset size that is not the job's), or a broken contract."""

class Step:
    """This worker's part of one step."""

    @property
    def step(self) -> int: ...
    @property
    def epoch(self) -> int: ...
    @property
    def generation(self) -> int: ...
    @property
    def sample_ids(self) -> list[int]:
        """This worker's sample ids (a list of int)"""
    @property
    def global_samples(self) -> int:
        """The whole group's samples in this step"""
    @property
    def micro_batch(self) -> int: ...
    @property
    def lr(self) -> float:
        """The learning rate, already set on the optimizer"""
    @property
    def rank(self) -> int: ...
    @property
    def world_size(self) -> int: ...
    def micro_batches(self) -> list[list[int]]:
        """sample_ids cut into micro-batches of at most micro_batch ids (one list when it is 0)"""

class ElasticContext:
    """Registers this process with its job's leader (from the VANTAGE_EDL_* variables its launcher set)"""

    def __init__(self, dataset_size: int | None = None) -> None: ...
    def attach(self, model: torch.nn.Module, optimizer: torch.optim.Optimizer) -> None:
        """The model and optimizer whose state is committed, restored and sent to joiners."""
    def __iter__(self) -> Iterator[Step]: ...
    def __next__(self) -> Step: ...
    def allreduce_gradients(self) -> bool:
        """Sums the gradients over the group; False when a peer died (the step is rolled back)."""
    def commit(self, loss_sum: float, trained_ids: list[int]) -> bool:
        """Reports the step; True when the leader committed it, False when it was rolled back"""
    @property
    def device(self) -> str: ...
    @property
    def worker_id(self) -> str: ...
    @property
    def spec(self) -> JobSpec:
        """The job's spec: samples, epochs, batch, lr, momentum, seed, ... (a dict)"""
    @property
    def end_reason(self) -> str: ...
    @property
    def end_message(self) -> str: ...
    @property
    def exit_code(self) -> int:
        """What the script should exit with: 0 finished, stopped or left, 3 leader lost, 4 job failed, 5 terminated"""
    def parameter_hash(self) -> str: ...
    def save_committed(self, path: str) -> None:
        """Writes the last committed state to a checkpoint file"""
