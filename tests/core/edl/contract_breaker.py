"""A training script that breaks the elastic API's contract in one way (tst_cli_edl_script):

    contract_breaker.py no-commit   never calls ctx.commit()
    contract_breaker.py raise       worker w1 raises at step 4 (the others go on)
    contract_breaker.py shapes      replaces a layer (other parameter shapes) at step 3
    contract_breaker.py hang        worker w1 never enters the collective of step 3
    contract_breaker.py none        keeps the contract (the control)
"""
import sys
import time

import torch
import torch.nn.functional as F

import vantage_edl as edl

mode = sys.argv[1]
ctx = edl.ElasticContext()
spec = ctx.spec
g = torch.Generator().manual_seed(spec["seed"])
x = torch.randn(spec["samples"], 8, generator=g)
y = x @ torch.randn(8, 1, generator=g)
torch.manual_seed(spec["seed"])
model = torch.nn.Sequential(torch.nn.Linear(8, 16), torch.nn.ReLU(), torch.nn.Linear(16, 1))
optimizer = torch.optim.SGD(model.parameters(), lr=spec["lr"])
ctx.attach(model, optimizer)

for step in ctx:
    optimizer.zero_grad()
    if mode == "raise" and ctx.worker_id == "w1" and step.step == 4:
        raise ValueError("a broken batch in the user's own code")
    if mode == "shapes" and step.step == 3:
        model[2] = torch.nn.Linear(16, 2)
    ids = step.sample_ids
    loss = F.mse_loss(model(x[ids])[:, :1], y[ids], reduction="sum")
    loss.backward()
    if mode == "hang" and ctx.worker_id == "w1" and step.step == 3:
        time.sleep(3600)
    if ctx.allreduce_gradients():
        optimizer.step()
    if mode != "no-commit":
        ctx.commit(loss.item(), ids)
sys.exit(ctx.exit_code)
