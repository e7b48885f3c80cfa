"""The built-in `mlp` trainer's network (32 -> hidden -> hidden -> 10, SGD with momentum) as a Python
script on the vantage_edl module: scripts/bench-edl-python.sh measures the pause per scale event of
the same job with Python workers and with C++ workers (vantage-edl-worker)."""
import sys

import torch
import torch.nn.functional as F
from torch import nn

import vantage_edl as edl

ctx = edl.ElasticContext()
spec = ctx.spec
g = torch.Generator().manual_seed(spec["seed"])
x = torch.randn(spec["samples"], 32, generator=g)
# Labels a network can learn: the class a fixed random linear teacher gives each sample.
y = (x @ torch.randn(32, 10, generator=g)).argmax(dim=1)
torch.manual_seed(spec["seed"])
h = spec["hidden"]
model = nn.Sequential(nn.Linear(32, h), nn.ReLU(), nn.Linear(h, h), nn.ReLU(), nn.Linear(h, 10)).to(ctx.device)
opt = torch.optim.SGD(model.parameters(), lr=spec["lr"], momentum=spec["momentum"])
ctx.attach(model, opt)
for step in ctx:
    opt.zero_grad()
    loss_sum = 0.0
    for ids in step.micro_batches():
        loss = F.cross_entropy(model(x[ids].to(ctx.device)), y[ids].to(ctx.device), reduction="sum")
        loss.backward()
        loss_sum += loss.item()
    if ctx.allreduce_gradients():
        opt.step()
    ctx.commit(loss_sum, step.sample_ids)
sys.exit(ctx.exit_code)
