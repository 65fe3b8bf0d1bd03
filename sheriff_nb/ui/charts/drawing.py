"""What a chart builder returns: a :class:`Drawing`, the chart it describes, made only when it is needed.

A lesson writes the chart it teaches, ``sn.charts.ev_chart({"apples": 2, "pepper": 2}, "apples", p=0.25)``.  Calling
the builder costs nothing: the :class:`Drawing` keeps the builder and its arguments.

* **Shown** (the last line of a cell, or :func:`sheriff_nb.ui.display.show`), it is the picture.  The display seam
  (:mod:`sheriff_nb.ui.display`, loaded with ``sn.charts`` and every widget) draws it once and keeps it on disk, so
  a lesson kernel that finds the picture there never imports Altair or pandas (about 160 MB a kernel, thirty
  kernels in a class).  Without the seam, Altair draws it in the kernel (offline, as SVG).
* **Used as a chart** (any public attribute: ``title``, ``properties(...)``, ``to_dict()``, ``save(...)``), it is
  the Altair chart itself, built on first use; :attr:`Drawing.altair` gives it.

>>> def square_chart(side):
...     '''A pretend builder (a real one returns an Altair chart).'''
...     return {"mark": "square", "side": side}
>>> builder = drawing(square_chart)
>>> shape = builder(3)                 # nothing built yet
>>> shape
square_chart(3)
>>> shape.altair["side"], builder.__name__, builder.__wrapped__(4)["side"]
(3, 'square_chart', 4)
"""

from __future__ import annotations

import functools
from collections.abc import Callable, Mapping
from typing import Any

__all__ = ["Drawing", "drawing", "draw_with", "altair_of", "Drawn", "bundle_of", "SVG", "TEXT"]

SVG, TEXT = "image/svg+xml", "text/plain"


class Drawing:
    """The chart ``builder(*args, **kwargs)``, shown through the display seam and built as an Altair chart on first
    use as one."""

    drawer: Callable[[Drawing], Mapping[str, str]] | None = None
    """How a Drawing becomes a display bundle; set once by the display seam (:func:`draw_with`)."""

    __slots__ = ("builder", "args", "kwargs", "chart")

    def __init__(self, builder: Callable[..., Any], args: tuple, kwargs: dict) -> None:
        self.builder, self.args, self.kwargs = builder, args, kwargs
        self.chart = None

    @property
    def altair(self) -> Any:
        """The Altair chart (built once)."""
        if self.chart is None:
            self.chart = self.builder(*self.args, **self.kwargs)
        return self.chart

    def __getattr__(self, name: str) -> Any:
        if name.startswith("_"):  # Jupyter asks for _repr_html_ & co.: no reason to build the chart
            raise AttributeError(name)
        return getattr(self.altair, name)

    def _repr_mimebundle_(self, include=None, exclude=None):
        if Drawing.drawer is not None:
            return dict(Drawing.drawer(self)), {}
        return self.altair._repr_mimebundle_(include, exclude)

    def __repr__(self) -> str:
        shown = [repr(a) for a in self.args] + [f"{k}={v!r}" for k, v in self.kwargs.items()]
        return f"{self.builder.__name__}({', '.join(shown)})"


def altair_of(chart: Any) -> Any:
    """``chart`` as an Altair chart (a :class:`Drawing` is built; anything else is returned as it is)."""
    return chart.altair if isinstance(chart, Drawing) else chart


def drawing(builder: Callable[..., Any]) -> Callable[..., Drawing]:
    """Decorate a pure chart builder: calling it returns the :class:`Drawing` of its chart.  The builder itself stays
    reachable as ``__wrapped__`` (what the chart cache calls)."""

    @functools.wraps(builder)
    def describe(*args: Any, **kwargs: Any) -> Drawing:
        return Drawing(builder, args, kwargs)

    return describe


def draw_with(drawer: Callable[[Drawing], Mapping[str, str]]) -> None:
    """Make ``drawer`` turn every :class:`Drawing` into its display bundle (the display seam's one call)."""
    Drawing.drawer = drawer


class Drawn:
    """An output already computed, shown by Jupyter as it was: a chart's SVG (and its title as plain text), or
    whatever else its display bundle holds.

    >>> Drawn({"image/svg+xml": "<svg/>", "text/plain": "A title"})._repr_mimebundle_()
    ({'image/svg+xml': '<svg/>', 'text/plain': 'A title'}, {})
    """

    def __init__(self, bundle: Mapping[str, str]):
        self.bundle = dict(bundle)

    @property
    def svg(self) -> str:
        """The SVG text."""
        return self.bundle[SVG]

    def _repr_mimebundle_(self, include=None, exclude=None):
        return dict(self.bundle), {}


def bundle_of(result: Any) -> dict[str, str]:
    """What a builder returned (an Altair chart, a :class:`Drawing`, a :class:`Drawn`, a bundle dict, or anything
    Jupyter can show) as a display bundle; an Altair chart becomes its SVG, with its title as the plain text and the
    table of the numbers it draws (:func:`sheriff_nb.ui.charts.table.numbers_html`, which the display seam puts under
    the picture).

    >>> bundle_of({"text/html": "<b>3</b>"}), bundle_of(Drawn({TEXT: "A title"}))
    ({'text/html': '<b>3</b>'}, {'text/plain': 'A title'})
    """
    result = altair_of(result)  # a chart builder's Drawing: the chart it describes
    if isinstance(result, Drawn):
        return result.bundle
    if isinstance(result, Mapping):
        return dict(result)
    from IPython.core.formatters import format_display_data

    from .base import setup_charts, title_text

    is_chart = type(result).__module__.startswith("altair")
    if is_chart:
        setup_charts()
    data, _meta = format_display_data(result)
    bundle = {kind: value for kind, value in data.items() if isinstance(value, str)}
    if is_chart:
        from .table import NUMBERS, numbers_html

        title = title_text(result)
        bundle[TEXT] = bundle.get(TEXT, "") if title == "Undefined" else title
        if numbers := numbers_html(result.to_dict(), bundle[TEXT]):  # drawn once, kept with the picture
            bundle[NUMBERS] = numbers
    return bundle
