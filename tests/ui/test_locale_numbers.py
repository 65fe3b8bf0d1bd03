"""A German, Russian or Spanish page writes its numbers in its own way: a decimal comma, never an English decimal
point, and the percent sign spaced as the language spaces it (issue 21)."""

import html
import re

import pandas as pd
import pytest

import sheriff_nb as sn
from sheriff_nb.ui.i18n import set_language
from sheriff_nb.ui.widgets.base import screen_text

PAGES = {
    "explorers": lambda: [sn.widgets.ev_explorer(), sn.widgets.game_explorer(), sn.widgets.bribe_explorer()],
    "theory": lambda: [sn.widgets.count_explorer(), sn.widgets.fine_explorer(), sn.widgets.leadership_explorer()],
    "safety": lambda: [sn.widgets.safety_explorer("sheriff"), sn.widgets.safety_explorer("merchant")],
    "repeated": lambda: [
        sn.widgets.promise_explorer(),
        sn.widgets.promise_worked("promise"),
        sn.widgets.learning_explorer("fictitious"),
    ],
    "beliefs": lambda: [sn.widgets.bayes_explorer(), sn.widgets.belief_worked("equilibrium"), sn.widgets.offer_table()],
    "findings": lambda: [sn.widgets.experiment("royal"), sn.widgets.experiment("three_players")],
    "tournament": lambda: [sn.widgets.safety_tournament(games=10)],
    "class pages": lambda: [sn.widgets.classroom(), sn.widgets.teacher_page(), sn.widgets.student_page()],
}


def _text(items) -> str:
    """What a reader reads: the widgets' text without HTML tags, style sheets or scripts."""
    text = "\n".join(item if isinstance(item, str) else screen_text(item) for item in items)
    text = re.sub(r"<(style|script)\b.*?</\1>", " ", text, flags=re.S)
    return html.unescape(re.sub(r"<[^>]*>", " ", text))


@pytest.mark.parametrize("lang", ["de", "ru", "es"])
@pytest.mark.parametrize("page", sorted(PAGES))
def test_a_translated_page_writes_decimals_and_percentages_in_its_language(lang, page):
    set_language(lang)
    try:
        text = _text(PAGES[page]())
    finally:
        set_language("en")
    assert re.findall(r".{0,30}\d\.\d.{0,10}", text) == []
    assert re.findall(r".{0,30}\d%.{0,10}", text) == []  # Babel writes "29 %" (a no-break space) in all three


def _tree(widget):
    yield widget
    for child in getattr(widget, "children", ()):
        yield from _tree(child)


@pytest.mark.parametrize("page", sorted(PAGES))
def test_no_slider_lets_the_browser_write_a_decimal_or_a_percentage(page):
    """The browser draws a slider's readout with its own English format (``.0%`` -> ``25%``); an integer or an
    option's (translated) label reads the same everywhere, any other number must be written by the page."""
    import ipywidgets as W

    sliders = [w for item in PAGES[page]() for w in _tree(item) if isinstance(w, W.widgets.widget_float._Float)]
    assert [w.description for w in sliders if getattr(w, "readout", False)] == []


def test_the_chance_the_sheriff_opens_reads_in_the_pages_language():
    set_language("de")
    try:
        ev = sn.widgets.ev_explorer(p=0.25)
        ev.p.value = 0.35
    finally:
        set_language("en")
    assert ev.p.readout is False
    assert ev.p_shown.value == "35\xa0%"


def test_a_chart_on_a_translated_page_draws_its_axis_numbers_with_the_languages_signs():
    import vl_convert

    from sheriff_nb.ui.charts.base import setup_charts

    setup_charts()
    spec = {
        "data": {"values": [{"x": 0.25}]},
        "mark": "point",
        "encoding": {"x": {"field": "x", "type": "quantitative", "axis": {"format": ".1%"}}},
    }
    english = sn.charts.bag_size_chart().to_dict()
    set_language("de")
    try:
        german = sn.charts.bag_size_chart().to_dict()
    finally:
        set_language("en")
    assert "locale" not in english["config"]
    assert german["config"]["locale"]["number"]["decimal"] == ","
    labels = re.findall(r">([^<]*\d[^<]*)<", vl_convert.vegalite_to_svg({**spec, "config": german["config"]}))
    assert labels[:3] == ["0,0\xa0%", "5,0\xa0%", "10,0\xa0%"]


@pytest.mark.parametrize("lang", ["en", "es", "pt-BR", "ru", "de"])
def test_one_minus_sign_in_every_language_and_no_negative_zero(lang):
    from sheriff_nb.ui import numbers as nu

    set_language(lang)
    try:
        comma = "," if lang != "en" else "."
        assert nu.short_number(-2.31) == f"−2{comma}3" and nu.number(-8) == "−8"  # UX review #46
        assert nu.number(-0.04, 1) == f"0{comma}0" and nu.short_number(-0.01) == "0" and nu.decimal(-0.00001) == "0"
        assert "-" not in nu.measured(-10.7, 0.1) + nu.money(-1.5) + nu.signed(-3) + nu.decimal(-1.25)
    finally:
        set_language("en")


def test_tables_align_numbers_right_and_write_them_with_the_true_minus():
    from sheriff_nb.ui.widgets.base import table_html
    from sheriff_nb.ui.widgets.openspiel import _table

    cells = re.findall(r"text-align:(\w+)'>([^<]*)</td>", table_html(["who", "points"], [["Ann", "−4"], ["Bob", "—"]]))
    assert cells == [("left", "Ann"), ("right", "−4"), ("left", "Bob"), ("right", "—")]
    shown = _table(pd.DataFrame({"bag": ["x"], "p": [-0.00001], "q": [-1.3], "n": [3]})).html
    assert re.findall(r"text-align:right'>([^<]*)</td>", shown) == ["0", "−1.3", "3"]  # lesson 11 showed -0.0
