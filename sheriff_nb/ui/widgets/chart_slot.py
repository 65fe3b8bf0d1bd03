"""The explorers' chart: an ``Output`` that a slider redraws (:class:`ChartSlot`), at the size the reader's screen
needs, from the explorer charts compiled once per kernel (:func:`live_chart`) and kept on disk (:func:`drawn`).

A slider step pays only Vega's drawing of one picture: on a laptop the laptop drawing, on a phone the phone one
(:data:`~sheriff_nb.ui.display.PHONE_WIDTH`, whose text stays 13 px on a 400 px screen).  The page says which
(:func:`~sheriff_nb.ui.widgets.page.screen`, shown in every :func:`side_by_side` box); until it has, both are drawn
and the page's stylesheet shows the one that fits, so the first state is right at first load on any screen.
"""

from __future__ import annotations

import inspect
import weakref
from collections import OrderedDict
from collections.abc import Callable, Hashable
from typing import Any

import ipywidgets as W

from .. import display
from ..charts import LIVE_SPECS, WIDTH, LiveChart, Parts
from ..charts.table import NUMBERS
from ..display import PHONE_WIDTH, SVG, TEXT, Drawn, show, two_sizes
from ..i18n import get_language
from .page import screen

__all__ = ["ChartSlot", "live_chart", "drawn", "drawn_by", "side_by_side"]

_LIVE: dict[tuple, LiveChart] = {}


def _live_key(kind: str, width: int, static: dict) -> tuple:
    return (kind, get_language(), width, tuple(sorted(static.items())))


def live_chart(kind: str, parts: Parts, width: int = WIDTH, **static) -> LiveChart:
    """The compiled explorer chart ``kind`` (``ev``, ``sweep``, ``bribe``, ``leadership``), compiled once per kernel,
    language, plot ``width`` and ``static`` settings (e.g. ``param="v"``); ``parts`` is used only the first time."""
    key = _live_key(kind, width, static)
    if key not in _LIVE:
        _LIVE[key] = LiveChart(LIVE_SPECS[kind], parts, width=width, **static)
    return _LIVE[key]


def drawn(kind: str, parts: Parts, width: int = WIDTH, **static) -> Drawn:
    """``parts`` drawn by the explorer chart ``kind`` at plot ``width`` (see :func:`live_chart`): the SVG, and the
    title as plain text, and its "show the numbers" table.  Kept on disk by the chart cache
    (:func:`sheriff_nb.ui.display.drawn`), so a state drawn in any earlier kernel costs no drawing; a chart shown from the disk is compiled in the background, before the reader's first move."""
    key = ["live", kind, static, width, parts.datasets, parts.title, parts.subtitle]
    return drawn_by(key, kind, parts, width, **static)


def drawn_by(key, kind: str, parts: Parts | Callable[[], Parts], width: int = WIDTH, **static) -> Drawn:
    """``parts`` (or what ``parts()`` makes, only if it must be drawn) drawn by the explorer chart ``kind`` at plot
    ``width``, kept on disk under ``key`` (plain data naming the state; see :func:`drawn`)."""

    def make() -> dict[str, str]:
        made = parts() if callable(parts) else parts
        live = live_chart(kind, made, width, **static)
        return {SVG: live.svg(made), TEXT: made.title, NUMBERS: live.numbers(made)}  # its "show the numbers" table

    def compile_if_needed() -> None:  # only the sizes the reader's screen needs (told by the time this runs)
        if screen().narrow is None or screen().narrow == (width == PHONE_WIDTH):
            live_chart(kind, parts() if callable(parts) else parts, width, **static)

    shown = display.drawn(key, make)
    if _live_key(kind, width, static) not in _LIVE:  # shown from the disk: compile it before the reader's next move
        display.warm_up(compile_if_needed)
    return shown


class ChartSlot:
    """An ``Output`` showing ``build(*key)`` (an Altair chart, or a :class:`~sheriff_nb.ui.charts.drawing.Drawn` chart);
    every rendered chart is kept (up to ``size``), so a callback that revisits a state only swaps the stored SVG in.

    >>> slot = ChartSlot(lambda n: f"chart {n}")
    >>> slot.show(1); slot.show(2); slot.show(1)
    >>> slot.renders, slot.out.outputs[0]["data"]["text/plain"]
    (2, "'chart 1'")

    A ``build`` that takes a plot ``width`` is drawn for the reader's screen (:func:`~sheriff_nb.ui.widgets.page.screen`
    tells it): at its laptop width ``wide`` on a wide screen, at ``phone`` on a phone (default
    :data:`~sheriff_nb.ui.display.PHONE_WIDTH`), so a slider step draws one picture.  While the screen is not known
    (the notebook still running, so the first state is right at first load on any screen) both are drawn, and the
    page's stylesheet shows the one that fits; when the screen changes (it becomes known, a phone is turned), the
    chart shown is drawn again for it if it lacks that size.

    >>> sized = ChartSlot(lambda n, width=WIDTH: Drawn({SVG: f"<svg width='{width}'/>", TEXT: f"chart {n}"}))
    >>> sized.show(1); sized.renders, sized.shown        # screen unknown: both drawings
    (2, (500, 260))
    >>> screen().narrow = True                           # the page says: a phone
    >>> sized.show(2); sized.renders, sized.shown        # one drawing per step
    (3, (260,))
    >>> screen().narrow = None
    """

    def __init__(self, build: Callable[..., Any], size: int = 256, wide: int = WIDTH, phone: int = PHONE_WIDTH):
        self.build, self.size, self.wide, self.phone = build, size, wide, phone
        self.sized = "width" in inspect.signature(build).parameters
        self.cache: OrderedDict[Hashable, Drawn] = OrderedDict()
        self.renders = 0
        self.key: tuple | None = None
        self.shown: tuple = ()
        self.out = W.Output(layout=W.Layout(max_width="100%", overflow="auto"))
        if self.sized:
            _watch_screen(self)

    def widths(self) -> tuple[int | None, ...]:
        """The plot widths the reader's screen needs (``(None,)``: the build's own, for a build without a width)."""
        if not self.sized:
            return (None,)
        narrow = screen().narrow
        return (self.wide, self.phone) if narrow is None else (self.phone,) if narrow else (self.wide,)

    def _picture(self, key: tuple, width: int | None) -> Drawn:
        shown = self.cache.get((*key, width))
        if shown is None:
            from IPython.core.formatters import format_display_data

            built = self.build(*key) if width is None else self.build(*key, width=width)
            shown = built if isinstance(built, Drawn) else Drawn(format_display_data(built)[0])
            self.renders += 1
            self.cache[(*key, width)] = shown
            while len(self.cache) > self.size:
                self.cache.popitem(last=False)
        else:
            self.cache.move_to_end((*key, width))
        return shown

    def show(self, *key: Hashable) -> None:
        """Show the chart for ``key`` (each size rendered once)."""
        widths = self.widths()
        pictures = [self._picture(key, width) for width in widths]
        self.key, self.shown = key, widths
        wide, phone = pictures[0], pictures[-1]
        if len(pictures) > 1 and SVG in wide.bundle and SVG in phone.bundle:
            numbers = wide.bundle.get(NUMBERS, "")  # the table goes into the HTML, under the pictures
            both = two_sizes(wide.svg, phone.svg, wide.bundle.get(TEXT, ""), numbers)
            wide = Drawn({**{k: v for k, v in wide.bundle.items() if k != NUMBERS}, "text/html": both})
        show(self.out, wide)

    def fit_screen(self) -> None:
        """Draw the chart shown again if the reader's screen needs a size it lacks."""
        if self.key is not None and not set(self.widths()) <= set(self.shown):
            self.show(*self.key)

    def clear(self) -> None:
        """Show nothing (e.g. while the inputs are invalid)."""
        self.out.outputs = ()
        self.key, self.shown = None, ()


_SLOTS: weakref.WeakSet[ChartSlot] = weakref.WeakSet()
_WATCHED: list = []  # the screen the slots follow


def _fit_screen(_change=None) -> None:
    for slot in list(_SLOTS):
        slot.fit_screen()


def _watch_screen(slot: ChartSlot) -> None:
    """Let ``slot`` follow the reader's screen (one observer for every slot of the kernel; none keeps it alive)."""
    if screen() not in _WATCHED:
        screen().observe(_fit_screen, names="narrow")
        _WATCHED.append(screen())
    _SLOTS.add(slot)


def side_by_side(chart: W.Widget, *text: W.Widget) -> W.Box:
    """The chart at its own width (about 580 px: its text stays readable) and its readout: beside it when the
    screen has room for both, under it otherwise (a laptop's lesson column, a phone).  The box also holds the
    invisible :func:`~sheriff_nb.ui.widgets.page.screen`, so the page tells the kernel which drawing the chart needs."""
    chart.layout.width, chart.layout.flex = "auto", "0 1 auto"
    words = W.VBox(list(text), layout=W.Layout(flex="1 1 300px", min_width="260px", max_width="620px"))
    return W.Box(
        [chart, words, screen()],
        layout=W.Layout(
            display="flex", flex_flow="row wrap", align_items="flex-start", grid_gap="4px 18px", max_width="100%"
        ),
    )
