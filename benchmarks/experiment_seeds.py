"""Lessons 10 and 13: does each answer hold on other seeds, and what do its games cost? (issue 24, item 4)

Run: ``python3 benchmarks/experiment_seeds.py [--seeds 20] [--counts 200 400 800] [--jobs 1]``.  For every
experiment of lesson 10 (:data:`sheriff_nb.ui.widgets.findings.EXPERIMENTS`), lesson 13's tournament bet and lesson
13's reading of its three tables, each distinct table is played once per seed at the largest count; a smaller count
reads the run's first games (game ``i`` depends only on ``(seed, i)``, so they are the games of the shorter run).
Per experiment and count it prints: on how many seeds the answer equals the one the lesson states (seed 0's, at the
count the lesson plays), the effect the answer reads and its standard error (their means over the seeds; ``z`` =
effect / error), and the CPU seconds of one seed's games at that count (the largest run's CPU time, scaled to the
count).  The load average is printed first: on a shared machine the CPU time is the figure to compare.

``--reveal`` instead times what a reader waits for from a cold cache (nothing kept, no idle-time warm-up): each
experiment's Reveal, lesson 13's bet and tournament widget when the page is built, each of its tables when the
reader picks it, and its chart; wall clock and CPU seconds, and whether the bar of games played appeared.
"""

from __future__ import annotations

import argparse
import statistics
import threading
import time

from sheriff_nb.play import tournaments
from sheriff_nb.play.simulation import simulate
from sheriff_nb.ui import charts, display
from sheriff_nb.ui.widgets import bet, findings, safety


def load() -> str:
    with open("/proc/loadavg", encoding="utf-8") as file:
        return " ".join(file.read().split()[:3])


def played(lineup, royal: bool, games: int, seeds: int, jobs: int) -> tuple[dict, float]:
    """Each seed's frame of ``games`` games at this table, and the CPU seconds of one seed's games."""
    frames, cpu, players = {}, 0.0, sum(lineup.values()) if isinstance(lineup, dict) else len(lineup)
    for seed in range(seeds):
        start = time.process_time()
        frames[seed] = simulate(games, players=players, strategies=lineup, royal=royal, seed=seed, n_jobs=jobs)
        cpu += time.process_time() - start
    return frames, cpu / seeds


def first(frame, games: int):
    return frame[frame["game"] < games]


def lesson_10(counts: list[int], seeds: int, jobs: int, keys: list[str]) -> None:
    knobs = {key: findings.EXPERIMENTS[key] for key in keys}
    tables = {findings.lineup_of(table) for knob in knobs.values() for table in knob.tables}
    runs = {table: played(list(table[0]), table[1], max(counts), seeds, jobs) for table in tables}
    for key, knob in knobs.items():
        _question, options = knob.question()

        def stats(seed: int, games: int, knob=knob) -> list[dict]:
            return [findings.stats_of(first(runs[findings.lineup_of(t)][0][seed], games), games) for t in knob.tables]

        stated = knob.outcome(options, *stats(0, findings.GAMES))[0]
        print(f"\n10 · {key}: stated answer {stated!r} (seed 0, {findings.GAMES} games a table)")
        for games in counts:
            answers = [knob.outcome(options, *stats(seed, games))[0] for seed in range(seeds)]
            effects = [knob.effect(*stats(seed, games)) for seed in range(seeds)]
            effect, se = statistics.mean(e for e, _ in effects), statistics.mean(s for _, s in effects)
            cpu = sum(runs[table][1] for table in set(map(findings.lineup_of, knob.tables)))
            print(
                f"  {games:5d} games: {answers.count(stated):2d}/{seeds} seeds agree; effect {effect:+.3f} ± {se:.3f}"
                f" (z {effect / se if se else float('inf'):+.1f}); CPU {cpu * games / max(counts):.2f} s"
            )


def lesson_13(counts: list[int], seeds: int, jobs: int) -> None:
    runs = {m: played(tournaments.lineup(m), False, max(counts), seeds, jobs) for m in tournaments.TOURNAMENT_MERCHANTS}
    _question, options = safety.tournament_question()
    stated = safety.tournament_answer(
        options, tournaments.summary(first(runs["honest"][0][0], tournaments.GAMES), "honest")
    )
    print(f"\n13 · tournament: stated answer {stated!r} (seed 0, {tournaments.GAMES} games)")
    for games in counts:
        tables = [
            {m: tournaments.summary(first(runs[m][0][seed], games), m).set_index("sheriff") for m in runs}
            for seed in range(seeds)
        ]
        answers = [safety.tournament_answer(options, table["honest"].reset_index()) for table in tables]
        means = [{m: float(table[m].loc["equilibrium", "mean"]) for m in runs} for table in tables]
        errors = {m: statistics.mean(table[m].loc["equilibrium", "se"] for table in tables) for m in runs}
        held = sum(
            m["honest"] < 0 < m["smuggler"] and abs(m["bluffer"]) < min(-m["honest"], m["smuggler"]) / 4 for m in means
        )
        average = {m: statistics.mean(x[m] for x in means) for m in runs}
        words = ", ".join(f"{m} {average[m]:+.2f} ± {errors[m]:.2f}" for m in runs)
        print(
            f"  {games:5d} games: bet {answers.count(stated):2d}/{seeds} seeds agree (honest table CPU "
            f"{runs['honest'][1] * games / max(counts):.2f} s); reading (honest < 0 < smuggler, bluffer near 0) "
            f"{held:2d}/{seeds}; Equilibrium sheriff's gold a game: {words}; CPU of the three tables "
            f"{sum(r[1] for r in runs.values()) * games / max(counts):.2f} s"
        )


class Cold(display.Uncached):
    """Every output made when asked, and no idle-time warm-up: what a first reader of a fresh server waits for."""

    def warm_up(self, *tasks, quiet: float = 2.0) -> threading.Thread:
        thread = threading.Thread(target=lambda: None)
        thread.start()
        return thread


def timed(what: str, work, bar=None) -> None:
    """Run ``work()`` and print its wall-clock and CPU seconds (and whether ``bar`` showed)."""
    shown = []
    if bar is not None:
        bar.observe(lambda change: shown.append(change["new"]), names="value")
    start, start_cpu = time.perf_counter(), time.process_time()
    work()
    wall, cpu = time.perf_counter() - start, time.process_time() - start_cpu
    words = "" if bar is None else f"; bar {'shown, up to ' + str(max(shown)) if shown else 'not shown'}"
    print(f"  {what}: {wall:.2f} s wall, {cpu:.2f} s CPU{words}")


def reveals() -> None:
    display.use(Cold())
    simulate(5, players=5)  # the imports, as on a page that has already drawn something
    print("lesson 10, each Reveal:")
    for key, knob in findings.EXPERIMENTS.items():
        experiment = findings.experiment(key)
        timed(f"{key} ({len(knob.tables)} tables x {findings.GAMES} games)", experiment.reveal, experiment.bar)
    print(f"lesson 13 ({tournaments.GAMES} games a table):")
    timed("the bet, built with the page (the honest table)", lambda: bet("13.tournament"))
    safety._PLAYED.clear()
    board = [None]
    timed(
        "the tournament widget, built with the page (the honest table)",
        lambda: board.__setitem__(0, safety.safety_tournament()),
    )
    for merchant in ("smuggler", "bluffer"):
        timed(
            f"the reader picks the {merchant} table",
            lambda m=merchant: setattr(board[0].table, "value", m),
            board[0].bar,
        )
    timed("the chart of the three tables", lambda: display.chart(charts.tournament_safety_chart))


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--seeds", type=int, default=20)
    parser.add_argument("--counts", type=int, nargs="+", default=[200, 400, 800])
    parser.add_argument("--jobs", type=int, default=1, help="simulate's n_jobs (the same frames)")
    parser.add_argument("--lessons", nargs="+", default=["10", "13"])
    parser.add_argument("--experiments", nargs="+", default=list(findings.EXPERIMENTS), help="lesson 10's to run")
    parser.add_argument("--reveal", action="store_true", help="time each Reveal from a cold cache instead")
    args = parser.parse_args()
    if args.reveal:
        print(f"load average {load()}")
        reveals()
        print(f"load average {load()}")
        return
    print(f"load average {load()}; seeds 0-{args.seeds - 1}; counts {args.counts}")
    if "13" in args.lessons:
        lesson_13(sorted(args.counts), args.seeds, args.jobs)
    if "10" in args.lessons:
        lesson_10(sorted(args.counts), args.seeds, args.jobs, args.experiments)
    print(f"\nload average {load()}")


if __name__ == "__main__":
    main()
