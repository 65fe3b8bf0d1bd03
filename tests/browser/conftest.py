"""Browser-test harness: real Voilà, real (headless) Chromium, no internet.

Fixtures (see tests/browser/test_demo_dashboard.py for a worked example):

``voila_factory`` (session)
    ``voila_factory(directory, *, preheat=False, extra_args=()) -> sheriff_nb.app.serve.VoilaServer``.
    Starts standalone Voilà on a free 127.0.0.1 port serving ``directory`` (same flags as
    ``sheriff-nb``: strip sources, no tracebacks, the capped kernel manager, IPC kernels), waits
    for HTTP 200, caches it per arguments and stops it (and any kernel it left) at the end of the
    session.  Binder's way of serving (a Jupyter server) is in ``test_binder.py``.
    ``server.render_url("x.ipynb")``, ``server.log_text()``, ``server.wait_pool_filled(nb)``.
``demo_server`` (session)
    Voilà on ``tests/browser/fixtures`` (``demo.ipynb``).
``notebooks_server`` (session)
    Voilà on the repository's ``notebooks/``; skips if it holds no notebook yet.
``browser`` (session)
    Playwright Chromium from Debian (``/usr/bin/chromium``, or ``$SHERIFF_CHROMIUM``),
    never a downloaded browser. Skips the test when Chromium or the ``playwright`` package is
    missing, unless ``SHERIFF_REQUIRE_BROWSER=1`` (CI), which turns the skip into a failure.
``page_log`` / ``page``
    A fresh 1280x900 page whose requests go through a filter allowing only
    http(s)/ws(s) to 127.0.0.1, ``data:`` and ``blob:``; everything else is aborted and
    recorded in ``page_log.blocked``. ``page_log.console_errors`` and ``page_log.page_errors``
    collect console errors and uncaught exceptions. A failing test leaves a screenshot.
    When the test ends the page's Voilà kernel is shut down (:func:`release_kernels`): closing the
    browser context does not run the page's ``beforeunload`` shutdown beacon, so each page view would
    otherwise keep a kernel (≈170 MB) until the idle cull, several GB over the browser suite.
    (That the beacon itself works is ``test_closing_the_page_stops_its_kernel``.)
``screenshot_dir`` (session)
    ``$SHERIFF_SCREENSHOTS`` if set, else a pytest temp folder.
``open_dashboard`` (function)
    ``open_dashboard(server, "x.ipynb", *, wait_for=CONTROLS, timeout=120) -> Dashboard``:
    navigates, waits until Voilà has executed every cell, the first ``wait_for`` element is
    visible (None: don't wait for widgets) and the DOM has been quiet for 0.5 s.

``Dashboard`` helpers: ``seconds_to_ready``, ``text()``, ``problems()``, ``assert_clean()``,
``chart_signature(i)``, ``output_signature(i)``, ``wait_for_change(fn, old)``, ``wait_for_text(t)``,
``set_slider(value, i)``, ``nudge_slider(steps, i)``, ``select(label, i)``, ``settle()``,
``screenshot(name) -> Path``, ``assert_no_horizontal_scroll(width=400)``.
:func:`press_reveals` answers every bet of a page.
"""

from __future__ import annotations

import hashlib
import os
import re
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path

import pytest

from sheriff_nb.app.serve import ERROR_MARKERS, VoilaServer, start

REPO = Path(__file__).resolve().parents[2]
FIXTURES = Path(__file__).resolve().parent / "fixtures"
CHROMIUM = os.environ.get("SHERIFF_CHROMIUM", "/usr/bin/chromium")
CHROMIUM_ARGS = [
    "--headless=new",
    "--no-sandbox",
    "--disable-gpu",
    "--disable-quic",
    "--no-first-run",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
    # belt and braces besides the route filter: resolve no host name but the local ones
    "--host-resolver-rules=MAP * ~NOTFOUND, EXCLUDE 127.0.0.1, EXCLUDE localhost",
]
ALLOWED_PREFIXES = ("http://127.0.0.1", "https://127.0.0.1", "ws://127.0.0.1", "wss://127.0.0.1", "data:", "blob:")
#: The only outside requests a Voilà 0.5.13 page makes by itself: Font Awesome CSS in the lab
#: template (icons only; blocked here, the page works without it).
VOILA_OWN_EXTERNAL = re.compile(r"^https://cdn\.jsdelivr\.net/npm/@fortawesome/fontawesome-free@")
#: Interactive ipywidgets controls (ipywidgets 8 class names).
CONTROLS = ", ".join(
    f".widget-{name}"
    for name in (
        "slider",
        "dropdown",
        "select",
        "radio",
        "toggle-buttons",
        "toggle-button",
        "checkbox",
        "button",
        "text",
        "textarea",
        "play",
        "select-multiple",
        "color-picker",
        "datepicker",
    )
)
#: A chart: the svg renderer's output (JupyterLab draws image/svg+xml as an <img>), a lesson chart's
#: laptop drawing (HTML with its phone drawing beside it) or its one drawing, an inline <svg>, or a vega-embed /
#: JupyterChart.
CHARTS = ", ".join(
    (
        '[data-mime-type="image/svg+xml"] img',
        ".sheriff-chart :is(img.sheriff-chart-wide, img.sheriff-chart-one)",
        '[data-mime-type="image/svg+xml"] svg',
        ".vega-embed svg",
        ".vega-embed canvas",
    )
)
DEFAULT_TIMEOUT = 120  # seconds: a cold Voilà render is 4-15 s on 2 cores, more under load


# --------------------------------------------------------------------------- servers


@pytest.fixture(scope="session")
def voila_factory() -> Callable[..., VoilaServer]:
    servers: dict[tuple, VoilaServer] = {}

    def factory(directory: str | os.PathLike[str], *, preheat=False, extra_args=()) -> VoilaServer:
        key = (str(Path(directory).resolve()), repr(preheat), tuple(extra_args))
        server = servers.get(key)
        if server is None or not server.alive():
            # cwd=directory: a repo-root voila.json is not picked up; the flags say everything.
            server = start(directory, port=0, preheat=preheat, extra_args=extra_args, cwd=directory)
            servers[key] = server
        return server

    yield factory
    for server in servers.values():
        server.stop()  # also deletes its temp log


@pytest.fixture(scope="session")
def demo_server(voila_factory) -> VoilaServer:
    return voila_factory(FIXTURES)


@pytest.fixture(scope="session")
def notebooks_server(voila_factory) -> VoilaServer:
    notebooks = REPO / "notebooks"
    if not any(notebooks.glob("*.ipynb")):
        pytest.skip("notebooks/ has no notebook yet")
    return voila_factory(notebooks)


# --------------------------------------------------------------------------- browser


def _missing_browser() -> str | None:
    if not (os.path.isfile(CHROMIUM) and os.access(CHROMIUM, os.X_OK)):
        return f"no Chromium at {CHROMIUM} (Debian: apt-get install -y chromium)"
    try:
        import playwright.sync_api  # noqa: F401
    except ImportError:
        return "the playwright package is missing (pip install playwright; never `playwright install`)"
    return None


@pytest.fixture(scope="session")
def browser():
    reason = _missing_browser()
    if reason:
        if os.environ.get("SHERIFF_REQUIRE_BROWSER") == "1":
            pytest.fail(f"SHERIFF_REQUIRE_BROWSER=1 but {reason}")
        pytest.skip(reason)
    from playwright.sync_api import sync_playwright

    with sync_playwright() as pw:
        chromium = pw.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_ARGS)
        yield chromium
        chromium.close()


@pytest.fixture(scope="session")
def screenshot_dir(tmp_path_factory) -> Path:
    configured = os.environ.get("SHERIFF_SCREENSHOTS")
    if configured:
        path = Path(configured)
        path.mkdir(parents=True, exist_ok=True)
        return path
    return tmp_path_factory.mktemp("screenshots")


@dataclass
class PageLog:
    """What a page did: every request URL, the blocked ones, console errors, uncaught errors."""

    requests: list[str] = field(default_factory=list)
    blocked: list[str] = field(default_factory=list)
    console_errors: list[str] = field(default_factory=list)
    page_errors: list[str] = field(default_factory=list)
    websockets: list[str] = field(default_factory=list)

    def unexpected_blocked(self, allowed: re.Pattern[str] | None = VOILA_OWN_EXTERNAL) -> list[str]:
        return [url for url in self.blocked if not (allowed and allowed.match(url))]


def allow_local_only(route, log: PageLog) -> None:
    """Playwright route handler: let 127.0.0.1, data: and blob: through; abort and log the rest."""
    url = route.request.url
    log.requests.append(url)
    if url.startswith(ALLOWED_PREFIXES):
        route.continue_()
    else:
        log.blocked.append(url)
        route.abort()


@pytest.fixture
def page_log() -> PageLog:
    return PageLog()


@pytest.hookimpl(wrapper=True, tryfirst=True)
def pytest_runtest_makereport(item, call):
    report = yield
    setattr(item, f"_report_{report.when}", report)
    return report


@pytest.fixture
def page(request, browser, page_log, screenshot_dir):
    context = browser.new_context(viewport={"width": 1280, "height": 900})
    context.set_default_timeout(DEFAULT_TIMEOUT * 1000)
    pg = context.new_page()
    pg.route("**/*", lambda route: allow_local_only(route, page_log))

    def on_console(message) -> None:
        if message.type == "error":
            source = (message.location or {}).get("url", "")
            page_log.console_errors.append(f"{message.text} [{source}]")

    pg.on("console", on_console)
    pg.on("pageerror", lambda error: page_log.page_errors.append(str(error)))
    pg.on("websocket", lambda socket: page_log.websockets.append(socket.url))
    yield pg
    report = getattr(request.node, "_report_call", None)
    if report is not None and report.failed:
        name = re.sub(r"[^A-Za-z0-9_.-]+", "_", request.node.nodeid)[-120:]
        try:
            path = screenshot_dir / f"FAILED-{name}.png"
            full_screenshot(pg, path)
            print(f"screenshot of the failing page: {path}")
        except Exception as err:  # a crashed page must not hide the real failure
            print(f"no screenshot: {err}")
    context.close()
    release_kernels(page_log.websockets)


_KERNEL_SOCKET = re.compile(r"^wss?://(127\.0\.0\.1:\d+)/(?:.*/)?api/kernels/([0-9a-f-]+)/channels")


def release_kernels(socket_urls, timeout: float = 10) -> list[str]:
    """Shut down the Voilà kernels behind these kernel websockets (``POST /voila/api/shutdown/<id>``, what
    Voilà's page sends on ``beforeunload``, here with a matching ``_xsrf`` cookie and form field); returns
    the ids shut down. Errors are ignored: an unreleased kernel is only culled later."""
    import urllib.parse
    import urllib.request

    released = []
    token = "sheriff-browser-tests"
    for host, kernel in dict.fromkeys(m.groups() for m in map(_KERNEL_SOCKET.match, socket_urls) if m):
        request = urllib.request.Request(
            f"http://{host}/voila/api/shutdown/{kernel}",
            method="POST",
            data=urllib.parse.urlencode({"_xsrf": token}).encode(),
            headers={"Cookie": f"_xsrf={token}"},
        )
        try:
            with urllib.request.urlopen(request, timeout=timeout):  # noqa: S310 (local URL)
                released.append(kernel)
        except OSError:
            pass
    return released


# --------------------------------------------------------------------------- dashboards

_QUIET_JS = """([quietMs, timeoutMs]) => new Promise(resolve => {
  let last = performance.now();
  const start = last;
  const observer = new MutationObserver(() => { last = performance.now(); });
  observer.observe(document.documentElement, {subtree: true, childList: true, attributes: true, characterData: true});
  const tick = () => {
    const now = performance.now();
    if (now - last >= quietMs || now - start >= timeoutMs) { observer.disconnect(); resolve(now - start); }
    else setTimeout(tick, 50);
  };
  tick();
})"""

_CHART_MARKUP_JS = """([selector, index]) => {
  const el = document.querySelectorAll(selector)[index];
  if (!el) return null;
  if (el.tagName === 'IMG') return el.getAttribute('src');
  if (el.tagName === 'CANVAS') return el.toDataURL();
  return el.outerHTML;
}"""

_OVERFLOW_JS = """() => {
  const vw = document.documentElement.clientWidth;
  const scrollers = [document.scrollingElement, document.getElementById('rendered_cells')].filter(Boolean);
  const measured = scrollers.map(el => ({id: el.id || el.tagName.toLowerCase(),
                                         scrollWidth: el.scrollWidth, clientWidth: el.clientWidth}));
  const offenders = [];
  for (const el of document.querySelectorAll('#rendered_cells *')) {
    const r = el.getBoundingClientRect();
    if (r.width > 0 && r.right > vw + 1) {
      // only report the outermost offender of each branch
      if (!offenders.some(o => o.el.contains(el))) offenders.push({el, right: Math.round(r.right)});
    }
  }
  // a widget box (or HTML) that scrolls sideways on its own: the page does not scroll, but the box cuts its lines
  const boxes = [...document.querySelectorAll('#rendered_cells :is(.widget-box, .widget-html, .widget-output)')]
    .filter(b => b.clientWidth > 0 && b.scrollWidth > b.clientWidth + 1)
    .filter((b, i, all) => !all.some(o => o !== b && b.contains(o)))  // the innermost one says what is too wide
    .slice(0, 8).map(b => `${[...b.classList].filter(c => c.startsWith('widget-')).join('.')} ` +
                          `${b.clientWidth}px < ${b.scrollWidth}px: ${(b.innerText || '').slice(0, 60)}`);
  return {viewport: vw, measured, boxes,
          offenders: offenders.slice(0, 8).map(o =>
            `${o.el.tagName.toLowerCase()}.${[...o.el.classList].join('.')} right=${o.right}`)};
}"""

BET = ".sheriff-bet"
"""Every "place your bets" (:class:`~sheriff_nb.ui.widgets.bet_widget.Prediction`)."""
REVEAL = ".sheriff-reveal"
"""A bet's Reveal button."""

_ANSWERS_JS = "() => document.querySelectorAll('.sheriff-answered').length"


def press_reveals(page, timeout: float = DEFAULT_TIMEOUT) -> int:
    """Press every Reveal button of a lesson page not pressed yet (no bet placed), in any language, waiting for each
    answer, which may take the kernel a while (lesson 10 plays its games then); returns how many were pressed."""
    waiting = page.locator(f"{BET}:not(.sheriff-answered) {REVEAL}")
    pressed = 0
    while waiting.count():
        before = page.evaluate(_ANSWERS_JS)
        waiting.first.scroll_into_view_if_needed()
        waiting.first.click()
        page.wait_for_function(f"(n) => ({_ANSWERS_JS})() > n", arg=before, timeout=timeout * 1000)
        page.evaluate(_QUIET_JS, [400, 20_000])
        pressed += 1
    return pressed


def full_screenshot(page, path: str | os.PathLike[str], max_height: int = 16_000) -> None:
    """Screenshot of the whole dashboard. Voilà's lab template scrolls inside ``#rendered_cells``
    (a Lumino panel), not the document, so Playwright's ``full_page`` alone stops at the fold:
    grow the viewport to the content's height for the shot, then restore it."""
    size = page.viewport_size or {"width": 1280, "height": 900}
    height = page.evaluate(
        "() => { const r = document.getElementById('rendered_cells');"
        " return Math.max(r ? r.scrollHeight : 0, document.scrollingElement.scrollHeight); }"
    )
    if height > size["height"]:
        page.set_viewport_size({"width": size["width"], "height": min(height, max_height)})
        page.evaluate(_QUIET_JS, [300, 5000])
    try:
        page.screenshot(path=str(path), full_page=True)
    finally:
        if height > size["height"]:
            page.set_viewport_size(size)


def _digest(text: str | None) -> str | None:
    return None if text is None else hashlib.sha1(text.encode()).hexdigest()


@dataclass
class Dashboard:
    """An opened Voilà page plus what it logged; made by the ``open_dashboard`` fixture."""

    page: object
    log: PageLog
    url: str
    screenshot_dir: Path
    seconds_to_ready: float = 0.0

    # -- waiting
    def settle(self, quiet_ms: int = 500, timeout_ms: int = 10_000) -> None:
        """Wait until the DOM has not changed for ``quiet_ms`` (at most ``timeout_ms``)."""
        self.page.evaluate(_QUIET_JS, [quiet_ms, timeout_ms])

    def wait_for_change(self, signature: Callable[[], object], old: object, timeout: float = 30) -> object:
        """Poll ``signature()`` until it is neither ``old`` nor None (an ``Output`` is briefly
        empty while it is redrawn); return the new value."""
        waited, deadline = 0, timeout * 1000
        while waited <= deadline:
            new = signature()
            if new is not None and new != old:
                return new
            self.page.wait_for_timeout(100)
            waited += 100
        raise AssertionError(f"nothing changed within {timeout} s (still {old!r})")

    def wait_for_text(self, text: str, timeout: float = 30) -> None:
        """Wait until ``text`` is part of the page's visible text."""
        self.page.wait_for_function("(t) => document.body.innerText.includes(t)", arg=text, timeout=timeout * 1000)

    # -- reading
    def text(self) -> str:
        return self.page.evaluate("document.body.innerText")

    def chart_signature(self, index: int = 0) -> str | None:
        """sha1 of the ``index``-th chart's markup (svg source, inline svg, canvas pixels)."""
        return _digest(self.page.evaluate(_CHART_MARKUP_JS, [CHARTS, index]))

    def output_signature(self, index: int = 0) -> str | None:
        """sha1 of the ``index``-th ``Output`` widget's innerHTML."""
        html = self.page.evaluate(
            "([i]) => { const e = document.querySelectorAll('.widget-output')[i]; return e ? e.innerHTML : null; }",
            [index],
        )
        return _digest(html)

    def problems(self) -> list[str]:
        """Everything that should not be on a finished dashboard."""
        found = [f"error text on the page: {m!r}" for m in ERROR_MARKERS if m in self.text()]
        stderr = self.page.locator('[data-mime-type="application/vnd.jupyter.stderr"]')
        for i in range(stderr.count()):
            found.append(f"stderr/error output: {stderr.nth(i).inner_text()[:300]!r}")
        found += [f"outside request: {url}" for url in self.log.unexpected_blocked()]
        found += [f"uncaught page error: {e}" for e in self.log.page_errors]
        found += [
            f"console error: {e}"
            for e in self.log.console_errors
            if not any(url in e for url in self.log.blocked)  # 'Failed to load resource' of a blocked URL
        ]
        return found

    def assert_clean(self) -> None:
        problems = self.problems()
        assert not problems, "\n".join(problems)

    # -- acting
    def set_slider(self, value: float | int, index: int = 0) -> None:
        """Type ``value`` into the ``index``-th slider's readout (ipywidgets 8 editable readout)."""
        readout = self.page.locator(".widget-slider .widget-readout").nth(index)
        readout.click()
        self.page.keyboard.press("Control+A")
        self.page.keyboard.type(str(value))
        self.page.keyboard.press("Enter")

    def nudge_slider(self, steps: int = 1, index: int = 0) -> None:
        """Press ArrowRight (steps > 0) or ArrowLeft on the ``index``-th slider's handle."""
        handle = self.page.locator(".widget-slider .noUi-handle").nth(index)
        handle.focus()
        for _ in range(abs(steps)):
            self.page.keyboard.press("ArrowRight" if steps > 0 else "ArrowLeft")

    def select(self, label: str, index: int = 0) -> None:
        """Choose ``label`` in the ``index``-th Dropdown."""
        self.page.locator(".widget-dropdown select").nth(index).select_option(label=label)

    # -- evidence
    def screenshot(self, name: str, *, full_page: bool = True) -> Path:
        """Save ``<screenshot_dir>/<name>.png``; ``full_page`` includes everything below the fold."""
        path = self.screenshot_dir / (name if name.endswith(".png") else f"{name}.png")
        if full_page:
            full_screenshot(self.page, path)
        else:
            self.page.screenshot(path=str(path))
        return path

    def assert_no_horizontal_scroll(self, width: int = 400, height: int = 900) -> None:
        """At a ``width`` px viewport neither the page nor Voilà's content scrolls sideways, and no widget box does
        (a table's own scroller may)."""
        self.page.set_viewport_size({"width": width, "height": height})
        self.settle()
        info = self.page.evaluate(_OVERFLOW_JS)
        wide = [m for m in info["measured"] if m["scrollWidth"] > m["clientWidth"] + 1]
        assert not wide, f"horizontal scrolling at {width}px: {wide}; elements past the right edge: {info['offenders']}"
        assert not info["boxes"], f"widget boxes scrolling sideways at {width}px: {info['boxes']}"


def wait_until_rendered(page, *, wait_for: str | None = CONTROLS, timeout: float = DEFAULT_TIMEOUT) -> None:
    """Wait for Voilà to finish executing (spinner gone, cells shown) and for ``wait_for``."""
    ms = timeout * 1000
    page.wait_for_selector("#rendered_cells", state="visible", timeout=ms)
    page.wait_for_selector("#loading", state="detached", timeout=ms)
    if wait_for:
        page.locator(wait_for).first.wait_for(state="visible", timeout=ms)


@pytest.fixture
def open_dashboard(page, page_log, screenshot_dir) -> Callable[..., Dashboard]:
    def _open(
        server: VoilaServer | str,
        notebook: str | None = None,
        *,
        wait_for: str | None = CONTROLS,
        timeout: float = DEFAULT_TIMEOUT,
    ) -> Dashboard:
        url = server if isinstance(server, str) else server.render_url(notebook)
        page.goto(url, wait_until="commit", timeout=timeout * 1000)
        wait_until_rendered(page, wait_for=wait_for, timeout=timeout)
        seconds = page.evaluate("performance.now()") / 1000
        dashboard = Dashboard(page=page, log=page_log, url=url, screenshot_dir=screenshot_dir, seconds_to_ready=seconds)
        dashboard.settle()
        return dashboard

    return _open


# ------------------------------------------------------------------ every lesson, in any language
LESSON_TIMEOUT = 180
"""Seconds a whole lesson may take to render (a cold kernel on a busy machine)."""
READY = {
    "09_play_a_game.ipynb": ".sheriff-play-start",
    "10_tournament.ipynb": ".sheriff-tournament-run",
    "17_class_teacher.ipynb": ".sheriff-class-create",
    "18_class_student.ipynb": ".sheriff-class-join",
}
"""What shows that a lesson without a Reveal or a slider is ready (the others wait for :data:`CONTROLS`)."""
SLIDERS = {
    "02_market.ipynb": 3,
    "07_expected_values.ipynb": 1,
    "08_inspection_odds.ipynb": 6,
    "10_tournament.ipynb": 1,
    "12_signals_and_beliefs.ipynb": 4,
    "13_safety_and_rivalry.ipynb": 4,
    "14_repeated_play.ipynb": 3,
    "15_real_hands.ipynb": 1,
    "16_second_edition.ipynb": 1,
}
"""How many sliders each English lesson shows once every bet is revealed (the others show none): the keyboard test
moves each of them, the accessibility test counts them."""


# ------------------------------------------------------------------ axe-core (issue 23)
AXE = Path(
    os.environ.get("SHERIFF_AXE", Path(__file__).resolve().parents[2] / ".ci/node/node_modules/axe-core/axe.min.js")
)
"""axe-core's script, installed from the npm registry by ``.ci/run`` (``$SHERIFF_AXE`` names another)."""
TAGS = ["wcag2a", "wcag2aa", "wcag21a", "wcag21aa"]
"""The rules axe-core runs: WCAG 2.0 and 2.1, levels A and AA."""
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
