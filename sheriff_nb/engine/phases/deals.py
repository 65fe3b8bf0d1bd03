"""Phase 4, Inspection: offers and deals (rules reference: Inspection, Six players, Rulings).

A deal is paid by one merchant and made with the officials handling a bag.  It is agreed once the merchant and
every official concerned have accepted it (the one who proposed it counts as accepting).  A deal that buys the pass
of the merchant's own bag is paid when the bag passes; so is the merchant's last offer for that pass if the bag is
handed back without a "Deal!" (the bribe on the table).  A deal that buys no pass only binds the officials to
inspect or pass other bags this round, and is paid at once.
"""

from __future__ import annotations

from typing import Any

from ..actions import Accept, Offer
from ..cards import INDEX, IS_LEGAL, N_GOODS, goods_dict
from ..errors import BribeError, InspectionError, NotYourTurnError, RuleError
from ..state import GameState, seat_name
from .common import counts_of, give, goods_text, missing_from, officials_text, receiver, require_seat


def resolved(state: GameState, offer: Offer) -> Offer:
    """``offer`` with ``buys_pass`` decided: by default a deal buys a pass while the merchant's bag is pending."""
    if offer.buys_pass is not None:
        return offer
    return offer.with_buys_pass(offer.merchant in state.pending)


def terms(offer: Offer) -> dict[int, str]:
    """What a (resolved) deal binds its officials to: seat -> "pass" / "inspect"."""
    result = {offer.merchant: "pass"} if offer.buys_pass else {}
    for seat in offer.inspect:
        result[seat] = "inspect"
    for seat in offer.passes:
        result[seat] = "pass"
    return result


def deal_officials(state: GameState, offer: Offer) -> list[int]:
    """The officials an offer (as stored in ``offers``) is made with: those handling the merchant's bag for a deal
    that buys its pass, otherwise those handling the bags its terms name.  Deals are made only between a paying
    merchant and officials; merchants' promises to each other are table talk (rules reference, ruling
    merchant-deals)."""
    if offer.buys_pass:
        return list(state.handlers[offer.merchant])
    handlers = state.handlers
    return sorted({o for seat in (*offer.inspect, *offer.passes) for o in handlers.get(seat, ())})


def bindings(state: GameState, official: int | None = None, exclude: int | None = None) -> dict[int, str]:
    """Binding terms of the deals ``official`` (default: any official) agreed: seat -> "inspect"/"pass".

    A bag whose bribe was accepted must pass; the deal's own terms bind too.
    """
    result: dict[int, str] = {}
    for m, deal in state.deals.items():
        if m != exclude and (official is None or official in state.parties[m]):
            result.update(terms(deal))
    for deal, officials in state.side_deals:
        if official is None or official in officials:
            result.update(terms(deal))
    return result


def commitments(state: GameState, official: int) -> dict[int, str]:
    """What ``official`` has committed to this round: the binding terms of the deals they agreed, and of the open
    offers they accepted (six players: the other deputy may not have yet); seat -> "pass" / "inspect"."""
    result = bindings(state, official)
    for payer, offer in state.offers.items():
        if official in state.accepted[payer] and official != offer.player:
            result.update(terms(offer))
    return result


def drop_offer(state: GameState, payer: int) -> None:
    """The open offer paid by ``payer`` lapses."""
    state.offers.pop(payer, None)
    state.accepted.pop(payer, None)


# checks ----------------------------------------------------------------------------------------------------------


def check_offer(state: GameState, action: Offer) -> None:
    """Raise the RuleError an offer breaks, if any."""
    m = action.merchant
    require_seat(state, m, "merchant")
    for seat in action.inspect + action.passes:
        require_seat(state, seat, "inspect" if seat in action.inspect else "passes")
    if m not in state.merchants:
        raise InspectionError(
            "{merchant} is {officials_text} this round; only merchants pay for deals",
            merchant=seat_name(state, m),
            officials_text=officials_text(state),
        )
    offer = resolved(state, action)
    if offer.buys_pass and m not in state.pending:
        raise BribeError(
            "{merchant}'s bag has already been handled; a deal can now only pay for binding terms about "
            "other bags (buys_pass=False)",
            merchant=seat_name(state, m),
        )
    check_terms(state, offer, fresh=True)
    officials = deal_officials(state, offer)
    if action.player != m and action.player not in officials:
        raise NotYourTurnError(
            "a deal paid by {merchant} is made between {merchant} and {officials_text}; {player} is neither",
            merchant=seat_name(state, m),
            officials_text=officials_text(state, m if offer.buys_pass else None),
            player=seat_name(state, action.player),
        )
    check_payable(state, offer, action.player)
    if action.player in officials:  # proposing a deal is agreeing to it
        check_agreement(state, offer, action.player)


def check_terms(state: GameState, offer: Offer, fresh: bool = False) -> None:
    """A deal's binding terms name other bags, still to be handled (``fresh``: a new offer) or already handled
    as the term says; a deal that buys no pass must name one."""
    for seat in offer.inspect + offer.passes:
        wanted = "inspect" if seat in offer.inspect else "pass"
        still_open = seat in state.pending or (not fresh and state.outcomes.get(seat) == wanted)
        if seat == offer.merchant or not still_open:
            raise BribeError(
                "a deal may bind the sheriff only about other bags not yet handled; {seat}'s is not one",
                seat=seat_name(state, seat),
            )
    both = set(offer.inspect) & set(offer.passes)
    if both:
        raise BribeError(
            "a deal cannot make the sheriff both inspect and pass {player}", player=seat_name(state, min(both))
        )
    if not offer.buys_pass and not (offer.inspect or offer.passes):
        raise BribeError(
            "a deal that does not buy a pass of your own bag must bind the sheriff to inspect or pass another bag"
        )


def free_means(state: GameState, offer: Offer) -> tuple[int, list[int], int]:
    """The merchant's gold, legal stand goods (15 counts) and number of face-down stand cards not already promised
    for the pass of their bag (by an agreed deal, or else by the bribe on the table), which a deal that buys no pass
    may use.  Face-down cards count by number only: their types are the merchant's secret."""
    m = offer.merchant
    stand = state.stands[m]
    gold = state.gold[m]
    legal = [n if IS_LEGAL[i] else 0 for i, n in enumerate(stand)]
    face_down = sum(stand) - sum(legal)
    promised = state.deals.get(m) or state.table.get(m)
    if not offer.buys_pass and promised is not None and m in state.pending:
        gold -= promised.gold
        for good in promised.stand:
            i = INDEX[good]
            if IS_LEGAL[i]:
                legal[i] = max(legal[i] - 1, 0)
            else:
                face_down -= 1
    return gold, legal, max(face_down, 0)


def check_payable(state: GameState, offer: Offer, actor: int | None) -> None:
    """What ``offer`` asks of its merchant, judged only from what ``actor`` may see: gold and legal stand goods
    are public, face-down cards only as a count (their types are the merchant's secret: rules reference, section
    Inspection)."""
    m = offer.merchant
    if (
        not offer.stand
        and not offer.bag
        and (
            offer.gold <= state.gold[m]
            and (offer.buys_pass or m not in state.pending or not (state.deals.get(m) or state.table.get(m)))
        )
    ):
        return  # only gold the merchant has, and none of it promised for the pass of their bag
    name = seat_name(state, m)
    gold, legal_held, face_down = free_means(state, offer)
    if offer.gold > gold:
        promised = f", {state.gold[m] - gold} of it promised for the pass of their bag" if gold < state.gold[m] else ""
        raise BribeError(
            "a bribe can never be more gold than you own: {name} has {gold} gold{promised}, not {gold2}",
            name=name,
            gold=state.gold[m],
            promised=promised,
            gold2=offer.gold,
        )
    wanted = counts_of(offer.stand)
    legal = [n if IS_LEGAL[i] else 0 for i, n in enumerate(wanted)]
    absent = missing_from(legal, legal_held)
    if any(absent):
        raise BribeError(
            "a bribe may include goods from your stand, never cards from your hand; {absent} cannot come "
            "from {name}'s stand: they are not there",
            absent=goods_text(absent),
            name=name,
        )
    hidden = [w - g for w, g in zip(wanted, legal, strict=True)]
    if sum(hidden) > face_down:
        raise BribeError(
            "a bribe may include goods from your stand, never cards from your hand; {name}'s stand holds "
            "{face_down} face-down cards, so a bribe cannot promise {sum} of them",
            name=name,
            face_down=face_down,
            sum=sum(hidden),
        )
    if state.options.edition == 1 and actor == m:
        absent = missing_from(hidden, state.stands[m])
        if any(absent):
            raise BribeError(
                "in the 1st edition only goods promised from the bag may turn out not to be there; "
                "{absent} is not on your stand",
                absent=goods_text(absent),
            )
    if offer.bag and not offer.buys_pass:
        raise BribeError(
            "goods from the bag are handed over when the bag passes; a deal that buys no pass cannot include them"
        )
    declared = state.declarations[m]
    assert declared is not None  # deals are made on declared bags
    size = declared[1]
    if len(offer.bag) > size:
        raise BribeError(
            "{name}'s bag holds {size} cards; a bribe cannot promise {bag} cards from it",
            name=name,
            size=size,
            bag=len(offer.bag),
        )


def check_agreement(state: GameState, offer: Offer, official: int) -> None:
    """An official may agree to ``offer`` only if it keeps their decisions (final) and earlier deals."""
    agreed_terms = terms(offer)
    for seat, votes in state.votes.items():
        decided = votes.get(official)
        if decided is not None and agreed_terms.get(seat, decided) != decided:
            raise InspectionError(
                "{official} has already decided to {decided} {seat}'s bag; an official's decision is final",
                official=seat_name(state, official),
                decided=decided,
                seat=seat_name(state, seat),
            )
    for payer, other in state.offers.items():  # offers the official accepted are decisions too
        if other is not offer and official in state.accepted[payer] and official != other.player:
            for seat, agreed in terms(other).items():
                if agreed_terms.get(seat, agreed) != agreed:
                    raise InspectionError(
                        "{official} accepted {payer}'s offer, which says to {agreed} {seat}'s bag; "
                        "an official's decision is final",
                        official=seat_name(state, official),
                        payer=seat_name(state, payer),
                        agreed=agreed,
                        seat=seat_name(state, seat),
                    )
    exclude = offer.merchant if offer.buys_pass else None  # an agreed pass is replaced by the new one
    for seat, must in bindings(state, official, exclude=exclude).items():
        if agreed_terms.get(seat, must) != must:
            raise BribeError(
                "the sheriff already agreed to {must} {seat}'s bag; a deal that breaks it cannot be accepted",
                must=must,
                seat=seat_name(state, seat),
            )


def check_accept(state: GameState, action: Accept) -> None:
    """Raise the RuleError an acceptance breaks, if any."""
    m = action.merchant
    require_seat(state, m, "merchant")
    offer = state.offers.get(m)
    if offer is None:
        raise BribeError("there is no open offer paid by {merchant} to accept", merchant=seat_name(state, m))
    check_terms(state, offer)
    officials = deal_officials(state, offer)
    accepted = state.accepted[m]
    waiting = [s for s in (m, *officials) if s not in accepted]
    if action.player not in waiting:
        names = " or ".join(seat_name(state, s) for s in waiting)
        raise NotYourTurnError(
            "only {names} can accept {player}'s offer", names=names, player=seat_name(state, offer.player)
        )
    check_payable(state, offer, action.player)
    completes = set(waiting) == {action.player}
    for official in officials if completes else set(officials) & {action.player}:
        check_agreement(state, offer, official)


def on_the_table(state: GameState, m: int) -> Offer | None:
    """The bribe a pass of ``m``'s bag takes without a deal: the merchant's last offer for it, if the officials
    handing the bag back could still agree to it (S000 "aceptando cualquier soborno que se le haya ofrecido",
    S002 "o último suborno oferecido (se houver) deve ser pago")."""
    offer = state.table.get(m)
    if offer is None:
        return None
    try:
        check_terms(state, offer)
        check_payable(state, offer, m)
        for official in state.handlers[m]:
            check_agreement(state, offer, official)
    except RuleError:
        return None  # its terms can no longer be kept (another deal, or a bag handled otherwise)
    return offer


# changes ---------------------------------------------------------------------------------------------------------


def apply_offer(state: GameState, action: Offer) -> dict[str, Any]:
    """The offer is open (and, made by the merchant for a pass, on the table)."""
    offer = resolved(state, action)
    m = offer.merchant
    state.offers[m] = offer
    state.accepted[m] = [action.player]
    if action.player == m and offer.buys_pass:
        state.table[m] = offer  # the merchant's last offer for the pass is on the table
    return {"kind": "offer", "round": state.round, **offer.to_dict()}


def apply_accept(state: GameState, action: Accept) -> dict[str, Any]:
    """One more party agrees; once all have, the deal is made (and, if it buys no pass, paid)."""
    m = action.merchant
    state.accepted[m].append(action.player)
    offer = state.offers[m]
    officials = deal_officials(state, offer)
    if not {m, *officials} <= set(state.accepted[m]):
        return {"kind": "accept", "round": state.round, "player": action.player, "merchant": m}
    drop_offer(state, m)
    event = {"kind": "deal", "round": state.round, "player": action.player, "merchant": m, "offer": offer.to_dict()}
    if offer.buys_pass:  # paid when the bag passes (rules reference, section Inspection)
        state.table.pop(m, None)
        state.deals[m] = offer
        state.parties[m] = officials
        return event
    state.side_deals.append((offer, officials))  # paid now: the officials take the money (S000, Richard)
    return {**event, "bribe": pay(state, m, offer, officials)[0]}


def pay(
    state: GameState, m: int, offer: Offer, officials: list[int], bag: list[int] | None = None
) -> tuple[dict[str, Any], list[int]]:
    """The merchant pays a deal: gold, and the promised stand and bag goods that are there (goods that are not
    need not be given: rules reference, section Honour among thieves).  Returns the payment and what stays in the
    bag."""
    bag = list(bag) if bag is not None else [0] * N_GOODS
    stand = state.stands[m]
    promised_stand, promised_bag = counts_of(offer.stand), counts_of(offer.bag)
    from_stand = [min(p, h) for p, h in zip(promised_stand, stand, strict=True)]
    from_bag = [min(p, h) for p, h in zip(promised_bag, bag, strict=True)]
    missing = [
        ps - fs + pb - fb for ps, fs, pb, fb in zip(promised_stand, from_stand, promised_bag, from_bag, strict=True)
    ]
    gold = min(offer.gold, state.gold[m])  # always offer.gold: deals never promise gold already promised
    for i in range(N_GOODS):
        stand[i] -= from_stand[i]
        bag[i] -= from_bag[i]
    state.gold[m] -= gold
    to = receiver(officials)
    give(state, to, gold, [s + b for s, b in zip(from_stand, from_bag, strict=True)])
    stats = state.stats
    stats[m]["bribes_paid"] += 1
    stats[m]["gold_bribes_paid"] += gold
    for official in officials:
        stats[official]["bribes_received"] += 1
        stats[official]["gold_bribes_received"] += gold // len(officials)
    payment = {
        "from": m,
        "to": to,
        "parties": list(officials),
        "gold": gold,
        "stand": goods_dict(from_stand),
        "bag": goods_dict(from_bag),
        "missing": goods_dict(missing),
        # 2nd edition: missing goods are proven by showing bag and stand to the officials (S002)
        "shown": any(missing) and state.options.edition == 2,
    }
    return payment, bag


__all__ = [
    "resolved",
    "terms",
    "deal_officials",
    "bindings",
    "commitments",
    "drop_offer",
    "check_offer",
    "check_terms",
    "free_means",
    "check_payable",
    "check_agreement",
    "check_accept",
    "on_the_table",
    "apply_offer",
    "apply_accept",
    "pay",
]
