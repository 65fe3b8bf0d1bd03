"""Phase 1, Market (rules reference, section Market): the sheriff picks who starts (2nd edition), then each merchant in
turn sets aside 0-5 cards and draws back up to a full hand.

1st edition: draws may come from the tops of the two face-up discard piles, all before any deck draw, and the
set-aside cards go onto one pile.  2nd edition: draws come from the deck; the set-aside cards lie face up and join
the discard pile after the last merchant's turn.
"""

from __future__ import annotations

from typing import Any

from ..actions import DECK, ChooseFirstMerchant, Market
from ..cards import IDS, INDEX
from ..errors import MarketError, NotInHandError, NotYourTurnError, Phrase
from ..setup import draw
from ..state import GameState, Phase, seat_name
from .common import counts_of, goods_text, missing_from, require_seat, require_sheriff

PHASE = Phase.MARKET
CHOOSING = Phrase("choose who starts the Market")
"""What only the sheriff may do, in rule messages (made once: a check runs every move)."""
PILE_NAMES = ("left", "right")
MAX_SET_ASIDE = 5


def check(state: GameState, action: ChooseFirstMerchant | Market) -> None:
    """Raise the RuleError ``action`` breaks, if any."""
    if isinstance(action, Market):
        _check_market(state, action)
    else:
        _check_choose_first_merchant(state, action)


def apply(state: GameState, action: ChooseFirstMerchant | Market) -> dict[str, Any]:
    """Make a checked ``action`` and record its event."""
    event = _apply_market(state, action) if isinstance(action, Market) else _apply_choose_first_merchant(state, action)
    state.events.append(event)
    return event


def _check_choose_first_merchant(state: GameState, action: ChooseFirstMerchant) -> None:
    if state.options.edition == 1:
        raise MarketError("in the 1st edition the Market starts at the sheriff's left; nobody chooses")
    require_sheriff(state, action.player, CHOOSING)
    require_seat(state, action.merchant, "merchant")
    if state.queue:
        raise MarketError("the first merchant has already been chosen this round")
    if action.merchant not in state.merchants:
        raise NotYourTurnError(
            "the Market starts with a merchant; {merchant} is not one", merchant=seat_name(state, action.merchant)
        )


def _apply_choose_first_merchant(state: GameState, action: ChooseFirstMerchant) -> dict[str, Any]:
    merchants = state.merchants
    start = merchants.index(action.merchant)
    state.queue = merchants[start:] + merchants[:start]
    return {"kind": "choose_first_merchant", "round": state.round, "player": action.player, "merchant": action.merchant}


def _check_market(state: GameState, action: Market) -> None:
    queue = state.queue
    if not queue:
        raise NotYourTurnError(
            "the sheriff ({sheriff}) first chooses who starts the Market", sheriff=seat_name(state, state.sheriff)
        )
    player = action.player
    if player != queue[0]:
        raise NotYourTurnError("the Market goes clockwise: it is {player}'s turn", player=seat_name(state, queue[0]))
    aside = action.set_aside
    if len(aside) > MAX_SET_ASIDE:
        raise MarketError("a merchant sets aside 0 to 5 cards in the Market; not {aside}", aside=len(aside))
    hand = state.hands[player]
    if aside:
        left = hand.copy()
        for good in aside:
            number = INDEX[good]
            left[number] -= 1
            if left[number] < 0:
                raise NotInHandError(
                    "{player} does not hold {missing_from} in hand",
                    player=seat_name(state, player),
                    missing_from=goods_text(missing_from(counts_of(aside), hand)),
                )
    options = state.options
    draws = action.draws
    need = options.hand_size - (sum(hand) - len(aside))
    if len(draws) > need:
        raise MarketError(
            "you draw back up to {hand_size} cards: {need} draws, not {draws}",
            hand_size=options.hand_size,
            need=need,
            draws=len(draws),
        )
    if options.edition == 2:
        if action.onto != 0 or any(source != DECK for source in draws):
            raise MarketError(
                "in the 2nd edition Market you draw only from the deck; set-aside cards go face "
                "up and join the discard pile after every merchant's turn"
            )
        return
    if action.onto not in (0, 1):
        raise MarketError("there are two discard piles, 0 (left) and 1 (right); not {onto!r}", onto=action.onto)
    taken = [0, 0]
    for index, source in enumerate(draws):
        if source == DECK:
            continue
        if source not in (0, 1):
            raise MarketError("draw from the deck or discard pile 0 (left) or 1 (right); not {source!r}", source=source)
        if DECK in draws[:index]:
            raise MarketError(
                "every discard-pile draw must come before any draw from the deck; after a deck "
                "draw you may no longer take from a discard pile"
            )
        taken[source] += 1
        if taken[source] > len(state.discards[source]):
            raise MarketError(
                "the {source} discard pile holds only {discards} cards",
                source=PILE_NAMES[source],
                discards=len(state.discards[source]),
            )


def _apply_market(state: GameState, action: Market) -> dict[str, Any]:
    hand = state.hands[action.player]
    aside = [INDEX[g] for g in action.set_aside]
    for card in aside:
        hand[card] -= 1
    from_piles = [state.discards[source].pop() for source in action.draws if isinstance(source, int)]  # not DECK
    for card in from_piles:
        hand[card] += 1
    need = state.options.hand_size - sum(hand)
    for card in draw(state, need):
        hand[card] += 1
    if state.options.edition == 1:
        state.discards[action.onto].extend(aside)
    else:
        state.set_aside.extend(aside)
    queue = state.queue
    queue.pop(0)
    if not queue:
        if state.options.edition == 2:
            state.discards[0].extend(sorted(state.set_aside))  # card numbers sort in rulebook order
            state.set_aside = []
        state.phase = Phase.LOAD
    return {
        "kind": "market",
        "round": state.round,
        "player": action.player,
        "set_aside": list(action.set_aside),
        "from_piles": [IDS[c] for c in from_piles],
        "from_deck": need,
        "onto": action.onto,
    }


__all__ = ["PHASE", "check", "apply"]
