"""Every chart's "show the numbers" table (issue 23): the data it draws, under the picture, in the page's language."""

from __future__ import annotations

import pytest

from sheriff_nb.ui.charts import draw_odds_chart, ev_chart, sweep_data, sweep_parts
from sheriff_nb.ui.charts.table import NUMBERS, tables
from sheriff_nb.ui.display import from_cache, show
from sheriff_nb.ui.i18n import get_language, set_language, t


@pytest.fixture
def spanish():
    before = get_language()
    set_language("es")
    yield
    set_language(before)


def test_a_lesson_chart_shows_its_numbers_under_both_drawings():
    bundle = from_cache(draw_odds_chart("crossbow"))
    html = bundle["text/html"]
    assert html.count("<details") == 1 and html.index("<img") < html.index("<details")
    assert "<th scope='col'>at least k</th>" in html and "<td>14%</td>" in html
    assert NUMBERS not in bundle  # only inside the HTML


def test_a_line_chart_reads_one_row_per_point_with_a_column_per_line():
    (header, rows), *_ = tables(ev_chart({"apples": 2, "pepper": 2}, "apples", p=0.25).altair.to_dict())
    assert header == ["chance the sheriff inspects", "honest bag", "this bag"]
    assert rows[0] == ["0%", "8", "16"]


def test_the_table_speaks_the_page_language(spanish):
    html = from_cache(draw_odds_chart("crossbow"))["text/html"]
    assert t("Show the numbers") == "Mostrar los números" and "Mostrar los números" in html
    assert "at least k" not in html and "<th scope='col'>al menos k</th>" in html and "14\xa0%" in html


def test_an_explorer_step_shows_its_numbers_without_altair():
    import ipywidgets as widgets

    from sheriff_nb.ui.widgets.explorers import drawn

    out = widgets.Output()
    show(out, drawn("sweep", sweep_parts(sweep_data("f", [2, 4, 8]), "f", current=8), param="f"))
    html = out.outputs[0]["data"]["text/html"]
    assert "<details class='sheriff-numbers'>" in html and "<table>" in html
