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

from .. import display
from ..charts.results import seat_title
from ..i18n import t
from ..numbers import measured, number, percent, signed
from .bet_widget import Prediction

TABLE = ("honest", "smuggler", "bluffer", "briber", "suspicious")
"""Lesson 10's default table (the dashboard's first five seats)."""
GAMES = 200
"""Games per table (seed 0); the first quarter of them are the same games as a run of that length."""
SHARE_STEP = 0.05
"""A win rate that moves by less than this between two runs is called unchanged."""
MOVES = (0.01, 0.15)
"""The "more games" bet's brackets for the biggest move of a win rate between the first quarter of the games and
all of them: under 1 point, 1 to 15 points, over 15.  The move of one win rate is uncertain by about
3/4 · √(p(1 − p)(1/50 + 1/150)): ±5 points at p = 1/5, ±6 at p = 1/2, so 15 points is at least 2.5 of those errors
and the middle bracket holds on nearly every seed (tests/ui/test_findings.py checks 20 seeds)."""


def _compute(lineup: tuple[str, ...], games: int, royal: bool, seed: int) -> dict:
    from ...play.simulation import simulate
    from ..charts import win_rates

    frame = simulate(games, players=len(lineup), strategies=list(lineup), royal=royal, seed=seed)
    rates = win_rates(frame).set_index("strategy")
    by = frame.groupby("strategy")[["total", "sheriff_gold"]]
    means, errors = by.mean(), by.sem().fillna(0.0)
    opened = frame.groupby("game")["bags_inspected"].sum()
    first = frame[frame["game"] < games // 4]
    return {
        "games": games,
        "players": len(lineup),
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


def table_stats(lineup: tuple[str, ...] = TABLE, games: int = GAMES, royal: bool = False, seed: int = 0) -> dict:
    """Per strategy of ``lineup``: ``win_rate``, mean ``total`` score, mean ``sheriff_gold`` (each with its standard
    error, ``win_rate_se``, ``total_se``, ``sheriff_gold_se``); the table's ``opened`` bags per game (``opened_se``)
    and ``fair`` share; ``first_win_rate`` over the first quarter of the games."""
    key = ["table_stats", list(lineup), games, royal, seed]
    bundle = display.drawn(key, lambda: {"application/json": json.dumps(_compute(tuple(lineup), games, royal, seed))})
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


def _second_smuggler(options):
    before, after = table_stats(), table_stats(_swap("smuggler"))
    change = after["opened"] / before["opened"] - 1
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


def _trusting(options):
    before, after = table_stats(), table_stats(_swap("honest"))
    answer = options[0] if after["win_rate"]["smuggler"] > before["win_rate"]["smuggler"] + SHARE_STEP else options[1]
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


def _three_players(options):
    five, three = table_stats(), table_stats(TABLE[:3])
    ratio5, ratio3 = five["win_rate"]["honest"] / five["fair"], three["win_rate"]["honest"] / three["fair"]
    return (
        options[0] if ratio3 > ratio5 else options[1],
        t(
            "With 3 players it won {w3} of its games (fair share {f3}: {r3} times it); with 5, {w5} (fair share "
            "{f5}: {r5} times it).",
            w3=_rate(three, "honest"),
            f3=percent(three["fair"]),
            r3=measured(ratio3, three["win_rate_se"]["honest"] / three["fair"]),
            w5=_rate(five, "honest"),
            f5=percent(five["fair"]),
            r5=measured(ratio5, five["win_rate_se"]["honest"] / five["fair"]),
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


def _royal(_options):
    plain, royal = table_stats(), table_stats(royal=True)
    gains = {s: royal["total"][s] - plain["total"][s] for s in TABLE}
    errors = {s: (royal["total_se"][s] ** 2 + plain["total_se"][s] ** 2) ** 0.5 for s in TABLE}  # two runs
    order = sorted(gains, key=gains.get, reverse=True)
    words = "; ".join(f"{seat_title(s, short=True)} {signed(gains[s], 1)} ± {number(errors[s], 1)}" for s in order)
    return seat_title(order[0]), t(
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


def _more_games(options, seed: int = 0):
    stats = table_stats(seed=seed)
    moves = {s: abs(stats["win_rate"][s] - stats["first_win_rate"][s]) for s in TABLE}
    most = max(moves, key=moves.get)
    a, b, rate = stats["first_games"], stats["games"], stats["win_rate"][most]
    spread = rate * (1 - rate)
    return (
        options[0] if moves[most] < MOVES[0] else options[2] if moves[most] > MOVES[1] else options[1],
        t(
            "The biggest move: {name}, {p1} after {a} games and {p2} after {b} ({d:.0f} points). A win rate p "
            "measured over n games is uncertain by about √(p(1 − p)/n): for its {p2}, ±{se1:.0f} points over {a} "
            "games and ±{se2:.0f} over {b}; the move from {a} to {b} games, by about ±{se:.0f} points. So a move "
            "of a few points is chance, not a change of strength. With another seed the numbers differ, but the "
            "biggest move stays between {low} and {high} points on nearly every seed.",
            name=seat_title(most),
            p1=percent(stats["first_win_rate"][most]),
            p2=percent(rate),
            d=100 * moves[most],
            a=a,
            b=b,
            se1=100 * (spread / a) ** 0.5,
            se2=100 * (spread / b) ** 0.5,
            se=100 * (b - a) / b * (spread * (1 / a + 1 / (b - a))) ** 0.5,
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


def _equilibrium(options):
    default, honest_eq = table_stats(), table_stats(("equilibrium",) * 5)
    trusting = table_stats(("honest",) * 5)
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


EXPERIMENTS: dict[str, tuple[Callable[[], tuple], Callable[[list], tuple], tuple]] = {
    "second_smuggler": (_second_smuggler_question, _second_smuggler, (TABLE, _swap("smuggler"))),
    "trusting": (_trusting_question, _trusting, (TABLE, _swap("honest"))),
    "three_players": (_three_players_question, _three_players, (TABLE, TABLE[:3])),
    "royal": (_royal_question, _royal, (TABLE, (TABLE, True))),
    "more_games": (_more_games_question, _more_games, (TABLE,)),
    "equilibrium": (_equilibrium_question, _equilibrium, (TABLE, ("equilibrium",) * 5, ("honest",) * 5)),
}
"""Lesson 10's "things to try", one knob each: the question and its options, the answer and numbers the games
give, and the tables it plays (a lineup, or ``(lineup, royal)``)."""


def _play(table) -> dict:
    lineup, royal = table if isinstance(table[-1], bool) else (table, False)
    return table_stats(tuple(lineup), royal=royal)


class Experiment(Prediction):
    """One of :data:`EXPERIMENTS` as a bet.  Its games are played at the first Reveal (or before, in the background
    once the page is idle: :func:`sheriff_nb.ui.display.warm_up`), so the lesson opens at once; then the answer
    and its numbers are shown like any other bet's.  ``answer`` is ``None`` until then.

    >>> bet = Experiment("three_players")
    >>> bet.answer is None, bet.reveal() in (True, False, None), bet.answer in bet.choice.options
    (True, True, True)
    """

    def __init__(self, key: str):
        if key not in EXPERIMENTS:
            raise ValueError(f"no experiment {key!r}; known: {', '.join(EXPERIMENTS)}")
        self.key = key
        question_of, _outcome, tables = EXPERIMENTS[key]
        question, options = question_of()
        super().__init__(question, options, options[0])
        self.answer = None
        display.warm_up(*(lambda table=table: _play(table) for table in tables))

    def reveal(self) -> bool | None:
        if self.answer is None:
            self.answer, self.explanation = EXPERIMENTS[self.key][1](list(self.choice.options))
        return super().reveal()


def experiment(key: str) -> Experiment:
    """``sn.widgets.experiment(key)``: one of lesson 10's experiments as a bet (see :class:`Experiment`)."""
    return Experiment(key)


__all__ = ["experiment", "Experiment", "table_stats", "EXPERIMENTS", "TABLE", "GAMES"]
