"""The reader's forms for phases 1-3 of the whole-game page (lesson 09), one class each: choose the first merchant,
the Market, load the bag, declare it; and the pause between rounds.

Each form holds its controls, builds its rows with ``panel(view)`` from the reader's view only, and makes its move
through the dashboard (``dash``: :class:`~sheriff_nb.ui.widgets.play.PlayDashboard`, whose ``click`` wraps every
button: a broken rule shows its message and changes nothing).

>>> from sheriff_nb.ui.widgets.play import play_dashboard
>>> dash = play_dashboard(players=3, seed=5)
>>> dash.setup_box.start_button.click()
>>> rows = dash.forms["market"].panel(dash.game.player_view(0))
>>> rows[0].value.count("phase 1, Market")
1
"""

from __future__ import annotations

from collections import Counter

import ipywidgets as W

from ...engine import actions as A
from ...engine.cards import GOODS, LEGAL_GOODS
from ..i18n import card_name, pN_, pt, t
from .bag import bag_summary
from .base import heading, html_widget, labelled, note, wrap_box
from .cards import HandPicker, discards_html
from .market import check_draw
from .play_controls import control


def title(text: str) -> W.HTML:
    """The heading of the reader's turn."""
    return html_widget(heading(text, 4))


def _menu(label: str, name: str, dash, options=(), **layout) -> W.Widget:
    """A labelled menu whose changes clear the rule message (``dash.inputs_changed``)."""
    widget = labelled(W.Dropdown(options=list(options), layout=W.Layout(width="auto", **layout)), label)
    widget.add_class(f"sheriff-play-{name}")
    widget.observe(dash.inputs_changed, names="value")
    return widget


class FirstMerchantForm:
    """The sheriff chooses the merchant who starts the Market."""

    def __init__(self, dash) -> None:
        self.dash = dash
        self.menu = _menu(t("First merchant"), "first-menu", dash)
        self.button = control(t("Start the Market"), "choose-first", "primary", "play")
        self.button.on_click(dash.click(self._first, self.button.description))

    def panel(self, view) -> list[W.Widget]:
        self.menu.options = [(view["names"][s], s) for s in view["merchants"]]
        self.menu.value = view["merchants"][0]
        text = t("You are the sheriff: choose the merchant who starts the Market; the others follow clockwise.")
        return [
            title(t("Your turn: phase 1, Market")),
            html_widget(note(text)),
            wrap_box([self.menu, self.button]),
        ]

    def _first(self) -> None:
        self.dash.game.apply(A.ChooseFirstMerchant(self.dash.seat, self.menu.value))


class MarketForm:
    """Set cards aside and draw back up to 6 (1st edition: from the top of the discard piles first)."""

    def __init__(self, dash) -> None:
        self.dash = dash
        self.draws: list[int] = []  # the piles drawn from, in order (1st edition)
        self.picker = HandPicker((), pN_("card button", "set aside"), pN_("card chosen", "set aside"))
        self.picker.on_change(lambda _cards: dash.inputs_changed())
        self.piles, self.draw_note = html_widget(), html_widget()
        self.onto = _menu(t("Put the set-aside cards on"), "onto", dash, [(t("left pile"), 0), (t("right pile"), 1)])
        self.button = control(t("Draw back up to 6"), "market", "primary", "check")
        self.take_left = control(t("Take the top card of the left pile"), "take-left", icon="hand-o-up")
        self.take_right = control(t("Take the top card of the right pile"), "take-right", icon="hand-o-up")
        self.undo_draws = control(t("Undo my pile draws"), "undo-draws", icon="undo")
        for widget, handler in [
            (self.button, self._market),
            (self.take_left, lambda: self._take_pile(0)),
            (self.take_right, lambda: self._take_pile(1)),
            (self.undo_draws, self._undo_draws),
        ]:
            widget.on_click(dash.click(handler, widget.description))

    def panel(self, view) -> list[W.Widget]:
        self.dash.fresh(self.picker, view)
        text = t("Click the cards you do not want (0 to 5): they are set aside. Then you draw back up to 6.")
        rows = [title(t("Your turn: phase 1, Market")), html_widget(note(text)), self.picker]
        if self.dash.game.options.edition == 1:
            rows += self._pile_rows(view)
        return [*rows, wrap_box([self.button])]

    def _pile_rows(self, view) -> list[W.Widget]:
        piles = [list(p) for p in view["discards"]]
        for source in self.draws:
            piles[source].pop()
        taken = ", ".join(t("left") if s == 0 else t("right") for s in self.draws) or t("none")
        self.piles.value = discards_html(piles)
        self.draw_note.value = note(
            t(
                "1st edition: first take cards from the top of a discard pile if you "
                "want them, then the deck gives the rest. Your pile draws: {draws}.",
                draws=taken,
            ),
            colour="#333",
        )
        return [self.piles, self.draw_note, wrap_box([self.take_left, self.take_right, self.undo_draws]), self.onto]

    def _action(self, draws) -> A.Market:
        onto = self.onto.value if self.dash.game.options.edition == 1 else 0
        return A.Market(self.dash.seat, self.picker.selected, tuple(draws), onto)

    def _take_pile(self, pile: int) -> None:
        game, seat = self.dash.game, self.dash.seat
        check_draw(game, seat, self.picker.selected, self.draws)  # a full hand, in plain words
        game.check(self._action([*self.draws, pile]))  # the engine says whether this draw is allowed
        self.draws.append(pile)

    def _undo_draws(self) -> None:
        self.draws = []

    def _market(self) -> None:
        game, seat = self.dash.game, self.dash.seat
        kept = Counter(game.hands[seat]) - Counter(self.picker.selected)
        event = game.apply(self._action(self.draws))
        new = Counter(game.hands[seat]) - kept - Counter(event["from_piles"])
        self.dash.drawn[len(game.events) - 1] = new  # the log names the cards you drew from the deck
        self.draws = []


class LoadForm:
    """Pick 1 to 5 cards for the bag, with the bag's totals as you pick."""

    def __init__(self, dash) -> None:
        self.dash = dash
        self.picker = HandPicker((), pN_("card button", "pick"), pN_("card chosen", "in the bag"))
        self.totals = html_widget()
        self.picker.on_change(lambda cards: setattr(self.totals, "value", bag_summary(Counter(cards))))
        self.picker.on_change(lambda _cards: dash.inputs_changed())
        self.button = control(t("Close the bag"), "load", "primary", "lock")
        self.button.on_click(dash.click(self._load, self.button.description))

    def panel(self, view) -> list[W.Widget]:
        self.dash.fresh(self.picker, view)
        self.totals.value = bag_summary(Counter(self.picker.selected))
        return [
            title(t("Your turn: phase 2, Load the bag")),
            html_widget(note(t("Pick 1 to 5 cards from your hand. Nobody else will see them."))),
            self.picker,
            self.totals,
            wrap_box([self.button]),
        ]

    def _load(self) -> None:
        self.dash.game.apply(A.Load(self.dash.seat, self.picker.selected))


class PlayDeclarationForm:
    """Say the number of cards in the bag and one legal good."""

    def __init__(self, dash) -> None:
        self.dash = dash
        self.count = labelled(W.BoundedIntText(value=1, min=0, max=9, layout=W.Layout(width="130px")), t("Count"))
        self.count.add_class("sheriff-play-count")
        self.count.observe(dash.inputs_changed, names="value")
        self.good = _menu(t("Good"), "good", dash)
        self.button = control(t("Declare"), "declare", "primary", "bullhorn")
        self.button.on_click(dash.click(self._declare, self.button.description))

    def panel(self, view) -> list[W.Widget]:
        bag, royal = Counter(view["bag"]), self.dash.game.options.royal
        self.good.options = [
            (f"{card_name(x)} ({pt('rule', GOODS[x].kind)})", x) for x in GOODS if royal or GOODS[x].kind != "royal"
        ]
        self.good.value = max(LEGAL_GOODS, key=lambda x: (bag[x], GOODS[x].value))
        self.count.value = sum(bag.values())
        text = t(
            "Say how many cards are in your bag (the true number) and ONE legal good. "
            "The good may be a lie: that is the game."
        )
        return [
            title(t("Your turn: phase 3, Declaration")),
            html_widget(note(text) + bag_summary(bag)),
            wrap_box([self.count, self.good, self.button]),
        ]

    def _declare(self) -> None:
        self.dash.game.apply(A.Declare(self.dash.seat, self.good.value, self.count.value))


class RoundOverForm:
    """Between rounds: read what happened, then go on to the next round."""

    def __init__(self, dash) -> None:
        self.dash = dash
        self.button = control(t("Continue to the next round"), "continue", "primary", "forward")
        self.button.on_click(dash.click(self._continue, self.button.description))

    def panel(self, view) -> list[W.Widget]:
        seat = self.dash.seat
        officials = " & ".join(t("you") if s == seat else view["names"][s] for s in view["sheriffs"])
        text = t(
            "Read what happened above, then go on. In round {n} the sheriff is {name}.",
            n=view["round"] + 1,
            name=officials,
        )
        return [
            title(t("Round {n} is over", n=self.dash.round_seen + 1)),
            html_widget(note(text)),
            wrap_box([self.button]),
        ]

    def _continue(self) -> None:
        self.dash.round_seen = self.dash.game.round


__all__ = ["FirstMerchantForm", "MarketForm", "LoadForm", "PlayDeclarationForm", "RoundOverForm", "title"]
