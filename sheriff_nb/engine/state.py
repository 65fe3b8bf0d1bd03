"""The whole state of a game in one dataclass: :class:`GameState`, the single list of fields that the save file,
the player views and the one-line notation read.

Goods are small ints (their place in rulebook order, :data:`~sheriff_nb.engine.cards.IDS`); a hand, bag, stand or
the Booty is a list of 15 counts; the deck and the discard piles are lists of card numbers, top card last.  The
phase modules (:mod:`sheriff_nb.engine.phases`) change a state; :class:`~sheriff_nb.engine.game.Game` is the front
that players and programs use.

>>> from sheriff_nb.engine.setup import new_state
>>> state = new_state(RuleOptions(players=3), seed=1, first_sheriff=0)
>>> state.phase, state.sheriff, state.merchants, sum(state.hands[1])
(<Phase.MARKET: 'market'>, 0, [1, 2], 6)
"""

from __future__ import annotations

from dataclasses import dataclass, field, fields
from enum import StrEnum
from typing import Any

from .actions import Action, Offer
from .options import START_GOLD, RuleOptions

PILE_SIZE = 5
"""1st edition: each discard pile starts with 5 cards, and the top 5 stay when the deck is rebuilt."""
STAT_NAMES = (
    "bags_passed",
    "bags_inspected",
    "caught",
    "bribes_paid",
    "bribes_received",
    "gold_bribes_paid",
    "gold_bribes_received",
)
"""What each seat's ``stats`` counts (the simulation's columns)."""


class Phase(StrEnum):
    """The phases of a round (End of round happens at once after the last bag)."""

    MARKET = "market"
    LOAD = "load"
    DECLARATION = "declaration"
    INSPECTION = "inspection"
    OVER = "over"

    @property
    def title(self) -> str:  # type: ignore[override]  # the phase's name, not str.title()
        """The rulebook name, e.g. "phase 2, Load the bag"."""
        return PHASE_TITLES[self]


PHASE_TITLES = {
    Phase.MARKET: "phase 1, Market",
    Phase.LOAD: "phase 2, Load the bag",
    Phase.DECLARATION: "phase 3, Declaration",
    Phase.INSPECTION: "phase 4, Inspection",
    Phase.OVER: "the end of the game",
}
BOOTY = "booty"
"""Six players: the Booty tile, where goods and gold go when both deputies handle a bag together."""


@dataclass(slots=True, eq=False)
class GameState:
    """Everything about one game.  Seats are ``0 … players-1``; clockwise is the next seat up.

    Fields marked *derived* follow from the others (the notation does not write them); every other field is the
    position.  ``history`` and ``events`` are the record of how the game got here.
    """

    # setup, fixed for the whole game
    options: RuleOptions
    seed: int | str
    names: list[str]
    deck_size: int  # derived: every goods card of this setup
    # the table
    round: int = 0
    phase: Phase = Phase.MARKET
    sheriff: int = 0  # the sheriff, or with six players the lead deputy (seated first clockwise from seat 0)
    officials: list[int] = field(default_factory=list)  # the sheriff, or the two deputies
    merchants: list[int] = field(default_factory=list)  # derived: clockwise from the sheriff's left
    gold: list[int] = field(default_factory=list)
    hands: list[list[int]] = field(default_factory=list)
    bags: list[list[int] | None] = field(default_factory=list)  # None: not loaded (or handed back)
    declarations: list[tuple[int, int] | None] = field(default_factory=list)  # (good number, count)
    debt_goods: list[tuple[int, ...]] = field(default_factory=list)  # each seat's choice of goods for a debt
    stands: list[list[int]] = field(default_factory=list)
    deck: list[int] = field(default_factory=list)  # the draw pile, top card last
    discards: list[list[int]] = field(default_factory=list)  # 1 pile (2nd edition) or 2 (left, right)
    set_aside: list[int] = field(default_factory=list)  # 2nd edition: this Market's face-up cards, in order
    removed: list[int] = field(default_factory=list)  # counts: the optional rule's 10 cards out of play
    reshuffles: int = 0
    queue: list[int] = field(default_factory=list)  # Market / Declaration: the merchants still to act, in order
    # phase 4, Inspection
    pending: list[int] = field(default_factory=list)  # bags not yet handled, in declaration order
    in_hand: int | None = None  # the bag the officials have picked up
    handlers: dict[int, list[int]] = field(default_factory=dict)  # the officials handling each pending bag
    outcomes: dict[int, str] = field(default_factory=dict)  # each handled bag: "pass" or "inspect"
    offers: dict[int, Offer] = field(default_factory=dict)  # the open offer paid by each merchant
    accepted: dict[int, list[int]] = field(default_factory=dict)  # who has agreed to that open offer
    table: dict[int, Offer] = field(default_factory=dict)  # each merchant's own last offer for a pass
    deals: dict[int, Offer] = field(default_factory=dict)  # agreed deals that buy a pass
    parties: dict[int, list[int]] = field(default_factory=dict)  # the officials bound by each of those deals
    side_deals: list[tuple[Offer, list[int]]] = field(default_factory=list)  # agreed deals that buy no pass
    votes: dict[int, dict[int, str]] = field(default_factory=dict)  # six players: each deputy's decision
    confiscated: list[int] = field(default_factory=list)  # 1st edition: opened cards waiting for a pile
    booty_gold: int = 0
    booty: list[int] = field(default_factory=list)  # counts
    booty_choices: dict[int, int | None] = field(default_factory=dict)
    claims_done: list[int] = field(default_factory=list)  # Black Market: who claimed or declined this round
    # modules and bookkeeping
    black_market: dict[str, list[int]] = field(default_factory=dict)  # each pile's card values, top last
    claimed: list[list[tuple[str, int]]] = field(default_factory=list)  # Black Market cards: (good, value)
    deputy_deck: list[int] = field(default_factory=list)
    deputy_shuffles: int = 0
    bank: int = 0  # six players: odd Booty coins discarded to the bank
    stats: list[dict[str, int]] = field(default_factory=list)
    # the record
    history: list[Action] = field(default_factory=list)
    events: list[dict[str, Any]] = field(default_factory=list[Any])


DERIVED = ("deck_size", "merchants")
"""Fields computed from the others."""
RECORD = ("history", "events")
"""Fields that record how the game got here rather than where it is."""
POSITION = tuple(f.name for f in fields(GameState) if f.name not in DERIVED + RECORD)
"""The fields of a position, in order: what the notation writes and the save file checks."""


def seat_name(state: GameState, seat: object) -> str:
    """A seat's player name (or ``seat 7`` for a number that is no seat), for rule messages."""
    return state.names[seat] if type(seat) is int and 0 <= seat < len(state.names) else f"seat {seat!r}"


def merchants_of(players: int, sheriff: int, officials: list[int]) -> list[int]:
    """The merchants of a round: every seat but the officials, clockwise from the (lead) sheriff's left.

    >>> merchants_of(6, 1, [1, 4])
    [2, 3, 5, 0]
    """
    clockwise = ((sheriff + k) % players for k in range(1, players))
    return [seat for seat in clockwise if seat not in officials]


__all__ = [
    "GameState",
    "Phase",
    "PHASE_TITLES",
    "START_GOLD",
    "PILE_SIZE",
    "STAT_NAMES",
    "BOOTY",
    "DERIVED",
    "RECORD",
    "POSITION",
    "seat_name",
    "merchants_of",
]
