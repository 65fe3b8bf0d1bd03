"""Phase 4, Inspection, as a part of :class:`~sheriff_nb.game.Game`: offers, deals (the bribe on the table,
paid inspections), decisions, debts and the six-player deputies' votes (RULES.md §3, §5, §9); the end of the
phase (Booty, Black Market) is in :mod:`sheriff_nb.inspection_end`.

Who decides about a bag: the sheriff; with six players both deputies, until they disagree, when
the one who wants to inspect handles the bag alone.  A deal is agreed once the merchant and every
official handling the bag have accepted it (the one who proposed it counts as accepting).
"""

from __future__ import annotations

import dataclasses
from collections import Counter

from . import actions as A
from .cards import GOODS, LEGAL, sorted_ids
from .inspection import inspect_bag, pay_debt
from .inspection_end import BOOTY, InspectionEnd, counter_data
from .rules import BribeError, InspectionError, NotYourTurnError, RuleError


def _names(goods: Counter) -> str:
    return ", ".join(f"{n} {GOODS[g].name}" for g, n in goods.items() if n)


class InspectionPhase(InspectionEnd):
    """The Inspection phase of a Game (a mixin: it works on the Game's state)."""

    def _start_inspection(self) -> None:
        self.pending = self.merchants
        self.handlers = {m: list(self.sheriffs) for m in self.pending}

    def _reset_inspection(self) -> None:
        self.pending: list[int] = []  # bags not yet handled, in declaration order
        self.handlers: dict[int, list[int]] = {}  # officials handling each pending bag
        self.outcomes: dict[int, str] = {}  # how each handled bag was handled: "pass" or "inspect"
        self.offers: dict[int, A.Offer] = {}  # the open offer paid by each merchant (made by them or an official)
        self.accepted: dict[int, list[int]] = {}  # who has agreed to that open offer
        self.table: dict[int, A.Offer] = {}  # each merchant's own last offer for a pass: the bribe on the table
        self.deals: dict[int, A.Offer] = {}  # agreed deals that buy a pass; they stay in force all round
        self.parties: dict[int, list[int]] = {}  # the officials bound by each of those deals
        self.side_deals: list[tuple[A.Offer, list[int]]] = []  # agreed deals that buy no pass, paid when agreed
        self.votes: dict[int, dict[int, str]] = {}  # six players: each deputy's decision
        self.confiscated: list[str] = []  # 1st edition: opened cards waiting to be put on a discard pile
        self.booty_gold = 0
        self.booty: Counter = Counter()
        self.booty_choices: dict[int, int | None] = {}
        self.claims_done: list[int] = []  # Black Market: who claimed or declined this round

    # offers and deals ---------------------------------------------------------------

    def _require_pending(self, merchant: int) -> None:
        if merchant in self.sheriffs:
            raise InspectionError("{merchant} is {officials_text} this round and has no bag",
                                  merchant=self._name(merchant), officials_text=self._officials_text())
        if merchant not in self.pending:
            raise InspectionError("the sheriff handles each bag once; {merchant}'s bag has already been handled",
                                  merchant=self._name(merchant))

    def _resolved(self, offer: A.Offer) -> A.Offer:
        """``offer`` with ``buys_pass`` decided: by default a deal buys a pass while the merchant's bag is pending."""
        if offer.buys_pass is not None:
            return offer
        return dataclasses.replace(offer, buys_pass=offer.merchant in self.pending)

    @staticmethod
    def _terms(offer: A.Offer) -> dict[int, str]:
        """What a (resolved) deal binds its officials to: seat -> "pass" / "inspect"."""
        terms = {offer.merchant: "pass"} if offer.buys_pass else {}
        terms.update(dict.fromkeys(offer.inspect, "inspect"))
        terms.update(dict.fromkeys(offer.passes, "pass"))
        return terms

    def deal_officials(self, offer: A.Offer) -> list[int]:
        """The officials an offer (as stored in ``offers``) is made with: those handling the merchant's bag for a
        deal that buys its pass, otherwise those handling the bags its terms name.  Deals are made only between a
        paying merchant and officials; merchants' promises to each other are table talk (README ruling)."""
        if offer.buys_pass:
            return list(self.handlers[offer.merchant])
        return sorted({o for seat in (*offer.inspect, *offer.passes) for o in self.handlers.get(seat, ())})

    def _check_offer(self, action: A.Offer) -> None:
        m = action.merchant
        if m not in self.merchants:
            raise InspectionError("{merchant} is {officials_text} this round; only merchants pay for deals",
                                  merchant=self._name(m), officials_text=self._officials_text())
        offer = self._resolved(action)
        if offer.buys_pass and m not in self.pending:
            raise BribeError("{merchant}'s bag has already been handled; a deal can now only pay for binding terms "
                             "about other bags (buys_pass=False)", merchant=self._name(m))
        self._check_terms(offer, fresh=True)
        officials = self.deal_officials(offer)
        if action.player not in (m, *officials):
            raise NotYourTurnError("a deal paid by {merchant} is made between {merchant} and {officials_text}; "
                                   "{player} is neither", merchant=self._name(m),
                                   officials_text=self._officials_text(m if offer.buys_pass else None),
                                   player=self._name(action.player))
        self._check_payable(offer, action.player)
        if action.player in officials:  # proposing a deal is agreeing to it
            self._check_agreement(offer, action.player)

    def _check_terms(self, offer: A.Offer, fresh: bool = False) -> None:
        """A deal's binding terms name other bags, still to be handled (``fresh``: a new offer) or already handled
        as the term says; a deal that buys no pass must name one."""
        for seat in offer.inspect + offer.passes:
            wanted = "inspect" if seat in offer.inspect else "pass"
            still_open = seat in self.pending or (not fresh and self.outcomes.get(seat) == wanted)
            if seat == offer.merchant or not still_open:
                raise BribeError("a deal may bind the sheriff only about other bags not yet handled; {seat}'s is not "
                                 "one", seat=self._name(seat))
        both = set(offer.inspect) & set(offer.passes)
        if both:
            raise BribeError("a deal cannot make the sheriff both inspect and pass {player}",
                             player=self._name(min(both)))
        if not offer.buys_pass and not (offer.inspect or offer.passes):
            raise BribeError("a deal that does not buy a pass of your own bag must bind the sheriff to inspect or "
                             "pass another bag")

    def _free_means(self, offer: A.Offer) -> tuple[int, Counter, int]:
        """The merchant's gold, legal stand goods and number of face-down stand cards not already promised for the
        pass of their bag (by an agreed deal, or else by the bribe on the table), which a deal that buys no pass
        may use.  Face-down cards count by number only: their types are the merchant's secret."""
        m = offer.merchant
        stand = self.stands[m]
        gold = self.gold[m]
        legal = Counter({g: n for g, n in stand.items() if GOODS[g].kind == LEGAL})
        face_down = sum(stand.values()) - sum(legal.values())
        promised = self.deals.get(m) or self.table.get(m)
        if not offer.buys_pass and promised is not None and m in self.pending:
            gold -= promised.gold
            legal -= Counter(g for g in promised.stand if GOODS[g].kind == LEGAL)
            face_down -= sum(1 for g in promised.stand if GOODS[g].kind != LEGAL)
        return gold, legal, max(face_down, 0)

    def _check_payable(self, offer: A.Offer, actor: int | None) -> None:
        """What ``offer`` asks of its merchant, judged only from what ``actor`` may see: gold and legal stand goods
        are public, face-down cards only as a count (their types are the merchant's secret, RULES.md §3)."""
        m, name = offer.merchant, self._name(offer.merchant)
        if isinstance(offer.gold, bool) or not isinstance(offer.gold, int) or offer.gold < 0:
            raise BribeError("a bribe's gold is a whole number of coins, not {gold!r}", gold=offer.gold)
        gold, legal_held, face_down = self._free_means(offer)
        if offer.gold > gold:
            if gold < self.gold[m]:
                raise BribeError("a bribe can never be more gold than you own: {name} has {gold} gold, {promised} of "
                                 "it promised for the pass of their bag, not {offered}", name=name, gold=self.gold[m],
                                 promised=self.gold[m] - gold, offered=offer.gold)
            raise BribeError("a bribe can never be more gold than you own: {name} has {gold} gold, not {offered}",
                             name=name, gold=self.gold[m], offered=offer.gold)
        wanted = Counter(offer.stand)
        legal = Counter({g: n for g, n in wanted.items() if GOODS[g].kind == LEGAL})
        absent = legal - legal_held
        if absent:
            raise BribeError("a bribe may include goods from your stand, never cards from your hand; {names} cannot "
                             "come from {name}'s stand: they are not there", names=_names(absent), name=name)
        hidden = wanted - legal
        if sum(hidden.values()) > face_down:
            raise BribeError("a bribe may include goods from your stand, never cards from your hand; {name}'s stand "
                             "holds {face_down} face-down cards, so a bribe cannot promise {sum} of them", name=name,
                             face_down=face_down, sum=sum(hidden.values()))
        if self.options.edition == 1 and actor == m and hidden - self.stands[m]:
            raise BribeError("in the 1st edition only goods promised from the bag may turn out not to be there; "
                             "{names} is not on your stand", names=_names(hidden - self.stands[m]))
        if offer.bag and not offer.buys_pass:
            raise BribeError("goods from the bag are handed over when the bag passes; a deal that buys no pass "
                             "cannot include them")
        size = self.declarations[m][1]
        if len(offer.bag) > size:
            raise BribeError("{name}'s bag holds {size} cards; a bribe cannot promise {bag} cards from it", name=name,
                             size=size, bag=len(offer.bag))

    def _check_agreement(self, offer: A.Offer, official: int) -> None:
        """An official may agree to ``offer`` only if it keeps their decisions (final) and earlier deals."""
        terms = self._terms(offer)
        for seat, decided in ((s, v[official]) for s, v in self.votes.items() if official in v):
            if terms.get(seat, decided) != decided:
                raise InspectionError("{official} has already decided to {decided} {seat}'s bag; an official's "
                                      "decision is final", official=self._name(official), decided=decided,
                                      seat=self._name(seat))
        for payer, other in self.offers.items():  # offers the official accepted are decisions too
            if other is not offer and official in self.accepted[payer] and official != other.player:
                for seat, agreed in self._terms(other).items():
                    if terms.get(seat, agreed) != agreed:
                        raise InspectionError("{official} accepted {payer}'s offer, which says to {agreed} {seat}'s "
                                              "bag; an official's decision is final", official=self._name(official),
                                              payer=self._name(payer), agreed=agreed, seat=self._name(seat))
        exclude = offer.merchant if offer.buys_pass else None  # an agreed pass is replaced by the new one
        for seat, must in self._bindings(official, exclude=exclude).items():
            if terms.get(seat, must) != must:
                raise BribeError("the sheriff already agreed to {must} {seat}'s bag; a deal that breaks it cannot be "
                                 "accepted", must=must, seat=self._name(seat))

    def _do_offer(self, action: A.Offer) -> dict:
        offer = self._resolved(action)
        m = offer.merchant
        self.offers[m] = offer
        self.accepted[m] = [action.player]
        if action.player == m and offer.buys_pass:
            self.table[m] = offer  # the merchant's last offer for the pass is on the table
        return {"kind": "offer", "round": self.round, **offer.to_dict()}

    def _check_accept(self, action: A.Accept) -> None:
        m = action.merchant
        offer = self.offers.get(m)
        if offer is None:
            raise BribeError("there is no open offer paid by {merchant} to accept", merchant=self._name(m))
        self._check_terms(offer)
        officials = self.deal_officials(offer)
        waiting = [s for s in (m, *officials) if s not in self.accepted[m]]
        if action.player not in waiting:
            names = " or ".join(self._name(s) for s in waiting)
            raise NotYourTurnError("only {names} can accept {player}'s offer", names=names,
                                   player=self._name(offer.player))
        self._check_payable(offer, action.player)
        completes = set(waiting) == {action.player}
        for official in officials if completes else set(officials) & {action.player}:
            self._check_agreement(offer, official)

    def _do_accept(self, action: A.Accept) -> dict:
        m = action.merchant
        self.accepted[m].append(action.player)
        offer = self.offers[m]
        officials = self.deal_officials(offer)
        if not {m, *officials} <= set(self.accepted[m]):
            return {"kind": "accept", "round": self.round, "player": action.player, "merchant": m}
        del self.offers[m], self.accepted[m]
        event = {"kind": "deal", "round": self.round, "player": action.player, "merchant": m,
                 "offer": offer.to_dict()}
        if offer.buys_pass:  # paid when the bag passes (RULES.md §3)
            self.table.pop(m, None)
            self.deals[m] = offer
            self.parties[m] = officials
            return event
        self.side_deals.append((offer, officials))  # paid now: the officials take the money (S000, Richard)
        return {**event, "bribe": self._pay(m, offer, officials)[0]}

    def _bindings(self, official: int | None = None, exclude: int | None = None) -> dict[int, str]:
        """Binding terms of the deals ``official`` (default: any official) agreed: seat -> "inspect"/"pass".

        A bag whose bribe was accepted must pass; the deal's own terms bind too.
        """
        terms = {}
        for m, deal in self.deals.items():
            if m != exclude and (official is None or official in self.parties[m]):
                terms.update(self._terms(deal))
        for deal, officials in self.side_deals:
            if official is None or official in officials:
                terms.update(self._terms(deal))
        return terms

    def commitments(self, official: int) -> dict[int, str]:
        """What ``official`` has committed to this round: the binding terms of the deals they agreed, and of the open
        offers they accepted (six players: the other deputy may not have yet); seat -> "pass" / "inspect"."""
        terms = self._bindings(official)
        for payer, offer in self.offers.items():
            if official in self.accepted[payer] and official != offer.player:
                terms.update(self._terms(offer))
        return terms

    def _pay(self, m: int, offer: A.Offer, officials: list[int], bag: Counter | None = None) -> tuple[dict, Counter]:
        """The merchant pays a deal: gold, and the promised stand and bag goods that are there (goods that are not
        need not be given: honour among thieves, RULES.md §3).  Returns the payment and what stays in the bag."""
        bag = bag if bag is not None else Counter()
        from_stand = Counter(offer.stand) & self.stands[m]
        from_bag = Counter(offer.bag) & bag
        missing = Counter(offer.stand) - from_stand + (Counter(offer.bag) - from_bag)
        gold = min(offer.gold, self.gold[m])  # always offer.gold: deals never promise gold already promised
        self.stands[m] -= from_stand
        self.gold[m] -= gold
        receiver = self._receiver(officials)
        self._give(receiver, gold, from_stand + from_bag)
        self.stats[m]["bribes_paid"] += 1
        self.stats[m]["gold_bribes_paid"] += gold
        for official in officials:
            self.stats[official]["bribes_received"] += 1
            self.stats[official]["gold_bribes_received"] += gold // len(officials)
        payment = {"from": m, "to": receiver, "parties": list(officials), "gold": gold,
                   "stand": counter_data(from_stand), "bag": counter_data(from_bag), "missing": counter_data(missing),
                   # 2nd edition: missing goods are proven by showing bag and stand to the officials (S002)
                   "shown": bool(missing) and self.options.edition == 2}
        return payment, bag - from_bag

    # decisions ---------------------------------------------------------------------

    def _check_decision(self, action: A.Pass | A.Inspect, decision: str) -> None:
        m = action.merchant
        if action.player not in self.sheriffs:
            raise NotYourTurnError("only {officials_text} may {decision} a bag", officials_text=self._officials_text(),
                                   decision=decision)
        self._require_pending(m)
        if action.player not in self.handlers[m]:
            raise NotYourTurnError("the deputies disagreed about {merchant}'s bag, so {handlers} handles it alone",
                                   merchant=self._name(m), handlers=self._name(self.handlers[m][0]))
        if action.player in self.votes.get(m, {}):
            raise InspectionError("{player} has already decided about {merchant}'s bag; the decision is final",
                                  player=self._name(action.player), merchant=self._name(m))
        must = self._bindings(action.player).get(m)
        if must and must != decision:
            raise InspectionError("the sheriff agreed in a deal to {must} {merchant}'s bag this round; that promise "
                                  "is binding", must=must, merchant=self._name(m))
        for payer, offer in self.offers.items():  # six players: accepting is a decision too, and it is final
            agreed = self._terms(offer).get(m)
            if action.player in self.accepted[payer] and action.player != offer.player and agreed not in (
                    None, decision):
                raise InspectionError("{player} accepted {payer}'s offer, which says to {agreed} {merchant}'s bag; an "
                                      "official's decision is final", player=self._name(action.player),
                                      payer=self._name(payer), agreed=agreed, merchant=self._name(m))

    def _check_pass(self, action: A.Pass) -> None:
        self._check_decision(action, "pass")

    def _check_inspect(self, action: A.Inspect) -> None:
        self._check_decision(action, "inspect")

    def _do_pass(self, action: A.Pass) -> dict:
        return self._decide(action, "pass")

    def _do_inspect(self, action: A.Inspect) -> dict:
        self.debt_goods[action.player] = action.pay_with
        return self._decide(action, "inspect")

    def _decide(self, action: A.Pass | A.Inspect, decision: str) -> dict:
        m = action.merchant
        group = self.handlers[m]
        if len(group) == 1:
            return self._pass_bag(m) if decision == "pass" else self._inspect_bag(m)
        votes = self.votes.setdefault(m, {})
        votes[action.player] = decision
        if len(votes) < len(group):
            return {"kind": "vote", "round": self.round, "player": action.player, "merchant": m, "vote": decision}
        del self.votes[m]
        if len(set(votes.values())) == 1:
            return self._pass_bag(m) if decision == "pass" else self._inspect_bag(m)
        inspector = next(s for s, v in votes.items() if v == "inspect")
        self.handlers[m] = [inspector]  # the talks about this bag start again with the inspector alone
        self.table.pop(m, None)
        for payer, offer in list(self.offers.items()):
            if m in self._terms(offer):
                self._drop_offer(payer)
        return {"kind": "split_decision", "round": self.round, "player": action.player, "merchant": m,
                "handler": inspector}

    def _drop_offer(self, payer: int) -> None:
        self.offers.pop(payer, None)
        self.accepted.pop(payer, None)

    def _receiver(self, group: list[int]) -> int | str:
        return BOOTY if len(group) > 1 else group[0]

    def _give(self, receiver: int | str, gold: int, goods: Counter) -> None:
        if receiver == BOOTY:
            self.booty_gold += gold
            self.booty += goods
        else:
            self.gold[receiver] += gold
            self.stands[receiver] += goods

    def _on_the_table(self, m: int) -> A.Offer | None:
        """The bribe a pass of ``m``'s bag takes without a deal: the merchant's last offer for it, if the officials
        handing the bag back could still agree to it (S000 "aceptando cualquier soborno que se le haya ofrecido",
        S002 "o último suborno oferecido (se houver) deve ser pago")."""
        offer = self.table.get(m)
        if offer is None:
            return None
        try:
            self._check_terms(offer)
            self._check_payable(offer, m)
            for official in self.handlers[m]:
                self._check_agreement(offer, official)
        except RuleError:
            return None  # its terms can no longer be kept (another deal, or a bag handled otherwise)
        return offer

    def _pass_bag(self, m: int, pay_bribe: bool = True) -> dict:
        group = self.handlers[m]
        bag = self.bags[m]
        deal, on_table = self.deals.get(m), False
        if not pay_bribe:
            self.deals.pop(m, None)  # time is up: no bribe is paid and the deal lapses
            deal = None
        elif deal is None:
            deal = self._on_the_table(m)
            if deal is not None:  # handing the bag back takes the bribe on the table: a deal, binding terms and all
                on_table = True
                self.deals[m], self.parties[m] = deal, list(group)
        bribe = {"from": m, "to": None, "parties": [], "gold": 0, "stand": {}, "bag": {}, "missing": {},
                 "shown": False}
        if deal is not None:
            bribe, bag = self._pay(m, deal, self.parties[m], bag)
        bribe["on_the_table"] = on_table
        self.stands[m] += bag
        self.stats[m]["bags_passed"] += 1
        legal = Counter({g: n for g, n in bag.items() if GOODS[g].kind == LEGAL})
        event = {"kind": "pass", "round": self.round, "player": group[0], "officials": list(group), "merchant": m,
                 "legal": counter_data(legal), "contraband": sum(bag.values()) - sum(legal.values()),
                 "bribe": bribe}
        self._bag_done(m, "pass")
        return event

    def _inspect_bag(self, m: int) -> dict:
        group = self.handlers[m]
        good, count = self.declarations[m]
        result = inspect_bag(self.bags[m], good, count)
        self.deals.pop(m, None)
        self.stands[m] += result.to_stand
        confiscated = sorted_ids(result.confiscated.elements())
        if self.options.edition == 1:
            self.confiscated = confiscated  # the sheriff stacks them in the order he chooses (DiscardConfiscated)
        else:
            self.discards[0].extend(confiscated)
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
        self._bag_done(m, "inspect")
        return event

    def _settle(self, debtor: int, creditor: int | str, owed: int) -> dict:
        """Pay a debt with gold, then stand goods of the debtor's choice (``debt_goods``, else the least overpay);
        the rest is forgiven (RULES.md §9)."""
        payment = pay_debt(owed, self.gold[debtor], self.stands[debtor], self.debt_goods[debtor])
        self.gold[debtor] -= payment.gold
        self.stands[debtor] -= payment.goods
        self._give(creditor, payment.gold, payment.goods)
        return {"from": debtor, "to": creditor, "owed": owed, "gold": payment.gold,
                "goods": counter_data(payment.goods), "forgiven": payment.forgiven}

    def _bag_done(self, merchant: int, outcome: str) -> None:
        self.pending.remove(merchant)
        self.outcomes[merchant] = outcome
        self.bags[merchant] = None
        self.table.pop(merchant, None)
        if merchant in self.offers and self.offers[merchant].buys_pass:
            self._drop_offer(merchant)
        # an offer whose term this decision broke can no longer be agreed: it lapses
        for payer, offer in list(self.offers.items()):
            if self._terms(offer).get(merchant, outcome) != outcome:
                self._drop_offer(payer)
        for payer, offer in list(self.table.items()):
            if self._terms(offer).get(merchant, outcome) != outcome:
                del self.table[payer]

    def _check_discard_confiscated(self, action: A.DiscardConfiscated) -> None:
        if not self.confiscated:
            raise InspectionError("there are no confiscated cards waiting to be put on a discard pile")
        if action.player != self.sheriff:
            raise NotYourTurnError("the sheriff ({sheriff}) puts the confiscated cards on a discard pile",
                                   sheriff=self._name(self.sheriff))
        if action.pile not in (0, 1):
            raise InspectionError("confiscated cards go onto discard pile 0 (left) or 1 (right); not {pile!r}",
                                  pile=action.pile)
        if action.order and Counter(action.order) != Counter(self.confiscated):
            raise InspectionError("the order lists the confiscated cards, each once: {names}",
                                  names=_names(Counter(self.confiscated)))

    def _do_discard_confiscated(self, action: A.DiscardConfiscated) -> dict:
        cards = list(action.order or self.confiscated)
        self.discards[action.pile].extend(cards)  # the last card ends on top
        self.confiscated = []
        return {"kind": "discard_confiscated", "round": self.round, "player": action.player, "pile": action.pile,
                "cards": cards}

    def _check_pass_remaining(self, action: A.PassRemaining) -> None:
        if action.player != self.sheriff:
            raise NotYourTurnError("only {officials_text} may call time", officials_text=self._officials_text())
        if not self.options.time_limit:
            raise InspectionError("passing every remaining bag at once is the optional time-limit rule, "
                                  "which is not in play")
        if not self.pending:
            raise InspectionError("every bag has already been handled")

    def _do_pass_remaining(self, action: A.PassRemaining) -> dict:
        """Time is up: every bag not yet handled passes with no bribe (its deal lapses unpaid), except that a
        binding "inspect" term already paid for is kept: those bags are opened first (README ruling)."""
        for m in self.pending:
            self.deals.pop(m, None)
        bound = self._bindings()
        inspections = [self._inspect_bag(m) for m in list(self.pending) if bound.get(m) == "inspect"]
        passes = [self._pass_bag(m, pay_bribe=False) for m in list(self.pending)]
        return {"kind": "pass_remaining", "round": self.round, "player": action.player, "passes": passes,
                "inspections": inspections}
