"""Analysis explorers without a kernel: set a control, assert the readout and the chart changed to the right numbers.

Callbacks run synchronously when a trait changes, and charts go into their Output the explicit way, so
``out.outputs`` holds the SVG (``image/svg+xml``) and the chart's title (``text/plain``).
"""

from __future__ import annotations

from fractions import Fraction

import pytest

from sheriff_nb.engine.cards import cards
from sheriff_nb.theory import analysis as an
from sheriff_nb.theory import research
from sheriff_nb.theory.analysis import model_game
from sheriff_nb.ui import charts, i18n
from sheriff_nb.ui import widgets as W
from sheriff_nb.ui.widgets import bet_widget as P
from sheriff_nb.ui.widgets import bribe_explorers as B
from sheriff_nb.ui.widgets import classroom_round as C
from sheriff_nb.ui.widgets import explorers as E
from sheriff_nb.ui.widgets import openspiel as O
from sheriff_nb.ui.widgets import theory as T
from sheriff_nb.ui.widgets.bets import BETS


def shown(slot) -> tuple[str, str]:
    """(title, svg) of what a ChartSlot shows."""
    (output,) = slot.out.outputs
    return output["data"].get("text/plain", ""), output["data"]["image/svg+xml"]


# ------------------------------------------------------------------ EV explorer
def test_ev_explorer_readout_follows_the_slider():
    ev = E.ev_explorer(compare="full")  # the 2x2 game's honest 4 Apples
    assert "<b>10</b>" in ev.readout.value and "<b>11</b>" in ev.readout.value  # p = 1/4: honest 10, lie 11
    assert "the lie earns 1 more" in ev.readout.value and "break-even p = 2/7" in ev.readout.value
    title, svg = shown(ev.chart)
    assert title == "Smuggling 2 Pepper pays only while the sheriff inspects less than 29% of bags"
    ev.p.value = 0.5
    assert "1/2 × 8 + 1/2 × 16 = <b>12</b>" in ev.readout.value and "honesty earns 6 more" in ev.readout.value
    assert shown(ev.chart)[1] != svg and ev.chart.renders == 4  # two sizes a state while the screen is unknown
    ev.p.value = 0.25  # back: served from the cache
    assert shown(ev.chart)[1] == svg and ev.chart.renders == 4


def test_ev_explorer_declaration_and_bag():
    ev = E.ev_explorer(compare="full")
    ev.declared.value = "cheese"  # now the Apples are contraband too: (16 - 12) / (4 + 32) = 1/9
    assert "break-even p = 1/9" in ev.readout.value
    assert shown(ev.chart)[0].startswith(
        "Replacing 4 Cheese with 2 Apples + 2 Pepper pays only while the sheriff inspects less than 11%"
    )
    assert "Best declaration at 25%: “4 Apples”" in ev.readout.value
    ev.editor.boxes["silk"].value = 3  # 7 cards: the engine's rule, no chart
    assert "a bag holds 1 to 5 cards; this one holds 7" in ev.readout.value and ev.chart.out.outputs == ()
    ev.editor.boxes["silk"].value = 1
    assert "break-even" in ev.readout.value and len(ev.chart.out.outputs) == 1


def test_ev_explorer_compares_with_the_honest_bag_the_cards_allow():
    """Issue 12 item 3: Will Scarlet holds 2 Chickens, so his honest alternative is 2 Chickens, not 4: break-even
    11/21 (the lie still pays at 1 bag in 4), where the full honest bag's 3/25 would wrongly say "stay honest"."""
    ev = E.ev_explorer({"chickens": 2, "bread": 1, "silk": 1}, "chickens")
    will = {"chickens": 2, "bread": 1, "silk": 1}
    real = an.breakeven(will, "chickens", baseline=an.honest_alternative(will, "chickens"))
    assert real == Fraction(11, 21) and ev.compare.value == "hand"
    assert f"break-even p = {real}" in ev.readout.value and "compared with the honest 2 Chickens" in ev.readout.value
    assert "the lie earns 23/4 ≈ 5.75 more" in ev.readout.value  # 59/4 against 2 Chickens' 9
    assert shown(ev.chart)[0] == "Adding 1 Bread + 1 Silk pays only while the sheriff inspects less than 52% of bags"
    ev.compare.value = "full"  # 4 Chickens, which he does not hold
    assert "break-even p = 3/25" in ev.readout.value and "honesty earns 13/4 ≈ 3.25 more" in ev.readout.value
    assert shown(ev.chart)[0].startswith("Replacing 2 Chickens with 1 Bread + 1 Silk pays only while")  # not smuggled
    ev.compare.value = "hand"
    ev.declared.value = "apples"  # no Apples in the bag: compared with his best honest bag
    assert "compared with the honest 2 Chickens" in ev.readout.value
    with pytest.raises(ValueError, match="compare"):
        E.ev_explorer(compare="everything")


def test_ev_explorer_honest_bag():
    ev = E.ev_explorer({"chickens": 3}, "chickens")
    assert "This bag is honest" in ev.readout.value
    assert shown(ev.chart)[0] == "This bag is the honest bag: both lines are the same"


def test_every_declaration_table_highlights_the_best():
    html = E.declarations_html(cards({"chickens": 2, "bread": 1, "silk": 1}), Fraction(1, 4), "bread")
    best_row = html.split("font-weight:bold")[1]
    assert "4 Chickens" in best_row.split("</tr>")[0] and "59/4 ≈ 14.75" in best_row.split("</tr>")[0]


# ------------------------------------------------------------------ the 2x2 game
def test_game_explorer_hand_arithmetic_and_nashpy():
    game = E.game_explorer()
    assert "<b style='color:#8A4F00'>16</b> , <b style='color:#004D80'>−8</b>" in game.matrix.value
    assert "p* = 8 / (8 + 20) = 2/7 (29%)" in game.arithmetic.value
    assert "q* = 8 / (8 + 8) = 1/2 (50%)" in game.arithmetic.value
    assert "nashpy agrees" in game.check.value and "p = 0.2857, q = 0.5000" in game.check.value
    game.editor.boxes["pepper"].value = 0
    game.editor.boxes["crossbow"].value = 2  # 2 Crossbows: p* = 14/34 = 7/17, q* unchanged
    assert "= 7/17 (41%)" in game.arithmetic.value and "q* = 8 / (8 + 8) = 1/2" in game.arithmetic.value
    assert "p = 0.4118, q = 0.5000" in game.check.value


def test_game_explorer_relative_sheriff_and_pure_cases():
    relative = E.game_explorer(w=1, editor=False)
    assert "4/11" in relative.arithmetic.value and "nashpy agrees" in relative.check.value
    never = E.game_explorer({"apples": 1}, "cheese")
    assert "Lying never pays" in never.arithmetic.value and "nashpy agrees" in never.check.value


# ------------------------------------------------------------------ one slider per idea
@pytest.mark.parametrize(
    ("factory", "value", "p", "q"),
    [
        (T.value_explorer, Fraction(9), "7/17", "1/2"),
        (T.count_explorer, Fraction(3), "6/19", "2/5"),
        (T.fine_explorer, Fraction(8), "2/9", "1/3"),
        (T.weight_explorer, Fraction(1), "2/7", "4/11"),
    ],
)
def test_sweep_explorers(factory, value, p, q):
    explorer = factory()
    title, svg = shown(explorer.chart)
    explorer.slider.value = value
    assert f"<b>{p} (" in explorer.readout.value and f"<b>{q} (" in explorer.readout.value
    new_title, new_svg = shown(explorer.chart)
    assert new_title == title and new_svg != svg  # same finding, the marker moved


def test_closed_form_is_the_solver_at_every_slider_position():
    for explorer in (T.value_explorer(), T.count_explorer(), T.fine_explorer(), T.weight_explorer()):
        for _label, value in explorer.slider.options:
            numbers = {**explorer.scenario, explorer.param: value}
            e = model_game(**numbers).equilibrium()
            if e.kind == "mixed":
                assert T.closed_form(**numbers) == (e.p_inspect, e.q_lie), numbers


def test_formulas_give_way_to_words_when_lying_never_pays():
    assert "Lying never pays" in T.formula_html(v=2) and "p* =" not in T.formula_html(v=2)
    explorer = T.value_explorer()
    explorer.slider.value = Fraction(15)  # p* = 2 × 13 / (2 × 19 + 8) = 13/23
    assert "<b>13/23 (57%)</b>" in explorer.readout.value


def test_bribe_explorer_belief():
    bribe = B.bribe_explorer()
    assert "<b>8</b>" in bribe.readout.value and "<b>20</b>" in bribe.readout.value
    bribe.slider.value = Fraction(1, 2)
    assert "<b>0</b>" in bribe.readout.value and "gives 10." in bribe.readout.value
    assert shown(bribe.chart)[0] == (
        "A sheriff 50% sure and the merchant both gain from any bribe from 0 to 20 gold; the fair split is 10"
    )
    bribe.slider.value = Fraction(4, 5)
    assert "24/5 ≈ 4.80" in bribe.readout.value


def test_leadership_explorer():
    lead = B.leadership_explorer()
    assert "so he lies" in lead.readout.value and "earns 8/5 ≈ 1.60 per bag" in lead.readout.value
    lead.slider.value = Fraction(1, 2)
    assert "so he stays honest" in lead.readout.value and "earns −4 per bag" in lead.readout.value
    lead.slider.value = Fraction(2, 7)
    assert "so he lies" in lead.readout.value and "earns 16/7 ≈ 2.29 per bag" in lead.readout.value


# ------------------------------------------------------------------ place your bets
def test_prediction_reveals_right_wrong_and_no_bet():
    bet = P.prediction("Which is bigger?", ["2", "3"], "3", "3 > 2.")
    assert bet.reveal() is None and "No bet placed" in bet.result.value
    bet.choice.value = "2"
    assert bet.reveal() is False and "Not quite" in bet.result.value and "“3”" in bet.result.value
    bet.choice.value = "3"
    assert bet.correct is True and "Right!" in bet.result.value  # a guess changed after Reveal is judged again
    bet.reveal_button.click()
    assert bet.correct is True and "Right!" in bet.result.value and "3 &gt; 2." in bet.result.value
    with pytest.raises(ValueError, match="not one of the options"):
        P.prediction("?", ["a"], "b")


@pytest.mark.parametrize("key", sorted(BETS))
def test_every_bet_has_a_computed_answer_among_its_options(key):
    bet = W.bet(key)
    assert bet.answer in bet.choice.options and bet.explanation
    bet.choice.value = bet.answer
    assert bet.reveal() is True
    wrong = next(o for o in bet.choice.options if o != bet.answer)
    bet.choice.value = wrong
    assert bet.reveal() is False


def test_bets_answers_are_the_theory():
    assert W.bet("07.naive").answer == "below 60%"
    assert W.bet("08.type").answer == "only Sir Guy (he inspects more or less)"
    assert W.bet("08.weight").answer == "the same"  # only the sheriff scores relatively
    assert W.bet("13.duel").answer == "less often"  # both do: zero-sum, p* falls
    assert W.bet("07.hand").answer == "52%"
    assert W.bet("08.fine").answer == "both"
    assert W.bet("08.count").answer == "less often"
    assert W.bet("08.bribe").answer == "8 gold"
    assert W.bet("08.leadership").answer == "more"
    with pytest.raises(ValueError, match="no bet 'nope'"):
        W.bet("nope")


def test_widget_text_goes_through_t():
    i18n.register("xx", {"Reveal": "Zeigen!", "Sheriff opens": "Opens?"})
    try:
        i18n.set_language("xx")
        assert P.prediction("?", ["a"], "a").reveal_button.description == "Zeigen!"
        assert E.ev_explorer().p.description == "Opens?"
    finally:
        i18n.set_language("en")
        i18n._forget("xx")


# ------------------------------------------------------------------ classroom
def test_classroom_compares_with_the_equilibrium():
    room = C.classroom()
    assert "No rounds yet" in room.readout.value
    for (row, col), n in {
        ("honest", "inspect"): 3,
        ("honest", "pass"): 7,
        ("lie", "inspect"): 3,
        ("lie", "pass"): 7,
    }.items():
        room.boxes[(row, col)].value = n
    text = room.readout.value
    assert "10/20 (50%)" in text and "6/20 (30%)" in text and "2/7 (29%)" in text
    # merchants: (3*16 + 7*8 + 3*(-4) + 7*16) / 20 = 204/20; sheriffs: (3*(-8) + 3*8) / 20 = 0
    assert "earned 51/5 ≈ 10.20 per bag" in text and "earned 0 per bag" in text


# ------------------------------------------------------------------ the chart cache
def test_chart_slot_renders_each_state_once():
    slot = E.ChartSlot(lambda n: f"chart {n}", size=2)
    for n in (1, 2, 1, 3, 1):
        slot.show(n)
    assert slot.renders == 3 and list(slot.cache) == [(3, None), (1, None)]  # (state, its build's own width)


# ------------------------------------------------------------------ research corner
@pytest.fixture
def no_openspiel(monkeypatch):
    """A machine without OpenSpiel (as on Binder): research reads the stored run."""

    def missing():
        raise ImportError("No module named 'pyspiel'")

    monkeypatch.setattr(research, "_pyspiel", missing)
    assert not research.available()


def test_research_without_openspiel_shows_the_stored_run(no_openspiel):
    """Issue 12 item 8: without OpenSpiel the page shows the OpenSpiel run stored with the package, and says so."""
    run = research.stored_run()
    status = repr(O.openspiel_status())
    assert "stored run" in status and run["openspiel"] in status and run["date"] in status
    assert 'pip install -e ".[research]"' in status
    stored = research.comparison()
    assert stored.to_dict("records") == run["comparison"]
    for row in stored.itertuples():  # the stored OpenSpiel numbers are our closed form
        assert abs(row[stored.columns.get_loc("p (OpenSpiel)") + 1] - float(Fraction(row[5]))) < 1e-9
    table = O.comparison_table()._repr_html_()
    assert f"a stored run of OpenSpiel {run['openspiel']} made on {run['date']}" in table
    assert "0.2857" in table and "nashpy" in table
    for result in (O.natural_mapping_table(), O.all_or_nothing_table()):
        assert "stored run" in result._repr_html_()
    assert len(research.cfr_history()) == len(run["cfr_history"])
    assert "After 1000 iterations" in charts.title_text(charts.cfr_chart())
    assert W.bet("11.openspiel").answer == "yes, both"  # answered from the stored numbers
    assert W.bet("11.all_or_nothing").answer == "0 or 3, never 1 or 2"


def test_research_without_openspiel_says_what_the_stored_run_lacks(no_openspiel):
    """Data the stored run does not hold is research's Unavailable; the page words it as a note, not a traceback."""
    other_bags = [({"silk": 1}, "apples")]
    assert isinstance(research.comparison(other_bags), research.Unavailable)
    assert isinstance(research.cfr_history(iterations=10), research.Unavailable)
    assert isinstance(charts.cfr_chart(iterations=10).altair, research.Unavailable)  # the Drawing's content
    note = repr(O.comparison_table(other_bags))  # the text a reader sees
    assert "so this cell cannot show OpenSpiel's equilibria next to ours" in note and "[research]" in note
    i18n.set_language("es")
    try:
        assert "OpenSpiel no está instalado" in O.unavailable_note(research.cfr_history(iterations=10)).html
    finally:
        i18n.set_language("en")


def test_research_page_in_another_language_reads_the_stored_run(no_openspiel):
    """The stored run names its bags in English: a translated page still finds Much's row (it raised IndexError
    before the data was kept apart from its page) and shows the bags in its own language."""
    i18n.set_language("es")
    try:
        assert W.bet("11.openspiel").answer == i18n.t("yes, both") == "sí, los dos"
        table = O.comparison_table()._repr_html_()
        natural = O.natural_mapping_table()._repr_html_()
    finally:
        i18n.set_language("en")
    assert "2 Manzanas + 2 Pimientas" in table and "2 Apples" not in table
    assert "2 Manzanas + 2 Pimientas" in natural


def test_research_mapping_parts():
    assert research.parts({"apples": 2, "pepper": 2}, "apples") == {"G": 8, "L": 12, "K": 8, "R": 8}
    params = research.equivalent_parameters({"cheese": 4, "crossbow": 1}, "cheese")
    assert params == {"item_value": Fraction(84, 17), "item_penalty": 4, "sheriff_penalty": 10}


def test_research_with_openspiel_matches_closed_form():
    pytest.importorskip("pyspiel")
    table = research.comparison()
    assert (table["p (OpenSpiel)"] - table["p* (ours)"].map(lambda x: float(Fraction(x)))).abs().max() < 1e-4
    assert (table["q (OpenSpiel)"] - table["q* (ours)"].map(lambda x: float(Fraction(x)))).abs().max() < 1e-4
    assert table["NashConv of ours"].abs().max() < 1e-9
    natural = research.natural_mapping().iloc[0]
    assert natural["q (OpenSpiel, natural)"] == pytest.approx(0.4) and natural["K/(K+L)"] == "2/5"
    loads = research.all_or_nothing()
    assert (loads["load 1"].abs() < 1e-12).all() and (loads["load 2"].abs() < 1e-12).all()
    assert "2/7 = 0.2857" in O.comparison_table()._repr_html_()
    assert "installed" in repr(O.openspiel_status())
    history = research.cfr_history(iterations=200)
    assert abs(history.p.iloc[-1] - 2 / 7) < 0.02 and abs(history.q.iloc[-1] - 0.5) < 0.02
