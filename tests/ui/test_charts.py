"""Chart builders: the numbers they plot and the findings their titles state (not just "no exception")."""

from __future__ import annotations

import re
from collections import Counter
from fractions import Fraction

import pandas as pd
import pytest

import sheriff_nb as sn
from sheriff_nb.engine.cards import CONTRABAND_GOODS, GOODS
from sheriff_nb.theory import analysis as an
from sheriff_nb.ui import charts as C
from sheriff_nb.ui.charts.results import seat_title
from sheriff_nb.ui.numbers import percent
from sheriff_nb.ui.widgets.scoring import EXAMPLE_GOLD, EXAMPLE_STANDS

ALAN = {"apples": 2, "pepper": 2}


def plotted(chart) -> pd.DataFrame:
    """The main dataset a chart draws (top-level data, or its first layer's)."""
    spec = chart.to_dict()
    return pd.DataFrame(spec["datasets"][(spec.get("data") or spec["layer"][0]["data"])["name"]])


def svg_text(chart) -> str:
    import vl_convert as vlc

    return vlc.vegalite_to_svg(chart.to_dict())


def svg_size(chart) -> tuple[float, float]:
    match = re.search(r'<svg[^>]*width="([\d.]+)"[^>]*height="([\d.]+)"', svg_text(chart))
    return float(match.group(1)), float(match.group(2))


# ------------------------------------------------------------------ the model game
@pytest.mark.parametrize("good", CONTRABAND_GOODS)
@pytest.mark.parametrize("c", [1, 2, 3, 4])
@pytest.mark.parametrize("w", [0, Fraction(1, 3), 1])
def test_model_game_is_the_card_game(good, c, w):
    bag = Counter(apples=4 - c, **{good: c})
    real = an.inspection_game(+bag, "apples", w)
    model = an.model_game(n=4, c=c, a=2, v=GOODS[good].value, f=GOODS[good].penalty, w=w)
    assert (model.merchant, model.sheriff, model.gold) == (real.merchant, real.sheriff, real.gold)
    assert model.equilibrium().p_inspect == real.equilibrium().p_inspect


def test_model_game_rejects_impossible_counts():
    with pytest.raises(ValueError, match="1 to 4"):
        an.model_game(n=4, c=5)


def test_exact_reads_slider_floats_as_decimals():
    assert an.exact(0.15000000000000002) == Fraction(3, 20) and an.exact(Fraction(1, 3)) == Fraction(1, 3)


# ------------------------------------------------------------------ EV
def test_ev_data_is_the_analysis_expected_value():
    frame = C.ev_data(ALAN, "apples", steps=10)
    for row in frame.itertuples():
        bag = ALAN if row.option == "lie" else {"apples": 4}
        assert Fraction(row.exact) == an.expected_value(bag, "apples", Fraction(row.p).limit_denominator(10))


def test_ev_chart_title_breakeven_and_points():
    chart = C.ev_chart(ALAN, "apples", p=0.25)
    assert C.title_text(chart) == "Smuggling 2 Pepper pays only while the sheriff inspects less than 29% of bags"
    data = chart.to_dict()["datasets"]
    assert data["rules"] == [{"at": pytest.approx(2 / 7), "text": "break-even 29%", "kind": "breakeven"}]
    assert [(r["series"], r["ev"], r["up"]) for r in data["current"]] == [
        ("honest bag", 10, False),
        ("this bag", 11, True),
    ]
    assert {(r["p"], r["ev"]) for r in data["lines"]} == {(0, 8), (1, 16), (0, 16), (1, -4)}


def test_ev_chart_other_findings():
    assert C.title_text(C.ev_chart({"apples": 4}, "apples")).startswith("This bag is the honest bag")
    assert (
        C.title_text(C.ev_chart({"apples": 1}, "cheese"))
        == "Honesty beats replacing 1 Cheese with 1 Apple at every inspection rate"  # an Apple is not smuggled
    )
    naive = C.ev_chart({"apples": 3, "pepper": 1}, "apples", baseline={"apples": 3}, naive=True)
    assert [r["at"] for r in naive.to_dict()["datasets"]["rules"]] == [pytest.approx(3 / 8), pytest.approx(0.6)]
    assert "forgets the 6 gold" in " ".join(naive.title.subtitle)


# ------------------------------------------------------------------ equilibrium by contraband
def test_equilibrium_data_same_q_different_p():
    frame = C.equilibrium_data()
    assert len(frame) == 4 * 4 and set(frame.kind) == {"mixed"}
    by_c = frame.groupby("contraband")
    assert (by_c.q_lie.nunique() == 1).all()  # Pepper..Crossbow: the same q*
    assert (by_c.p_inspect.nunique() == 4).all()  # ... and four different p*
    row = frame[(frame.good == "Crossbow") & (frame.contraband == 2)].iloc[0]
    assert Fraction(row.p_exact) == an.inspection_game({"apples": 2, "crossbow": 2}, "apples").equilibrium().p_inspect


def test_equilibrium_chart_title_from_data():
    chart = C.equilibrium_chart()
    assert C.title_text(chart).startswith("Pepper, Mead, Silk and Crossbow give the same q*")
    assert "p* from 29% (Pepper) to 41% (Crossbow)" in " ".join(chart.title.subtitle)
    relative = C.equilibrium_chart(C.equilibrium_data(w=1))  # with w > 0, v enters q*: the title says so
    assert C.title_text(relative) == "The contraband carried changes both p* and q*"


# ------------------------------------------------------------------ one slider per idea
@pytest.mark.parametrize(
    ("param", "values", "p_moves", "q_moves"),
    [
        ("v", range(3, 15), True, False),
        ("w", [0, Fraction(1, 2), 1], False, True),
        ("f", range(1, 12), True, True),
        ("c", range(1, 5), True, True),
    ],
)
def test_sweep_moves_the_right_probability(param, values, p_moves, q_moves):
    frame = C.sweep_data(param, values)
    assert (frame.p_inspect.nunique() > 1) == p_moves and (frame.q_lie.nunique() > 1) == q_moves
    title = C.sweep_title(frame, param)
    assert ("p* stays" in title) == (not p_moves) and ("q* stays" in title) == (not q_moves)


def test_sweep_chart_marker_and_marks():
    chart = C.sweep_chart(C.sweep_data("f", [2, 4, 8]), "f", current=8, marks={4: "rulebook"})
    data = chart.to_dict()["datasets"]
    assert [r["text"] for r in data["current"]] == ["22%", "33%"]  # p* = 2/9, q* = 1/3
    assert data["marks"] == [{"x": 4.0, "text": "rulebook"}]
    assert (
        C.title_text(chart) == "As the fine f rises from 2 to 8, p* falls from 33% to 22% and q* falls from 67% to 33%"
    )


# ------------------------------------------------------------------ bribes and leadership
def test_bribe_data_is_the_bribe_range():
    frame = C.bribe_data(ALAN, "apples", steps=10)
    for row in frame.itertuples():
        low, high = an.bribe_range(ALAN, "apples", 1, Fraction(row.belief).limit_denominator(10))
        assert (row.sheriff_min, row.merchant_max) == (float(low), float(high))


def test_bribe_chart_titles_and_marker():
    chart = C.bribe_chart(ALAN, "apples", belief=0.8)
    assert C.title_text(chart) == (
        "A sheriff 80% sure and the merchant both gain from any bribe from 4.8 to 20 gold; the fair split is 12.4"
    )
    assert [r["gold"] for r in chart.to_dict()["datasets"]["current"]] == [4.8, 20, 12.4]
    assert C.title_text(C.bribe_chart(ALAN, "apples", p_inspect=0.25)).startswith("No deal")


def test_leadership_peaks_at_p_star():
    game = an.inspection_game(ALAN, "apples")
    frame = C.leadership_data(game)
    best = frame.loc[frame.sheriff.idxmax()]
    assert best.p == pytest.approx(2 / 7) and best.sheriff == pytest.approx(16 / 7) and best.response == "lie"
    assert C.leadership_at(game, Fraction(2, 7))[0] == "lie" and C.leadership_at(game, Fraction(3, 10))[0] == "honest"
    assert C.title_text(C.leadership_chart(game)).startswith("Announcing p* = 29% earns the sheriff 2.3 gold")


def test_live_chart_redraws_only_the_data():
    data = C.sweep_data("w", [0, Fraction(1, 2), 1])
    live = C.LiveChart(C.LIVE_SPECS["sweep"], C.sweep_parts(data, "w", current=0), param="w")
    svg = live.svg(C.sweep_parts(data, "w", current=1))
    assert svg.startswith("<svg") and "36%" in svg and "q* falls from 50% to 36%" in svg


# ------------------------------------------------------------------ draw odds
def test_draw_odds_chart_matches_analysis():
    chart = C.draw_odds_chart("crossbow", at_least=2)
    frame = plotted(chart)
    assert [Fraction(x) for x in frame.exact] == [an.draw_odds("crossbow", k) for k in range(1, 7)]
    assert frame.text.tolist()[:3] == ["14%", "1%", "<1%"]  # 0.7% rounds to 1%; 0.03% shows as <1%
    assert C.title_text(chart) == "At least one Crossbow turns up in 14% of 6-card draws"


# ------------------------------------------------------------------ tournaments and scores
def test_win_rates_share_ties():
    frame = pd.DataFrame(
        {
            "game": [0, 0, 0, 1, 1, 1],
            "strategy": ["a", "b", "c"] * 2,
            "rank": [1, 1, 3, 2, 1, 3],
            "total": [9, 9, 1, 5, 8, 1],
        }
    )
    rates = C.win_rates(frame).set_index("strategy")
    assert rates.loc["b", "wins"] == 1.5 and rates.loc["a", "wins"] == 0.5 and rates.loc["c", "wins"] == 0
    assert rates["win_rate"].sum() == pytest.approx(1) and rates["fair_share"].iloc[0] == pytest.approx(1 / 3)


def test_tournament_chart_from_simulation():
    games = sn.simulate(6, players=3, strategies=["honest", "smuggler", "bluffer"], seed=3)
    rates = C.win_rates(games)
    chart = C.tournament_chart(games)
    best = rates.iloc[0]
    assert C.title_text(chart) == (
        f"{seat_title(best.strategy, short=True)} wins {percent(best.win_rate)} of 6 games; a fair share is 33%"
    )  # seats are named by both halves


def test_score_breakdown_chart():
    scores = sn.score(EXAMPLE_STANDS, EXAMPLE_GOLD)
    chart = C.score_breakdown_chart(scores)
    assert C.title_text(chart) == (
        "David of Doncaster wins with 125 points: 66 from goods, 42 gold and 17 from King/Queen bonuses"
    )
    rows = plotted(chart)
    david = dict(rows[rows.player == "David of Doncaster"][["part", "points"]].values.tolist())
    assert david == {"goods": 66, "gold": 42, "bonus": 17}


def test_score_breakdown_chart_speaks_to_the_reader():
    """Lesson 09's game names the reader "You": the title says "You win", not "You wins" (issue 21)."""
    stands = {("You" if p == "David of Doncaster" else p): s for p, s in EXAMPLE_STANDS.items()}
    gold = {("You" if p == "David of Doncaster" else p): g for p, g in EXAMPLE_GOLD.items()}
    title = C.title_text(C.score_breakdown_chart(sn.score(stands, gold)))
    assert title == "You win with 125 points: 66 from goods, 42 gold and 17 from King/Queen bonuses"


def test_convergence_chart_title():
    history = pd.DataFrame({"iteration": [1, 50], "p": [0.5, 0.29], "q": [0.5, 0.5], "p_star": 2 / 7, "q_star": 0.5})
    assert C.title_text(C.convergence_chart(history)).startswith("After 50 iterations the learners inspect 29.0%")


# ------------------------------------------------------------------ every chart reads on a laptop, offline
def test_every_chart_is_about_600_px_wide_with_text_of_11_px_or_more():
    """Issue 13: a chart is about 600 px wide on a laptop (on a phone the picture shrinks to the screen) and none of
    its text is smaller than 11 px at that size."""
    games = sn.simulate(4, players=4, strategies=["honest", "smuggler", "bluffer", "briber"], seed=0)
    history = pd.DataFrame({"iteration": [1, 10], "p": [0.5, 0.3], "q": [0.5, 0.5], "p_star": 0.3, "q_star": 0.5})
    charts = [
        C.ev_chart(ALAN, "apples", p=0.3),
        C.equilibrium_chart(),
        C.bribe_chart(ALAN, "apples"),
        C.sweep_chart(C.sweep_data("v", range(3, 16)), "v", current=6),
        C.leadership_chart(p=0.2),
        C.draw_odds_chart("contraband"),
        C.tournament_chart(games),
        C.score_breakdown_chart(sn.score(EXAMPLE_STANDS, EXAMPLE_GOLD)),
        C.convergence_chart(history),
    ]
    for chart in charts:
        width, _height = svg_size(chart)
        assert 480 <= width <= 660, (C.title_text(chart), width)
        sizes = [float(x) for x in re.findall(r'font-size="([\d.]+)(?:px)?"', svg_text(chart))]
        assert sizes and min(sizes) >= 11, (C.title_text(chart), sorted(set(sizes)))
