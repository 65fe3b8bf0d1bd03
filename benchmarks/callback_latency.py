"""Widget callback latency of the lessons, in a real kernel: what a reader waits after moving a control.

For each notebook: start a kernel, run the notebook (as Voilà does), wait ``--idle`` seconds (the reader looks at
the page; the kernel warms Altair up in the background meanwhile), then move every slider, menu, toggle and checkbox
of every widget the cells show to two other values and time each change (setting ``.value`` runs the widget's
callbacks in the kernel, synchronously).  Buttons are not pressed (their clicks are timed by the play dashboard's
own ``timings``).  The chart cache is a fresh folder, filled first (``--chart-cache warm``, as Binder and
``sheriff-nb`` do) or left empty.  Prints a markdown table of median, 95th percentile and maximum per notebook.

    python benchmarks/callback_latency.py                            # notebooks/*.ipynb, idle 3 s, warm cache
    python benchmarks/callback_latency.py notebooks/08_inspection_odds.ipynb --idle 0 --chart-cache empty
"""

from __future__ import annotations

import argparse
import json
import os
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

import nbformat
from nbclient import NotebookClient

REPO = Path(__file__).resolve().parents[1]

# Runs in the kernel after the notebook: moves every control of every widget shown, prints the timings as JSON.
SWEEP = r"""
import json as _json, time as _time, ipywidgets as _W

def _walk(widget, seen):
    if id(widget) in seen:
        return
    seen.add(id(widget))
    yield widget
    for child in getattr(widget, "children", ()) or ():
        if isinstance(child, _W.Widget):
            yield from _walk(child, seen)

def _targets(w):
    if isinstance(w, (_W.SelectionSlider, _W.Dropdown, _W.ToggleButtons, _W.RadioButtons, _W.Select)):
        values = list(w._options_values)
        picks = [values[-1], values[len(values) // 2], values[0]]
    elif isinstance(w, (_W.IntSlider, _W.FloatSlider, _W.BoundedIntText, _W.BoundedFloatText)):
        picks = [w.max, (w.min + w.max) / 2 if isinstance(w, _W.FloatSlider) else (w.min + w.max) // 2, w.min]
    elif isinstance(w, _W.Checkbox):
        picks = [not w.value, w.value]
    else:
        return []
    out = []
    for v in picks:
        if v != w.value and v not in out:
            out.append(v)
    return out[:2]

_timings, _seen = [], set()
for _key, _shown in sorted(Out.items()):
    if not isinstance(_shown, _W.Widget):
        continue
    for _w in list(_walk(_shown, _seen)):
        if getattr(_w, "disabled", False):
            continue
        for _v in _targets(_w):
            _start = _time.perf_counter()
            _w.value = _v
            _timings.append([f"Out[{_key}] {type(_w).__name__} {_w.description!r}", _time.perf_counter() - _start])
print(_json.dumps(_timings))
"""


def measure(notebook: Path, idle: float, timeout: float = 600) -> list[tuple[str, float]]:
    nb = nbformat.read(notebook, as_version=4)
    nb.cells.append(nbformat.v4.new_code_cell(SWEEP))
    client = NotebookClient(
        nb, timeout=timeout, kernel_name="python3", resources={"metadata": {"path": notebook.parent}}
    )
    with client.setup_kernel():
        for index, cell in enumerate(nb.cells[:-1]):
            if cell.cell_type == "code":
                client.execute_cell(cell, index)
        time.sleep(idle)
        client.execute_cell(nb.cells[-1], len(nb.cells) - 1)
    streams = [o["text"] for o in nb.cells[-1].outputs if o.get("output_type") == "stream" and o["name"] == "stdout"]
    return [(name, seconds) for name, seconds in json.loads("".join(streams).strip().splitlines()[-1])]


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("notebooks", nargs="*", type=Path, help="default: notebooks/*.ipynb")
    parser.add_argument("--idle", type=float, default=3.0, help="seconds between the run and the first move")
    parser.add_argument("--chart-cache", choices=("warm", "empty"), default="warm")
    parser.add_argument("--json", type=Path, help="also write every timing as JSON here")
    args = parser.parse_args(argv)
    notebooks = [p.resolve() for p in args.notebooks] or sorted((REPO / "notebooks").glob("*.ipynb"))

    os.environ["SHERIFF_NB_CACHE"] = tempfile.mkdtemp(prefix="sheriff_nb-latency-cache-")  # kernels inherit it
    if args.chart_cache == "warm":
        for root in sorted({p.parent for p in notebooks}):
            subprocess.run(
                [sys.executable, "-m", "sheriff_nb.app.serve", "--warm-cache", "--notebooks", str(root)],
                check=True,
                stdout=subprocess.DEVNULL,
            )
    print(
        f"Widget callback latency in a kernel (ms), {os.cpu_count()} cores, idle {args.idle:g} s after the run, "
        f"chart cache {args.chart_cache}\n"
    )
    print("| notebook | callbacks | median | p95 | max | slowest |\n|---|---|---|---|---|---|")
    everything = {}
    for notebook in notebooks:
        timings = measure(notebook, args.idle)
        everything[notebook.name] = timings
        if not timings:
            print(f"| {notebook.name} | 0 | – | – | – | |")
            continue
        ms = sorted(1000 * s for _name, s in timings)
        slowest = max(timings, key=lambda item: item[1])[0]
        p95 = ms[min(len(ms) - 1, round(0.95 * (len(ms) - 1)))]
        print(
            f"| {notebook.name} | {len(ms)} | {statistics.median(ms):.0f} | {p95:.0f} | {ms[-1]:.0f} | {slowest} |",
            flush=True,
        )
    if args.json:
        args.json.write_text(json.dumps(everything, indent=1) + "\n")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
