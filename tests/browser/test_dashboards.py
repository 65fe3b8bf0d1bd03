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

from conftest import CHARTS, CONTROLS, press_reveals
from sheriff_nb.app.serve import ERROR_MARKERS

NOTEBOOK_DIR = Path(__file__).resolve().parents[2] / "notebooks"
NOTEBOOKS = sorted(path.name for path in NOTEBOOK_DIR.glob("*.ipynb"))
TIMEOUT = 180  # seconds for a cold render: 3-10 s alone on 2 cores, more when the machine is busy
STEP = 60_000  # ms for one kernel round trip after a click (a tournament run included)

#: What to wait for before a dashboard counts as ready (default: any ipywidgets control).
READY = {
    "09_play_a_game.ipynb": ".sheriff-play-start",
    "10_tournament.ipynb": ".sheriff-tournament-run",
    "17_class_teacher.ipynb": ".sheriff-class-create",
    "18_class_student.ipynb": ".sheriff-class-join",
}
#: Charts each lesson shows as soon as it is rendered (at least).
CHARTS_AT_START = {
    "01_the_goods.ipynb": 1,
    "02_market.ipynb": 1,
    "07_expected_values.ipynb": 3,
    "08_inspection_odds.ipynb": 7,
    "13_safety_and_rivalry.ipynb": 4,
    "15_real_hands.ipynb": 2,
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
    if press_reveals(dash.page):  # the answers hold tables and charts too
        dash.assert_no_horizontal_scroll(width=400)
    if notebook == "09_play_a_game.ipynb":  # the game itself is the page's main content: start one
        dash.page.locator(".sheriff-play-start").click()
        expect(dash.page.locator(".sheriff-play-status")).to_contain_text("Round 1", timeout=STEP)
        dash.settle()
        dash.assert_no_horizontal_scroll(width=400)
        shot(dash, notebook, "400-game")
    dash.assert_clean()


def test_a_chart_shows_its_phone_drawing_on_a_narrow_screen(open_dashboard, notebooks_server):
    """Drawn for a laptop (about 580 px), a chart shrank on a 400 px phone to 8 px text; a lesson's chart now comes
    with a phone drawing that the page's stylesheet shows on a narrow screen, at its own size (13 px text)."""
    dash = open_lesson(open_dashboard, notebooks_server, "07_expected_values.ipynb")
    reveal(dash, 0)
    page = dash.page
    wide, phone = page.locator(".sheriff-chart-wide").first, page.locator(".sheriff-chart-phone").first
    expect(wide).to_be_visible()
    expect(phone).to_be_hidden()
    page.set_viewport_size({"width": 400, "height": 900})
    dash.settle()
    expect(phone).to_be_visible()
    expect(wide).to_be_hidden()
    scale = phone.evaluate("(img) => img.getBoundingClientRect().width / img.naturalWidth")
    assert scale >= 0.95, f"the phone drawing is shown at {scale:.0%} of its size"
    dash.assert_clean()


def test_a_bets_long_answers_wrap_without_running_over_each_other_on_a_phone(open_dashboard, notebooks_server):
    """ipywidgets gives a radio option one line's height: on a 400 px phone lesson 03's wrapped answer ("the engine
    refuses: a bag holds 1 to 5 cards; this one holds 6") was drawn over the next answer."""
    dash = open_lesson(open_dashboard, notebooks_server, "03_load_the_bag.ipynb")
    dash.page.set_viewport_size({"width": 400, "height": 900})
    dash.settle()
    # lesson 03's answers now read alike and fit one line: lengthen the first one as a long answer would be
    dash.page.locator(".widget-radio-box label").first.evaluate(
        "label => label.firstChild.textContent = ' the engine refuses: a bag holds 1 to 5 cards; this one holds 6"
        " (the rule names the limit and leaves the game as it was)'"
    )
    boxes = dash.page.locator(".widget-radio-box label").evaluate_all(
        "labels => labels.map(l => { const r = l.getBoundingClientRect(); return [r.top, r.bottom, r.height]; })"
    )
    assert len(boxes) >= 3 and max(height for _top, _bottom, height in boxes) > 30  # one answer takes two lines
    for (_top, bottom, _h), (next_top, _b, _h2) in zip(boxes, boxes[1:], strict=False):
        assert bottom <= next_top + 1, f"an answer runs over the next one: {boxes}"


# --------------------------------------------------------------------------- each lesson's main controls


def exercise_00(dash) -> None:
    """The language picker: Spanish card names, and a link that opens the Spanish start page (notebooks/es/)."""
    page = dash.page
    chosen = page.locator("a.sheriff-open-language")
    assert chosen.count() == 0
    assert page.locator("a[href='es/00_start_here.ipynb']").count() >= 1  # every language's start page is listed
    before = dash.text()
    dash.select("Español")
    expect(chosen.first).to_be_visible(timeout=STEP)
    after = dash.text()
    assert after != before
    assert chosen.first.get_attribute("href") == "es/00_start_here.ipynb"
    dash.select("English")
    expect(chosen).to_have_count(0, timeout=STEP)


def exercise_01(dash) -> None:
    """The deck explorer (revealed by the first bet): 3 players removes the 4+ cards, royal goods add cards; chart
    and readout follow."""
    page = dash.page
    assert "most common card" not in dash.text()  # the explorer answers the bet: hidden until Reveal
    reveal(dash)
    dash.wait_for_text("most common card")
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
    assert "Crossbow in 6 cards from" not in dash.text()  # the explorer answers the bet: hidden until Reveal
    reveal(dash)
    dash.wait_for_text("Crossbow in 6 cards from")
    before = charts(dash)
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
    expect(page.locator(".sheriff-rule-error")).to_contain_text(
        "a bag holds 1 to 5 cards; this one holds 6", timeout=STEP
    )
    toggles.nth(5).click()
    dash.wait_for_text("In the bag: 5 cards")
    page.locator(".widget-button", has_text="Close the bag").click()
    dash.wait_for_text("Bag closed")
    expect(page.locator(".sheriff-rule-error")).to_have_count(0)


def exercise_04(dash) -> None:
    """The quiz answers each declaration; the form refuses a wrong count with the rule's words, then accepts the
    true count."""
    page = dash.page
    expect(page.locator(".widget-button", has_text="“4 Chickens”")).to_be_hidden()  # the quiz answers the bet
    reveal(dash)
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
    gold = page.locator(".sheriff-offer-gold").first  # the form's gold field, "you have 50 gold" beside it
    expect(page.locator(".widget-html", has_text="you have 50 gold").first).to_be_visible()
    type_number(gold, 6)
    page.locator(".widget-button", has_text=re.compile(r"^\s*Offer\s*$")).first.click()
    dash.wait_for_text("Deal!")
    page.locator(".widget-button", has_text=re.compile(r"^\s*Continue\s*$")).first.click()  # a deal: the bag passes
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
    assert "132" not in dash.text()
    reveal(dash, 2)  # the third bet ("one more Chicken") holds the sandbox back
    chickens = widget(dash, "text", re.compile(r"^\s*Chickens\s*$")).first
    type_number(chickens, 5)
    dash.wait_for_text("132")
    expect(page.locator(".widget-html", has_text="5 Chickens × 4 = 20").first).to_be_visible(timeout=STEP)


def reveal(dash, index: int = 0) -> None:
    """Press the ``index``-th "place your bets" Reveal button and wait for what it held back to show."""
    page = dash.page
    button = page.locator(".widget-button", has_text="Reveal").nth(index)
    button.scroll_into_view_if_needed()
    button.click()
    expect(page.locator("#rendered_cells")).to_contain_text(re.compile(r"No bet placed|Right!|Not quite"), timeout=STEP)
    dash.settle()


def exercise_07(dash) -> None:
    """The EV explorer (held back by the last bet until Reveal): the 'Sheriff opens' slider moves the chart's marker
    and the readout's numbers; it compares Will's bag with the 2 Chickens he holds (break-even 11/21)."""
    page = dash.page
    assert "At 25%" not in dash.text()  # the explorer answers a bet: hidden until Reveal
    reveal(dash, 3)
    before = charts(dash)
    assert "At 25%" in dash.text() and "break-even p = 11/21" in dash.text()
    slider = widget(dash, "slider", "Sheriff opens").first
    slider.locator(".noUi-handle").focus()
    for _ in range(5):
        page.keyboard.press("ArrowRight")
    dash.wait_for_text("At 30%")
    after = wait_charts_change(dash, before)
    assert after[:-1] == before[:-1], "only the explorer's chart (the last) should change"
    # the declaration menu changes the readout too: the honest bag the cards allow is now 1 Bread
    dash.select("Bread")
    dash.wait_for_text("honest 1 Bread")


def _pq(text: str) -> list[str]:
    return re.findall(r"([pq]\* = [^\n]*)", text)


def exercise_08(dash) -> None:
    """The game explorer's declaration changes its matrix and p*/q*; the value slider (one slider, one idea) moves
    only p* and redraws its chart."""
    page = dash.page
    assert "q* = 2n / (2n + c·f)" not in dash.text().split("contraband value v")[0]  # held back by the first bet
    reveal(dash, 0)
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
    block = text[text.index("v = 7 (Mead):") :][:600]
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
    # the things to try: an experiment plays its tables at Reveal and says what they showed
    assert "Bags opened a game" not in dash.text()
    reveal(dash)
    expect(page.locator("#rendered_cells")).to_contain_text("Bags opened a game", timeout=STEP)


def exercise_11(dash) -> None:
    """The research corner: a 'place your bets' prompt answered by Reveal, then every bet's table (computed by
    OpenSpiel here, or, without it, the stored OpenSpiel run, which the page says)."""
    page = dash.page
    text = dash.text()
    if "OpenSpiel is not installed here" in text:
        assert "stored run" in text and "pip install" in text
    else:
        assert "is installed: the cells below run its solvers" in text
    assert not re.search(r"Right!|Not quite", text)
    page.locator(".widget-radio-box").first.locator("input[type=radio]").first.check()
    page.locator(".widget-button", has_text="Reveal").first.click()
    expect(page.locator("#rendered_cells")).to_contain_text(re.compile(r"Right!|Not quite"), timeout=STEP)
    for index in range(1, 4):
        reveal(dash, index)
    for header in ("p* (ours)", "p (OpenSpiel)", "NashConv of ours", "load 0"):
        expect(page.locator("table th", has_text=header).first).to_be_visible()
    assert page.locator("table tbody tr").count() >= 5 + 1 + 1
    assert charts(dash), "the CFR chart is missing"


def exercise_13(dash) -> None:
    """Equilibrium or safety: the first bet's Reveal shows the safety explorer, whose slider moves its chart and
    readout; the tournament's merchants toggle re-simulates the table."""
    page = dash.page
    reveal(dash, 0)
    slider = widget(dash, "slider", "Sir Guy opens").first
    readout = page.locator(".widget-html", has_text="Whatever Much does, this mix guarantees").first
    before = readout.inner_text()
    slider.locator(".noUi-handle").focus()
    for _ in range(10):
        page.keyboard.press("ArrowRight")
    dash.wait_for_change(lambda: readout.inner_text(), before)
    reveal(dash, 2)
    table = page.locator(".widget-html", has_text="every merchant plays").first
    expect(table).to_contain_text("honest merchants", timeout=STEP)
    page.locator(".widget-toggle-button", has_text="smugglers").click()
    expect(table).to_contain_text("smugglers", timeout=STEP)


def exercise_15(dash) -> None:
    """Real hands: the threshold bet's Reveal shows the explorer; its slider moves the break-even and the chart."""
    page = dash.page
    reveal(dash, 1)  # the second bet: lesson 07's honest-alternative bet is only recalled here (issue 25)
    readout = page.locator(".widget-html", has_text="final total gains").first
    expect(readout).to_contain_text("1/9", timeout=STEP)
    before = charts(dash)
    slider = widget(dash, "slider", "Cheese on Much's stand").first
    slider.locator(".noUi-handle").focus()
    page.keyboard.press("ArrowRight")
    expect(readout).to_contain_text("With 4 Cheese", timeout=STEP)
    wait_charts_change(dash, before)


def answer_bet(dash, question: str) -> None:
    """Answer the "place your bets" whose question contains ``question`` and press its Reveal."""
    bet = (
        dash.page.locator(".widget-vbox", has=dash.page.locator(".widget-html", has_text=question))
        .filter(has=dash.page.locator(".widget-button", has_text="Reveal"))
        .last
    )
    bet.locator("input[type=radio]").first.check()
    bet.locator(".widget-button", has_text="Reveal").click()
    expect(bet).to_contain_text(re.compile(r"Right!|Not quite"), timeout=STEP)


def exercise_12(dash) -> None:
    """Bets hold their answers; revealed, the Bayes explorer's bait slider changes the posterior, and the offer
    game's bribe slider changes the equilibrium and redraws the map."""
    page = dash.page
    assert "6 / (6 + 1)" not in dash.text() and "Semi-separating" not in dash.text()  # held back by the bets
    answer_bet(dash, "How likely is it that his bag lies?")
    dash.wait_for_text("6 / (6 + 1) = 6/7 (86%)")
    bait = widget(dash, "slider", "bait: honest who offer").first
    bait.locator(".noUi-handle").focus()
    for _ in range(3):
        page.keyboard.press("ArrowLeft")
    dash.wait_for_text("= 1 (100%)")
    answer_bet(dash, "Now only 1 bag in 3 lies")
    dash.wait_for_text("Semi-separating: 1/2 (50%) of liars offer 5 gold")
    before = charts(dash)
    bribe = widget(dash, "slider", "bribe offered (gold)").first
    bribe.locator(".noUi-handle").focus()
    for _ in range(2):
        page.keyboard.press("ArrowLeft")
    dash.wait_for_text("Sir Guy opens every bag: 3 gold")
    wait_charts_change(dash, before)


def exercise_14(dash) -> None:
    """The promise demo played on the engine; revealed, the chance of meeting again flips Much's promise, and the
    rounds of fictitious play move the learners."""
    page = dash.page
    assert "the sheriff agreed in a deal to pass Much's bag this round" in dash.text()
    answer_bet(dash, "needs the longer future")
    before = charts(dash)
    again = widget(dash, "slider", "meeting again").first
    again.locator(".noUi-handle").focus()
    for _ in range(5):
        page.keyboard.press("ArrowRight")
    dash.wait_for_text("9.80 — so he keeps it")  # from 50% to 75%: Much keeps his promise from about 0.705
    wait_charts_change(dash, before)
    answer_bet(dash, "After 1000 rounds, their averages are")
    rounds = widget(dash, "slider", "rounds played").first
    rounds.locator(".noUi-handle").focus()
    page.keyboard.press("ArrowRight")
    dash.wait_for_text("After 200 rounds Much has lied in")


def exercise_16(dash) -> None:
    """The deputies' votes, the Black Market form and the optional rules, each answered by the engine."""
    page = dash.page
    answer_bet(dash, "how is the Booty split")
    page.locator(".widget-toggle-buttons", has=page.locator(".widget-label", has_text="Maid Marion")).locator(
        "button", has_text="pass"
    ).click()
    dash.wait_for_text("Sir Guy handles the bag alone")
    answer_bet(dash, "tries to claim a card of another pile")
    dash.wait_for_text("The engine accepts the table")
    piles = page.locator(".widget-dropdown select").filter(has=page.locator("option", has_text="Crossbow"))
    piles.nth(1).select_option(label="Pepper")  # two Pepper piles: the engine refuses the table
    dash.wait_for_text("3 piles must be of 3 different contraband types")
    page.locator(".widget-checkbox", has_text="royal goods").locator("input").check()
    expect(page.locator("tr", has_text="goods cards in play")).to_contain_text("216", timeout=STEP)


def exercise_17(dash) -> None:
    """The teacher's page: a session with its code and QR code; closing a round nobody joined is refused with the
    rule; deleting asks first, then removes it (a whole class round is in test_class_pages_browser.py)."""
    page = dash.page
    page.locator(".sheriff-class-create").click()
    expect(page.locator(".sheriff-class-code")).to_have_text(re.compile(r"^[A-Z2-9]{5}$"), timeout=STEP)
    expect(page.locator(".sheriff-class-joinbox svg.segno")).to_be_visible()
    page.locator(".sheriff-class-close").click()
    expect(page.locator(".sheriff-class-error")).to_contain_text("nobody has joined", timeout=STEP)
    page.locator(".sheriff-class-delete").click()
    page.locator(".sheriff-class-delete-yes").click()
    expect(page.locator(".sheriff-class-error")).to_contain_text("Session deleted", timeout=STEP)
    expect(page.locator(".sheriff-class-create")).to_be_visible()


def exercise_18(dash) -> None:
    """The student's page: joining without a valid code is refused with the rule, and the form stays."""
    page = dash.page
    page.locator(".widget-text", has_text="Join code").locator("input").fill("ZZZZZ")
    page.locator(".widget-text", has_text="Nickname").locator("input").fill("Ann")
    page.locator(".sheriff-class-join").click()
    expect(page.locator(".sheriff-class-error")).to_contain_text("no session has the code 'ZZZZZ'", timeout=STEP)
    expect(page.locator(".sheriff-class-join")).to_be_visible()


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
    "12_signals_and_beliefs.ipynb": exercise_12,
    "13_safety_and_rivalry.ipynb": exercise_13,
    "14_repeated_play.ipynb": exercise_14,
    "15_real_hands.ipynb": exercise_15,
    "16_second_edition.ipynb": exercise_16,
    "17_class_teacher.ipynb": exercise_17,
    "18_class_student.ipynb": exercise_18,
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
