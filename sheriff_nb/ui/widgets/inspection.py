"""Phase 4: the inspection/bribe panel (play either seat), an inspection calculator and a debt calculator.

Everything here asks the engine: offers, deals and decisions are real actions on a real game, and the
arithmetic comes from :func:`~sheriff_nb.engine.inspection.inspect_bag` and :func:`~sheriff_nb.engine.inspection.pay_debt`.

>>> panel = InspectionPanel("merchant")
>>> panel.form.gold.value = 6
>>> panel.offer_button.click()               # Little John takes 6 gold...
>>> panel.decide_button.click()              # ...and must let the bag pass
>>> panel.game.gold[:2]
[56, 44]
"""

from __future__ import annotations

from collections import Counter

import ipywidgets as W

from ...engine import actions as A
from ...engine.cards import GOODS, LEGAL_GOODS, card_id, value
from ...engine.errors import BribeError, RuleError
from ...engine.inspection import inspect_bag, pay_debt
from ...play.driver import bot_view, step
from ...play.lesson_cast import lesson_game
from ..i18n import N_, card_name, goods_text, pN_, pt, rule_message, t
from ..numbers import quote
from ..palette import INK_TEXT, MUTED
from .base import (
    button,
    error_html,
    esc,
    form_grid,
    form_label,
    guarded,
    heading,
    html_widget,
    labelled,
    live,
    note,
    number_grid,
    ok_html,
    table_html,
    try_apply,
    wrap_box,
)
from .cards import GoodsEditor, HandPicker, cards_row_html, stand_html, stands_table_html
from .narration import narrate
from .phases import declaration_text, penalty_sum, round_bar


class OfferForm(W.VBox):
    """The terms of a deal, in the words of whoever fills it in: a merchant *offers* gold and goods for the pass of
    their bag, a sheriff *asks* for them.  Beside the gold: how much gold the payer has; a larger amount is refused
    with a message, never lowered behind the reader's back.  The binding terms ("the sheriff also opens X's bag")
    say that they bind, addressed to the sheriff as "you" when he fills in the form; a promise binds nobody.

    >>> from sheriff_nb.play.lesson_cast import lesson_game
    >>> game, _ = lesson_game("inspection")
    >>> form = OfferForm(); form.configure(game, merchant=1, viewer=1)
    >>> form.gold.value = 60
    >>> form.offer(1, 1)
    Traceback (most recent call last):
    ...
    sheriff_nb.engine.errors.BribeError: you have 50 gold: you cannot offer 60
    >>> from sheriff_nb.ui.widgets.base import screen_text
    >>> form.configure(game, merchant=2, viewer=0); "you will also open" in screen_text(form)
    True
    """

    def __init__(self):
        super().__init__(layout=W.Layout(max_width="100%"))
        self.gold = W.IntText(value=0, layout=W.Layout(width="80px"))
        self.gold.add_class("sheriff-offer-gold")
        self.gold_note = html_widget()
        self.bag_good = W.Dropdown(options=[("—", "")], layout=W.Layout(width="auto", max_width="100%"))
        self.bag_count = W.BoundedIntText(value=1, min=1, max=5, layout=W.Layout(width="64px"))
        self.promise = W.Text(value="", layout=W.Layout(width="300px", max_width="100%"))
        self.must_inspect = W.Dropdown(options=[("—", -1)], layout=W.Layout(width="auto", max_width="100%"))
        self.must_pass = W.Dropdown(options=[("—", -1)], layout=W.Layout(width="auto", max_width="100%"))
        self.stand = HandPicker((), pN_("card button", "offer"), pN_("card chosen", "chosen"))
        self.labels = {key: form_label() for key in ("gold", "bag", "promise", "inspect", "pass")}
        self.stand_title, self.title, self.binding = html_widget(), html_widget(), html_widget()
        self.stand_box = W.VBox([self.stand_title, self.stand], layout=W.Layout(max_width="100%"))
        self._about: tuple | None = None  # (game, merchant, viewer)

    def configure(self, game, merchant: int, viewer: int) -> None:
        """Set the form up for a deal about ``merchant``'s bag as ``viewer`` sees it: in the merchant's words
        (``viewer == merchant``) or the sheriff's; the stand goods ``viewer`` can see (the sheriff sees only legal
        goods) and the other bags still waiting."""
        self._about = (game, merchant, viewer)
        own, name, gold = viewer == merchant, game.names[merchant], game.gold[merchant]
        self.gold.value = 0
        visible = {g: n for g, n in game.view(viewer)["stands"][merchant].items() if g in GOODS}
        self.stand.verb, self.stand.chosen = ("offer", "offered") if own else ("ask for", "asked for")
        self.stand.set_hand(visible)
        self.bag_good.options = [("—", "")] + [
            (card_name(g), g) for g in GOODS if game.options.royal or GOODS[g].kind != "royal"
        ]
        self.bag_good.value = ""
        others = [("—", -1)] + [(game.names[s], s) for s in game.pending if s != merchant]
        self.must_inspect.options = self.must_pass.options = others
        self.must_inspect.value = self.must_pass.value = -1
        self.promise.value = ""
        self.promise.placeholder = (
            t("e.g. I'll let you pass when I'm sheriff") if own else t("e.g. I won't open your next bag")
        )
        words = _OWN_WORDS if own else _SHERIFF_WORDS
        self.title.value = heading(t(words["title"], name=name), 5)
        self.gold_note.value = note(t(words["gold_note"], n=gold, name=name), colour=MUTED)
        self.stand_title.value = note(t(words["stand"], name=name), colour=INK_TEXT)
        for key in self.labels:
            self.labels[key].value = form_label(t(words[key], name=name)).value
        rows = [
            (self.labels["gold"], [self.gold, self.gold_note]),
            (self.labels["bag"], [self.bag_count, self.bag_good]),
            (self.labels["promise"], self.promise),
        ]
        notes = [words["unseen"]] if words["unseen"] else []
        if len(others) > 1:
            rows += [(self.labels["inspect"], self.must_inspect), (self.labels["pass"], self.must_pass)]
            notes.append(words["binding"])
        self.binding.value = "".join(note(t(text), colour=MUTED) for text in notes)
        self.children = [self.title, *([self.stand_box] if visible else []), form_grid(rows), self.binding]

    def set_enabled(self, enabled: bool) -> None:
        """Grey the whole form out (a bag already handled: its bargaining is over) or give it back."""
        for widget in (
            self.gold,
            self.bag_good,
            self.bag_count,
            self.promise,
            self.must_inspect,
            self.must_pass,
            *self.stand.toggles,
        ):
            widget.disabled = not enabled

    def offer(self, player: int, merchant: int) -> A.Offer:
        """The form as an :class:`~sheriff_nb.actions.Offer` made by ``player`` about ``merchant``'s bag.  Gold the
        merchant does not have is refused here, in the form's own words (:class:`~sheriff_nb.engine.errors.BribeError`)."""
        if self._about is not None:
            game = self._about[0]
            have, asked = game.gold[merchant], self.gold.value
            if asked < 0:
                raise BribeError(t("gold is a whole number of coins, 0 or more; not {n}", n=asked))
            if asked > have:
                raise BribeError(
                    t("you have {have} gold: you cannot offer {n}", have=have, n=asked)
                    if player == merchant
                    else t(
                        "{name} has {have} gold: you cannot ask for {n}", name=game.names[merchant], have=have, n=asked
                    )
                )
        bag = [self.bag_good.value] * self.bag_count.value if self.bag_good.value else []
        return A.Offer(
            player,
            merchant,
            gold=self.gold.value,
            stand=self.stand.selected,
            bag=bag,
            promise=self.promise.value.strip(),
            inspect=(self.must_inspect.value,) if self.must_inspect.value >= 0 else (),
            passes=(self.must_pass.value,) if self.must_pass.value >= 0 else (),
        )


_OWN_WORDS = {
    "title": N_("What you offer for the pass of your bag"),
    "gold_note": N_("you have {n} gold"),
    "stand": N_("Goods from your stand (click the ones you offer)"),
    "gold": N_("Gold"),
    "bag": N_("Cards from your bag"),
    "promise": N_("A promise (binds nobody)"),
    "inspect": N_("…and the sheriff also opens the bag of"),
    "pass": N_("…and the sheriff also lets pass the bag of"),
    "binding": N_("The last two terms bind: once the deal is made, the game holds the sheriff to them."),
    "unseen": N_(
        "The menu of cards from your bag lists every good: the rules let you promise cards your bag does not hold, "
        "but those are not paid."
    ),
}
"""The form's words for the merchant who offers."""
_SHERIFF_WORDS = {
    "title": N_("What you ask of {name} for letting the bag pass"),
    "gold_note": N_("{name} has {n} gold"),
    "stand": N_("Goods from {name}'s stand (click the ones you ask for)"),
    "gold": N_("Gold"),
    "bag": N_("Cards from the bag"),
    "promise": N_("Your promise (binds nobody)"),
    "inspect": N_("…and you will also open the bag of"),
    "pass": N_("…and you will also let pass the bag of"),
    "binding": N_("The last two terms bind you: once the deal is made, the game holds you to them."),
    "unseen": N_("You cannot see the bag: cards you ask for that are not in it are not paid."),
}
"""The form's words for the sheriff who asks."""


class InspectionPanel(W.VBox):
    """Phase 4 from either seat, on the lesson game (or ``game`` with one ``bots`` entry per seat).

    * ``role="merchant"``: you (seat 1) carry a lying bag; offer a bribe, accept Little John's counter-offer,
      then let him decide.  "Finish the round" lets the sheriff handle the other bags.
    * ``role="sheriff"``: you (seat 0) handle Alan-a-Dale's, Will Scarlet's and Maid Marion's bags: listen to
      their offers, accept or counter, then pass or inspect.
    """

    def __init__(self, role: str = "merchant", game=None, bots=None, seat: int | None = None):
        super().__init__(layout=W.Layout(max_width="100%"))
        self.role_picker = W.ToggleButtons(
            options=[(t("You are a merchant"), "merchant"), (t("You are the sheriff"), "sheriff")],
            value=role,
            style={"button_width": "auto"},
            layout=W.Layout(max_width="100%"),
        )
        self.role_picker.observe(lambda change: self.reset(change["new"]), names="value")
        self.form = OfferForm()
        self.error, self.status, self.table = html_widget(), html_widget(), html_widget()
        self.story = live(html_widget())
        self.offer_button = button(t("Offer"), "primary", icon="handshake-o")
        self.accept_button = button(t("Accept (Deal!)"), "success", icon="check")
        self.decide_button = button(t("Let the sheriff decide"), "warning", icon="gavel")
        self.pass_button = button(t("Let it pass"), "success", icon="arrow-right")
        self.inspect_button = button(t("Inspect"), "danger", icon="search")
        self.finish_button = button(t("Finish the round"), "primary", icon="forward")
        self.bag_picker = W.ToggleButtons(options=[], style={"button_width": "auto"}, layout=W.Layout(max_width="100%"))
        self.bag_picker.observe(self._bag_chosen, names="value")
        self.pile = labelled(
            W.Dropdown(options=[(t("left"), 0), (t("right"), 1)], layout=W.Layout(width="auto")), t("discard pile")
        )
        for widget, callback in [
            (self.offer_button, self._offer),
            (self.accept_button, self._accept),
            (self.decide_button, self._decide),
            (self.pass_button, self._pass),
            (self.inspect_button, self._inspect),
            (self.finish_button, self._finish),
        ]:
            widget.on_click(guarded(self.error)(callback))
        self.reset(role, game, bots, seat)

    # ------------------------------------------------------------------ setup
    def reset(self, role: str, game=None, bots=None, seat: int | None = None) -> None:
        """A fresh lesson game at Inspection with you in ``role``."""
        self.role = role
        if game is None:
            game, bots = lesson_game("inspection", role, words=pt)
        self.game, self.bots = game, bots
        self.seat = seat if seat is not None else (game.sheriff if role == "sheriff" else 1)
        self._heard: set[int] = set()
        self._start_round = game.round
        self.story.value = self.error.value = ""
        if self.role_picker.value != role:
            self.role_picker.value = role
        self.bar = round_bar(game)
        if role == "merchant":
            self.form.configure(game, self.seat, self.seat)
            bag = game.bags[self.seat] or Counter()
            decl = declaration_text(*game.declarations[self.seat]) if game.declarations[self.seat] else ""
            mine = html_widget(
                heading(t("Your bag (only you can see it)"), 5)
                + cards_row_html(bag, size="s")
                + note(t("Your declaration: “{decl}”", decl=decl))
            )
            body = [
                mine,
                html_widget(
                    note(
                        t("Sheriff {sheriff} is looking at your bag…", sheriff=game.names[game.sheriff]), colour="#333"
                    )
                ),
                self.form,
                wrap_box([self.offer_button, self.accept_button, self.decide_button]),
            ]
        else:
            self.bag_picker.unobserve(self._bag_chosen, names="value")
            self.bag_picker.options = [(game.names[m], m) for m in game.pending]
            self.bag_picker.value = None
            self.bag_picker.observe(self._bag_chosen, names="value")
            choose = [self.pile] if len(game.discards) == 2 else []
            body = [
                html_widget(heading(t("Choose a bag"), 5)),
                self.bag_picker,
                self.status,
                html_widget(
                    note(t("To ask for a bribe, fill in what you want and press “Ask for this”."), colour="#555")
                ),
                self.form,
                wrap_box([self.offer_button, self.accept_button]),
                wrap_box([self.pass_button, self.inspect_button, *choose]),
            ]
            self.offer_button.description = self.offer_button.tooltip = t("Ask for this")
        if role == "merchant":
            self.offer_button.description = self.offer_button.tooltip = t("Offer")
        self.children = [self.role_picker, self.bar, *body, self.error, self.story, self.finish_button, self.table]
        self._refresh()
        if role == "sheriff" and game.pending:
            self.bag_picker.value = game.pending[0]

    # ------------------------------------------------------------------ helpers
    @property
    def merchant(self) -> int | None:
        """The bag being talked about: yours as a merchant, the chosen one as sheriff."""
        return self.seat if self.role == "merchant" else self.bag_picker.value

    def _say(self, *events: dict | None) -> None:
        self.story.value += "".join(narrate(e, self.game, self.seat) for e in events if e)

    def _refresh(self) -> None:
        game, m = self.game, self.merchant
        pending = m in game.pending if m is not None else False
        offer = game.offers.get(m) if pending else None
        waiting_for_me = offer is not None and offer.player != self.seat
        self.accept_button.disabled = not waiting_for_me
        self.offer_button.disabled = not pending
        self.decide_button.disabled = not pending
        self.pass_button.disabled = self.inspect_button.disabled = not pending
        self.form.set_enabled(pending)  # a handled bag's bargaining is over: its form goes grey
        self.decide_button.description = self.decide_button.tooltip = (
            t("Continue") if m in game.deals else t("Let the sheriff decide")
        )
        self.finish_button.layout.display = "none" if (pending and self.role == "merchant") else None
        self.finish_button.disabled = not game.pending or game.round != self._start_round
        if self.role == "sheriff":
            self.finish_button.layout.display = "none"
            lines = []
            if m is not None and m in game.pending:
                decl = declaration_text(*game.declarations[m])
                lines.append(note(t("{name}: “{decl}”", name=game.names[m], decl=decl), colour="#222"))
                view = game.view(self.seat)
                lines.append(stand_html(view["stands"][m], game.names[m]))
                offer = view["offers"].get(m)  # read before the buttons that answer it
                if offer is not None and offer["player"] != self.seat and m not in game.deals:
                    lines.append(narrate({"kind": "offer", "merchant": m, **offer}, game, self.seat))
            self.status.value = "".join(lines)
        self.bar.value = round_bar(game).value
        self.table.value = heading(t("Gold and stands"), 5) + stands_table_html(game, self.seat)

    def _after_bag(self) -> None:
        """When a bag is done: as sheriff move to the next one; as merchant offer to finish the round."""
        if self.role == "sheriff" and self.game.pending:
            self.bag_picker.options = [(self.game.names[s], s) for s in self.game.pending]
            self.bag_picker.value = self.game.pending[0]
        elif self.role == "sheriff":
            self.bag_picker.options = []
            self.story.value += note(t("The round is over."), colour="#333")
        self._refresh()

    # ------------------------------------------------------------------ callbacks
    def _bag_chosen(self, change) -> None:
        m = change["new"]
        if m is None or m not in self.game.pending:
            return
        self.error.value = ""
        self.form.configure(self.game, m, self.seat)
        if m not in self._heard and self.bots is not None:  # the merchant may open with an offer
            self._heard.add(m)
            offer = self.bots[m].offer(bot_view(self.game, m))
            if offer is not None:  # shown above the form and the buttons, by _refresh
                try_apply(self.game, offer, None)
        self._refresh()

    def _offer(self, _button=None) -> None:
        m = self.merchant
        ok, event = try_apply(self.game, self.form.offer(self.seat, m), self.error)
        if not ok:
            return
        self._say(event)
        if self.bots is not None:
            other = self.game.sheriff if self.role == "merchant" else m
            name = self.game.names[other]
            view = bot_view(self.game, other)
            offer = self.game.offers[m]
            reply = (
                self.bots[other].respond(view, offer)
                if self.role == "merchant"
                else self.bots[other].answer(view, offer)
            )
            if reply is None:
                self.story.value += note(t("{name} answers: no deal.", name=name), colour="#555")
            else:
                ok, event = try_apply(self.game, reply, self.error)
                self._say(event if ok else None)
        self._refresh()

    def _accept(self, _button=None) -> None:
        ok, event = try_apply(self.game, A.Accept(self.seat, self.merchant), self.error)
        self._say(event if ok else None)
        self._refresh()

    def _decide(self, _button=None) -> None:
        if self.bots is None:
            return
        sheriff = self.game.sheriff
        action = self.bots[sheriff].decide(bot_view(self.game, sheriff), self.merchant)
        ok, event = try_apply(self.game, action, self.error)
        self._say(event if ok else None)
        self._after_bag()

    def _pass(self, _button=None) -> None:
        ok, event = try_apply(self.game, A.Pass(self.seat, self.merchant), self.error)
        self._say(event if ok else None)
        if ok:
            self._after_bag()

    def _inspect(self, _button=None) -> None:
        ok, event = try_apply(self.game, A.Inspect(self.seat, self.merchant), self.error)
        self._say(event if ok else None)
        if ok and self.game.confiscated:  # 1st edition: onto the chosen pile, in rulebook order
            self.game.apply(A.DiscardConfiscated(self.seat, self.pile.value))
        if ok:
            self._after_bag()

    def _finish(self, _button=None) -> None:
        """Let the characters handle the remaining bags (merchant role)."""
        if self.bots is None or self.role == "sheriff":
            return
        start = self.game.round
        while self.game.round == start and not self.game.is_over:
            for event in step(self.game, self.bots):
                self._say(event)
        self.story.value += note(t("The round is over."), colour="#333")
        self._refresh()
        self.finish_button.disabled = True


def inspection_panel(role: str = "merchant", game=None, bots=None) -> InspectionPanel:
    """``sn.widgets.inspection_panel("sheriff")``: phase 4 from either seat (see :class:`InspectionPanel`)."""
    return InspectionPanel(role, game, bots)


def inspection_text(bag, declared: str) -> str:
    """What opening ``bag`` declared as ``len(bag) × declared`` does, with the arithmetic (HTML)."""
    bag = Counter({card_id(g): n for g, n in dict(bag).items() if n})
    try:
        result = inspect_bag(bag, declared)
    except RuleError as broken:
        return error_html(rule_message(broken))
    decl = declaration_text(card_id(declared), sum(bag.values()))
    head = f"<b>{esc(goods_text(bag))}</b> — {quote(esc(decl))}"
    if result.honest:
        text = t(
            "Honest! The sheriff pays the penalties: {sum} = {gold} gold.",
            sum=penalty_sum(bag).rsplit(" = ", 1)[0],
            gold=-result.gold_to_sheriff,
        )
        return head + ok_html(text)
    text = t(
        "A lie! To the stand: {keep}. Confiscated: {lost}. The merchant pays their penalties: {sum} = {gold} gold.",
        keep=goods_text(result.to_stand, empty="nothing"),
        lost=goods_text(result.confiscated),
        sum=penalty_sum(result.confiscated).rsplit(" = ", 1)[0],
        gold=result.gold_to_sheriff,
    )
    return head + error_html(text).replace("✘ ", "")


class InspectCalculator(W.VBox):
    """Build any bag, pick the declared good, and read what an inspection does."""

    def __init__(self, bag=None, declared: str = "cheese", royal: bool = False):
        super().__init__(layout=W.Layout(max_width="100%"))
        self.editor = GoodsEditor(bag or {"cheese": 2, "mead": 1}, royal=royal, maximum=5)
        self.declared = labelled(
            W.Dropdown(
                options=[(card_name(g), g) for g in LEGAL_GOODS], value=card_id(declared), layout=W.Layout(width="auto")
            ),
            t("Declared as"),
        )
        self.result = live(html_widget())
        self.editor.on_change(lambda _goods: self.update())
        self.declared.observe(lambda _change: self.update(), names="value")
        self.children = [html_widget(heading(t("Bag"), 5)), self.editor, self.declared, self.result]
        self.update()

    def update(self) -> str:
        """Recompute the result line."""
        self.result.value = inspection_text(self.editor.value, self.declared.value)
        return self.result.value


def inspect_calculator(bag=None, declared: str = "cheese", royal: bool = False) -> InspectCalculator:
    """``sn.widgets.inspect_calculator({"chickens": 4}, "chickens")``: open any bag on paper."""
    return InspectCalculator(bag, declared, royal)


def debt_text(owed: int, gold: int, stand) -> str:
    """How a debt is paid: gold first, then stand goods worth at least the rest, the rest forgiven (HTML)."""
    payment = pay_debt(owed, gold, stand)
    return ok_html(
        t(
            "Pays {gold} gold, then {goods} (worth {worth}); forgiven: {forgiven}.",
            gold=payment.gold,
            goods=goods_text(payment.goods),
            worth=value(payment.goods),
            forgiven=payment.forgiven,
        )
    )


class DebtCalculator(W.VBox):
    """Someone owes more gold than they have: see what they hand over (our debt example, rules reference, section Worked
    examples)."""

    def __init__(self, owed: int = 3, gold: int = 0, stand=None):
        super().__init__(layout=W.Layout(max_width="100%"))
        self.owed = labelled(W.BoundedIntText(value=owed, min=0, max=200, layout=W.Layout(width="130px")), t("Owed"))
        self.gold = labelled(
            W.BoundedIntText(value=gold, min=0, max=200, layout=W.Layout(width="170px")), t("Debtor's gold")
        )
        self.stand = GoodsEditor(stand if stand is not None else {"chickens": 1}, maximum=20)
        self.result = html_widget()
        for box in (self.owed, self.gold):
            box.observe(lambda _change: self.update(), names="value")
        self.stand.on_change(lambda _goods: self.update())
        self.children = [
            number_grid([self.owed, self.gold]),
            html_widget(heading(t("Stand goods"), 5)),
            self.stand,
            self.result,
        ]
        self.update()

    def update(self) -> str:
        """Recompute the payment."""
        self.result.value = debt_text(self.owed.value, self.gold.value, self.stand.value)
        return self.result.value


def debt_calculator(owed: int = 3, gold: int = 0, stand=None) -> DebtCalculator:
    """``sn.widgets.debt_calculator()``: paying a debt with goods (see :class:`DebtCalculator`)."""
    return DebtCalculator(owed, gold, stand)


def outcomes_table(bags: list[tuple[str, dict, str]]) -> W.HTML:
    """Several named bags opened side by side: name, bag, declaration, honest?, gold to the sheriff."""
    rows = []
    for name, bag, declared in bags:
        result = inspect_bag(bag, declared)
        rows.append(
            [
                name,
                goods_text(bag),
                declaration_text(card_id(declared), sum(bag.values())),
                "✔" if result.honest else "✘",
                result.gold_to_sheriff,
            ]
        )
    return html_widget(
        table_html([t("player"), t("Bag"), t("Declared as"), t("honest"), t("gold to the sheriff")], rows)
    )


__all__ = [
    "OfferForm",
    "InspectionPanel",
    "inspection_panel",
    "InspectCalculator",
    "inspect_calculator",
    "DebtCalculator",
    "debt_calculator",
    "inspection_text",
    "debt_text",
    "outcomes_table",
]
