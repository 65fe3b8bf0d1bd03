"""What the browser tests of a class session (lessons 17 and 18) share: a page per person, each in its own browser
context (its own storage, so its own seat or teacher key) and Voilà kernel, an ``expect`` that waits as long as a
busy machine needs, and the list of opened pages that are screenshotted on a failure and always closed.

All pages share the store of the test session (``SHERIFF_NB_CLASS_DB``, set by the root ``conftest.py`` and
inherited by Voilà's kernels), which a test reads through the API (:mod:`sheriff_nb.play.classroom`) as well.
"""

from __future__ import annotations

import contextlib

from conftest import Dashboard, PageLog, allow_local_only, release_kernels

TIMEOUT = 240  # s: five cold kernels on 2 shared cores
STEP = 90_000  # ms: a click's round trip, or a poll (every 2 s) under load


class expect:  # noqa: N801 - reads like playwright's expect()
    """playwright's ``expect(locator)`` whose assertions wait up to :data:`STEP` (not its 5 s default: a kernel's
    first chart draws Altair and vl-convert, several seconds on a busy machine)."""

    def __init__(self, locator):
        from playwright.sync_api import expect as playwright_expect

        self._assertions = playwright_expect(locator)

    def __getattr__(self, name: str):
        check = getattr(self._assertions, name)
        return lambda *args, **kwargs: check(*args, **{"timeout": STEP, **kwargs})


@contextlib.contextmanager
def pages_kept(name: str):
    """The list a test puts its opened pages in: if the test fails, each page's screenshot (``FAILED-<name>-<i>``);
    in any case, every page closed and its kernel released."""
    opened: list[Dashboard] = []
    try:
        yield opened
    except Exception:
        for index, dash in enumerate(opened):  # what each page showed when the test failed
            with contextlib.suppress(Exception):
                dash.screenshot(f"FAILED-{name}-{index}")
        raise
    finally:
        for dash in opened:
            dash.page.context.close()
            release_kernels(dash.log.websockets)


def open_page(browser, url: str, width: int, height: int, screenshot_dir) -> Dashboard:
    """``url`` opening in a new ``width`` x ``height`` browser context (a laptop, a phone), logged as the ``page``
    fixture logs its page; the caller waits for it to render (``conftest.wait_until_rendered``)."""
    context = browser.new_context(viewport={"width": width, "height": height})
    context.set_default_timeout(STEP)
    page, log = context.new_page(), PageLog()
    page.route("**/*", lambda route: allow_local_only(route, log))
    page.on("websocket", lambda socket: log.websockets.append(socket.url))
    page.on("pageerror", lambda error: log.page_errors.append(str(error)))
    page.on(
        "console",
        lambda m: (
            log.console_errors.append(f"{m.text} [{(m.location or {}).get('url', '')}]") if m.type == "error" else None
        ),
    )  # as the ``page`` fixture records them
    page.goto(url, wait_until="commit", timeout=TIMEOUT * 1000)
    return Dashboard(page=page, log=log, url=url, screenshot_dir=screenshot_dir)
