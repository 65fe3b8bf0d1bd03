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

:func:`tell` narrates every public event in plain words (the ones :func:`~sheriff_nb.ui.widgets.phases.narrate`
does not cover: the Market, votes, the Booty, the Black Market, the start of a round).
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Mapping

import ipywidgets as W

from ...engine import actions as A
from ...engine.errors import BribeError
from ...play.driver import MAX_TALK, answer_paid_inspection, ask, bid_for_inspection, bot_view, step
from ..i18n import card_name, goods_text, ngettext, t
from ..numbers import quote
from ..palette import MUTED
from .base import Confirm, button, close_tree, heading, html_widget, labelled, note, screen_text
from .inspection import OfferForm
from .phases import declaration_text, narrate, offer_terms

STAGE_TALK, STAGE_DECIDE = "talk", "decide"
CONFIRM_FROM = 10
"""An offer of at least this much gold, and at least half the payer's gold, asks "are you sure?" first."""
END_OF_PHASE = {"discard_confiscated": "discard", "claim_black_market": "claim", "split_booty": "booty"}
"""What the reader does when the game waits for them after the bags: stack confiscated cards, claim, split."""


def control(text: str, name: str, style: str = "", icon: str = "") -> W.Button:
    """A button with a stable description and the CSS class ``sheriff-play-<name>`` (for browser tests)."""
    widget = button(text, style, icon=icon)
    widget.add_class(f"sheriff-play-{name}")
    return widget


def redeal(picker, hand) -> None:
    """Show ``hand`` in a :class:`~sheriff_nb.ui.widgets.cards.HandPicker` (which closes the old cards) and mark
    the cards for the browser tests."""
    picker.set_hand(hand)
    for toggle in picker.toggles:
        toggle.add_class("sheriff-play-card")


def _who(seat: int, names: list[str], me: int, start: bool = False) -> str:
    """A player's name, or "you" for the reader ("You" at the start of a sentence)."""
    if seat != me:
        return names[seat]
    return t("You") if start else t("you")


def _bag(seat: int, names: list[str], me: int) -> str:
    return t("your bag") if seat == me else t("{name}'s bag", name=names[seat])


def tell(event: Mapping, game, me: int, drawn: Mapping[str, int] | None = None) -> str:
    """One public event as a line of HTML for the reader at seat ``me`` (empty when there is nothing to say);
    ``drawn``: the cards the reader drew from the deck in a Market event of theirs (the event only counts them)."""
    kind, names = event.get("kind"), game.names
    mine = event.get("player") == me  # sentences about the reader say "you"
    name = names[event["player"]] if isinstance(event.get("player"), int) else ""
    if kind == "round_start":
        officials = [_who(s, names, me) for s in event["officials"]]
        text = (
            t("Round {n} begins. Deputies: {a} and {b}.", n=event["round"] + 1, a=officials[0], b=officials[1])
            if len(officials) == 2
            else t("Round {n} begins. Sheriff: {name}.", n=event["round"] + 1, name=officials[0])
        )
        return heading(text, 5)
    if kind == "choose_first_merchant":
        merchant = _who(event["merchant"], names, me)
        return note(
            t("You let {merchant} start the Market.", merchant=merchant)
            if mine
            else t("{sheriff} lets {merchant} start the Market.", sheriff=name, merchant=merchant),
            colour="#333",
        )
    if kind == "market":
        return note(_market_text(event, name, mine, drawn), colour="#333")
    if kind == "reshuffle":
        return note(
            t("The deck ran out: {n} discarded cards are shuffled into a new deck.", n=event["cards"]), colour="#555"
        )
    if kind == "accept":
        bag = _bag(event["merchant"], names, me)
        return note(
            t("You agree to the offer about {bag}; the others must agree too.", bag=bag)
            if mine
            else t("{name} agrees to the offer about {bag}; the others must agree too.", name=name, bag=bag)
        )
    if kind == "vote":
        bag = _bag(event["merchant"], names, me)
        inspect = event["vote"] == "inspect"
        if mine:
            return note(t("You vote to open {bag}.", bag=bag) if inspect else t("You vote to let {bag} pass.", bag=bag))
        return note(
            t("{name} votes to open {bag}.", name=name, bag=bag)
            if inspect
            else t("{name} votes to let {bag} pass.", name=name, bag=bag)
        )
    if kind == "split_decision":
        bag = _bag(event["merchant"], names, me)
        return note(
            t("The deputies disagree: you handle {bag} alone.", bag=bag)
            if event["handler"] == me
            else t("The deputies disagree: {name} handles {bag} alone.", name=names[event["handler"]], bag=bag),
            colour="#8A3A00",
        )
    if kind == "booty":
        cards = [goods_text(c, empty="no cards") for c in event["cards"]]
        return note(
            t(
                "The deputies share the Booty: {gold} gold each; cards: {a} / {b}.",
                gold=event["gold_each"],
                a=cards[0],
                b=cards[1],
            ),
            colour="#333",
        )
    if kind == "booty_choice":
        odd = t("the discard pile") if event["odd_to"] is None else _who(event["odd_to"], names, me)
        return note(
            t("You say the odd coin or card goes to {odd}.", odd=odd)
            if mine
            else t("{name} says the odd coin or card goes to {odd}.", name=name, odd=odd),
            colour="#555",
        )
    if kind == "black_market_claim":
        good, value = card_name(event["good"], 3), event["value"]
        return note(
            t("You trade 3 {good} for a Black Market card worth {value}.", good=good, value=value)
            if mine
            else t("{name} trades 3 {good} for a Black Market card worth {value}.", name=name, good=good, value=value),
            colour="#333",
        )
    if kind == "black_market_decline":
        return ""
    if kind == "game_over":
        return heading(t("The game is over."), 5)
    return narrate(event, game, me)


def _market_text(event: Mapping, name: str, mine: bool, drawn: Mapping[str, int] | None = None) -> str:
    aside = goods_text(Counter(event["set_aside"]))
    if mine:
        parts = [t("You set aside {cards}", cards=aside) if event["set_aside"] else t("You keep your whole hand")]
    else:
        parts = [
            t("{name} sets aside {cards}", name=name, cards=aside)
            if event["set_aside"]
            else t("{name} keeps the whole hand", name=name)
        ]
    if event["from_piles"]:
        parts.append(
            t("take {cards} from the discard piles", cards=goods_text(Counter(event["from_piles"])))
            if mine
            else t("takes {cards} from the discard piles", cards=goods_text(Counter(event["from_piles"])))
        )
    if event["from_deck"] and mine and drawn:
        parts.append(t("draw {cards} from the deck", cards=goods_text(drawn)))
    elif event["from_deck"]:
        parts.append(
            ngettext("draw {n} card from the deck", "draw {n} cards from the deck", event["from_deck"])
            if mine
            else ngettext("draws {n} card from the deck", "draws {n} cards from the deck", event["from_deck"])
        )
    return (", ".join(parts[:-1]) + " " + t("and") + " " + parts[-1] if len(parts) > 1 else parts[0]) + "."


class StackOrder(W.VBox):
    """The order in which the 1st-edition sheriff stacks confiscated cards: click them from the bottom up; the cards
    not clicked follow in the order shown.

    >>> stack = StackOrder()
    >>> stack.set_cards(["silk", "crossbow", "apples"])
    >>> stack.buttons[1].click()
    >>> stack.order, stack.buttons[1].disabled
    (['crossbow', 'silk', 'apples'], True)
    """

    def __init__(self) -> None:
        super().__init__(layout=W.Layout(max_width="100%"))
        self.line = html_widget()
        self.again = control(t("Start again"), "stack-again", icon="undo")
        self.again.on_click(lambda _b: self._again())
        self.cards: list[str] = []
        self.buttons: list[W.Button] = []
        self.clicked: list[int] = []
        self.on_change: list = []  # callbacks run when the reader clicks a card or starts again

    def set_cards(self, cards) -> None:
        """Show ``cards`` (in rulebook order) with nothing clicked."""
        for widget in self.buttons:
            widget.close()
        self.cards, self.clicked = list(cards), []
        self.buttons = []
        for index, good in enumerate(self.cards):
            widget = control(card_name(good, 1), "stack-card")
            widget.on_click(lambda _b, i=index: self._click(i))
            self.buttons.append(widget)
        self.children = [wrap_row(*self.buttons, self.again), self.line]
        self._show()

    def _click(self, index: int) -> None:
        if index not in self.clicked:
            self.clicked.append(index)
            self.buttons[index].disabled = True
        self._show()
        for callback in self.on_change:
            callback()

    def _again(self) -> None:
        self.set_cards(self.cards)
        for callback in self.on_change:
            callback()

    @property
    def order(self) -> list[str]:
        """The cards from the bottom of the pile up."""
        rest = [i for i in range(len(self.cards)) if i not in self.clicked]
        return [self.cards[i] for i in self.clicked + rest]

    def _show(self) -> None:
        order = self.order
        self.line.value = note(
            t(
                "From the bottom up: {cards}. On top: {top}.",
                cards=", ".join(card_name(c, 1) for c in order),
                top=card_name(order[-1], 1),
            )
            if order
            else "",
            colour="#333",
        )


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
            say(note(t("{sheriff} picks up {bag}.", sheriff=g.names[seat], bag=_bag(m, g.names, me)), colour="#333"))
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
        self.dash.say(note(t("You pick up {bag}.", bag=_bag(m, g.names, self.dash.seat)), colour="#333"))
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
        """The controls for ``need`` (from :meth:`need`), built from the reader's ``view`` only."""
        g, me, names = self.game, self.dash.seat, view["names"]
        if need == "claim":
            stand = view["stands"][me]
            goods = [g_ for g_, pile in view["black_market"].items() if pile and stand.get(g_, 0) >= 3]
            self.claim_menu.options = [
                (
                    t(
                        "Trade 3 {good} for the card worth {value}",
                        good=card_name(g_, 3),
                        value=view["black_market"][g_][-1],
                    ),
                    g_,
                )
                for g_ in goods
            ] + [(t("No claim this round"), "")]
            self.claim_menu.value = goods[0] if goods else ""
            return [
                html_widget(note(t("Black Market: you hold 3 of a contraband on your stand. Trade them?"))),
                self.claim_menu,
                self.claim_button,
            ]
        if need == "booty":
            self.booty_menu.options = [(_who(s, names, me), s) for s in view["sheriffs"]] + [
                (t("the discard pile"), -1)
            ]
            self.booty_menu.value = view["sheriffs"][0]
            return [
                html_widget(
                    note(
                        t(
                            "The Booty does not split evenly. Who takes the odd coin or card? It goes "
                            "there only if both deputies say the same."
                        )
                    )
                ),
                self.booty_menu,
                self.booty_button,
            ]
        if need == "discard":
            self.stack.set_cards(view["confiscated"])
            return [
                html_widget(
                    note(
                        t(
                            "1st edition: you put the confiscated cards on a discard pile, in the order "
                            "you choose. The card on top is the first a merchant may take."
                        )
                    )
                    + note(t("Click the cards from the bottom up, or put them down as they are."), colour="#555")
                ),
                self.stack,
                wrap_row(self.pile, self.stack_button),
            ]
        if need == "watch":
            m = self.bag()
            self.pay_note.value = note(t("you have {n} gold", n=view["gold"][me]), colour=MUTED)
            officials = " & ".join(names[s] for s in view["handlers"][m])
            text = note(
                t(
                    "{officials} picks up {name}'s bag, declared “{decl}”.",
                    officials=officials,
                    name=names[m],
                    decl=declaration_text(*view["declarations"][m]),
                )
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
        if need == "pick":
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
        m = self.bag()
        if self._configured != self._key(m):  # once per bag: a refused offer keeps what you typed
            for child in self.form.stand.children:
                close_tree(child)
            self.form.configure(g, m, me)
            self._configured = self._key(m)
        offer, deal = view["offers"].get(m), view["deals"].get(m)
        offer = offer if offer and offer["buys_pass"] else None  # a payment to open another bag is not about this one
        lines = []
        if need == "talk" and deal:
            officials = " & ".join(names[s] for s in view["handlers"][m])
            lines.append(note(t("{officials} took the deal: your bag passes when you go on.", officials=officials)))
        elif need == "talk":
            officials = " & ".join(names[s] for s in view["handlers"][m])
            lines.append(
                note(
                    t(
                        "{officials} has picked up your bag. Offer a bribe, or say nothing and let the decision come.",
                        officials=officials,
                    )
                )
                + note(
                    t(
                        "A bribe is paid only if your bag passes. An honest bag that is opened earns you 2 "
                        "gold a card from the sheriff."
                    ),
                    colour="#555",
                )
            )
        else:
            lines.append(
                note(
                    t(
                        "{name}'s bag: declared “{decl}”.",
                        name=names[m],
                        decl=declaration_text(*view["declarations"][m]),
                    )
                )
                + note(
                    t(
                        "Open it and find a lie: the liar pays you the penalties of every wrong card. Open "
                        "an honest bag: you pay 2 gold a card."
                    ),
                    colour="#555",
                )
            )
            if len(view["handlers"][m]) == 2:
                lines.append(
                    note(
                        t(
                            "Two deputies decide together: a deal needs you both, and if you disagree the one "
                            "who wants to open the bag handles it alone. What you both take goes on the "
                            "Booty and is shared at the end of the round."
                        ),
                        colour="#555",
                    )
                )
        official = me in view["sheriffs"]  # binding terms address the officials as "you"
        if deal:
            lines.append(
                note(
                    "✔ " + t("Deal: {terms}. The bag must pass.", terms=offer_terms(deal, names, official)),
                    colour="#00573F",
                )
            )
        elif offer:
            terms = offer_terms(offer, names, official)
            agreed = [s for s in view["accepted"].get(m, ()) if s != offer["player"]]  # its maker agrees already
            lines.append(
                note(
                    (
                        t("Your proposal, waiting for an answer: {terms}", terms=terms)
                        if offer["player"] == me
                        else t("{name} proposes a deal: {terms}", name=names[offer["player"]], terms=terms)
                    )
                    + (
                        " " + t("Already accepted by: {names}.", names=", ".join(_who(s, names, me) for s in agreed))
                        if agreed
                        else ""
                    )
                )
            )
        table = view["table"].get(m)
        if table and not deal:  # S002: "o último suborno oferecido (se houver) deve ser pago"
            lines.append(
                note(
                    t(
                        "On the table: {name}'s last offer, {terms}. If the bag is handed back, it is paid, "
                        "even without “Deal!”.",
                        name=_who(m, names, me),
                        terms=offer_terms(table, names, official),
                    ),
                    colour="#8A3A00",
                )
            )
        mine = offer is not None and (offer["player"] == me or me in view["accepted"].get(m, ()))
        can_accept = offer is not None and not mine and not deal
        self.accept_button.layout.display = None if can_accept else "none"
        if can_accept:
            self.accept_button.description = self.accept_button.tooltip = (
                t("Accept: Deal!") if official else t("Accept: you pay {terms}", terms=offer_terms(offer, names))
            )
        self.decide_button.description = self.decide_button.tooltip = (
            t("Continue") if deal else t("Let the sheriff decide")
        )
        self.decide_button.icon = "forward" if deal else "gavel"
        if need == "talk" and deal:
            return [html_widget("".join(lines)), wrap_row(self.decide_button)]
        if need == "talk":
            buttons = [self.offer_button, self.accept_button, self.decide_button]
            return [html_widget("".join(lines)), self.form, wrap_row(*buttons), self.confirm]
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


def wrap_row(*children: W.Widget) -> W.Box:
    """Controls in a row that wraps on a phone."""
    from .base import wrap_box

    return wrap_box(children)


__all__ = ["InspectionTurn", "StackOrder", "tell", "control", "wrap_row", "redeal", "screen_text"]
