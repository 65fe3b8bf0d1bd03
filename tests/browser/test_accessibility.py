"""No axe-core violation of WCAG 2.0/2.1 A and AA on any lesson page (issue 23), in Voilà and Chromium.

axe-core comes from the npm registry (``.ci/run``: ``npm install --prefix .ci/node axe-core@4.14.1``, or
``$SHERIFF_AXE`` naming an ``axe.min.js``) and is injected into the page with Playwright.  Checked:

* every English lesson at 1280 and 400 px wide, on first view and again after every Reveal is pressed (lesson 09
  also after a game starts);
* every lesson of every complete language at 1280 px, first view: checked by ``test_translated_pages.py`` with
  :func:`axe_violations`, on the page that test opens anyway (one load a page, not two).

A failure lists each violating element as ``rule (impact) on page [state]: target html — summary``.
"""

from __future__ import annotations

import pytest

from conftest import CONTROLS, LESSON_TIMEOUT, READY, axe_violations, press_reveals
from sheriff_nb.app.translate.notebooks import lessons

LESSONS = [path.name for path in lessons()]
TIMEOUT = LESSON_TIMEOUT


def _open(open_dashboard, server, path: str, width: int):
    dash = open_dashboard(server, path, wait_for=READY.get(path.split("/")[-1], CONTROLS), timeout=TIMEOUT)
    if width != 1280:
        dash.page.set_viewport_size({"width": width, "height": 900})
        dash.settle()
    return dash


@pytest.mark.parametrize("width", [1280, 400])
@pytest.mark.parametrize("lesson", LESSONS)
def test_an_english_lesson_has_no_axe_violation(axe_script, open_dashboard, notebooks_server, lesson, width):
    dash = _open(open_dashboard, notebooks_server, lesson, width)
    page = f"{lesson} at {width}px"
    found = axe_violations(dash.page, page, "first view")
    if press_reveals(dash.page):
        found += axe_violations(dash.page, page, "after every Reveal")
    if lesson == "09_play_a_game.ipynb":
        dash.page.click(".sheriff-play-start")
        dash.page.locator(".sheriff-play-setup").wait_for(state="hidden", timeout=TIMEOUT * 1000)
        dash.settle()
        found += axe_violations(dash.page, page, "game started")
    assert not found, f"{len(found)} axe-core violations:\n" + "\n".join(found)
