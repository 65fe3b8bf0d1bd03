"""A class opening the same lesson at the same moment, on one machine: headless Chromium against ``sheriff-nb``.

For each class size N (default 12, 24, 36): start a fresh ``sheriff-nb`` with the settings a teacher uses for the
lesson of the day (``sheriff-nb --class-size N --preheat LESSON``: a pool of N kernels that already ran the lesson;
``--modes cold`` measures without a pool), wait until the pool is filled and the server is idle, then open N pages
at once, each in its own browser context (its own cookies, like its own device), and report:

* **success**: the page showed the lesson's dashboard (lesson 09: the "Start the game" button; others: any control)
  within ``--timeout`` s, with none of Voilà's error texts;
* **time to first control**: navigation start -> first visible widget control (``performance.now()``), median and
  95th percentile over the pages;
* **memory per kernel**: resident memory (RSS, from ``/proc``) of every kernel once the pages are idle (after the
  kernels' own idle-time warm-up), median and maximum, and Voilà's own;
* **server CPU**: CPU seconds used by Voilà and its kernels while the pages opened, per page, and (preheated) to fill
  the pool beforehand, per kernel: what a core can serve, whatever the browsers cost.

The browser runs on the same 2 cores as the server, which a real class does not do (each student has a device), so
the times to first control are an upper bound.  By default every page gets its own browser context (own cache and
cookies, like its own device: Chromium then compiles Voilà's ≈5 MB of JavaScript once per page); ``--shared-cache``
opens all pages in one context (one HTTP and code cache), which leaves more of the CPU to the server.  ``uptime``'s
load average is printed with each row, since other work on the machine changes the times.  Pages stay offline by
Chromium's host-resolver rule (every name but 127.0.0.1 and localhost fails), not by routing each request through
Playwright, which would add its own work to every one of the ≈100 requests a page makes.  The pages close with
``beforeunload`` (their kernels stop) before the next class size.

    python benchmarks/classroom_load.py                                   # lesson 09, 12/24/36 pages, preheated
    python benchmarks/classroom_load.py --sizes 36 --modes preheated,cold --json classroom.json
    python benchmarks/classroom_load.py --shared-cache
    python benchmarks/classroom_load.py --lesson 07_expected_values.ipynb --sizes 12

Needs Debian's Chromium (/usr/bin/chromium or $SHERIFF_CHROMIUM) and the playwright package.
"""

from __future__ import annotations

import argparse
import asyncio
import json
import os
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

from time_to_interactive import CHROMIUM, CHROMIUM_ARGS, CONTROLS, _tree_cpu_seconds, wait_quiet

from sheriff_nb.app.process import descendants
from sheriff_nb.app.serve import CLASS_FILL_DELAY, ERROR_MARKERS, start

REPO = Path(__file__).resolve().parents[1]
READY = {"09_play_a_game.ipynb": ".sheriff-play-start", "10_tournament.ipynb": ".sheriff-tournament-run"}
# Runs at document start: records when the first visible control shows up, then stops looking (a page that kept
# polling the DOM 60 times a second would cost the other pages' CPU).
WATCH_JS = """
(() => {
  window.__tti = {control: null};
  const check = () => {
    for (const el of document.querySelectorAll(__CONTROLS__)) {
      if (el.getClientRects().length && getComputedStyle(el).visibility !== 'hidden') {
        window.__tti.control = performance.now();
        return;
      }
    }
    setTimeout(check, 50);
  };
  check();
})();
""".replace("__CONTROLS__", json.dumps(CONTROLS))


def rss_mb(pid: int) -> float | None:
    try:
        for line in Path(f"/proc/{pid}/status").read_text().splitlines():
            if line.startswith("VmRSS:"):
                return int(line.split()[1]) / 1024
    except OSError:
        return None
    return None


def kernel_memory(voila_pid: int) -> list[float]:
    """RSS (MB) of every kernel under Voilà."""
    kernels = (
        [pid for pid in descendants(voila_pid) if b"ipykernel" in Path(f"/proc/{pid}/cmdline").read_bytes()]
        if Path("/proc").exists()
        else []
    )
    return [m for m in map(rss_mb, kernels) if m is not None]


async def visit(context, url: str, ready: str, timeout: float) -> dict:
    page = await context.new_page()  # offline by Chromium's host-resolver rule: no request routed through Python
    await page.add_init_script(WATCH_JS)
    result = {"ok": False, "control": None, "error": None}
    try:
        await page.goto(url, wait_until="commit", timeout=timeout * 1000)
        await page.locator(ready).first.wait_for(state="visible", timeout=timeout * 1000)
        tti = await page.evaluate("window.__tti")
        text = await page.evaluate("document.body.innerText")
        found = [marker for marker in ERROR_MARKERS if marker in text]
        result.update(
            control=tti["control"] / 1000 if tti["control"] is not None else None,
            ok=not found,
            error=f"error text: {found}" if found else None,
        )
    except Exception as err:  # noqa: BLE001 - a page that never worked is the measurement
        try:
            state = await page.evaluate(
                "() => { const l = document.getElementById('loading');"
                " return l ? l.innerText.trim().slice(0, 80) : document.title; }"
            )
        except Exception:  # noqa: BLE001
            state = "page gone"
        result["error"] = f"{type(err).__name__}: {state}"
    return {"page": page, **result}


def percentile(values: list[float], q: float) -> float | None:
    if not values:
        return None
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, max(0, round(q * (len(ordered) - 1))))]


async def settle(most: float) -> None:
    """Wait (up to ``most`` s) until the 1-minute load average is below the number of cores: the previous class's
    browsers and kernels are gone from it, so what is left is other work on the machine."""
    deadline = time.monotonic() + most
    while os.getloadavg()[0] >= (os.cpu_count() or 1) and time.monotonic() < deadline:
        await asyncio.sleep(5)


async def one_class(
    browser, lesson: Path, size: int, mode: str, timeout: float, idle: float, shared_cache: bool, settle_seconds: float
) -> dict:
    pool = size if mode == "preheated" else 0
    with start(
        lesson.parent,
        preheat=[lesson.name] if pool else False,
        pool_size=pool,
        fill_delay=CLASS_FILL_DELAY,
        cwd=lesson.parent,
        ready_timeout=180,
    ) as server:
        cpu_start = _tree_cpu_seconds(server.process.pid)
        if pool:
            server.wait_pool_filled(lesson.name, timeout=900)
        wait_quiet(server.process.pid, timeout=900)
        await settle(settle_seconds)  # neither the pool's filling nor the previous class in the load average
        cpu_ready = _tree_cpu_seconds(server.process.pid)
        load_before = os.getloadavg()
        count = 1 if shared_cache else size
        contexts = [await browser.new_context(viewport={"width": 1280, "height": 900}) for _ in range(count)]
        t0 = time.monotonic()
        ready = READY.get(lesson.name, CONTROLS)
        visits = await asyncio.gather(
            *(visit(contexts[i % count], server.render_url(lesson.name), ready, timeout) for i in range(size))
        )
        wall = time.monotonic() - t0
        load_during = os.getloadavg()
        cpu_pages = _tree_cpu_seconds(server.process.pid) - cpu_ready
        await asyncio.sleep(idle)  # the pages sit open; the kernels' own idle-time warm-up runs
        memory = kernel_memory(server.process.pid)
        voila = rss_mb(server.process.pid)
        for v in visits:
            if not v["page"].is_closed():
                await v["page"].close(run_before_unload=True)
        for context in contexts:
            await context.close()
        log = server.log_text()
    controls = [v["control"] for v in visits if v["ok"] and v["control"] is not None]
    return {
        "lesson": lesson.name,
        "mode": mode,
        "pages": size,
        "browser": "shared cache" if shared_cache else "own",
        "ok": sum(v["ok"] for v in visits),
        "server_cpu_per_page": cpu_pages / size,
        "pool_cpu_per_kernel": (cpu_ready - cpu_start) / pool if pool else None,
        "median": statistics.median(controls) if controls else None,
        "p95": percentile(controls, 0.95),
        "max": max(controls) if controls else None,
        "wall": wall,
        "kernel_median_mb": statistics.median(memory) if memory else None,
        "kernel_max_mb": max(memory) if memory else None,
        "kernels": len(memory),
        "voila_mb": voila,
        "load_before": load_before,
        "load_during": load_during,
        "errors": sorted({v["error"] for v in visits if v["error"]}),
        "iopub_timeouts": log.count("Timeout waiting for IOPub output"),
        "refused": log.count("No new kernel:"),
        "busy_stopped": log.count("busy for"),
        "log_tail": log[-6000:] if not all(v["ok"] for v in visits) else "",
    }


def fmt(x: float | None, digits: int = 1) -> str:
    return "–" if x is None else f"{x:.{digits}f}"


def table(rows: list[dict]) -> str:
    lines = [
        "| mode | browser contexts | pages | dashboards | first control: median (s) | p95 (s) | max (s) | "
        "kernel RSS: median (MB) | max (MB) | Voilà (MB) | server CPU per page (s) | pool CPU per kernel (s) "
        "| load avg (1 min) before / during |",
        "|---|---|---|---|---|---|---|---|---|---|---|---|---|",
    ]
    for r in rows:
        lines.append(
            f"| {r['mode']} | {r['browser']} | {r['pages']} | {r['ok']}/{r['pages']} | {fmt(r['median'])} | "
            f"{fmt(r['p95'])} | {fmt(r['max'])} | {fmt(r['kernel_median_mb'], 0)} | {fmt(r['kernel_max_mb'], 0)} | "
            f"{fmt(r['voila_mb'], 0)} | {fmt(r['server_cpu_per_page'], 2)} | {fmt(r['pool_cpu_per_kernel'], 2)} | "
            f"{r['load_before'][0]:.1f} / {r['load_during'][0]:.1f} |"
        )
    notes = [f"- {r['mode']} {r['pages']}: {', '.join(r['errors'])}" for r in rows if r["errors"]]
    return "\n".join(lines + (["", "Pages without a dashboard:", *notes] if notes else []))


async def run(args) -> list[dict]:
    from playwright.async_api import async_playwright

    rows = []
    async with async_playwright() as pw:
        browser = await pw.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_ARGS)
        for mode in args.modes.split(","):
            for size in (int(s) for s in args.sizes.split(",")):
                print(f"{mode}: {size} pages of {args.lesson.name} ...", file=sys.stderr, flush=True)
                rows.append(
                    await one_class(
                        browser, args.lesson, size, mode, args.timeout, args.idle, args.shared_cache, args.settle
                    )
                )
                print(table(rows[-1:]).splitlines()[-1], file=sys.stderr, flush=True)
        await browser.close()
    return rows


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--lesson", type=Path, default=REPO / "notebooks" / "09_play_a_game.ipynb")
    parser.add_argument("--sizes", default="12,24,36", help="comma-separated numbers of pages opened at once")
    parser.add_argument("--modes", default="preheated", help="comma-separated: preheated (pool = class), cold")
    parser.add_argument("--timeout", type=float, default=600, help="seconds a page may take (default 600)")
    parser.add_argument("--idle", type=float, default=15, help="seconds the pages stay open before memory is read")
    parser.add_argument(
        "--settle",
        type=float,
        default=180,
        help="before each class, wait up to this many seconds for the load average to fall below "
        "the number of cores (default 180)",
    )
    parser.add_argument(
        "--shared-cache",
        action="store_true",
        help="open every page in one browser context (shared cache) instead of one context each",
    )
    parser.add_argument("--json", type=Path, help="also write the rows as JSON here")
    args = parser.parse_args(argv)
    args.lesson = args.lesson.resolve()
    if not (os.path.isfile(CHROMIUM) and os.access(CHROMIUM, os.X_OK)):
        print(f"no Chromium at {CHROMIUM} (apt-get install -y chromium)", file=sys.stderr)
        return 2
    os.environ["SHERIFF_NB_CACHE"] = tempfile.mkdtemp(prefix="sheriff_nb-classroom-cache-")  # the servers inherit it
    warm = [sys.executable, "-m", "sheriff_nb.app.serve", "--warm-cache", "--notebooks", str(args.lesson.parent)]
    subprocess.run(warm, check=True, stdout=subprocess.DEVNULL)
    rows = asyncio.run(run(args))
    print(
        f"\nA class opening {args.lesson.name} at once: {os.cpu_count()} cores, "
        f"{os.sysconf('SC_PAGE_SIZE') * os.sysconf('SC_PHYS_PAGES') / 2**30:.0f} GB, Chromium headless on the same "
        f"machine, offline\n"
    )
    print(table(rows))
    if args.json:
        args.json.write_text(json.dumps(rows, indent=2) + "\n")
    return 0 if all(r["ok"] == r["pages"] for r in rows) else 1


if __name__ == "__main__":
    raise SystemExit(main())
