"""Colour never carries meaning alone (issue 23, item 5): in every chart, a category drawn by colour is also told
apart by something a reader who cannot tell the colours apart still sees.

The check reads each chart's Vega-Lite specification.  A ``color``, ``fill`` or ``stroke`` encoding on a nominal or
ordinal field passes when the same picture (a view, or all the layers drawn over each other) also encodes that field
by a line's dash or a point's shape with a different value for each entry, by an axis or a facet header (the names
written beside the marks), or by the text of a label mark.  A conditional colour (one mark highlighted) passes when
another channel of the picture follows a condition too (an outline, a dash).
"""

from __future__ import annotations

import inspect
from collections.abc import Iterator, Mapping

import pandas as pd
import pytest

import sheriff_nb as sn
from sheriff_nb.play import class_rules
from sheriff_nb.theory.analysis import model_game
from sheriff_nb.ui import charts
from sheriff_nb.ui.charts import classroom, course
from sheriff_nb.ui.charts.drawing import altair_of
from sheriff_nb.ui.widgets.scoring import EXAMPLE_GOLD, EXAMPLE_STANDS

COLOURS = ("color", "fill", "stroke")
LABELLED = ("x", "y", "row", "column", "facet", "text")
"""Channels that write a field's values on the picture: axes, facet headers, label marks."""
STYLED = ("strokeDash", "shape")
"""Channels that draw each value differently without colour."""
FOLLOWS = ("strokeDash", "strokeWidth", "shape", "size")
"""Channels that, by a condition of their own, mark the mark a conditional colour highlights."""


def _rounds():
    frame = pd.DataFrame(
        {
            "round": [1, 1, 1, 1, 2, 2, 2, 2],
            "role": ["merchant", "sheriff"] * 4,
            "choice": ["lie", "inspect", "honest", "pass", "lie", "pass", "lie", "inspect"],
            "payoff": [-4, 8, 8, 0, 12, -12, 12, 8],
        }
    )
    return class_rules.rounds_table(frame)


def _history():
    return pd.DataFrame(
        {"iteration": [1, 10, 100], "p": [0.5, 0.3, 0.29], "q": [0.5, 0.45, 0.5], "p_star": 0.286, "q_star": 0.5}
    )


BAG = {"apples": 2, "pepper": 2}
CHARTS = {
    "deck_chart": lambda: charts.deck_chart(players=3, royal=True),
    "odds_chart": lambda: charts.odds_chart("crossbow", 6, at_least=2),
    "ev_chart": lambda: charts.ev_chart(BAG, "apples", p=0.3, naive=True),
    "equilibrium_chart": lambda: charts.equilibrium_chart(),
    "sweep_chart": lambda: charts.sweep_chart(charts.sweep_data("v", range(3, 16)), "v", 6, {6: "Pepper"}),
    "bribe_chart": lambda: charts.bribe_chart(BAG, "apples", belief=0.5),
    "leadership_chart": lambda: charts.leadership_chart(p=0.2),
    "draw_odds_chart": lambda: charts.draw_odds_chart("contraband", at_least=2),
    "tournament_chart": lambda: charts.tournament_chart(sn.simulate(2, players=3, seed=0)),
    "score_breakdown_chart": lambda: charts.score_breakdown_chart(sn.score(EXAMPLE_STANDS, EXAMPLE_GOLD)),
    "convergence_chart": lambda: charts.convergence_chart(_history()),
    "cfr_chart": lambda: charts.cfr_chart(),
    "guarantee_chart": lambda: charts.guarantee_chart(current=0.4),
    "tournament_safety_chart": lambda: charts.tournament_safety_chart(games=2),
    "bag_size_chart": lambda: charts.bag_size_chart(),
    "threshold_chart": lambda: charts.threshold_chart(current=2),
    "rates_chart": lambda: classroom.rates_chart(_rounds(), model_game(), 5, reveal=True),
    "payoff_chart": lambda: classroom.payoff_chart(_rounds(), model_game(), 5, reveal=True),
    "signal_map_chart": lambda: course.signal_map_chart(),
    "promise_chart": lambda: course.promise_chart(),
    "learning_chart": lambda: course.learning_chart(),
}
"""One drawing of every chart builder, in the state that shows the most categories."""


def pictures(spec: Mapping) -> Iterator[list[Mapping]]:
    """The encodings of each picture of ``spec``: a view alone, or the layers drawn over each other together."""
    if "layer" in spec:
        yield [encoding for part in spec["layer"] for encoding in _encodings(part)]
    elif "encoding" in spec:
        yield [spec["encoding"]]
    for key in ("hconcat", "vconcat", "concat"):
        for part in spec.get(key, ()):
            yield from pictures(part)
    if isinstance(spec.get("spec"), Mapping):  # a facet's inner chart
        yield from pictures(spec["spec"])


def _encodings(spec: Mapping) -> Iterator[Mapping]:
    if "encoding" in spec:
        yield spec["encoding"]
    for part in spec.get("layer", ()):
        yield from _encodings(part)


def _distinct(channel: Mapping) -> bool:
    """Whether a dash or shape channel draws each entry differently (a scale that repeats a value does not)."""
    values = (channel.get("scale") or {}).get("range")
    return not isinstance(values, list) or len({str(v) for v in values}) == len(values)


def colour_alone(spec: Mapping) -> list[str]:
    """The colour encodings of ``spec`` that nothing but colour tells apart, as ``"channel:field"``."""
    found = []
    for encodings in pictures(spec):
        told = {
            channel.get("field")
            for encoding in encodings
            for name, channel in encoding.items()
            if isinstance(channel, Mapping)
            and (name in LABELLED or (name in STYLED and _distinct(channel)))
            and "condition" not in channel
        }
        follows = any(
            isinstance(encoding.get(name), Mapping) and "condition" in encoding[name]
            for encoding in encodings
            for name in FOLLOWS
        )
        for encoding in encodings:
            for name in COLOURS:
                channel = encoding.get(name)
                if not isinstance(channel, Mapping):
                    continue
                if "condition" in channel and not follows:
                    found.append(f"{name}:condition")
                elif channel.get("type") in ("nominal", "ordinal") and channel.get("field") not in told:
                    found.append(f"{name}:{channel.get('field')}")
    return found


def test_the_list_holds_every_chart_builder():
    builders = {
        name
        for module in (charts, classroom, course)
        for name, value in inspect.getmembers(module, callable)
        if name.endswith("_chart") and hasattr(value, "__wrapped__")
    }
    assert builders == set(CHARTS)


@pytest.mark.parametrize("name", sorted(CHARTS))
def test_no_chart_tells_a_category_by_colour_alone(name):
    assert colour_alone(altair_of(CHARTS[name]()).to_dict()) == []


def test_the_check_finds_a_legend_only_colour():
    """Before issue 23's fix the deck chart's bars were told apart by colour and legend alone."""
    legend_only = {"mark": "bar", "encoding": {"y": {"field": "card"}, "color": {"field": "kind", "type": "nominal"}}}
    dashed = {"layer": [{"mark": "line", "encoding": {**legend_only["encoding"], "strokeDash": {"field": "kind"}}}]}
    same_dash = {"strokeDash": {"field": "kind", "scale": {"range": [[2, 2], [2, 2]]}}}
    repeated = {"mark": "line", "encoding": {**legend_only["encoding"], **same_dash}}
    highlight = {"mark": "bar", "encoding": {"color": {"condition": {"test": "datum.k", "value": "#000"}}}}
    assert colour_alone(legend_only) == ["color:kind"] == colour_alone(repeated)
    assert colour_alone(dashed) == [] and colour_alone(highlight) == ["color:condition"]
