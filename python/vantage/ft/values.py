"""What the exporter knows of each value of an exported program while it walks the ATen graph.

An ATen value is one of: the model's input (Data), learned or constant tensors that do not depend on
the input (Const: parameters, buffers, masks, positions, sizes), an activation written by an FT op
and seen through views (Act, with the pointwise ATen ops applied to it since: a region that becomes
one FT op when something reads it), or the scores of an attention written out by hand (Scores:
q @ k^T with its scale, masks and softmax, until @ v).
"""

from __future__ import annotations

from dataclasses import dataclass, field


@dataclass(frozen=True)
class Data:
    """The model's input (a placeholder the user passes), through views: token ids or features."""

    name: str
    shape: tuple[int, ...]
    integer: bool


@dataclass(frozen=True)
class Const:
    """A value that does not depend on the input's data. `params`: the parameters it was computed
    from (name -> elements), claimed by the FT op that reads it; `rows`: embedding rows looked up by
    constant indices (learned positions, token types), which an embedding adds as extra_rows."""

    params: tuple[tuple[str, int], ...] = ()
    rows: int = 0

    def merged(self, other: Const) -> Const:
        return Const(merge(self.params, other.params), self.rows + other.rows)


@dataclass(frozen=True)
class Act:
    """The output of FT op `op` seen through views, with pointwise ATen ops applied since (`fns`,
    their learned operands in `params`, their constant embedding rows in `rows`, dropout's p)."""

    op: str
    fns: frozenset[str] = frozenset()
    params: tuple[tuple[str, int], ...] = ()
    rows: int = 0
    dropout: float = 0.0
    where: str = field(default="", compare=False)  # the module of the last pointwise op, for names

    def pure(self) -> bool:
        return not self.fns and not self.params and not self.rows and not self.dropout


@dataclass(frozen=True)
class Scores:
    """softmax(q @ k^T ...) of attention written with matmuls: q's and k's FT ops and shapes, and
    the learned tensors (relative position biases) added to the scores."""

    q: str
    k: str
    q_shape: tuple[int, ...]
    k_shape: tuple[int, ...]  # k^T as the matmul reads it: [..., head_dim, kv positions]
    params: tuple[tuple[str, int], ...] = ()


@dataclass(frozen=True)
class Many:
    """What split, chunk and unbind return: one value per item."""

    items: tuple[Value, ...] = field(default_factory=tuple)


Value = Data | Const | Act | Scores | Many | None


def merge(a: tuple[tuple[str, int], ...], b: tuple[tuple[str, int], ...]) -> tuple[tuple[str, int], ...]:
    """Parameters of both, each once, in order."""
    seen = dict(a)
    for k, v in b:
        seen.setdefault(k, v)
    return tuple(seen.items())
