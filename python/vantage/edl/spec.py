"""The job's spec as ElasticContext.spec gives it (core/edl/job.cpp's toJson of JobSpec)."""

from __future__ import annotations

from typing import TypedDict


class Timeouts(TypedDict):
    """The job's timeouts, seconds."""

    heartbeat_s: float
    failure_s: float
    collective_s: float
    step_s: float
    ready_s: float
    leader_s: float
    request_s: float


class JobSpec(TypedDict):
    """What every worker of a job trains: ElasticContext.spec."""

    trainer: str
    model: str
    data: str
    loss: str
    script: str
    samples: int
    epochs: int
    batch: int
    chunk_size: int
    micro_batch: int
    lr: float
    momentum: float
    keep_global_batch: bool
    linear_lr_scaling: bool
    initial_workers: int
    seed: int
    hidden: int
    threads: int
    bucket_bytes: int
    worker_memory_mb: int
    worker_cpu_s: int
    timeouts: Timeouts
