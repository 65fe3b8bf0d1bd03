"""Every possible bag in one pandas DataFrame (re-exported as ``sheriff_nb.theory.analysis.bag_table``).

The slow, exact part (one ``inspect_bag`` per bag and declaration, the equilibrium and break-even Fractions,
which do not depend on the inspection probability) is computed once per deck and cached; a call then only does
integer arithmetic for the expected values at the requested probability.  ``benchmarks/bench_analysis.py``
measures it.

>>> t = bag_table()
>>> len(t), len(bag_table(best_only=False))        # C(8+5, 5) - 1 bags of the basic deck; x 4 declarations
(1286, 5144)
>>> row = bag_table("apples").set_index("bag").loc["2 Apples + 2 Pepper"]
>>> row.ev_exact, row.p_star, row.q_star, row.kind   # 3/4 * 16 + 1/4 * (-4)
(Fraction(11, 1), Fraction(2, 7), Fraction(1, 2), 'mixed')
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Mapping, Sequence
from fractions import Fraction
from functools import lru_cache

from ..engine.cards import GOODS, LEGAL_GOODS, ORDER, card_id, cards, value
from ..engine.cards import deck as _default_deck
from ..engine.errors import DeclarationError
from ..engine.inspection import MAX_BAG, inspect_bag
from .bag_values import probability
from .inspection_game import crossing, solve_2x2

COLUMNS = (
    "bag", "cards", "n", "legal", "contraband", "royal", "declared", "honest", "value", "fine",
    "ev", "ev_exact", "honest_ev", "edge", "breakeven", "p_star", "q_star", "kind",
)  # fmt: skip


def _bags(pool: Mapping[str, int]) -> list[tuple[str, ...]]:
    """All multisets of 1..5 cards that ``pool`` can supply, by size then rulebook order."""
    types = sorted(pool, key=ORDER.__getitem__)
    found: list[tuple[str, ...]] = []

    def grow(start: int, prefix: tuple[str, ...]) -> None:
        if prefix:
            found.append(prefix)
        if len(prefix) == MAX_BAG:
            return
        for i in range(start, len(types)):
            good = types[i]
            if prefix.count(good) < pool[good]:
                grow(i, prefix + (good,))

    grow(0, ())
    return sorted(found, key=lambda b: (len(b), [ORDER[g] for g in b]))


@lru_cache(maxsize=16)
def _static(deck_key: tuple[tuple[str, int], ...]) -> tuple[list[tuple], list[list[tuple]]]:
    """Per bag: (text, ids, n, legal, contraband, royal); per bag and legal good: the p-independent numbers."""
    bags, per_declared = [], []
    honest = {(g, n): inspect_bag({g: n}, g).gold_to_sheriff for g in LEGAL_GOODS for n in range(1, MAX_BAG + 1)}
    solved: dict[tuple, tuple] = {}  # many bags share the same four payoff differences
    for ids in _bags(dict(deck_key)):
        bag = Counter(ids)
        kinds = Counter(GOODS[g].kind for g in ids)
        text = " + ".join(f"{bag[g]} {GOODS[g].name}" for g in sorted(bag, key=ORDER.__getitem__))
        bags.append((text, ids, len(ids), kinds["legal"], kinds["contraband"], kinds["royal"]))
        passed, n, rows = value(bag), len(ids), []
        absent = None  # opening the bag goes the same way for every declared good that is not in it
        for good in LEGAL_GOODS:
            if bag[good]:
                result = inspect_bag(bag, good)
            else:
                absent = absent or inspect_bag(bag, good)
                result = absent
            fine, h_fine = result.gold_to_sheriff, honest[good, n]
            inspected = value(result.to_stand) - fine
            h_pass = n * GOODS[good].value
            h_insp = h_pass - h_fine
            key = (h_insp, h_pass, inspected, passed, h_fine, fine)
            if key not in solved:
                m, s = ((h_insp, h_pass), (inspected, passed)), ((h_fine, 0), (fine, 0))
                solved[key] = (crossing(passed - h_pass, inspected - h_insp)[0], *solve_2x2(m, s))
            rows.append((good, result.honest, passed, fine, inspected, h_pass, h_insp, *solved[key]))
        per_declared.append(rows)
    return bags, per_declared


def bag_table(declared: str | None = None, p_inspect=Fraction(1, 4), deck: Mapping[str, int] | None = None,
              best_only: bool = True):  # fmt: skip
    """A DataFrame of every bag of 1-5 cards the deck can supply, valued at inspection probability ``p_inspect``.

    Which rows:

    * ``declared`` given: each bag **once**, declared as that good (it need not be in the bag);
    * ``declared=None, best_only=True`` (default): each bag **once**, with the declaration that gives the merchant
      the highest expected value (ties: rulebook order apples, cheese, bread, chickens);
    * ``declared=None, best_only=False``: each bag **once per legal good** (4 rows per bag).

    Columns: ``bag`` (text), ``cards`` (tuple of card ids), ``n``, ``legal``/``contraband``/``royal`` (card counts),
    ``declared``, ``honest`` (bag == n x declared), ``value`` (merchant's value if passed), ``fine`` (gold to the
    sheriff if inspected; negative when he pays), ``ev`` (float, for plotting) and ``ev_exact`` (Fraction) = the
    merchant's expected value, ``honest_ev`` and ``edge`` = ev - honest_ev (floats), ``breakeven``,
    ``p_star``, ``q_star``, ``kind`` (as in ``analysis.breakeven`` and ``inspection_game(...).equilibrium()``).
    The default deck is the basic game's 204 cards (1,286 bags).
    """
    import pandas as pd

    p = probability(p_inspect, "p_inspect")
    num, den = p.numerator, p.denominator
    pool = _default_deck() if deck is None else cards(deck)
    bags, per_declared = _static(tuple(sorted(pool.items())))
    choose = None
    if declared is not None:
        if card_id(declared) not in LEGAL_GOODS:
            raise DeclarationError(
                "only legal goods may be declared; {good} is not one", good=GOODS[card_id(declared)].name
            )
        choose = LEGAL_GOODS.index(card_id(declared))
    out: list[tuple] = []
    for info, rows in zip(bags, per_declared, strict=True):
        picks: Sequence[tuple]
        if choose is not None:
            picks = (rows[choose],)
        elif best_only:
            picks = (max(rows, key=lambda r: ((den - num) * r[2] + num * r[4], -LEGAL_GOODS.index(r[0]))),)
        else:
            picks = rows
        for good, honest, passed, fine, inspected, h_pass, h_insp, breakeven, p_star, q_star, kind in picks:
            ev = (den - num) * passed + num * inspected
            honest_ev = ((den - num) * h_pass + num * h_insp) / den
            out.append(info + (good, honest, passed, fine, ev / den, Fraction(ev, den), honest_ev,
                               ev / den - honest_ev, breakeven, p_star, q_star, kind))  # fmt: skip
    return pd.DataFrame.from_records(out, columns=list(COLUMNS))
