"""From the 2x2 game to real hands (lesson 15): what a merchant's cards allow, what the bag size tells the sheriff,
what one card is worth near a King/Queen threshold, several merchants in one round, and kingmaking.

Everything is exact (:class:`fractions.Fraction`); scores come from :func:`sheriff_nb.engine.scoring.score_rows` and
inspections from :func:`sheriff_nb.engine.inspection.inspect_bag`, so King/Queen bonuses, ties and fines are the
rulebook's.

**Bag size.**  The declared count is public and true.  For a bag of n cards with c contraband, everything in the
2x2 game scales with n and c: the rates depend on the *share* of contraband, not on the size.  An all-contraband
bag has p* = (v - a) / (v + f + 2) and q* = 2 / (2 + f) whatever its size (1/3 and 1/3 for Pepper as Apples); one
Pepper among n cards has p* = 4 / (10 + 2n) and q* = 2n / (2n + 4).  What the size does tell is how rare an honest
bag of that size is:

>>> [f"{float(honest_bag_odds(n)):.2%}" for n in (3, 4, 5)]     # a random 6-card hand of the basic deck
['30.11%', '4.94%', '0.45%']

**The marginal card.**  At the end of the game a card is worth its value *plus* what it does to the King/Queen
bonuses.  With Will on 5 Cheese, Much's third Cheese (6 against 5: King alone) beats a Silk in its place, and the
break-even of the lie drops from 5/18 at face value to 1/9:

>>> row = threshold_data([3]).iloc[0]
>>> row.face, row.with_bonus
(Fraction(5, 18), Fraction(1, 9))
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable, Mapping
from fractions import Fraction
from itertools import product
from math import comb

from ..engine.cards import LEGAL_GOODS, card_id, cards
from ..engine.cards import deck as _deck
from ..engine.inspection import inspect_bag
from ..engine.scoring import score_rows
from . import analysis as an

__all__ = [
    "honest_bag_odds", "size_table", "totals", "after_bag", "endgame_game", "THRESHOLD", "threshold_game",
    "threshold_data", "round_profiles", "is_round_equilibrium", "KINGMAKING", "kingmaking",
]  # fmt: skip

Stands = Mapping[str, Mapping[str, int]]


# ------------------------------------------------------------------ what bag size reveals
def honest_bag_odds(n: int, hand: int = 6, deck: Mapping[str, int] | None = None) -> Fraction:
    """P(a random hand of ``hand`` cards holds at least ``n`` cards of one legal good), i.e. allows an honest bag of
    ``n``: exact, summing the multivariate hypergeometric over the counts of the four legal goods and "the rest".

    >>> honest_bag_odds(1) == 1 - Fraction(comb(60, 6), comb(204, 6))   # no legal card at all: 6 contraband
    True
    """
    pool = _deck() if deck is None else cards(deck)
    sizes = [pool[g] for g in LEGAL_GOODS]
    rest = sum(pool.values()) - sum(sizes)
    hit = 0
    for counts in product(range(hand + 1), repeat=len(sizes)):
        taken = sum(counts)
        if taken <= hand and max(counts) >= n:
            ways = comb(rest, hand - taken)
            for k, size in zip(counts, sizes, strict=True):
                ways *= comb(size, k)
            hit += ways
    return Fraction(hit, comb(sum(pool.values()), hand))


def size_table(declared: str = "apples", contraband: str = "pepper", hand: int = 6):
    """For each declared count n = 1..5: the odds that a random hand allows an honest bag of n (of any legal good,
    and of ``declared``), and the equilibrium (p*, q*) of the lie that hides one ``contraband`` card and of the lie
    that is all ``contraband``, from :func:`sheriff_nb.theory.analysis.inspection_game`.

    >>> size_table().loc[5, ["p_one", "q_one", "p_all", "q_all"]].tolist()
    [Fraction(1, 5), Fraction(5, 7), Fraction(1, 3), Fraction(1, 3)]
    """
    import pandas as pd

    rows = []
    decl, smuggled = card_id(declared), card_id(contraband)
    for n in range(1, 6):
        one = an.inspection_game(+Counter({decl: n - 1, smuggled: 1}), decl).equilibrium()
        everything = an.inspection_game({smuggled: n}, decl).equilibrium()
        rows.append(
            {
                "n": n,
                "honest_any": honest_bag_odds(n, hand),
                "honest_declared": an.draw_odds(decl, n, hand),
                "p_one": one.p_inspect,
                "q_one": one.q_lie,
                "p_all": everything.p_inspect,
                "q_all": everything.q_lie,
            }
        )
    return pd.DataFrame(rows).set_index("n")


# ------------------------------------------------------------------ end-of-game values
def totals(stands: Stands, gold: Mapping[str, int]) -> dict[str, int]:
    """Each player's final total (goods + gold + King/Queen bonuses), by :func:`sheriff_nb.engine.scoring.score_rows`."""
    return {player: row["total"] for player, row in score_rows(stands, gold).items()}


def after_bag(
    stands: Stands, gold: Mapping[str, int], merchant: str, sheriff: str, bag, declared: str, opened: bool
) -> tuple[dict[str, Counter], dict[str, int]]:
    """Stands and gold once ``merchant``'s ``bag`` (declared as ``declared``) is passed or opened by ``sheriff``."""
    after = {player: Counter(cards(stand)) for player, stand in stands.items()}
    paid = dict(gold)
    bag = cards(bag)
    if opened:
        result = inspect_bag(bag, declared)
        after[merchant] += result.to_stand
        paid[merchant] -= result.gold_to_sheriff
        paid[sheriff] += result.gold_to_sheriff
    else:
        after[merchant] += bag
    return after, paid


def endgame_game(
    stands: Stands, gold: Mapping[str, int], merchant: str, sheriff: str, honest, lie, declared: str
) -> an.InspectionGame:
    """The 2x2 game of the game's **last** bag, valued by what each outcome adds to the two players' final totals
    (King/Queen bonuses included): rows ``honest`` / ``lie`` (two bags declared as ``declared``), columns inspect /
    pass.  Every fine is assumed to be paid in gold (a merchant short of gold would pay with stand goods, which
    this function does not model)."""
    before = totals(stands, gold)
    gain, gold_rows = [], []
    for bag in (honest, lie):
        after = [totals(*after_bag(stands, gold, merchant, sheriff, bag, declared, opened)) for opened in (True, False)]
        gain.append([t[merchant] - before[merchant] for t in after])
        gold_rows.append([t[sheriff] - before[sheriff] for t in after])
    return an.game_from_scores(gain, gold_rows, bag=lie, declared=declared)


# ------------------------------------------------------------------ the marginal card near a threshold
THRESHOLD = {
    "stands": {"Much": {}, "Will": {"cheese": 5}, "Marion": {"cheese": 2}, "Sir Guy": {}},
    "gold": {"Much": 30, "Will": 30, "Marion": 30, "Sir Guy": 30},
    "merchant": "Much",
    "sheriff": "Sir Guy",
    "honest": {"cheese": 3},
    "lie": {"cheese": 2, "silk": 1},
    "declared": "cheese",
    "good": "cheese",
}
"""Lesson 15's last bag: Much declares 3 Cheese and carries them, or 2 Cheese + 1 Silk; Will has 5 Cheese on his
stand, Marion 2; Sir Guy is the sheriff.  :func:`threshold_game` puts ``count`` Cheese on Much's stand first."""


def threshold_game(count: int, scenario: Mapping = THRESHOLD) -> an.InspectionGame:
    """:func:`endgame_game` of ``scenario`` with ``count`` of its ``good`` already on the merchant's stand."""
    stands = {p: Counter(s) for p, s in scenario["stands"].items()}
    stands[scenario["merchant"]][scenario["good"]] = count
    return endgame_game(
        stands,
        scenario["gold"],
        scenario["merchant"],
        scenario["sheriff"],
        scenario["honest"],
        scenario["lie"],
        scenario["declared"],
    )


def threshold_data(counts: Iterable[int] = range(1, 9), scenario: Mapping = THRESHOLD):
    """For each ``count`` of the good already on the merchant's stand: the lie's break-even at face value (the 2x2
    game of page 07) and with the final bonuses (``with_bonus``), and the equilibrium of the end-of-game game.
    Columns ``count``, ``face``, ``with_bonus`` (Fractions, ``None`` when no rate makes them equal), ``reason``,
    ``p_star``, ``q_star``, ``kind``, ``pass_gain``, ``inspect_gain``."""
    import pandas as pd

    honest, lie = cards(scenario["honest"]), cards(scenario["lie"])
    face = an.breakeven(lie, scenario["declared"], baseline=honest)
    rows = []
    for count in counts:
        game = threshold_game(count, scenario)
        (hi, hp), (li, lp) = game.gain
        crossing, reason = an.crossing(lp - hp, li - hi)
        e = game.equilibrium()
        rows.append(
            {
                "count": count,
                "face": face,
                "with_bonus": crossing,
                "reason": reason,
                "p_star": e.p_inspect,
                "q_star": e.q_lie,
                "kind": e.kind,
                "pass_gain": lp - hp,
                "inspect_gain": li - hi,
            }
        )
    return pd.DataFrame(rows)


# ------------------------------------------------------------------ several merchants in one round
def round_profiles(games: list[an.InspectionGame]):
    """The round as one game: each merchant i plays his own bag's game ``games[i]`` (honest 0 / lie 1); the sheriff
    opens any set of bags (a tuple of 0/1, 1 = inspect).  Yields ``(merchants' rows, sheriff's tuple, merchants'
    payoffs, sheriff's payoff)`` for every pure profile; payoffs add up bag by bag (no bonuses)."""
    for rows in product((0, 1), repeat=len(games)):
        for opens in product((0, 1), repeat=len(games)):
            cols = [0 if o else 1 for o in opens]  # InspectionGame columns: 0 inspect, 1 pass
            merchants = [g.merchant[r][c] for g, r, c in zip(games, rows, cols, strict=True)]
            sheriff = sum(g.sheriff[r][c] for g, r, c in zip(games, rows, cols, strict=True))
            yield rows, opens, merchants, sheriff


def is_round_equilibrium(games: list[an.InspectionGame], q_lie: list[Fraction], p_inspect: list[Fraction]) -> bool:
    """Brute force over :func:`round_profiles`: True when no merchant gains by switching to a pure choice and the
    sheriff gains by no pure set of bags to open (he inspects bag i with probability ``p_inspect[i]``,
    independently; merchant i lies with probability ``q_lie[i]``).  Exact."""

    def weight(rows, opens, skip_merchant=None, skip_sheriff=False) -> Fraction:
        w = Fraction(1)
        for i, r in enumerate(rows):
            if i != skip_merchant:
                w *= q_lie[i] if r else 1 - q_lie[i]
        if not skip_sheriff:
            for i, o in enumerate(opens):
                w *= p_inspect[i] if o else 1 - p_inspect[i]
        return w

    profiles = list(round_profiles(games))
    sheriff_value = sum(weight(r, o) * s for r, o, _, s in profiles)
    merchant_values = [sum(weight(r, o) * m[i] for r, o, m, _ in profiles) for i in range(len(games))]
    for i in range(len(games)):  # merchant i's pure deviations
        for choice in (0, 1):
            value = sum(weight(r, o, skip_merchant=i) * m[i] for r, o, m, _ in profiles if r[i] == choice)
            if value > merchant_values[i]:
                return False
    for opens in product((0, 1), repeat=len(games)):  # the sheriff's pure sets of bags
        value = sum(weight(r, o, skip_sheriff=True) * s for r, o, _, s in profiles if o == opens)
        if value > sheriff_value:
            return False
    return True


# ------------------------------------------------------------------ kingmaking
KINGMAKING = {
    "stands": {
        "Much": {"cheese": 4, "apples": 3},
        "Will": {"cheese": 5, "apples": 4},
        "Marion": {"cheese": 2, "bread": 3},
        "Sir Guy": {"bread": 2},
    },
    "gold": {"Much": 34, "Will": 36, "Marion": 30, "Sir Guy": 20},
    "merchant": "Much",
    "sheriff": "Sir Guy",
    "honest": {"cheese": 3},
    "lie": {"cheese": 2, "silk": 1},
    "declared": "cheese",
}
"""Lesson 15's last bag of the game: Much (4 Cheese) and Will (5 Cheese) race for the win; Sir Guy cannot win."""


def kingmaking(scenario: Mapping = KINGMAKING):
    """Final totals and winner(s) for each of the last bag's four outcomes (honest / lie x pass / open).

    >>> table = kingmaking()
    >>> table.set_index(["bag", "sheriff"]).winner.to_dict()[("lie", "pass")], table.winner.iloc[-1]
    ('Much', 'Will')
    """
    import pandas as pd

    rows = []
    for name in ("honest", "lie"):
        for opened in (False, True):
            stands, gold = after_bag(
                scenario["stands"],
                scenario["gold"],
                scenario["merchant"],
                scenario["sheriff"],
                scenario[name],
                scenario["declared"],
                opened,
            )
            scores = score_rows(stands, gold)
            winners = [p for p, row in scores.items() if row["rank"] == 1]
            rows.append(
                {
                    "bag": name,
                    "sheriff": "open" if opened else "pass",
                    **{p: row["total"] for p, row in scores.items()},
                    "winner": " and ".join(winners),
                }
            )
    return pd.DataFrame(rows)
