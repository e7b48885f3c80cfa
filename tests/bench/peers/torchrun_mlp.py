"""The job of tests/bench/edl_mlp.py (32 -> hidden -> hidden -> 10 MLP, ReLU, SGD with momentum,
cross-entropy, global batch 64, x = randn(samples, 32), y = the class a fixed random linear teacher
gives, from the same seed) as a torchrun user writes it (issue 18; tests/bench/peers/edl_torchrun.py launches it):

  - gloo on CPU, DistributedDataParallel, one thread per worker (as Vantage's workers);
  - DistributedSampler(shuffle=True, seed, set_epoch(epoch)), per-rank batch = batch // world size;
  - rank 0 checkpoints model, optimizer, epoch and step after every step, atomically (write a
    temporary file, os.replace), to JOB_DIR/checkpoint.pt; every (re)start resumes from it, skipping
    the batches of the steps already done in this epoch (`--skip steps`, what users do:
    `for i, batch in enumerate(loader): if i < start_step: continue`) or, with `--skip samples`,
    the samples already done (samples_done // world size per rank). Neither is corrected for a
    changed world size: samples trained twice or never are counted by the driver, not fixed here.

Every worker process appends one JSON line per step to JOB_DIR/steps-<pid>.jsonl: wall time after
the step, the incarnation (rank 0's time.time_ns() at the group's start, broadcast: one per torchrun
restart), epoch, step, world size, rank, the global sample ids this rank trained, its mean loss and
the step's global mean loss (an allreduce of the loss sum and the sample count). A first line
{"start": ...} records the process's start, the group's formation and the step it resumed at.

    python -m torch.distributed.run ... torchrun_mlp.py --job-dir DIR --samples 16000 --batch 64 \
        --epochs 1 --hidden 64 --lr 0.05 --momentum 0.9 --seed 1 [--slow-ms 40] [--skip steps]
"""
import argparse
import itertools
import json
import os
import time

T_START = time.time()

import torch  # noqa: E402
import torch.distributed as dist  # noqa: E402
import torch.nn.functional as F  # noqa: E402
from torch import nn  # noqa: E402
from torch.nn.parallel import DistributedDataParallel as DDP  # noqa: E402
from torch.utils.data import BatchSampler, DistributedSampler  # noqa: E402


class Ids(torch.utils.data.Dataset):
    """The data set's length for the sampler; the samples themselves are rows of x and y."""

    def __init__(self, n):
        self.n = n

    def __len__(self):
        return self.n

    def __getitem__(self, i):
        return i


def main():
    p = argparse.ArgumentParser()
    p.add_argument("--job-dir", required=True)
    p.add_argument("--samples", type=int, default=16000)
    p.add_argument("--batch", type=int, default=64)
    p.add_argument("--epochs", type=int, default=1)
    p.add_argument("--hidden", type=int, default=64)
    p.add_argument("--lr", type=float, default=0.05)
    p.add_argument("--momentum", type=float, default=0.9)
    p.add_argument("--seed", type=int, default=1)
    p.add_argument("--slow-ms", type=float, default=0.0, help="sleep this long at the start of every step")
    p.add_argument("--skip", choices=("steps", "samples"), default="steps")
    a = p.parse_args()

    torch.set_num_threads(1)
    dist.init_process_group("gloo")
    rank, world = dist.get_rank(), dist.get_world_size()
    inc = torch.tensor([time.time_ns()], dtype=torch.int64)
    dist.broadcast(inc, 0)
    inc = int(inc.item())
    t_group = time.time()

    g = torch.Generator().manual_seed(a.seed)
    x = torch.randn(a.samples, 32, generator=g)
    y = (x @ torch.randn(32, 10, generator=g)).argmax(dim=1)  # as edl_mlp.py: a learnable teacher
    torch.manual_seed(a.seed)
    h = a.hidden
    model = nn.Sequential(nn.Linear(32, h), nn.ReLU(), nn.Linear(h, h), nn.ReLU(), nn.Linear(h, 10))
    opt = torch.optim.SGD(model.parameters(), lr=a.lr, momentum=a.momentum)
    ckpt = os.path.join(a.job_dir, "checkpoint.pt")
    start_epoch, start_step, samples_done = 0, 0, 0
    if os.path.exists(ckpt):
        state = torch.load(ckpt, weights_only=True)
        model.load_state_dict(state["model"])
        opt.load_state_dict(state["opt"])
        start_epoch, start_step, samples_done = state["epoch"], state["step"], state["samples_done"]
    ddp = DDP(model)

    log = open(os.path.join(a.job_dir, f"steps-{os.getpid()}.jsonl"), "a", buffering=1)
    log.write(json.dumps({"start": T_START, "group": t_group, "inc": inc, "world": world, "rank": rank,
                          "epoch": start_epoch, "resume_step": start_step, "samples_done": samples_done}) + "\n")
    per_rank = max(1, a.batch // world)
    for epoch in range(start_epoch, a.epochs):
        sampler = DistributedSampler(Ids(a.samples), num_replicas=world, rank=rank, shuffle=True, seed=a.seed)
        sampler.set_epoch(epoch)
        first = start_step if epoch == start_epoch else 0
        done = samples_done if epoch == start_epoch else 0
        if a.skip == "steps":
            batches = itertools.islice(BatchSampler(sampler, per_rank, drop_last=False), first, None)
        else:
            batches = BatchSampler(list(sampler)[done // world:], per_rank, drop_last=False)
        for step, ids in enumerate(batches, start=first):
            if a.slow_ms > 0:
                time.sleep(a.slow_ms / 1000)
            ids_t = torch.tensor(ids)
            opt.zero_grad()
            loss = F.cross_entropy(ddp(x[ids_t]), y[ids_t])
            loss.backward()
            opt.step()
            tot = torch.tensor([loss.item() * len(ids), float(len(ids))], dtype=torch.float64)
            dist.all_reduce(tot)
            done += int(tot[1].item())
            if rank == 0:
                tmp = ckpt + ".tmp"
                torch.save({"model": model.state_dict(), "opt": opt.state_dict(), "epoch": epoch, "step": step + 1,
                            "samples_done": done}, tmp)
                os.replace(tmp, ckpt)
            log.write(json.dumps({"t": time.time(), "inc": inc, "epoch": epoch, "step": step, "world": world,
                                  "rank": rank, "ids": ids, "loss": loss.item(),
                                  "global_loss": float(tot[0] / tot[1])}) + "\n")
        if rank == 0:  # the next epoch starts at its first step
            tmp = ckpt + ".tmp"
            torch.save({"model": model.state_dict(), "opt": opt.state_dict(), "epoch": epoch + 1, "step": 0,
                        "samples_done": 0}, tmp)
            os.replace(tmp, ckpt)
    log.write(json.dumps({"end": time.time(), "inc": inc, "rank": rank}) + "\n")
    dist.destroy_process_group()


if __name__ == "__main__":
    main()
