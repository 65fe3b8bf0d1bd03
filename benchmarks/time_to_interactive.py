"""Time to interactive of the Voilà dashboards, in headless Chromium, offline.

For each notebook, measures (``performance.now()``, i.e. from navigation start) when the first
visible ipywidgets control (``.widget-slider``, ``.widget-dropdown``, ...) appears and when the
first chart does (the svg renderer's image, an inline svg or a vega-embed), in two setups:

* ``cold``: a fresh standalone Voilà for the notebook, no preheat: the visit starts a kernel
  and runs the notebook while the visitor waits (what every visit costs without a pool, and
  what Binder's ``/voila/render`` server extension always costs);
* ``preheat``: a fresh Voilà with ``--preheat_kernel=True --pool_size=1`` pooling just that
  notebook; the page is visited once the pool is filled *and* the pooled kernel has finished
  running the notebook (Voilà's "pool is filled" log comes when the run starts, so this also
  waits until the server's process tree is idle): what the first visitor of ``sheriff-nb``'s
  landing page gets.

``--visits N`` (default 3) measures N visits per notebook and mode, each once the server is idle
again (for ``preheat``: once the pool has been refilled, i.e. every visit is a preheated one);
the summary gives the median and the range, because single visits vary by ±0.3 s here.
``--reference`` adds a notebook holding only an ``IntSlider`` (written to a temp folder): the
floor that Voilà's own page (≈4 MB of JavaScript) sets on this machine, whatever the notebook.

The chart cache (``sheriff_nb.app.chart_cache``) is a fresh folder of this run: ``--chart-cache warm``
(default) fills it first with ``sheriff-nb --warm-cache``, as Binder's ``postBuild`` and the first
``sheriff-nb`` start do, so kernels find every first-screen chart on disk; ``--chart-cache empty``
leaves it empty (and empties it before every server), which is the very first visit of a lesson
on a machine that never drew its charts.

Before each first visit the server's process tree must be idle (both modes), and one
unmeasured warm-up visit primes Chromium itself (``--no-warmup`` to skip).

Every non-local request is aborted (the page must work offline). Prints a markdown table.

    python benchmarks/time_to_interactive.py                       # notebooks/*.ipynb, else the test fixture
    python benchmarks/time_to_interactive.py notebooks/00_start_here.ipynb --visits 5 --reference
    python benchmarks/time_to_interactive.py --modes cold --json results.json
    python benchmarks/time_to_interactive.py --chart-cache empty

Needs Debian's Chromium (/usr/bin/chromium or $SHERIFF_CHROMIUM) and the playwright package.
"""

from __future__ import annotations

import argparse
import contextlib
import json
import os
import platform
import shutil
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

from sheriff_nb.app.serve import start

REPO = Path(__file__).resolve().parents[1]
FIXTURE = REPO / "tests" / "browser" / "fixtures" / "demo.ipynb"
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
    "--host-resolver-rules=MAP * ~NOTFOUND, EXCLUDE 127.0.0.1, EXCLUDE localhost",
]
ALLOWED = ("http://127.0.0.1", "ws://127.0.0.1", "data:", "blob:")
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
CHARTS = ", ".join(
    (
        '[data-mime-type="image/svg+xml"] img',
        '[data-mime-type="image/svg+xml"] svg',
        ".vega-embed svg",
        ".vega-embed canvas",
    )
)

# Runs at document start: records when the first visible control / chart shows up.
WATCH_JS = """
(() => {
  const CONTROLS = __CONTROLS__, CHARTS = __CHARTS__;
  window.__tti = {control: null, chart: null};
  const visible = (sel) => {
    for (const el of document.querySelectorAll(sel)) {
      if (el.getClientRects().length && getComputedStyle(el).visibility !== 'hidden') return true;
    }
    return false;
  };
  const check = () => {
    const t = performance.now();
    if (window.__tti.control === null && visible(CONTROLS)) window.__tti.control = t;
    if (window.__tti.chart === null && visible(CHARTS)) window.__tti.chart = t;
    if (window.__tti.control === null || window.__tti.chart === null) setTimeout(check, 16);
  };
  check();
})();
""".replace("__CONTROLS__", json.dumps(CONTROLS)).replace("__CHARTS__", json.dumps(CHARTS))


def default_notebooks() -> list[Path]:
    found = sorted((REPO / "notebooks").glob("*.ipynb"))
    return found or [FIXTURE]


def _tree_cpu_seconds(pid: int) -> float:
    """CPU time used so far by ``pid`` and all its descendants (Linux /proc)."""
    total, stack, tick = 0.0, [pid], os.sysconf("SC_CLK_TCK")
    while stack:
        p = stack.pop()
        try:
            fields = Path(f"/proc/{p}/stat").read_text().rsplit(")", 1)[1].split()
            total += (int(fields[11]) + int(fields[12])) / tick  # utime + stime
            for task in Path(f"/proc/{p}/task").iterdir():
                stack += [int(c) for c in (task / "children").read_text().split()]
        except (FileNotFoundError, ProcessLookupError, IndexError, ValueError):
            continue
    return total


def wait_quiet(pid: int, quiet: float = 1.5, timeout: float = 180) -> float:
    """Wait until Voilà and its kernels used < 5 % CPU for ``quiet`` seconds; returns seconds
    waited. Voilà logs "Kernel pool ... is filled" when a pooled kernel has *started* running
    the notebook, not when it is done; this waits for the run to finish."""
    t0 = time.monotonic()
    last, since = _tree_cpu_seconds(pid), time.monotonic()
    while time.monotonic() - t0 < timeout:
        time.sleep(0.25)
        now = _tree_cpu_seconds(pid)
        if now - last > 0.05 * (time.monotonic() - since):
            last, since = now, time.monotonic()
        elif time.monotonic() - since >= quiet:
            break
    return time.monotonic() - t0


def visit(browser, url: str, timeout: float) -> dict:
    """One visit in a fresh browser context (no cache); seconds from navigation start."""
    context = browser.new_context(viewport={"width": 1280, "height": 900})
    blocked: list[str] = []

    def route(r):
        if r.request.url.startswith(ALLOWED):
            r.continue_()
        else:
            blocked.append(r.request.url)
            r.abort()

    page = context.new_page()
    page.route("**/*", route)
    page.add_init_script(WATCH_JS)
    result: dict = {"control": None, "chart": None, "error": None}
    try:
        page.goto(url, wait_until="commit", timeout=timeout * 1000)
        page.wait_for_function("() => window.__tti && window.__tti.control !== null", timeout=timeout * 1000)
        with contextlib.suppress(Exception):  # a chart, if the notebook has one, follows within seconds
            page.wait_for_function("() => window.__tti.chart !== null", timeout=10_000)
        tti = page.evaluate("window.__tti")
        result.update({k: (None if tti[k] is None else tti[k] / 1000) for k in ("control", "chart")})
    except Exception as err:
        try:  # Voilà's spinner says how far the server-side run got ("Executing 3 of 7")
            state = page.evaluate(
                "() => { const l = document.getElementById('loading');"
                " return l ? l.innerText.trim().slice(0, 80) : 'cells shown, no control'; }"
            )
        except Exception:
            state = "page unavailable"
        result["error"] = f"no widget control within {timeout:.0f} s ({type(err).__name__}; {state})"
    result["outside_requests"] = [u for u in blocked if "fontawesome" not in u]
    context.close()
    return result


def measure(notebook: Path, mode: str, visits: int, browser, timeout: float, cache: str = "warm") -> list[dict]:
    root, name = notebook.parent, notebook.name
    if cache == "empty":
        shutil.rmtree(os.environ["SHERIFF_NB_CACHE"], ignore_errors=True)
    preheat = [name] if mode == "preheat" else False
    rows = []
    t0 = time.monotonic()
    with start(root, port=0, preheat=preheat, cwd=root, ready_timeout=max(60.0, timeout)) as server:
        server_ready = time.monotonic() - t0
        if mode == "preheat":
            server.wait_pool_filled(name, timeout=timeout)
        wait_quiet(server.process.pid, timeout=timeout)  # startup (and the pooled run) finished
        pool_ready = time.monotonic() - t0
        for n in range(1, visits + 1):
            if n > 1:  # the previous visit's kernel goes; preheat: the pool refills after Voilà's 1 s fill delay
                time.sleep(2.5)
                wait_quiet(server.process.pid, timeout=timeout)
            result = visit(browser, server.render_url(name), timeout)
            rows.append(
                {
                    "notebook": name,
                    "mode": mode,
                    "cache": cache,
                    "visit": n,
                    "server_ready": server_ready,
                    "pool_ready": pool_ready if mode == "preheat" else None,
                    **result,
                }
            )
    return rows


def fmt(seconds: float | None) -> str:
    return "–" if seconds is None else f"{seconds:.2f}"


def spread(values: list[float | None]) -> str:
    """``median (min–max)`` of the measured values, ``–`` if none."""
    values = [v for v in values if v is not None]
    if not values:
        return "–"
    if len(values) == 1:
        return fmt(values[0])
    return f"{statistics.median(values):.2f} ({min(values):.2f}–{max(values):.2f})"


def summary(rows: list[dict]) -> str:
    """One line per notebook: first control and first chart, median (range) over the visits, per mode."""
    modes = list(dict.fromkeys(r["mode"] for r in rows))
    head = " | ".join(f"{m}: control | {m}: chart" for m in modes)
    lines = [f"| notebook | {head} |", "|---|" + "---|---|" * len(modes)]
    for name in dict.fromkeys(r["notebook"] for r in rows):
        cells = []
        for mode in modes:
            mine = [r for r in rows if r["notebook"] == name and r["mode"] == mode]
            cells += [spread([r["control"] for r in mine]), spread([r["chart"] for r in mine])]
        lines.append(f"| {name} | " + " | ".join(cells) + " |")
    return "\n".join(lines)


def reference_notebook() -> Path:
    """A notebook with one ``IntSlider`` and nothing else, in a temp folder."""
    import nbformat

    folder = Path(tempfile.mkdtemp(prefix="sheriff_nb-tti-reference-"))
    cell = nbformat.v4.new_code_cell("import ipywidgets as widgets\nwidgets.IntSlider(description='reference')")
    nbformat.write(nbformat.v4.new_notebook(cells=[cell]), folder / "reference_one_slider.ipynb")
    return folder / "reference_one_slider.ipynb"


def table(rows: list[dict]) -> str:
    lines = [
        "| notebook | mode | chart cache | visit | first control (s) | first chart (s) | server up (s) | pool warm (s) "
        "| notes |",
        "|---|---|---|---|---|---|---|---|---|",
    ]
    for r in rows:
        notes = r["error"] or (f"outside requests: {r['outside_requests']}" if r["outside_requests"] else "")
        lines.append(
            f"| {r['notebook']} | {r['mode']} | {r['cache']} | {r['visit']} | {fmt(r['control'])} | "
            f"{fmt(r['chart'])} | {fmt(r['server_ready'])} | {fmt(r['pool_ready'])} | {notes} |"
        )
    return "\n".join(lines)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("notebooks", nargs="*", type=Path, help="default: notebooks/*.ipynb, else the test fixture")
    parser.add_argument("--modes", default="cold,preheat", help="comma-separated: cold, preheat")
    parser.add_argument("--visits", type=int, default=3, help="measured visits per notebook and mode (default 3)")
    parser.add_argument("--reference", action="store_true", help="also measure a one-slider notebook (the floor)")
    parser.add_argument("--timeout", type=float, default=180, help="seconds per wait (default 180)")
    parser.add_argument("--json", type=Path, help="also write the rows as JSON here")
    parser.add_argument("--no-warmup", action="store_true", help="skip the unmeasured warm-up visit")
    parser.add_argument(
        "--chart-cache",
        choices=("warm", "empty"),
        default="warm",
        help="fill the run's chart cache first (default) or measure with it empty",
    )
    args = parser.parse_args(argv)

    notebooks = [p.resolve() for p in args.notebooks] or default_notebooks()
    if args.reference:
        notebooks.insert(0, reference_notebook())
    modes = [m.strip() for m in args.modes.split(",") if m.strip()]
    if not (os.path.isfile(CHROMIUM) and os.access(CHROMIUM, os.X_OK)):
        print(f"no Chromium at {CHROMIUM} (apt-get install -y chromium)", file=sys.stderr)
        return 2
    from playwright.sync_api import sync_playwright

    os.environ["SHERIFF_NB_CACHE"] = tempfile.mkdtemp(prefix="sheriff_nb-tti-cache-")  # the servers inherit it
    if args.chart_cache == "warm":
        for root in sorted({p.parent for p in notebooks}):
            subprocess.run(
                [sys.executable, "-m", "sheriff_nb.app.serve", "--warm-cache", "--notebooks", str(root)],
                check=True,
                stdout=subprocess.DEVNULL,
            )

    rows: list[dict] = []
    with sync_playwright() as pw:
        browser = pw.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_ARGS)
        if not args.no_warmup:
            print(f"warm-up visit of {notebooks[0].name} ...", file=sys.stderr, flush=True)
            measure(notebooks[0], "cold", 1, browser, args.timeout, args.chart_cache)
        for notebook in notebooks:
            for mode in modes:
                print(f"measuring {notebook.name} ({mode}) ...", file=sys.stderr, flush=True)
                rows += measure(notebook, mode, args.visits, browser, args.timeout, args.chart_cache)
        browser.close()

    print(
        f"Time to interactive (from navigation start), {platform.node()}, {os.cpu_count()} cores, "
        f"Chromium headless, offline\n"
    )
    print(summary(rows))
    print(f"\nEvery visit (chart cache {args.chart_cache}):\n")
    print(table(rows))
    if args.json:
        args.json.write_text(json.dumps(rows, indent=2) + "\n")
    return 1 if any(r["error"] or r["outside_requests"] for r in rows) else 0


if __name__ == "__main__":
    raise SystemExit(main())
