"""What one bag is worth to the merchant (re-exported by :mod:`sheriff_nb.theory.analysis`): its value if passed and if
opened, its expected value, and the honest bag it is compared with.  Everything is a :class:`fractions.Fraction`;
payoffs come from :func:`~sheriff_nb.engine.inspection.inspect_bag`.

>>> expected_value({"apples": 2, "pepper": 2}, "apples", Fraction(2, 7)) == expected_value(["apples"] * 4, "apples",
...                                                                                      Fraction(2, 7))
True
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable, Mapping
from fractions import Fraction

from ..engine.cards import LEGAL_GOODS, card, card_id, cards, value
from ..engine.inspection import inspect_bag

__all__ = [
    "Bag", "Number", "exact", "outcomes", "expected_value", "baseline", "honest_alternative", "baseline_declaration",
    "baseline_outcomes", "fraction", "probability",
]  # fmt: skip

Bag = Iterable[str] | Mapping[str, int]
Number = int | float | str | Fraction


def fraction(x: Number, name: str = "value", low: Fraction | None = None, high: Fraction | None = None) -> Fraction:
    """An exact Fraction; floats are read as the decimal they print as (0.3 -> 3/10)."""
    f = Fraction(repr(x)) if isinstance(x, float) else Fraction(x)
    if (low is not None and f < low) or (high is not None and f > high):
        raise ValueError(f"{name} must lie in [{low}, {'any' if high is None else high}]; got {x!r}")
    return f


def exact(x: Number) -> Fraction:
    """A Fraction; a float is read as the short decimal it stands for (a slider's 0.15000000000000002 -> 3/20).

    >>> exact(0.15000000000000002), exact(2), exact("1/3")
    (Fraction(3, 20), Fraction(2, 1), Fraction(1, 3))
    """
    return Fraction(x).limit_denominator(10_000) if isinstance(x, float) else Fraction(x)


def probability(x: Number, name: str) -> Fraction:
    """``x`` as an exact Fraction in [0, 1]; refused with a message naming ``name`` otherwise.

    >>> probability(0.25, "p_inspect")
    Fraction(1, 4)
    """
    return fraction(x, name, Fraction(0), Fraction(1))


def outcomes(bag: Bag, declared: str, allow_empty: bool = False) -> tuple[Fraction, Fraction, Fraction]:
    """``(merchant if passed, merchant if inspected, sheriff's gold if inspected)``, from ``inspect_bag``.

    With ``allow_empty`` an empty bag stands for "no bag at all", worth 0 either way (a break-even baseline).

    >>> outcomes({"apples": 2, "pepper": 2}, "apples")
    (Fraction(16, 1), Fraction(-4, 1), Fraction(8, 1))
    >>> outcomes(["chickens"] * 3, "chickens")       # honest: the sheriff pays 2 per card
    (Fraction(12, 1), Fraction(18, 1), Fraction(-6, 1))
    """
    bag = cards(bag)
    if allow_empty and not bag:
        card_id(declared)
        return Fraction(0), Fraction(0), Fraction(0)
    result = inspect_bag(bag, declared)
    gold = Fraction(result.gold_to_sheriff)
    return Fraction(value(bag)), value(result.to_stand) - gold, gold


def expected_value(bag: Bag, declared: str, p_inspect: Number, bribe: Number = 0) -> Fraction:
    """The merchant's expected value of ``bag`` declared as ``declared``; ``bribe`` is paid only if the bag passes.

    >>> expected_value({"apples": 2, "pepper": 2}, "apples", Fraction(1, 4))   # 3/4 * 16 + 1/4 * (-4)
    Fraction(11, 1)
    >>> expected_value({"apples": 2, "pepper": 2}, "apples", 0.5, bribe=3)     # 1/2 * 13 + 1/2 * (-4)
    Fraction(9, 2)
    """
    p = probability(p_inspect, "p_inspect")
    passed, inspected, _ = outcomes(bag, declared)
    return (1 - p) * (passed - fraction(bribe, "bribe", Fraction(0))) + p * inspected


def baseline(bag: Bag, declared: str, baseline: Bag | None = None) -> Counter:
    """The honest bag that ``bag`` is compared with: ``baseline`` as a Counter of card ids if given, else as many
    cards as ``bag`` holds, all of the ``declared`` good (the honest row of :func:`inspection_game`, the default
    baseline of :func:`breakeven`: lesson 08's game, where the lie *replaces* honest cards).

    >>> baseline({"apples": 2, "pepper": 2}, "apples")
    Counter({'apples': 4})
    >>> baseline(["silk", "mead"], "Chicken")
    Counter({'chickens': 2})
    >>> baseline({"apples": 3, "pepper": 1}, "apples", baseline={"Apple": 3})    # the marginal-card question
    Counter({'apples': 3})
    """
    return Counter({card_id(declared): sum(cards(bag).values())}) if baseline is None else cards(baseline)


def honest_alternative(bag: Bag, declared: str) -> Counter:
    """The honest bag that the cards of ``bag`` themselves allow: its cards of the ``declared`` good (what an
    inspection would leave on the stand), so the question is whether *adding* the other cards pays (lesson 07, the
    honest bag your cards allow). A bag with none of the declared good is compared with the honest bag of the legal good
    it holds most (ties: the more valuable), declared as that good; a bag with no legal good at all with no bag (worth
    0).

    The 2x2 game and :func:`breakeven` assume a full honest bag of ``len(bag)`` declared goods instead; a merchant
    whose hand does not hold them cannot build it, and the break-even against it gives the wrong decision.

    >>> honest_alternative({"chickens": 2, "bread": 1, "silk": 1}, "chickens")     # Will Scarlet holds 2 Chickens
    Counter({'chickens': 2})
    >>> honest_alternative({"chickens": 2, "bread": 1, "silk": 1}, "apples")       # no Apples: his best honest bag
    Counter({'chickens': 2})
    >>> honest_alternative({"silk": 5}, "cheese")
    Counter()
    """
    bag, decl = cards(bag), card_id(declared)
    held = [g for g in LEGAL_GOODS if bag[g]]
    if not held:
        return Counter()
    good = decl if bag[decl] else max(held, key=lambda g: (bag[g], card(g).value))
    return Counter({good: bag[good]})


def baseline_declaration(base: Bag, declared: str) -> str:
    """What a baseline bag is declared as: the good it is made of when it is one legal good (an honest bag names
    itself), else ``declared``.

    >>> baseline_declaration({"chickens": 2}, "apples"), baseline_declaration({"apples": 1, "pepper": 1}, "cheese")
    ('chickens', 'cheese')
    """
    goods = [g for g, n in cards(base).items() if n]
    return goods[0] if len(goods) == 1 and goods[0] in LEGAL_GOODS else card_id(declared)


def baseline_outcomes(base: Bag, declared: str) -> tuple[Fraction, Fraction, Fraction]:
    """:func:`outcomes` of a baseline bag, declared as :func:`baseline_declaration` says (an empty baseline: no bag,
    worth 0)."""
    return outcomes(base, baseline_declaration(base, declared), allow_empty=True)
