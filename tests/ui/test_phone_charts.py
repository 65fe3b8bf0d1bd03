"""Issue 25, finding #10: the charts that sliders redraw get the phone drawing the fixed charts have, and a slider
step draws only the size the reader's screen needs (the page says which, through ``page.screen()``)."""

from __future__ import annotations

import base64
import re

import pytest

import sheriff_nb as sn
from sheriff_nb.ui.display import ONE_CLASS, PHONE_CLASS, PHONE_WIDTH, WIDE_CLASS
from sheriff_nb.ui.widgets.chart_slot import ChartSlot
from sheriff_nb.ui.widgets.page import PHONE_SCREEN, STYLE, page_style, screen

EXPLORERS = {
    "01 deck": (lambda: sn.widgets.deck_explorer(), lambda e: (e.royal, True)),
    "02 odds": (lambda: sn.widgets.draw_odds_explorer(), lambda e: (e.cards, 4)),
    "07 ev": (lambda: sn.widgets.ev_explorer(), lambda e: (e.p, 0.5)),
    "08 value": (lambda: sn.widgets.value_explorer(), lambda e: (e.slider, e.slider.options[6][1])),
    "08 bribe": (lambda: sn.widgets.bribe_explorer(), lambda e: (e.slider, e.slider.options[3][1])),
    "12 signal map": (lambda: sn.widgets.signal_explorer(), lambda e: (e.bribe, e.bribe.options[1][1])),
    "13 rivalry": (lambda: sn.widgets.rivalry_explorer("rivalry"), lambda e: (e.slider, e.slider.options[2][1])),
}


@pytest.fixture(autouse=True)
def unknown_screen():
    screen().narrow = None
    yield
    screen().narrow = None


def pictures(slot: ChartSlot) -> list[tuple[str, int]]:
    """(class, SVG width in px) of each picture the chart's HTML holds."""
    html = slot.out.outputs[0]["data"]["text/html"]
    found = []
    for css, data in re.findall(r'<img class="([^"]+)" src="data:image/svg\+xml;base64,([^"]+)"', html):
        svg = base64.b64decode(data).decode()
        found.append((css, round(float(re.search(r'<svg[^>]*?\swidth="([\d.]+)"', svg).group(1)))))
    return found


@pytest.mark.parametrize("name", EXPLORERS)
def test_a_slider_step_draws_one_picture_the_size_of_the_readers_screen(name):
    make, step = EXPLORERS[name]
    control, value = step(phone := make())
    screen().narrow = True  # the page, on a 400 px screen
    control.value = value
    [(css, width)] = pictures(phone.chart)
    assert css == ONE_CLASS and width < 400  # drawn for the phone: its 13 px text stays 13 px
    control, value = step(laptop := make())
    screen().narrow = False
    renders = laptop.chart.renders
    control.value = value
    [(css, width)] = pictures(laptop.chart)
    assert css == ONE_CLASS and width > 480
    assert laptop.chart.renders == renders + 1  # one drawing a step: a laptop pays nothing for phones


def test_before_the_page_says_the_first_chart_holds_both_drawings_for_the_stylesheet():
    explorer = sn.widgets.ev_explorer()
    [(wide, wide_px), (phone, phone_px)] = pictures(explorer.chart)
    assert (wide, phone) == (WIDE_CLASS, PHONE_CLASS) and phone_px < 400 < wide_px
    assert f".{WIDE_CLASS}" in STYLE and f".{PHONE_CLASS}" in STYLE


def test_when_the_screen_changes_the_chart_shown_is_drawn_for_it():
    explorer = sn.widgets.ev_explorer()
    screen().narrow = False
    explorer.p.value = 0.4
    assert pictures(explorer.chart)[0][1] > 500
    screen().narrow = True  # the phone is turned upright again
    [(_css, width)] = pictures(explorer.chart)
    assert width < 400


def test_the_screen_widget_asks_the_browser_the_stylesheets_question():
    assert f"max-width: {PHONE_SCREEN}px" in STYLE
    assert f'matchMedia("(max-width: {PHONE_SCREEN}px)")' in screen()._esm
    explorer = sn.widgets.ev_explorer()
    box = explorer.children[-1]
    assert screen() in box.children  # shown with every explorer's chart, so the page can tell
    assert "<style>" in page_style()._repr_html_()
    assert PHONE_WIDTH < 300


def test_the_sweep_over_the_contraband_cards_has_its_x_axis():
    """Issue 25's second look: lesson 08's explorer of c (the contraband cards in the bag) drew no x axis at all."""
    from sheriff_nb.ui.charts.theory import PARAMETERS

    explorer = sn.widgets.count_explorer()
    html = explorer.chart.out.outputs[0]["data"]["text/html"]
    svg = base64.b64decode(re.search(r"base64,([^\"]+)", html).group(1)).decode()
    assert f">{PARAMETERS['c'][1]}</text>" in svg  # the axis title, drawn (not only in the description)
    assert ">1</text>" in svg and ">4</text>" in svg  # and its ticks


def test_the_promise_chart_names_the_characters_in_the_pages_language():
    """Issue 25's second look: lesson 14's chart in Russian said "обещание: Much" and "Sir Guy держит своё"."""
    from sheriff_nb.ui.charts.course import promise_parts
    from sheriff_nb.ui.i18n import get_language, set_language

    before = get_language()
    set_language("ru")
    try:
        parts = promise_parts(0.5)
    finally:
        set_language(before)
    words = parts.subtitle + " ".join(row["who"] for row in parts.datasets["lines"])
    assert "Мач" in words and "сэр Гай" in words
    assert "Much" not in words and "Sir Guy" not in words


def test_the_safety_explorers_readout_is_in_the_pages_language():
    """Issue 25's second look: pt-BR/13 read "Sir Guy opens bags with probability 0 (0%). Por bolsa ele espera if
    Much is honest: −8; if Much lies: −16." (the phrases were not in the catalogues)."""
    from sheriff_nb.ui.i18n import get_language, set_language
    from sheriff_nb.ui.widgets.safety import SafetyExplorer

    before = get_language()
    set_language("pt-BR")
    try:
        readouts = [SafetyExplorer(player).readout.value for player in ("sheriff", "merchant")]
    finally:
        set_language(before)
    for english in ("opens bags with", "lies with probability", "if Much", "if Sir Guy"):
        assert not any(english in text for text in readouts), (english, readouts)
