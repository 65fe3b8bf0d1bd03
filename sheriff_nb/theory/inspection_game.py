"""The inspection game of one bag (lesson 08): break-even, the 2x2 game, its equilibrium and the committed
sheriff (leadership), all exact.  :mod:`sheriff_nb.theory.analysis` gathers it with the values, the bribes and the
odds; see there for the worked example.

>>> game = inspection_game({"apples": 2, "pepper": 2}, "apples")
>>> game.equilibrium().p_inspect, breakeven({"apples": 2, "pepper": 2}, "apples")
(Fraction(2, 7), Fraction(2, 7))
"""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass
from fractions import Fraction

from ..engine.cards import card_id, cards
from .bag_values import Bag, Number, baseline, baseline_outcomes, exact, fraction, outcomes, probability

__all__ = [
    "Breakeven", "Equilibrium", "InspectionGame", "Leadership", "breakeven", "breakeven_detail", "crossing",
    "game_from_scores", "inspection_game", "leadership", "model_game", "solve_2x2",
    "HONEST", "LIE", "INSPECT", "PASS", "NEVER", "ALWAYS", "IDENTICAL", "EQUAL",
]  # fmt: skip

HONEST, LIE, INSPECT, PASS = "honest", "lie", "inspect", "pass"
NEVER, ALWAYS, IDENTICAL, EQUAL = "lying never pays", "lying always pays", "identical bags", "break-even"


def _signed(x: Fraction) -> str:
    return f"+{x}" if x > 0 else str(x)


def _show(x: Fraction) -> str:
    return str(x) if x.denominator == 1 else f"{x} (~{float(x):.3f})"


_baseline = baseline  # for functions whose own ``baseline`` parameter hides the function's name


@dataclass(frozen=True)
class Breakeven:
    """Where ``bag`` and ``baseline`` are worth the same to the merchant, or why nowhere.

    ``pass_gain`` / ``inspect_gain``: what the bag earns over the baseline when passed / inspected; its edge at
    inspection probability p is ``(1-p)*pass_gain + p*inspect_gain``.  ``reason`` is one of
    ``"break-even"`` (``p`` is set), ``"lying never pays"`` (the bag is worse for every p in [0, 1]),
    ``"lying always pays"`` (better for every p) or ``"identical bags"`` (equal for every p).
    """

    p: Fraction | None
    reason: str
    pass_gain: Fraction
    inspect_gain: Fraction
    explanation: str


def breakeven_detail(bag: Bag, declared: str, baseline: Bag | None = None) -> Breakeven:
    """:func:`breakeven` with the reason and the two gains behind it.

    >>> breakeven_detail({"apples": 4}, "apples").reason
    'identical bags'
    >>> d = breakeven_detail({"bread": 1}, "cheese")     # as valuable as cheese if passed, fined if opened
    >>> d.p, d.reason
    (Fraction(0, 1), 'break-even')
    >>> breakeven_detail({"apples": 1}, "cheese").reason   # worth less passed *and* opened
    'lying never pays'
    >>> d = breakeven_detail({"chickens": 1, "silk": 1}, "chickens", baseline={"apples": 1, "pepper": 1})
    >>> d.reason, d.pass_gain, d.inspect_gain       # 12 - 8 passed; (4 - 4) - (0 - 6) inspected
    ('lying always pays', Fraction(4, 1), Fraction(6, 1))
    """
    bag = cards(bag)
    bp, bi, _ = outcomes(bag, declared)
    hp, hi, _ = baseline_outcomes(_baseline(bag, declared, baseline), declared)
    d0, d1 = bp - hp, bi - hi
    p, reason = crossing(d0, d1)
    words = {
        EQUAL: f"both bags are worth the same when the sheriff inspects with probability {_show(p)}"
        if p is not None
        else "",
        IDENTICAL: "the two bags pay the same whatever the sheriff does",
        ALWAYS: "the bag beats the baseline at every inspection probability, even 1",
        NEVER: "the bag loses to the baseline at every inspection probability, even 0",
    }[reason]
    gains = f" (bag minus baseline: {_signed(d0)} if passed, {_signed(d1)} if inspected)"
    return Breakeven(p, reason, d0, d1, words + gains)


def crossing(d0: int | Fraction, d1: int | Fraction) -> tuple[Fraction | None, str]:
    """Where the edge (1-p)*d0 + p*d1 is zero for p in [0, 1], and the reason (ints or Fractions)."""
    if d0 == d1:
        return None, (IDENTICAL if d0 == 0 else ALWAYS if d0 > 0 else NEVER)
    p = Fraction(d0, d0 - d1)
    return (p, EQUAL) if 0 <= p <= 1 else (None, ALWAYS if d0 > 0 else NEVER)


def breakeven(bag: Bag, declared: str, baseline: Bag | None = None) -> Fraction | None:
    """The inspection probability at which ``bag`` and the honest ``baseline`` have equal expected value.

    The baseline defaults to ``len(bag)`` x ``declared``, the honest row of the 2x2 game.  Any Counter may be given:
    a smaller honest bag for the marginal-card question of lesson 07, or :func:`honest_alternative`, the honest bag
    the merchant's cards really allow; a baseline of one legal good is valued declared as that good (an honest bag
    names itself); an empty baseline means "no bag", worth 0.  The result is ``None``
    when no probability in [0, 1] makes them equal: **"lying never pays"** (the bag is worse even if never
    inspected), **"lying always pays"** (better even if always inspected) or **"identical bags"** (equal for
    every p, e.g. the bag *is* the baseline).  :func:`breakeven_detail` returns the reason.

    >>> breakeven({"cheese": 3, "silk": 2}, "cheese")    # 2(8-3) / (2(8+4) + 10) = 10/34
    Fraction(5, 17)
    >>> breakeven({"chickens": 1}, "chickens") is None
    True
    >>> from sheriff_nb.theory.bag_values import honest_alternative
    >>> will = {"chickens": 2, "bread": 1, "silk": 1}    # Will Scarlet holds 2 Chickens, not the 4 of the 2x2 game
    >>> breakeven(will, "chickens"), breakeven(will, "chickens", baseline=honest_alternative(will, "chickens"))
    (Fraction(3, 25), Fraction(11, 21))
    """
    return breakeven_detail(bag, declared, baseline).p


@dataclass(frozen=True)
class Equilibrium:
    """A Nash equilibrium of an :class:`InspectionGame`: the sheriff inspects with probability ``p_inspect``, the
    merchant lies with probability ``q_lie``; values are expected payoffs under it.  ``merchant_value`` and
    ``sheriff_value`` are the players' utilities in the game (lesson 13, rivalry done right: the merchant's gain -
    merchant_w * the sheriff's gold, the sheriff's gold - w * the merchant's gain); ``merchant_gain`` and
    ``sheriff_gold`` are always what each expects to put on his score (equal to the utilities when nobody scores
    relatively).
    """

    p_inspect: Fraction
    q_lie: Fraction
    merchant_value: Fraction
    sheriff_value: Fraction
    kind: str
    explanation: str
    sheriff_gold: Fraction
    merchant_gain: Fraction


@dataclass(frozen=True)
class Leadership:
    """The sheriff commits to ``p_inspect`` first; the merchant best-responds (ties in the sheriff's favour)."""

    p_inspect: Fraction
    response: str
    merchant_value: Fraction
    sheriff_value: Fraction
    nash_sheriff_value: Fraction
    explanation: str


def solve_2x2(m: tuple, s: tuple) -> tuple[Fraction, Fraction, str]:
    """``(p_inspect, q_lie, kind)`` for a 2x2 game: rows (honest, lie), columns (inspect, pass).

    Merchant's mix is pinned by the sheriff's payoffs and vice versa (indifference principle).
    """
    d_inspect, d_pass = m[1][0] - m[0][0], m[1][1] - m[0][1]  # lie minus honest
    e_honest, e_lie = s[0][0] - s[0][1], s[1][0] - s[1][1]  # inspect minus pass
    one, zero = Fraction(1), Fraction(0)  # works on ints too (bag_table passes ints for speed)
    if d_inspect == d_pass == 0:
        return (one if e_honest > 0 else zero), zero, IDENTICAL
    if d_inspect <= 0 and d_pass <= 0:
        return (one if e_honest > 0 else zero), zero, "pure: " + NEVER
    if d_inspect >= 0 and d_pass >= 0:
        return (one if e_lie > 0 else zero), one, "pure: " + ALWAYS
    if e_honest * e_lie >= 0:  # the sheriff has a (weakly) dominant column
        inspect = max(e_honest, e_lie) > 0 and min(e_honest, e_lie) >= 0
        lie = (d_inspect if inspect else d_pass) > 0
        kind = "pure: sheriff always inspects" if inspect else "pure: inspecting never pays"
        return (one if inspect else zero), (one if lie else zero), kind
    p_star, q_star = Fraction(d_pass, d_pass - d_inspect), Fraction(e_honest, e_honest - e_lie)
    return p_star, q_star, ("mixed" if d_pass * e_lie > 0 else "mixed (one of three equilibria)")


@dataclass(frozen=True)
class InspectionGame:
    """The 2x2 game of one bag: rows (honest, lie), columns (inspect, pass).

    ``merchant[r][c]`` and ``sheriff[r][c]`` are the players' exact utilities, the game that is solved;
    ``gain[r][c]`` is what the merchant puts on his score (gold + the value of the cards that reach his stand) and
    ``gold[r][c]`` the sheriff's gold.  With relative scoring (lesson 13, rivalry done right) ``sheriff = gold - w *
    gain`` and ``merchant = gain - merchant_w * gold``: ``w`` weighs the merchant's gain in the sheriff's utility,
    ``merchant_w`` the sheriff's gain in the merchant's.  ``w = merchant_w = 0``: each counts only his own points;
    ``w = merchant_w = 1``: the two-player zero-sum duel; ``w = merchant_w = 1/(N-1)``: "me minus the others'
    average" with N players.
    """

    bag: Counter
    declared: str
    w: Fraction
    merchant: tuple[tuple[Fraction, Fraction], tuple[Fraction, Fraction]]
    sheriff: tuple[tuple[Fraction, Fraction], tuple[Fraction, Fraction]]
    gold: tuple[tuple[Fraction, Fraction], tuple[Fraction, Fraction]]
    merchant_w: Fraction
    gain: tuple[tuple[Fraction, Fraction], tuple[Fraction, Fraction]]

    rows = (HONEST, LIE)
    columns = (INSPECT, PASS)

    @property
    def zero_sum(self) -> bool:
        """True when the two utilities add up to 0 in every cell (``w = merchant_w = 1``: a duel).

        >>> bag = {"apples": 2, "pepper": 2}
        >>> [inspection_game(bag, "apples", w, mw).zero_sum for w, mw in ((0, 0), (1, 0), (1, 1))]
        [False, False, True]
        """
        return all(self.merchant[r][c] + self.sheriff[r][c] == 0 for r in range(2) for c in range(2))

    def payoffs(self, p_inspect: Number, q_lie: Number) -> tuple[Fraction, Fraction]:
        """Expected ``(merchant, sheriff)`` utilities when the sheriff inspects w.p. p and the merchant lies w.p. q."""
        return self._expect(self.merchant, p_inspect, q_lie), self._expect(self.sheriff, p_inspect, q_lie)

    def scores(self, p_inspect: Number, q_lie: Number) -> tuple[Fraction, Fraction]:
        """Expected ``(merchant's gain, sheriff's gold)``: what each puts on his score, whatever he weighs."""
        return self._expect(self.gain, p_inspect, q_lie), self._expect(self.gold, p_inspect, q_lie)

    @staticmethod
    def _expect(mat: tuple, p_inspect: Number, q_lie: Number) -> Fraction:
        p, q = probability(p_inspect, "p_inspect"), probability(q_lie, "q_lie")
        rows, cols = (1 - q, q), (p, 1 - p)
        return sum(rows[r] * cols[c] * mat[r][c] for r in range(2) for c in range(2))

    def is_equilibrium(self, p_inspect: Number, q_lie: Number, tol: float = 0) -> bool:
        """True if neither player gains more than ``tol`` by deviating (exact with ``tol=0``; use e.g. 1e-9 for
        floats from nashpy)."""
        p, q = fraction(p_inspect), fraction(q_lie)
        m, s = self.payoffs(p, q)
        best_m = max(self.payoffs(p, 0)[0], self.payoffs(p, 1)[0])
        best_s = max(self.payoffs(0, q)[1], self.payoffs(1, q)[1])
        return m >= best_m - fraction(tol) and s >= best_s - fraction(tol)

    def equilibrium(self) -> Equilibrium:
        """The equilibrium by the indifference conditions, with its kind and a plain-words explanation.

        Typical bags give the unique ``"mixed"`` equilibrium; an honest bag gives ``"identical bags"``; a bag
        worse than honesty even when passed gives ``"pure: lying never pays"`` (the merchant is honest and the
        sheriff passes).  In degenerate games other equilibria may exist; this one passes :meth:`is_equilibrium`.

        >>> e = inspection_game({"apples": 1, "royal_rooster": 1}, "chickens").equilibrium()
        >>> e.p_inspect, e.q_lie     # honest 2 Chickens: 8 passed, 12 opened; the lie: 10 passed, -6 opened
        (Fraction(1, 10), Fraction(2, 5))
        >>> e.merchant_value         # G = 10 - 8 = 2, L = 8 + 6 = 14, K = 4: p* = 2/20; R = 6: q* = 4/10; 8 + 4/10
        Fraction(42, 5)
        >>> inspection_game({"apples": 1}, "cheese").equilibrium().kind
        'pure: lying never pays'
        """
        p, q, kind = solve_2x2(self.merchant, self.sheriff)
        mv, sv = self.payoffs(p, q)
        (hi, hp), (li, lp) = self.merchant
        si_h, si_l = self.sheriff[0][0] - self.sheriff[0][1], self.sheriff[1][0] - self.sheriff[1][1]
        if kind.startswith("mixed"):
            text = (
                f"The sheriff inspects with probability {_show(p)}: just often enough that lying (gains "
                f"{lp - hp} over honesty if passed, loses {hi - li} if inspected) pays exactly as much as honesty. "
                f"The merchant lies with probability {_show(q)}: just often enough that inspecting (worth {si_l} "
                f"against a liar, {si_h} against an honest bag, compared with passing) pays the sheriff exactly as "
                f"much as passing. Each player's mix is set by the other player's payoffs."
            )
        elif kind == IDENTICAL:
            text = "The bag is the honest bag itself: nothing to hide, and opening it only costs the sheriff."
        elif kind.endswith(NEVER):
            text = (
                f"Lying never pays: the bag earns {lp - hp} more than honesty if passed and {li - hi} if inspected, "
                f"so the merchant stays honest and the sheriff {'inspects' if p else 'passes'}."
            )
        elif kind.endswith(ALWAYS):
            text = f"Lying always pays, so the merchant lies and the sheriff {'inspects' if p else 'passes'}."
        else:
            text = f"{kind.removeprefix('pure: ').capitalize()}; the merchant {'lies' if q else 'stays honest'}."
        gain, gold = self.scores(p, q)
        return Equilibrium(p, q, mv, sv, kind, text, gold, gain)

    def leadership(self) -> Leadership:
        """The committed sheriff (lesson 08, commitment): see :func:`leadership`."""
        d_i, d_p = self.merchant[1][0] - self.merchant[0][0], self.merchant[1][1] - self.merchant[0][1]
        candidates = []
        for r, sign in ((0, -1), (1, 1)):  # honest is a best response where lie-honest <= 0, lie where >= 0
            ok = [x for x in _breakpoints(d_p, d_i) if sign * ((1 - x) * d_p + x * d_i) >= 0]
            for p in ok:
                candidates.append((self.payoffs(p, r)[1], -p, -r, p, r))
        sv, _, _, p, r = max(candidates)
        mv = self.payoffs(p, r)[0]
        nash = self.equilibrium().sheriff_value
        response = LIE if r else HONEST
        text = (
            f"A sheriff who commits to inspecting with probability {_show(p)} leaves the merchant "
            f"{'indifferent, and he ' if 0 < p < 1 and (1 - p) * d_p + p * d_i == 0 else ''}"
            f"{'lies' if r else 'stays honest'}; the sheriff earns {_show(sv)} per bag instead of {_show(nash)}."
        )
        return Leadership(p, response, mv, sv, nash, text)

    def to_nashpy(self):
        """The game as a ``nashpy.Game`` (float payoffs; rows honest/lie, columns inspect/pass)."""
        import nashpy
        import numpy as np

        return nashpy.Game(np.array(self.merchant, dtype=float), np.array(self.sheriff, dtype=float))

    def to_efg(self) -> str:
        """The game as a Gambit ``.efg`` text: players ``merchant`` and ``sheriff``, merchant actions
        ``honest``/``lie``, sheriff actions ``pass``/``inspect`` in one information set (he does not see the bag);
        exact payoffs (see :mod:`sheriff_nb.theory.efg`).

        >>> text = inspection_game({"apples": 2, "pepper": 2}, "apples").to_efg()
        >>> text.splitlines()[0]
        'EFG 2 R "Sheriff of Nottingham: 2 Apples + 2 Pepper declared as 4 Apples" { "merchant" "sheriff" }'
        """
        from .efg import efg_text

        return efg_text(self)

    def to_frame(self):
        """The bimatrix as a pandas DataFrame of ``"(merchant, sheriff)"`` strings, for display."""
        import pandas as pd

        cells = [[f"({self.merchant[r][c]}, {self.sheriff[r][c]})" for c in range(2)] for r in range(2)]
        return pd.DataFrame(cells, index=list(self.rows), columns=list(self.columns))


def _breakpoints(d_p: Fraction, d_i: Fraction) -> list[Fraction]:
    """0, 1 and the p in between where the merchant's edge (1-p)*d_p + p*d_i changes sign."""
    points = [Fraction(0), Fraction(1)]
    if d_p != d_i and 0 < d_p / (d_p - d_i) < 1:
        points.append(d_p / (d_p - d_i))
    return points


def _weighed(gain: tuple, gold: tuple, w: Fraction, merchant_w: Fraction) -> tuple[tuple, tuple]:
    """The utilities ``(gain - merchant_w * gold, gold - w * gain)`` cell by cell (lesson 13, rivalry done right)."""
    merchant = tuple(tuple(gain[r][c] - merchant_w * gold[r][c] for c in range(2)) for r in range(2))
    sheriff = tuple(tuple(gold[r][c] - w * gain[r][c] for c in range(2)) for r in range(2))
    return merchant, sheriff


def _weights(w: Number, merchant_w: Number) -> tuple[Fraction, Fraction]:
    return fraction(w, "w", Fraction(0), Fraction(1)), fraction(merchant_w, "merchant_w", Fraction(0), Fraction(1))


def inspection_game(bag: Bag, declared: str, w: Number = 0, merchant_w: Number = 0) -> InspectionGame:
    """The 2x2 game: the merchant carries ``bag`` (lie) or ``len(bag)`` x ``declared`` (honest); the sheriff
    inspects or passes.

    Relative scoring (lesson 13, rivalry done right), both weights in [0, 1]: ``w`` weighs the merchant's gain in the
    sheriff's utility (own gold - w * merchant's gain), ``merchant_w`` the sheriff's gold in the merchant's (own gain -
    merchant_w * sheriff's gold).  ``w = merchant_w = 1`` is the zero-sum duel, ``w = merchant_w = 1/(N-1)`` is "me
    minus the others' average" with N players.  Each weight moves only the *other* player's mix: ``w`` moves q*,
    ``merchant_w`` moves p*; with ``w > 0`` and ``merchant_w = 0`` the game is not zero-sum and p* stays put.

    >>> g = inspection_game({"apples": 2, "pepper": 2}, "apples")
    >>> g.merchant
    ((Fraction(16, 1), Fraction(8, 1)), (Fraction(-4, 1), Fraction(16, 1)))
    >>> g.sheriff
    ((Fraction(-8, 1), Fraction(0, 1)), (Fraction(8, 1), Fraction(0, 1)))
    >>> g.is_equilibrium(Fraction(2, 7), Fraction(1, 2)), g.is_equilibrium(Fraction(1, 3), Fraction(1, 2))
    (True, False)
    >>> duel = inspection_game({"apples": 2, "pepper": 2}, "apples", w=1, merchant_w=1)
    >>> duel.merchant[0], duel.sheriff[0]             # honest row: 16 - (-8) = 24 if opened; 8 if passed
    ((Fraction(24, 1), Fraction(8, 1)), (Fraction(-24, 1), Fraction(-8, 1)))
    """
    bag = cards(bag)
    weight, merchant_weight = _weights(w, merchant_w)
    honest = baseline(bag, declared)
    (h_passed, h_inspected, h_fine), (passed, inspected, fine) = outcomes(honest, declared), outcomes(bag, declared)
    gain = ((h_inspected, h_passed), (inspected, passed))
    gold = ((h_fine, Fraction(0)), (fine, Fraction(0)))
    m, s = _weighed(gain, gold, weight, merchant_weight)
    return InspectionGame(bag, card_id(declared), weight, m, s, gold, merchant_weight, gain)


def model_game(
    n: int = 4, c: int = 2, a: Number = 2, v: Number = 6, f: Number = 4, w: Number = 0, merchant_w: Number = 0
) -> InspectionGame:
    """Lesson 08's 2x2 game from numbers instead of cards: ``n`` cards declared as a good of value ``a``
    (legal penalty 2), ``c`` of them replaced by contraband of value ``v`` and fine ``f``; relative weights ``w``
    (the sheriff's) and ``merchant_w`` (the merchant's).  The same :class:`InspectionGame` (and solver) as
    :func:`inspection_game`, so hypothetical fines and values can be explored (the one-slider explorers and
    :func:`sheriff_nb.ui.charts.sweep_data` do).  Floats are read with :func:`exact`.

    >>> model_game(n=4, c=2, a=2, v=6, f=4).merchant == inspection_game({"apples": 2, "pepper": 2}, "apples").merchant
    True
    >>> e = model_game(f=8).equilibrium()          # a doubled fine: p* = 2*4/(2*14+8), q* = 8/(8+16)
    >>> e.p_inspect, e.q_lie
    (Fraction(2, 9), Fraction(1, 3))
    >>> model_game(w=1).sheriff == inspection_game({"apples": 2, "pepper": 2}, "apples", w=1).sheriff
    True
    """
    n, c, a, v, f = int(n), int(c), exact(a), exact(v), exact(f)
    weight, merchant_weight = _weights(exact(w), exact(merchant_w))
    if not 1 <= c <= n:
        raise ValueError(f"the bag holds {n} cards, so 1 to {n} of them can be contraband; not {c}")
    h = n - c
    gain = ((n * a + 2 * n, n * a), (h * a - c * f, h * a + c * v))
    gold = ((Fraction(-2 * n), Fraction(0)), (c * f, Fraction(0)))
    return game_from_scores(gain, gold, weight, merchant_weight)


def game_from_scores(
    gain, gold, w: Number = 0, merchant_w: Number = 0, bag: Bag = (), declared: str = "apples"
) -> InspectionGame:
    """The 2x2 game from what each outcome puts on the two scores: ``gain[r][c]`` the merchant's, ``gold[r][c]`` the
    sheriff's (rows honest, lie; columns inspect, pass), e.g. end-of-game totals with King/Queen bonuses
    (:mod:`sheriff_nb.theory.hands`); ``w``, ``merchant_w`` as in :func:`inspection_game`.

    >>> game_from_scores(((16, 8), (-4, 16)), ((-8, 0), (8, 0))).equilibrium().p_inspect
    Fraction(2, 7)
    """
    weight, merchant_weight = _weights(w, merchant_w)
    gain = tuple(tuple(Fraction(x) for x in row) for row in gain)
    gold = tuple(tuple(Fraction(x) for x in row) for row in gold)
    m, s = _weighed(gain, gold, weight, merchant_weight)
    return InspectionGame(cards(bag), card_id(declared), weight, m, s, gold, merchant_weight, gain)


def leadership(bag: Bag, declared: str, w: Number = 0, merchant_w: Number = 0) -> Leadership:
    """The sheriff as a leader who commits to an inspection probability (lesson 08, commitment).

    The merchant best-responds, breaking ties in the sheriff's favour (strong Stackelberg).  Because the
    sheriff profits from catches, he commits to p* itself: the indifferent merchant lies, and the sheriff earns
    p* * c * f instead of the Nash value 0.

    >>> lead = leadership({"cheese": 2, "mead": 3}, "cheese")    # p* = 3*4 / (3*11 + 10) = 12/43
    >>> lead.p_inspect, lead.response, lead.sheriff_value      # 12/43 * 3 * 4
    (Fraction(12, 43), 'lie', Fraction(144, 43))
    """
    return inspection_game(bag, declared, w, merchant_w).leadership()
