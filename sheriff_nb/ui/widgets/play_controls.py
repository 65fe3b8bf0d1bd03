"""The small controls the whole-game page (lesson 09) is built of: its buttons, a hand re-dealt, a wrapping row, and
the 1st-edition sheriff's order of the confiscated cards.

>>> control("Go on", "go-on")._dom_classes
('sheriff-play-go-on',)
"""

from __future__ import annotations

import ipywidgets as W

from ..i18n import card_name, t
from .base import button, html_widget, note, wrap_box


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


def wrap_row(*children: W.Widget) -> W.Box:
    """Controls in a row that wraps on a phone."""
    return wrap_box(children)


__all__ = ["StackOrder", "control", "redeal", "wrap_row"]
