"""What the package's own tournaments show (lesson 10), computed live: one knob at a time, each as a bet, and what
lesson 08's mixed strategies win at a real table.

Every experiment plays real games with :func:`sheriff_nb.simulate` (seed 0, so the same numbers on every visit)
and states what they show, each figure with its standard error (a simulated mean is not an exact number); nothing
here is written in advance.  A table's numbers are computed once and kept on
disk with the charts (:func:`sheriff_nb.ui.display.html`: the chart cache), so a lesson opens at once after the first visit.

>>> stats = table_stats(("honest", "smuggler", "bluffer"), games=10)
>>> sorted(stats["win_rate"]), stats["games"]
(['bluffer', 'honest', 'smuggler'], 10)
"""

from __future__ import annotations

import json
from collections.abc import Callable
from typing import NamedTuple

from .. import display
from ..charts.results import seat_title
from ..i18n import t
from ..numbers import measured, number, percent, signed
from .bet_widget import Prediction
from .progress import GamesBar

TABLE = ("honest", "smuggler", "bluffer", "briber", "suspicious")
"""Lesson 10's default table (the dashboard's first five seats)."""
GAMES = 200
"""Games per table (seed 0); the first quarter of them are the same games as a run of that length.  Enough that
every experiment's answer is the same on 20 of seeds 0-19, and no Reveal's games take 2 s of CPU
(``benchmarks/experiment_seeds.py``; tests/ui/test_findings.py checks the seeds)."""
SHARE_STEP = 0.05
"""A win rate that moves by less than this between two runs is called unchanged."""
MOVES = (0.01, 0.15)
"""The "more games" bet's brackets for the biggest move of a win rate between the first quarter of the games and
all of them: under 1 point, 1 to 15 points, over 15.  The move of one win rate is uncertain by about
3/4 · √(p(1 − p)(1/50 + 1/150)): ±5 points at p = 1/5, ±6 at p = 1/2, so 15 points is at least 2.5 of those errors
and the middle bracket holds on nearly every seed (tests/ui/test_findings.py checks 20 seeds)."""


def stats_of(frame, games: int) -> dict:
    """:func:`table_stats` of a :func:`sheriff_nb.simulate` frame of ``games`` games (a run's first games are the
    games of a shorter run: the stats of a prefix are those of a run of that length)."""
    from ..charts import win_rates

    rates = win_rates(frame).set_index("strategy")
    by = frame.groupby("strategy")[["total", "sheriff_gold"]]
    means, errors = by.mean(), by.sem().fillna(0.0)
    opened = frame.groupby("game")["bags_inspected"].sum()
    first = frame[frame["game"] < games // 4]
    return {
        "games": games,
        "players": int(frame["player"].nunique()),
        "fair": float(rates["fair_share"].iloc[0]),
        "win_rate": rates["win_rate"].astype(float).to_dict(),
        "win_rate_se": (rates["win_rate"] * (1 - rates["win_rate"]) / rates["seats"]).pow(0.5).astype(float).to_dict(),
        "wins": rates["wins"].astype(float).to_dict(),
        "total": means["total"].astype(float).to_dict(),
        "total_se": errors["total"].astype(float).to_dict(),
        "sheriff_gold": means["sheriff_gold"].astype(float).to_dict(),
        "sheriff_gold_se": errors["sheriff_gold"].astype(float).to_dict(),
        "opened": float(opened.mean()),
        "opened_se": float(opened.sem()) if games > 1 else 0.0,
        "first_win_rate": win_rates(first).set_index("strategy")["win_rate"].astype(float).to_dict(),
        "first_games": games // 4,
    }


def table_stats(
    lineup: tuple[str, ...] = TABLE, games: int = GAMES, royal: bool = False, seed: int = 0, progress=None
) -> dict:
    """Per strategy of ``lineup``: ``win_rate``, mean ``total`` score, mean ``sheriff_gold`` (each with its standard
    error, ``win_rate_se``, ``total_se``, ``sheriff_gold_se``); the table's ``opened`` bags per game (``opened_se``)
    and ``fair`` share; ``first_win_rate`` over the first quarter of the games.  Played once (kept with the charts);
    ``progress(done, games)`` is told as the games are played."""
    from ...play.simulation import simulate

    def play() -> dict:
        frame = simulate(games, players=len(lineup), strategies=list(lineup), royal=royal, seed=seed, progress=progress)
        return {"application/json": json.dumps(stats_of(frame, games))}

    bundle = display.drawn(["table_stats", list(lineup), games, royal, seed], play)
    return json.loads(bundle.bundle["application/json"])


def _rate(stats: dict, seat: str) -> str:
    return measured(stats["win_rate"][seat], stats["win_rate_se"][seat], share=True)


def _swap(seat: str) -> tuple[str, ...]:
    """The default table with its last seat (the Honest merchant · Suspicious sheriff) replaced by ``seat``."""
    return (*TABLE[:-1], seat)


def _second_smuggler_question():
    return (
        t(
            "Replace the Honest merchant · Suspicious sheriff with a second Smuggler · Suspicious sheriff. Are fewer "
            "bags opened?"
        ),
        [t("yes, fewer"), t("about as many"), t("no, more")],
    )


def _second_smuggler_effect(before: dict, after: dict) -> tuple[float, float]:
    """The relative change of the bags opened a game, and its error (two independent runs)."""
    a, b = before["opened"], after["opened"]
    return b / a - 1, ((after["opened_se"] / a) ** 2 + (b * before["opened_se"] / a**2) ** 2) ** 0.5


def _second_smuggler(options, before: dict, after: dict):
    change, _se = _second_smuggler_effect(before, after)
    answer = options[1] if abs(change) < SHARE_STEP else options[0] if change < 0 else options[2]
    return answer, t(
        "Bags opened a game: {a} before, {b} after ({n} games each). Both seats play the Suspicious "
        "sheriff, so the sheriffs did not change; what changed is who wins: each Smuggler won {w2} of its "
        "games, against {w1} when it was alone.",
        a=measured(before["opened"], before["opened_se"]),
        b=measured(after["opened"], after["opened_se"]),
        n=before["games"],
        w1=_rate(before, "smuggler"),
        w2=_rate(after, "smuggler"),
    )


def _trusting_question():
    return (
        t(
            "Replace the Honest merchant · Suspicious sheriff with an Honest merchant · Trusting sheriff, who opens "
            "nothing. Does the Smuggler win more often?"
        ),
        [t("yes"), t("no")],
    )


def _trusting_effect(before: dict, after: dict) -> tuple[float, float]:
    """How much the Smuggler's win rate rose, and the error of that rise (two independent runs)."""
    rise = after["win_rate"]["smuggler"] - before["win_rate"]["smuggler"]
    return rise, (after["win_rate_se"]["smuggler"] ** 2 + before["win_rate_se"]["smuggler"] ** 2) ** 0.5


def _trusting(options, before: dict, after: dict):
    answer = options[0] if _trusting_effect(before, after)[0] > SHARE_STEP else options[1]
    return answer, t(
        "Bags opened a game: {a} before, {b} after. The Smuggler · Suspicious sheriff won {w1} of its "
        "games before and {w2} after ({n} games each).",
        a=measured(before["opened"], before["opened_se"]),
        b=measured(after["opened"], after["opened_se"]),
        w1=_rate(before, "smuggler"),
        w2=_rate(after, "smuggler"),
        n=before["games"],
    )


def _three_players_question():
    return (
        t(
            "Keep only the first three seats ({a}, {b}, {c}): each is sheriff three times. Measured against its "
            "fair share, does the Honest merchant · Trusting sheriff do better or worse than at the table of five?",
            a=seat_title(TABLE[0]),
            b=seat_title(TABLE[1]),
            c=seat_title(TABLE[2]),
        ),
        [t("better"), t("worse")],
    )


def _share_ratio(stats: dict, seat: str) -> tuple[float, float]:
    """``seat``'s win rate as a multiple of the fair share, and its error."""
    return stats["win_rate"][seat] / stats["fair"], stats["win_rate_se"][seat] / stats["fair"]


def _three_players_effect(five: dict, three: dict) -> tuple[float, float]:
    (r5, e5), (r3, e3) = _share_ratio(five, "honest"), _share_ratio(three, "honest")
    return r3 - r5, (e3**2 + e5**2) ** 0.5


def _three_players(options, five: dict, three: dict):
    return (
        options[0] if _three_players_effect(five, three)[0] > 0 else options[1],
        t(
            "With 3 players it won {w3} of its games (fair share {f3}: {r3} times it); with 5, {w5} (fair share "
            "{f5}: {r5} times it).",
            w3=_rate(three, "honest"),
            f3=percent(three["fair"]),
            r3=measured(*_share_ratio(three, "honest")),
            w5=_rate(five, "honest"),
            f5=percent(five["fair"]),
            r5=measured(*_share_ratio(five, "honest")),
        ),
    )


def _royal_question():
    return (
        t(
            "Turn the royal goods on. They are contraband in every way (a caught one is fined 3 to 5), and each "
            "also counts as 2 or 3 legal goods for King and Queen. Whose average score rises most?"
        ),
        [seat_title(s) for s in TABLE],
    )


def _gains(plain: dict, royal: dict) -> list[tuple[str, float, float]]:
    """Each seat's change in average score with royal goods and its error (as if the two runs were independent:
    they share each game's seating and bots' seeds, so the true error of a change is smaller), the biggest first."""
    rows = [
        (s, royal["total"][s] - plain["total"][s], (royal["total_se"][s] ** 2 + plain["total_se"][s] ** 2) ** 0.5)
        for s in TABLE
    ]
    return sorted(rows, key=lambda row: row[1], reverse=True)


def _royal_effect(plain: dict, royal: dict) -> tuple[float, float]:
    """How far the biggest rise is ahead of the second, and the error of that lead."""
    (_, top, top_se), (_, second, second_se) = _gains(plain, royal)[:2]
    return top - second, (top_se**2 + second_se**2) ** 0.5


def _royal(_options, plain: dict, royal: dict):
    gains = _gains(plain, royal)
    words = "; ".join(f"{seat_title(s, short=True)} {signed(g, 1)} ± {number(e, 1)}" for s, g, e in gains)
    return seat_title(gains[0][0]), t(
        "Change in the average score with royal goods ({n} games each): {words}.", n=plain["games"], words=words
    )


def _more_games_question():
    low, high = (round(100 * m) for m in MOVES)
    return (
        t(
            "Run the default table for {a} games, then for {b} (the first {a} are the same games). How far does "
            "the win rate that moves most move?",
            a=GAMES // 4,
            b=GAMES,
        ),
        [
            t("less than {n} point", n=low),
            t("between {low} and {high} points", low=low, high=high),
            t("more than {n} points", n=high),
        ],
    )


def _biggest_move(stats: dict) -> tuple[str, float, float]:
    """The seat whose win rate moves most from the first quarter of the games to all of them, how far, and the
    error of that move: the last three quarters of the games, independent of the first, weigh (b − a)/b."""
    moves = {s: abs(stats["win_rate"][s] - stats["first_win_rate"][s]) for s in stats["win_rate"]}
    most = max(moves, key=moves.get)
    a, b, rate = stats["first_games"], stats["games"], stats["win_rate"][most]
    return most, moves[most], (b - a) / b * (rate * (1 - rate) * (1 / a + 1 / (b - a))) ** 0.5


def _more_games_effect(stats: dict) -> tuple[float, float]:
    return _biggest_move(stats)[1:]


def _more_games(options, stats: dict):
    most, move, se = _biggest_move(stats)
    a, b, rate = stats["first_games"], stats["games"], stats["win_rate"][most]
    spread = rate * (1 - rate)
    return (
        options[0] if move < MOVES[0] else options[2] if move > MOVES[1] else options[1],
        t(
            "The biggest move: {name}, {p1} after {a} games and {p2} after {b} ({d:.0f} points). A win rate p "
            "measured over n games is uncertain by about √(p(1 − p)/n): for its {p2}, ±{se1:.0f} points over {a} "
            "games and ±{se2:.0f} over {b}; the move from {a} to {b} games, by about ±{se:.0f} points. So a move "
            "of a few points is chance, not a change of strength. With another seed the numbers differ, but the "
            "biggest move stays between {low} and {high} points on nearly every seed.",
            name=seat_title(most),
            p1=percent(stats["first_win_rate"][most]),
            p2=percent(rate),
            d=100 * move,
            a=a,
            b=b,
            se1=100 * (spread / a) ** 0.5,
            se2=100 * (spread / b) ** 0.5,
            se=100 * se,
            low=round(100 * MOVES[0]),
            high=round(100 * MOVES[1]),
        ),
    )


def _equilibrium_question():
    return (
        t(
            "The {name} plays lesson 08's mixed strategies. At the default table, does it win its fair share of the "
            "games?",
            name=seat_title("bluffer"),
        ),
        [t("more than its fair share"), t("about its fair share"), t("less than its fair share")],
    )


def _equilibrium_effect(default: dict, _honest_eq: dict, _trusting: dict) -> tuple[float, float]:
    return default["win_rate"]["bluffer"] - default["fair"], default["win_rate_se"]["bluffer"]


def _equilibrium(options, default: dict, honest_eq: dict, trusting: dict):
    rate, fair = default["win_rate"]["bluffer"], default["fair"]
    answer = options[1] if abs(rate - fair) < SHARE_STEP else options[0] if rate > fair else options[2]
    return answer, " ".join(
        [
            t(
                "It won {wins:g} of its {n} games ({w:.1%} ± {se:.1%}); a fair share is {fair}.",
                wins=default["wins"]["bluffer"],
                w=rate,
                se=default["win_rate_se"]["bluffer"],
                n=default["games"],
                fair=percent(fair),
            ),
            t(
                "At a table where all five seats are the {name}, every sheriff paid the honest merchants {g} gold a game on "
                "average: each bag he opened was honest and cost him 2 gold a card.",
                name=seat_title("equilibrium"),
                g=measured(-honest_eq["sheriff_gold"]["equilibrium"], honest_eq["sheriff_gold_se"]["equilibrium"]),
            ),
            t(
                "With five {name} instead, a sheriff lost {g} gold a game: never inspecting secures 0.",
                name=seat_title("honest"),
                g=measured(-trusting["sheriff_gold"]["honest"] + 0.0, trusting["sheriff_gold_se"]["honest"]),
            ),
        ]
    )


class Knob(NamedTuple):
    """One of lesson 10's experiments: ``question()`` gives the question and its options; ``tables`` are the tables
    it plays (a lineup, or ``(lineup, royal)``), :data:`GAMES` games each (seed 0); ``outcome(options, *stats)`` gives
    the answer and its numbers in words from those tables' :func:`table_stats`, and ``effect(*stats)`` the measured
    effect the answer reads, with its standard error."""

    question: Callable[[], tuple[str, list[str]]]
    outcome: Callable[..., tuple[str, str]]
    effect: Callable[..., tuple[float, float]]
    tables: tuple


EXPERIMENTS: dict[str, Knob] = {
    "second_smuggler": Knob(
        _second_smuggler_question, _second_smuggler, _second_smuggler_effect, (TABLE, _swap("smuggler"))
    ),
    "trusting": Knob(_trusting_question, _trusting, _trusting_effect, (TABLE, _swap("honest"))),
    "three_players": Knob(_three_players_question, _three_players, _three_players_effect, (TABLE, TABLE[:3])),
    "royal": Knob(_royal_question, _royal, _royal_effect, (TABLE, (TABLE, True))),
    "more_games": Knob(_more_games_question, _more_games, _more_games_effect, (TABLE,)),
    "equilibrium": Knob(
        _equilibrium_question,
        _equilibrium,
        _equilibrium_effect,
        (TABLE, ("equilibrium",) * 5, ("honest",) * 5),
    ),
}
"""Lesson 10's "things to try", one knob each (see :class:`Knob`)."""


def lineup_of(table) -> tuple[tuple[str, ...], bool]:
    """An entry of a :class:`Knob`'s ``tables`` as ``(lineup, royal)``.

    >>> lineup_of(TABLE[:3]), lineup_of((TABLE[:3], True))
    ((('honest', 'smuggler', 'bluffer'), False), (('honest', 'smuggler', 'bluffer'), True))
    """
    return (tuple(table[0]), table[1]) if isinstance(table[-1], bool) else (tuple(table), False)


def _table_stats(table, seed: int = 0, progress=None) -> dict:
    """:func:`table_stats` of an entry of a :class:`Knob`'s ``tables``, :data:`GAMES` games."""
    lineup, royal = lineup_of(table)
    return table_stats(lineup, GAMES, royal, seed, progress)


def play(key: str, seed: int = 0, progress=None) -> list[dict]:
    """The :func:`table_stats` of each table experiment ``key`` plays; ``progress(done)`` is told as the games of
    all its tables are played (``done`` of them all)."""

    def told(before: int):
        return None if progress is None else lambda done, _games: progress(before + done)

    return [_table_stats(table, seed, told(i * GAMES)) for i, table in enumerate(EXPERIMENTS[key].tables)]


class Experiment(Prediction):
    """One of :data:`EXPERIMENTS` as a bet.  Its games are played at the first Reveal (or before, in the background
    once the page is idle: :func:`sheriff_nb.ui.display.warm_up`), so the lesson opens at once; then the answer
    and its numbers are shown like any other bet's.  ``answer`` is ``None`` until then.  If the games take
    more than half a second, a bar shows how many are played (:class:`~sheriff_nb.ui.widgets.progress.GamesBar`).

    >>> bet = Experiment("three_players")
    >>> bet.answer is None, bet.reveal() in (True, False, None), bet.answer in bet.choice.options
    (True, True, True)
    """

    def __init__(self, key: str):
        if key not in EXPERIMENTS:
            raise ValueError(f"no experiment {key!r}; known: {', '.join(EXPERIMENTS)}")
        self.key, knob = key, EXPERIMENTS[key]
        question, options = knob.question()
        super().__init__(question, options, options[0])
        self.answer = None
        self.bar = GamesBar()
        self.children = (*self.children[:3], self.bar, *self.children[3:])  # under the Reveal button
        display.warm_up(*(lambda table=table: _table_stats(table) for table in knob.tables))

    def reveal(self) -> bool | None:
        if self.answer is None:
            knob = EXPERIMENTS[self.key]
            self.bar.start(GAMES * len(knob.tables))
            stats = play(self.key, progress=self.bar.played)
            self.bar.finish()
            self.answer, self.explanation = knob.outcome(list(self.choice.options), *stats)
        return super().reveal()


def experiment(key: str) -> Experiment:
    """``sn.widgets.experiment(key)``: one of lesson 10's experiments as a bet (see :class:`Experiment`)."""
    return Experiment(key)


__all__ = [
    "experiment", "Experiment", "Knob", "table_stats", "stats_of", "play", "lineup_of", "EXPERIMENTS", "TABLE", "GAMES",
]  # fmt: skip
