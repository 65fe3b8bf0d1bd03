"""No axe-core violation of WCAG 2.0/2.1 A and AA on any lesson page (issue 23), in Voilà and Chromium.

axe-core comes from the npm registry (``.ci/run``: ``npm install --prefix .ci/node axe-core@4.14.1``, or
``$SHERIFF_AXE`` naming an ``axe.min.js``) and is injected into the page with Playwright.  Checked:

* every English lesson at 1280 and 400 px wide, on first view and again after every Reveal is pressed (lesson 09
  also after a game starts);
* every lesson of every complete language at 1280 px, first view (``SHERIFF_LANGUAGES=es,de`` picks others).

A failure lists each violating element as ``rule (impact) on page [state]: target html — summary``.
"""

from __future__ import annotations

import os
from pathlib import Path

import pytest

from conftest import CONTROLS, press_reveals
from sheriff_nb.app.translate import COMPLETE
from sheriff_nb.app.translate.notebooks import lessons

AXE = Path(
    os.environ.get("SHERIFF_AXE", Path(__file__).resolve().parents[2] / ".ci/node/node_modules/axe-core/axe.min.js")
)
TAGS = ["wcag2a", "wcag2aa", "wcag21a", "wcag21aa"]
LESSONS = [path.name for path in lessons()]
LANGUAGES = [lang for lang in os.environ.get("SHERIFF_LANGUAGES", ",".join(sorted(COMPLETE))).split(",") if lang]
TIMEOUT = 180
READY = {
    "09_play_a_game.ipynb": ".sheriff-play-start",
    "10_tournament.ipynb": ".sheriff-tournament-run",
    "17_class_teacher.ipynb": ".sheriff-class-create",
    "18_class_student.ipynb": ".sheriff-class-join",
}
_RUN_JS = """(tags) => axe.run(document, {runOnly: {type: 'tag', values: tags}}).then(result =>
  result.violations.flatMap(v => v.nodes.map(n => ({
    rule: v.id, impact: v.impact || '', target: n.target.join(' '), html: n.html.slice(0, 160),
    summary: (n.failureSummary || v.help).replace(/\\s+/g, ' ').slice(0, 300)}))))"""


def describe(violations: list[dict], page: str, state: str) -> list[str]:
    """One readable line per violating element.

    >>> describe([{"rule": "label", "impact": "critical", "target": "#x", "html": "<input id=x>", "summary": "Fix"}],
    ...          "05.ipynb", "first")
    ['label (critical) on 05.ipynb [first]: #x <input id=x> — Fix']
    """
    return [
        f"{v['rule']} ({v['impact']}) on {page} [{state}]: {v['target']} {v['html']} — {v['summary']}"
        for v in violations
    ]


def axe_violations(page, name: str, state: str) -> list[str]:
    """Inject axe-core (once per page) and run the WCAG A/AA rules on the whole document."""
    if not page.evaluate("() => typeof axe !== 'undefined'"):
        page.add_script_tag(path=str(AXE))
    return describe(page.evaluate(_RUN_JS, TAGS), name, state)


@pytest.fixture(scope="module")
def axe_script():
    if not AXE.is_file():
        reason = f"no axe-core at {AXE} (npm install --prefix .ci/node axe-core@4.14.1)"
        if os.environ.get("SHERIFF_REQUIRE_BROWSER") == "1":
            pytest.fail(f"SHERIFF_REQUIRE_BROWSER=1 but {reason}")
        pytest.skip(reason)
    return AXE


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


@pytest.mark.parametrize("lesson", LESSONS)
@pytest.mark.parametrize("lang", LANGUAGES)
def test_a_translated_lesson_has_no_axe_violation(axe_script, open_dashboard, notebooks_server, lang, lesson):
    dash = _open(open_dashboard, notebooks_server, f"{lang}/{lesson}", 1280)
    found = axe_violations(dash.page, f"{lang}/{lesson}", "first view")
    assert not found, f"{len(found)} axe-core violations:\n" + "\n".join(found)
