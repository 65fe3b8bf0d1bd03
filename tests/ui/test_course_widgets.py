"""The widgets of lessons 12, 14 and 16 react to their controls with the right numbers (no kernel needed: callbacks
run synchronously)."""

import re
from fractions import Fraction as F

import pytest

import sheriff_nb as sn
from sheriff_nb.theory.signals import offer_game
from sheriff_nb.ui.widgets.bets import lesson_bets


def text(widget) -> str:
    return re.sub(r"\s+", " ", re.sub(r"<[^>]+>", " ", widget.value))


def svg(slot) -> str:
    return slot.out.outputs[0]["data"]["image/svg+xml"]


def test_lessons_are_listed_in_order():
    files = [f for f, _, _ in sn.widgets.LESSONS]
    for name in ("12_signals_and_beliefs.ipynb", "14_repeated_play.ipynb", "16_second_edition.ipynb"):
        assert name in files
    assert files == sorted(files)


def test_bayes_explorer_bait_slider():
    bayes = sn.widgets.bayes_explorer()
    assert "6 / (6 + 1) = 6/7 (86%)" in text(bayes.readout)
    bayes.bait.value = F(0)
    assert "P(lie) = 6 / (6 + 0) = 1 (100%)" in text(bayes.readout) and "= 8 gold" in text(bayes.readout)
    bayes.prior.value = F(1, 2)
    assert "= 1 (100%)" in text(bayes.readout)


def test_signal_explorer_follows_the_model_and_redraws():
    explorer = sn.widgets.signal_explorer()
    first = svg(explorer.chart)
    assert "Semi-separating: 1/2 (50%)" in text(explorer.headline) and "nashpy agrees" in text(explorer.check)
    explorer.bribe.value = 3
    assert "Sir Guy opens every bag" in text(explorer.headline)
    assert svg(explorer.chart) != first
    explorer.prior.value = F(7, 20)
    [e] = offer_game(prior=F(7, 20), bait=F(1, 4), bribe=3).equilibria()
    assert e.kind == "pooling" and "Pooling" in text(explorer.headline)
    assert "nashpy agrees" in text(explorer.check)


@pytest.mark.parametrize("key", lesson_bets("12") + lesson_bets("14") + lesson_bets("16"))
def test_bets_have_their_answer_among_the_options_and_hide_it(key):
    hidden = sn.widgets.html_widget("the answer")
    bet = sn.widgets.bet(key, reveals=[hidden])
    assert bet.answer in bet.choice.options and bet.answer_area.layout.display == "none"
    bet.choice.value = bet.answer
    assert bet.reveal() is True and bet.answer_area.layout.display == "flex"


def test_belief_bets_answers():
    assert sn.widgets.bet("12.separating").answer == "say nothing"
    assert sn.widgets.bet("12.rare").answer == "none"


def test_promise_explorer_flips_at_the_threshold():
    explorer = sn.widgets.promise_explorer()
    assert text(explorer.readout).count("so he breaks it") == 2
    before = svg(explorer.chart)
    explorer.slider.value = F(7, 10)  # just below Much's threshold (√221 − 5)/14 ≈ 0.705: the roles swap
    assert text(explorer.readout).count("so he breaks it") == 2
    explorer.slider.value = F(3, 4)
    assert "480/49 ≈ 9.80 — so he keeps it" in text(explorer.readout)
    assert text(explorer.readout).count("so he breaks it") == 1  # Sir Guy's needs √(5/7) ≈ 0.845
    explorer.slider.value = F(17, 20)
    assert text(explorer.readout).count("so he keeps it") == 2
    assert svg(explorer.chart) != before


@pytest.mark.parametrize(
    "kind, stop, words",
    [("fictitious", 1000, "After 1000 rounds Much has lied in 504 of them"), ("replicator", F(2), "At time 2.0")],
)
def test_learning_explorer(kind, stop, words):
    explorer = sn.widgets.learning_explorer(kind)
    before = (text(explorer.readout), svg(explorer.chart))
    explorer.slider.value = stop
    assert words in text(explorer.readout)
    assert (text(explorer.readout), svg(explorer.chart)) != before
    with pytest.raises(ValueError):
        sn.widgets.learning_explorer("best reply")


def test_deputies_explorer_plays_the_engine():
    explorer = sn.widgets.deputies_explorer("Friar Tuck", ("pass", "pass"), 5)
    assert "Booty of 5 gold is split evenly, 2 each" in text(explorer.readout)
    explorer.merchant.value = "Much"
    explorer.votes[0].value = explorer.votes[1].value = "inspect"
    assert "It lies: the fines go on the Booty tile" in text(explorer.readout)
    assert "Sir Guy +4" in text(explorer.readout) and "Much −8" in text(explorer.readout)
    explorer.votes[1].value = "pass"
    assert "Sir Guy handles the bag alone" in text(explorer.readout) and "Sir Guy +8" in text(explorer.readout)


def test_black_market_form_checks_the_table_with_the_engine():
    form = sn.widgets.black_market_form()
    assert "The engine accepts the table" in text(form.readout) and "scores 14 points" in text(form.readout)
    form.rows[0][1][1].value = 20
    assert "scores 20 points" in text(form.readout)
    form.rows[1][0].value = "pepper"
    assert "3 piles must be of 3 different contraband types" in text(form.readout)
    form.rows[1][0].value = "crossbow"
    form.rows[1][1][0].value = 0
    assert "positive whole values" in text(form.readout)


def test_options_explorer_reads_the_setup():
    explorer = sn.widgets.options_explorer()
    assert "goods cards in play 204" in text(explorer.readout)
    explorer.royal.value = True
    explorer.remove.value = True
    explorer.hand.value = True
    assert "goods cards in play 216 removed unseen at setup 10 cards in each hand 7 left in the draw pile 178" in text(
        explorer.readout
    )
    explorer.timer.value = True
    explorer.players.value = 6
    assert "minutes for each Inspection 4" in text(explorer.readout) and "rounds 9" in text(explorer.readout)


def test_static_views():
    assert "Sir Guy 1, 5 5" in text(sn.widgets.schedule_table())
    assert "King Will 12 15" in text(sn.widgets.royal_example())
    assert "Sir Guy has 3 minutes" in text(sn.widgets.time_limit_story())
    assert "the sheriff agreed in a deal" in text(sn.widgets.promise_demo())
    assert "6 Much Sir Guy 0" in text(sn.widgets.unravel_table())
    assert "a liar (chance 3/5) offers 5 gold an offer 11 , 5" in text(sn.widgets.offer_table())
