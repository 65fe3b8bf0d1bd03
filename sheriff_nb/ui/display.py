"""Showing charts and widgets offline, in JupyterLab, in Voilà and under test.

The helpers that every notebook uses:

* :func:`setup_charts` switches Altair to the ``svg`` renderer: the chart is drawn
  in the kernel by ``vl-convert`` and arrives as plain ``image/svg+xml``. Nothing is
  loaded from a CDN, so the dashboards work in a classroom without internet, output
  is deterministic (nbval can compare it), and the page needs no Vega JavaScript.
* Every chart builder's :class:`~sheriff_nb.ui.charts.drawing.Drawing` (``ev_chart(bag, "apples", p=0.25)``) is
  shown through the chart service (:func:`chart`); :func:`chart` does the same for any pure function whose result
  Jupyter can show: ``chart(builder, *args)``.
* :func:`show` puts an object into an ``ipywidgets.Output`` the *explicit* way
  (``out.outputs = (); out.append_display_data(obj)``). Unlike ``with out:`` or
  ``interactive_output`` this does not depend on the kernel routing iopub messages,
  which makes Voilà hang (an nbclient race, voila#1428) and leaks output in nbval.

Import cost is zero: Altair is imported only inside :func:`setup_charts`.

The chart service is a small protocol, :class:`Charts` (:func:`chart`, :func:`drawn`, :func:`html`,
:func:`warm_up`): the widgets call this module's functions, which ask the service in use.  The default,
:class:`Uncached`, draws every output when asked, straight through Altair.  The serving layer plugs its disk cache
in at start (:func:`use`; ``import sheriff_nb as sn`` does it when a lesson first asks for ``sn.charts``,
``sn.display`` or ``sn.widgets``), so a lesson kernel that finds a picture on disk never imports Altair; nothing
in ``ui`` imports the serving layer.

Typical wiring in a notebook::

    from sheriff_nb.ui.display import setup_charts, show
    setup_charts()
    out = widgets.Output()
    def redraw(*_):
        show(out, make_chart(slider.value, dropdown.value))
    slider.observe(redraw, names="value")
    dropdown.observe(redraw, names="value")
    redraw()
"""

from __future__ import annotations

import base64
import html as html_text
import inspect
import threading
from collections.abc import Callable
from functools import cache
from typing import Any, Protocol

from .charts.base import setup_charts
from .charts.drawing import SVG, TEXT, Drawing, Drawn, bundle_of, draw_with
from .charts.table import NUMBERS

__all__ = [
    "chart",
    "from_cache",
    "PHONE_WIDTH",
    "two_sizes",
    "with_alt",
    "WIDE_CLASS",
    "PHONE_CLASS",
    "ONE_CLASS",
    "setup_charts",
    "show",
    "SVG",
    "TEXT",
    "Drawn",
    "drawn",
    "html",
    "prepare_charts",
    "warm_up",
    "Charts",
    "Uncached",
    "use",
]


class Charts(Protocol):
    """What the widgets ask of a chart service: outputs named by a key (plain data), and work for idle time.
    :mod:`sheriff_nb.app.chart_cache` is one (its module functions), :class:`Uncached` the default."""

    def chart(self, builder: Callable[..., Any], *args: Any, **kwargs: Any) -> Drawn:
        """``builder(*args, **kwargs)``, a pure chart builder (or another pure function Jupyter can show), drawn."""

    def drawn(self, key: Any, draw: Callable[[], Any]) -> Drawn:
        """The output named by ``key``; ``draw()`` makes it (an Altair chart, a display bundle, ...)."""

    def html(self, key: Any, make: Callable[[], str]) -> str:
        """The HTML text named by ``key``; ``make()`` makes it."""

    def warm_up(self, *tasks: Callable[[], Any], quiet: float = 2.0) -> threading.Thread:
        """Run ``tasks`` in the background (the reader's first moves then find their work done); the thread."""


class Uncached:
    """The default chart service: every output made when asked, straight through Altair (nothing kept); the
    warm-up tasks run at once in a background thread, a failing one skipped.

    >>> from sheriff_nb.ui.charts import equilibrium_chart
    >>> Uncached().chart(equilibrium_chart).svg.startswith("<svg"), Uncached().html(["a key"], lambda: "<b>3</b>")
    (True, '<b>3</b>')
    >>> Uncached().warm_up(lambda: print("task ran"), lambda: 1 / 0).join()
    task ran
    """

    def chart(self, builder: Callable[..., Any], *args: Any, **kwargs: Any) -> Drawn:
        return Drawn(bundle_of(builder(*args, **kwargs)))

    def drawn(self, key: Any, draw: Callable[[], Any]) -> Drawn:
        return Drawn(bundle_of(draw()))

    def html(self, key: Any, make: Callable[[], str]) -> str:
        return make()

    def warm_up(self, *tasks: Callable[[], Any], quiet: float = 2.0) -> threading.Thread:
        def work() -> None:
            for task in tasks:
                try:
                    task()
                except Exception:  # noqa: BLE001, S112 - a failed warm-up only means a slower first click
                    continue

        thread = threading.Thread(target=work, name="sheriff-warm-up", daemon=True)
        thread.start()
        return thread


_service: list[Charts] = [Uncached()]


def use(service: Charts) -> Charts:
    """Show every chart through ``service`` from now on (what the serving layer calls at start); the one it
    replaces.

    >>> previous = use(Uncached()); use(previous) is not previous
    True
    """
    previous, _service[0] = _service[0], service
    return previous


def chart(builder: Callable[..., Any], *args: Any, **kwargs: Any) -> Drawn:
    """``builder(*args, **kwargs)`` drawn by the chart service in use (:meth:`Charts.chart`)."""
    return _service[0].chart(builder, *args, **kwargs)


def drawn(key: Any, draw: Callable[[], Any]) -> Drawn:
    """The output named by ``key``, made by ``draw()`` if the chart service in use has not kept it."""
    return _service[0].drawn(key, draw)


def html(key: Any, make: Callable[[], str]) -> str:
    """The HTML text named by ``key``, made by ``make()`` if the chart service in use has not kept it."""
    return _service[0].html(key, make)


def warm_up(*tasks: Callable[[], Any], quiet: float = 2.0) -> threading.Thread:
    """Run ``tasks`` in the background when the chart service in use sees fit (the cache: once the kernel has
    been idle ``quiet`` seconds); the thread, to join."""
    return _service[0].warm_up(*tasks, quiet=quiet)


_CHARTS_READY = threading.Event()


def prepare_charts() -> None:
    """pandas, Altair with the svg renderer, and vl-convert's first drawing (once per process): what a widget that
    draws new charts asks :func:`warm_up` for (about 160 MB and 2 s)."""
    if _CHARTS_READY.is_set():
        return
    import pandas  # noqa: F401 - every chart builder starts from a DataFrame
    import vl_convert

    setup_charts()
    vl_convert.vegalite_to_svg(
        {"data": {"values": [{"x": 1}]}, "mark": "bar", "encoding": {"x": {"field": "x", "type": "quantitative"}}}
    )
    _CHARTS_READY.set()


PHONE_WIDTH = 260
"""Plot width in px of a chart's phone drawing: with its axes about 340 px, what a 400 px screen gives a chart, so its
13 px text stays 13 px (the laptop drawing, shrunk to a phone, had 8 px text)."""
WIDE_CLASS, PHONE_CLASS = "sheriff-chart-wide", "sheriff-chart-phone"
"""The classes of a chart's two drawings; the lesson page's stylesheet (:mod:`sheriff_nb.ui.widgets.page`) swaps them
on a narrow screen."""
ONE_CLASS = "sheriff-chart-one"
"""The class of the one drawing of a chart drawn at a single width, shown on every screen: a width the caller chose,
or an explorer's chart at a slider step, drawn at the size the reader's screen needs
(:class:`~sheriff_nb.ui.widgets.chart_slot.ChartSlot`)."""


@cache
def has_width(builder: Any) -> bool:
    """Whether a chart builder takes a plot ``width``."""
    return "width" in inspect.signature(builder).parameters


def from_cache(drawing: Drawing) -> dict[str, str]:
    """The display bundle of a chart builder's drawing, drawn once and kept (:func:`chart`).

    A builder that takes a ``width`` (and was not given one) is drawn twice, at its laptop width and at
    :data:`PHONE_WIDTH`: the bundle's HTML holds both pictures, the phone one hidden unless the lesson page's
    stylesheet shows it on a narrow screen.  Any other drawing's HTML holds its one picture (:data:`ONE_CLASS`).
    Either way the pictures carry the title as their text alternative (JupyterLab shows a bare SVG as an image
    without one), and the SVG and the title stay in the bundle as they were.

    >>> from sheriff_nb.ui.charts import equilibrium_chart, title_text
    >>> bundle = from_cache(equilibrium_chart())
    >>> bundle["text/plain"] == title_text(equilibrium_chart()), bundle["image/svg+xml"].startswith("<svg")
    (True, True)
    >>> bundle["text/html"].count("<img"), WIDE_CLASS in bundle["text/html"], PHONE_CLASS in bundle["text/html"]
    (2, True, True)
    >>> one = from_cache(equilibrium_chart(width=300))  # a width chosen by the caller is kept
    >>> one["text/html"].count("<img"), ONE_CLASS in one["text/html"], f'alt="{one["text/plain"]}"' in one["text/html"]
    (1, True, True)
    """
    wide = chart(drawing.builder, *drawing.args, **drawing.kwargs).bundle
    if "width" in drawing.kwargs or not has_width(drawing.builder) or SVG not in wide:
        return with_alt(wide)
    phone = chart(drawing.builder, *drawing.args, **{**drawing.kwargs, "width": PHONE_WIDTH}).bundle
    shown = {kind: value for kind, value in wide.items() if kind != NUMBERS}
    return {**shown, "text/html": two_sizes(wide[SVG], phone[SVG], wide.get(TEXT, ""), wide.get(NUMBERS, ""))}


def two_sizes(wide_svg: str, phone_svg: str | None, title: str, numbers: str = "") -> str:
    """HTML showing ``wide_svg``, with ``phone_svg`` beside it hidden (for the page's stylesheet to swap); without a
    ``phone_svg``, ``wide_svg`` alone on every screen.  ``numbers`` (a chart bundle's
    :data:`~sheriff_nb.ui.charts.table.NUMBERS`: its folded "show the numbers" table) follows the pictures.

    >>> two_sizes("<svg/>", None, "Gold", "<details>3</details>").endswith("<details>3</details></div>")
    True
    """
    alt = html_text.escape(title)

    def img(svg: str, css_class: str, style: str) -> str:
        data = base64.b64encode(svg.encode()).decode()
        return f'<img class="{css_class}" src="data:image/svg+xml;base64,{data}" alt="{alt}" style="{style}">'

    pictures = (
        img(wide_svg, ONE_CLASS, "max-width:100%;height:auto")
        if phone_svg is None
        else img(wide_svg, WIDE_CLASS, "max-width:100%;height:auto")
        + img(phone_svg, PHONE_CLASS, "display:none;max-width:100%;height:auto")
    )
    return f'<div class="sheriff-chart" title="{alt}"><span style="display:none">{alt}</span>{pictures}{numbers}</div>'


def with_alt(bundle: dict[str, str]) -> dict[str, str]:
    """A chart's display bundle with HTML showing its SVG alone, its title as the text alternative (JupyterLab shows
    a bare SVG as an image with none) and its "show the numbers" table (:data:`~sheriff_nb.ui.charts.table.NUMBERS`,
    taken out of the bundle into the HTML); any other bundle as it is.

    >>> with_alt({SVG: "<svg/>", TEXT: "Gold by bribe"})["text/html"].count('alt="Gold by bribe"')
    1
    >>> shown = with_alt({SVG: "<svg/>", TEXT: "Gold", NUMBERS: "<details>3</details>"})
    >>> sorted(shown), shown["text/html"].count("<details>")
    (['image/svg+xml', 'text/html', 'text/plain'], 1)
    >>> with_alt({TEXT: "3"})
    {'text/plain': '3'}
    """
    if SVG not in bundle or "text/html" in bundle:
        return bundle
    shown = {kind: value for kind, value in bundle.items() if kind != NUMBERS}
    return {**shown, "text/html": two_sizes(bundle[SVG], None, bundle.get(TEXT, ""), bundle.get(NUMBERS, ""))}


draw_with(from_cache)


def show(out: Any, obj: Any, *more: Any) -> None:
    """Replace what ``out`` (an ``ipywidgets.Output``) shows with ``obj`` (and ``more``).

    Works with or without a kernel, so widget callbacks can be tested in plain pytest:

    >>> import ipywidgets as widgets
    >>> out = widgets.Output()
    >>> show(out, "first")
    >>> show(out, "second", 3)
    >>> [o["data"]["text/plain"] for o in out.outputs]
    ["'second'", '3']

    A :class:`Drawn` chart gets its text alternative (:func:`with_alt`).
    """
    out.outputs = ()
    for item in (obj, *more):
        out.append_display_data(Drawn(with_alt(item.bundle)) if isinstance(item, Drawn) else item)
