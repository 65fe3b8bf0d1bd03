"""Phase 4 of a whole game for the reader (lesson 09), from whichever seat the reader holds this round.

The reader may be the merchant of a bag (bargain, then let the officials decide), the sheriff (pick a
bag, hear its owner's offer, accept, counter, ignore, then pass or inspect) or, with six players, one of
the two deputies (the same, but a deal needs both deputies and each deputy votes).  A merchant may pay to have
another merchant's bag opened when the sheriff picks it up (a binding deal that buys no pass of their own bag),
and the characters may do the same; the 1st-edition sheriff stacks confiscated cards on a pile in an order.
Every other seat is a character from :mod:`sheriff_nb.play.bots`, asked through its
:class:`~sheriff_nb.play.driver.Bot` methods, and every move goes through :meth:`Game.apply
<sheriff_nb.engine.game.Game.apply>`.  After the last bag come the Black Market claims and the deputies' say about an
odd Booty coin or card.

The events are told by :func:`~sheriff_nb.ui.widgets.narration.narrate` (its whole-game sentences).
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Mapping

import ipywidgets as W

from ...engine import actions as A
from ...engine.errors import BribeError
from ...play.driver import MAX_TALK, answer_paid_inspection, ask, bid_for_inspection, bot_view, step
from ..i18n import card_name, t
from ..numbers import quote
from ..palette import MUTED
from .base import Confirm, close_tree, heading, html_widget, labelled, note
from .inspection import OfferForm
from .narration import bag_of, who
from .phases import declaration_text, offer_terms
from .play_controls import StackOrder, control, wrap_row

STAGE_TALK, STAGE_DECIDE = "talk", "decide"
CONFIRM_FROM = 10
"""An offer of at least this much gold, and at least half the payer's gold, asks "are you sure?" first."""
END_OF_PHASE = {"discard_confiscated": "discard", "claim_black_market": "claim", "split_booty": "booty"}
"""What the reader does when the game waits for them after the bags: stack confiscated cards, claim, split."""
PANELS = {
    "pick": "_pick_panel",
    "watch": "_watch_panel",
    "talk": "_talk_panel",
    "handle": "_handle_panel",
    "discard": "_discard_panel",
    "claim": "_claim_panel",
    "booty": "_booty_panel",
}
"""What the reader must do (:meth:`InspectionTurn.need`) → the method of :class:`InspectionTurn` that builds its
controls."""


class InspectionTurn:
    """The reader's side of the Inspection phase; ``dash`` is the :class:`~sheriff_nb.ui.widgets.play.PlayDashboard`
    (its ``game``, ``bots``, ``seat``, ``error``, ``say`` and ``inputs_changed``, which every control here calls
    so that a rule message goes when the reader changes the move).  :meth:`need` tells whether the reader must act,
    :meth:`bot_move` lets the characters act, :meth:`panel` builds the controls."""

    def __init__(self, dash) -> None:
        self.dash = dash
        self.form = OfferForm()
        self.form.add_class("sheriff-play-offer-form")
        self.offer_button = control(t("Offer"), "offer", "primary", "handshake-o")
        self.counter_button = control(t("Ask for this"), "counter", "primary", "handshake-o")
        self.accept_button = control(t("Accept (Deal!)"), "accept", "success", "check")
        self.decide_button = control(t("Let the sheriff decide"), "let-decide", "warning", "gavel")
        self.ignore_button = control(t("Ignore the offer"), "ignore", icon="times")
        self.pass_button = control(t("Let it pass"), "pass", "success", "arrow-right")
        self.inspect_button = control(t("Inspect"), "inspect", "danger", "search")
        self.take_button = control(t("Take this bag"), "take-bag", "primary", "hand-o-right")
        self.claim_button = control(t("Confirm"), "claim", "primary", "check")
        self.booty_button = control(t("Agree"), "booty", "primary", "check")
        self.stack_button = control(t("Put them on the pile"), "stack", "primary", "check")
        self.pay_button = control(t("Pay to have it opened"), "pay-inspect", "warning", "search")
        self.go_on_button = control(t("Go on"), "go-on", icon="forward")
        self.stack = StackOrder()
        self.pay_gold = labelled(W.IntText(value=1, layout=W.Layout(width="130px")), t("Gold"))
        self.pay_gold.add_class("sheriff-play-pay-gold")
        self.pay_note = html_widget()
        self.confirm = Confirm()
        self.confirm.yes.on_click(dash.click(self.confirm.answer, "confirm"))
        self.bag_menu = labelled(W.Dropdown(options=[], layout=W.Layout(width="auto")), t("Bag of"))
        self.bag_menu.add_class("sheriff-play-bag-menu")
        self.pile = labelled(
            W.Dropdown(options=[(t("left pile"), 0), (t("right pile"), 1)], layout=W.Layout(width="auto")),
            t("Put them on the"),
        )
        self.pile.add_class("sheriff-play-pile")
        self.claim_menu = labelled(W.Dropdown(options=[], layout=W.Layout(width="auto")), t("Black Market"))
        self.claim_menu.add_class("sheriff-play-claim-menu")
        self.booty_menu = labelled(
            W.Dropdown(options=[], layout=W.Layout(width="auto")), t("The odd coin or card goes to")
        )
        self.booty_menu.add_class("sheriff-play-booty-menu")
        form = self.form
        for widget in (
            form.gold,
            form.bag_good,
            form.bag_count,
            form.promise,
            form.must_inspect,
            form.must_pass,
            self.bag_menu,
            self.pile,
            self.claim_menu,
            self.booty_menu,
            self.pay_gold,
        ):
            widget.observe(dash.inputs_changed, names="value")
        form.stand.on_change(lambda _cards: dash.inputs_changed())  # kept when the form is dealt a new stand
        self.stack.on_change.append(dash.inputs_changed)
        click = dash.click
        for widget, handler in [
            (self.offer_button, self._offer),
            (self.counter_button, self._offer),
            (self.accept_button, self._accept),
            (self.decide_button, self._let_decide),
            (self.ignore_button, self._ignore),
            (self.pass_button, self._pass),
            (self.inspect_button, self._inspect),
            (self.take_button, self._take),
            (self.claim_button, self._claim),
            (self.booty_button, self._booty),
            (self.stack_button, self._stack),
            (self.pay_button, self._pay_for_inspection),
            (self.go_on_button, self._go_on),
        ]:
            widget.on_click(click(handler, widget.description))
        self.reset()

    def reset(self) -> None:
        """Forget the talk about bags (a new game)."""
        self.stage: dict[tuple, str] = {}  # (merchant, officials) -> talk/decide, for the reader's own bag
        self.heard: set[tuple] = set()  # bags whose owner (a character) has had its say to the reader
        self.talks: Counter = Counter()  # offers a character merchant made about its bag
        self.watched: set[tuple] = set()  # (round, merchant): bags the reader as a merchant chose not to pay about
        self._configured: tuple | None = None

    # ------------------------------------------------------------------ state
    @property
    def game(self):
        return self.dash.game

    def _key(self, m: int) -> tuple:
        return (m, tuple(self.game.handlers[m]))

    def bag(self) -> int | None:
        """The bag being handled (picked up), if any."""
        return self.game.state.in_hand

    def need(self) -> str | None:
        """What the reader must do now (``pick``, ``watch``: may pay to have the bag picked up opened, ``talk``,
        ``handle``, ``discard``: stack confiscated cards, ``claim``, ``booty``), or None.  Whose move it is comes
        from the game (:meth:`~sheriff_nb.engine.game.Game.to_act`); the reader's chances to talk are the
        dashboard's."""
        g, me = self.game, self.dash.seat
        seats = g.to_act()
        first = g.awaited(me) if seats and seats[0] == me else None
        if first in END_OF_PHASE:
            return END_OF_PHASE[first]
        m = self.bag()
        if first == "pick_up_bag":
            return "pick"
        if m is None:
            return None
        if self._may_pay_for(m):
            return "watch"
        if m == me:
            return "talk" if self.stage.get(self._key(m), STAGE_TALK) == STAGE_TALK else None
        if g.awaited(me) == "decide" and self._key(m) in self.heard:
            return "handle"
        return None

    def _may_pay_for(self, m: int) -> bool:
        """Whether the reader, a merchant, may still pay to have ``m``'s bag (just picked up) opened."""
        g, me = self.game, self.dash.seat
        offer = A.Offer(me, me, gold=1, inspect=(m,), buys_pass=False)
        return (
            m != me
            and (g.round, m) not in self.watched
            and me in g.merchants
            and m not in g.deals
            and offer in g.legal_actions(me)
        )

    def bot_move(self) -> None:
        """Let the characters make their next move(s) of the Inspection phase (the first seat the game waits for)."""
        g, bots, me, say = self.game, self.dash.bots, self.dash.seat, self.dash.say
        seat = g.to_act()[0]
        kind = g.awaited(seat)
        if kind == "pick_up_bag":
            say(g.apply(ask(g, bots, seat)))
            m = self.bag()
            say(note(t("{sheriff} picks up {bag}.", sheriff=g.names[seat], bag=bag_of(m, g.names, me)), colour="#333"))
            self._bids(m)
            return
        m = self.bag()
        if kind != "decide" or me not in (m, *g.handlers[m]):  # the characters handle this alone, as the driver does
            for event in step(g, bots):
                say(event)
            return
        if me != m and self._key(m) not in self.heard:  # the merchant has its say to the reader
            self.heard.add(self._key(m))
            self._merchant_offers(m)
            return
        say(g.apply(ask(g, bots, next(o for o in g.to_act() if o != me))))

    def _merchant_offers(self, m: int) -> bool:
        """A character merchant makes an offer about its bag (at most MAX_TALK a bag); True if it did."""
        g = self.game
        if self.talks[m] >= MAX_TALK:
            return False
        offer = self.dash.bots[m].offer(bot_view(g, m))
        if offer is None:
            return False
        self.talks[m] += 1
        self.dash.say(g.apply(offer))
        self._replies(m)
        return True

    def _replies(self, m: int) -> None:
        """The characters who have not agreed to the open offer about ``m``'s bag answer it in turn, as in
        :func:`~sheriff_nb.play.driver.negotiate`: accept, counter, or ignore it (which ends the round of talk)."""
        g, bots, me = self.game, self.dash.bots, self.dash.seat
        for _ in range(2 * len(g.handlers[m]) + 1):
            if m not in g.offers:
                return
            waiting = [s for s in (m, *g.handlers[m]) if s not in g.accepted.get(m, ()) and s != me]
            if not waiting:
                return
            seat, offer = waiting[0], g.offers[m]
            view = bot_view(g, seat)
            reply = bots[seat].answer(view, offer) if seat == m else bots[seat].respond(view, offer)
            if reply is None:
                self.dash.say(note(t("{name} does not take it.", name=g.names[seat]), colour="#555"))
                return
            self.dash.say(g.apply(reply))

    # ------------------------------------------------------------------ the reader's moves
    def _large(self, gold: int) -> bool:
        """Whether paying ``gold`` asks for a confirmation first (see :data:`CONFIRM_FROM`)."""
        return gold >= CONFIRM_FROM and 2 * gold >= self.game.gold[self.dash.seat]

    def _offer(self, confirmed: bool = False) -> None:
        m, me = self.bag(), self.dash.seat
        offer = self.form.offer(me, m)  # gold you do not have is refused here, with a message
        if m == me and not confirmed and self._large(offer.gold):
            self.confirm.ask(
                t(
                    "Offer {n} of your {have} gold? If the sheriff takes it, it is paid and your bag passes.",
                    n=offer.gold,
                    have=self.game.gold[me],
                ),
                t("Yes, offer {n} gold", n=offer.gold),
                lambda: self._offer(confirmed=True),
            )
            return
        self.dash.say(self.game.apply(offer))
        self._replies(m)
        if m != me and m in self.game.offers and self.game.offers[m].player != m:
            self._merchant_offers(m)  # the merchant said no to our counter-offer: it may try again

    def _accept(self) -> None:
        m = self.bag()
        self.dash.say(self.game.apply(A.Accept(self.dash.seat, m)))
        self._replies(m)

    def _let_decide(self) -> None:
        self.stage[self._key(self.bag())] = STAGE_DECIDE

    def _ignore(self) -> None:
        m = self.bag()
        self.dash.say(note(t("You ignore the offer."), colour="#555"))
        if not self._merchant_offers(m):
            self.dash.say(
                note(
                    t("{name} has nothing more to offer: let the bag pass or inspect it.", name=self.game.names[m]),
                    colour="#555",
                )
            )

    def _pass(self) -> None:
        self.dash.say(self.game.apply(A.Pass(self.dash.seat, self.bag())))

    def _inspect(self) -> None:
        self.dash.say(self.game.apply(A.Inspect(self.dash.seat, self.bag())))

    def _take(self) -> None:
        g, m = self.game, self.bag_menu.value
        if m not in g.pending:
            return
        g.apply(A.PickUpBag(self.dash.seat, m))
        self.dash.say(note(t("You pick up {bag}.", bag=bag_of(m, g.names, self.dash.seat)), colour="#333"))
        self._bids(m)

    def _bids(self, m: int) -> None:
        """The character merchants may pay to have ``m``'s bag opened (the reader answers in the panel)."""
        for event in bid_for_inspection(self.game, self.dash.bots, m, skip=(self.dash.seat,)):
            self.dash.say(event)

    def _pay_for_inspection(self, confirmed: bool = False) -> None:
        g, me, m = self.game, self.dash.seat, self.bag()
        gold = self.pay_gold.value
        if not 1 <= gold <= g.gold[me]:
            raise BribeError(
                t("you have {have} gold: you cannot offer {n}", have=g.gold[me], n=gold)
                if gold > 0
                else t("a payment is at least 1 gold")
            )
        if not confirmed and self._large(gold):
            self.confirm.ask(
                t("Pay {n} of your {have} gold to have {name}'s bag opened?", n=gold, have=g.gold[me], name=g.names[m]),
                t("Yes, pay {n} gold", n=gold),
                lambda: self._pay_for_inspection(confirmed=True),
            )
            return
        self.dash.say(g.apply(A.Offer(me, me, gold=gold, inspect=(m,), buys_pass=False)))
        self.watched.add((g.round, m))
        for event in answer_paid_inspection(g, self.dash.bots, me, skip=(me,)):
            self.dash.say(event)
        if me in g.offers:
            self.dash.say(
                note(t("{name} does not take it.", name=" & ".join(g.names[s] for s in g.handlers[m])), colour="#555")
            )

    def _go_on(self) -> None:
        self.watched.add((self.game.round, self.bag()))

    def _stack(self) -> None:
        self.dash.say(self.game.apply(A.DiscardConfiscated(self.dash.seat, self.pile.value, tuple(self.stack.order))))

    def _accept_payment(self, payer: int) -> None:
        self.dash.say(self.game.apply(A.Accept(self.dash.seat, payer)))
        for event in answer_paid_inspection(self.game, self.dash.bots, payer, skip=(self.dash.seat,)):
            self.dash.say(event)  # six players: the other deputy answers too

    def _claim(self) -> None:
        good = self.claim_menu.value or None
        self.dash.say(self.game.apply(A.ClaimBlackMarket(self.dash.seat, good)))

    def _booty(self) -> None:
        odd = self.booty_menu.value
        self.dash.say(self.game.apply(A.SplitBooty(self.dash.seat, None if odd < 0 else odd)))

    # ------------------------------------------------------------------ controls
    def panel(self, need: str, view: Mapping) -> list[W.Widget]:
        """The controls for ``need`` (from :meth:`need`), built from the reader's ``view`` only: one method per need,
        looked up in :data:`PANELS`."""
        return getattr(self, PANELS[need])(view)

    def _claim_panel(self, view: Mapping) -> list[W.Widget]:
        stand, market = view["stands"][self.dash.seat], view["black_market"]
        goods = [good for good, pile in market.items() if pile and stand.get(good, 0) >= 3]
        self.claim_menu.options = [
            (t("Trade 3 {good} for the card worth {value}", good=card_name(good, 3), value=market[good][-1]), good)
            for good in goods
        ] + [(t("No claim this round"), "")]
        self.claim_menu.value = goods[0] if goods else ""
        return [
            html_widget(note(t("Black Market: you hold 3 of a contraband on your stand. Trade them?"))),
            self.claim_menu,
            self.claim_button,
        ]

    def _booty_panel(self, view: Mapping) -> list[W.Widget]:
        names, me = view["names"], self.dash.seat
        self.booty_menu.options = [(who(s, names, me), s) for s in view["sheriffs"]] + [(t("the discard pile"), -1)]
        self.booty_menu.value = view["sheriffs"][0]
        text = t(
            "The Booty does not split evenly. Who takes the odd coin or card? It goes "
            "there only if both deputies say the same."
        )
        return [html_widget(note(text)), self.booty_menu, self.booty_button]

    def _discard_panel(self, view: Mapping) -> list[W.Widget]:
        self.stack.set_cards(view["confiscated"])
        text = t(
            "1st edition: you put the confiscated cards on a discard pile, in the order "
            "you choose. The card on top is the first a merchant may take."
        )
        how = t("Click the cards from the bottom up, or put them down as they are.")
        return [
            html_widget(note(text) + note(how, colour="#555")),
            self.stack,
            wrap_row(self.pile, self.stack_button),
        ]

    def _watch_panel(self, view: Mapping) -> list[W.Widget]:
        m, me, names = self.bag(), self.dash.seat, view["names"]
        self.pay_note.value = note(t("you have {n} gold", n=view["gold"][me]), colour=MUTED)
        officials = " & ".join(names[s] for s in view["handlers"][m])
        decl = declaration_text(*view["declarations"][m])
        text = note(
            t("{officials} picks up {name}'s bag, declared “{decl}”.", officials=officials, name=names[m], decl=decl)
        )
        text += note(
            t("You may pay to have it opened: a binding deal, paid at once if accepted.")
            + (" " + t("It buys no pass of your own bag.") if me in view["pending"] else ""),
            colour="#555",
        )
        return [
            html_widget(text),
            wrap_row(self.pay_gold, self.pay_note),
            wrap_row(self.pay_button, self.go_on_button),
            self.confirm,
        ]

    def _pick_panel(self, view: Mapping) -> list[W.Widget]:
        names = view["names"]
        self.bag_menu.options = [
            (f"{names[s]}: {quote(declaration_text(*view['declarations'][s]))}", s) for s in view["pending"]
        ]
        self.bag_menu.value = view["pending"][0]
        title = (
            t("You are the sheriff. Which bag do you handle next?")
            if len(view["sheriffs"]) == 1
            else t("You are the lead deputy. Which bag do you both handle next?")
        )
        return [html_widget(note(title)), wrap_row(self.bag_menu, self.take_button)]

    # ------------------------------------------------------------------ the bag in hand: talk or handle
    def _talk_panel(self, view: Mapping) -> list[W.Widget]:
        """The reader's own bag is picked up: offer a bribe, or let the officials decide."""
        m, names = self._bag_form(), view["names"]
        offer, deal = self._open_offer(view, m), view["deals"].get(m)
        officials = " & ".join(names[s] for s in view["handlers"][m])
        if deal:
            lines = [note(t("{officials} took the deal: your bag passes when you go on.", officials=officials))]
        else:
            lines = [self._talk_line(officials)]
        lines += self._terms_lines(view, m, offer, deal)
        self._answer_buttons(view, m, offer, deal)
        if deal:
            return [html_widget("".join(lines)), wrap_row(self.decide_button)]
        buttons = [self.offer_button, self.accept_button, self.decide_button]
        return [html_widget("".join(lines)), self.form, wrap_row(*buttons), self.confirm]

    def _handle_panel(self, view: Mapping) -> list[W.Widget]:
        """The reader, an official, decides about a merchant's bag: answer its offer, bargain, pass or inspect."""
        m = self._bag_form()
        offer, deal = self._open_offer(view, m), view["deals"].get(m)
        lines = self._handle_lines(view, m) + self._terms_lines(view, m, offer, deal)
        can_accept = self._answer_buttons(view, m, offer, deal)
        self.ignore_button.layout.display = None if (can_accept and offer["player"] == m) else "none"
        decide = [html_widget(heading(t("Your decision"), 5)), wrap_row(self.pass_button, self.inspect_button)]
        payments = self._payment_offers(m, view)
        if deal:
            return [html_widget("".join(lines)), *payments, *decide]
        answer = [wrap_row(self.accept_button, self.ignore_button)] if can_accept else []
        counter = [
            html_widget(
                heading(t("Or bargain first: ask for something in return"), 5)
                + note(t("A bribe is paid only if the bag passes; a deal means you must let it pass."), colour="#555")
            ),
            self.form,
            wrap_row(self.counter_button),
        ]
        return [html_widget("".join(lines)), *answer, *payments, *decide, *counter]

    def _bag_form(self) -> int:
        """The bag in hand, with the offer form set up for it once per bag (a refused offer keeps what you typed)."""
        m = self.bag()
        if self._configured != self._key(m):
            for child in self.form.stand.children:
                close_tree(child)
            self.form.configure(self.game, m, self.dash.seat)
            self._configured = self._key(m)
        return m

    @staticmethod
    def _open_offer(view: Mapping, m: int) -> Mapping | None:
        """The open offer about ``m``'s bag (a payment to open another bag is not about this one)."""
        offer = view["offers"].get(m)
        return offer if offer and offer["buys_pass"] else None

    @staticmethod
    def _talk_line(officials: str) -> str:
        return note(
            t(
                "{officials} has picked up your bag. Offer a bribe, or say nothing and let the decision come.",
                officials=officials,
            )
        ) + note(
            t(
                "A bribe is paid only if your bag passes. An honest bag that is opened earns you 2 "
                "gold a card from the sheriff."
            ),
            colour="#555",
        )

    @staticmethod
    def _handle_lines(view: Mapping, m: int) -> list[str]:
        """The bag, its declaration and what opening it costs or earns (and how two deputies decide)."""
        names = view["names"]
        decl = declaration_text(*view["declarations"][m])
        lines = [
            note(t("{name}'s bag: declared “{decl}”.", name=names[m], decl=decl))
            + note(
                t(
                    "Open it and find a lie: the liar pays you the penalties of every wrong card. Open "
                    "an honest bag: you pay 2 gold a card."
                ),
                colour="#555",
            )
        ]
        if len(view["handlers"][m]) == 2:
            text = t(
                "Two deputies decide together: a deal needs you both, and if you disagree the one "
                "who wants to open the bag handles it alone. What you both take goes on the "
                "Booty and is shared at the end of the round."
            )
            lines.append(note(text, colour="#555"))
        return lines

    def _terms_lines(self, view: Mapping, m: int, offer: Mapping | None, deal: Mapping | None) -> list[str]:
        """The deal, or the open offer and who has accepted it, and the bribe on the table."""
        me, names = self.dash.seat, view["names"]
        official = me in view["sheriffs"]  # binding terms address the officials as "you"
        lines = []
        if deal:
            terms = offer_terms(deal, names, official)
            lines.append(note("✔ " + t("Deal: {terms}. The bag must pass.", terms=terms), colour="#00573F"))
        elif offer:
            terms = offer_terms(offer, names, official)
            agreed = [s for s in view["accepted"].get(m, ()) if s != offer["player"]]  # its maker agrees already
            said = (
                t("Your proposal, waiting for an answer: {terms}", terms=terms)
                if offer["player"] == me
                else t("{name} proposes a deal: {terms}", name=names[offer["player"]], terms=terms)
            )
            if agreed:
                said += " " + t("Already accepted by: {names}.", names=", ".join(who(s, names, me) for s in agreed))
            lines.append(note(said))
        table = view["table"].get(m)
        if table and not deal:  # S002: "o último suborno oferecido (se houver) deve ser pago"
            text = t(
                "On the table: {name}'s last offer, {terms}. If the bag is handed back, it is paid, even without “Deal!”.",
                name=who(m, names, me),
                terms=offer_terms(table, names, official),
            )
            lines.append(note(text, colour="#8A3A00"))
        return lines

    def _answer_buttons(self, view: Mapping, m: int, offer: Mapping | None, deal: Mapping | None) -> bool:
        """Show the Accept button when the reader may accept the open offer (returned), and word "Continue"."""
        me, names = self.dash.seat, view["names"]
        mine = offer is not None and (offer["player"] == me or me in view["accepted"].get(m, ()))
        can_accept = offer is not None and not mine and not deal
        self.accept_button.layout.display = None if can_accept else "none"
        if can_accept:
            self.accept_button.description = self.accept_button.tooltip = (
                t("Accept: Deal!")
                if me in view["sheriffs"]
                else t("Accept: you pay {terms}", terms=offer_terms(offer, names))
            )
        self.decide_button.description = self.decide_button.tooltip = (
            t("Continue") if deal else t("Let the sheriff decide")
        )
        self.decide_button.icon = "forward" if deal else "gavel"
        return can_accept

    def _payment_offers(self, m: int, view: Mapping) -> list[W.Widget]:
        """Other merchants' open offers to pay for opening ``m``'s bag, each with its Accept button."""
        me, names, rows = self.dash.seat, view["names"], []
        for payer, offer in view["offers"].items():
            if payer == m or m not in offer["inspect"] or me in view["accepted"].get(payer, ()):
                continue
            accept = control(t("Accept {name}'s payment", name=names[payer]), "accept-payment", "success", "check")
            accept.on_click(self.dash.click(lambda p=payer: self._accept_payment(p), accept.description))
            others = dict(offer, inspect=[s for s in offer["inspect"] if s != m], buys_pass=None)  # this bag: said
            rows.append(
                html_widget(
                    note(
                        t(
                            "{name} offers you {terms} if you open this bag.",
                            name=names[payer],
                            terms=offer_terms(others, names, True),
                        )
                    )
                )
            )
            rows.append(wrap_row(accept))
        return rows


__all__ = ["InspectionTurn", "PANELS"]
