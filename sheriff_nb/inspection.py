"""Pure rule functions of the Load, Declaration and Inspection phases (RULES.md §3).

>>> result = inspect_bag({"apples": 1, "cheese": 1, "mead": 2}, declared="apples")
>>> result.honest, dict(result.to_stand), dict(result.confiscated), result.gold_to_sheriff
(False, {'apples': 1}, {'cheese': 1, 'mead': 2}, 10)
>>> inspect_bag(["chickens"] * 4, declared="chicken").gold_to_sheriff
-8
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable, Mapping
from dataclasses import dataclass

from .cards import GOODS, LEGAL, card, cards, penalty
from .rules import BagSizeError, DeclarationError

MIN_BAG, MAX_BAG = 1, 5


def check_bag(bag: Mapping[str, int]) -> None:
    """Raise :class:`BagSizeError` unless the bag holds 1 to 5 cards.

    >>> check_bag({"apples": 6})
    Traceback (most recent call last):
    ...
    sheriff_nb.rules.BagSizeError: a bag holds 1 to 5 cards; this one holds 6
    """
    size = sum(bag.values())
    if not MIN_BAG <= size <= MAX_BAG:
        raise BagSizeError("a bag holds {min_bag} to {max_bag} cards; this one holds {size}", min_bag=MIN_BAG,
                           max_bag=MAX_BAG, size=size)


def check_declaration(declared: str, count: int, bag_size: int) -> str:
    """Check a declaration and return the declared card id.

    A declaration names exactly one legal good and the true number of cards in the bag; the
    declared good need not be in the bag.

    >>> check_declaration("Cheese", 3, 3)
    'cheese'
    >>> check_declaration("silk", 4, 4)
    Traceback (most recent call last):
    ...
    sheriff_nb.rules.DeclarationError: only legal goods (Apples, ...) may be declared; Silk is contraband
    >>> check_declaration(["Chickens", "Bread"], 4, 4)
    Traceback (most recent call last):
    ...
    sheriff_nb.rules.DeclarationError: declare exactly one legal good, not Chickens and Bread; mixed ... not allowed
    >>> check_declaration("chickens", 3, 4)
    Traceback (most recent call last):
    ...
    sheriff_nb.rules.DeclarationError: the declared count must be the true number of cards in the bag: 4, not 3
    """
    if not isinstance(declared, str):
        names = " and ".join(str(d) for d in declared) if isinstance(declared, (list, tuple)) else repr(declared)
        raise DeclarationError("declare exactly one legal good, not {names}; mixed declarations are not allowed",
                               names=names)
    good = card(declared)
    if good.kind != LEGAL:
        legal = ", ".join(g.name for g in GOODS.values() if g.kind == LEGAL)
        raise DeclarationError("only legal goods ({legal}) may be declared; {good} is {kind}", legal=legal,
                               good=good.name, kind=good.kind)
    if isinstance(count, bool) or not isinstance(count, int) or count != bag_size:
        raise DeclarationError(
            "the declared count must be the true number of cards in the bag: {bag_size}, not {count}",
            bag_size=bag_size, count=count
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
    to_stand: Counter
    confiscated: Counter
    gold_to_sheriff: int


def inspect_bag(bag: Iterable[str] | Mapping[str, int], declared: str, count: int | None = None) -> Inspection:
    """Open a bag declared as ``count`` × ``declared`` (count defaults to the bag's size).

    Honest bag: the sheriff pays the merchant the penalties of all its cards. Otherwise the
    declared goods reach the stand, everything else is confiscated and the merchant pays its
    penalties (rulebook examples 1 and 2, RULES.md §6).

    >>> inspect_bag(["chickens", "chickens", "bread", "silk"], "chickens").gold_to_sheriff
    6
    >>> inspect_bag(["apples"] * 3, "apples", count=4)
    Traceback (most recent call last):
    ...
    sheriff_nb.rules.DeclarationError: the declared count must be the true number of cards in the bag: 3, not 4
    """
    bag = cards(bag)
    check_bag(bag)
    size = sum(bag.values())
    declared = check_declaration(declared, size if count is None else count, size)
    kept = Counter({declared: bag[declared]}) if bag[declared] else Counter()
    confiscated = Counter({g: n for g, n in bag.items() if g != declared})
    if not confiscated:
        return Inspection(True, kept, Counter(), -penalty(bag))
    return Inspection(False, kept, confiscated, penalty(confiscated))


@dataclass(frozen=True)
class Payment:
    """How a debt was paid: gold, then stand goods; the rest is forgiven (RULES.md §9)."""

    gold: int
    goods: Counter
    forgiven: int


def pay_debt(owed: int, gold: int, stand: Mapping[str, int], choice: Iterable[str] = ()) -> Payment:
    """Settle a debt of ``owed`` gold by a player holding ``gold`` and ``stand``.

    All gold first; then legal stand goods, then contraband (royal goods count as contraband), worth at
    least what is still owed, with no change given; whatever the whole stand cannot cover is forgiven.
    The debtor chooses the goods (RULES.md §9): ``choice`` lists them in the order the debtor hands them
    over, and they are taken in that order until the debt is covered (contraband only once every legal
    good is given, as the rules say; named goods the stand does not hold are skipped).  Without a choice,
    or for what it leaves uncovered, the goods are the ones that overpay least; ties take the cheapest
    cards first.

    >>> pay_debt(3, 0, {"chickens": 1})           # rulebook example 10
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
    paid_gold = min(owed, max(gold, 0))
    remaining = owed - paid_gold
    goods: Counter = Counter()
    stand = Counter({g: n for g, n in stand.items() if n > 0})
    legal = Counter({g: n for g, n in stand.items() if GOODS[g].kind == LEGAL})
    choice = list(choice)
    for group in (legal, stand - legal):
        if remaining <= 0:
            break
        chosen = _chosen(remaining, group, choice)
        goods += chosen
        remaining -= sum(GOODS[g].value * n for g, n in chosen.items())
    return Payment(paid_gold, goods, max(remaining, 0))


def _chosen(target: int, group: Counter, choice: list[str]) -> Counter:
    """Cards of ``group`` worth at least ``target``: those named in ``choice``, in order, until covered; then
    the least overpay for the rest (all of the group if it is worth less)."""
    taken: Counter = Counter()
    worth = 0
    for good in choice:
        if worth >= target:
            break
        if taken[good] < group[good]:
            taken[good] += 1
            worth += GOODS[good].value
    if worth < target and group - taken:
        taken += _least_overpay(target - worth, group - taken)
    return taken


def _least_overpay(target: int, group: Counter) -> Counter:
    """Cards of ``group`` worth at least ``target`` with the smallest total value (all of
    them if the group is worth less). Ties: the most cheap cards."""
    items = sorted(group.items(), key=lambda kv: (GOODS[kv[0]].value, kv[0]))
    total = sum(GOODS[g].value * n for g, n in items)
    if total <= target:
        return Counter(dict(items))
    limit = target + max(GOODS[g].value for g, _ in items)
    # best[s] = counts per item (a tuple) reaching exactly s; built from the most expensive
    # item down, so a later (cheaper) item overwrites ties and cheap cards are preferred.
    best: dict[int, tuple[int, ...]] = {0: (0,) * len(items)}
    for index in reversed(range(len(items))):
        good, available = items[index]
        worth = GOODS[good].value
        for s, combo in sorted(best.items()):
            for k in range(1, available + 1):
                t = s + k * worth
                if t > limit:
                    break
                candidate = combo[:index] + (k,) + combo[index + 1 :]
                if t not in best or candidate > best[t]:
                    best[t] = candidate
    reach = min(s for s in best if s >= target)
    return Counter({items[i][0]: k for i, k in enumerate(best[reach]) if k})
