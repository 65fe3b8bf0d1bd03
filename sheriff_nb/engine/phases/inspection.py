"""Phase 4, Inspection (rules reference: Inspection, Six players, Rulings): the officials pick up the bags one at a time
and pass or inspect each; meanwhile anyone may talk (offers and deals: :mod:`.deals`); at the end come Black Market
claims and the Booty (:mod:`.inspection_end`), then the end of the round (:mod:`.round_end`).

Who decides about a bag: the sheriff; with six players both deputies, until they disagree, when the one who wants
to inspect handles the bag alone.  Debts are paid in gold, then in stand goods of the debtor's choice.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from ..actions import (
    Accept,
    Action,
    ClaimBlackMarket,
    DiscardConfiscated,
    Inspect,
    Offer,
    Pass,
    PassRemaining,
    PickUpBag,
    SplitBooty,
)
from ..cards import IDS, INDEX, IS_LEGAL, N_GOODS, goods_dict
from ..errors import InspectionError, NotYourTurnError, Phrase
from ..inspection import debt_payment, open_bag
from ..state import GameState, Phase, seat_name
from . import deals, inspection_end
from .common import counts_of, give, goods_text, officials_text, receiver, require_seat, require_sheriff, tally
from .round_end import end_round

PHASE = Phase.INSPECTION
PICKING_UP = Phrase("pick up the next bag")
"""What only the sheriff may do, in rule messages (made once: a check runs every move)."""


def check(state: GameState, action: Action) -> None:
    """Raise the RuleError ``action`` breaks, if any."""
    if state.confiscated and type(action) is not DiscardConfiscated:
        raise InspectionError(
            "first the sheriff ({sheriff}) puts the confiscated cards on a discard pile, in the order he chooses",
            sheriff=seat_name(state, state.sheriff),
        )
    CHECKS[type(action)](state, action)


def apply(state: GameState, action: Action) -> dict[str, Any]:
    """Make a checked ``action`` and record its event.  The round ends once every bag is handled and nobody is
    waited for."""
    event = CHANGES[type(action)](state, action)
    state.events.append(event)
    if not state.pending and not inspection_end.waiting_for(state):
        end_round(state)
    return event


# picking up a bag and deciding ----------------------------------------------------------------------------------


def require_pending(state: GameState, merchant: int) -> None:
    """``merchant``'s bag is still to be handled."""
    require_seat(state, merchant, "merchant")
    if merchant in state.officials:
        raise InspectionError(
            "{merchant} is {officials_text} this round and has no bag",
            merchant=seat_name(state, merchant),
            officials_text=officials_text(state),
        )
    if merchant not in state.pending:
        raise InspectionError(
            "the sheriff handles each bag once; {merchant}'s bag has already been handled",
            merchant=seat_name(state, merchant),
        )


def _one_at_a_time(state: GameState, merchant: int) -> None:
    if state.in_hand is not None and state.in_hand != merchant:
        raise InspectionError(
            "the sheriff handles one bag at a time: {in_hand}'s bag is in hand; it is passed or inspected first",
            in_hand=seat_name(state, state.in_hand),
        )


def check_pick_up_bag(state: GameState, action: PickUpBag) -> None:
    require_sheriff(state, action.player, PICKING_UP)
    require_pending(state, action.merchant)
    if state.in_hand == action.merchant:
        raise InspectionError("{merchant}'s bag is already in hand", merchant=seat_name(state, action.merchant))
    _one_at_a_time(state, action.merchant)


def apply_pick_up_bag(state: GameState, action: PickUpBag) -> dict[str, Any]:
    state.in_hand = action.merchant
    return {"kind": "pick_up_bag", "round": state.round, "player": action.player, "merchant": action.merchant}


def check_decision(state: GameState, action: Pass | Inspect) -> None:
    """Raise the RuleError a decision to pass or inspect breaks, if any."""
    decision = "pass" if type(action) is Pass else "inspect"
    m, player = action.merchant, action.player
    if player not in state.officials:
        raise NotYourTurnError(
            "only {officials_text} may {decision} a bag", officials_text=officials_text(state), decision=decision
        )
    require_pending(state, m)
    _one_at_a_time(state, m)
    if player not in state.handlers[m]:
        raise NotYourTurnError(
            "the deputies disagreed about {merchant}'s bag, so {handlers} handles it alone",
            merchant=seat_name(state, m),
            handlers=seat_name(state, state.handlers[m][0]),
        )
    if player in state.votes.get(m, ()):
        raise InspectionError(
            "{player} has already decided about {merchant}'s bag; the decision is final",
            player=seat_name(state, player),
            merchant=seat_name(state, m),
        )
    if state.deals or state.side_deals:
        must = deals.bindings(state, player).get(m)
        if must and must != decision:
            raise InspectionError(
                "the sheriff agreed in a deal to {must} {merchant}'s bag this round; that promise is binding",
                must=must,
                merchant=seat_name(state, m),
            )
    for payer, offer in state.offers.items():  # six players: accepting is a decision too, and it is final
        agreed = deals.terms(offer).get(m)
        if player in state.accepted[payer] and player != offer.player and agreed not in (None, decision):
            raise InspectionError(
                "{player} accepted {payer}'s offer, which says to {agreed} {merchant}'s bag; an "
                "official's decision is final",
                player=seat_name(state, player),
                payer=seat_name(state, payer),
                agreed=agreed,
                merchant=seat_name(state, m),
            )


def apply_pass(state: GameState, action: Pass) -> dict[str, Any]:
    return _decide(state, action, "pass")


def apply_inspect(state: GameState, action: Inspect) -> dict[str, Any]:
    state.debt_goods[action.player] = tuple(INDEX[g] for g in action.pay_with) if action.pay_with else ()
    return _decide(state, action, "inspect")


def _decide(state: GameState, action: Pass | Inspect, decision: str) -> dict[str, Any]:
    m = action.merchant
    state.in_hand = m  # deciding about a bag picks it up
    group = state.handlers[m]
    if len(group) == 1:
        return pass_bag(state, m) if decision == "pass" else inspect_bag(state, m)
    votes = state.votes.setdefault(m, {})
    votes[action.player] = decision
    if len(votes) < len(group):
        return {"kind": "vote", "round": state.round, "player": action.player, "merchant": m, "vote": decision}
    del state.votes[m]
    if len(set(votes.values())) == 1:
        return pass_bag(state, m) if decision == "pass" else inspect_bag(state, m)
    inspector = next(s for s, v in votes.items() if v == "inspect")
    state.handlers[m] = [inspector]  # the talks about this bag start again with the inspector alone
    state.table.pop(m, None)
    for payer, offer in list(state.offers.items()):
        if m in deals.terms(offer):
            deals.drop_offer(state, payer)
    return {
        "kind": "split_decision",
        "round": state.round,
        "player": action.player,
        "merchant": m,
        "handler": inspector,
    }


def pass_bag(state: GameState, m: int, pay_bribe: bool = True) -> dict[str, Any]:
    """Hand ``m``'s bag back unopened: the agreed bribe (or the bribe on the table) is paid, the legal cards go
    face up onto the stand and the rest face down."""
    group = state.handlers[m]
    bag = state.bags[m]
    assert bag is not None  # a bag waiting for the sheriff is loaded
    deal, on_table = state.deals.get(m), False
    if not pay_bribe:
        state.deals.pop(m, None)  # time is up: no bribe is paid and the deal lapses
        deal = None
    elif deal is None:
        deal = deals.on_the_table(state, m) if m in state.table else None
        if deal is not None:  # handing the bag back takes the bribe on the table: a deal, binding terms and all
            on_table = True
            state.deals[m], state.parties[m] = deal, list(group)
    if deal is not None:
        bribe, bag = deals.pay(state, m, deal, state.parties[m], bag)
    else:
        bribe = {"from": m, "to": None, "parties": [], "gold": 0, "stand": {}, "bag": {}, "missing": {}, "shown": False}
    bribe["on_the_table"] = on_table
    stand = state.stands[m]
    legal = {}
    face_down = 0
    for i in range(N_GOODS):
        n = bag[i]
        if n:
            stand[i] += n
            if IS_LEGAL[i]:
                legal[IDS[i]] = n
            else:
                face_down += n
    state.stats[m]["bags_passed"] += 1
    event = {
        "kind": "pass",
        "round": state.round,
        "player": group[0],
        "officials": list(group),
        "merchant": m,
        "legal": legal,
        "contraband": face_down,
        "bribe": bribe,
    }
    _bag_done(state, m, "pass")
    return event


def inspect_bag(state: GameState, m: int) -> dict[str, Any]:
    """Open ``m``'s bag: an honest bag earns its penalties from the officials; a lie keeps only the declared
    cards, the rest is confiscated and the merchant pays their penalties."""
    group = state.handlers[m]
    declared, bag = state.declarations[m], state.bags[m]
    assert declared is not None and bag is not None  # a bag waiting for the sheriff is loaded and declared
    good, count = declared
    honest, confiscated, fine = open_bag(bag, good)
    state.deals.pop(m, None)
    state.stands[m][good] += bag[good]
    cards = [i for i in range(N_GOODS) if confiscated[i] for _ in range(confiscated[i])]  # rulebook order
    if state.options.edition == 1:
        state.confiscated = cards  # the sheriff stacks them in the order he chooses (DiscardConfiscated)
    else:
        state.discards[0].extend(cards)
    if fine >= 0:
        payments = [settle(state, m, receiver(group), fine)]
    else:  # an honest bag: the officials share the penalty (six players: half each, always whole)
        share = -fine // len(group)
        payments = [settle(state, official, m, share) for official in group]
    stats = state.stats[m]
    stats["bags_inspected"] += 1
    stats["caught"] += not honest
    event = {
        "kind": "inspect",
        "round": state.round,
        "player": group[0],
        "officials": list(group),
        "merchant": m,
        "declared": [IDS[good], count],
        "bag": goods_dict(bag),
        "honest": honest,
        "to_stand": {IDS[good]: bag[good]} if bag[good] else {},
        "confiscated": goods_dict(confiscated),
        "gold_to_sheriff": fine,
        "payment": payments[0],
        "payments": payments,
    }
    _bag_done(state, m, "inspect")
    return event


def settle(state: GameState, debtor: int, creditor: int | str, owed: int) -> dict[str, Any]:
    """Pay a debt with gold, then stand goods of the debtor's choice (``debt_goods``, else the least overpay);
    the rest is forgiven (rules reference, ruling debts)."""
    if owed <= state.gold[debtor]:
        paid, goods, forgiven = owed, None, 0
    else:
        paid, goods, forgiven = debt_payment(owed, state.gold[debtor], state.stands[debtor], state.debt_goods[debtor])
        stand = state.stands[debtor]
        for i, n in enumerate(goods):
            stand[i] -= n
    state.gold[debtor] -= paid
    give(state, creditor, paid, goods or ())
    return {
        "from": debtor,
        "to": creditor,
        "owed": owed,
        "gold": paid,
        "goods": goods_dict(goods) if goods else {},
        "forgiven": forgiven,
    }


def _bag_done(state: GameState, merchant: int, outcome: str) -> None:
    state.pending.remove(merchant)
    state.outcomes[merchant] = outcome
    state.bags[merchant] = None
    if state.in_hand == merchant:
        state.in_hand = None
    state.table.pop(merchant, None)
    offers = state.offers
    if offers:
        if merchant in offers and offers[merchant].buys_pass:
            deals.drop_offer(state, merchant)
        # an offer whose term this decision broke can no longer be agreed: it lapses
        for payer, offer in list(offers.items()):
            if deals.terms(offer).get(merchant, outcome) != outcome:
                deals.drop_offer(state, payer)
    for payer, offer in list(state.table.items()):
        if deals.terms(offer).get(merchant, outcome) != outcome:
            del state.table[payer]


# the 1st-edition discard, and time running out ------------------------------------------------------------------


def check_discard_confiscated(state: GameState, action: DiscardConfiscated) -> None:
    if not state.confiscated:
        raise InspectionError("there are no confiscated cards waiting to be put on a discard pile")
    if action.player != state.sheriff:
        raise NotYourTurnError(
            "the sheriff ({sheriff}) puts the confiscated cards on a discard pile",
            sheriff=seat_name(state, state.sheriff),
        )
    if action.pile not in (0, 1):
        raise InspectionError(
            "confiscated cards go onto discard pile 0 (left) or 1 (right); not {pile!r}", pile=action.pile
        )
    if action.order and counts_of(action.order) != tally(state.confiscated):
        raise InspectionError(
            "the order lists the confiscated cards, each once: {tally}", tally=goods_text(tally(state.confiscated))
        )


def apply_discard_confiscated(state: GameState, action: DiscardConfiscated) -> dict[str, Any]:
    cards = [INDEX[g] for g in action.order] if action.order else list(state.confiscated)
    state.discards[action.pile].extend(cards)  # the last card ends on top
    state.confiscated = []
    return {
        "kind": "discard_confiscated",
        "round": state.round,
        "player": action.player,
        "pile": action.pile,
        "cards": [IDS[c] for c in cards],
    }


def check_pass_remaining(state: GameState, action: PassRemaining) -> None:
    if action.player != state.sheriff:
        raise NotYourTurnError("only {officials_text} may call time", officials_text=officials_text(state))
    if not state.options.time_limit:
        raise InspectionError(
            "passing every remaining bag at once is the optional time-limit rule, which is not in play"
        )
    if not state.pending:
        raise InspectionError("every bag has already been handled")


def apply_pass_remaining(state: GameState, action: PassRemaining) -> dict[str, Any]:
    """Time is up: every bag not yet handled passes with no bribe (its deal lapses unpaid), except that a
    binding "inspect" term already paid for is kept: those bags are opened first (rules reference, ruling
    time-limit-deals)."""
    for m in state.pending:
        state.deals.pop(m, None)
    bound = deals.bindings(state)
    inspections = [inspect_bag(state, m) for m in list(state.pending) if bound.get(m) == "inspect"]
    passes = [pass_bag(state, m, pay_bribe=False) for m in list(state.pending)]
    return {
        "kind": "pass_remaining",
        "round": state.round,
        "player": action.player,
        "passes": passes,
        "inspections": inspections,
    }


CHECKS: dict[type[Action], Callable[[GameState, Any], None]] = {
    Offer: deals.check_offer,
    Accept: deals.check_accept,
    PickUpBag: check_pick_up_bag,
    Pass: check_decision,
    Inspect: check_decision,
    DiscardConfiscated: check_discard_confiscated,
    PassRemaining: check_pass_remaining,
    SplitBooty: inspection_end.check_split_booty,
    ClaimBlackMarket: inspection_end.check_claim_black_market,
}
"""The rule check for each action of the Inspection phase."""
CHANGES: dict[type[Action], Callable[[GameState, Any], dict[str, Any]]] = {
    Offer: deals.apply_offer,
    Accept: deals.apply_accept,
    PickUpBag: apply_pick_up_bag,
    Pass: apply_pass,
    Inspect: apply_inspect,
    DiscardConfiscated: apply_discard_confiscated,
    PassRemaining: apply_pass_remaining,
    SplitBooty: inspection_end.apply_split_booty,
    ClaimBlackMarket: inspection_end.apply_claim_black_market,
}
"""What each action of the Inspection phase changes."""
__all__ = [
    "PHASE",
    "check",
    "apply",
    "require_pending",
    "check_decision",
    "pass_bag",
    "inspect_bag",
    "settle",
    "CHECKS",
    "CHANGES",
]
