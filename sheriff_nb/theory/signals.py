"""Signals and beliefs (lesson 12): the *offer game*, a small signalling game solved exactly.

The game (every number from :func:`sheriff_nb.theory.analysis.inspection_game`, i.e. from the engine's ``inspect_bag``):

1. Chance deals the merchant the lying bag with probability ``prior`` (π), else the honest bag.
2. An honest merchant offers the bribe anyway with probability ``bait`` (β): his *bait*, for reasons outside this
   one bag (a King race to hide, a reputation to build). This is a habit, not a choice in the model.
3. The liar chooses: offer the bribe of ``bribe`` (b) gold, or stay silent (offer rate σ).
4. The sheriff sees only offer or silence, updates his belief by Bayes' rule and passes or opens. Passing a bag
   whose owner offered takes the bribe (rules reference, section Inspection); opening voids it.

Alan's bag of lessons 07-08 (4 Apples declared, 2 Apples + 2 Pepper): a passed lie is worth 16 to the merchant, an
opened one −4 (+8 for the sheriff, R = c·f); the honest 4 Apples 8 passed, 16 opened (the sheriff pays K = 2n = 8).
With π = 3/5, β = 1/4 and b = 5 the liars split:

>>> g = offer_game(prior=Fraction(3, 5), bait=Fraction(1, 4), bribe=5)
>>> [e] = g.equilibria()
>>> e.kind, e.offer_rate, e.open_offer, e.open_silent
('semi-separating', Fraction(1, 2), Fraction(0, 1), Fraction(1, 4))
>>> g.beliefs(e.offer_rate)            # of 10 bags: 3 liars + 1 bait offer, 3 liars + 3 honest stay silent
Beliefs(offer=Fraction(3, 4), silence=Fraction(1, 2))
>>> g.sheriff_minimum(Fraction(3, 4))  # 3/4 x 8 - 1/4 x 8 = 4 <= 5: he takes the bribe
Fraction(4, 1)

Every liar offering (the separating profile) is never an equilibrium: silence would prove honesty, so silent bags
pass and the liar keeps his 16 by saying nothing.  The cross-check against Gambit is ``tests/theory/test_signals.py``.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from dataclasses import dataclass
from fractions import Fraction
from functools import cached_property
from math import lcm
from typing import NamedTuple

from . import analysis as an
from .analysis import exact

__all__ = [
    "POOLING", "SEMI", "SEPARATING", "OPENED", "Beliefs", "Profile", "SignalEquilibrium", "OfferGame", "offer_game",
    "region_data",
]  # fmt: skip

POOLING, SEMI, SEPARATING, OPENED = "pooling", "semi-separating", "separating", "every bag opened"
ALAN_BAG = {"apples": 2, "pepper": 2}
ZERO, ONE = Fraction(0), Fraction(1)


class Beliefs(NamedTuple):
    """The sheriff's belief that the bag lies after an offer and after silence (``None``: never happens)."""

    offer: Fraction | None
    silence: Fraction | None


class Profile(NamedTuple):
    """One strategy profile: the liar offers with probability ``offer_rate``; the sheriff opens an offering bag with
    probability ``open_offer`` and a silent one with probability ``open_silent``."""

    offer_rate: Fraction
    open_offer: Fraction
    open_silent: Fraction


@dataclass(frozen=True)
class SignalEquilibrium:
    """One piece of the equilibrium set: the convex hull of ``profiles`` (one profile in the generic case).

    ``offer_rate``, ``open_offer`` and ``open_silent`` are those of the first profile; ``kind`` is one of
    ``"pooling"`` (no liar offers), ``"semi-separating"`` (some do, and offers are not all opened),
    ``"separating"`` (every liar offers) or ``"every bag opened"``.
    """

    profiles: tuple[Profile, ...]
    kind: str

    @property
    def offer_rate(self) -> Fraction:
        return self.profiles[0].offer_rate

    @property
    def open_offer(self) -> Fraction:
        return self.profiles[0].open_offer

    @property
    def open_silent(self) -> Fraction:
        return self.profiles[0].open_silent

    def span(self, field: str) -> tuple[Fraction, Fraction]:
        """The lowest and highest value of ``field`` (e.g. ``"offer_rate"``) over the piece."""
        values = [getattr(p, field) for p in self.profiles]
        return min(values), max(values)


@dataclass(frozen=True)
class OfferGame:
    """The offer game (see the module's docstring): ``game`` gives the payoffs of one bag (rows honest/lie, columns
    inspect/pass); ``prior``, ``bait`` and ``bribe`` are π, β and b."""

    game: an.InspectionGame
    prior: Fraction
    bait: Fraction
    bribe: Fraction

    # -------------------------------------------------------------- the numbers of the bag
    @property
    def lie_passed(self) -> Fraction:
        return self.game.merchant[1][1]

    @property
    def lie_opened(self) -> Fraction:
        return self.game.merchant[1][0]

    @property
    def honest_passed(self) -> Fraction:
        return self.game.merchant[0][1]

    @property
    def honest_opened(self) -> Fraction:
        return self.game.merchant[0][0]

    @property
    def fine(self) -> Fraction:
        """R: what opening a lying bag earns the sheriff (c·f)."""
        return self.game.gold[1][0]

    @property
    def compensation(self) -> Fraction:
        """K: what opening an honest bag costs the sheriff (2n)."""
        return -self.game.gold[0][0]

    @property
    def at_stake(self) -> Fraction:
        """D: what the liar loses when his bag is opened instead of passed (c(v+f))."""
        return self.lie_passed - self.lie_opened

    @property
    def silence_threshold(self) -> Fraction:
        """The belief above which opening a silent bag pays: K / (K + R) (lesson 08's q*)."""
        return self.compensation / (self.compensation + self.fine)

    @property
    def offer_threshold(self) -> Fraction:
        """The belief above which opening pays more than the bribe: (K + b) / (K + R)."""
        return (self.compensation + self.bribe) / (self.compensation + self.fine)

    @property
    def pooling_limit(self) -> Fraction:
        """The largest prior at which liars can all stay silent: silence, with the bait's offers taken out, is then a
        lie at most K / (K + R) of the time.  π(1) / (π + (1 − π)(1 − β)) = s gives π = s(1 − β) / (1 − s + s(1 − β)).

        >>> offer_game(bait=Fraction(1, 4)).pooling_limit, offer_game(bait=0).pooling_limit
        (Fraction(3, 7), Fraction(1, 2))
        """
        s, rest = self.silence_threshold, 1 - self.bait
        return s * rest / (1 - s + s * rest)

    # -------------------------------------------------------------- Bayes' rule and best responses
    def shares(self, offer_rate) -> dict[str, Fraction]:
        """The chance of each kind of bag: ``liar_offers``, ``liar_silent``, ``bait`` (honest, offers),
        ``honest_silent``."""
        s, pi, beta = exact(offer_rate), self.prior, self.bait
        return {
            "liar_offers": pi * s,
            "liar_silent": pi * (1 - s),
            "bait": (1 - pi) * beta,
            "honest_silent": (1 - pi) * (1 - beta),
        }

    def beliefs(self, offer_rate) -> Beliefs:
        """Bayes' rule: P(lie | offer) = πσ / (πσ + (1-π)β) and P(lie | silence) = π(1-σ) / (π(1-σ) + (1-π)(1-β)).

        >>> offer_game(prior=Fraction(1, 3), bait=0, bribe=5).beliefs(1)     # no bait: an offer proves the lie
        Beliefs(offer=Fraction(1, 1), silence=Fraction(0, 1))
        """
        share = self.shares(offer_rate)
        offers, silent = share["liar_offers"] + share["bait"], share["liar_silent"] + share["honest_silent"]
        return Beliefs(
            share["liar_offers"] / offers if offers else None, share["liar_silent"] / silent if silent else None
        )

    def bag_counts(self, offer_rate, limit: int = 200) -> tuple[int, dict[str, Fraction]] | None:
        """The smallest number of bags (at least 10) in which every share is a whole number of bags, with the
        counts: the natural frequencies a newcomer can follow ("of 20 bags, 12 lie..."); ``None`` above ``limit``.

        >>> total, counts = offer_game(prior=Fraction(3, 5), bait=Fraction(1, 4), bribe=5).bag_counts(Fraction(1, 2))
        >>> total, [int(x) for x in counts.values()]    # liars offering, liars silent, bait, honest silent
        (10, [3, 3, 1, 3])
        """
        share = self.shares(offer_rate)
        total = lcm(*(x.denominator for x in share.values()))
        total *= -(-10 // total)
        return (total, {k: x * total for k, x in share.items()}) if total <= limit else None

    def open_gain(self, belief, offered: bool) -> Fraction:
        """What opening earns the sheriff over passing at ``belief``: belief·R − (1 − belief)·K, minus the bribe he
        gives up when the bag came with an offer."""
        q = exact(belief)
        return q * self.fine - (1 - q) * self.compensation - (self.bribe if offered else 0)

    def sheriff_minimum(self, belief) -> Fraction:
        """The smallest bribe the sheriff should take at ``belief``: max(0, belief·R − (1 − belief)·K)
        (lesson 08, bribes: the bargaining zone; the same as :func:`sheriff_nb.theory.analysis.bribe_range`'s
        minimum)."""
        return max(ZERO, self.open_gain(belief, offered=False))

    def _responses(self, offer_rate: Fraction) -> tuple[tuple[Fraction, Fraction], tuple[Fraction, Fraction]]:
        """The sheriff's best responses at each signal as (lowest, highest) opening probability.  A signal nobody
        sends allows any response that is best against *some* belief (perfect Bayesian equilibrium)."""
        belief = self.beliefs(offer_rate)
        ranges = []
        for offered, q in ((True, belief.offer), (False, belief.silence)):
            if q is None:
                low, high = self.open_gain(0, offered), self.open_gain(1, offered)
                ranges.append((ZERO, ONE) if high >= 0 else (ZERO, ZERO) if low < 0 else (ONE, ONE))
            else:
                gain = self.open_gain(q, offered)
                ranges.append((ONE, ONE) if gain > 0 else (ZERO, ZERO) if gain < 0 else (ZERO, ONE))
        return ranges[0], ranges[1]

    # -------------------------------------------------------------- values
    def liar_gain(self, open_offer, open_silent) -> Fraction:
        """What offering earns the liar over silence: D·(r_silent − r_offer) − b·(1 − r_offer)."""
        r_o, r_n = exact(open_offer), exact(open_silent)
        return self.at_stake * (r_n - r_o) - self.bribe * (1 - r_o)

    def values(self, profile: Profile) -> dict[str, Fraction]:
        """Expected values under ``profile``: ``liar``, ``bait`` (an honest merchant who offers), ``honest`` (one who
        stays silent), ``merchant`` (before the deal) and ``sheriff`` (gold per bag)."""
        s, r_o, r_n = profile
        b = self.bribe
        offer_liar = (1 - r_o) * (self.lie_passed - b) + r_o * self.lie_opened
        silent_liar = (1 - r_n) * self.lie_passed + r_n * self.lie_opened
        bait = (1 - r_o) * (self.honest_passed - b) + r_o * self.honest_opened
        honest = (1 - r_n) * self.honest_passed + r_n * self.honest_opened
        liar = s * offer_liar + (1 - s) * silent_liar
        share = self.shares(s)
        sheriff = (
            share["liar_offers"] * ((1 - r_o) * b + r_o * self.fine)
            + share["liar_silent"] * r_n * self.fine
            + share["bait"] * ((1 - r_o) * b - r_o * self.compensation)
            - share["honest_silent"] * r_n * self.compensation
        )
        merchant = self.prior * liar + share["bait"] * bait + share["honest_silent"] * honest
        return {"liar": liar, "bait": bait, "honest": honest, "merchant": merchant, "sheriff": sheriff}

    def is_equilibrium(self, profile: Profile) -> bool:
        """True if nobody gains by deviating and the sheriff's choices are best against the Bayes beliefs.

        >>> g = offer_game(prior=Fraction(3, 5), bait=Fraction(1, 4), bribe=5)
        >>> g.is_equilibrium(Profile(Fraction(1, 2), 0, Fraction(1, 4))), g.is_equilibrium(Profile(1, 0, 0))
        (True, False)
        """
        s, r_o, r_n = (exact(x) for x in profile)
        (o_lo, o_hi), (n_lo, n_hi) = self._responses(s)
        if not (o_lo <= r_o <= o_hi and n_lo <= r_n <= n_hi):
            return False
        gain = self.liar_gain(r_o, r_n)
        return gain <= 0 if s == 0 else gain >= 0 if s == 1 else gain == 0

    # -------------------------------------------------------------- every equilibrium, exactly
    def _candidates(self) -> list[Fraction]:
        """Offer rates where a belief crosses a threshold, with 0 and 1."""
        points = {ZERO, ONE}
        pi, beta = self.prior, self.bait
        t = self.offer_threshold
        if beta > 0 and t < 1:
            points.add(t * beta * (1 - pi) / (pi * (1 - t)))
        s = self.silence_threshold
        if s < 1:
            points.add(1 - s * (1 - pi) * (1 - beta) / (pi * (1 - s)))
        return sorted(x for x in points if 0 <= x <= 1)

    def _polygon(self, box, sense: str) -> list[tuple[Fraction, Fraction]]:
        """Vertices of {(r_offer, r_silent) in ``box``: liar_gain sense 0} (``sense``: ``"="``, ``"<="``, ``">="``)."""
        (o_lo, o_hi), (n_lo, n_hi) = box
        d, b = self.at_stake, self.bribe
        points = set()
        for r_o in (o_lo, o_hi):
            r_n = ((d - b) * r_o + b) / d
            if n_lo <= r_n <= n_hi:
                points.add((r_o, r_n))
        if d != b:
            for r_n in (n_lo, n_hi):
                r_o = (d * r_n - b) / (d - b)
                if o_lo <= r_o <= o_hi:
                    points.add((r_o, r_n))
        if sense != "=":
            sign = 1 if sense == ">=" else -1
            points |= {(o, n) for o in (o_lo, o_hi) for n in (n_lo, n_hi) if sign * self.liar_gain(o, n) >= 0}
        return sorted(points)

    def equilibria(self) -> list[SignalEquilibrium]:
        """Every perfect Bayesian equilibrium, as pieces of the equilibrium set (convex hulls of their profiles).

        At the offer rates where a belief crosses a threshold the sheriff may mix; between them he does not, and only
        "open everything" leaves the liar indifferent.  Generic numbers give one piece; a threshold hit exactly
        gives several.

        >>> [e.kind for e in offer_game(prior=Fraction(1, 3), bait=Fraction(1, 4), bribe=5).equilibria()]
        ['pooling']
        >>> e = offer_game(prior=Fraction(3, 5), bait=Fraction(1, 4), bribe=3).equilibria()[0]
        >>> e.kind, e.span("offer_rate")       # the liar may offer at any rate from 11/30 to 1/2: all is opened
        ('every bag opened', (Fraction(11, 30), Fraction(1, 2)))
        """
        points = self._candidates()
        pieces: list[tuple[Profile, ...]] = []
        for s in points:  # at a candidate rate
            sense = "<=" if s == 0 else ">=" if s == 1 else "="
            vertices = self._polygon(self._responses(s), sense)
            if vertices:
                pieces.append(tuple(Profile(s, o, n) for o, n in vertices))
        for s0, s1 in zip(points, points[1:], strict=False):  # between two candidates the responses are fixed
            vertices = self._polygon(self._responses((s0 + s1) / 2), "=")
            if vertices:
                pieces.append(tuple(Profile(s, o, n) for s in (s0, s1) for o, n in vertices))
        pieces = [p for p in pieces if not any(set(p) < set(q) for q in pieces)]
        return [SignalEquilibrium(p, self._kind(p)) for p in dict.fromkeys(pieces)]

    @staticmethod
    def _kind(profiles: tuple[Profile, ...]) -> str:
        if all(p.open_offer == 1 and p.open_silent == 1 for p in profiles):
            return OPENED
        rates = {p.offer_rate for p in profiles}
        return POOLING if rates == {ZERO} else SEPARATING if rates == {ONE} else SEMI

    def separating_test(self) -> dict[str, Fraction | None]:
        """Why "every liar offers" fails: the beliefs it creates, the sheriff's replies to them, and the liar's values
        of offering and of keeping quiet against those replies (silence pays more).

        >>> t = offer_game(prior=Fraction(3, 5), bait=Fraction(1, 4), bribe=5).separating_test()
        >>> t["offer"], t["open_offer"], t["offer_value"]          # 6 of 7 offers lie: opened, -4
        (Fraction(6, 7), Fraction(1, 1), Fraction(-4, 1))
        >>> t["silence"], t["open_silent"], t["silent_value"]      # silence proves honesty: passed, 16
        (Fraction(0, 1), Fraction(0, 1), Fraction(16, 1))
        """
        belief = self.beliefs(1)
        (o_lo, _), (n_lo, _) = self._responses(ONE)
        values_offer = self.values(Profile(ONE, o_lo, n_lo))
        values_silent = self.values(Profile(ZERO, o_lo, n_lo))
        return {
            "offer": belief.offer,
            "silence": belief.silence,
            "open_offer": o_lo,
            "open_silent": n_lo,
            "offer_value": values_offer["liar"],
            "silent_value": values_silent["liar"],
        }

    # -------------------------------------------------------------- other solvers' formats
    @cached_property
    def _tree(self) -> list[list[tuple[Fraction, Fraction]]]:
        b = self.bribe
        lie = [(self.lie_passed - b, b), (self.lie_opened, self.fine)]
        lie_silent = [(self.lie_passed, ZERO), (self.lie_opened, self.fine)]
        honest = [(self.honest_passed - b, b), (self.honest_opened, -self.compensation)]
        honest_silent = [(self.honest_passed, ZERO), (self.honest_opened, -self.compensation)]
        return [lie, lie_silent, honest, honest_silent]

    def to_efg(self) -> str:
        """The game as a Gambit ``.efg`` file (open it in Gambit's GUI, or ``pygambit.read_efg``): chance deals
        ``lie`` / ``honest offers`` / ``honest silent``; the merchant (player 1) moves only with the lie; the sheriff
        (player 2) has one information set per signal.

        >>> print(offer_game(prior=Fraction(3, 5), bait=Fraction(1, 4), bribe=5).to_efg().splitlines()[3])
        c "" 1 "" { "lie" 3/5 "honest offers" 1/10 "honest silent" 3/10 } 0
        """
        lie, lie_silent, honest, honest_silent = self._tree
        share = self.shares(0)
        lines = [
            'EFG 2 R "Sheriff: the offer game" { "merchant" "sheriff" }',
            '""',
            "",
            f'c "" 1 "" {{ "lie" {self.prior} "honest offers" {share["bait"]} "honest silent" '
            f"{share['honest_silent']} }} 0",
            'p "" 1 1 "liar" { "offer" "silent" } 0',
        ]
        outcome = 0

        def sheriff(infoset: int, name: str, label: str, pays: list[tuple[Fraction, Fraction]]) -> None:
            nonlocal outcome
            lines.append(f'p "" 2 {infoset} "{name}" {{ "pass" "open" }} 0')
            for action, (m, s) in zip(("pass", "open"), pays, strict=True):
                outcome += 1
                lines.append(f't "" {outcome} "{label}, {action}" {{ {m}, {s} }}')

        sheriff(1, "offer", "lie offers", lie)
        sheriff(2, "silence", "lie silent", lie_silent)
        sheriff(1, "offer", "honest offers", honest)
        sheriff(2, "silence", "honest silent", honest_silent)
        return "\n".join(lines) + "\n"

    def strategic_form(self) -> tuple[list[list[Fraction]], list[list[Fraction]]]:
        """The 2 x 4 strategic form (merchant's expected value, sheriff's expected gold): rows = the liar offers /
        stays silent; columns = the sheriff's (offer, silence) replies: pass/pass, pass/open, open/pass, open/open."""
        replies = [(ZERO, ZERO), (ZERO, ONE), (ONE, ZERO), (ONE, ONE)]
        rows = [[self.values(Profile(s, o, n)) for o, n in replies] for s in (ONE, ZERO)]
        return ([[v["merchant"] for v in row] for row in rows], [[v["sheriff"] for v in row] for row in rows])

    def to_nashpy(self):
        """The strategic form as a ``nashpy.Game`` (floats)."""
        import nashpy
        import numpy as np

        merchant, sheriff = self.strategic_form()
        return nashpy.Game(np.array(merchant, dtype=float), np.array(sheriff, dtype=float))


def offer_game(
    bag: Mapping[str, int] | Iterable[str] | None = None,
    declared: str = "apples",
    prior=Fraction(3, 5),
    bait=Fraction(1, 4),
    bribe=5,
) -> OfferGame:
    """The offer game for ``bag`` (the lie; default lesson 08's 2 Apples + 2 Pepper) declared as ``declared``.

    >>> g = offer_game()
    >>> g.fine, g.compensation, g.at_stake, g.silence_threshold, g.offer_threshold
    (Fraction(8, 1), Fraction(8, 1), Fraction(20, 1), Fraction(1, 2), Fraction(13, 16))
    """
    pi, beta, b = exact(prior), exact(bait), exact(bribe)
    if not 0 < pi < 1:
        raise ValueError(f"the prior is a probability strictly between 0 and 1; not {prior!r}")
    if not 0 <= beta < 1:
        raise ValueError(f"the bait share is a probability from 0 to just under 1; not {bait!r}")
    if b <= 0:
        raise ValueError(f"a bribe is some gold, more than 0; not {bribe!r}")
    game = an.inspection_game(ALAN_BAG if bag is None else bag, declared)
    if not game.gold[1][0] > 0:
        raise ValueError("the bag must be a lie the sheriff can fine")
    return OfferGame(game, pi, beta, b)


def region_data(
    bait=Fraction(1, 4),
    priors: Iterable | None = None,
    bribes: Iterable = range(1, 20),
    bag: Mapping[str, int] | None = None,
    declared: str = "apples",
):
    """The kind of equilibrium at every (prior, bribe) pair: columns ``prior``, ``bribe``, ``kind`` (``"several"``
    where a threshold is hit exactly and more than one kind exists), ``offer_rate`` (float, of the first piece).

    >>> frame = region_data(priors=[Fraction(1, 5), Fraction(3, 5)], bribes=[3, 5])
    >>> frame.kind.tolist()
    ['pooling', 'pooling', 'every bag opened', 'semi-separating']
    """
    import pandas as pd

    priors = [Fraction(k, 40) for k in range(1, 40)] if priors is None else [exact(p) for p in priors]
    rows = []
    for pi in priors:
        for b in bribes:
            found = offer_game(bag, declared, pi, bait, b).equilibria()
            kinds = {e.kind for e in found}
            rows.append(
                {
                    "prior": float(pi),
                    "bribe": float(b),
                    "kind": kinds.pop() if len(kinds) == 1 else "several",
                    "offer_rate": float(found[0].offer_rate),
                }
            )
    return pd.DataFrame(rows)
