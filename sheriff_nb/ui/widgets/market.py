"""Phase 1, the Market, on a real game in either edition.

1st edition: take cards from the tops of the two face-up discard piles first (to reach a deeper card,
take the ones above it), then from the deck; the set-aside cards go on ONE pile.  2nd edition: set
aside face up and draw only from the deck.  The engine refuses anything else, with the rule's words.

>>> demo = market_demo(edition=1)
>>> demo.picker.toggles[0].value = demo.picker.toggles[1].value = True
>>> demo.draw_deck.click(); demo.take_left.click()       # a deck draw, then a discard draw: refused
>>> demo.go.click()
>>> "before any draw from the deck" in demo.error.value
True
>>> demo.reset(); demo.take_left.click()                 # nothing set aside: the hand is full
>>> "set some aside first" in demo.error.value
True
"""

from __future__ import annotations

from collections import Counter

import ipywidgets as W

from ...engine import actions as A
from ...engine.cards import deck
from ...engine.errors import MarketError
from ...engine.game import Phase
from ...play.lesson_cast import lesson_game, play_until
from ..i18n import goods_text, ngettext, pN_, pt, t
from .base import (
    button,
    edition_toggle,
    error_html,
    guarded,
    heading,
    html_widget,
    labelled,
    note,
    ok_html,
    try_apply,
    wrap_box,
)
from .cards import HandPicker, discards_html
from .deck import DrawOdds
from .narration import market_summary
from .phases import round_bar

SOURCES = {0: "left", 1: "right", A.DECK: "deck"}


def check_draw(game, seat: int, set_aside, draws) -> None:
    """Refuse one more draw when ``seat``'s hand would pass the hand size (6), in words a newcomer reads: how
    many cards were set aside and taken, not the engine's count of draws.

    >>> from sheriff_nb.play.lesson_cast import lesson_game
    >>> game, _ = lesson_game("market", edition=1)
    >>> check_draw(game, 1, ["apples"], [])          # one set aside: one draw
    >>> check_draw(game, 1, ["apples"], [0])
    Traceback (most recent call last):
    ...
    sheriff_nb.engine.errors.MarketError: You may take no more cards: you set aside 1 card and took 1, so your hand is ...
    """
    limit = game.options.hand_size
    if sum(game.hands[seat].values()) - len(set_aside) + len(draws) < limit:
        return
    if not set_aside:
        raise MarketError(
            t("Your hand already holds {limit} cards: set some aside first, then take as many back.", limit=limit)
        )
    raise MarketError(
        t(
            "You may take no more cards: you set aside {aside} and took {n}, so your hand is back to {limit}.",
            aside=ngettext("{n} card", "{n} cards", len(set_aside)),
            n=len(draws),
            limit=limit,
        )
    )


class MarketDemo(W.VBox):
    """Phase 1 for the reader (seat 1) with an edition toggle, the discard piles, and draw odds counted from the
    cards you have not seen."""

    def __init__(self, edition: int = 2, odds: bool = True):
        super().__init__(layout=W.Layout(max_width="100%"))
        self.seat = 1
        self.edition = edition_toggle(edition)
        self.edition.observe(lambda _change: self.reset(), names="value")
        self.error, self.result, self.piles, self.draw_list = html_widget(), html_widget(), html_widget(), html_widget()
        self.picker = HandPicker((), pN_("card button", "set aside"), pN_("card chosen", "aside"))
        self.picker.on_change(self._changed)
        self.take_left = button(t("Take the top card of the left pile"), icon="hand-o-up")
        self.take_right = button(t("Take the top card of the right pile"), icon="hand-o-up")
        self.draw_deck = button(t("Take one from the deck"), icon="clone")
        self.onto = labelled(
            W.Dropdown(options=[(t("left pile"), 0), (t("right pile"), 1)], layout=W.Layout(width="auto")),
            t("Put the set-aside cards on"),
        )
        self.go = button(t("Draw back up to 6"), "primary", icon="check")
        self.again = button(t("Start again"), icon="undo")
        self.take_left.on_click(guarded(self.error)(lambda _b: self._add(0)))
        self.take_right.on_click(guarded(self.error)(lambda _b: self._add(1)))
        self.draw_deck.on_click(guarded(self.error)(lambda _b: self._add(A.DECK)))
        self.go.on_click(guarded(self.error)(self._go))
        self.again.on_click(lambda _b: self.reset())
        self.odds = DrawOdds("chickens", 1, 1, chart=False) if odds else None
        if self.odds is not None:  # you draw as many cards as you set aside: the picker sets that number
            self.odds.cards.layout.display = "none"
        self.reset()

    def reset(self) -> None:
        """A fresh lesson game at the start of the Market."""
        self.game, self.bots = lesson_game("market", edition=self.edition.value, words=pt)
        self.draws: list = []
        self.picker.set_hand(self.game.hands[self.seat])
        self.error.value = self.result.value = ""
        for control in (self.go, self.take_left, self.take_right, self.draw_deck, self.onto):
            control.disabled = False
        first = self.game.options.edition == 1
        intro = (
            t("In the 1st edition the Market starts at the sheriff's left: that is you.")
            if first
            else t("Sheriff {sheriff} lets you start the Market.", sheriff=self.game.names[self.game.sheriff])
        )
        self.bar = round_bar(self.game)
        controls = [self.take_left, self.take_right, self.draw_deck, self.onto] if first else []
        odds = (
            [html_widget(heading(t("Your odds, counted from the cards you have not seen"), 5)), self.odds]
            if self.odds is not None
            else []
        )
        self.children = [
            self.edition,
            self.bar,
            html_widget(note(intro, colour="#333")),
            self.piles,
            html_widget(heading(t("Your hand: pick the cards to set aside"))),
            self.picker,
            wrap_box(controls),
            self.draw_list,
            wrap_box([self.go, self.again]),
            self.error,
            self.result,
            *odds,
        ]
        self._show()

    def unseen(self) -> Counter:
        """Cards you have not seen: the whole deck minus your hand and the face-up discards."""
        seen = Counter(self.game.hands[self.seat])
        for pile in self.game.discards:
            seen.update(pile)
        seen.update(self.game.set_aside)
        return +(deck(self.game.options.edition, self.game.players, self.game.options.royal) - seen)

    def _show(self) -> None:
        self.piles.value = discards_html(self.game.discards, self.game.set_aside) + note(
            ngettext("Deck: {n} card", "Deck: {n} cards", len(self.game.deck)), colour="#555"
        )
        names = [t(SOURCES[s]) for s in self.draws]
        self.draw_list.value = (
            note(
                t("Your draws so far: {draws}; the rest come from the deck", draws=", ".join(names) or t("none")),
                colour="#333",
            )
            if self.game.options.edition == 1
            else ""
        )
        self._odds(self.picker.selected)

    def _changed(self, selected: list[str]) -> None:
        self.error.value = ""
        self._odds(selected)

    def _odds(self, selected: list[str]) -> None:
        if self.odds is not None:
            self.odds.cards.value = max(1, min(6, len(selected) or 1))
            self.odds.set_pool(self.unseen())

    def _add(self, source) -> None:
        try:
            check_draw(self.game, self.seat, self.picker.selected, self.draws)
        except MarketError as full:
            self.error.value = error_html(str(full))
            return
        self.draws.append(source)
        self._show()

    def _go(self, _button=None) -> None:
        before = Counter(self.game.hands[self.seat])
        aside = self.picker.selected
        action = A.Market(self.seat, aside, tuple(self.draws), self.onto.value if self.game.options.edition == 1 else 0)
        ok, _event = try_apply(self.game, action, self.error)
        if not ok:
            self.draws = []
            self._show()
            return
        self.go.disabled = True
        kept = before - Counter(aside)
        drawn = Counter(self.game.hands[self.seat]) - kept
        lines = [
            ok_html(
                t("You set aside {aside} and drew {drawn}.", aside=goods_text(Counter(aside)), drawn=goods_text(drawn))
            )
        ]
        for event in play_until(self.game, self.bots, Phase.LOAD):
            if event.get("kind") == "market":
                lines.append(market_summary(event, self.game))
        lines.append(note(t("Above: your new hand. Next: load your bag (page 03)."), colour="#333"))
        self.result.value = "".join(lines)
        self.draws = []
        self.picker.set_hand(self.game.hands[self.seat])
        for control in (*self.picker.toggles, self.take_left, self.take_right, self.draw_deck, self.onto):
            control.disabled = True
        self.bar.value = round_bar(self.game).value
        self._show()


def market_demo(edition: int = 2, odds: bool = True) -> MarketDemo:
    """``sn.widgets.market_demo()``: phase 1 in either edition (see :class:`MarketDemo`)."""
    return MarketDemo(edition, odds)


__all__ = ["MarketDemo", "market_demo", "check_draw"]
