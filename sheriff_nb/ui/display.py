"""Showing charts and widgets offline, in JupyterLab, in Voilà and under test.

The helpers that every notebook uses:

* :func:`setup_charts` switches Altair to the ``svg`` renderer: the chart is drawn
  in the kernel by ``vl-convert`` and arrives as plain ``image/svg+xml``. Nothing is
  loaded from a CDN, so the dashboards work in a classroom without internet, output
  is deterministic (nbval can compare it), and the page needs no Vega JavaScript.
* Every chart builder's :class:`~sheriff_nb.ui.charts.drawing.Drawing` (``ev_chart(bag, "apples", p=0.25)``) is
  shown from the drawings kept on disk (:mod:`sheriff_nb.app.chart_cache`): importing this module plugs the cache
  in, so a kernel that finds the picture there never imports Altair.  :func:`chart` does the same for any pure
  function whose result Jupyter can show: ``chart(builder, *args)``.
* :func:`show` puts an object into an ``ipywidgets.Output`` the *explicit* way
  (``out.outputs = (); out.append_display_data(obj)``). Unlike ``with out:`` or
  ``interactive_output`` this does not depend on the kernel routing iopub messages,
  which makes Voilà hang (an nbclient race, voila#1428) and leaks output in nbval.

Import cost is zero: Altair is imported only inside :func:`setup_charts`.

This module is the one seam between the widgets and the serving layer: the widgets reach the chart cache
(:mod:`sheriff_nb.app.chart_cache`: :class:`Drawn`, :func:`drawn`, :func:`html`, :func:`prepare_charts`,
:func:`warm_up`) through the names it re-exports here, never by importing :mod:`sheriff_nb.app`.

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

from typing import Any

from ..app.chart_cache import SVG, TEXT, Drawn, chart, drawn, html, prepare_charts, warm_up
from .charts.base import setup_charts
from .charts.drawing import Drawing, draw_with

__all__ = [
    "chart",
    "from_cache",
    "setup_charts",
    "show",
    "SVG",
    "TEXT",
    "Drawn",
    "drawn",
    "html",
    "prepare_charts",
    "warm_up",
]


def from_cache(drawing: Drawing) -> dict[str, str]:
    """The display bundle of a chart builder's drawing, drawn once and kept (:func:`chart`).

    >>> from sheriff_nb.ui.charts import equilibrium_chart, title_text
    >>> from_cache(equilibrium_chart())["text/plain"] == title_text(equilibrium_chart())
    True
    """
    return chart(drawing.builder, *drawing.args, **drawing.kwargs).bundle


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
    """
    out.outputs = ()
    for item in (obj, *more):
        out.append_display_data(item)
