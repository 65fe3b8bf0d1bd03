"""Issue 25's look with a newcomer's eyes, in a real browser where a CSS fact is the point: a lesson table too
wide for a 400 px phone says "scroll →" (and a table that fits does not), and clicking a card's face picks the
card (the page says "click a card")."""

from __future__ import annotations

import re

from conftest import DEFAULT_TIMEOUT

STEP = 60_000  # ms: one kernel round trip after a click on a busy machine

_HINTS_JS = """() => [...document.querySelectorAll('.jp-RenderedMarkdown table')].map(table => [
  table.scrollWidth > table.clientWidth + 1,
  parseFloat(getComputedStyle(table, '::before').height) || 0,
  getComputedStyle(table, '::before').content])"""


def test_a_lesson_table_too_wide_for_a_phone_says_that_it_scrolls(open_dashboard, notebooks_server):
    """Lesson 01's rule table showed its last column as "may b / declare", with nothing saying it scrolls."""
    dash = open_dashboard(notebooks_server, "01_the_goods.ipynb", timeout=DEFAULT_TIMEOUT)
    dash.page.set_viewport_size({"width": 400, "height": 900})
    dash.settle()
    tables = dash.page.evaluate(_HINTS_JS)
    wide = [height for scrolls, height, _ in tables if scrolls]
    fitting = [height for scrolls, height, _ in tables if not scrolls]
    assert wide and all(height > 10 for height in wide), tables  # the hint line is drawn
    assert all(height == 0 for height in fitting), tables  # and only there
    assert all(content.startswith('"scroll →"') for _, _, content in tables)  # then `/ ""`: no text for a reader
    dash.page.set_viewport_size({"width": 1280, "height": 900})
    dash.settle()
    assert all(not scrolls and height == 0 for scrolls, height, _ in dash.page.evaluate(_HINTS_JS))
    dash.assert_clean()


def test_clicking_a_cards_face_picks_the_card(open_dashboard, notebooks_server):
    """Lesson 02's market: the card faces had ``cursor:auto`` and a click on one changed nothing."""
    from playwright.sync_api import expect

    dash = open_dashboard(notebooks_server, "02_market.ipynb", timeout=DEFAULT_TIMEOUT)
    slot = dash.page.locator(".sheriff-card-slot").first
    face, toggle = slot.locator(".widget-html").first, slot.locator(".widget-toggle-button").first
    face.scroll_into_view_if_needed()
    box = face.bounding_box()  # in the viewport's coordinates, as elementFromPoint and the mouse use
    x, y = box["x"] + box["width"] / 2, box["y"] + box["height"] / 3
    hit = dash.page.evaluate(
        "([x, y]) => { const e = document.elementFromPoint(x, y);"
        " return [!!e.closest('.widget-toggle-button'), getComputedStyle(e).cursor]; }",
        [x, y],
    )
    assert hit == [True, "pointer"], hit  # the face is the button's click area
    assert "mod-active" not in (toggle.get_attribute("class") or "")
    dash.page.mouse.click(x, y)
    expect(toggle).to_have_class(re.compile(r"\bmod-active\b"), timeout=STEP)
    expect(toggle).to_contain_text("✓", timeout=STEP)
    dash.assert_clean()
