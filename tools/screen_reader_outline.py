"""A lesson page as a screen reader hears it, for a teacher to review: each thing it announces, in reading order,
as ``role: name`` (a text's role left out), from Chromium's accessibility tree (the tree screen readers read).

Starts one standalone Voilà on ``notebooks/`` (the flags of ``sheriff-nb``), opens each lesson offline in headless
Chromium, waits until every cell has run, optionally presses every Reveal (``--reveal``) and opens every "show the
numbers" table (``--numbers``), and prints the outline (:func:`screen_reader.outline`), then what the browser tests
would fail on (:func:`screen_reader.tree_problems`).

    python3 tools/screen_reader_outline.py 08                       # notebooks/08_inspection_odds.ipynb
    python3 tools/screen_reader_outline.py 08 --language ru --reveal  # notebooks/ru/08_..., every bet answered

Needs Debian's Chromium (``/usr/bin/chromium`` or ``$SHERIFF_CHROMIUM``) and the ``playwright`` package.
"""

from __future__ import annotations

import argparse
import sys
from pathlib import Path

REPO = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(REPO / "tests" / "browser"))  # the browser tests' Voilà + Chromium helpers

from screen_reader import OPEN_NUMBERS_JS, outline, read_tree, tree_problems  # noqa: E402
from screenshots import lesson_arguments, lessons, served_lessons  # noqa: E402

from conftest import (  # noqa: E402
    _QUIET_JS,
    PageLog,
    allow_local_only,
    press_reveals,
    release_kernels,
    wait_until_rendered,
)


def hear(browser, url: str, *, reveal: bool, numbers: bool, timeout: float) -> tuple[list[str], list[str]]:
    """The outline of the page at ``url`` and the problems the browser tests would report on it."""
    log = PageLog()
    context = browser.new_context(viewport={"width": 1280, "height": 900})
    page = context.new_page()
    page.route("**/*", lambda route: allow_local_only(route, log))
    page.on("websocket", lambda socket: log.websockets.append(socket.url))
    try:
        page.goto(url, wait_until="commit", timeout=timeout * 1000)
        wait_until_rendered(page, wait_for=None, timeout=timeout)
        page.evaluate(_QUIET_JS, [700, 20_000])
        if reveal:
            press_reveals(page, timeout)
        problems = tree_problems(page, url.rsplit("/", 1)[-1], "as printed")
        if numbers:
            page.evaluate(OPEN_NUMBERS_JS, True)
        return outline(read_tree(page)), problems
    finally:
        context.close()
        release_kernels(log.websockets)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("only", nargs="+", help="lesson prefixes, e.g. 08 09")
    lesson_arguments(parser)
    parser.add_argument("--numbers", action="store_true", help="open every 'show the numbers' table")
    args = parser.parse_args(argv)
    notebooks = lessons(args.only, args.language)
    if not notebooks:
        print("no lesson matches", args.only, file=sys.stderr)
        return 2
    with served_lessons() as (server, browser):
        found = 0
        for notebook in notebooks:
            url = server.render_url(notebook.relative_to(REPO / "notebooks").as_posix())
            lines, problems = hear(browser, url, reveal=args.reveal, numbers=args.numbers, timeout=args.timeout)
            print(f"# {notebook.relative_to(REPO).as_posix()}", *lines, *(f"PROBLEM: {p}" for p in problems), sep="\n")
            found += len(problems)
    return 1 if found else 0


if __name__ == "__main__":
    raise SystemExit(main())
