"""Deck odds (re-exported as ``sheriff_nb.theory.analysis.draw_odds``): how likely a draw is to bring a good, exactly.

>>> draw_odds("contraband", 1, cards=1)
Fraction(5, 17)
"""

from __future__ import annotations

from collections.abc import Mapping
from fractions import Fraction
from math import comb

from ..engine.cards import KINDS, card, card_id
from ..engine.cards import cards as _as_counter
from ..engine.cards import deck as _default_deck
from ..engine.errors import ArgumentError
from ..engine.validate import whole

__all__ = ["draw_odds"]


def _successes(good: str, deck_: Mapping[str, int]) -> int:
    kind = good.strip().lower()
    if kind in KINDS:
        return sum(n for g, n in deck_.items() if card(g).kind == kind)
    return deck_.get(card_id(good), 0)


def draw_odds(good: str, at_least: int, cards: int = 6, deck: Mapping[str, int] | None = None) -> Fraction:
    """P(at least ``at_least`` copies of ``good`` among ``cards`` cards drawn without replacement).

    ``good`` is a card id/name or a kind: ``"legal"``, ``"contraband"``, ``"royal"``.  The default deck is the basic
    4-5 player deck (204 cards, no royal goods); any Counter of card ids may be given.  Hypergeometric:
    sum over k >= at_least of C(K, k) C(N-K, cards-k) / C(N, cards).

    >>> draw_odds("crossbow", 1)            # 1 - C(199, 6) / C(204, 6), about 14%
    Fraction(9338293, 66722620)
    >>> draw_odds(None, 1)
    Traceback (most recent call last):
    ...
    sheriff_nb.engine.errors.ArgumentError: good must be a card id or name, or a kind (legal, ...); not None
    """
    if not isinstance(good, str):
        raise ArgumentError(
            "good must be a card id or name, or a kind ({kinds}); not {good!r}", kinds=", ".join(KINDS), good=good
        )
    at_least, cards = whole(at_least, "at_least"), whole(cards, "cards", 0)
    pool = _default_deck() if deck is None else _as_counter(deck)
    total, hits = sum(pool.values()), _successes(good, pool)
    if not 0 <= cards <= total:
        raise ValueError(f"cannot draw {cards} cards from a deck of {total}")
    start = max(at_least, 0)
    top = sum(comb(hits, k) * comb(total - hits, cards - k) for k in range(start, min(hits, cards) + 1))
    return Fraction(top, comb(total, cards))
