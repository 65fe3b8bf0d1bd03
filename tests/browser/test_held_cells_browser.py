"""A worked example waits for its bet, from the first paint (issue 22, item 5; ``tests/test_held_cells.py``).

A script added before the page loads looks at every frame Chromium draws and notes each cell tagged
``held-until-reveal`` that has a box (is drawn) while no bet is answered yet.  None may be drawn before the first
Reveal; after it, the cells right after that bet's cell are drawn, and those of the other bets still are not.
"""

from __future__ import annotations

import pytest

from conftest import CONTROLS, LESSON_TIMEOUT

HELD = ".celltag_held-until-reveal"
_WATCH_JS = f"""(() => {{
  window.sheriffHeldEarly = [];
  const look = () => {{
    if (!document.querySelector('.sheriff-answered')) {{
      for (const held of document.querySelectorAll('{HELD}')) {{
        if (held.getClientRects().length) window.sheriffHeldEarly.push(held.textContent.trim().slice(0, 60));
      }}
    }}
    requestAnimationFrame(look);
  }};
  requestAnimationFrame(look);
}})();"""
_GROUPS_JS = f"""() => {{
  const first = document.querySelector('.sheriff-answered').closest('[cell-index]');
  const mine = [];
  for (let cell = first.nextElementSibling; cell && cell.querySelector('{HELD}'); cell = cell.nextElementSibling) {{
    mine.push(cell.querySelector('{HELD}'));
  }}
  const drawn = el => el.getClientRects().length > 0;
  const others = [...document.querySelectorAll('{HELD}')].filter(el => !mine.includes(el));
  return {{mine: mine.length, mineDrawn: mine.filter(drawn).length, others: others.length,
           othersDrawn: others.filter(drawn).length, text: mine.map(el => el.innerText).join(' ')}};
}}"""


@pytest.mark.parametrize(
    "lesson, words",
    [
        ("07_expected_values.ipynb", "Worked example, p = 1/4"),
        ("de/08_inspection_odds.ipynb", "Durchgerechnetes Beispiel: p*."),
    ],
)
def test_a_worked_example_is_hidden_until_its_bet_is_revealed(page, open_dashboard, notebooks_server, lesson, words):
    page.add_init_script(_WATCH_JS)
    dash = open_dashboard(notebooks_server, lesson, wait_for=CONTROLS, timeout=LESSON_TIMEOUT)
    assert page.locator(HELD).count() >= 2, "the lesson's worked examples are held cells"
    assert words not in dash.text()
    reveal = page.locator(".sheriff-reveal").first
    reveal.scroll_into_view_if_needed()
    reveal.click()
    page.wait_for_function(
        f"() => [...document.querySelectorAll('{HELD}')].some(el => el.getClientRects().length)",
        timeout=LESSON_TIMEOUT * 1000,
    )
    groups = page.evaluate(_GROUPS_JS)
    assert page.evaluate("window.sheriffHeldEarly") == [], "a held cell was drawn before any Reveal"
    assert groups["mine"] >= 1 and groups["mineDrawn"] == groups["mine"], groups
    assert groups["others"] >= 1 and groups["othersDrawn"] == 0, groups
    assert words in groups["text"] and words in dash.text()
    dash.screenshot(f"held-{lesson.replace('/', '-')}-revealed")
    dash.assert_clean()
