"""Time the widgets' own steps in this process (no kernel, no browser): what a click or a change costs in Python.

* the play dashboard: a whole game by clicking, per configuration (players, edition, royal goods, the reader's seat)
  as ``tests/ui/test_play_widget.py`` plays it; the dashboard's own ``timings`` (seconds per click) summarised;
* three lesson widgets (the bag loader, the score sandbox, the inspection calculator): five changes of one control
  each, timed around the ``.value`` assignment (which runs the callbacks synchronously).

Targets (README, "Speed"): a widget reacts within 100 ms (median); no click of the play dashboard above 2 s.
Prints one markdown table.  Timings depend on the machine's load: report ``uptime``'s load average with them.

    python benchmarks/widget_steps.py
"""

from __future__ import annotations

import statistics
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "tests" / "ui"))

from test_play_widget import play_game, started  # noqa: E402  (the tests' way of clicking through a game)

import sheriff_nb.ui.widgets as w  # noqa: E402

CONFIGURATIONS = [(3, 1, False, 1), (4, 2, True, 2), (5, 1, False, 0), (6, 2, False, 4)]


def dashboard_rows() -> list[tuple[str, list[float]]]:
    rows = []
    for players, edition, royal, seat in CONFIGURATIONS:
        dash = started(players=players, edition=edition, royal=royal, seat=seat)
        play_game(dash)
        rows.append(
            (
                f"play dashboard, {players} players, edition {edition}, royal {royal}, seat {seat}",
                [seconds for _, seconds in dash.timings],
            )
        )
    return rows


def widget_rows() -> list[tuple[str, list[float]]]:
    loader, box, calc = w.bag_loader(), w.score_sandbox(), w.inspect_calculator()
    actions = {
        "bag loader: toggle a card": lambda: setattr(
            loader.picker.toggles[0], "value", not loader.picker.toggles[0].value
        ),
        "score sandbox: one more Apple": lambda: setattr(
            box.editor.boxes["apples"], "value", box.editor.boxes["apples"].value + 1
        ),
        "inspection calculator: change the Mead": lambda: setattr(
            calc.editor.boxes["mead"], "value", calc.editor.boxes["mead"].value % 3 + 1
        ),
    }
    rows = []
    for name, action in actions.items():
        timings = []
        for _ in range(5):
            start = time.perf_counter()
            action()
            timings.append(time.perf_counter() - start)
        rows.append((name, timings))
    return rows


def main() -> None:
    print("| step | n | median ms | max ms |")
    print("|---|---:|---:|---:|")
    for name, timings in widget_rows() + dashboard_rows():
        print(f"| {name} | {len(timings)} | {1000 * statistics.median(timings):.1f} | {1000 * max(timings):.1f} |")


if __name__ == "__main__":
    main()
