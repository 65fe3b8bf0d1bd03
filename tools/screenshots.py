"""Screenshots of every lesson, as a visitor sees it: Voilà + headless Chromium at a laptop and a phone width.

Starts one standalone Voilà on ``notebooks/`` (the flags of ``sheriff-nb``), opens each lesson offline (every
non-local request aborted) at each width, waits until Voilà has run every cell and the page is quiet, optionally
presses every "Reveal" of the page's "place your bets" (``--reveal``), and saves a full-page PNG per lesson and
width.  Prints one line per page: the file, the browser tab's title, whether the page scrolls sideways or shows a
cell's error, the widest chart and the smallest chart text (so a later change can be checked without opening every
picture).

A page that is not whole is flagged ``BROKEN`` and makes the tool exit with 1 (:func:`whole_page`): a widget the
page could not draw ("Error displaying widget", or a view still "Loading widget..."), a pressed Reveal whose answer
is not on the page when the picture is taken, fewer Reveals on the page than the lesson places bets
(:func:`missing_reveals`: a page that drew none of its bets is not whole either), or fewer charts in the picture
than the page showed once every answer had arrived.

    python3 tools/screenshots.py                       # -> screenshots/NN_name-1280.png, -400.png
    python3 tools/screenshots.py /tmp/shots --reveal   # every bet answered, too
    python3 tools/screenshots.py --only 05 09 --widths 1280
    python3 tools/screenshots.py --language ru --only 09  # a translation: notebooks/ru/

``screenshots/`` is in ``.gitignore``.  Needs Debian's Chromium (``/usr/bin/chromium`` or ``$SHERIFF_CHROMIUM``)
and the ``playwright`` package (never ``playwright install``).
"""

from __future__ import annotations

import argparse
import contextlib
import json
import re
import sys
import time
from pathlib import Path

REPO = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(REPO / "tests" / "browser"))  # the browser tests' Voilà + Chromium helpers

from conftest import (  # noqa: E402
    _OVERFLOW_JS,
    _QUIET_JS,
    CHARTS,
    CHROMIUM,
    CHROMIUM_ARGS,
    PageLog,
    allow_local_only,
    full_screenshot,
    press_reveals,
    release_kernels,
    wait_until_rendered,
)
from sheriff_nb.app.serve import ERROR_MARKERS, start  # noqa: E402

_CHART_FACTS_JS = """() => {
  // the svg renderer's images and the lesson charts' two drawings (only the one shown counts)
  const images = [...document.querySelectorAll('[data-mime-type="image/svg+xml"] img, .sheriff-chart img')];
  const charts = [...images, ...document.querySelectorAll('.widget-output svg')];
  const widths = charts.map(c => Math.round(c.getBoundingClientRect().width)).filter(w => w > 0);
  // the smallest font-size written in a shown image's svg, scaled as the image is drawn
  let smallest = null;
  for (const img of images) {
    const src = img.getAttribute('src') || '';
    const base64 = src.indexOf(';base64,');
    const svg = base64 >= 0 ? new TextDecoder().decode(Uint8Array.from(atob(src.slice(base64 + 8)), c => c.charCodeAt(0)))
                            : decodeURIComponent(src);
    const natural = img.naturalWidth || 0, shown = img.getBoundingClientRect().width;
    if (!natural || !shown) continue;
    for (const m of svg.matchAll(/font-size="([0-9.]+)(px)?"/g)) {
      const size = parseFloat(m[1]) * shown / natural;
      if (smallest === null || size < smallest) smallest = size;
    }
  }
  return {charts: widths.length, widest: widths.length ? Math.max(...widths) : 0, smallest_text: smallest};
}"""


_WHOLE_JS = """(charts) => {
  // widget views the page could not draw: the widget manager leaves its message as the view's whole text
  const undrawn = [...document.querySelectorAll('#rendered_cells .jp-OutputArea-output')]
    .map(view => view.textContent.trim())
    .filter(text => text === 'Loading widget...' || text.startsWith('Error displaying widget'));
  // a bet's children: question, choices, Reveal, the result line, what the bet held back
  const answers = [...document.querySelectorAll('.sheriff-answered')].filter(bet => bet.children.length >= 5
    && bet.children[3].innerText.trim() && getComputedStyle(bet.children[4]).display !== 'none').length;
  const shown = [...document.querySelectorAll(charts)].filter(c => c.getBoundingClientRect().width > 0).length;
  return {undrawn: undrawn.map(text => text.slice(0, 80)), answers, charts: shown};
}"""
#: Every chart drawing that can be shown: the laptop and the phone drawing of a lesson chart, and any other chart.
SHOWN_CHARTS = f"{CHARTS}, .sheriff-chart img.sheriff-chart-phone"


def whole_page(page, pressed: int = 0, seen: dict | None = None) -> tuple[dict, list[str]]:
    """What a settled page shows, and why it is not whole: a widget view not drawn, fewer than ``pressed`` answers
    on the page (each pressed Reveal must leave its answer), fewer charts than ``seen`` (what :func:`whole_page`
    found earlier on the same page) had.  Returns ``(facts, problems)``."""
    facts = page.evaluate(_WHOLE_JS, SHOWN_CHARTS)
    problems = [f"widget not drawn: {text!r}" for text in facts["undrawn"]]
    if facts["answers"] < pressed:
        problems.append(f"{pressed} Reveal pressed but {facts['answers']} answer(s) on the page")
    if seen and facts["charts"] < seen["charts"]:
        problems.append(f"{facts['charts']} chart(s) on the page, {seen['charts']} were shown before")
    return facts, problems


BET_CALL = re.compile(r"\bsn\.widgets\.bet\(")
"""How a lesson places a bet (one registry, one call: ``sn.widgets.bet("NN.name", ...)``)."""


def bets_placed(notebook: Path) -> int:
    """How many bets ``notebook``'s code cells place, so how many Reveals its page must show."""
    cells = json.loads(notebook.read_text(encoding="utf-8"))["cells"]
    return sum(len(BET_CALL.findall("".join(cell["source"]))) for cell in cells if cell["cell_type"] == "code")


def missing_reveals(notebook: Path, pressed: int) -> list[str]:
    """Why a page whose Reveals were all pressed is not whole: it showed fewer than the lesson places.

    >>> import tempfile
    >>> lesson = Path(tempfile.mkdtemp()) / "99_x.ipynb"
    >>> cell = {"cell_type": "code", "source": ['a = sn.widgets.bet("99.a")', '; sn.widgets.bet("99.b")']}
    >>> _ = lesson.write_text(json.dumps({"cells": [cell]}))
    >>> missing_reveals(lesson, 0), missing_reveals(lesson, 2)
    (['the lesson places 2 bets but the page showed 0 Reveal(s)'], [])
    """
    expected = bets_placed(notebook)
    return [f"the lesson places {expected} bets but the page showed {pressed} Reveal(s)"] if pressed < expected else []


def lessons(only: list[str], language: str = "") -> list[Path]:
    """The lesson notebooks (of ``notebooks/<language>/`` if given), optionally only those whose name starts with
    one of ``only``."""
    found = sorted((REPO / "notebooks" / language).glob("[0-9][0-9]_*.ipynb"))
    return [nb for nb in found if not only or any(nb.name.startswith(prefix) for prefix in only)]


def lesson_arguments(parser: argparse.ArgumentParser) -> None:
    """The options every lesson-page tool takes: the language, pressing every Reveal first, the page timeout."""
    parser.add_argument("--language", default="", help="a translation's folder, e.g. ru (default: English)")
    parser.add_argument("--reveal", action="store_true", help="press every Reveal first")
    parser.add_argument("--timeout", type=float, default=180, help="seconds to wait for a page")


@contextlib.contextmanager
def served_lessons():
    """One standalone Voilà on ``notebooks/`` (the flags of ``sheriff-nb``) and headless Chromium, as
    ``(server, browser)``; ``die_with_parent``: a tool stopped by a signal (timeout, kill) leaves no Voilà nor kernel
    behind."""
    from playwright.sync_api import sync_playwright

    with (
        start(REPO / "notebooks", port=0, cwd=REPO / "notebooks", die_with_parent=True) as server,
        sync_playwright() as pw,
    ):
        browser = pw.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_ARGS)
        try:
            yield server, browser
        finally:
            browser.close()


def shoot(browser, url: str, path: Path, width: int, reveal: bool, timeout: float, notebook: Path) -> dict:
    """Open ``url`` (``notebook``'s page) at ``width`` px, screenshot the whole page to ``path``; returns what was
    measured."""
    log = PageLog()
    context = browser.new_context(viewport={"width": width, "height": 900})
    page = context.new_page()
    page.route("**/*", lambda route: allow_local_only(route, log))
    page.on("websocket", lambda socket: log.websockets.append(socket.url))
    started = time.perf_counter()
    try:
        page.goto(url, wait_until="commit", timeout=timeout * 1000)
        wait_until_rendered(page, wait_for=None, timeout=timeout)
        page.evaluate(_QUIET_JS, [700, 20_000])
        pressed = press_reveals(page, timeout) if reveal else 0
        seen, _ = whole_page(page, pressed)
        facts = page.evaluate(_CHART_FACTS_JS)
        overflow = page.evaluate(_OVERFLOW_JS)
        wide = [m for m in overflow["measured"] if m["scrollWidth"] > m["clientWidth"] + 1]
        full_screenshot(page, path)
        page.evaluate(_QUIET_JS, [700, 20_000])
        text = page.evaluate("document.body.innerText")
        facts["errors"] = [marker for marker in ERROR_MARKERS if marker in text]
        facts["broken"] = whole_page(page, pressed, seen)[1] + (missing_reveals(notebook, pressed) if reveal else [])
        return {
            "title": page.title(),
            "seconds": time.perf_counter() - started,
            "reveals": pressed,
            "sideways": overflow["offenders"] if wide else [],
            **facts,
        }
    finally:
        context.close()
        release_kernels(log.websockets)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument(
        "folder",
        nargs="?",
        default=str(REPO / "screenshots"),
        help="where the PNGs go (default: screenshots/, ignored by git)",
    )
    parser.add_argument("--widths", type=int, nargs="+", default=[1280, 400], help="viewport widths in px")
    parser.add_argument("--only", nargs="*", default=[], help="lesson prefixes, e.g. 05 09")
    lesson_arguments(parser)
    args = parser.parse_args(argv)
    folder = Path(args.folder)
    folder.mkdir(parents=True, exist_ok=True)
    notebooks = lessons(args.only, args.language)
    if not notebooks:
        print("no lesson matches", args.only, file=sys.stderr)
        return 2
    with served_lessons() as (server, browser):
        broken = 0
        for notebook in notebooks:
            for width in args.widths:
                stem = f"{args.language + '-' if args.language else ''}{notebook.stem}"
                path = folder / f"{stem}-{width}{'-revealed' if args.reveal else ''}.png"
                page = notebook.relative_to(REPO / "notebooks").as_posix()
                facts = shoot(browser, server.render_url(page), path, width, args.reveal, args.timeout, notebook)
                text = f"{facts['smallest_text']:.1f}px" if facts["smallest_text"] else "-"
                print(
                    f"{path}  title={facts['title']!r}  {facts['seconds']:.1f}s  charts={facts['charts']} "
                    f"widest={facts['widest']}px  smallest chart text={text}  reveals={facts['reveals']}"
                    + (f"  SCROLLS SIDEWAYS: {facts['sideways']}" if facts["sideways"] else "")
                    + (f"  ERROR ON THE PAGE: {facts['errors']}" if facts["errors"] else "")
                    + (f"  BROKEN: {'; '.join(facts['broken'])}" if facts["broken"] else ""),
                    flush=True,
                )
                broken += bool(facts["errors"] or facts["broken"])
    if broken:
        print(f"{broken} page(s) not whole: see ERROR ON THE PAGE / BROKEN above", file=sys.stderr)
    return 1 if broken else 0


if __name__ == "__main__":
    raise SystemExit(main())
