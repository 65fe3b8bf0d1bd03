"""Time ``sheriff_nb.simulate`` (issue 11: 1,600 five-player games a second, serial) and profile it.

Run: ``python benchmarks/bench_simulate.py [games] [repeats]`` (defaults 1000 and 3).  Prints the machine's load,
then games per second of ``simulate(games, players=5)`` with the default characters, serial: the median and best of
the repeats, by the wall clock and by the CPU time the process got (on a shared machine the CPU figure is the one to
compare), for the fast path (:mod:`sheriff_nb.play.fast`, the default) and for ``exact=True`` (the driver and the
engine's checks); then the engine alone: games per second of replaying the recorded moves of such games through
``Game.apply`` (a fresh game, then every action of its history: rules, checks and events, no bots, views or driver);
then the Python calls per game and where the time goes (cProfile, own time grouped by module, and the top
functions), of the fast path and of the exact one, and the peak memory of one process playing the games.  The same
command measures an older checkout: ``PYTHONPATH=/path/to/old python ...`` (where ``exact`` does not exist yet, only
the first line).

``python benchmarks/bench_simulate.py compare [games [players [edition]]]`` (default 1000 games, every player count
the fast path covers, both editions) instead plays ``games`` seeded games through both paths and reports any row that
differs: ``compare 100000`` is issue 24's check, too slow for the test suite (tests/play/test_fast_simulation.py
compares 1,000 of each); ``compare 100000 5 2`` checks one configuration.  ``rate [games] [exact]`` is one timed run
(for alternated runs of two checkouts); ``play N [exact]`` plays N games for callgrind's instruction counts.
"""

from __future__ import annotations

import collections
import cProfile
import inspect
import os
import pstats
import resource
import statistics
import sys
import time

from sheriff_nb.engine.game import Game
from sheriff_nb.play.bots import play, strategy
from sheriff_nb.play.simulation import DEFAULT_MIX, simulate


def load() -> str:
    with open("/proc/loadavg", encoding="utf-8") as file:
        return " ".join(file.read().split()[:3])


EXACT = "exact" in inspect.signature(simulate).parameters
"""Whether this checkout has the fast path (and ``exact=True`` to turn it off)."""


def rates(games: int, repeats: int, **options: bool) -> tuple[list[float], list[float]]:
    wall, cpu = [], []
    for _ in range(repeats):
        start, start_cpu = time.perf_counter(), time.process_time()
        simulate(games, players=5, **options)
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


def profile(games: int, **options: bool) -> None:
    profiler = cProfile.Profile(time.process_time)
    profiler.enable()
    simulate(games, players=5, **options)
    profiler.disable()
    stats = pstats.Stats(profiler)
    print(
        f"\nPython calls per game: {stats.total_calls / games:,.0f} (cProfile, {games} games, {options or 'default'})"
    )
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
    for label, options in [("fast path", {}), ("exact", {"exact": True})][: 1 + EXACT]:
        wall, cpu = rates(games, repeats, **options)
        print(f"  {label}: wall clock: median {statistics.median(wall):6.0f} games/s, best {max(wall):6.0f}")
        print(f"  {label}: CPU time:   median {statistics.median(cpu):6.0f} games/s, best {max(cpu):6.0f}")
    median, best = replay_rate(games, repeats)
    print(
        f"  engine replay only (Game.apply of recorded moves), CPU time: median {median:6.0f} games/s, best {best:6.0f}"
    )
    print(f"  load average after: {load()}")
    print(f"  peak memory of this process: {resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024:.0f} MB")
    profile(min(games, 300))
    if EXACT:
        profile(min(games, 300), exact=True)


def compare(games: int = 1000, only_players: int = 0, only_edition: int = 0) -> int:
    """Play ``games`` seeded games of each covered player count and edition (or only ``only_players`` players,
    only edition ``only_edition``) through both paths and compare their rows (the frame's rows before pandas),
    10,000 games at a time; return how many configurations differ."""
    from sheriff_nb.play.fast import PLAYERS
    from sheriff_nb.play.simulation import lineup, play_game

    differ = 0
    for players in [only_players] if only_players else PLAYERS:
        entries = lineup(None, players)
        for edition in [only_edition] if only_edition else (1, 2):
            start, rows_differ = time.process_time(), 0
            for first in range(0, games, 10_000):
                for index in range(first, min(first + 10_000, games)):
                    fast = play_game(index, entries, players, edition, False, 2024, fast=True)
                    exact = play_game(index, entries, players, edition, False, 2024, fast=False)
                    rows_differ += sum(a != b for a, b in zip(fast, exact, strict=True))
                print(f"  {min(first + 10_000, games)} games played, {rows_differ} rows differ", flush=True)
            differ += bool(rows_differ)
            rows = "every row equal" if not rows_differ else f"{rows_differ} rows differ"
            print(
                f"{games} games, {players} players, edition {edition}: {rows} ({time.process_time() - start:.0f} s CPU)"
            )
    return differ


def rate(games: int = 1000, exact: str = "") -> None:
    """One run: CPU games/s of ``simulate(games, players=5)`` after 100 warm-up games, and the peak memory (for
    alternated runs of two checkouts: ``PYTHONPATH=old ... rate``, ``PYTHONPATH=new ... rate``, three times)."""
    simulate(100, players=5, exact=bool(exact))
    start = time.process_time()
    simulate(games, players=5, exact=bool(exact))
    peak = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024
    print(f"{games / (time.process_time() - start):.0f} games/s by CPU time, peak {peak:.0f} MB, load {load()}")


def play_games(games: int, exact: str = "") -> None:
    """Play ``games`` games of the default five-player lineup with ``play_game``, without pandas: for instruction
    counts, ``valgrind --tool=callgrind python3 benchmarks/bench_simulate.py play N`` for two N, subtracted."""
    from sheriff_nb.play.simulation import play_game

    for index in range(games):
        play_game(index, list(DEFAULT_MIX[:5]), 5, 2, False, 0, not exact)


if __name__ == "__main__":
    if sys.argv[1:2] == ["compare"]:
        sys.exit(compare(*(int(a) for a in sys.argv[2:5])))
    if sys.argv[1:2] == ["rate"]:
        sys.exit(rate(int(sys.argv[2]) if sys.argv[2:] else 1000, *sys.argv[3:4]))
    if sys.argv[1:2] == ["play"]:
        sys.exit(play_games(int(sys.argv[2]), *sys.argv[3:4]))
    main(*(int(a) for a in sys.argv[1:3]))
