"""The "place your bets" of the rules lessons (01-06), each answered by the engine when it is built.

Every bet is a :class:`~sheriff_nb.ui.widgets.bet_widget.Prediction`: the question, the options, the answer the
engine computes and an explanation with the arithmetic.  Whatever a lesson shows that would answer the bet (the
explorer, calculator or table that follows it) goes in ``reveals`` and stays hidden until Reveal.

Their keys are ``"01.contraband_share"`` to ``"06.more_chicken"`` in :data:`sheriff_nb.ui.widgets.bets.BETS`.

>>> from sheriff_nb.ui.widgets import bet
>>> bet("02.crossbow").answer, bet("05.fine_by_name").answer
('about 14%', '10 and 12')
>>> bet("06.more_chicken").answer
'7'
>>> bet("05.bribe_on_the_table").answer
'4 gold'
"""

from __future__ import annotations

from math import comb

from ...engine import actions as A
from ...engine.cards import GOODS, cards, deck, value
from ...engine.errors import RuleError
from ...engine.inspection import check_declaration, inspect_bag
from ...engine.scoring import king_queen_awards, score_rows
from ...play.lesson_cast import SHERIFF_ASK, lesson_game
from ...theory.analysis import draw_odds
from ..i18n import card_name, goods_text, pt, rule_message, t
from ..numbers import quote
from .bag import CLASSIC_DECLARATIONS, WILL_SCARLET_BAG, declaration_words
from .bets import register
from .scoring import DAVID, EXAMPLE_GOLD, EXAMPLE_STANDS, player_name

__all__ = ["GILBERT_BAG", "GOUDA_STANDS"]

GILBERT_BAG = {"apples": 1, "cheese": 1, "mead": 2}
"""The 2nd-edition rulebook's Gilbert Whitehand: 1 Apple, 1 Cheese and 2 Mead, declared as 4 Apples (fine 10)."""
GOUDA_STANDS = {"Will Scarlet": {"cheese": 10, "gouda_cheese": 1}, "Maid Marion": {"cheese": 11}}
"""The 2nd-edition rulebook's royal-goods example: who is Cheese King?"""


def _share(kind: str, players: int) -> tuple[int, int]:
    pool = deck(players=players)
    return sum(n for g, n in pool.items() if GOODS[g].kind == kind), sum(pool.values())


def _nearest(options: dict[str, float], x: float) -> str:
    return min(options, key=lambda k: abs(options[k] - x))


@register("01.contraband_share")
def _contraband_share():
    hits, total = _share("contraband", 4)
    top = max(deck(players=4).items(), key=lambda kv: kv[1])
    options = {t("a tenth"): 0.1, t("a third"): 1 / 3, t("a half"): 0.5}
    return (
        t("About what share of the basic deck is contraband?"),
        list(options),
        _nearest(options, hits / total),
        t(
            "{hits} of the {total} cards: {share:.0%}, almost one card in three. The most common card is "
            "{card}: {n} of {total}.",
            hits=hits,
            total=total,
            share=hits / total,
            card=card_name(top[0]),
            n=top[1],
        ),
    )


@register("01.three_players")
def _three_players():
    few, few_total = _share("contraband", 3)
    many, many_total = _share("contraband", 4)
    options = [t("more common"), t("less common"), t("just as common")]
    answer = options[0] if few / few_total > many / many_total else options[1]
    return (
        t(
            "With 3 players the cards marked 4+ leave the deck. Is contraband then more or less common than with "
            "4 or 5 players?"
        ),
        options,
        answer,
        t(
            "{few} of {few_total} = {a:.1%} instead of {many} of {many_total} = {b:.1%}: all the Bread left.",
            few=few,
            few_total=few_total,
            a=few / few_total,
            many=many,
            many_total=many_total,
            b=many / many_total,
        ),
    )


@register("02.crossbow")
def _crossbow():
    total, hits, drawn = sum(deck(players=4).values()), deck(players=4)["crossbow"], 6
    odds = draw_odds("crossbow", 1, cards=drawn)
    options = {t("about 3%"): 0.03, t("about 14%"): 0.14, t("about 30%"): 0.30}
    miss, ways = comb(total - hits, drawn), comb(total, drawn)
    return (
        t(
            "A fresh deck of {total} cards holds {hits} Crossbows. If you draw {n} cards, what is the chance that "
            "at least one is a Crossbow?",
            total=total,
            hits=hits,
            n=drawn,
        ),
        list(options),
        _nearest(options, float(odds)),
        t(
            "1 − C({a}, {n}) / C({total}, {n}) = 1 − {miss:,} / {ways:,} = 1 − {p_miss:.3f} = {p:.3f}, about 1 "
            "time in {one_in}.",
            a=total - hits,
            n=drawn,
            total=total,
            miss=miss,
            ways=ways,
            p_miss=miss / ways,
            p=float(odds),
            one_in=round(1 / odds),
        ),
    )


@register("03.six_cards")
def _six_cards():
    game, _bots = lesson_game("load", words=pt)
    hand = list(game.hands[1].elements())
    closes, refused = t("the bag closes with {n} cards", n=len(hand)), t("a red line, and the bag stays open")
    try:
        game.apply(A.Load(1, hand))
        answer, why = closes, ""
    except RuleError as broken:  # the rule goes in the explanation: as an option, only the answer read like one
        answer, why = refused, t("The engine refuses: {rule}. Nothing changes; pick again.", rule=rule_message(broken))
    return (
        t("What happens if you pick all {n} cards of your hand and press “Close the bag”?", n=len(hand)),
        [closes, refused, t("the last card goes back to your hand")],
        answer,
        why,
    )


@register("04.declarations")
def _declarations():
    size = sum(WILL_SCARLET_BAG.values())
    allowed = []
    for good, count in CLASSIC_DECLARATIONS:
        try:
            check_declaration(good, count, size)
            allowed.append(declaration_words(good, count))
        except RuleError:
            continue
    listed = ", ".join(quote(declaration_words(g, c)) for g, c in CLASSIC_DECLARATIONS)
    return (
        t(
            "Will Scarlet's bag holds {bag}. Of these {n} declarations, how many are allowed? {listed}",
            bag=goods_text(WILL_SCARLET_BAG),
            n=len(CLASSIC_DECLARATIONS),
            listed=listed,
        ),
        [str(k) for k in range(1, len(CLASSIC_DECLARATIONS) + 1)],
        str(len(allowed)),
        t(
            "Allowed: {names}. All are lies, but legal lies: the count is true and one legal good is named.",
            names=", ".join(quote(a) for a in allowed),
        ),
    )


@register("05.fine_by_name")
def _fine_by_name():
    fines = {g: inspect_bag(GILBERT_BAG, g).gold_to_sheriff for g in ("apples", "cheese", "bread")}
    options = [f"{a} {t('and')} {b}" for a, b in ((10, 10), (10, 12), (12, 12), (12, 10))]
    answer = f"{fines['cheese']} {t('and')} {fines['bread']}"
    return (
        t(
            "Gilbert Whitehand's bag ({bag}) costs him {fine} when declared as “4 Apples” and opened. What would "
            "it cost as “4 Cheese”, and as “4 Bread”?",
            bag=goods_text(GILBERT_BAG),
            fine=fines["apples"],
        ),
        options if answer in options else [*options, answer],
        answer,
        t(
            "The cards of the named good stay; every other card is fined. As Cheese, the Apple and the two Mead: "
            "{cheese}. As Bread nothing matches, so all four cards: {bread}. So the fine depends on the good you "
            "name. (“4 Mead” cannot be said at all: contraband is never declared.)",
            cheese=fines["cheese"],
            bread=fines["bread"],
        ),
    )


@register("05.bribe_or_caught")
def _bribe_or_caught():
    game, _bots = lesson_game("inspection", words=pt)
    bag, declared = game.bags[1], game.declarations[1][0]
    caught = inspect_bag(bag, declared)
    lost = value(caught.confiscated)
    options = [t("bribing {gold} gold", gold=SHERIFF_ASK), t("being caught"), t("they cost the same")]
    cost_caught = caught.gold_to_sheriff + lost
    answer = options[0] if cost_caught > SHERIFF_ASK else options[1] if cost_caught < SHERIFF_ASK else options[2]
    return (
        t(
            "You carry {bag}, declared as “{n} {good}”. Is it cheaper to bribe Little John {gold} gold or to be "
            "caught?",
            bag=goods_text(bag),
            n=sum(bag.values()),
            good=card_name(declared, sum(bag.values())),
            gold=SHERIFF_ASK,
        ),
        options,
        answer,
        t(
            "Caught, you pay {fine} gold and lose {lost} ({points} points): {total} in all. Bribed, you pay {gold} "
            "gold and every card reaches your stand.",
            fine=caught.gold_to_sheriff,
            lost=goods_text(caught.confiscated),
            points=lost,
            total=cost_caught,
            gold=SHERIFF_ASK,
        ),
    )


@register("05.bribe_on_the_table")
def _bribe_on_the_table():
    game, bots = lesson_game("inspection", role="sheriff", words=pt)
    will = game.names.index(pt("cast", "Will Scarlet"))  # the seat name in the reader's language
    offer = bots[will].offer(game.player_view(will))
    game.apply(offer)
    before = game.gold[will]
    game.apply(A.Pass(game.sheriff, will))
    paid = before - game.gold[will]
    options = [t("nothing: nobody said “Deal!”"), t("{gold} gold", gold=offer.gold), t("what the sheriff asks")]
    answer = options[1] if paid == offer.gold else options[0] if paid == 0 else options[2]
    return (
        t(
            "Will Scarlet offers {gold} gold. You say nothing and simply hand his bag back unopened. How much does "
            "Will pay you?",
            gold=offer.gold,
        ),
        options,
        answer,
        t(
            "Handing a bag back takes the bribe on the table: Will pays the {paid} gold he offered, accepted or not "
            "(the Spanish 1st-edition rulebook: he hands it back “accepting any bribe that was offered to him”; the "
            "Portuguese 2nd-edition rules: “the last bribe offered (if any) must be paid”; both in our translation).",
            paid=paid,
        ),
    )


def _scores(stands):
    return score_rows({p: cards(s) for p, s in stands.items()}, dict(EXAMPLE_GOLD))


@register("06.will_vs_david")
def _will_vs_david():
    rows = _scores(EXAMPLE_STANDS)
    will, david = rows["Will Scarlet"]["total"], rows[DAVID]["total"]
    options = [t("yes"), t("no"), t("they tie")]
    answer = options[0] if will > david else options[1] if will < david else options[2]
    return (
        t("Will Scarlet has the most Chickens and ties for Apple and Bread King. Does he beat David?"),
        options,
        answer,
        t("Will scores {will}, David {david}.", will=will, david=david),
    )


def _cheese_awards(stands) -> dict[str, tuple[list, int]]:
    return {
        title: (players, bonus)
        for good, title, players, _n, bonus in king_queen_awards({p: cards(s) for p, s in stands.items()})
        if good == "cheese"
    }


@register("06.gouda")
def _gouda():
    awards = _cheese_awards(GOUDA_STANDS)
    without = _cheese_awards({p: {g: n for g, n in s.items() if g == "cheese"} for p, s in GOUDA_STANDS.items()})
    options = [*map(player_name, GOUDA_STANDS), t("they tie")]
    (king, king_bonus), (_queen, queen_bonus) = awards["King"], awards["Queen"]
    answer = player_name(king[0]) if len(king) == 1 else options[-1]
    will = cards(GOUDA_STANDS["Will Scarlet"])
    counted = will["cheese"] + GOODS["gouda_cheese"].multiplier * will["gouda_cheese"]
    return (
        t(
            "Will Scarlet has 10 Cheese and 1 Gouda Cheese (it counts as 2 Cheese); Maid Marion has 11 Cheese. "
            "Who is Cheese King?"
        ),
        options,
        answer,
        t(
            "Will counts {cheese} + {gouda} = {counted} Cheese and is King ({king}); Marion is Queen ({queen}). "
            "Without the Gouda, {other} would be King.",
            cheese=will["cheese"],
            gouda=counted - will["cheese"],
            counted=counted,
            king=king_bonus,
            queen=queen_bonus,
            other=" & ".join(map(player_name, without["King"][0])),
        ),
    )


def _chicken_bonus(stands) -> int:
    return sum(
        bonus
        for good, _title, players, _n, bonus in king_queen_awards({p: cards(s) for p, s in stands.items()})
        if good == "chickens" and DAVID in players
    )


@register("06.more_chicken")
def _more_chicken():
    stands = {p: dict(s) for p, s in EXAMPLE_STANDS.items()}
    stands[DAVID]["chickens"] += 1
    before, after = _scores(EXAMPLE_STANDS)[DAVID]["total"], _scores(stands)[DAVID]["total"]
    options = sorted({"4", "6", str(after - before), "9"}, key=int)
    return (
        t(
            "If David had one more Chicken (5 instead of 4), how many points would he gain? Careful: it changes "
            "more than the card's value."
        ),
        options,
        str(after - before),
        t(
            "+{card} for the card, and he becomes the only Chicken Queen: {queen} instead of his share {shared}. "
            "David: {a} → {b}; Maid Marion loses her share.",
            card=GOODS["chickens"].value,
            queen=_chicken_bonus(stands),
            shared=_chicken_bonus(EXAMPLE_STANDS),
            a=before,
            b=after,
        ),
    )
