"""End-of-game scoring as plain rows: stand values, King and Queen bonuses, ranks with the tie-breaks (rules reference:
King and Queen, Scoring).

Stands may name cards by id or display name, in any case (``{"Gouda Cheese": 1}``).  The tables the lessons show
(``sn.score``, ``sn.king_queen``, pandas DataFrames) are built on these rows outside the engine.

>>> stands = {"Will": {"cheese": 10, "Gouda Cheese": 1}, "Marion": {"cheese": 11}}
>>> king_queen_awards(stands)
[('cheese', 'King', ['Will'], 12, 15), ('cheese', 'Queen', ['Marion'], 11, 10)]
"""

from __future__ import annotations

from collections.abc import Hashable, Mapping, Sequence
from operator import mul
from typing import Any, TypeVar

from .cards import GOODS, IDS, INDEX, LEGAL, LEGAL_GOODS, LEGAL_NUMBERS, ROYAL, VALUES, counts
from .errors import ArgumentError
from .validate import whole

KING_QUEEN = {"apples": (20, 10), "cheese": (15, 10), "bread": (15, 10), "chickens": (10, 5)}
"""King and Queen bonus for each legal good (rules reference, section King and Queen)."""


# each card's contribution to the four legal goods' King/Queen counts: (legal good number, how many)
_COUNTS_AS: tuple[tuple[int, int] | None, ...] = tuple(
    (i, 1) if g.kind == LEGAL else (INDEX[g.counts_as], g.multiplier) if g.kind == ROYAL and g.counts_as else None
    for i, g in enumerate(GOODS.values())
)
_BONUSES = tuple((INDEX[g], bonus) for g, bonus in KING_QUEEN.items())


def legal_counts(stand: Mapping[str, int]) -> dict[str, int]:
    """How many of each legal good a stand counts for King and Queen (royal goods add 2 or 3).

    >>> legal_counts({"apples": 3, "golden_apples": 1, "mead": 2})
    {'apples': 6, 'cheese': 0, 'bread': 0, 'chickens': 0}
    """
    return dict(zip(LEGAL_GOODS, _legal_counts(counts(stand, "stand")), strict=True))


def _legal_counts(stand: Sequence[int]) -> list[int]:
    result = [0] * len(LEGAL_GOODS)
    for i, n in enumerate(stand):
        counted = _COUNTS_AS[i]
        if n and counted:
            good, times = counted
            result[good] += times * n
    return result


def king_queen_awards(stands: Mapping[Hashable, Mapping[str, int]]) -> list[tuple[str, str, list[Any], int, int]]:
    """Every King/Queen award as ``(good, title, players, count, bonus each)``.

    A tie for King splits King + Queen (rounded down) and gives no Queen; a tie for Queen
    splits the Queen bonus; a player with none of a good is never King or Queen of it.

    >>> king_queen_awards({1: {"apples": 3}, 2: {"apples": 3}, 3: {"apples": 1}})
    [('apples', 'King', [1, 2], 3, 15)]
    >>> king_queen_awards({1: {"apples": 5}, 2: {"apples": 2}, 3: {"apples": 2}, 4: {"apples": 2}})
    [('apples', 'King', [1], 5, 20), ('apples', 'Queen', [2, 3, 4], 2, 3)]
    """
    counted = _stands(stands)
    players = list(counted)
    return [
        (IDS[good], title, [players[s] for s in seats], n, bonus)
        for good, title, seats, n, bonus in awards(list(counted.values()))
    ]


def awards(stands: Sequence[Sequence[int]]) -> list[tuple[int, str, list[int], int, int]]:
    """:func:`king_queen_awards` for stands given as 15 counts each: ``(good number, title, seats, count, bonus)``."""
    held = [_legal_counts(stand) for stand in stands]
    result = []
    for good, (king, queen) in _BONUSES:
        holders = {seat: c[good] for seat, c in enumerate(held) if c[good] > 0}
        if not holders:
            continue
        levels = sorted(set(holders.values()), reverse=True)
        first = [p for p, n in holders.items() if n == levels[0]]
        if len(first) > 1:
            result.append((good, "King", first, levels[0], (king + queen) // len(first)))
            continue
        result.append((good, "King", first, levels[0], king))
        if len(levels) > 1:
            second = [p for p, n in holders.items() if n == levels[1]]
            result.append((good, "Queen", second, levels[1], queen // len(second)))
    return result


_Player = TypeVar("_Player", bound=Hashable)
"""However the caller names its players (names, seats): the rows come back under the same keys."""


def score_rows(
    stands: Mapping[_Player, Mapping[str, int]],
    gold: Mapping[_Player, int],
    black_market: Mapping[_Player, Sequence[int]] | None = None,
) -> dict[_Player, dict[str, Any]]:
    """Scores as plain dicts: ``goods, gold, bonus, total, rank`` plus the tie-break counts.

    Rank 1 wins; ties on total are broken by most legal goods, then most contraband (royal
    goods count as contraband); players still equal share the rank.  ``black_market`` lists the
    values of each player's claimed Black Market cards: they score as goods and count as
    contraband (rules reference, ruling royal-goods).

    >>> rows = score_rows({"a": {"Apples": 2}, "b": {"pepper": 1}}, {"a": 10, "b": 8})
    >>> [(p, r["total"], r["rank"]) for p, r in rows.items()]
    [('a', 34, 1), ('b', 14, 2)]
    >>> score_rows({"a": {"apples": 2}}, {"b": 3})
    Traceback (most recent call last):
    ...
    sheriff_nb.engine.errors.ArgumentError: gold must give every player's gold; it has none for 'a'
    """
    counted = _stands(stands)
    players = list(counted)
    gold = _gold(gold, counted)
    claimed = [list((black_market or {}).get(player, ())) for player in players]
    rows = scores(list(counted.values()), [gold[p] for p in players], claimed)
    return dict(zip(players, rows, strict=True))


def scores(
    stands: Sequence[Sequence[int]], gold: Sequence[int], claimed: Sequence[Sequence[int]]
) -> list[dict[str, Any]]:
    """:func:`score_rows` for seats whose stands are 15 counts each, with their gold and the values of their claimed
    Black Market cards."""
    bonus = [0] * len(stands)
    for _good, _title, seats, _count, each in awards(stands):
        for seat in seats:
            bonus[seat] += each
    rows = []
    for stand, coins, cards, extra in zip(stands, gold, claimed, bonus, strict=True):
        legal = sum(stand[i] for i in LEGAL_NUMBERS)
        goods = sum(map(mul, stand, VALUES)) + sum(cards)
        total = goods + coins + extra
        rows.append(
            {
                "goods": goods,
                "gold": coins,
                "bonus": extra,
                "total": total,
                "legal": legal,
                "contraband": sum(stand) - legal + len(cards),
            }
        )
    keys = [(r["total"], r["legal"], r["contraband"]) for r in rows]
    for row, key in zip(rows, keys, strict=True):
        row["rank"] = 1 + sum(1 for other in keys if other > key)
    return rows


def _stands(stands: Mapping[_Player, Mapping[str, int]]) -> dict[_Player, list[int]]:
    """Each player's stand as 15 counts (display names accepted; counts must be whole numbers, 0 or more)."""
    if not isinstance(stands, Mapping):
        raise ArgumentError("stands must map each player to the goods on their stand, not {stands!r}", stands=stands)
    return {player: counts(stand, f"the stand of {player!r}") for player, stand in stands.items()}


def _gold(gold: Mapping[_Player, int], stands: Mapping[_Player, object]) -> dict[_Player, int]:
    if not isinstance(gold, Mapping):
        raise ArgumentError("gold must map each player to their gold, not {gold!r}", gold=gold)
    missing = [p for p in stands if p not in gold]
    if missing:
        raise ArgumentError("gold must give every player's gold; it has none for {missing!r}", missing=missing[0])
    return {p: whole(gold[p], f"the gold of {p!r}", 0) for p in stands}


__all__ = ["KING_QUEEN", "legal_counts", "king_queen_awards", "awards", "score_rows", "scores"]
