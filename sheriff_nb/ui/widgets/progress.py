"""A bar of games played, for the widgets whose games a reader may wait for (lessons 10 and 13).

It stays hidden while the games are quick and appears once they have taken longer than ``after`` seconds, fed by
:func:`sheriff_nb.simulate`'s ``progress=`` callback; :meth:`GamesBar.finish` hides it again.

>>> ticks = iter([0.0, 0.1, 0.7, 0.8])
>>> bar = GamesBar(clock=lambda: next(ticks))
>>> bar.start(200)
>>> bar.played(50); bar.layout.display                 # 0.1 s: too soon to show a bar
'none'
>>> bar.played(120); bar.layout.display, bar.value, bar.description
(None, 120, '120 of 200 games played')
>>> bar.finish(); bar.layout.display
'none'
"""

from __future__ import annotations

import time
from collections.abc import Callable

import ipywidgets as W

from ..i18n import ngettext
from ..palette import ACCENT

__all__ = ["GamesBar", "SHOW_AFTER"]

SHOW_AFTER = 0.5
"""Seconds of games before the bar appears: a quicker answer needs none."""


class GamesBar(W.IntProgress):
    """An ``IntProgress`` of games played: :meth:`start` with the number of games, :meth:`played` as they are played
    (a redraw every 2 % at most, and only once ``after`` seconds have passed since :meth:`start`), :meth:`finish`."""

    def __init__(self, after: float = SHOW_AFTER, clock: Callable[[], float] = time.perf_counter):
        super().__init__(
            value=0,
            min=0,
            max=1,
            description="",
            style={"bar_color": ACCENT, "description_width": "initial"},
            layout=W.Layout(width="360px", max_width="100%", display="none"),
        )
        self.add_class("sheriff-games-bar")
        self.after, self.clock, self.started = after, clock, 0.0

    def start(self, games: int) -> None:
        """``games`` games are about to be played: the clock starts, the bar stays hidden."""
        self.max, self.value, self.started = max(1, games), 0, self.clock()

    def played(self, done: int, _games: int | None = None) -> None:
        """``done`` of the games are played (a ``progress=`` callback: a second argument is ignored)."""
        shown = self.layout.display != "none"
        if not shown and self.clock() - self.started < self.after:
            return
        if not shown or done >= self.max or done - self.value >= max(1, self.max // 50):
            self.value = done
            self.description = ngettext("{done} of {n} game played", "{done} of {n} games played", self.max, done=done)
            self.layout.display = None

    def finish(self) -> None:
        """The games are played: hide the bar."""
        self.layout.display = "none"
