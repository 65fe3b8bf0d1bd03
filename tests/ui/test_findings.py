"""Lesson 10's experiments: each bet's answer and numbers are what an independent run of the same tables shows."""

from functools import cache

import pytest

import sheriff_nb as sn
from sheriff_nb.ui import i18n
from sheriff_nb.ui.charts import win_rates
from sheriff_nb.ui.charts.results import seat_title
from sheriff_nb.ui.widgets import findings
from sheriff_nb.ui.widgets.findings import EXPERIMENTS, experiment, lineup_of, stats_of

TABLE = ("honest", "smuggler", "bluffer", "briber", "suspicious")
GAMES = findings.GAMES


@pytest.fixture(autouse=True)
def english():
    i18n.set_language("en")


@cache
def run(lineup=TABLE, royal=False):
    """Seed 0's games of a table, as the lesson plays them (shared with :func:`seed_run`)."""
    frame = seed_run((tuple(lineup), royal), 0)
    return frame, win_rates(frame).set_index("strategy")


def opened(frame) -> float:
    return frame.groupby("game")["bags_inspected"].sum().mean()


def opened_pm(frame) -> str:
    per_game = frame.groupby("game")["bags_inspected"].sum()
    return f"{per_game.mean():.1f} ± {per_game.sem():.1f}"


def rate_pm(rates, seat) -> str:
    """A win rate and its standard error, as the experiments print it (issue 21: every simulated figure)."""
    p, n = rates.loc[seat, "win_rate"], rates.loc[seat, "seats"]
    return f"{100 * p:.0f}% ± {100 * (p * (1 - p) / n) ** 0.5:.0f}"


def revealed(key):
    bet = experiment(key)
    bet.reveal()
    return bet, bet.result.value


def test_a_second_smuggler_leaves_the_sheriffs_and_the_inspections_as_they_were():
    (before, _), (after, rates2) = run(), run((*TABLE[:-1], "smuggler"))
    bet, words = revealed("second_smuggler")
    assert abs(opened(after) / opened(before) - 1) < 0.05 and bet.answer == "about as many"
    assert f"{opened_pm(before)} before, {opened_pm(after)} after" in words
    assert f"won {rate_pm(rates2, 'smuggler')} of its games" in words


def test_a_trusting_sheriff_in_place_of_a_suspicious_one():
    (before, rates), (after, rates2) = run(), run((*TABLE[:-1], "honest"))
    bet, words = revealed("trusting")
    assert opened(after) < opened(before)
    assert bet.answer == (
        "yes" if rates2.loc["smuggler", "win_rate"] > rates.loc["smuggler", "win_rate"] + 0.05 else "no"
    )
    assert f"{rate_pm(rates, 'smuggler')} of its games before and {rate_pm(rates2, 'smuggler')} after" in words


def test_three_players_against_the_fair_share():
    (_, five), (_, three) = run(), run(TABLE[:3])
    ratio5, ratio3 = five.loc["honest", "win_rate"] / (1 / 5), three.loc["honest", "win_rate"] / (1 / 3)
    bet, words = revealed("three_players")
    assert bet.answer == ("better" if ratio3 > ratio5 else "worse")
    assert f"won {rate_pm(three, 'honest')} of its games" in words and f"with 5, {rate_pm(five, 'honest')}" in words
    assert f"{ratio3:.1f} ± " in words and f"{ratio5:.1f} ± " in words


def test_royal_goods_name_the_character_whose_score_rises_most():
    (plain, _), (royal, _) = run(), run(royal=True)
    gains = royal.groupby("strategy").total.mean() - plain.groupby("strategy").total.mean()
    bet, words = revealed("royal")
    assert bet.answer == seat_title(gains.idxmax())
    errors = (royal.groupby("strategy").total.sem() ** 2 + plain.groupby("strategy").total.sem() ** 2) ** 0.5
    top = gains.idxmax()
    assert f"{seat_title(top, short=True)} {gains.max():+.1f} ± {errors[top]:.1f}" in words
    assert "contraband worth more" not in bet.children[0].value  # issue 12: they are not all worth more


def test_more_games_compares_the_first_quarter_with_the_whole_run():
    frame, rates = run()
    first = win_rates(frame[frame.game < GAMES // 4]).set_index("strategy")
    moves = (rates.win_rate - first.win_rate).abs()
    bet, words = revealed("more_games")
    assert bet.answer == "between 1 and 15 points" and 0.01 <= moves.max() <= 0.15
    assert seat_title(moves.idxmax()) in words and f"({100 * moves.max():.0f} points)" in words
    assert "±6 points over 50 games" in words or "±7 points over 50 games" in words  # the error is stated


SEEDS = range(20)


@cache
def seed_run(table: tuple, seed: int):
    """One distinct table x seed of the experiments (``(lineup, royal)``), played once for this module."""
    lineup, royal = table
    return sn.simulate(GAMES, players=len(lineup), strategies=list(lineup), royal=royal, seed=seed)


def seed_stats(key: str, seed: int) -> list[dict]:
    return [stats_of(seed_run(lineup_of(table), seed), GAMES) for table in EXPERIMENTS[key].tables]


@pytest.mark.parametrize("key", EXPERIMENTS)
def test_every_answer_holds_on_nearly_every_seed(key):
    """Issue 24 (item 4): no answer is one seed's luck.  Over seeds 0-19, each at the experiment's own count of
    games, the answer equals the lesson's (seed 0's, as Reveal shows it) on at least 19.  Each table x seed is
    played once for the whole module: 7 tables x 20 seeds x 200 games, about 90 s of CPU."""
    knob = EXPERIMENTS[key]
    _question, options = knob.question()
    stated, words = revealed(key)
    assert knob.outcome(options, *seed_stats(key, 0)) == (stated.answer, stated.explanation)  # the same games
    held = [knob.outcome(options, *seed_stats(key, seed))[0] == stated.answer for seed in SEEDS]
    assert sum(held) >= 19, held


def test_what_lesson_08s_mixed_strategies_win_at_a_real_table():
    """Issue 12, item 1: not "hard to exploit at every table"; what the tournaments show instead."""
    _, rates = run()
    honest_eq, _ = run(("equilibrium",) * 5)
    trusting, _ = run(("honest",) * 5)
    bet, words = revealed("equilibrium")
    rate, fair = rates.loc["bluffer", "win_rate"], rates.loc["bluffer", "fair_share"]
    assert bet.answer == (
        "about its fair share"
        if abs(rate - fair) < 0.05
        else "more than its fair share"
        if rate > fair
        else "less than its fair share"
    )
    se = (rate * (1 - rate) / rates.loc["bluffer", "seats"]) ** 0.5
    assert (
        f"It won {rates.loc['bluffer', 'wins']:g} of its {GAMES} games ({rate:.1%} ± {se:.1%}); a fair share is 20%."
        in words
    )
    loss, loss_se = -honest_eq.sheriff_gold.mean(), honest_eq.sheriff_gold.sem()
    assert loss > 0 and f"paid the honest merchants {loss:.1f} ± {loss_se:.1f} gold a game" in words  # no guarantee
    assert trusting.sheriff_gold.eq(0).all() and "a sheriff lost 0.0 ± 0.0 gold a game" in words  # never inspecting


@pytest.mark.parametrize("key", EXPERIMENTS)
def test_no_prompt_promises_an_effect_it_does_not_show(key):
    """The question is neutral and its games are played only at Reveal; the answer is whatever they showed."""
    bet = experiment(key)
    assert bet.answer is None and bet.result.value == "" and bet.answer_area.layout.display == "none"
    bet.reveal()
    assert bet.answer in bet.choice.options and bet.explanation in bet.result.value


def test_a_bar_counts_the_games_of_a_slow_reveal_and_hides_when_they_are_played(monkeypatch):
    """Issue 24 (item 4): past half a second of games, the bet shows how many of all its tables' games are played."""
    monkeypatch.setattr(findings, "GAMES", 12)  # games no other test plays: in no cache
    bet = experiment("three_players")
    bet.bar.after = 0  # every Reveal counts as slow
    seen = []
    bet.bar.observe(lambda change: seen.append((change["new"], bet.bar.layout.display)), names="value")
    bet.reveal()
    assert bet.bar in bet.children and seen[-1] == (24, None) and bet.bar.layout.display == "none"
    assert bet.bar.description == "24 of 24 games played"  # both tables, 12 games each


def test_no_bar_when_the_reveal_is_quick():
    bet = experiment("trusting")
    bet.bar.clock = lambda: 0.0  # no time passes
    seen = []
    bet.bar.observe(lambda change: seen.append(change["new"]), names="value")
    bet.reveal()
    assert seen == [] and bet.bar.layout.display == "none" and bet.answer in bet.choice.options
