"""Issue 16: eleven places where the engine and the rulebooks parted ways, each pinned by a test that states the
rule and quotes its source (S000 = seed 000, Spanish 1st edition; S002 = seed 002, Portuguese 2nd edition;
the rules reference: Inspection and Rulings).  Positions: a 4-player game at Inspection, the sheriff at seat 0 (see
``helpers``)."""

from collections import Counter

import pytest
from positions import NAMES, after_market, at_inspection, rig

import sheriff_nb as sn
from sheriff_nb.engine.actions import (
    Accept,
    ChooseFirstMerchant,
    Declare,
    Inspect,
    Load,
    Market,
    Offer,
    Pass,
    PassRemaining,
)


def rejected(game, action, error, match):
    """An illegal action: the right error, a message naming the rule, and no change at all."""
    before = game.to_json()
    with pytest.raises(error, match=match):
        game.apply(action)
    assert game.to_json() == before
    assert action not in game.legal_actions()


def six_at_inspection(seed=0):
    """Six players at Inspection, every merchant carrying one Apple declared as Apples."""
    game = sn.Game(players=6, seed=seed)
    game.apply(ChooseFirstMerchant(game.sheriff, game.merchants[0]))
    for seat in list(game.queue):
        game.apply(Market(seat))
    game = rig(game, hands=dict.fromkeys(game.merchants, Counter(apples=1)))
    for seat in game.merchants:
        game.apply(Load(seat, ["apples"]))
    for seat in game.merchants:
        game.apply(Declare(seat, "apples", 1))
    return game


# 1. the bribe on the table ----------------------------------------------------------------------


@pytest.mark.parametrize("edition", [1, 2])
def test_handing_a_bag_back_takes_the_bribe_on_the_table(edition):
    """S000: the sheriff must "permitirle aprobar (aceptando cualquier soborno que se le haya ofrecido)";
    S002: "Se o Xerife devolver a bolsa sem abri-la, o último suborno oferecido (se houver) deve ser pago".
    A bag handed back pays the merchant's last offer even though nobody said "Deal!"."""
    game = at_inspection({1: (["pepper"], "apples")}, edition=edition)
    game.apply(Offer(1, merchant=1, gold=5))
    event = game.apply(Pass(0, 1))
    assert event["bribe"]["gold"] == 5 and event["bribe"]["on_the_table"]
    assert (game.gold[0], game.gold[1]) == (55, 45)
    assert game.stats[1]["bribes_paid"] == 1 and game.stats[0]["gold_bribes_received"] == 5


def test_a_sheriffs_counter_offer_binds_only_once_accepted():
    """Rules reference, ruling bribe-on-the-table: "a sheriff's counter-offer binds only once accepted"; the bribe on
    the table stays the merchant's own last offer (S002 "o último suborno oferecido")."""
    game = at_inspection({1: (["pepper"], "apples"), 2: (["silk"], "apples")})
    game.apply(Offer(1, merchant=1, gold=5))
    game.apply(Offer(0, merchant=1, gold=8))  # the sheriff asks for more; Alan says nothing
    game.apply(Pass(0, 1))
    assert game.gold[1] == 45
    game.apply(Offer(0, merchant=2, gold=8))  # a demand nobody answered: nothing is on the table
    game.apply(Pass(0, 2))
    assert game.gold[2] == 50 and game.gold[0] == 55


def test_the_bribe_on_the_table_brings_its_binding_terms():
    """S000 (Richard at the Lee): a bribe to pass one bag and inspect another binds the sheriff "ya que el trato se
    puede completar en la misma ronda"; taking it by handing the bag back binds the same way."""
    game = at_inspection({1: (["apples"], "apples"), 2: (["cheese"], "cheese")})
    game.apply(Offer(1, merchant=1, gold=20, inspect=[2]))
    game.apply(Pass(0, 1))
    assert game.gold[1] == 30
    rejected(game, Pass(0, 2), sn.InspectionError, "agreed in a deal to inspect")


def test_six_players_both_deputies_handing_back_put_the_bribe_on_the_booty():
    """R2 (rules reference, section Six players): "if both Deputies pass it, its bribe goes on the Booty"; with no
    "Deal!" it is the bribe on the table (S002 "o último suborno oferecido (se houver) deve ser pago")."""
    game = six_at_inspection()
    lead, other = game.sheriffs
    m = game.merchants[0]
    game.apply(Offer(m, merchant=m, gold=6))
    game.apply(Pass(lead, m))
    game.apply(Pass(other, m))
    assert game.booty_gold == 6 and game.gold[m] == 44


# 2. paying to have another bag inspected ---------------------------------------------------------


def test_a_merchant_may_pay_to_have_another_bag_inspected_after_their_own_was_handled():
    """S002: "você pode tentar subornar o Xerife para evitar a inspeção ou convencê-lo a inspecionar a bolsa de
    outra pessoa" (the rulebook's list of what a merchant may do in Inspection, not only while their own bag is in
    the sheriff's hands).  The deal is paid when made and binds the sheriff to open that bag."""
    game = at_inspection({1: (["apples"], "apples"), 2: (["cheese"], "cheese")})
    game.apply(Pass(0, 1))
    offer = Offer(1, merchant=1, gold=5, inspect=(2,))
    assert offer in game.legal_actions(1)
    game.apply(offer)
    event = game.apply(Accept(0, merchant=1))
    assert event["kind"] == "deal" and event["bribe"]["gold"] == 5
    assert (game.gold[0], game.gold[1]) == (55, 45)
    rejected(game, Pass(0, 2), sn.InspectionError, "agreed in a deal to inspect")
    assert game.apply(Inspect(0, 2))["honest"]


def test_a_paid_inspection_does_not_buy_a_pass_of_your_own_bag():
    """S002 lists two bribes: "para evitar a inspeção ou convencê-lo a inspecionar a bolsa de outra pessoa"; a
    bribe of the second kind leaves the payer's own bag to the sheriff (``buys_pass=False``).  The default offer
    while the bag is pending still buys its pass (S000's Richard: "dejarme pasar ... e inspeccionar")."""
    game = at_inspection({1: (["silk"], "apples"), 2: (["cheese"], "cheese")})
    game.apply(Offer(1, merchant=1, gold=5, inspect=(2,), buys_pass=False))
    game.apply(Accept(0, merchant=1))
    assert game.gold[1] == 45 and 1 in game.pending
    assert Inspect(0, 1) in game.legal_actions(0)
    assert game.apply(Inspect(0, 1))["gold_to_sheriff"] == 4


def test_a_paid_inspection_can_spend_only_what_the_pass_has_not_been_promised():
    """S000: "No puede ofrecer oro a cambio de sobornos si no tiene las monedas para pagar": gold promised for the
    pass of your bag (a deal, or the bribe on the table) is not there for another deal; bag goods are handed over
    only when the bag passes."""
    game = at_inspection({1: (["silk"], "apples"), 2: (["cheese"], "cheese")}, gold={1: 10})
    game.apply(Offer(1, merchant=1, gold=8))
    rejected(
        game,
        Offer(1, merchant=1, gold=3, inspect=(2,), buys_pass=False),
        sn.BribeError,
        "Alan has 10 gold, 8 of it promised for the pass of their bag, not 3",
    )
    rejected(
        game, Offer(1, merchant=1, bag=["silk"], inspect=(2,), buys_pass=False), sn.BribeError, "cannot include them"
    )
    rejected(game, Offer(1, merchant=1, gold=1, buys_pass=False), sn.BribeError, "must bind the sheriff")


# 3. 2nd edition: promised stand goods that are not there -----------------------------------------


def test_second_edition_promised_stand_goods_that_are_not_there_need_not_be_given():
    """S002: "Se prometeu alguma coisa ao Xerife que não está na sua bolsa ou Barraca de Comerciante, você não
    precisa pagar as Mercadorias (mas precisa provar que não as tem mostrando as cartas da bolsa e da barraca ao
    Xerife)".  A merchant may bluff about face-down contraband."""
    game = at_inspection({1: (["apples"], "apples")}, stands={1: ["pepper"]})
    game.apply(Offer(1, merchant=1, gold=2, stand=("silk",)))
    game.apply(Accept(0, merchant=1))
    bribe = game.apply(Pass(0, 1))["bribe"]
    assert bribe["gold"] == 2 and bribe["missing"] == {"silk": 1} and bribe["stand"] == {} and bribe["shown"]
    assert game.stands[1] == Counter(pepper=1, apples=1) and game.gold[1] == 48


def test_first_edition_only_bag_goods_may_be_missing():
    """S000: "solo tendrá que pagar al sheriff los Bienes que prometió y que realmente existen! Si le prometió
    bienes al alguacil, que no están en su bolsa, no tiene que pagarlos": the 1st edition excuses the bag only."""
    game = at_inspection({1: (["apples"], "apples")}, stands={1: ["pepper"]}, edition=1)
    rejected(
        game,
        Offer(1, merchant=1, gold=2, stand=("silk",)),
        sn.BribeError,
        "1st edition only goods promised from the bag",
    )
    game.apply(Offer(0, merchant=1, stand=("silk",)))  # the sheriff cannot see which contraband Alan holds...
    rejected(game, Accept(1, merchant=1), sn.BribeError, "1st edition")  # ...Alan knows he cannot pay it
    game.apply(Offer(1, merchant=1, stand=("pepper",)))
    game.apply(Accept(0, merchant=1))
    assert game.apply(Pass(0, 1))["bribe"]["stand"] == {"pepper": 1} and game.stands[0] == Counter(pepper=1)


# 4. 1st edition: the sheriff stacks confiscated cards ---------------------------------------------


def test_first_edition_sheriff_puts_confiscated_cards_on_the_pile_in_the_order_he_chooses():
    """S000: "El Sheriff toma todos esos Bienes y los coloca en una de las pilas de descarte, en el orden que
    elija."  The cards wait face up until he stacks them; the last one listed ends on top."""
    from sheriff_nb.engine.actions import DiscardConfiscated

    game = at_inspection({1: (["apples", "crossbow", "silk"], "apples")}, edition=1)
    game.apply(Inspect(0, 1))
    assert game.confiscated == ["silk", "crossbow"] and game.waiting_for() == [0]
    rejected(game, Pass(0, 2), sn.InspectionError, "first the sheriff .* puts the confiscated cards")
    rejected(game, DiscardConfiscated(0, 1, ["silk", "silk"]), sn.InspectionError, "each once: 1 Silk, 1 Crossbow")
    rejected(game, DiscardConfiscated(1, 1), sn.NotYourTurnError, "the sheriff")
    legal = set(game.legal_actions(0))
    assert {
        DiscardConfiscated(0, p, o) for p in (0, 1) for o in ((), ("silk", "crossbow"), ("crossbow", "silk"))
    } == legal
    event = game.apply(DiscardConfiscated(0, pile=1, order=["crossbow", "silk"]))
    assert event["cards"] == ["crossbow", "silk"] and game.discards[1][-2:] == ["crossbow", "silk"]
    assert game.confiscated == []


def test_first_edition_the_round_waits_for_the_last_confiscated_cards():
    """S000 (the same sentence): the sheriff stacks the cards even when they come from the last bag."""
    from sheriff_nb.engine.actions import DiscardConfiscated

    game = at_inspection({1: (["apples"], "apples"), 2: (["apples"], "apples"), 3: (["silk"], "apples")}, edition=1)
    game.apply(Pass(0, 1))
    game.apply(Pass(0, 2))
    game.apply(Inspect(0, 3))
    assert game.round == 0 and game.confiscated == ["silk"]
    game.apply(DiscardConfiscated(0, pile=0))
    assert game.round == 1 and game.discards[0][-1] == "silk"


def test_second_edition_confiscated_cards_go_straight_to_the_one_pile():
    """S002: "O Xerife pega todas essas Mercadorias e as coloca na pilha de descarte" (one face-up pile)."""
    game = at_inspection({1: (["apples", "crossbow", "silk"], "apples")})
    game.apply(Inspect(0, 1))
    assert game.confiscated == [] and game.discards[0][-2:] == ["silk", "crossbow"]


# 5. the debtor chooses the goods ------------------------------------------------------------------


def declared(bags, stands, gold, pay_with, edition=2):
    """A game at Inspection where merchants declared with ``pay_with[seat]`` (bags: seat -> (cards, good))."""
    game = rig(
        after_market(edition),
        hands={seat: bag for seat, (bag, _) in bags.items()},
        stands=stands,
        gold={s: gold.get(s, 50) for s in range(4)},
    )
    for seat in (1, 2, 3):
        game.apply(Load(seat, bags[seat][0]))
    for seat in (1, 2, 3):
        game.apply(Declare(seat, bags[seat][1], len(bags[seat][0]), pay_with=pay_with.get(seat, ())))
    return game


def test_a_caught_merchant_chooses_which_stand_goods_pay_the_fine():
    """S000: "debe entregar al jugador Bienes Legales de su Puesto de Comerciante con un valor al menos igual a la
    cantidad que debe"; rules reference, ruling debts: "The debtor chooses the goods ... without a choice, the goods
    that overpay least"."""
    bags = {1: (["apples", "cheese"], "apples"), 2: (["apples"], "apples"), 3: (["apples"], "apples")}
    default = declared(bags, {1: ["chickens"]}, {1: 0}, {})
    assert default.apply(Inspect(0, 1))["payment"]["goods"] == {"apples": 1}  # owes 2: the Apple just placed
    chosen = declared(bags, {1: ["chickens"]}, {1: 0}, {1: ["chickens"]})
    assert chosen.apply(Inspect(0, 1))["payment"]["goods"] == {"chickens": 1}
    assert chosen.stands[1] == Counter(apples=1) and chosen.stands[0] == Counter(chickens=1)


def test_a_sheriff_who_owes_an_honest_merchant_chooses_his_goods():
    """S000 "Quedarse sin oro" covers any penalty owed ("Si no puede pagar una Penalización que adeuda"), the
    sheriff's to an honest merchant included; the debtor's choice goes on the action that creates the debt."""
    bags = {1: (["chickens", "chickens"], "chickens"), 2: (["apples"], "apples"), 3: (["apples"], "apples")}
    game = declared(bags, {0: ["cheese", "chickens"]}, {0: 0}, {})
    event = game.apply(Inspect(0, 1, pay_with=["chickens"]))  # owes 4: the Chicken (4), not the default Cheese...
    assert event["payment"]["goods"] == {"chickens": 1}
    assert game.stands[0] == Counter(cheese=1)


def test_pay_debt_takes_the_debtors_choice_legal_goods_first():
    """S000: "Si no tiene suficientes bienes legales, debe revelar y entregar el contrabando": a choice of
    contraband is used only once the legal goods are gone; ``sn.pay_debt`` keeps its default."""
    assert sn.pay_debt(3, 0, {"cheese": 1, "chickens": 1}).goods == Counter(cheese=1)
    assert sn.pay_debt(3, 0, {"cheese": 1, "chickens": 1}, choice=["chickens"]).goods == Counter(chickens=1)
    assert sn.pay_debt(3, 0, {"apples": 2, "silk": 1}, choice=["silk"]).goods == Counter(apples=2)
    assert sn.pay_debt(9, 0, {"apples": 1, "silk": 1, "pepper": 1}, choice=["silk"]).goods == Counter(apples=1, silk=1)


# 6-8. hidden information ---------------------------------------------------------------------------


@pytest.mark.parametrize("edition", [1, 2])
def test_offers_about_a_stand_do_not_reveal_its_face_down_types(edition):
    """S000: "¡Todo el contrabando se mantiene en secreto! Debe revelar la cantidad ..., pero no su tipo"; S002
    "Todo o Contrabando é mantido em segredo!".  The sheriff may ask for face-down cards by any type: whether the
    rules allow it, and the words of a refusal, depend only on the count he can see."""
    game = at_inspection({1: (["apples"], "apples")}, stands={1: ["pepper"]}, edition=edition)
    game = rig(game, hands={1: game.hands[1] + Counter(silk=1)})
    legal = game.legal_actions(0)
    assert all(Offer(0, merchant=1, stand=(g,)) in legal for g in ("pepper", "silk", "crossbow", "mead"))
    messages = set()
    for good in ("pepper", "silk"):
        with pytest.raises(sn.BribeError) as refusal:
            game.apply(Offer(0, merchant=1, stand=(good, good)))
        messages.add(str(refusal.value).replace(sn.card(good).name, "X"))
    assert messages == {
        "a bribe may include goods from your stand, never cards from your hand; Alan's stand holds "
        "1 face-down cards, so a bribe cannot promise 2 of them"
    }


def test_public_events_hide_contraband_that_changes_hands_face_down():
    """S002: a bribe's goods go to the sheriff's stand (contraband face down: "Mantenha seus Contrabandos voltados
    para baixo"), and missing goods are proven by "mostrando as cartas da bolsa e da barraca ao Xerife": only the
    payer and the officials paid see the types and what was missing."""
    game = at_inspection({1: (["apples", "mead"], "apples")}, stands={1: ["pepper", "cheese"]})
    game.apply(Offer(1, merchant=1, gold=1, stand=("pepper", "cheese"), bag=("mead", "silk")))
    game.apply(Pass(0, 1))
    for seat in (0, 1):
        bribe = game.public_events(seat)[-1]["bribe"]
        assert bribe["stand"] == {"cheese": 1, "pepper": 1} and bribe["missing"] == {"silk": 1}
    bribe = game.public_events(2)[-1]["bribe"]
    assert bribe["stand"] == {"cheese": 1, "face_down": 1} and bribe["bag"] == {"face_down": 1}
    assert "missing" not in bribe and "mead" not in str(game.public_events(2)[-1])
    assert game.view(2)["stands"][0] == {"cheese": 1, "face_down": 2}


def test_six_players_the_booty_card_types_stay_with_the_deputies():
    """R2 (rules reference, section Six players): the deputies split the Booty's gold and cards; contraband on a stand
    is face down (S002), so the merchants see the legal cards and a count only (6P-28)."""
    game = six_at_inspection()
    lead, other = game.sheriffs
    m = game.merchants
    game = rig(game, stands={m[0]: Counter(silk=1, mead=1, cheese=2)})
    game.apply(Offer(m[0], merchant=m[0], stand=("silk", "mead", "cheese", "cheese")))
    game.apply(Accept(lead, m[0]))
    game.apply(Accept(other, m[0]))
    for seat in m:
        game.apply(Pass(lead, seat))
        game.apply(Pass(other, seat))
    assert game.public_events(lead)[-3]["kind"] == "booty"
    assert game.public_events(lead)[-3]["cards"] == [{"cheese": 1, "silk": 1}, {"cheese": 1, "mead": 1}]
    assert game.public_events(m[1])[-3]["cards"] == [{"cheese": 1, "face_down": 1}, {"cheese": 1, "face_down": 1}]
    assert "silk" not in str(game.public_events(m[1])[-3]) and "mead" not in str(game.public_events(m[2])[-3])


def test_black_market_waiting_does_not_reveal_three_of_a_type():
    """S002 keeps face-down types secret; the round waits for every merchant with 3 or more face-down cards while a
    Black Market pile is left (a public count), who then claims or declines."""
    table = {"pepper": [10, 14], "mead": [12, 16], "silk": [14, 18]}
    waits = []
    for stand in (["pepper"] * 3, ["pepper", "mead", "silk"]):
        game = sn.Game(players=3, seed=0, first_sheriff=0, black_market=table)
        game.apply(ChooseFirstMerchant(0, 1))
        game.apply(Market(1))
        game.apply(Market(2))
        game = rig(game, stands={2: Counter(stand)}, hands={1: Counter(apples=1), 2: Counter(apples=1)})
        for seat in (1, 2):
            game.apply(Load(seat, ["apples"]))
        for seat in (1, 2):
            game.apply(Declare(seat, "apples", 1))
        game.apply(Pass(0, 1))
        game.apply(Pass(0, 2))
        waits.append((game.waiting_for(), game.view(0)))
    assert waits[0] == waits[1] and waits[0][0] == [2]


# 9. six players: each official's decision is final --------------------------------------------------


def test_a_deputy_who_voted_to_inspect_cannot_accept_a_pass_bribe():
    """S000: "Una vez que el Sheriff ha tomado una decisión, no se puede cambiar"; S002: "Depois que o Xerife faz
    uma escolha, ele não pode mais mudar de ideia!".  With two deputies a vote is a decision (the issue's
    sequence: Inspect(lead, m); Offer(m, gold=6); Accept(lead, m) must be refused)."""
    game = six_at_inspection()
    lead, other = game.sheriffs
    m = game.merchants[0]
    game.apply(Inspect(lead, m))
    game.apply(Offer(m, merchant=m, gold=6))
    rejected(game, Accept(lead, m), sn.InspectionError, "already decided to inspect .* decision is final")
    game.apply(Accept(other, m))
    event = game.apply(Pass(other, m))  # the deputies disagree: the lead, who wants to inspect, handles it alone
    assert event["kind"] == "split_decision" and game.handlers[m] == [lead]
    assert game.booty_gold == 0 and m not in game.deals and game.gold[m] == 50


def test_a_deputy_who_accepted_cannot_then_vote_to_inspect():
    """S000/S002 as above, and R2: "If a bribe is accepted, the bag cannot be inspected": accepting is a
    decision too, so the deputy who accepted may only let the bag pass."""
    game = six_at_inspection()
    lead, other = game.sheriffs
    m = game.merchants[0]
    game.apply(Offer(m, merchant=m, gold=6))
    game.apply(Accept(lead, m))
    rejected(game, Inspect(lead, m), sn.InspectionError, "accepted .* offer, which says to pass")
    game.apply(Pass(lead, m))
    game.apply(Pass(other, m))
    assert game.booty_gold == 6


# 10. names ------------------------------------------------------------------------------------------


def test_every_player_needs_a_different_name():
    """Scores are listed by name (S000: "El jugador con más puntos gana"): two players with one name would be one
    row of the score table."""
    with pytest.raises(sn.SetupError, match="different name"):
        sn.Game(players=4, names=["Robin", "Robin", "Marion", "John"])
    with pytest.raises(sn.SetupError, match="'Robin' and 'robin '"):
        sn.Game(players=4, names=["Robin", "robin ", "Marion", "John"])
    assert len(sn.Game(players=4, names=NAMES[:4]).score_rows()) == 4


# 11. rulings where the sources leave a choice ---------------------------------------------------------


def test_time_running_out_keeps_a_paid_inspect_term():
    """R2's optional time limit passes "un-handled bags ... with no bribe"; a binding "inspect X" term already
    paid for is kept (rules reference, ruling time-limit-deals): X's bag is opened, the others pass free and their
    unpaid deals lapse."""
    game = sn.Game(players=4, seed=1, first_sheriff=0, time_limit=True)
    game.apply(ChooseFirstMerchant(0, 1))
    for seat in (1, 2, 3):
        game.apply(Market(seat))
    game = rig(game, hands=dict.fromkeys((1, 2, 3), Counter(apples=1, silk=1)))
    for seat in (1, 2, 3):
        game.apply(Load(seat, ["silk"]))
    for seat in (1, 2, 3):
        game.apply(Declare(seat, "apples", 1))
    game.apply(Pass(0, 1))
    game.apply(Offer(1, merchant=1, gold=5, inspect=(2,)))
    game.apply(Accept(0, merchant=1))
    game.apply(Offer(3, merchant=3, gold=7))
    game.apply(Accept(0, merchant=3))
    event = game.apply(PassRemaining(0))
    assert [e["merchant"] for e in event["inspections"]] == [2] and [e["merchant"] for e in event["passes"]] == [3]
    assert game.gold == [50 + 5 + 4, 45, 46, 50]


def test_lesson_05_the_bribe_on_the_table_answer():
    """Lesson 05 asks: Will Scarlet offers 4 gold and the reader, as sheriff, lets his bag pass without pressing
    Accept; the answer it gives is "the 4 on the table" (S002 "o último suborno oferecido (se houver) deve ser
    pago").  Computed with the lesson's own panel."""
    from sheriff_nb.ui import widgets

    panel = widgets.inspection_panel("sheriff")
    panel.bag_picker.value = 2  # Will Scarlet opens with his offer
    offered = panel.game.offers[2].gold
    panel.pass_button.click()
    assert offered == 4 and panel.game.gold[2] == 50 - offered and panel.game.gold[0] == 50 + offered
    assert "takes the bribe on the table" in panel.story.value
