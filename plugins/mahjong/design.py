"""Table rotation patterns: who sits at which table in each part of a round.

A pattern works on *positions* 0..4T-1 (T tables): position ``p`` starts at
table ``p // 4`` in slot ``p % 4``. The draw puts the players on positions at
random from the seed, so the pattern itself is fixed and can be checked once
for every field size. Three constructions, tried in order:

* the classic rotation: slot ``s`` moves ``r * s`` tables in part ``r``
  (mod T). Players of slots s1 != s2 meet in parts r and r' only when
  ``(r - r') * (s1 - s2) = 0 mod T``, so it is repeat-free for
  ``min(T / gcd(T, 2), T / gcd(T, 3))`` parts;
* the same rotation over the finite field GF(q) when T = q is a prime power
  (4, 8, 9, 16, ...): every non-zero difference is invertible, so it is
  repeat-free for q parts; for q = 4 the slots themselves are a fifth part
  (the five parallel classes of the affine plane over GF(4));
* otherwise (24 players over four parts, and fields too small to avoid
  repeats, like 8 players over four quarters) a local search for the parts
  that minimise the sum of squared meeting counts, which spreads unavoidable
  repeats as evenly as possible. It is seeded by the shape alone, so the same
  T and parts always give the same pattern.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Sequence
from functools import lru_cache
from itertools import combinations
from math import gcd

SEATS = 4
Pattern = tuple[tuple[int, ...], ...]  # pattern[part][position] -> table (0-based)


@lru_cache(maxsize=256)
def pattern(tables: int, parts: int) -> Pattern:
    """The tables of every position in each part; part 0 is the drawn start."""
    if tables < 1 or parts < 1:
        raise ValueError("a pattern needs at least one table and one part")
    if parts <= classic_limit(tables):
        return _rotation(tables, parts, lambda r, s: r * s, lambda t, o: (t + o) % tables)
    field = _field(tables)
    if field is not None and parts <= tables + (1 if tables == SEATS else 0):
        return _field_pattern(field, parts)
    return _searched(tables, parts)


def classic_limit(tables: int) -> int:
    """How many parts the classic rotation keeps repeat-free on ``tables`` tables."""
    if tables == 1:
        return 1
    return min(tables, tables // gcd(tables, 2), tables // gcd(tables, 3))


def meetings(parts: Sequence[Sequence[int]]) -> dict[tuple[int, int], int]:
    """How often each pair of positions shares a table over the given parts."""
    counts: dict[tuple[int, int], int] = {}
    for tables_of in parts:
        members: dict[int, list[int]] = {}
        for position, table in enumerate(tables_of):
            members.setdefault(table, []).append(position)
        for group in members.values():
            for pair in combinations(group, 2):
                counts[pair] = counts.get(pair, 0) + 1
    return counts


def repeats(parts: Sequence[Sequence[int]]) -> int:
    """Meetings beyond the first of each pair: zero for a repeat-free schedule."""
    return sum(count - 1 for count in meetings(parts).values())


def _rotation(tables: int, parts: int, offset: Callable[[int, int], int],
              add: Callable[[int, int], int]) -> Pattern:
    """Part ``r`` moves the player of slot ``s`` from table ``t`` to ``add(t, offset(r, s))``:
    integer arithmetic mod T for the classic rotation, the field's for GF(q)."""
    positions = range(tables * SEATS)
    return tuple(
        tuple(add(p // SEATS, offset(r, p % SEATS)) for p in positions)
        for r in range(parts)
    )


class _GF:
    """Arithmetic in GF(p**k), elements written as integers with base-p digits."""

    def __init__(self, p: int, k: int):
        self.p, self.k, self.q = p, k, p**k
        self.modulus = next(m for m in range(self.q, 2 * self.q) if self._irreducible(m))

    def digits(self, x: int) -> list[int]:
        return [(x // self.p**i) % self.p for i in range(self.k + 1)]

    def add(self, a: int, b: int) -> int:
        da, db = self.digits(a), self.digits(b)
        return sum(((x + y) % self.p) * self.p**i for i, (x, y) in enumerate(zip(da, db, strict=True)))

    def mul(self, a: int, b: int, modulus: int | None = None) -> int:
        """Polynomial product modulo the field's irreducible polynomial."""
        da, db = self.digits(a), self.digits(b)
        prod = [0] * (2 * self.k + 2)
        for i, x in enumerate(da):
            for j, y in enumerate(db):
                prod[i + j] = (prod[i + j] + x * y) % self.p
        mod = self.digits(modulus if modulus is not None else self.modulus)
        for top in range(len(prod) - 1, self.k - 1, -1):
            factor = prod[top]
            if factor:
                for i in range(self.k + 1):
                    prod[top - self.k + i] = (prod[top - self.k + i] - factor * mod[i]) % self.p
        return sum(c * self.p**i for i, c in enumerate(prod[: self.k]))

    def _irreducible(self, m: int) -> bool:
        """A monic degree-k polynomial is irreducible when x -> m has no zero divisors."""
        return all(self.mul(a, b, m) != 0 for a in range(1, self.q) for b in range(1, self.q))


def _field(tables: int) -> _GF | None:
    """GF(tables) when ``tables`` is a prime power of at least four, else None."""
    if tables < SEATS:
        return None
    for p in range(2, tables + 1):
        if tables % p == 0:
            k, rest = 0, tables
            while rest % p == 0:
                rest //= p
                k += 1
            return _GF(p, k) if rest == 1 else None
    return None


def _field_pattern(field: _GF, parts: int) -> Pattern:
    rotated = _rotation(field.q, min(parts, field.q), field.mul, field.add)
    if parts > field.q:  # the fifth parallel class of AG(2, 4): one table per slot
        rotated += (tuple(p % SEATS for p in range(field.q * SEATS)),)
    return rotated


def _searched(tables: int, parts: int, steps: int = 400_000, patience: int = 30_000) -> Pattern:
    """Parts found by local search: swap two players of one part while the cost does not grow
    (and now and then when it does, to leave a local minimum); stop at the lowest cost possible
    or after ``patience`` swaps without a better layout."""
    size = tables * SEATS
    rng = random.Random(f"mahjong-pattern:{tables}:{parts}")
    start = [p // SEATS for p in range(size)]
    layout = [start[:] for _ in range(parts)]
    for r in range(1, parts):
        order = list(range(size))
        rng.shuffle(order)
        for index, position in enumerate(order):
            layout[r][position] = index // SEATS
    count = [[0] * size for _ in range(size)]
    members = [[[p for p in range(size) if layout[r][p] == t] for t in range(tables)] for r in range(parts)]
    for r in range(parts):
        for group in members[r]:
            for a, b in combinations(group, 2):
                count[a][b] += 1
                count[b][a] += 1
    best = [row[:] for row in layout]
    cost = best_cost = sum(c * c for row in count for c in row) // 2
    target = _lowest_cost(size, parts)
    improved = 0
    for step in range(steps):
        if cost <= target or tables < 2 or parts < 2 or step - improved > patience:
            break
        r = rng.randrange(1, parts)
        a, b = rng.randrange(size), rng.randrange(size)
        ta, tb = layout[r][a], layout[r][b]
        if ta == tb:
            continue
        others_a = [x for x in members[r][ta] if x != a]
        others_b = [x for x in members[r][tb] if x != b]
        delta = sum(2 * (count[b][x] - count[a][x]) + 2 for x in others_a)
        delta += sum(2 * (count[a][x] - count[b][x]) + 2 for x in others_b)
        if delta > 0 and rng.random() > 0.02:
            continue
        for x in others_a:
            _shift(count, a, x, -1)
            _shift(count, b, x, 1)
        for x in others_b:
            _shift(count, b, x, -1)
            _shift(count, a, x, 1)
        members[r][ta] = [*others_a, b]
        members[r][tb] = [*others_b, a]
        layout[r][a], layout[r][b] = tb, ta
        cost += delta
        if cost < best_cost:
            best_cost, best, improved = cost, [row[:] for row in layout], step
    return tuple(tuple(row) for row in best)


def _shift(count: list[list[int]], a: int, b: int, by: int) -> None:
    count[a][b] += by
    count[b][a] += by


def _lowest_cost(size: int, parts: int) -> int:
    """The sum of squared meeting counts if the meetings were spread as evenly as possible."""
    slots = parts * size * (SEATS - 1) // 2
    pairs = size * (size - 1) // 2
    low, extra = divmod(slots, pairs)
    return (pairs - extra) * low * low + extra * (low + 1) ** 2
