"""An elastic PyTorch training script for Vantage (docs/edl.md, "From Python").

A small CNN on CIFAR-shaped images (3 x 32 x 32, 10 classes) from a real torch.utils.data.Dataset:
a file of tensors (--data FILE.pt holding {"images": [N, 3, 32, 32] float, "labels": [N] int64}), or
a synthetic set made from the job's seed. Run it as a job:

    vantage-cli edl run --script docs/examples/edl_train.py --workers 2 --samples 2048 --batch 64 \
        --schedule "step=20:+1,step=40:-1"  [-- --data images.pt --save final.pt]

Every worker runs this file; the vantage_edl module (python/, `pip install --no-build-isolation
./python`, or the build's python/ folder on PYTHONPATH) connects it to the job. Workers join and
leave between steps inside `for step in ctx`; the script itself is a plain training loop.
"""
import argparse
import sys

import torch
import torch.nn.functional as F
from torch import nn
from torch.utils.data import Dataset
from torch.utils.data.dataloader import default_collate

import vantage_edl as edl


class SyntheticCifar(Dataset):
    """CIFAR-shaped images whose class is a coloured stripe pattern under noise, made from a seed."""

    def __init__(self, size, seed):
        g = torch.Generator().manual_seed(seed)
        self.labels = torch.randint(0, 10, (size,), generator=g)
        rows = torch.arange(32).view(1, 32, 1).float()
        patterns = torch.stack([torch.sin(rows * (c + 1) * 0.2).expand(3, 32, 32) * (1 + c % 3) for c in range(10)])
        self.images = patterns[self.labels] + 2.0 * torch.randn(size, 3, 32, 32, generator=g)

    def __len__(self):
        return len(self.labels)

    def __getitem__(self, i):
        return self.images[i], self.labels[i]


class TensorFile(Dataset):
    """A file of tensors written by torch.save({"images": ..., "labels": ...}, path)."""

    def __init__(self, path):
        data = torch.load(path, weights_only=True)
        self.images, self.labels = data["images"].float(), data["labels"].long()
        if len(self.images) != len(self.labels):
            raise ValueError(f"{path}: {len(self.images)} images but {len(self.labels)} labels")

    def __len__(self):
        return len(self.labels)

    def __getitem__(self, i):
        return self.images[i], self.labels[i]


class Flip:
    """A random horizontal flip that every worker count agrees on: drawn from (seed, epoch, sample)."""

    def __init__(self, seed):
        self.seed = seed

    def __call__(self, image, sample, epoch):
        # Python hashes tuples of ints the same in every process (no per-process salt for ints).
        return image.flip(-1) if hash((self.seed, epoch, sample)) & 1 else image


class Cnn(nn.Module):
    def __init__(self, channels=8):
        super().__init__()
        self.conv1 = nn.Conv2d(3, channels, 3, padding=1)
        self.conv2 = nn.Conv2d(channels, 2 * channels, 3, padding=1)
        self.head = nn.Linear(2 * channels * 8 * 8, 10)

    def forward(self, x):
        x = F.max_pool2d(F.relu(self.conv1(x)), 2)
        x = F.max_pool2d(F.relu(self.conv2(x)), 2)
        return self.head(x.flatten(1))


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--data", help="a file of tensors {'images', 'labels'} (default: synthetic)")
    parser.add_argument("--save", help="write the last committed state here when the job ends (rank 0)")
    args = parser.parse_args()

    ctx = edl.ElasticContext()
    spec = ctx.spec  # the job's samples, epochs, batch, lr, momentum, seed, hidden, ...
    dataset = TensorFile(args.data) if args.data else SyntheticCifar(spec["samples"], spec["seed"])
    if len(dataset) != spec["samples"]:
        sys.exit(f"{args.data} has {len(dataset)} samples; start the job with --samples {len(dataset)}")
    flip = Flip(spec["seed"])

    torch.manual_seed(spec["seed"])  # every worker starts from the same model (joiners get the state)
    model = Cnn(spec["hidden"] // 8 or 1).to(ctx.device)
    optimizer = torch.optim.SGD(model.parameters(), lr=spec["lr"], momentum=spec["momentum"])
    ctx.attach(model, optimizer)

    rank = 0
    for step in ctx:
        rank = step.rank
        optimizer.zero_grad()
        loss_sum = 0.0
        for ids in step.micro_batches():
            images, labels = default_collate([dataset[i] for i in ids])
            images = torch.stack([flip(img, i, step.epoch) for img, i in zip(images, ids)])
            loss = F.cross_entropy(model(images.to(ctx.device)), labels.to(ctx.device), reduction="sum")
            loss.backward()
            loss_sum += loss.item()
        if ctx.allreduce_gradients():  # False: a peer died; the step is rolled back
            optimizer.step()
        ctx.commit(loss_sum, step.sample_ids)

    print(f"{ctx.worker_id}: {ctx.end_reason} ({ctx.end_message}), parameters {ctx.parameter_hash()}",
          file=sys.stderr)
    if args.save and rank == 0 and ctx.end_reason == "finished":
        ctx.save_committed(args.save)
    sys.exit(ctx.exit_code)


if __name__ == "__main__":
    main()
