"""Explorer charts redrawn at slider speed: compile the chart to Vega once, then swap only its data and title.

:data:`LIVE_SPECS` names the explorer charts built this way (from :mod:`~sheriff_nb.ui.charts.theory` and
:mod:`~sheriff_nb.ui.charts.bargaining`); each takes a :class:`~sheriff_nb.ui.charts.base.Parts`.
"""

from __future__ import annotations

from collections.abc import Callable

from .bargaining import bribe_spec, leadership_spec
from .base import TEXT_SIZE, TITLE_SIZE, WIDTH, Parts, wrap_title
from .course import COURSE_SPECS
from .hands import threshold_spec
from .safety import guarantee_spec
from .table import numbers_html
from .theory import ev_spec, sweep_spec

__all__ = ["LiveChart", "LIVE_SPECS"]


class LiveChart:
    """An explorer chart compiled to Vega once; :meth:`svg` draws it for new :class:`Parts` by swapping the named
    datasets and the title, so a slider callback pays neither Altair nor the Vega-Lite compiler, only Vega's drawing.

    >>> from sheriff_nb.ui.charts import sweep_data, sweep_parts
    >>> live = LiveChart(sweep_spec, sweep_parts(sweep_data("f", [2, 4, 8]), "f", current=4), param="f")
    >>> svg = live.svg(sweep_parts(sweep_data("f", [2, 4, 8]), "f", current=8))
    >>> svg.startswith("<svg") and "22%" in svg and "33%" in svg       # the markers now read p* = 2/9, q* = 1/3
    True
    """

    def __init__(self, spec: Callable, parts: Parts, width: int = WIDTH, height: int | None = None, **static):
        import vl_convert as vlc

        self.width = width
        sizes = {"width": width} | ({"height": height} if height else {})
        try:
            from altair.utils._importers import vl_version_for_vl_convert

            self._version = {"vl_version": vl_version_for_vl_convert()}
        except ImportError:  # pragma: no cover - another altair
            self._version = {}
        self.vegalite = spec(parts, **static, **sizes).to_dict()
        self.vega = vlc.vegalite_to_vega(self.vegalite, **self._version)
        self.names = {d["name"]: i for i, d in enumerate(self.vega["data"])}

    def svg(self, parts: Parts) -> str:
        """The chart for ``parts`` as SVG text."""
        import vl_convert as vlc

        data = list(self.vega["data"])
        for name, rows in parts.datasets.items():
            if name in self.names:  # a dataset no layer draws (a sweep without named marks) is not compiled
                data[self.names[name]] = {**data[self.names[name]], "values": rows}
        title = {**self.vega.get("title", {}), "text": wrap_title(parts.title, self.width, TITLE_SIZE)}
        title.pop("subtitle", None)
        if parts.subtitle:
            title["subtitle"] = wrap_title(parts.subtitle, self.width, TEXT_SIZE)
        return vlc.vega_to_svg({**self.vega, "data": data, "title": title, "description": parts.title})

    def numbers(self, parts: Parts) -> str:
        """The "show the numbers" HTML of the chart for ``parts`` (:func:`~sheriff_nb.ui.charts.table.numbers_html`:
        its columns from the compiled chart, its rows from ``parts``; no Altair).

        >>> from sheriff_nb.ui.charts import sweep_data, sweep_parts
        >>> live = LiveChart(sweep_spec, sweep_parts(sweep_data("f", [2, 4, 8]), "f", current=4), param="f")
        >>> "<table>" in live.numbers(sweep_parts(sweep_data("f", [2, 4, 8]), "f", current=8))
        True
        """
        return numbers_html(self.vegalite, parts.title, parts.datasets)


LIVE_SPECS = {
    "ev": ev_spec,
    "sweep": sweep_spec,
    "bribe": bribe_spec,
    "leadership": leadership_spec,
    "guarantee": guarantee_spec,
    "threshold": threshold_spec,
    **COURSE_SPECS,
}
"""The explorer charts that :class:`LiveChart` can redraw from new :class:`Parts`."""
