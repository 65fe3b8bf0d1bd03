"""A lesson page is whole while the machine is busy: every widget drawn, every pressed Reveal's answer and every chart
still on the page at the end.

A review saw, with the machine's two cores loaded five to thirteen times over, lesson 14 at a laptop width show three
widgets as "Error displaying widget: model not found", and lesson 08 on a phone lose all its answers and most of its
charts after every Reveal had been answered; the same pages were whole at a lower load.  Here both cores are kept
busy (``benchmarks/cpu_load.py``, bounded in time, stopped by the test) while each page opens, every Reveal is
pressed, the full-page picture is taken (the step after which lesson 08 had lost its answers) and the page is
checked again (``tools/screenshots.py``'s :func:`whole_page`).  A page that is not whole fails with what would tell
its cause: the browser's console errors (the widget manager's "widget model not found", a lost connection) and
Voilà's log lines about kernels (one stopped, restarted or dead, an IOPub timeout).
"""

from __future__ import annotations

import os
import re
import sys

import pytest

from conftest import _QUIET_JS, REPO, full_screenshot, press_reveals, wait_until_rendered
from sheriff_nb.app.serve import ERROR_MARKERS

sys.path[:0] = [str(REPO / "tools"), str(REPO / "benchmarks")]
from cpu_load import busy_cores  # noqa: E402
from screenshots import missing_reveals, whole_page  # noqa: E402

PAGES = [("08_inspection_odds.ipynb", 400), ("14_repeated_play.ipynb", 1280)]
"""The two pages that broke under load, at the width they broke at."""
BUSY_SECONDS = 150
"""The longest one page keeps the cores busy (the workers stop by themselves then, whatever happens)."""


KERNEL_NEWS = re.compile(r"Stopping kernel|restart|[Dd]ead|died|Timeout waiting for IOPub|[Ee]xception|Traceback")
"""The lines of Voilà's log that say something happened to a page's kernel."""


def where(notebook: str, width: int) -> str:
    """The page, and how busy the machine was (a failure says under what load it came)."""
    return f"{notebook} at {width} px, load average {os.getloadavg()[0]:.1f}"


def evidence(page_log, server) -> str:
    """What the browser and Voilà said, for a page that is not whole: console errors and the log's kernel news."""
    news = [line for line in server.log_text().splitlines() if KERNEL_NEWS.search(line)]
    return f"; console errors: {page_log.console_errors[-8:]}; Voilà's log: {news[-12:]}"


@pytest.mark.parametrize(("notebook", "width"), PAGES, ids=[f"{nb[:2]}-{w}px" for nb, w in PAGES])
def test_a_lesson_is_whole_while_both_cores_are_busy(notebooks_server, page, page_log, screenshot_dir, notebook, width):
    page.set_viewport_size({"width": width, "height": 900})
    with busy_cores(2, seconds=BUSY_SECONDS):
        page.goto(notebooks_server.render_url(notebook), wait_until="commit", timeout=BUSY_SECONDS * 1000)
        wait_until_rendered(page, wait_for=".widget-button", timeout=BUSY_SECONDS)
        page.evaluate(_QUIET_JS, [1000, 30_000])
        drawn, problems = whole_page(page)
        assert not problems, f"{where(notebook, width)}, before any Reveal: {problems}" + evidence(
            page_log, notebooks_server
        )
        pressed = press_reveals(page, timeout=BUSY_SECONDS)
        page.evaluate(_QUIET_JS, [1000, 30_000])
        seen, problems = whole_page(page, pressed, drawn)
        problems += missing_reveals(REPO / "notebooks" / notebook, pressed)
        assert not problems, f"{where(notebook, width)}, every Reveal answered: {problems}" + evidence(
            page_log, notebooks_server
        )
        full_screenshot(page, screenshot_dir / f"under-load-{notebook[:2]}-{width}.png")
        page.evaluate(_QUIET_JS, [1000, 30_000])
        end, problems = whole_page(page, pressed, seen)
    text = page.evaluate("document.body.innerText")
    problems += [f"error text on the page: {marker!r}" for marker in ERROR_MARKERS if marker in text]
    assert end["charts"] >= seen["charts"] > drawn["charts"], (pressed, drawn, seen, end)
    assert not problems, f"{where(notebook, width)}, after the picture: {problems}" + evidence(
        page_log, notebooks_server
    )
