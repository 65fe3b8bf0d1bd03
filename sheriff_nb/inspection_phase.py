"""Phase 4, Inspection, as a part of :class:`~sheriff_nb.game.Game`: offers, deals, decisions, debts,
the six-player deputies with their Booty, and Black Market claims (RULES.md §3, §5, §9).

Who decides about a bag: the sheriff; with six players both deputies, until they disagree, when
the one who wants to inspect handles the bag alone.  A deal is agreed once the merchant and every
official handling the bag have accepted it (the one who proposed it counts as accepting).
"""

from __future__ import annotations

from collections import Counter

from . import actions as A
from .cards import GOODS, LEGAL, ORDER, sorted_ids
from .inspection import inspect_bag, pay_debt
from .rules import BribeError, InspectionError, NotYourTurnError

BOOTY = "booty"
"""Six players: the Booty tile, where goods and gold go when both deputies handle a bag together."""


def counter_data(counter: Counter) -> dict:
    """A Counter as a plain dict in rulebook order, without zero entries."""
    return {g: counter[g] for g in sorted_ids(counter) if counter[g]}


class InspectionPhase:
    """The Inspection phase of a Game (a mixin: it works on the Game's state)."""

    def _start_inspection(self) -> None:
        self.pending = self.merchants
        self.handlers = {m: list(self.sheriffs) for m in self.pending}

    def _reset_inspection(self) -> None:
        self.pending: list[int] = []  # bags not yet handled, in declaration order
        self.handlers: dict[int, list[int]] = {}  # officials handling each pending bag
        self.offers: dict[int, A.Offer] = {}  # the open offer about each bag
        self.accepted: dict[int, list[int]] = {}  # who has agreed to that open offer
        self.deals: dict[int, A.Offer] = {}  # agreed deals; a paid deal stays in force all round
        self.parties: dict[int, list[int]] = {}  # the officials bound by each deal
        self.votes: dict[int, dict[int, str]] = {}  # six players: each deputy's decision
        self.booty_gold = 0
        self.booty: Counter = Counter()
        self.booty_choices: dict[int, int | None] = {}
        self.claims_done: list[int] = []  # Black Market: who claimed or declined this round

    # offers and deals ---------------------------------------------------------------

    def _require_pending(self, merchant: int) -> None:
        if merchant in self.sheriffs:
            raise InspectionError(f"{self._name(merchant)} is {self._officials_text()} this round and has no bag")
        if merchant not in self.pending:
            raise InspectionError(f"the sheriff handles each bag once; {self._name(merchant)}'s bag has already "
                                  "been handled")

    def _check_offer(self, action: A.Offer) -> None:
        m = action.merchant
        self._require_pending(m)
        if action.player not in (m, *self.handlers[m]):
            raise NotYourTurnError(f"a deal about {self._name(m)}'s bag is made between {self._name(m)} and "
                                   f"{self._officials_text(m)}; {self._name(action.player)} is neither")
        if isinstance(action.gold, bool) or not isinstance(action.gold, int) or action.gold < 0:
            raise BribeError(f"a bribe's gold is a whole number of coins, not {action.gold!r}")
        if action.gold > self.gold[m]:
            raise BribeError(f"a bribe can never be more gold than you own: {self._name(m)} has {self.gold[m]} "
                             f"gold, not {action.gold}")
        missing = Counter(action.stand) - self.stands[m]
        if missing:
            in_hand = missing - self.hands[m] != missing
            where = "cards in hand can never be part of a bribe" if in_hand else "they are not there"
            names = ", ".join(f"{n} {GOODS[g].name}" for g, n in missing.items())
            raise BribeError(f"a bribe may include goods from your stand; {names} cannot come from "
                             f"{self._name(m)}'s stand: {where}")
        size = self.declarations[m][1]
        if len(action.bag) > size:
            raise BribeError(f"{self._name(m)}'s bag holds {size} cards; a bribe cannot promise {len(action.bag)} "
                             "cards from it")
        self._check_terms(action)

    def _check_terms(self, offer: A.Offer) -> None:
        for seat in offer.inspect + offer.passes:
            if seat == offer.merchant or seat not in self.pending:
                raise BribeError(f"a deal may bind the sheriff only about other bags not yet handled; "
                                 f"{self._name(seat)}'s is not one")
        both = set(offer.inspect) & set(offer.passes)
        if both:
            raise BribeError(f"a deal cannot make the sheriff both inspect and pass {self._name(min(both))}")

    def _do_offer(self, action: A.Offer) -> dict:
        self.offers[action.merchant] = action
        self.accepted[action.merchant] = [action.player]
        return {"kind": "offer", "round": self.round, **action.to_dict()}

    def _check_accept(self, action: A.Accept) -> None:
        m = action.merchant
        self._require_pending(m)
        offer = self.offers.get(m)
        if offer is None:
            raise BribeError(f"there is no open offer about {self._name(m)}'s bag to accept")
        self._check_terms(offer)
        waiting = [s for s in (m, *self.handlers[m]) if s not in self.accepted[m]]
        if action.player not in waiting:
            names = " or ".join(self._name(s) for s in waiting)
            raise NotYourTurnError(f"only {names} can accept {self._name(offer.player)}'s offer")
        for official in self.handlers[m]:
            for seat, must in self._bindings(official, exclude=m).items():
                wanted = "inspect" if seat in offer.inspect else "pass" if seat in offer.passes or seat == m else must
                if wanted != must:
                    raise BribeError(f"the sheriff already agreed to {must} {self._name(seat)}'s bag; a deal that "
                                     "breaks it cannot be accepted")

    def _do_accept(self, action: A.Accept) -> dict:
        m = action.merchant
        self.accepted[m].append(action.player)
        if set(self.accepted[m]) < {m, *self.handlers[m]}:
            return {"kind": "accept", "round": self.round, "player": action.player, "merchant": m}
        offer = self.offers.pop(m)
        del self.accepted[m]
        self.deals[m] = offer
        self.parties[m] = list(self.handlers[m])
        return {"kind": "deal", "round": self.round, "player": action.player, "merchant": m,
                "offer": offer.to_dict()}

    def _bindings(self, official: int | None = None, exclude: int | None = None) -> dict[int, str]:
        """Binding terms of the deals ``official`` (default: any official) agreed: seat -> "inspect"/"pass".

        A bag whose bribe was accepted must pass; the deal's own terms bind too.
        """
        terms = {}
        for m, deal in self.deals.items():
            if m != exclude and (official is None or official in self.parties[m]):
                terms[m] = "pass"
                terms.update(dict.fromkeys(deal.inspect, "inspect"))
                terms.update(dict.fromkeys(deal.passes, "pass"))
        return terms

    # decisions ---------------------------------------------------------------------

    def _check_decision(self, action: A.Pass | A.Inspect, decision: str) -> None:
        m = action.merchant
        if action.player not in self.sheriffs:
            raise NotYourTurnError(f"only {self._officials_text()} may {decision} a bag")
        self._require_pending(m)
        if action.player not in self.handlers[m]:
            raise NotYourTurnError(f"the deputies disagreed about {self._name(m)}'s bag, so "
                                   f"{self._name(self.handlers[m][0])} handles it alone")
        if action.player in self.votes.get(m, {}):
            raise InspectionError(f"{self._name(action.player)} has already decided about {self._name(m)}'s bag; "
                                  "the decision is final")
        must = self._bindings(action.player).get(m)
        if must and must != decision:
            raise InspectionError(f"the sheriff agreed in a deal to {must} {self._name(m)}'s bag this round; "
                                  "that promise is binding")

    def _check_pass(self, action: A.Pass) -> None:
        self._check_decision(action, "pass")

    def _check_inspect(self, action: A.Inspect) -> None:
        self._check_decision(action, "inspect")
        if action.pile not in range(len(self.discards)):
            piles = " or 1" if len(self.discards) > 1 else ""
            raise InspectionError(f"confiscated cards go onto discard pile 0{piles}; not {action.pile!r}")

    def _do_pass(self, action: A.Pass) -> dict:
        return self._decide(action, "pass")

    def _do_inspect(self, action: A.Inspect) -> dict:
        return self._decide(action, "inspect")

    def _decide(self, action: A.Pass | A.Inspect, decision: str) -> dict:
        m = action.merchant
        group = self.handlers[m]
        if len(group) == 1:
            return self._pass_bag(m) if decision == "pass" else self._inspect_bag(m, action.pile)
        votes = self.votes.setdefault(m, {})
        votes[action.player] = decision
        if len(votes) < len(group):
            return {"kind": "vote", "round": self.round, "player": action.player, "merchant": m, "vote": decision}
        del self.votes[m]
        if len(set(votes.values())) == 1:
            return self._pass_bag(m) if decision == "pass" else self._inspect_bag(m, action.pile)
        inspector = next(s for s, v in votes.items() if v == "inspect")
        self.handlers[m] = [inspector]
        self.offers.pop(m, None)
        self.accepted.pop(m, None)
        return {"kind": "split_decision", "round": self.round, "player": action.player, "merchant": m,
                "handler": inspector}

    def _receiver(self, group: list[int]) -> int | str:
        return BOOTY if len(group) > 1 else group[0]

    def _give(self, receiver: int | str, gold: int, goods: Counter) -> None:
        if receiver == BOOTY:
            self.booty_gold += gold
            self.booty += goods
        else:
            self.gold[receiver] += gold
            self.stands[receiver] += goods

    def _pass_bag(self, m: int, pay_bribe: bool = True) -> dict:
        group = self.handlers[m]
        bag = self.bags[m]
        if not pay_bribe:
            self.deals.pop(m, None)  # time is up: no bribe is paid and the deal lapses
        deal = self.deals.get(m)  # a paid deal stays in force: its binding terms hold all round
        bribe = {"gold": 0, "stand": {}, "bag": {}, "missing": {}, "to": None}
        if deal is not None:
            promised_bag = Counter(deal.bag)
            from_bag = promised_bag & bag
            bag = bag - from_bag
            stand_goods = Counter(deal.stand)
            self.stands[m] -= stand_goods
            self.gold[m] -= deal.gold
            receiver = self._receiver(self.parties[m])
            self._give(receiver, deal.gold, stand_goods + from_bag)
            bribe = {"gold": deal.gold, "stand": counter_data(stand_goods), "bag": counter_data(from_bag),
                     "missing": counter_data(promised_bag - from_bag), "to": receiver}
            self.stats[m]["bribes_paid"] += 1
            self.stats[m]["gold_bribes_paid"] += deal.gold
            for official in self.parties[m]:
                self.stats[official]["bribes_received"] += 1
                self.stats[official]["gold_bribes_received"] += deal.gold // len(self.parties[m])
        self.stands[m] += bag
        self.stats[m]["bags_passed"] += 1
        legal = Counter({g: n for g, n in bag.items() if GOODS[g].kind == LEGAL})
        event = {"kind": "pass", "round": self.round, "player": group[0], "officials": list(group), "merchant": m,
                 "legal": counter_data(legal), "contraband": sum(bag.values()) - sum(legal.values()),
                 "bribe": bribe}
        self._bag_done(m)
        return event

    def _inspect_bag(self, m: int, pile: int) -> dict:
        group = self.handlers[m]
        good, count = self.declarations[m]
        result = inspect_bag(self.bags[m], good, count)
        self.deals.pop(m, None)
        self.stands[m] += result.to_stand
        self.discards[pile].extend(sorted_ids(result.confiscated.elements()))
        if result.gold_to_sheriff >= 0:
            payments = [self._settle(m, self._receiver(group), result.gold_to_sheriff)]
        else:  # an honest bag: the officials share the penalty (six players: half each, always whole)
            share = -result.gold_to_sheriff // len(group)
            payments = [self._settle(official, m, share) for official in group]
        self.stats[m]["bags_inspected"] += 1
        self.stats[m]["caught"] += not result.honest
        event = {"kind": "inspect", "round": self.round, "player": group[0], "officials": list(group),
                 "merchant": m, "declared": [good, count], "bag": counter_data(self.bags[m]),
                 "honest": result.honest, "to_stand": counter_data(result.to_stand),
                 "confiscated": counter_data(result.confiscated), "gold_to_sheriff": result.gold_to_sheriff,
                 "payment": payments[0], "payments": payments}
        self._bag_done(m)
        return event

    def _settle(self, debtor: int, creditor: int | str, owed: int) -> dict:
        """Pay a debt with gold, then stand goods; the rest is forgiven (RULES.md §9)."""
        payment = pay_debt(owed, self.gold[debtor], self.stands[debtor])
        self.gold[debtor] -= payment.gold
        self.stands[debtor] -= payment.goods
        self._give(creditor, payment.gold, payment.goods)
        return {"from": debtor, "to": creditor, "owed": owed, "gold": payment.gold,
                "goods": counter_data(payment.goods), "forgiven": payment.forgiven}

    def _bag_done(self, merchant: int) -> None:
        self.pending.remove(merchant)
        self.bags[merchant] = None
        self.offers.pop(merchant, None)
        self.accepted.pop(merchant, None)

    def _check_pass_remaining(self, action: A.PassRemaining) -> None:
        if action.player != self.sheriff:
            raise NotYourTurnError(f"only {self._officials_text()} may call time")
        if not self.options.time_limit:
            raise InspectionError("passing every remaining bag at once is the optional time-limit rule, "
                                  "which is not in play")
        if not self.pending:
            raise InspectionError("every bag has already been handled")

    def _do_pass_remaining(self, action: A.PassRemaining) -> dict:
        events = [self._pass_bag(m, pay_bribe=False) for m in list(self.pending)]
        return {"kind": "pass_remaining", "round": self.round, "player": action.player, "passes": events}

    # end of Inspection: Booty and Black Market ---------------------------------------

    def waiting_for(self) -> list[int]:
        """Seats that must still act before the round can end, once every bag is handled:
        merchants who may claim a Black Market card, deputies splitting an odd Booty."""
        if self.phase.value != "inspection" or self.pending:
            return []
        seats = [m for m in self.merchants if m not in self.claims_done and self._claimable(m)]
        if self._booty_leftover():
            seats += [d for d in self.sheriffs if d not in self.booty_choices]
        return seats

    def _claimable(self, seat: int) -> list[str]:
        return [g for g, pile in self.black_market.items() if pile and self.stands[seat][g] >= 3]

    def _booty_shares(self) -> tuple[list[list[str]], int, list[str]]:
        """How the Booty splits between the two deputies: cards dealt one at a time, most valuable first,
        starting with the lead deputy; returns (cards per deputy, gold each, leftover card or none)."""
        ordered = sorted(self.booty.elements(), key=lambda g: (-GOODS[g].value, ORDER[g]))
        even = len(ordered) - len(ordered) % 2
        return [ordered[0:even:2], ordered[1:even:2]], self.booty_gold // 2, ordered[even:]

    def _booty_leftover(self) -> bool:
        return len(self.sheriffs) == 2 and bool(self.booty_gold % 2 or sum(self.booty.values()) % 2)

    def _check_split_booty(self, action: A.SplitBooty) -> None:
        if len(self.sheriffs) < 2:
            raise InspectionError("the Booty tile is used only with six players and two deputies")
        if action.player not in self.sheriffs:
            raise NotYourTurnError(f"only the deputies ({self._officials_text()}) split the Booty")
        if self.pending:
            raise InspectionError("the Booty is split at the end of Inspection, after every bag")
        if not self._booty_leftover():
            raise InspectionError("the Booty splits evenly; there is no odd coin or card to agree on")
        if action.player in self.booty_choices:
            raise InspectionError(f"{self._name(action.player)} has already said who takes the odd coin or card")
        if action.odd_to is not None and action.odd_to not in self.sheriffs:
            raise InspectionError("the odd coin or card goes to one of the two deputies, or to the discard")

    def _do_split_booty(self, action: A.SplitBooty) -> dict:
        self.booty_choices[action.player] = action.odd_to
        return {"kind": "booty_choice", "round": self.round, "player": action.player, "odd_to": action.odd_to}

    def _share_booty(self) -> dict:
        """End of Inspection with deputies: split the Booty; an odd coin or card is discarded unless
        both deputies named the same taker (RULES.md §9)."""
        cards, gold, leftover = self._booty_shares()
        choices = set(self.booty_choices.values())
        taker = choices.pop() if len(self.booty_choices) == 2 and len(choices) == 1 else None
        odd_coin = self.booty_gold % 2
        for deputy, share in zip(self.sheriffs, cards, strict=True):
            self._give(deputy, gold + (odd_coin if deputy == taker else 0), Counter(share))
        if taker is not None:
            self.stands[taker].update(leftover)
        else:
            self.bank += odd_coin
            self.discards[0].extend(leftover)
        event = {"kind": "booty", "round": self.round, "gold_each": gold,
                 "cards": [counter_data(Counter(c)) for c in cards], "odd_coin": odd_coin,
                 "odd_card": leftover, "odd_to": taker}
        self.booty_gold, self.booty = 0, Counter()
        return event

    def _check_claim_black_market(self, action: A.ClaimBlackMarket) -> None:
        seat = action.player
        if not self.black_market:
            raise InspectionError("the Black Market module is not in play")
        if seat not in self.merchants:
            raise NotYourTurnError(f"only merchants claim Black Market cards; {self._name(seat)} is an official")
        if seat in self.pending:
            raise InspectionError("a Black Market card is claimed after your bag is returned to you")
        if seat in self.claims_done:
            raise InspectionError("at most one Black Market claim per player per round")
        if action.good is None:
            return
        if action.good not in self.black_market:
            raise InspectionError(f"there is no Black Market pile of {GOODS[action.good].name}")
        if not self.black_market[action.good]:
            raise InspectionError(f"the {GOODS[action.good].name} Black Market pile is empty")
        have = self.stands[seat][action.good]
        if have < 3:
            raise InspectionError(f"a claim needs 3 {GOODS[action.good].name} on your stand; "
                                  f"{self._name(seat)} has {have}")

    def _do_claim_black_market(self, action: A.ClaimBlackMarket) -> dict:
        self.claims_done.append(action.player)
        if action.good is None:
            return {"kind": "black_market_decline", "round": self.round, "player": action.player}
        self.stands[action.player][action.good] -= 3
        self.stands[action.player] = +self.stands[action.player]
        self.discards[0].extend([action.good] * 3)
        card_value = self.black_market[action.good].pop()
        self.claimed[action.player].append([action.good, card_value])
        return {"kind": "black_market_claim", "round": self.round, "player": action.player, "good": action.good,
                "value": card_value}

    def claimed_value(self, seat: int) -> int:
        """Points of the Black Market cards ``seat`` has claimed."""
        return sum(v for _, v in self.claimed[seat])
