"""Every lesson dashboard in a real browser: Voilà serving ``notebooks/``, Debian's headless Chromium, no internet.

For each ``notebooks/*.ipynb``:

* ``test_renders_clean``: the page renders (its title and, where the lesson has them, its charts), shows no error or
  traceback, requests nothing outside 127.0.0.1 (Voilà's own Font Awesome CSS aside) and throws no page error; a
  full-page screenshot is saved as ``<lesson>-1280.png``.
* ``test_main_controls_change_what_is_shown``: the lesson's main controls are used the way a reader would (click,
  type, pick, nudge a slider) and what is shown changes (a chart, a readout, a rule's message in red).
* ``test_no_horizontal_scroll_on_a_phone``: at a 400 px wide viewport the content does not scroll sideways;
  screenshot ``<lesson>-400.png``.

Screenshots go to ``$SHERIFF_SCREENSHOTS`` (else a pytest temp folder) for a person to look at.  One Voilà serves
every test; each test gets its own browser context (the ``page`` fixture).  The full game of lesson 09 is played in
``test_play_dashboard.py``.
"""

from __future__ import annotations

import json
import re
from collections.abc import Callable
from pathlib import Path

import pytest

from conftest import CHARTS, CONTROLS
from sheriff_nb.serve import ERROR_MARKERS

NOTEBOOK_DIR = Path(__file__).resolve().parents[2] / "notebooks"
NOTEBOOKS = sorted(path.name for path in NOTEBOOK_DIR.glob("*.ipynb"))
TIMEOUT = 180  # seconds for a cold render: 3-10 s alone on 2 cores, more when the machine is busy
STEP = 60_000  # ms for one kernel round trip after a click (a tournament run included)

#: What to wait for before a dashboard counts as ready (default: any ipywidgets control).
READY = {
    "09_play_a_game.ipynb": ".sheriff-play-start",
    "10_tournament.ipynb": ".sheriff-tournament-run",
}
#: Charts each lesson shows as soon as it is rendered (at least).
CHARTS_AT_START = {
    "01_the_goods.ipynb": 1,
    "02_market.ipynb": 1,
    "07_expected_values.ipynb": 3,
    "08_inspection_odds.ipynb": 7,
}


# --------------------------------------------------------------------------- helpers

def expect(locator):
    from playwright.sync_api import expect as playwright_expect

    return playwright_expect(locator)


def title(notebook: str) -> str:
    """The lesson's H1 (the first markdown line starting with ``# ``)."""
    cells = json.loads((NOTEBOOK_DIR / notebook).read_text(encoding="utf-8"))["cells"]
    for cell in cells:
        if cell["cell_type"] == "markdown":
            for line in "".join(cell["source"]).splitlines():
                if line.startswith("# "):
                    return line[2:].strip()
    raise AssertionError(f"{notebook} has no '# title' line")


def open_lesson(open_dashboard, server, notebook: str):
    return open_dashboard(server, notebook, wait_for=READY.get(notebook, CONTROLS), timeout=TIMEOUT)


def charts(dash) -> list[str | None]:
    """A signature of every chart on the page, in page order."""
    return [dash.chart_signature(i) for i in range(dash.page.locator(CHARTS).count())]


def wait_charts_change(dash, before: list[str | None], timeout: float = 60) -> list[str | None]:
    """Wait until at least one chart differs from ``before`` (and none is missing); return the new signatures."""
    def now():
        sigs = charts(dash)
        return None if len(sigs) < len(before) or None in sigs else sigs

    return dash.wait_for_change(now, before, timeout=timeout)


def widget(dash, kind: str, label: str | re.Pattern):
    """The ipywidgets control of class ``.widget-<kind>`` whose description label says ``label``."""
    page = dash.page
    return page.locator(f".widget-{kind}").filter(has=page.locator(".widget-label", has_text=label))


def type_number(box, value: int) -> None:
    """Type ``value`` into an IntText-like widget and commit it (Enter), as a reader would."""
    field = box.locator("input").first
    field.fill(str(value))
    field.press("Enter")


def shot(dash, notebook: str, suffix: str) -> Path:
    path = dash.screenshot(f"{Path(notebook).stem}-{suffix}")
    assert path.stat().st_size > 5_000, f"suspiciously small screenshot {path}"
    return path


# --------------------------------------------------------------------------- every dashboard renders

def test_every_lesson_is_covered():
    assert NOTEBOOKS, "no notebook in notebooks/"
    missing = [nb for nb in NOTEBOOKS if nb not in EXERCISES]
    assert not missing, f"no browser exercise for {missing}: add one to EXERCISES"


@pytest.mark.parametrize("notebook", NOTEBOOKS)
def test_renders_clean(open_dashboard, notebooks_server, notebook):
    dash = open_lesson(open_dashboard, notebooks_server, notebook)
    text = dash.text()
    assert title(notebook) in text, f"the lesson's title is not on the page: {text[:300]!r}"
    assert not any(marker in text for marker in ERROR_MARKERS)
    found = dash.page.locator(CHARTS).count()
    assert found >= CHARTS_AT_START.get(notebook, 0), f"{found} chart(s) on the page"
    assert all(charts(dash)), "a chart is empty"
    dash.assert_clean()  # no error text, no stderr output, no page error, no outside request
    assert not dash.log.unexpected_blocked(), dash.log.blocked
    shot(dash, notebook, "1280")
    print(f"{notebook}: ready in {dash.seconds_to_ready:.1f} s")


@pytest.mark.parametrize("notebook", NOTEBOOKS)
def test_no_horizontal_scroll_on_a_phone(open_dashboard, notebooks_server, notebook):
    dash = open_lesson(open_dashboard, notebooks_server, notebook)
    dash.assert_no_horizontal_scroll(width=400)
    shot(dash, notebook, "400")
    if notebook == "09_play_a_game.ipynb":  # the game itself is the page's main content: start one
        dash.page.locator(".sheriff-play-start").click()
        expect(dash.page.locator(".sheriff-play-status")).to_contain_text("Round 1", timeout=STEP)
        dash.settle()
        dash.assert_no_horizontal_scroll(width=400)
        shot(dash, notebook, "400-game")
    dash.assert_clean()


# --------------------------------------------------------------------------- each lesson's main controls

def exercise_00(dash) -> None:
    """The language picker: Spanish card names, and the lesson links keep the language."""
    page = dash.page
    assert page.locator("a[href*='lang=es']").count() == 0
    before = dash.text()
    dash.select("Español")
    expect(page.locator("a[href*='lang=es']").first).to_be_visible(timeout=STEP)
    after = dash.text()
    assert after != before
    assert "?lang=es" in page.locator("a[href*='lang=es']").first.get_attribute("href")
    dash.select("English")
    expect(page.locator("a[href*='lang=es']")).to_have_count(0, timeout=STEP)


def exercise_01(dash) -> None:
    """The deck explorer: 3 players removes the 4+ cards, royal goods add cards; chart and readout follow."""
    page = dash.page
    before, text = charts(dash), dash.text()
    assert "204 cards" in text
    page.locator(".widget-toggle-button", has_text="3 players").click()
    dash.wait_for_text("156 cards")
    after = wait_charts_change(dash, before)
    page.locator(".widget-checkbox", has_text="with royal goods").locator("input").check()
    wait_charts_change(dash, after)
    summary = page.locator(".widget-html", has_text="cards:").first
    expect(summary).not_to_contain_text(", 0 royal", timeout=STEP)


def exercise_02(dash) -> None:
    """The Market demo's edition toggle shows the 1st edition's discard-pile buttons; the draw-odds explorer's
    'cards drawn' slider redraws its chart and readout."""
    page = dash.page
    left = page.locator(".widget-button", has_text="Take the top card of the left pile")
    assert left.count() == 0
    page.locator(".widget-toggle-button", has_text="1st edition").click()
    expect(left).to_be_visible(timeout=STEP)
    dash.wait_for_text("Discard piles")
    before = charts(dash)
    assert "in 6 cards from" in dash.text()
    drawn = page.locator(".widget-slider", has_text="cards drawn").last
    drawn.locator(".noUi-handle").focus()
    page.keyboard.press("ArrowLeft")
    dash.wait_for_text("in 5 cards from")
    wait_charts_change(dash, before)


def exercise_03(dash) -> None:
    """The bag loader: live totals per picked card; six cards are refused with the rule; five close the bag."""
    page = dash.page
    toggles = page.locator(".widget-toggle-button")
    expect(toggles).to_have_count(6)
    dash.wait_for_text("Pick the cards for your bag.")
    toggles.nth(0).click()
    dash.wait_for_text("In the bag: 1 card")
    for i in range(1, 6):
        toggles.nth(i).click()
    dash.wait_for_text("In the bag: 6 cards")
    page.locator(".widget-button", has_text="Close the bag").click()
    expect(page.locator(".sheriff-rule-error")).to_contain_text("a bag holds 1 to 5 cards; this one holds 6",
                                                                 timeout=STEP)
    toggles.nth(5).click()
    dash.wait_for_text("In the bag: 5 cards")
    page.locator(".widget-button", has_text="Close the bag").click()
    dash.wait_for_text("Bag closed")
    expect(page.locator(".sheriff-rule-error")).to_have_count(0)


def exercise_04(dash) -> None:
    """The quiz answers each declaration; the form refuses a wrong count with the rule's words, then accepts the
    true count."""
    page = dash.page
    page.locator(".widget-button", has_text="“4 Chickens”").click()
    dash.wait_for_text("allowed")
    page.locator(".widget-button", has_text="“3 Chickens”").click()
    expect(page.locator(".sheriff-rule-error").first).to_contain_text("true number of cards", timeout=STEP)
    count = widget(dash, "text", "Count")
    type_number(count, 2)
    page.locator(".widget-button", has_text=re.compile(r"^\s*Declare\s*$")).click()
    error = page.locator(".sheriff-rule-error", has_text="not 2")
    expect(error).to_contain_text("the declared count must be the true number of cards in the bag", timeout=STEP)
    true_count = int(re.search(r"in the bag: (\d+), not 2", error.inner_text()).group(1))
    type_number(count, true_count)
    page.locator(".widget-button", has_text=re.compile(r"^\s*Declare\s*$")).click()
    dash.wait_for_text("You said:")
    expect(error).to_have_count(0)


def exercise_05(dash) -> None:
    """The inspection panel as a merchant (offer 6 gold: a deal, the bag passes), then as the sheriff (inspect a
    bag: the outcome with its arithmetic)."""
    page = dash.page
    gold = widget(dash, "text", re.compile(r"^\s*Gold\s*$")).first
    type_number(gold, 6)
    page.locator(".widget-button", has_text=re.compile(r"^\s*Offer\s*$")).first.click()
    dash.wait_for_text("Deal!")
    page.locator(".widget-button", has_text="Let the sheriff decide").click()
    dash.wait_for_text("lets your bag pass")
    dash.wait_for_text("Bribe paid: 6 gold")
    before = dash.text()
    assert "You open" not in before
    page.locator(".widget-button", has_text=re.compile(r"^\s*Inspect\s*$")).first.click()
    dash.wait_for_text("You open")
    assert re.search(r"(Honest!|A lie!)", dash.text().split("You open", 1)[1]), "no inspection outcome"


def exercise_06(dash) -> None:
    """The score sandbox: one more Chicken for David (the lesson's question) changes his total from 125 to 132."""
    page = dash.page
    chickens = widget(dash, "text", re.compile(r"^\s*Chickens\s*$")).first
    assert "132" not in dash.text()
    type_number(chickens, 5)
    dash.wait_for_text("132")
    expect(page.locator(".widget-html", has_text="5 Chickens × 4 = 20").first).to_be_visible(timeout=STEP)


def exercise_07(dash) -> None:
    """The EV explorer: the 'Sheriff opens' slider moves the chart's marker and the readout's numbers."""
    page = dash.page
    before = charts(dash)
    assert "At 25%" in dash.text()
    slider = widget(dash, "slider", "Sheriff opens").first
    slider.locator(".noUi-handle").focus()
    for _ in range(5):
        page.keyboard.press("ArrowRight")
    dash.wait_for_text("At 30%")
    after = wait_charts_change(dash, before)
    assert after[:-1] == before[:-1], "only the explorer's chart (the last) should change"
    # the declaration menu changes the readout too
    dash.select("Bread")
    dash.wait_for_text("honest 4 Bread")


def _pq(text: str) -> list[str]:
    return re.findall(r"([pq]\* = [^\n]*)", text)


def exercise_08(dash) -> None:
    """The game explorer's declaration changes its matrix and p*/q*; the value slider (one slider, one idea) moves
    only p* and redraws its chart."""
    page = dash.page
    before_text, before_charts = dash.text(), charts(dash)
    dash.select("Cheese")
    dash.wait_for_change(lambda: _pq(dash.text()), _pq(before_text))
    dash.wait_for_text("honest: 4 Cheese")
    slider = widget(dash, "slider", "contraband value v").first
    readout = slider.locator(".widget-readout")
    expect(readout).to_have_text("6")
    slider.locator(".noUi-handle").focus()
    page.keyboard.press("ArrowRight")
    dash.wait_for_text("v = 7 (Mead):")  # the readout names the contraband worth 7
    wait_charts_change(dash, before_charts)
    # v moves only the sheriff's p*: the merchant's q* (1/2 for Alan's bag) stays
    text = dash.text()
    block = text[text.index("v = 7 (Mead):"):][:600]
    assert "q* = 2n / (2n + c·f) = 2×4 / (2×4 + 2×4) = 1/2 (50%)" in block, block


def exercise_09(dash) -> None:
    """The play dashboard's setup: the player count sets how many opponents to choose (the game itself is played
    in test_play_dashboard.py)."""
    page = dash.page
    menus = page.locator(".sheriff-play-opponent")
    expect(menus).to_have_count(3)
    page.locator(".sheriff-play-players button", has_text=re.compile(r"^\s*6\s*$")).click()
    expect(menus).to_have_count(5, timeout=STEP)
    page.locator(".sheriff-play-players button", has_text=re.compile(r"^\s*3\s*$")).click()
    expect(menus).to_have_count(2, timeout=STEP)
    seats = page.locator(".sheriff-play-seat select option")
    expect(seats).to_have_count(3)


def exercise_10(dash) -> None:
    """The tournament: Run without a bet asks for one; with a bet (and fewer games) the results appear: a summary,
    a chart, the table of averages and the reading."""
    page = dash.page
    page.locator(".sheriff-tournament-run").click()
    expect(page.locator(".sheriff-tournament-error")).to_contain_text("Place your bet first", timeout=STEP)
    dash.set_slider(20)  # the only slider: the number of games
    expect(page.locator(".sheriff-tournament-games .widget-readout")).to_have_text("20")
    page.locator(".sheriff-tournament-bet button").nth(0).click()
    expect(page.locator(".sheriff-tournament-error")).to_have_text("", timeout=STEP)
    page.locator(".sheriff-tournament-run").click()
    expect(page.locator(".sheriff-tournament-summary")).to_contain_text("20 games played", timeout=STEP)
    chart = page.locator(".sheriff-tournament-chart").locator(CHARTS)
    expect(chart.first).to_be_visible(timeout=STEP)
    expect(page.locator(".sheriff-tournament-table tbody tr").first).to_be_visible()
    expect(page.locator(".sheriff-tournament-why")).to_contain_text("You bet on")


def exercise_11(dash) -> None:
    """The research corner: OpenSpiel's tables (or, without OpenSpiel, the friendly explanation), and a
    'place your bets' prompt answered by Reveal."""
    page = dash.page
    text = dash.text()
    if "OpenSpiel is not installed here" in text:
        assert "pip install" in text
    else:
        assert "is installed: the cells below run its solvers" in text
        for header in ("p* (ours)", "p (OpenSpiel)", "NashConv of ours", "load 0"):
            expect(page.locator("table th", has_text=header).first).to_be_visible()
        assert page.locator("table tbody tr").count() >= 5 + 1 + 1
        assert charts(dash), "the CFR chart is missing"
    assert not re.search(r"Right!|Not quite", dash.text())
    page.locator(".widget-radio-box").first.locator("input[type=radio]").first.check()
    page.locator(".widget-button", has_text="Reveal").first.click()
    expect(page.locator("#rendered_cells")).to_contain_text(re.compile(r"Right!|Not quite"), timeout=STEP)


EXERCISES: dict[str, Callable] = {
    "00_start_here.ipynb": exercise_00,
    "01_the_goods.ipynb": exercise_01,
    "02_market.ipynb": exercise_02,
    "03_load_the_bag.ipynb": exercise_03,
    "04_declaration.ipynb": exercise_04,
    "05_inspection_and_bribes.ipynb": exercise_05,
    "06_scoring.ipynb": exercise_06,
    "07_expected_values.ipynb": exercise_07,
    "08_inspection_odds.ipynb": exercise_08,
    "09_play_a_game.ipynb": exercise_09,
    "10_tournament.ipynb": exercise_10,
    "11_research_corner.ipynb": exercise_11,
}


@pytest.mark.parametrize("notebook", NOTEBOOKS)
def test_main_controls_change_what_is_shown(open_dashboard, notebooks_server, notebook):
    if notebook not in EXERCISES:
        pytest.fail(f"no exercise for {notebook}")
    dash = open_lesson(open_dashboard, notebooks_server, notebook)
    dash.page.set_default_timeout(STEP)
    EXERCISES[notebook](dash)
    dash.settle()
    dash.assert_clean()
    shot(dash, notebook, "1280-used")
