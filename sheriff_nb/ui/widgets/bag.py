"""Phases 2 and 3: load the bag, then declare it.  The engine decides what is allowed; these
widgets only show its answers (a broken rule appears as a red line next to the button).

>>> loader = BagLoader()
>>> for toggle in loader.picker.toggles:
...     toggle.value = True                      # all 6 cards
>>> loader.close_button.click()
>>> "a bag holds 1 to 5 cards; this one holds 6" in loader.error.value, loader.game.bags[1] is None
(True, True)
"""

from __future__ import annotations

from collections import Counter

import ipywidgets as W

from ...engine import actions as A
from ...engine.cards import GOODS, LEGAL_GOODS, card_id, penalty, value
from ...engine.errors import RuleError
from ...engine.game import Game, Phase
from ...engine.inspection import check_bag, check_declaration, inspect_bag
from ...play.lesson_cast import lesson_game, play_until
from ..i18n import card_name, goods_text, ngettext, pN_, pt, rule_message, t
from ..numbers import quote
from .base import (
    button,
    column,
    error_html,
    esc,
    guarded,
    heading,
    html_widget,
    labelled,
    note,
    ok_html,
    try_apply,
    wrap_box,
)
from .cards import HandPicker, cards_row_html
from .narration import narrate
from .phases import declaration_text, round_bar


def bag_summary(bag: Counter) -> str:
    """Live totals of a would-be bag: size, value, what its declaration would be, and the one penalty that counts
    (the sheriff's for an honest bag, the liar's fine for a lie) (HTML)."""
    if not bag:
        return note(t("Pick the cards for your bag."), colour="#555")
    size = sum(bag.values())
    lines = [
        note(
            t(
                "In the bag: {cards} · value {value}",
                cards=ngettext("{n} card", "{n} cards", size),
                value=value(bag),
            ),
            colour="#222",
        )
    ]
    try:
        check_bag(bag)
    except RuleError:  # the rule itself is shown when the player tries to close the bag
        return "".join(lines)
    lines.append(note(t("You will declare: {n} × one legal good.", n=size), colour="#222"))
    honest = [g for g in LEGAL_GOODS if inspect_bag(bag, g).honest]
    if honest:
        lines.append(  # the one penalty that counts: the sheriff's, should he open an honest bag
            note(
                t(
                    "Honest only as “{decl}”: if the sheriff opens it, he pays you {penalty} gold.",
                    decl=declaration_text(honest[0], size),
                    penalty=penalty(bag),
                ),
                colour="#00573F",
            )
        )
    else:
        lines.append(
            note(t("No declaration is honest: whatever you name, an inspection finds a lie."), colour="#8A3A00")
        )
        likely = max(LEGAL_GOODS, key=lambda g: (bag[g], GOODS[g].value))
        fine = inspect_bag(bag, likely).gold_to_sheriff
        lines.append(
            note(
                t(
                    "If inspected as “{decl}” you would pay {fine} gold.",
                    decl=declaration_text(likely, size),
                    fine=fine,
                ),
                colour="#8A3A00",
            )
        )
    return "".join(lines)


class BagLoader(W.VBox):
    """Phase 2 on a real game: pick 1–5 cards from your hand, see the totals live, close the bag.

    ``game`` defaults to the lesson game at Load (you are seat 1, Little John is sheriff).  After your
    bag is closed the other merchants load theirs (``bots``) and the game moves to Declaration.
    """

    def __init__(self, game=None, seat: int = 1, bots=None):
        super().__init__(layout=W.Layout(max_width="100%"))
        self._own = game is None
        self._saved = None if game is None else game.to_json()
        self.seat = seat
        self.error = html_widget()
        self.totals = html_widget()
        self.result = html_widget()
        self.close_button = button(t("Close the bag"), "primary", icon="lock")
        self.close_button.on_click(guarded(self.error)(self._close))
        self.again = button(t("Start again"), icon="undo")
        self.again.on_click(lambda _: self.reset())
        self.reset(game, bots)

    def reset(self, game=None, bots=None) -> None:
        """Start over: a fresh lesson game, the given game, or (for a game passed in) its state when shown."""
        if game is None:
            game, bots = lesson_game("load", words=pt) if self._own else (Game.from_json(self._saved), self.bots)
        self.game, self.bots = game, bots
        self.picker = HandPicker(self.game.hands[self.seat], pN_("card button", "pick"), pN_("card chosen", "in bag"))
        self.picker.on_change(self._changed)
        self.error.value = self.result.value = ""
        self.close_button.disabled = False
        self.bar = round_bar(self.game)
        self.children = [
            self.bar,
            html_widget(heading(t("Your hand: pick 1 to 5 cards for your bag"))),
            self.picker,
            self.totals,
            wrap_box([self.close_button, self.again]),
            self.error,
            self.result,
        ]
        self._changed(self.picker.selected)

    @property
    def bag(self) -> Counter:
        """The cards picked so far."""
        return Counter(self.picker.selected)

    def _changed(self, selected: list[str]) -> None:
        self.totals.value = bag_summary(Counter(selected))
        self.error.value = ""

    def _close(self, _button=None) -> None:
        ok, _event = try_apply(self.game, A.Load(self.seat, self.picker.selected), self.error)
        if not ok:
            return
        self.close_button.disabled = True
        for toggle in self.picker.toggles:
            toggle.disabled = True
        closed = goods_text(self.game.bags[self.seat])
        lines = [ok_html(t("Bag closed: {cards}. A closed bag cannot change.", cards=closed))]
        if self.bots is not None:
            for event in play_until(self.game, self.bots, Phase.DECLARATION):
                lines.append(narrate(event, self.game, self.seat))
        self.bar.value = round_bar(self.game).value
        self.result.value = "".join(lines)


def bag_loader(game=None, seat: int = 1, bots=None) -> BagLoader:
    """``sn.widgets.bag_loader()``: phase 2, load your bag (see :class:`BagLoader`)."""
    return BagLoader(game, seat, bots)


def _good_options(royal: bool) -> list[tuple[str, str]]:
    return [(f"{card_name(g)} ({pt('rule', GOODS[g].kind)})", g) for g in GOODS if royal or GOODS[g].kind != "royal"]


class DeclarationForm(W.VBox):
    """Phase 3 on a real game: say how many cards and which ONE legal good.  Any good can be chosen in the
    menu so that newcomers see the engine refuse contraband, a wrong count or a mixed declaration."""

    def __init__(self, game=None, seat: int = 1, bots=None):
        super().__init__(layout=W.Layout(max_width="100%"))
        self._own = game is None
        self._saved = None if game is None else game.to_json()
        self.seat = seat
        self.error, self.result = html_widget(), html_widget()
        self.good = labelled(W.Dropdown(options=[], layout=W.Layout(width="auto")), t("Good"))
        self.count = labelled(W.BoundedIntText(value=1, min=0, max=9, layout=W.Layout(width="130px")), t("Count"))
        self.also = labelled(W.Dropdown(options=[], layout=W.Layout(width="auto")), t("and also"))
        self.declare_button = button(t("Declare"), "primary", icon="bullhorn")
        self.declare_button.on_click(guarded(self.error)(self._declare))
        self.again = button(t("Start again"), icon="undo")
        self.again.on_click(lambda _: self.reset())
        for control in (self.good, self.count, self.also):
            control.observe(lambda _change: setattr(self.error, "value", ""), names="value")
        self.reset(game, bots)

    def reset(self, game=None, bots=None) -> None:
        """Start over: a fresh lesson game, the given game, or (for a game passed in) its state when shown."""
        if game is None:
            game, bots = lesson_game("declaration", words=pt) if self._own else (Game.from_json(self._saved), self.bots)
        self.game, self.bots = game, bots
        options = _good_options(self.game.options.royal)
        self.good.options = options
        self.good.value = "apples"
        self.also.options = [(t("(only one good)"), "")] + [o for o in options if GOODS[o[1]].kind == "legal"]
        self.also.value = ""
        self.declare_button.disabled = False
        self.error.value = self.result.value = ""
        bag = self.game.bags[self.seat] or Counter()
        self.count.value = sum(bag.values())  # the true count, as in lesson 09: a wrong one is the reader's try
        self.bar = round_bar(self.game)
        self.children = [
            self.bar,
            html_widget(heading(t("Your bag")) + cards_row_html(bag, size="s")),
            wrap_box([self.count, self.good, self.also]),
            wrap_box([self.declare_button, self.again]),
            self.error,
            self.result,
        ]

    def _declare(self, _button=None) -> None:
        good = (card_name(self.good.value), card_name(self.also.value)) if self.also.value else self.good.value
        ok, event = try_apply(self.game, lambda: A.Declare(self.seat, good, self.count.value), self.error)
        if not ok:
            return
        self.declare_button.disabled = True
        decl = declaration_text(event["good"], event["count"])
        honest = inspect_bag(self.game.bags[self.seat], event["good"]).honest
        text = (
            t("You said: “{decl}”. Accepted: it is the truth.", decl=decl)
            if honest
            else t("You said: “{decl}”. Accepted, and it is a lie: the count is right, the goods are not.", decl=decl)
        )
        lines = [ok_html(text)]
        if self.bots is not None:
            events = play_until(self.game, self.bots, Phase.INSPECTION)
            said = [narrate(e, self.game, self.seat) for e in events if e.get("kind") == "declare"]
            if said:
                lines.append(heading(t("Declarations so far"), 5) + "".join(said))
        self.bar.value = round_bar(self.game).value
        self.result.value = "".join(lines)


def declaration_form(game=None, seat: int = 1, bots=None) -> DeclarationForm:
    """``sn.widgets.declaration_form()``: phase 3, declare your bag (see :class:`DeclarationForm`)."""
    return DeclarationForm(game, seat, bots)


WILL_SCARLET_BAG = {"chickens": 2, "bread": 1, "silk": 1}
"""The 2nd-edition rulebook's Will Scarlet's bag (rules reference, section Worked examples)."""
CLASSIC_DECLARATIONS = [
    ("chickens", 4),
    ("chickens", 3),
    ("chickens", 5),
    (("chickens", "bread"), 4),
    ("silk", 4),
    ("apples", 4),
    ("bread", 4),
]


def declaration_words(good, count: int) -> str:
    """A declaration as said aloud: ``"4 Chickens"``, or ``"2 Chickens + 2 Bread"`` for a (forbidden) mixed one."""
    if isinstance(good, tuple):
        return " + ".join(declaration_text(g, count // len(good)) for g in good)
    return declaration_text(good, count)


class DeclarationQuiz(W.VBox):
    """Which declarations are allowed for a given bag?  Each button asks the engine's declaration check;
    allowed ones also show what an inspection would do (with the arithmetic)."""

    def __init__(self, bag=None, candidates=None, name: str = "Will Scarlet"):
        super().__init__(layout=W.Layout(max_width="100%"))
        self.bag = Counter({card_id(g): n for g, n in (bag or WILL_SCARLET_BAG).items()})
        self.candidates = candidates or CLASSIC_DECLARATIONS
        self.result = html_widget()
        self.buttons = []
        for good, count in self.candidates:
            b = button(quote(declaration_words(good, count)))
            b.on_click(lambda _b, g=good, c=count: self.ask(g, c))
            self.buttons.append(b)
        self.children = [
            html_widget(
                heading(t("Which declarations may {name} say?", name=name)) + cards_row_html(self.bag, size="s")
            ),
            wrap_box(self.buttons),
            self.result,
        ]

    def ask(self, good, count: int) -> str:
        """Check one declaration; the answer is shown and returned."""
        size = sum(self.bag.values())
        said = esc(quote(declaration_words(good, count)))
        try:
            declared = check_declaration(
                tuple(card_name(g) for g in good) if isinstance(good, tuple) else good, count, size
            )
        except RuleError as broken:
            self.result.value = f"<b>{said}</b>" + error_html(rule_message(broken))
            return self.result.value
        result = inspect_bag(self.bag, declared)
        if result.honest:
            detail = t("honest: the sheriff pays {gold}", gold=-result.gold_to_sheriff)
        else:
            from .phases import penalty_sum

            detail = t(
                "a lie: to the stand {keep}; confiscated {lost}; the merchant pays {fine}",
                keep=goods_text(result.to_stand, empty="nothing"),
                lost=goods_text(result.confiscated),
                fine=penalty_sum(result.confiscated),
            )
        self.result.value = f"<b>{said}</b>" + ok_html(
            esc(t("allowed")) + " — " + esc(t("if inspected:")) + " " + esc(detail), raw=True
        )
        return self.result.value


def declaration_quiz(bag=None, candidates=None, name: str = "Will Scarlet") -> DeclarationQuiz:
    """``sn.widgets.declaration_quiz()``: the 2nd-edition rulebook's Will Scarlet (rules reference, section Worked
    examples) as buttons (see
    :class:`DeclarationQuiz`)."""
    return DeclarationQuiz(bag, candidates, name)


__all__ = [
    "BagLoader",
    "bag_loader",
    "DeclarationForm",
    "declaration_form",
    "DeclarationQuiz",
    "declaration_quiz",
    "bag_summary",
    "column",
    "declaration_words",
    "CLASSIC_DECLARATIONS",
    "WILL_SCARLET_BAG",
]
