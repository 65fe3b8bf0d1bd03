"""Issue 25's look with a newcomer's eyes, checked without a browser: tables too wide for their box say that they
scroll, on every page at once (the page style); the controls that look clickable are."""

from __future__ import annotations

import re

import pytest

from sheriff_nb.theory import analysis as an
from sheriff_nb.ui import i18n
from sheriff_nb.ui.widgets import inspection_panel
from sheriff_nb.ui.widgets.base import LONG_MENU_CLASS, SCROLL_CLASS, table_html
from sheriff_nb.ui.widgets.cards import CARD_SLOT_CLASS, HandPicker
from sheriff_nb.ui.widgets.explorers import matrix_html
from sheriff_nb.ui.widgets.openspiel import comparison_table
from sheriff_nb.ui.widgets.page import page_style
from sheriff_nb.ui.widgets.phases import round_bar_html
from sheriff_nb.ui.widgets.play import play_dashboard


def plain(html: str) -> str:
    return " ".join(re.sub(r"<[^>]+>", " ", html).split())


@pytest.fixture(autouse=True)
def english():
    i18n.set_language("en")
    yield
    i18n.set_language("en")


def test_the_page_style_makes_every_lesson_table_scroll_and_say_so():
    """Lesson 01's rule table and 00's phase table were cut on a phone with nothing showing that they scroll:
    a lesson's Markdown table is now its own scroll box, and any scroll box shows a hint in the reader's
    language (only when it can scroll: a scroll-driven animation gives the hint its height)."""
    css = page_style()._repr_html_()
    assert re.search(r"\.jp-RenderedMarkdown table \{[^}]*display: block;[^}]*overflow-x: auto", css)
    assert f".{SCROLL_CLASS})::before" in css and "animation-timeline: scroll(nearest inline)" in css
    assert '--sheriff-scroll-hint: "scroll →"' in css
    i18n.set_language("de")
    assert '--sheriff-scroll-hint: "scroll →"' not in page_style()._repr_html_()


def test_widget_tables_sit_in_the_scroll_box_the_page_style_marks():
    """Lesson 08's payoff matrix was cut at "Let it p" on a phone; lesson 11's OpenSpiel table even at 1280 px."""
    game = an.inspection_game({"apples": 2, "pepper": 2}, "apples")
    for html in (matrix_html(game), comparison_table().html, table_html(["a"], [["1"]])):
        assert re.match(rf"<div class='{SCROLL_CLASS}' tabindex='0' style='max-width:100%;overflow-x:auto", html)


def test_lesson_05s_sheriff_reads_the_offer_before_the_buttons_that_answer_it():
    """Maid Marion's offer was printed under the four action buttons, so "Accept (Deal!)" came first."""
    panel = inspection_panel("sheriff")
    marion = panel.game.names.index("Maid Marion")
    panel.bag_picker.value = marion
    rows = list(panel.children)
    buttons = next(i for i, row in enumerate(rows) if panel.accept_button in getattr(row, "children", ()))
    assert "Maid Marion offers: 2 gold" in plain(panel.status.value)
    assert rows.index(panel.status) < rows.index(panel.form) < buttons
    assert "offers" not in plain(panel.story.value)  # said once, where it is read
    panel.accept_button.click()
    assert "Deal!" in plain(panel.story.value) and "offers" not in plain(panel.status.value)


def test_a_card_pickers_toggle_covers_its_card_in_the_page_style():
    """09, 02, 03 and 05 say "click a card"; the face is now the click area of the card's own toggle button."""
    picker = HandPicker({"cheese": 1, "silk": 1})
    [row] = picker.children
    assert all(CARD_SLOT_CLASS in slot._dom_classes for slot in row.children)
    assert [slot.children[1] for slot in row.children] == picker.toggles  # a real button under each face
    css = page_style()._repr_html_()
    assert f'.{CARD_SLOT_CLASS} .widget-toggle-button::after {{ content: ""; position: absolute; inset: 0; }}' in css


def test_the_phase_chips_look_like_links_and_say_when_they_open_a_new_tab():
    """The chips at the top of a game looked like tabs of the game, and opened lessons 02-06 in new tabs."""
    in_a_game = round_bar_html("market", target="_blank")
    chips = re.findall(r"<a class='sheriff-phase'[^>]*>[^<]*</a>", in_a_game)
    assert len(chips) == 5 and all("text-decoration:underline" in chip for chip in chips)
    assert all(chip.endswith(" ↗</a>") for chip in chips)
    assert "↗" not in round_bar_html("market")  # the lessons' own bars open in the same tab


def test_lesson_13s_axis_labels_have_room():
    """At 1280 px the sheriff's-gold axis labelled every 5 gold, and "-30" touched "-25"."""
    from sheriff_nb.ui.charts.safety import tournament_safety_chart
    from sheriff_nb.ui.display import chart

    svg = chart(tournament_safety_chart).bundle["image/svg+xml"]
    ticks = re.findall(r">([−-]?\d+)</text>", svg)
    assert "−30" in ticks and "−25" not in ticks and "35" not in ticks, ticks


def test_the_opponent_menus_take_the_whole_width_of_a_phone():
    """Russian 09 at 400 px cut the characters' names ("Подозрительный шери"): the menus now carry the class whose
    label the page style puts above the menu on a phone."""
    dash = play_dashboard()
    assert dash.setup_box.opponent_menus and all(
        LONG_MENU_CLASS in m._dom_classes for m in dash.setup_box.opponent_menus.values()
    )
    css = page_style()._repr_html_()
    phone = css[css.index("@media (max-width: 560px)") :]
    assert f".{LONG_MENU_CLASS} {{ flex-wrap: wrap; height: auto; }}" in phone.split("}\n}")[0]
