"""What every chart shares (its colours are :mod:`sheriff_nb.ui.palette`'s): the phone width, titles that wrap, the
common look, and :class:`Parts`, the data and title an explorer chart swaps between two states.

Altair is imported inside the functions, so importing the charts costs nothing until one is drawn.
"""

from __future__ import annotations

import textwrap
from dataclasses import dataclass

from ..numbers import vega_locale

__all__ = [
    "DASHES",
    "LINE_LEGEND",
    "WIDTH",
    "TEXT_SIZE",
    "TITLE_SIZE",
    "title_text",
    "theme",
    "Parts",
]

DASHES = [[1, 0], [6, 3], [2, 2], [8, 2, 2, 2], [4, 4], [1, 3], [10, 4], [3, 6]]
WIDTH = 500
"""Default plot width in px: with axes and padding a chart is about 580 px, the width a laptop shows it at (on a
phone the picture shrinks to the screen)."""
TEXT_SIZE, TITLE_SIZE = 13, 16
"""Font sizes in px of every label, legend entry, axis title and annotation, and of the title (the finding)."""
LINE_LEGEND = {"symbolType": "stroke", "symbolSize": 400}


# ------------------------------------------------------------------ helpers
_charts_ready: dict[str, bool] = {"svg": False, "jupyter_chart": False}


def setup_charts(*, jupyter_chart: bool = False) -> str:
    """Make Altair render offline; safe to call any number of times.

    Enables Altair's ``svg`` renderer (charts are drawn server-side by vl-convert, so Altair's
    5000-row limit for data sent to a browser is lifted) and the package's chart theme
    (:func:`sheriff_nb.ui.charts.base.theme`), and returns the active renderer's name. With ``jupyter_chart=True`` it also calls
    ``alt.JupyterChart.enable_offline()`` so that ``alt.JupyterChart`` widgets (needed
    only when a chart's params/selections must talk back to Python) load their
    JavaScript from the kernel instead of esm.sh; that costs 2-4 s of CPU once per
    kernel, so it is opt-in.

    >>> setup_charts()
    'svg'
    >>> setup_charts()  # idempotent
    'svg'
    """
    import altair as alt

    if not _charts_ready["svg"] or alt.renderers.active != "svg":
        alt.renderers.enable("svg")
        alt.theme.register("sheriff", enable=True)(theme)  # the shared look, for charts built anywhere
        alt.data_transformers.disable_max_rows()  # the SVG is drawn here: 1000 six-player games are 6000 rows
        _charts_ready["svg"] = True
    if jupyter_chart and not _charts_ready["jupyter_chart"]:
        alt.JupyterChart.enable_offline()
        _charts_ready["jupyter_chart"] = True
    return alt.renderers.active


def wrap_title(text: str, width: int, size: int) -> list[str]:
    """Break a title into lines that fit ``width`` px at font ``size`` (about 0.55 em per character)."""
    return textwrap.wrap(text, max(20, int(width / (0.55 * size)))) or [""]


def chart_title(text: str, width: int, subtitle: str = ""):
    """A chart's title: ``text`` (and ``subtitle``) wrapped to ``width`` px (:func:`wrap_title`), in the shared sizes."""
    import altair as alt

    extra = {"subtitle": wrap_title(subtitle, width, TEXT_SIZE)} if subtitle else {}
    return alt.Title(
        wrap_title(text, width + 40, TITLE_SIZE),
        anchor="start",
        fontSize=TITLE_SIZE,
        subtitleFontSize=TEXT_SIZE,
        subtitleColor="#333",
        **extra,
    )


def title_text(chart) -> str:
    """A chart's title as one string: its lines joined with spaces, except after a line that ends in a hyphen (a
    compound broken there, "6-Karten-" / "Hände", is read back whole).

    >>> from sheriff_nb.ui.charts import draw_odds_chart
    >>> title_text(draw_odds_chart("crossbow"))
    'At least one Crossbow turns up in 14% of 6-card draws'
    >>> import altair as alt; title_text(alt.Chart(title=alt.Title(["in 4,9 % der 6-Karten-", "Hände"])))
    'in 4,9 % der 6-Karten-Hände'
    """
    title = chart.title
    text = getattr(title, "text", title)
    if not isinstance(text, list):
        return str(text)
    return "".join(line if not i or text[i - 1].endswith("-") else f" {line}" for i, line in enumerate(text))


def theme() -> dict:
    """The look shared by every chart, as an Altair theme (``sheriff``, enabled by
    :func:`setup_charts`): text of :data:`TEXT_SIZE` px (11 px or more on a laptop), a title of
    :data:`TITLE_SIZE` px, the legend at the bottom, light grid lines, no frame.  Vega's own screen-reader labels of
    marks, axes and legends are off: it builds them in English from field names ("card: Apples; part: copies"); a
    chart's description, its translated title (:func:`finish`), speaks for it.

    >>> theme()["config"]["axis"]["labelFontSize"] >= 11
    True
    """
    ink = "#222"
    return {
        "config": {
            "axis": {
                "labelFontSize": TEXT_SIZE,
                "titleFontSize": TEXT_SIZE,
                "labelColor": ink,
                "titleColor": ink,
                "grid": True,
                "gridColor": "#eee",
                "labelLimit": 200,
                "titlePadding": 8,
                "aria": False,
            },
            "legend": {
                "orient": "bottom",
                "direction": "vertical",
                "labelFontSize": TEXT_SIZE,
                "titleFontSize": TEXT_SIZE,
                "labelLimit": WIDTH + 60,
                "symbolStrokeWidth": 3,
                "labelColor": ink,
                "titleColor": ink,
                "aria": False,
            },
            "mark": {"aria": False},
            "title": {
                "fontSize": TITLE_SIZE,
                "subtitleFontSize": TEXT_SIZE,
                "anchor": "start",
                "color": ink,
                "subtitleColor": "#333",
                "offset": 10,
            },
            "text": {"fontSize": TEXT_SIZE},
            "view": {"strokeWidth": 0},
            "padding": 8,
            **({"locale": locale} if (locale := vega_locale()) else {}),  # a translated page's decimal signs
        }
    }


def finish(chart):
    """The shared look (:func:`theme`) on ``chart``, whatever theme is active; charts draw offline.  Its title (the
    finding, in the page's language) is also its screen-reader description.

    >>> import altair as alt
    >>> spec = finish(alt.Chart().mark_point().properties(title=chart_title("Honesty pays", 300))).to_dict()
    >>> spec["description"], spec["config"]["mark"], spec["config"]["axis"]["aria"]
    ('Honesty pays', {'aria': False}, False)
    """
    import altair as alt

    setup_charts()
    config = theme()["config"]
    if chart.title is not alt.Undefined:
        chart = chart.properties(description=title_text(chart))
    return (
        chart.configure_axis(**config["axis"])
        .configure_legend(**config["legend"])
        .configure_mark(**config["mark"])
        .configure_view(**config["view"])
        .configure_text(**config["text"])
    )


# ------------------------------------------------------------------ explorer charts: named data, swapped
@dataclass(frozen=True)
class Parts:
    """Everything that changes between two states of an explorer chart: its named datasets (lists of records) and
    its title.  The chart's structure (marks, scales, axes) does not change, so it is compiled only once."""

    datasets: dict
    title: str
    subtitle: str = ""


def json_records(frame) -> list[dict]:
    """DataFrame rows as JSON-safe dicts (NaN -> None)."""
    return [
        {k: (None if isinstance(v, float) and v != v else v) for k, v in row.items()}
        for row in frame.to_dict("records")
    ]


def named_data(name: str):
    """The Altair data reference to the dataset ``name`` that :func:`assemble` attaches at the top level."""
    import altair as alt

    return alt.NamedData(name)


def assemble(layers: list, parts: Parts, width: int, height: int, independent_x: bool = False):
    """Layer charts drawn from named datasets, the datasets and the title attached at the top level
    (``independent_x``: each layer may draw its own x axis on the shared scale, e.g. one at the top)."""
    import altair as alt

    chart = alt.layer(*layers)
    if independent_x:
        chart = chart.resolve_axis(x="independent")
    return finish(
        chart.properties(
            width=width, height=height, datasets=parts.datasets, title=chart_title(parts.title, width, parts.subtitle)
        )
    )
