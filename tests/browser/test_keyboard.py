"""A keyboard is enough (issue 23): lesson 09 played to its final scores with Tab, Space, Enter and the arrows alone,
every control it reaches showing a focus ring; a slider's handle (lesson 07's) shows one too.

The only mouse-free way to reach a control is :func:`audit.tab_to` (Tab until the focus is on it); a button is
pressed with Enter, a toggle (a card of the hand, a player count) with Space, and a menu (the bag the sheriff takes)
changed with the arrow keys.
"""

from __future__ import annotations

import pytest
from audit import tab_to

from conftest import LESSON_TIMEOUT, READY

NOTEBOOK = "09_play_a_game.ipynb"
STATE_JS = (
    "() => ['.sheriff-play-turn', '.sheriff-play-status', '.sheriff-play-news'].map("
    "s => (document.querySelector(s) || {}).innerHTML || '').join('|')"
)
ACTIONS = (  # what the reader presses when it is on the screen, first come first pressed
    ".sheriff-play-continue",
    ".sheriff-play-go-on",
    ".sheriff-play-let-decide",
    ".sheriff-play-pass",
    ".sheriff-play-choose-first",
    ".sheriff-play-take-bag",
    ".sheriff-play-market",
    ".sheriff-play-declare",
)

MENUS = {
    ".sheriff-play-take-bag": ".sheriff-play-bag-menu select",
    ".sheriff-play-choose-first": ".sheriff-play-first-menu select",
}
"""The menu an action's button waits for (it is disabled until something is chosen)."""


_VISIBLE_JS = """([selector, enabled]) => [...document.querySelectorAll(selector)].some(e =>
  e.getClientRects().length && getComputedStyle(e).visibility !== 'hidden' && (!enabled || !e.disabled))"""


def _visible(page, selector: str, enabled: bool = True) -> bool:
    """Whether a ``selector`` is on the screen (and can be pressed), read at once (the kernel redraws the panel)."""
    return page.evaluate(_VISIBLE_JS, [selector, enabled])


def press(dash, selector: str, key: str = "Enter") -> dict:
    """Reach ``selector`` by Tab, press ``key``, wait for the kernel's answer; returns the focused element."""
    focused = tab_to(dash.page, selector)
    before = dash.page.evaluate(STATE_JS)
    dash.page.keyboard.press(key)
    dash.wait_for_change(lambda: dash.page.evaluate(STATE_JS), before, timeout=LESSON_TIMEOUT)
    dash.settle(quiet_ms=300)
    return focused


def test_lesson_09_is_played_to_the_end_by_keyboard(open_dashboard, notebooks_server):
    dash = open_dashboard(notebooks_server, NOTEBOOK, wait_for=READY[NOTEBOOK], timeout=LESSON_TIMEOUT)
    page, rings = dash.page, {}
    three = tab_to(page, ".sheriff-play-players button")
    page.keyboard.press("Space")  # the first of the toggles: 3 players, the shortest game
    rings["players toggle"] = three["ring"]
    rings["start button"] = press(dash, ".sheriff-play-start")["ring"]
    loading = False  # a card is in the bag being loaded
    for _ in range(300):
        if page.get_by_text("The game is over.").count() and not _visible(page, ".sheriff-play-continue"):
            break
        if _visible(page, ".sheriff-play-load"):
            if not loading:
                rings["card toggle"] = press(dash, ".sheriff-play-turn .sheriff-play-card", "Space")["ring"]
                loading = True
            rings["load button"] = press(dash, ".sheriff-play-load")["ring"]
            continue
        loading = False
        action = next((a for a in ACTIONS if _visible(page, a)), None)
        if action is None:
            waiting = next((a for a in MENUS if _visible(page, a, enabled=False)), None)
            if waiting is None:
                pytest.fail(f"nothing to press; the turn says {page.locator('.sheriff-play-turn').inner_text()!r}")
            tab_to(page, MENUS[waiting])  # its button waits for a choice in its menu
            page.keyboard.press("ArrowDown")
            dash.settle(quiet_ms=300)
            continue
        rings[action] = press(dash, action)["ring"]
    else:
        pytest.fail("the game did not end within 300 key presses of an action")
    dash.wait_for_text("Final scores", timeout=LESSON_TIMEOUT)
    assert all(rings.values()), f"no focus ring on: {[name for name, ring in rings.items() if not ring]}"
    dash.assert_clean()
