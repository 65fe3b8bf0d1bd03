"""Time a slider step of the explorers whose charts it redraws (lessons 07, 08, 12, 13), in this process, for each
screen the page can report: a laptop, a phone, and none yet (both drawings, the first state's case).

Each explorer is built, its slider moved twice (compiling its chart for the screen's size), then moved to ``--steps``
values it never showed, each timed around the ``.value`` assignment (which runs the callbacks synchronously: the
readout, the table and the chart).  Charts are kept in memory only (``SHERIFF_NB_CACHE=off``), emptied before each
row, so every timed step draws.  On code without :func:`sheriff_nb.ui.widgets.page.screen` (before issue 25's phone drawings) only the
``old code`` rows are printed, so the same script measures before and after::

    python3 benchmarks/slider_steps.py                       # this checkout
    PYTHONPATH=/path/to/older/checkout python3 benchmarks/slider_steps.py

Prints one markdown table; timings depend on the machine's load, so it prints ``os.getloadavg()`` too.
"""

from __future__ import annotations

import argparse
import os
import statistics
import time

os.environ["SHERIFF_NB_CACHE"] = "off"

import sheriff_nb as sn  # noqa: E402
from sheriff_nb.app import chart_cache  # noqa: E402

try:
    from sheriff_nb.ui.widgets.page import screen
except ImportError:  # code before the page told the kernel its screen
    screen = None


def explorers() -> dict:
    """name -> (make the explorer, its slider's values in the order they are visited)."""
    w = sn.widgets
    return {
        "07 EV explorer, p slider": (lambda: w.ev_explorer(), lambda e: (e.p, [i / 100 for i in range(30, 70, 3)])),
        "08 value explorer, v slider": (lambda: w.value_explorer(), lambda e: (e.slider, e.slider.options)),
        "12 signal explorer, prior slider": (lambda: w.signal_explorer(), lambda e: (e.prior, e.prior.options)),
        "13 rivalry explorer, weight slider": (
            lambda: w.rivalry_explorer("rivalry"),
            lambda e: (e.slider, e.slider.options),
        ),
    }


def values_of(options) -> list:
    return [option[1] if isinstance(option, tuple) else option for option in options]


def steps(make, control_of, narrow, count: int) -> list[float]:
    if screen is not None:
        screen().narrow = narrow
    chart_cache._MEMORY.clear()  # nothing drawn yet: every step draws
    explorer = make()
    control, options = control_of(explorer)
    values = [v for v in values_of(options) if v != control.value]
    for value in values[:2]:  # compile the chart for this screen's size
        control.value = value
    timings = []
    for value in values[2 : 2 + count]:
        start = time.perf_counter()
        control.value = value
        timings.append(time.perf_counter() - start)
    return timings


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--steps", type=int, default=9, help="timed steps per explorer and screen")
    args = parser.parse_args()
    screens = [("old code", None)] if screen is None else [("laptop", False), ("phone", True), ("not told", None)]
    print(f"load average {os.getloadavg()[0]:.1f}")
    print("| explorer | screen | steps | median ms | max ms |")
    print("|---|---|---:|---:|---:|")
    for name, (make, control_of) in explorers().items():
        for label, narrow in screens:
            timings = steps(make, control_of, narrow, args.steps)
            median, top = 1000 * statistics.median(timings), 1000 * max(timings)
            print(f"| {name} | {label} | {len(timings)} | {median:.0f} | {top:.0f} |", flush=True)


if __name__ == "__main__":
    main()
