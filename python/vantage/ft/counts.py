"""How many ATen ops each FT op was made from (the op graph's `aten_ops`): the runner pays a
framework overhead per ATen op it dispatches (vantage.ft.overhead measures it), and an FT op is
several ATen ops (a layer norm written out is nine, a linear a view, a matmul and a view).

Every ATen node the runner dispatches belongs to exactly one FT op, so the counts sum to the
program's ATen nodes (the metadata asserts the runner skips left out): a node that emitted an FT op
(or one fused into another) belongs to it; a node whose value is an activation to the op that
computes it (the norm or activation its pointwise ops became); any other node (masks, positions,
scores before their attention, splits) to the first FT op that reads it, else to the op it reads,
else to the last op (the loss).
"""

from __future__ import annotations

from typing import Any

import torch
from torch import fx

from vantage.ft.values import Act, Value

Op = dict[str, Any]
# The metadata checks the runner does not run (vantage.ft.sharded.ASSERTS).
SKIPPED = {"_assert_tensor_metadata", "_assert_scalar", "_assert_async", "sym_constrain_range_for_size"}


def is_aten(node: fx.Node) -> bool:
    """An ATen op the runner dispatches: a call of an OpOverload that is not a metadata check."""
    if node.op != "call_function" or not isinstance(node.target, torch._ops.OpOverload):
        return False
    return str(node.target._opname) not in SKIPPED


class AtenCounter:
    """Collects each node's FT op while the exporter walks the program (seen()), and counts them
    once the op graph is final (count())."""

    def __init__(self, mapper: Any) -> None:
        self.mapper = mapper
        self.owner: dict[fx.Node, Op] = {}  # resolved while walking: the op object
        self.deferred: dict[fx.Node, tuple[Act, Op | None]] = {}  # an activation materialized later
        self.owners: dict[fx.Node, Op] = {}  # after count(): every call's FT op in the final graph

    def by_name(self, name: str) -> Op | None:
        return next((o for o in reversed(self.mapper.ops) if o["name"] == name), None)

    def seen(self, node: fx.Node, value: Value) -> None:
        emitted = self.mapper.origin.get(node.name)
        if emitted is not None:
            self.owner[node] = emitted
        elif isinstance(value, Act):
            source = self.by_name(value.op)
            if value.pure() and source is not None:
                self.owner[node] = source
            else:
                self.deferred[node] = (value, source)

    def final(self, op: Op | None, final_ids: set[int]) -> Op | None:
        """`op`, or the op it was fused into, when that is in the final graph."""
        seen: set[int] = set()
        while op is not None and id(op) not in final_ids and id(op) in self.mapper.absorbed and id(op) not in seen:
            seen.add(id(op))
            op = self.mapper.absorbed[id(op)][0]
        return op if op is not None and id(op) in final_ids else None

    def count(self, graph: fx.Graph, ops: list[Op]) -> None:
        """Sets `aten_ops` on every op of `ops` (the final graph's)."""
        final_ids = {id(o) for o in ops}
        nodes = [n for n in graph.nodes if n.op == "call_function"]
        owner: dict[fx.Node, Op] = {}
        for n in nodes:
            op = self.owner.get(n)
            if n in self.deferred:
                act, source = self.deferred[n]
                name = self.mapper.memo.get(act)
                op = self.by_name(name) if name is not None else source
            resolved = self.final(op, final_ids)
            if resolved is not None:
                owner[n] = resolved
        for n in reversed(nodes):  # the first FT op that reads it
            if n not in owner:
                user = next((owner[u] for u in n.users if u in owner), None)
                if user is not None:
                    owner[n] = user
        for n in nodes:  # else the op it reads
            if n not in owner:
                read = next((owner[i] for i in n.all_input_nodes if i in owner), None)
                owner[n] = read if read is not None else ops[-1]
        self.owners = owner
        counts = {id(o): 0 for o in ops}
        for n in nodes:
            if is_aten(n):
                counts[id(owner[n])] += 1
        for o in ops:
            o["aten_ops"] = counts[id(o)]
