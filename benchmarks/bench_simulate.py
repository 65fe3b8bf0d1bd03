"""Time ``sheriff_nb.simulate`` (issue 11: 1,600 five-player games a second, serial) and profile it.

Run: ``python benchmarks/bench_simulate.py [games] [repeats]`` (defaults 1000 and 3).  Prints the machine's load,
then games per second of ``simulate(games, players=5)`` with the default characters, serial: the median and best of
the repeats, by the wall clock and by the CPU time the process got (on a shared machine the CPU figure is the one to
compare); then the engine alone: games per second of replaying the recorded moves of such games through
``Game.apply`` (a fresh game, then every action of its history: rules, checks and events, no bots, views or driver);
then the Python calls per game and where the time goes (cProfile, own time grouped by module, and the top
functions).  The same command measures an older checkout: ``PYTHONPATH=/path/to/old python ...``.
"""

from __future__ import annotations

import collections
import cProfile
import os
import pstats
import statistics
import sys
import time

from sheriff_nb.engine.game import Game
from sheriff_nb.play.bots import play, strategy
from sheriff_nb.play.simulation import DEFAULT_MIX, simulate


def load() -> str:
    with open("/proc/loadavg", encoding="utf-8") as file:
        return " ".join(file.read().split()[:3])


def rates(games: int, repeats: int) -> tuple[list[float], list[float]]:
    wall, cpu = [], []
    for _ in range(repeats):
        start, start_cpu = time.perf_counter(), time.process_time()
        simulate(games, players=5)
        wall.append(games / (time.perf_counter() - start))
        cpu.append(games / (time.process_time() - start_cpu))
    return wall, cpu


def replay_rate(games: int, repeats: int) -> tuple[float, float]:
    """Games per second (by CPU time, median and best) of replaying recorded five-player games move by move."""
    recorded = []
    for index in range(games):
        game = Game(players=5, seed=index)
        for _ in play(game, [strategy(name, seed=index) for name in DEFAULT_MIX[:5]]):
            pass
        recorded.append((game.options, game.seed, game.first_sheriff, game.names, list(game.history)))
    cpu = []
    for _ in range(repeats):
        start = time.process_time()
        for options, seed, first_sheriff, names, history in recorded:
            apply = Game(options, seed, first_sheriff, names).apply
            for action in history:
                apply(action)
        cpu.append(games / (time.process_time() - start))
    return statistics.median(cpu), max(cpu)


def profile(games: int) -> None:
    profiler = cProfile.Profile(time.process_time)
    profiler.enable()
    simulate(games, players=5)
    profiler.disable()
    stats = pstats.Stats(profiler)
    print(f"\nPython calls per game: {stats.total_calls / games:,.0f} (cProfile, {games} games)")
    own = collections.Counter()
    for (path, _line, _name), (_cc, _nc, tottime, _ct, _callers) in stats.stats.items():
        own[path.split("sheriff_nb/")[-1] if "sheriff_nb" in path else "Python and the standard library"] += tottime
    total = sum(own.values())
    print("own time by module:")
    for module, seconds in own.most_common(12):
        print(f"  {100 * seconds / total:5.1f}%  {module}")
    print("top functions by own time:")
    rows = sorted(stats.stats.items(), key=lambda item: -item[1][2])[:15]
    for (path, line, name), (_cc, calls, tottime, _ct, _callers) in rows:
        where = path.split("sheriff_nb/")[-1] if "sheriff_nb" in path else os.path.basename(path) or "built-in"
        print(f"  {100 * tottime / total:5.1f}%  {calls / games:7.1f} calls/game  {where}:{line} {name}")


def main(games: int = 1000, repeats: int = 3) -> None:
    simulate(100, players=5)  # imports and the characters' tables
    print(
        f"simulate({games}, players=5), default characters, serial, {repeats} runs, Python "
        f"{sys.version.split()[0]}, {os.cpu_count()} cores; load average before: {load()}"
    )
    wall, cpu = rates(games, repeats)
    print(f"  wall clock: median {statistics.median(wall):6.0f} games/s, best {max(wall):6.0f}")
    print(f"  CPU time:   median {statistics.median(cpu):6.0f} games/s, best {max(cpu):6.0f}")
    median, best = replay_rate(games, repeats)
    print(
        f"  engine replay only (Game.apply of recorded moves), CPU time: median {median:6.0f} games/s, best {best:6.0f}"
    )
    print(f"  load average after: {load()}")
    profile(min(games, 300))


if __name__ == "__main__":
    main(*(int(a) for a in sys.argv[1:3]))
