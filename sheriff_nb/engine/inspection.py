"""Pure rule functions of the Load, Declaration and Inspection phases (rules reference, sections Load the bag to
Inspection).

>>> result = inspect_bag({"apples": 1, "cheese": 1, "mead": 2}, declared="apples")
>>> result.honest, dict(result.to_stand), dict(result.confiscated), result.gold_to_sheriff
(False, {'apples': 1}, {'cheese': 1, 'mead': 2}, 10)
>>> inspect_bag(["chickens"] * 4, declared="chicken").gold_to_sheriff
-8

The engine calls the same rules on its compact counts (:func:`open_bag`, :func:`debt_payment`): lists of 15 card
counts in rulebook order (:mod:`sheriff_nb.engine.cards`).
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass
from operator import mul

from .cards import (
    GOODS,
    HIDDEN_NUMBERS,
    IDS,
    INDEX,
    LEGAL,
    LEGAL_NUMBERS,
    N_GOODS,
    PENALTIES,
    VALUES,
    card,
    card_ids,
    counts,
    goods,
)
from .errors import BagSizeError, DeclarationError
from .validate import whole

MIN_BAG, MAX_BAG = 1, 5


def check_bag(bag: Mapping[str, int]) -> None:
    """Raise :class:`BagSizeError` unless the bag holds 1 to 5 cards.

    >>> check_bag({"apples": 6})
    Traceback (most recent call last):
    ...
    sheriff_nb.engine.errors.BagSizeError: a bag holds 1 to 5 cards; this one holds 6
    """
    size = sum(counts(bag, "bag"))
    if not MIN_BAG <= size <= MAX_BAG:
        raise BagSizeError(
            "a bag holds {min_bag} to {max_bag} cards; this one holds {size}",
            min_bag=MIN_BAG,
            max_bag=MAX_BAG,
            size=size,
        )


def check_declaration(declared: str, count: int, bag_size: int) -> str:
    """Check a declaration and return the declared card id.

    A declaration names exactly one legal good and the true number of cards in the bag; the
    declared good need not be in the bag.

    >>> check_declaration("Cheese", 3, 3)
    'cheese'
    >>> check_declaration("silk", 4, 4)
    Traceback (most recent call last):
    ...
    sheriff_nb.engine.errors.DeclarationError: only legal goods (Apples, ...) may be declared; Silk is contraband
    >>> check_declaration(["Chickens", "Bread"], 4, 4)
    Traceback (most recent call last):
    ...
    sheriff_nb.engine.errors.DeclarationError: declare exactly one legal good, not Chickens and Bread; mixed ... allowed
    >>> check_declaration("chickens", 3, 4)
    Traceback (most recent call last):
    ...
    sheriff_nb.engine.errors.DeclarationError: the declared count must be the true number of cards in the bag: 4, not 3
    """
    if not isinstance(declared, str):
        names = " and ".join(str(d) for d in declared) if isinstance(declared, (list, tuple)) else repr(declared)
        raise DeclarationError(
            "declare exactly one legal good, not {names}; mixed declarations are not allowed", names=names
        )
    good = card(declared)
    if good.kind != LEGAL:
        legal = ", ".join(g.name for g in GOODS.values() if g.kind == LEGAL)
        raise DeclarationError(
            "only legal goods ({legal}) may be declared; {good} is {kind}", legal=legal, good=good.name, kind=good.kind
        )
    if isinstance(count, bool) or not isinstance(count, int) or count != bag_size:
        raise DeclarationError(
            "the declared count must be the true number of cards in the bag: {bag_size}, not {count!r}",
            bag_size=bag_size,
            count=count,
        )
    return good.id


@dataclass(frozen=True)
class Inspection:
    """What opening a bag does.

    ``to_stand``: the cards that reach the merchant's stand; ``confiscated``: the cards that
    go to the discard pile; ``gold_to_sheriff``: the fine the merchant pays (negative when the
    bag was honest and the sheriff pays the merchant).
    """

    honest: bool
    to_stand: Counter[str]
    confiscated: Counter[str]
    gold_to_sheriff: int


def open_bag(bag: Sequence[int], declared: int) -> tuple[bool, list[int], int]:
    """Open a bag (15 counts) declared as good number ``declared``: ``(honest, confiscated counts, gold to the
    sheriff)``; the declared cards (``bag[declared]`` of them) reach the stand.

    >>> open_bag(counts(["apples", "mead"]), INDEX["apples"])[0::2]
    (False, 4)
    """
    confiscated = list(bag)
    confiscated[declared] = 0
    fine = sum(map(mul, confiscated, PENALTIES))
    if fine:
        return False, confiscated, fine
    return True, confiscated, -PENALTIES[declared] * bag[declared]


def inspect_bag(bag: Iterable[str] | Mapping[str, int], declared: str, count: int | None = None) -> Inspection:
    """Open a bag declared as ``count`` × ``declared`` (count defaults to the bag's size).

    Honest bag: the sheriff pays the merchant the penalties of all its cards. Otherwise the
    declared goods reach the stand, everything else is confiscated and the merchant pays its
    penalties (the 2nd-edition rulebook's honest-bag and lying-bag examples: rules reference, section Worked examples).

    >>> inspect_bag(["chickens", "chickens", "bread", "silk"], "chickens").gold_to_sheriff
    6
    >>> inspect_bag(["apples"] * 3, "apples", count=4)
    Traceback (most recent call last):
    ...
    sheriff_nb.engine.errors.DeclarationError: the declared count must be the true number of cards in the bag: 3, not 4
    >>> inspect_bag({"apples": -2, "silk": 3}, "apples")
    Traceback (most recent call last):
    ...
    sheriff_nb.engine.errors.ArgumentError: the count of apples in bag must be a whole number (0 to 216), not -2
    """
    numbers = counts(bag, "bag")
    size = sum(numbers)
    if not MIN_BAG <= size <= MAX_BAG:
        raise BagSizeError(
            "a bag holds {min_bag} to {max_bag} cards; this one holds {size}",
            min_bag=MIN_BAG,
            max_bag=MAX_BAG,
            size=size,
        )
    declared = check_declaration(declared, size if count is None else count, size)
    number = INDEX[declared]
    honest, confiscated, gold = open_bag(numbers, number)
    kept = Counter({declared: numbers[number]}) if numbers[number] else Counter()
    return Inspection(honest, kept, goods(confiscated), gold)


@dataclass(frozen=True)
class Payment:
    """How a debt was paid: gold, then stand goods; the rest is forgiven (rules reference, ruling debts)."""

    gold: int
    goods: Counter[str]
    forgiven: int


def pay_debt(owed: int, gold: int, stand: Mapping[str, int], choice: Iterable[str] = ()) -> Payment:
    """Settle a debt of ``owed`` gold by a player holding ``gold`` and ``stand``.

    All gold first; then legal stand goods, then contraband (royal goods count as contraband), worth at
    least what is still owed, with no change given; whatever the whole stand cannot cover is forgiven.
    The debtor chooses the goods (rules reference, ruling debts): ``choice`` lists them in the order the debtor hands
    them over, and they are taken in that order until the debt is covered (contraband only once every legal
    good is given, as the rules say; named goods the stand does not hold are skipped).  Without a choice,
    or for what it leaves uncovered, the goods are the ones that overpay least; ties take the cheapest
    cards first.

    >>> pay_debt(3, 0, {"chickens": 1})           # our debt example (rules reference)
    Payment(gold=0, goods=Counter({'chickens': 1}), forgiven=0)
    >>> pay_debt(10, 0, {})
    Payment(gold=0, goods=Counter(), forgiven=10)
    >>> pay_debt(9, 2, {"apples": 3, "cheese": 2, "mead": 1})
    Payment(gold=2, goods=Counter({'apples': 2, 'cheese': 1}), forgiven=0)
    >>> pay_debt(20, 0, {"apples": 1, "silk": 3})
    Payment(gold=0, goods=Counter({'silk': 3, 'apples': 1}), forgiven=0)
    >>> pay_debt(3, 0, {"cheese": 1, "chickens": 1}).goods           # the default: Cheese, worth exactly 3
    Counter({'cheese': 1})
    >>> pay_debt(3, 0, {"cheese": 1, "chickens": 1}, choice=["chickens"]).goods   # the debtor keeps the Cheese
    Counter({'chickens': 1})
    >>> pay_debt(3, 0, {"apples": 2, "silk": 1}, choice=["silk"]).goods   # legal goods first: Silk is kept
    Counter({'apples': 2})
    """
    owed, gold = whole(owed, "owed", 0), whole(gold, "gold", 0)
    choice_numbers = [INDEX[g] for g in card_ids(choice, "choice", keep_order=True)]
    paid, taken, forgiven = debt_payment(owed, gold, counts(stand, "stand"), choice_numbers)
    return Payment(paid, goods(taken), forgiven)


def debt_payment(owed: int, gold: int, stand: Sequence[int], choice: Sequence[int] = ()) -> tuple[int, list[int], int]:
    """:func:`pay_debt` on counts: ``(gold paid, goods given as 15 counts, forgiven)``."""
    paid_gold = min(owed, max(gold, 0))
    remaining = owed - paid_gold
    taken = [0] * N_GOODS
    for group in (LEGAL_NUMBERS, HIDDEN_NUMBERS):
        if remaining <= 0:
            break
        available = {i: stand[i] for i in group if stand[i] > 0}
        for i, n in _chosen(remaining, available, choice).items():
            taken[i] += n
            remaining -= VALUES[i] * n
    return paid_gold, taken, max(remaining, 0)


def _chosen(target: int, group: dict[int, int], choice: Sequence[int]) -> dict[int, int]:
    """Cards of ``group`` (good number -> count) worth at least ``target``: those named in ``choice``, in order,
    until covered; then the least overpay for the rest (all of the group if it is worth less)."""
    taken: dict[int, int] = {}
    worth = 0
    for good in choice:
        if worth >= target:
            break
        if taken.get(good, 0) < group.get(good, 0):
            taken[good] = taken.get(good, 0) + 1
            worth += VALUES[good]
    left = {i: n - taken.get(i, 0) for i, n in group.items() if n > taken.get(i, 0)}
    if worth < target and left:
        for i, n in _least_overpay(target - worth, left).items():
            taken[i] = taken.get(i, 0) + n
    return taken


def _least_overpay(target: int, group: dict[int, int]) -> dict[int, int]:
    """Cards of ``group`` worth at least ``target`` with the smallest total value (all of
    them if the group is worth less). Ties: the most cheap cards."""
    items = sorted(group.items(), key=lambda kv: (VALUES[kv[0]], IDS[kv[0]]))
    total = sum(VALUES[g] * n for g, n in items)
    if total <= target:
        return dict(items)
    limit = target + max(VALUES[g] for g, _ in items)
    # best[s] = counts per item (a tuple) reaching exactly s; built from the most expensive
    # item down, so a later (cheaper) item overwrites ties and cheap cards are preferred.
    best: dict[int, tuple[int, ...]] = {0: (0,) * len(items)}
    for index in reversed(range(len(items))):
        good, available = items[index]
        worth = VALUES[good]
        for s, combo in sorted(best.items()):
            for k in range(1, available + 1):
                t = s + k * worth
                if t > limit:
                    break
                candidate = combo[:index] + (k,) + combo[index + 1 :]
                if t not in best or candidate > best[t]:
                    best[t] = candidate
    reach = min(s for s in best if s >= target)
    return {items[i][0]: k for i, k in enumerate(best[reach]) if k}


__all__ = [
    "MIN_BAG",
    "MAX_BAG",
    "check_bag",
    "check_declaration",
    "Inspection",
    "inspect_bag",
    "open_bag",
    "Payment",
    "pay_debt",
    "debt_payment",
]
