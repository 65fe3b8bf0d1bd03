"""Issue 13's design pass, checked without a browser: every lesson page is titled with the lesson's name and carries
the page style; the phase chips link to lessons that exist; a stale bargaining form goes grey; lesson 10's progress
is a widget bar; the controls keep their natural width and the one accent colour."""

from __future__ import annotations

import json
import re
from pathlib import Path

import ipywidgets as W
import pytest

from sheriff_nb.ui.palette import ACCENT
from sheriff_nb.ui.widgets import LESSONS, inspection_panel, page_title, tournament_dashboard
from sheriff_nb.ui.widgets.base import button, labelled
from sheriff_nb.ui.widgets.phases import round_bar_html

NOTEBOOKS = Path(__file__).resolve().parents[2] / "notebooks"


@pytest.mark.parametrize("name", [f for f, _, _ in LESSONS])
def test_every_lesson_page_is_titled_with_its_name_and_styled(name):
    """Voilà 0.5.13 puts ``metadata.title`` in the page's ``<title>`` (nbconvert's lab template), else the file
    name; the first code cell shows the page style (a readable column, phone forms)."""
    notebook = json.loads((NOTEBOOKS / name).read_text(encoding="utf-8"))
    title = dict((f, t) for f, t, _ in LESSONS)[name]
    assert notebook["metadata"]["title"] == page_title(name) and notebook["metadata"]["title"].startswith(title)
    first = next("".join(c["source"]) for c in notebook["cells"] if c["cell_type"] == "code")
    assert "sn.widgets.page_style()" in first


def test_phase_chips_link_to_the_lesson_of_each_phase():
    bar = round_bar_html("market", target="_blank")
    links = re.findall(r"href='([^']+)' target='_blank'", bar)
    assert links == [
        "02_market.ipynb",
        "03_load_the_bag.ipynb",
        "04_declaration.ipynb",
        "05_inspection_and_bribes.ipynb",
        "06_scoring.ipynb",
    ]
    assert all((NOTEBOOKS / link).is_file() for link in links)


def test_the_bargaining_form_goes_grey_once_the_bag_is_handled():
    """Lesson 05: after "Deal!" and the pass, the merchant's form no longer takes offers (a stale form is
    disabled); the button after a deal says Continue."""
    panel = inspection_panel("merchant")
    panel.form.gold.value = 6
    panel.offer_button.click()
    assert panel.decide_button.description == "Continue" and not panel.form.gold.disabled
    panel.decide_button.click()
    assert panel.form.gold.disabled and panel.offer_button.disabled
    assert all(toggle.disabled for toggle in panel.form.stand.toggles)


def test_lesson_10_progress_is_a_widget_bar():
    board = tournament_dashboard(players=3, games=10, strategies=["honest", "smuggler", "briber"])
    board.bet.value = board.bet.options[0][1]
    board.run()
    assert isinstance(board.progress, W.IntProgress) and board.progress.style.bar_color == ACCENT
    assert (board.progress.value, board.progress.max) == (10, 10)
    assert board.progress.description == "10 of 10 games played"


def test_controls_keep_their_natural_width_and_actions_share_one_colour():
    menu = labelled(W.Dropdown(options=["Seat 1"], layout=W.Layout(width="auto")), "Your seat")
    assert menu.layout.align_self == "flex-start"  # never stretched to its column (a 1,200 px menu for one word)
    colours = {button("x", style).style.button_color for style in ("primary", "success", "warning", "danger")}
    assert colours == {ACCENT} and button("Undo").style.button_color is None
    assert button("Finish the round").layout.align_self == "flex-start"  # not a full-width bar
