"""A faster way to play a bot-only game to the end, with the same result as :func:`~sheriff_nb.play.driver.play`.

:func:`run` plays a fresh :class:`~sheriff_nb.engine.game.Game` with the named characters of
:mod:`sheriff_nb.play.bots` and changes the game's state (cards as small ints, hands, bags and stands as count
lists) exactly as the driver does, move for move, but without the rule checks, the player views and the event log:

* the Market, Load and Declaration ask each character with a small view, and the answers that the hand (or the
  bag) alone decides are remembered by its counts (:class:`~sheriff_nb.play.fast_characters.Memo`); so are the
  Bluffer's two bags, which leaves it its one random draw (:func:`~sheriff_nb.play.fast_characters.bluffer_bag`);
* the named sheriffs pick up the first pending bag and, where no deal decides, pass or open it by their rule on
  the state, with the same random draws (:func:`~sheriff_nb.play.fast_characters.opens`);
* the bargaining is played on the state when it is plain (the sheriff alone handles the bag and nothing agreed
  binds it about that bag, :func:`_plain_talk`): the Briber's bribes and the sheriffs' answers are asked with
  small views whose ``legal`` knows which offers are then legal, its payments to have a rival's bag opened are
  reckoned from the public scores, and the engine's ``apply_offer``/``apply_accept`` change the state; any other
  talk goes through the driver and :meth:`Game.apply <sheriff_nb.engine.game.Game.apply>`, checks and all;
* passing a bag without a deal, opening it and ending the round change the state directly; deals, bribes on the
  table and debts the gold does not cover use the engine's own functions.

Every random number is drawn by the same object in the same order as in the driver, and the game's ``history``
records the same moves, so a fast game can be replayed through ``Game.apply``.

Covered (:func:`covers`): named strategies (not ``"random"``, not bot objects), 3 to 5 players, both editions,
no royal goods; :func:`sheriff_nb.play.simulation.simulate` plays everything else through the driver.

>>> from sheriff_nb.engine.game import Game
>>> from sheriff_nb.play.bots import play, strategy
>>> names = ["honest", "smuggler", "bluffer", "briber"]
>>> slow, quick = Game(players=4, seed=3), Game(players=4, seed=3)
>>> _ = list(play(slow, [strategy(n, seed=i) for i, n in enumerate(names)]))
>>> gained = run(quick, [strategy(n, seed=i) for i, n in enumerate(names)])
>>> quick.score_rows() == slow.score_rows(), quick.state.stats == slow.state.stats, quick.is_over
(True, True, True)
>>> quick.history == slow.history
True
"""

from __future__ import annotations

from collections.abc import Sequence

from ..engine import actions as A
from ..engine.cards import IDS, INDEX, N_GOODS, goods_dict
from ..engine.game import Game
from ..engine.inspection import open_bag
from ..engine.phases import inspection as I
from ..engine.phases.deals import apply_accept, apply_offer, bindings, commitments
from ..engine.setup import draw, reset_inspection, start_round
from ..engine.state import GameState, Phase
from .driver import MAX_TALK, Bot, answer_paid_inspection, bot_view, move, negotiate
from .fast_characters import RULES, Memo, bluffer_bag, inspection_bribe, memo, no_offer, opens, public_scores
from .merchants import Briber

PLAYERS = (3, 4, 5)
"""Player counts :func:`run` covers (six players bring deputies, the Booty and split decisions)."""


def covers(entries: Sequence[object], players: int, royal: bool = False) -> bool:
    """Whether :func:`run` plays a game with this lineup exactly as the driver does: strategy names of the named
    characters (not ``"random"``, not bot objects, which may answer anything), 3 to 5 players, no royal goods.

    >>> covers(["honest", "briber", "bluffer+greedy"], 3)
    True
    >>> covers(["honest", "briber", "random"], 3), covers(["honest"] * 6, 6), covers(["honest"] * 3, 3, royal=True)
    (False, False, False)
    """
    return (
        players in PLAYERS
        and not royal
        and all(isinstance(e, str) and "".join(e.lower().split()) != "random" for e in entries)
    )


def run(game: Game, bots: Sequence[Bot]) -> list[int]:
    """Play the fresh ``game`` (no royal goods, no Black Market) to the end with one bot per seat, each made by
    :func:`~sheriff_nb.play.bots.strategy` from a name :func:`covers` accepts, and return each seat's
    gold gained while an official (bribes and fines, less payments to honest merchants)."""
    state = game.state
    gained = [0] * len(bots)
    by_hand = [[memo(bot, q) for q in ("market", "bag", "declare", "plan")] for bot in bots]
    while state.phase is not Phase.OVER:
        officials, start = list(state.officials), list(state.gold)
        _market(state, bots, by_hand)
        _load_and_declare(state, bots, by_hand)
        _inspection(game, bots)
        for seat in officials:
            gained[seat] += state.gold[seat] - start[seat]
    return gained


def _market(state: GameState, bots: Sequence[Bot], by_hand: Sequence[Sequence[Memo | None]]) -> None:
    """Phase 1: each merchant sets aside what its character says and draws back up to a full hand (2nd edition:
    the named sheriffs let the first merchant clockwise start)."""
    options, hands = state.options, state.hands  # not the discards: a reshuffle replaces them
    edition, hand_size = options.edition, options.hand_size
    if edition == 2:
        state.history.append(move(A.ChooseFirstMerchant, state.sheriff, state.merchants[0]))
        state.queue = list(state.merchants)
    for seat in state.queue:
        hand = hands[seat]
        memo = by_hand[seat][0]
        if edition == 2 and memo is not None:
            names, aside = memo.get(key := tuple(hand)) or memo.learn(key, _set_aside(bots[seat], hand))
            action = move(A.Market, seat, names)
        else:
            view = {"player": seat, "edition": edition, "hand": goods_dict(hand), "hand_limit": hand_size}
            if edition == 1:
                view["discards"] = [[IDS[c] for c in pile] for pile in state.discards]
            action = bots[seat].market(view)
            aside = tuple(INDEX[g] for g in action.set_aside)
        state.history.append(action)
        for card in aside:
            hand[card] -= 1
        for source in action.draws:
            if not isinstance(source, str):  # a discard pile's number, not A.DECK
                hand[state.discards[source].pop()] += 1
        for card in draw(state, hand_size - sum(hand)):
            hand[card] += 1
        (state.discards[action.onto] if edition == 1 else state.set_aside).extend(aside)
    if edition == 2:
        state.discards[0].extend(sorted(state.set_aside))  # card numbers sort in rulebook order
        state.set_aside = []
    state.queue = []


def _set_aside(bot: Bot, hand: list[int]) -> tuple[tuple[str, ...], tuple[int, ...]]:
    """What ``bot`` sets aside from ``hand`` in the 2nd edition's Market: card ids, and card numbers."""
    names = bot.market({"player": 0, "edition": 2, "hand": goods_dict(hand)}).set_aside
    return names, tuple(INDEX[g] for g in names)


def _loaded(bot: Bot, hand: list[int]) -> tuple[tuple[str, ...], tuple[int, ...]]:
    """What ``bot`` loads from ``hand``: card ids, and the bag's counts."""
    names = tuple(bot.merchant.bag(goods_dict(hand)))  # type: ignore[attr-defined]
    bag = [0] * N_GOODS
    for good in names:
        bag[INDEX[good]] += 1
    return names, tuple(bag)


def _declared(bot: Bot, bag: list[int]) -> tuple[str, int]:
    """What ``bot`` declares for ``bag``: the good and the count."""
    declared = bot.declare({"player": 0, "bag": goods_dict(bag)})
    return declared.good, declared.count


def _load_and_declare(state: GameState, bots: Sequence[Bot], by_hand: Sequence[Sequence[Memo | None]]) -> None:
    """Phases 2 and 3: every merchant loads its character's bag, then declares it, clockwise from the sheriff's
    left; then the Inspection starts."""
    hands, bags, history = state.hands, state.bags, state.history
    chosen: dict[int, str] = {}  # the good each Bluffer chose to declare with its bag
    for seat in state.merchants:
        hand, bot = hands[seat], bots[seat]
        bag_memo, plans = by_hand[seat][1], by_hand[seat][3]
        if bag_memo is not None:
            names, counts = bag_memo.get(key := tuple(hand)) or bag_memo.learn(key, _loaded(bot, hand))
        elif plans is not None:
            names, counts, chosen[seat] = bluffer_bag(plans, bot.merchant, hand)  # type: ignore[attr-defined]
        else:
            names, counts = _loaded(bot, hand)
        history.append(move(A.Load, seat, names))
        bags[seat] = bag = list(counts)
        for card, n in enumerate(bag):
            if n:
                hand[card] -= n
    for seat in state.merchants:
        bot = bots[seat]
        declare_memo = by_hand[seat][2]
        loaded = bags[seat]
        assert loaded is not None  # loaded just above
        if seat in chosen:
            declared = move(A.Declare, seat, chosen[seat], sum(loaded))
        elif declare_memo is not None:
            good, count = declare_memo.get(key := tuple(loaded)) or declare_memo.learn(key, _declared(bot, loaded))
            declared = move(A.Declare, seat, good, count)
        else:
            declared = bot.declare({"player": seat, "bag": goods_dict(loaded)})
        history.append(declared)
        state.declarations[seat] = (INDEX[declared.good], declared.count)
        state.debt_goods[seat] = ()
    state.phase = Phase.INSPECTION
    state.pending = list(state.merchants)
    state.handlers = {m: list(state.officials) for m in state.pending}


def _inspection(game: Game, bots: Sequence[Bot]) -> None:
    """Phase 4: the sheriff picks up the bags in turn, as the named sheriffs do (the first pending one); rivals
    may pay to have each opened and its merchant may bargain; then the sheriff passes or opens it, as a deal binds
    it to or by its rule (:func:`~sheriff_nb.play.fast_characters.opens`).  Then the round ends."""
    state = game.state
    sheriff, history = state.sheriff, state.history
    official = bots[sheriff]
    character = official.sheriff  # type: ignore[attr-defined]
    rule = RULES[type(character)]
    payers = any(bots[m].pays_for_inspections for m in state.merchants)
    bribers = [type(getattr(bot, "merchant", None)) is Briber for bot in bots]
    while state.pending:
        merchant = state.in_hand = state.pending[0]
        history.append(move(A.PickUpBag, sheriff, merchant))
        if payers:
            _bid_for_inspection(game, bots, merchant, bribers)
        if bots[merchant].offers_bribes and not (bribers[merchant] and no_offer(state, merchant, bots[merchant])):
            _negotiate(game, bots, merchant)
        offers = state.offers
        must = commitments(state, sheriff).get(merchant) if state.deals or state.side_deals or offers else None
        if must:
            inspect = must == "inspect"
        else:
            inspect = opens(rule, character, state.declarations[merchant], merchant in offers)  # type: ignore[arg-type]
        if inspect:
            history.append(opened := move(A.Inspect, sheriff, merchant))
            _inspect(state, opened)
        else:
            history.append(passed := move(A.Pass, sheriff, merchant))
            _pass(state, passed)
        if state.confiscated:  # 1st edition: the named sheriffs stack the confiscated cards on the left pile
            discard = move(A.DiscardConfiscated, sheriff)
            history.append(discard)
            I.apply_discard_confiscated(state, discard)
    _end_round(state)  # no Black Market card to claim, no Booty to split: nothing else to wait for


def _pass(state: GameState, decision: A.Pass) -> None:
    """:func:`~sheriff_nb.engine.phases.inspection.apply_pass` without its event: with no deal, no open offer and no
    bribe on the table the bag goes onto the stand here, else through the engine's own function (which pays)."""
    m = decision.merchant
    if state.offers or state.table or m in state.deals or len(state.handlers[m]) != 1:
        I.apply_pass(state, decision)
        return
    stand = state.stands[m]
    for card, n in enumerate(state.bags[m]):  # type: ignore[arg-type]
        if n:
            stand[card] += n
    state.stats[m]["bags_passed"] += 1
    _bag_done(state, m, "pass")


def _inspect(state: GameState, decision: A.Inspect) -> None:
    """:func:`~sheriff_nb.engine.phases.inspection.apply_inspect` without its event: the declared cards go onto
    the stand, the rest is confiscated, and the fine (or the honest bag's penalty) is paid in gold, or through the
    engine's :func:`~sheriff_nb.engine.phases.inspection.settle` when the gold does not cover it."""
    m = decision.merchant
    group = state.handlers[m]
    if state.offers or state.table or len(group) != 1:
        I.apply_inspect(state, decision)
        return
    state.debt_goods[decision.player] = tuple(INDEX[g] for g in decision.pay_with)
    good, _count = state.declarations[m]  # type: ignore[misc]
    bag = state.bags[m]
    honest, confiscated, fine = open_bag(bag, good)  # type: ignore[arg-type]
    state.deals.pop(m, None)
    state.stands[m][good] += bag[good]  # type: ignore[index]
    cards = [card for card, n in enumerate(confiscated) for _ in range(n)]  # rulebook order
    if state.options.edition == 1:
        state.confiscated = cards
    else:
        state.discards[0].extend(cards)
    debtor, creditor, owed = (m, group[0], fine) if fine >= 0 else (group[0], m, -fine)
    gold = state.gold
    if owed <= gold[debtor]:
        gold[debtor] -= owed
        gold[creditor] += owed
    else:
        I.settle(state, debtor, creditor, owed)
    stats = state.stats[m]
    stats["bags_inspected"] += 1
    stats["caught"] += not honest
    _bag_done(state, m, "inspect")


def _bag_done(state: GameState, m: int, outcome: str) -> None:
    """The engine's bookkeeping once ``m``'s bag is handled, when no offer is open and no bribe is on the table
    (the engine's own drops the offers and bribes the outcome breaks)."""
    state.pending.remove(m)
    state.outcomes[m] = outcome
    state.bags[m] = None
    state.in_hand = None


def _end_round(state: GameState) -> None:
    """:func:`~sheriff_nb.engine.phases.round_end.end_round` for three to five players, without its events and the
    final scores (the caller reads them)."""
    reset_inspection(state)
    state.round += 1
    options = state.options
    if state.round == options.rounds:
        state.phase = Phase.OVER
        return
    hands, hand_size = state.hands, options.hand_size
    for seat in [*state.merchants, *state.officials]:  # refill, clockwise from the sheriff's left
        hand = hands[seat]
        for card in draw(state, hand_size - sum(hand)):
            hand[card] += 1
    state.sheriff = (state.sheriff + 1) % options.players
    start_round(state)


def _bid_for_inspection(game: Game, bots: Sequence[Bot], merchant: int, bribers: Sequence[bool]) -> None:
    """:func:`~sheriff_nb.play.driver.bid_for_inspection`, asking a Briber with a full view only when
    :func:`~sheriff_nb.play.fast_characters.inspection_bribe` says it would pay."""
    state = game.state
    scores = None
    for payer in state.merchants:
        if payer == merchant or merchant not in state.pending or not bots[payer].pays_for_inspections:
            continue
        if bribers[payer]:
            scores = scores or public_scores(state)
            gold = inspection_bribe(state, scores, payer, merchant)
            if not gold:
                continue
            if _plain_bid(state, payer, merchant):
                _pay_for_inspection(state, bots[state.sheriff], payer, merchant, gold)
                scores = None
                continue
        offer = bots[payer].bribe_for_inspection(bot_view(game, payer), merchant)
        if offer is None:
            continue
        game.apply(offer)
        for _ in answer_paid_inspection(game, bots, payer):
            pass
        scores = None  # gold changed hands


def _plain_bid(state: GameState, payer: int, merchant: int) -> bool:
    """Whether ``payer``'s offer of gold it owns to have ``merchant``'s bag opened, and the sheriff's acceptance,
    are legal: the sheriff alone handles the bag, nothing binds it to pass that bag, no open offer is agreed,
    and none of ``payer``'s gold is promised for the pass of its own bag."""
    sheriff = state.sheriff
    return (
        state.handlers[merchant] == [sheriff]
        and not state.votes
        and (payer not in state.pending or not (state.deals.get(payer) or state.table.get(payer)))
        and bindings(state, sheriff).get(merchant, "inspect") == "inspect"
        and all(sheriff not in state.accepted[p] for p in state.offers)
    )


def _pay_for_inspection(state: GameState, official: Bot, payer: int, merchant: int, gold: int) -> None:
    """The Briber's :meth:`~sheriff_nb.play.merchants.Briber.bribe_for_inspection` of ``gold`` (its
    :func:`~sheriff_nb.play.fast_characters.inspection_bribe`) and the sheriff's answer, on the state (:func:`_plain_bid` holds)."""
    _agree(state, A.Offer(payer, payer, gold=gold, inspect=(merchant,), buys_pass=False))
    sheriff = state.sheriff
    view = {"player": sheriff, "legal": _PlainTalk(state, payer, sheriff)}
    reply = official.take_paid_inspection(view, state.offers[payer])
    if reply is not None:
        _agree(state, reply)


def _negotiate(game: Game, bots: Sequence[Bot], m: int) -> None:
    """:func:`~sheriff_nb.play.driver.negotiate` about ``m``'s bag: on the state, with small views, when the talk
    is plain (:func:`_plain_talk`); else through the driver."""
    state = game.state
    if not _plain_talk(state, m):
        for _ in negotiate(game, bots, m, MAX_TALK):
            pass
        return
    sheriff = state.sheriff
    merchant, official = bots[m], bots[sheriff]
    for _ in range(MAX_TALK):
        offer = merchant.offer(_talk_view(state, m, m))
        if offer is None:
            return
        _agree(state, offer)
        for _ in range(3):  # replies to this offer and its counters: the sheriff, the merchant, the sheriff
            if m not in state.offers:
                return
            open_offer = state.offers[m]
            seat = m if m not in state.accepted[m] else sheriff
            view = _talk_view(state, m, seat)
            reply = merchant.answer(view, open_offer) if seat == m else official.respond(view, open_offer)
            if reply is None:
                break
            _agree(state, reply)
            if m in state.deals:
                return


def _plain_talk(state: GameState, m: int) -> bool:
    """Whether every bribe in gold for the pass of ``m``'s bag, and every acceptance of one, is legal however the
    talk goes: the sheriff alone handles the bag, no deal or open offer involves ``m`` yet, and no deal or offer
    the sheriff agreed to binds it about ``m``'s bag."""
    sheriff = state.sheriff
    return (
        state.handlers[m] == [sheriff]
        and m in state.pending
        and m not in state.deals
        and m not in state.offers
        and not state.votes
        and m not in bindings(state, sheriff, exclude=m)
        and all(sheriff not in state.accepted[p] for p in state.offers)
    )


class _PlainTalk:
    """The legal moves of ``seat`` in a plain talk about ``m``'s bag (:func:`_plain_talk`), for ``in``: an offer of
    gold (no goods, no terms about other bags) ``m`` owns for the pass, or accepting the open offer."""

    def __init__(self, state: GameState, m: int, seat: int) -> None:
        self.state, self.m, self.seat = state, m, seat

    def __contains__(self, action: object) -> bool:
        state, m, seat = self.state, self.m, self.seat
        if type(action) is A.Offer:
            return (
                action.player == seat
                and action.merchant == m
                and not (action.stand or action.bag or action.inspect or action.passes)
                and action.buys_pass is not False
                and action.gold <= state.gold[m]
            )
        if type(action) is A.Accept:
            return action.player == seat and action.merchant == m and seat not in state.accepted.get(m, (seat,))
        return False


def _talk_view(state: GameState, m: int, seat: int) -> dict[str, object]:
    """What the Briber and the sheriffs read when they bargain about ``m``'s bag."""
    bag = state.bags[seat]
    return {
        "player": seat,
        "round": state.round,
        "gold": state.gold,
        "bag": goods_dict(bag) if bag else None,
        "declarations": [(IDS[d[0]], d[1]) if d else None for d in state.declarations],
        "offers": {payer: offer.to_dict() for payer, offer in state.offers.items()},
        "legal": _PlainTalk(state, m, seat),
    }


def _agree(state: GameState, action: A.Offer | A.Accept) -> None:
    """Apply an offer or an acceptance :class:`_PlainTalk` allows, with the engine's own changes."""
    if isinstance(action, A.Offer):
        apply_offer(state, action)
    else:
        apply_accept(state, action)
    state.history.append(action)


__all__ = ["run", "covers", "PLAYERS"]
