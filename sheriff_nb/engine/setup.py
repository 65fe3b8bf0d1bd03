"""Setting up a game, starting a round, and drawing cards (rules reference: Setup, End of round, Six players).

Every random choice comes from a ``random.Random`` seeded with the game's seed and what is being drawn, so the same
seed always deals the same game:

>>> state = new_state(RuleOptions(players=4, edition=1), seed=9)
>>> [len(p) for p in state.discards], len(state.deck), state.queue == state.merchants
([5, 5], 170, True)
"""

from __future__ import annotations

import random
from typing import Any

from .cards import GOODS, N_GOODS, deck
from .options import RuleOptions
from .state import PILE_SIZE, START_GOLD, STAT_NAMES, GameState, Phase, merchants_of


def shuffled(cards: list[Any], seed: int | str, what: str) -> None:
    """Shuffle ``cards`` in place with the game's random numbers for ``what`` ("setup", "reshuffle 2", ...).

    The permutation is exactly ``random.Random(f"{seed}:{what}").shuffle(cards)`` (the same Fisher-Yates draws,
    checked by a test), written out so that no Python call is made per card.

    >>> cards = list(range(10)); shuffled(cards, 1, "test"); other = list(range(10))
    >>> random.Random("1:test").shuffle(other); cards == other
    True
    """
    getrandbits = random.Random(f"{seed}:{what}").getrandbits
    steps = _STEPS.get(len(cards)) or _steps(len(cards))
    for i, n, k in steps:
        j = getrandbits(k)
        while j >= n:
            j = getrandbits(k)
        cards[i], cards[j] = cards[j], cards[i]


_STEPS: dict[int, tuple[tuple[int, int, int], ...]] = {}
"""The steps of :func:`shuffled` for each length: the place ``i`` filled, the ``n = i + 1`` cards it is drawn from,
and the bits ``k`` a draw below ``n`` takes."""


def _steps(length: int) -> tuple[tuple[int, int, int], ...]:
    """:data:`_STEPS` for ``length`` cards, made once.

    >>> _steps(4)
    ((3, 4, 3), (2, 3, 2), (1, 2, 2))
    """
    steps = _STEPS[length] = tuple((i, i + 1, (i + 1).bit_length()) for i in range(length - 1, 0, -1))
    return steps


_PILES: dict[tuple[Any, ...], tuple[int, ...]] = {}
"""The unshuffled deck of each setup (card numbers, rulebook order)."""


def _pile(options: RuleOptions) -> list[int]:
    key = (options.edition, options.players, options.royal, options.four_plus_removed)
    pile = _PILES.get(key)
    if pile is None:
        counts = deck(*key)
        pile = _PILES[key] = tuple(number for number, good in enumerate(GOODS) for _ in range(counts[good]))
    return list(pile)


def new_state(
    options: RuleOptions, seed: int | str = 0, first_sheriff: int | None = None, names: list[str] | None = None
) -> GameState:
    """The state at the start of the first round (options, seed, first sheriff and names already checked)."""
    n = options.players
    pile = _pile(options)
    state = GameState(
        options=options, seed=seed, names=list(names or [f"Player {i + 1}" for i in range(n)]), deck_size=len(pile)
    )
    shuffled(pile, seed, "setup")
    state.removed = [0] * N_GOODS
    for _ in range(options.remove_random):
        state.removed[pile.pop()] += 1
    state.deck = pile
    state.discards = [[], []] if options.edition == 1 else [[]]
    state.hands = [[0] * N_GOODS for _ in range(n)]
    for hand in state.hands:
        for card in pile[-options.hand_size :]:  # the deck holds enough for every setup
            hand[card] += 1
        del pile[-options.hand_size :]
    if options.edition == 1:
        for discard in state.discards:
            discard.extend(draw(state, PILE_SIZE))
    state.gold = [START_GOLD] * n
    state.stands = [[0] * N_GOODS for _ in range(n)]
    state.booty = [0] * N_GOODS
    state.black_market = {good: list(values) for good, values in options.black_market}
    state.claimed = [[] for _ in range(n)]
    state.stats = [dict.fromkeys(STAT_NAMES, 0) for _ in range(n)]
    if first_sheriff is None and not options.deputies:
        first_sheriff = random.Random(f"{seed}:first sheriff").randrange(n)
    state.sheriff = first_sheriff or 0
    start_round(state)
    return state


def start_round(state: GameState) -> None:
    """Phase 1 of a new round: the officials for the round, the merchants, empty bags."""
    n = state.options.players
    if state.options.deputies:
        if not state.deputy_deck:  # every player was deputy once: reshuffle the deputy cards
            state.deputy_shuffles += 1
            state.deputy_deck = list(range(n))
            shuffled(state.deputy_deck, state.seed, f"deputies {state.deputy_shuffles}")
        state.officials = sorted([state.deputy_deck.pop(), state.deputy_deck.pop()])
        state.sheriff = state.officials[0]
    else:
        state.officials = [state.sheriff]
    state.merchants = merchants_of(n, state.sheriff, state.officials)
    state.phase = Phase.MARKET
    state.bags = [None] * n
    state.declarations = [None] * n
    state.debt_goods = [()] * n
    reset_inspection(state)
    state.queue = list(state.merchants) if state.options.edition == 1 else []
    state.events.append(
        {"kind": "round_start", "round": state.round, "sheriff": state.sheriff, "officials": list(state.officials)}
    )


def reset_inspection(state: GameState) -> None:
    """Empty every Inspection field (the start and the end of a round)."""
    state.pending = []
    state.in_hand = None
    state.handlers = {}
    state.outcomes = {}
    state.offers = {}
    state.accepted = {}
    state.table = {}
    state.deals = {}
    state.parties = {}
    state.side_deals = []
    state.votes = {}
    state.confiscated = []
    state.booty_gold = 0
    state.booty = [0] * N_GOODS
    state.booty_choices = {}
    state.claims_done = []


def draw(state: GameState, count: int) -> list[int]:
    """Draw ``count`` cards from the deck, rebuilding it from the discards when it runs out (rules reference, section
    End of round); with both empty, the cards that exist (rules reference, ruling empty-deck)."""
    deck_ = state.deck
    if count <= len(deck_):
        if count <= 0:
            return []
        drawn = deck_[-count:]
        del deck_[-count:]
        drawn.reverse()  # the top card first
        return drawn
    drawn = []
    for _ in range(count):
        if not state.deck and not rebuild_deck(state):
            break
        drawn.append(state.deck.pop())
    return drawn


def rebuild_deck(state: GameState) -> bool:
    """A new deck from the discards: in the 1st edition all but the top 5 of each pile, in the 2nd the whole pile."""
    if state.options.edition == 1:
        rebuilt = [c for pile in state.discards for c in pile[:-PILE_SIZE]]
        state.discards = [pile[-PILE_SIZE:] for pile in state.discards]
    else:
        rebuilt, state.discards = state.discards[0], [[]]
    if not rebuilt:
        return False
    state.reshuffles += 1
    shuffled(rebuilt, state.seed, f"reshuffle {state.reshuffles}")
    state.deck = rebuilt
    state.events.append({"kind": "reshuffle", "cards": len(rebuilt)})
    return True


__all__ = ["new_state", "start_round", "reset_inspection", "draw", "rebuild_deck", "shuffled"]
