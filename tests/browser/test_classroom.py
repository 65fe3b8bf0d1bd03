"""A class on one machine, in a real browser: many visitors at once, and one too many.

* Eight visitors open lesson 09 at the same moment on ``sheriff-nb``'s classroom settings (a pool sized for them):
  every page gets its dashboard and every kernel answers a click.  On main, 1 of 12 pages got the play dashboard
  under that load (Voilà dropped the cell's output after waiting 4 s for it and still answered 200).  A correctness
  test: the timings are ``benchmarks/classroom_load.py``'s business.
* Past the kernel cap a visitor gets the plain "the class is full" page (HTTP 503) and the visitors already in keep
  working; a visitor who drops their connection leaves the others working too.
* Page loads cut off before the page's script ran (flaky classroom Wi-Fi) never connect to their kernels: the
  kernels go within a minute, so the class is not shut out for the idle culler's ten minutes.
"""

from __future__ import annotations

import socket
import time
import urllib.error
import urllib.parse
import urllib.request

import pytest

from conftest import FIXTURES, REPO, PageLog, allow_local_only, wait_until_rendered
from sheriff_nb.app.serve import CLASS_FILL_DELAY, ERROR_MARKERS, start

VISITORS = 8
LESSON = "09_play_a_game.ipynb"


def new_page(context):
    page = context.new_page()
    page.route("**/*", lambda route: allow_local_only(route, PageLog()))
    return page


@pytest.fixture
def visitors(browser):
    """A function giving each visitor their own browser context (own cookies, as on their own device)."""
    contexts = []

    def make(n: int):
        for _ in range(n):
            contexts.append(browser.new_context(viewport={"width": 1280, "height": 900}))
        return [new_page(context) for context in contexts[-n:]]

    yield make
    for context in contexts:
        context.close()


@pytest.mark.parametrize("pool", [VISITORS, 0], ids=["preheated", "cold"])
def test_eight_visitors_at_once_all_get_a_working_dashboard(visitors, pool):
    """With a pool sized for the class (``sheriff-nb --class-size 8 --preheat 09_play_a_game.ipynb``), and with
    none: eight kernels starting and running the lesson at once (IPC sockets, no port collisions; Voilà waits for
    every cell's output)."""
    with start(
        REPO / "notebooks",
        preheat=[LESSON] if pool else False,
        pool_size=pool,
        fill_delay=CLASS_FILL_DELAY,
        cwd=REPO / "notebooks",
        ready_timeout=120,
    ) as server:
        if pool:
            server.wait_pool_filled(LESSON, timeout=300)
        pages = visitors(VISITORS)
        for page in pages:  # all navigations start before any page is waited for
            page.goto(server.render_url(LESSON), wait_until="commit", timeout=300_000)
        for page in pages:
            wait_until_rendered(page, wait_for=".sheriff-play-start", timeout=300)
            text = page.evaluate("document.body.innerText")
            assert not [marker for marker in ERROR_MARKERS if marker in text]
        for page in pages:
            page.locator(".sheriff-play-start").click()
        for page in pages:  # every kernel answers: the game is dealt and the reader's turn shows
            page.locator(".sheriff-play-turn").wait_for(state="visible", timeout=120_000)
        log = server.log_text()
        assert log.count("Using pre-heated kernel") == (VISITORS if pool else 0), log[-3000:]
        assert "Timeout waiting for IOPub output" not in log


def test_past_the_cap_the_class_is_full_and_the_others_keep_working(visitors):
    with start(FIXTURES, max_kernels=1, cwd=FIXTURES) as server:
        first, second, third = visitors(3)
        first.goto(server.render_url("demo.ipynb"), wait_until="commit")
        wait_until_rendered(first)
        with pytest.raises(urllib.error.HTTPError) as full:
            urllib.request.urlopen(server.render_url("demo.ipynb"), timeout=60)  # noqa: S310 (local URL)
        assert full.value.code == 503
        answer = second.goto(server.render_url("demo.ipynb"))
        assert answer.status == 503
        assert "The class is full, try again in a minute" in second.evaluate("document.body.innerText")
        assert "Traceback" not in second.content()
        first.locator(".widget-slider .noUi-handle").first.focus()  # the visitor already in still works
        first.keyboard.press("ArrowRight")
        first.wait_for_function("() => document.body.innerText.includes('4 × apple')", timeout=60_000)
        first.close(run_before_unload=True)  # the first visitor leaves: their kernel stops, there is room again
        for _ in range(30):  # as the page says, try again: the room frees once the first kernel has stopped
            if third.goto(server.render_url("demo.ipynb"), wait_until="commit").status == 200:
                break
            third.wait_for_timeout(1000)
        wait_until_rendered(third)
        assert "3 × apple" in third.evaluate("document.body.innerText")


def test_a_dropped_connection_leaves_the_other_visitors_working(browser, visitors):
    with start(FIXTURES, cwd=FIXTURES) as server:
        (staying,) = visitors(1)
        dropping = browser.new_context()
        gone = new_page(dropping)
        for page in (staying, gone):
            page.goto(server.render_url("demo.ipynb"), wait_until="commit")
            wait_until_rendered(page)
        dropping.close()  # no goodbye: the tab crashed, the wifi went
        staying.locator(".widget-slider .noUi-handle").first.focus()
        staying.keyboard.press("ArrowRight")
        staying.wait_for_function("() => document.body.innerText.includes('4 × apple')", timeout=60_000)


def test_a_pool_left_short_by_a_full_class_fills_again_once_there_is_room():
    """A pooled kernel taken while the class is full cannot be replaced (the refill is refused: 503 for the next
    visitor, as it should); Voilà alone never tops that pool up again, so preheating was lost for the rest of the
    class.  Once a kernel goes, the pool fills again."""
    import re

    with start(FIXTURES, preheat=["demo.ipynb"], pool_size=1, max_kernels=1, cwd=FIXTURES) as server:
        server.wait_pool_filled("demo.ipynb", timeout=120)
        with urllib.request.urlopen(server.render_url("demo.ipynb"), timeout=120) as page:  # noqa: S310
            assert page.status == 200  # the pooled kernel; its refill is refused: the cap is 1
        server.wait_for_log("No new kernel: 1 kernels are running", timeout=60)
        with pytest.raises(urllib.error.HTTPError) as full:
            urllib.request.urlopen(server.render_url("demo.ipynb"), timeout=60)  # noqa: S310
        assert full.value.code == 503
        (taken,) = re.findall(r"Using pre-heated kernel: ([0-9a-f-]+)", server.log_text())
        shutdown = urllib.request.Request(  # the first visitor closes the page (Voilà's beacon)
            f"{server.base_url}voila/api/shutdown/{taken}",
            method="POST",
            data=b"_xsrf=t",
            headers={"Cookie": "_xsrf=t"},
        )
        filled = server.log_text().count("Kernel pool of demo.ipynb is filled")  # (the refused refill counts too)
        with urllib.request.urlopen(shutdown, timeout=30):  # noqa: S310
            pass
        deadline = time.monotonic() + 60
        while server.log_text().count("Kernel pool of demo.ipynb is filled") == filled:
            assert time.monotonic() < deadline, server.log_text()[-3000:]
            time.sleep(0.5)
        with urllib.request.urlopen(server.render_url("demo.ipynb"), timeout=120) as page:  # noqa: S310
            assert page.status == 200
        assert server.log_text().count("Using pre-heated kernel") == 2, server.log_text()[-3000:]


def dropped_load(url: str) -> bytes:
    """A page load cut off by the Wi-Fi: the request reaches Voilà (which starts a kernel and runs the lesson), and
    the connection is gone as soon as the first bytes of the answer came back, long before the page's script (sent
    at the end of the page) could run, connect to the kernel or send the shutdown beacon on leaving."""
    parts = urllib.parse.urlsplit(url)
    with socket.create_connection((parts.hostname, parts.port), timeout=120) as connection:
        path = f"{parts.path}?{parts.query}" if parts.query else parts.path
        connection.sendall(f"GET {path} HTTP/1.1\r\nHost: {parts.netloc}\r\nConnection: close\r\n\r\n".encode())
        return connection.recv(64)


def test_dropped_page_loads_do_not_shut_the_class_out(visitors):
    """Six loads cut off mid-way with room for four kernels: four kernels nobody will ever connect to, and on main
    every visitor got "the class is full" for 11 minutes (the idle culler's 600 s).  Their kernels go once idle
    ``connect_timeout`` seconds, and the next visitor, trying again as the page says, gets the lesson."""
    lesson = "00_start_here.ipynb"
    with start(REPO / "notebooks", max_kernels=4, cwd=REPO / "notebooks", ready_timeout=120) as server:
        url = server.render_url(lesson)
        answers = [dropped_load(url) for _ in range(6)]
        assert all(answer.startswith(b"HTTP/1.1") for answer in answers), answers
        server.wait_for_log("No new kernel: 4 kernels are running", timeout=120)  # the class is full now
        (visitor,) = visitors(1)
        begin, tries = time.monotonic(), 0
        while True:
            tries += 1
            if visitor.goto(url, wait_until="commit", timeout=120_000).status == 200:
                break
            assert time.monotonic() - begin < 120, f"still full after {tries} tries: {server.log_text()[-3000:]}"
            visitor.wait_for_timeout(2000)
        wait_until_rendered(visitor, timeout=120)
        took = time.monotonic() - begin
        print(f"after 6 dropped loads the next visitor got the lesson in {took:.0f} s ({tries} tries)")
        assert took < 120, server.log_text()[-3000:]
        assert not [marker for marker in ERROR_MARKERS if marker in visitor.evaluate("document.body.innerText")]
        assert server.log_text().count("no page connected to it") == 4, server.log_text()[-3000:]
