"""The setup form of the whole-game page (lesson 09): the number of players, the edition, royal goods, the reader's
seat and the characters at the other seats.

>>> form = SetupForm(players=3, seat=1)
>>> form.players.value = 4
>>> sorted(form.opponent_menus), form.your_seat.value
([0, 2, 3], 1)
>>> form.table_names()  # a character that sits twice is numbered
['Smuggler · Suspicious 1', 'You', 'Briber · Greedy', 'Smuggler · Suspicious 2']
"""

from __future__ import annotations

from collections import Counter

import ipywidgets as W

from ...play.bots import strategy
from ...play.lesson_cast import SEATS, seat_key
from ..charts.results import seat_title
from ..i18n import t
from .base import (
    LONG_MENU_CLASS,
    align_labels,
    close_tree,
    edition_toggle,
    heading,
    html_widget,
    labelled,
    note,
    wrap_box,
)
from .play_controls import control

CHARACTERS = SEATS
"""The opponents on offer: every seat character of :data:`~sheriff_nb.play.lesson_cast.SEATS` (a merchant habit and a
sheriff habit each)."""
DEFAULT_OPPONENTS = ("smuggler", "briber", "honest", "bluffer", "suspicious")


def character_name(key: str) -> str:
    """A seat character's name at the table, by both halves: ``"smuggler"`` -> ``"Smuggler · Suspicious"``."""
    return seat_title(key, short=True)


def personality(key: str) -> str:
    """A character's personality, as a grey line of HTML."""
    return note(t(strategy(key).personality), colour="#555")


class SetupForm(W.VBox):
    """Choose the table, then press "Start the game" (:attr:`start_button`; the dashboard says what it does); a table
    the rules refuse shows its rule message in :attr:`setup_error`, which goes when a choice changes."""

    def __init__(self, players: int = 4, edition: int = 2, royal: bool = False, seat: int = 0, opponents=None) -> None:
        self.players = labelled(
            W.ToggleButtons(options=[(str(n), n) for n in (3, 4, 5, 6)], value=players, style={"button_width": "44px"}),
            t("Players"),
        )
        self.edition = labelled(edition_toggle(edition), t("Edition"))
        self.royal = labelled(W.Checkbox(value=royal, indent=False), t("with royal goods"))
        self.your_seat = labelled(W.Dropdown(options=[], layout=W.Layout(width="auto")), t("Your seat"))
        for widget, name in [
            (self.players, "players"),
            (self.edition, "edition"),
            (self.royal, "royal"),
            (self.your_seat, "seat"),
        ]:
            widget.add_class(f"sheriff-play-{name}")
        self.opponent_box = W.VBox(layout=W.Layout(max_width="100%"))
        self.opponent_menus: dict[int, W.Dropdown] = {}
        self._wanted = list(opponents or DEFAULT_OPPONENTS)
        self.start_button = control(t("Start the game"), "start", "primary", "play")
        self.setup_error = html_widget()
        self.players.observe(lambda _c: self._seats(), names="value")
        self.your_seat.observe(lambda _c: self._opponents(), names="value")
        for widget in (self.players, self.edition, self.royal, self.your_seat):
            widget.observe(self._table_changed, names="value")
        self._seats(seat)
        intro = note(
            t(
                "Choose the table, then press “Start the game”. You sit at the chosen seat; the sheriff "
                "passes clockwise, so everyone takes a turn at the gate."
            )
        )
        super().__init__(
            [
                html_widget(heading(t("Set up a game"), 4) + intro),
                wrap_box([self.players, self.edition, self.royal]),
                self.your_seat,
                html_widget(heading(t("Your opponents"), 5)),
                self.opponent_box,
                wrap_box([self.start_button]),
                self.setup_error,
            ],
            layout=W.Layout(max_width="100%"),
        )
        self.add_class("sheriff-play-setup")

    def _seats(self, seat: int | None = None) -> None:
        n = self.players.value
        keep = self.your_seat.value if seat is None else seat
        self.your_seat.options = [(t("Seat {n}", n=s + 1), s) for s in range(n)]
        self.your_seat.value = min(keep or 0, n - 1)
        self._opponents()

    def _opponents(self) -> None:
        chosen = [m.value for _, m in sorted(self.opponent_menus.items())] or self._wanted
        for row in self.opponent_box.children:
            close_tree(row)
        self.opponent_menus, rows = {}, []
        others = [s for s in range(self.players.value) if s != self.your_seat.value]
        for index, seat in enumerate(others):
            menu = labelled(
                W.Dropdown(
                    options=[(seat_title(k), k) for k in CHARACTERS],
                    value=seat_key(chosen[index % len(chosen)]),
                    layout=W.Layout(width="auto"),
                ),
                t("Seat {n}", n=seat + 1),
            )
            menu.add_class("sheriff-play-opponent")
            menu.add_class(LONG_MENU_CLASS)  # "Smuggler · Suspicious", longer in Russian
            words = html_widget()
            menu.observe(lambda c, w=words: setattr(w, "value", personality(c["new"])), names="value")
            words.value = personality(menu.value)
            menu.observe(self._table_changed, names="value")
            self.opponent_menus[seat] = menu
            rows.append(W.VBox([menu, words], layout=W.Layout(max_width="100%", margin="0 0 4px 0")))
        self.opponent_box.children = rows
        align_labels(self.your_seat, *self.opponent_menus.values())

    def _table_changed(self, _change=None) -> None:
        """A setup choice changed: a refused table's rule message is about the old choice, so it goes."""
        if self.setup_error.value:
            self.setup_error.value = ""

    def characters(self) -> dict[int, str]:
        """Seat -> the chosen character's key, for every seat but the reader's."""
        return {s: m.value for s, m in self.opponent_menus.items()}

    def table_names(self) -> list[str]:
        """The names at the table: "You" at the reader's seat, a character's name (numbered when it sits twice)."""
        keys, used, names = self.characters(), Counter(), []
        for s in range(self.players.value):
            if s == self.your_seat.value:
                names.append(t("You"))
                continue
            used[keys[s]] += 1
            base = character_name(keys[s])
            names.append(base if list(keys.values()).count(keys[s]) == 1 else f"{base} {used[keys[s]]}")
        return names


__all__ = ["SetupForm", "CHARACTERS", "DEFAULT_OPPONENTS", "character_name", "personality"]
