"""Time ``sheriff_nb.simulate`` (issue target: 1000 five-player games in <= 1 s on one core) and profile it.

Run: ``python benchmarks/bench_simulate.py [games] [repeats]`` (defaults 1000 and 3).  Prints the median
games/second of ``simulate(games, players=5)`` with the default characters, serial and with every core, then a
cProfile of one serial run: the top 15 functions by own time and by cumulative time, and the share of the time
spent building player views (``Game.view``).
"""

from __future__ import annotations

import cProfile
import io
import os
import pstats
import statistics
import sys
import time

from sheriff_nb.simulation import simulate


def timed(games: int, repeats: int, **kwargs) -> list[float]:
    times = []
    for _ in range(repeats):
        start = time.perf_counter()
        simulate(games, players=5, **kwargs)
        times.append(time.perf_counter() - start)
    return times


def report(label: str, games: int, times: list[float]) -> None:
    median = statistics.median(times)
    print(f"  {label:<28} median {median:6.2f} s   {games / median:7.0f} games/s   "
          f"{1000 * median / games:6.2f} ms/game   (runs: {', '.join(f'{t:.2f}' for t in times)})")


def main(games: int = 1000, repeats: int = 3) -> None:
    simulate(20, players=5)  # imports, analysis caches
    print(f"simulate({games}, players=5), default characters, {repeats} runs, Python {sys.version.split()[0]}, "
          f"{os.cpu_count()} cores")
    report("serial (n_jobs=1)", games, timed(games, repeats))
    report("every core (n_jobs=-1)", games, timed(games, repeats, n_jobs=-1))

    profiler = cProfile.Profile()
    profiler.enable()
    simulate(games, players=5)
    profiler.disable()
    for order in ("tottime", "cumulative"):
        out = io.StringIO()
        stats = pstats.Stats(profiler, stream=out).strip_dirs().sort_stats(order)
        stats.print_stats(15)
        print(f"\ncProfile, one serial run, top 15 by {order}:")
        print("\n".join(line for line in out.getvalue().splitlines() if line.strip())[-2400:])
    total = pstats.Stats(profiler).total_tt
    views = sum(v[3] for k, v in pstats.Stats(profiler).stats.items() if k[2] == "view" and k[0].endswith("game.py"))
    print(f"\nGame.view: {views:.2f} s of {total:.2f} s profiled ({100 * views / total:.0f}%)")


if __name__ == "__main__":
    main(*(int(a) for a in sys.argv[1:3]))
