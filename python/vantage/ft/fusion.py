"""Neighbours FT prices as one op: a batch norm and an activation folded into the convolution or
linear before them (an activation also into an add or mul: ResNet's ReLU after its residual add), a
SwiGLU's gate and up projections as one linear (activation swiglu), and an attention's separate q, k
and v (or k and v) projections of one input as one projection."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from vantage.ft.nodes import ExportError

if TYPE_CHECKING:
    from vantage.ft.ops import Mapper

Op = dict[str, Any]
FUSED_ACTIVATIONS = {"relu", "gelu", "silu"}


def consumers(ops: list[Op]) -> dict[str, int]:
    n: dict[str, int] = {}
    for o in ops:
        for i in o.get("inputs", []):
            n[i] = n.get(i, 0) + 1
    return n


def redirect(ops: list[Op], old: str, new: str) -> None:
    for o in ops:
        if "inputs" in o:
            o["inputs"] = [new if i == old else i for i in o["inputs"]]
        if o.get("tied_to") == old:
            o["tied_to"] = new


def fuse(ops: list[Op], notes: dict[str, str], absorbed: dict[int, tuple[Op, bool]] | None = None) -> list[Op]:
    """`ops` with batch norms, activations and SwiGLU pairs folded in; a batch norm that does not
    follow a convolution is refused. `absorbed` records each folded op (by id): the op it went into,
    and whether it read that op's inputs (a SwiGLU's up projection) rather than its output."""
    by_name = {o["name"]: o for o in ops}
    removed: set[str] = set()
    record: dict[int, tuple[Op, bool]] = {} if absorbed is None else absorbed

    def drop(o: Op, into: str, sibling: bool = False) -> None:
        redirect(ops, o["name"], into)
        removed.add(o["name"])
        record[id(o)] = (by_name[into], sibling)

    for o in ops:
        if o["kind"] != "batch_norm":
            continue
        src = by_name[o["inputs"][0]]
        if (
            src["kind"] != "conv2d"
            or src.get("batch_norm")
            or src.get("activation")
            or consumers(ops)[src["name"]] != 1
        ):
            raise ExportError(
                f"aten.batch_norm '{o['name']}' not right after a convolution has no FT cost{notes.get(o['name'], '')}"
            )
        src["batch_norm"] = True
        drop(o, src["name"])
    ops = [o for o in ops if o["name"] not in removed]
    for o in ops:
        if o["kind"] != "elementwise" or o.get("function") not in FUSED_ACTIVATIONS or "inputs" not in o:
            continue
        src = by_name[o["inputs"][0]]
        binary = src["kind"] == "elementwise" and src.get("function") in ("add", "mul")  # a residual add's ReLU
        if (
            (src["kind"] in ("linear", "conv2d") or binary)
            and "activation" not in src
            and consumers(ops)[src["name"]] == 1
        ):
            src["activation"] = o["function"]
            drop(o, src["name"])
    ops = [o for o in ops if o["name"] not in removed]
    for o in ops:
        if o["kind"] == "elementwise" and o.get("function") == "mul" and len(o.get("inputs", [])) == 2:
            swiglu(ops, by_name, o, drop)
    return [o for o in ops if o["name"] not in removed]


def swiglu(ops: list[Op], by_name: dict[str, Op], mul: Op, drop: Any) -> None:
    """silu(gate(x)) * up(x) (Llama's, Mixtral's MLP): one linear of twice the columns."""
    a, b = (by_name[i] for i in mul["inputs"])
    gate, up = (a, b) if a.get("activation") == "silu" else (b, a)
    n = consumers(ops)
    if not (gate.get("activation") == "silu" and up["kind"] == gate["kind"] == "linear" and "activation" not in up):
        return
    if gate.get("inputs") != up.get("inputs") or gate["out"] != up["out"] or gate["bias"] != up["bias"]:
        return
    if n[gate["name"]] != 1 or n[up["name"]] != 1:
        return
    gate["activation"] = "swiglu"
    drop(up, gate["name"], True)
    drop(mul, gate["name"])


def merge_projections(m: Mapper, q: str, k: str, v: str, head_dim: int) -> tuple[list[str], int]:
    """Attention whose q, k and v come from separate projections: those of one input become one
    (q, k, v: a fused qkv; or k, v of another sequence: a fused kv), as FT's attention reads them.
    Returns the attention's inputs and its key/value heads."""
    ops = {o["name"]: o for o in m.ops}
    qo, ko, vo = ops[q], ops[k], ops[v]
    if not all(o["kind"] == "linear" and "activation" not in o for o in (ko, vo)):
        raise m.refuse("attention whose k and v are not projections has no FT cost")
    if ko.get("inputs") != vo.get("inputs") or ko["bias"] != vo["bias"] or ko["out"] != vo["out"]:
        raise m.refuse("attention whose k and v are projections of different inputs has no FT cost")
    kv_heads = int(ko["out"]) // head_dim
    fuse_q = qo["kind"] == "linear" and qo.get("inputs") == ko.get("inputs") and qo["bias"] == ko["bias"]
    fuse_q = fuse_q and "activation" not in qo
    first = qo if fuse_q else ko
    parent = first["name"].rsplit(".", 1)[0] if "." in first["name"] else ""
    merged = m.unique(f"{parent}.{'qkv' if fuse_q else 'kv'}" if parent else ("qkv" if fuse_q else "kv"))
    for o in (qo, ko, vo) if fuse_q else (ko, vo):
        for p, owner in m.claimed.items():
            if owner == o["name"]:
                m.claimed[p] = merged
    first["out"] = int(ko["out"]) * 2 + (int(qo["out"]) if fuse_q else 0)
    gone = {ko["name"], vo["name"]} | ({qo["name"]} if fuse_q else set())
    gone.discard(first["name"])
    m.shapes[merged] = (first["out"], m.shapes[first["name"]][1], m.shapes[first["name"]][2])
    m.notes[merged] = m.notes.get(first["name"], "")
    old = first["name"]
    first["name"] = merged
    for o in (ko, vo, qo):
        if o["name"] in gone:
            m.absorbed[id(o)] = (first, True)
    m.ops = [o for o in m.ops if o["name"] not in gone]
    for o in m.ops:  # nothing else may read the parts
        if any(i in gone or i == old for i in o.get("inputs", [])):
            raise m.refuse("the attention's projections are read by other ops too: FT cannot fuse them")
    return ([merged] if fuse_q else [q, merged]), kv_heads
