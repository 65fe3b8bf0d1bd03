"""Test positions: games put into a chosen position by playing real actions, or written in the notation.

:func:`rig` changes a position the way a fixture needs (a hand, a stand, some gold) by editing its notation, so a
test never reaches into a game's state: the result is a game read back with ``Game.from_notation``.  A position
accounts for every card and coin, so :func:`rig` takes the cards it adds from those out of play, the deck (its
bottom first) and the discard piles, puts the cards it takes away out of play (``removed``: the deck still draws
what it did), and returns the gold it takes away to the bank.
"""

from collections import Counter
from collections.abc import Iterable, Mapping

from sheriff_nb.engine import notation
from sheriff_nb.engine.actions import ChooseFirstMerchant, Declare, Load, Market
from sheriff_nb.engine.cards import IDS, INDEX, counts, deck
from sheriff_nb.engine.game import START_GOLD, Game

NAMES = ["Sheriff", "Alan", "Will", "Marion", "David"]


def _per_seat(old: list, changes: Mapping[int, object], convert) -> list:
    new = list(old)
    for seat, value in changes.items():
        new[seat] = convert(value)
    return new


def _numbers(cards: Iterable[str]) -> list[int]:
    return [INDEX[c] for c in cards]


def rig(
    game: Game,
    hands: Mapping | None = None,
    stands: Mapping | None = None,
    gold: Mapping | None = None,
    bags: Mapping | None = None,
    deck: list[str] | None = None,
    discards: list[list[str]] | None = None,
    booty: Mapping | None = None,
) -> Game:
    """``game``'s position with the given seats' hands, stands, bags (Counters or card lists), gold, the deck or the
    discard piles (card ids, bottom first) replaced: a new game read from the edited notation."""
    state = notation.read(game.notation())
    if hands:
        state.hands = _per_seat(state.hands, hands, counts)
    if stands:
        state.stands = _per_seat(state.stands, stands, counts)
    if bags:
        state.bags = _per_seat(state.bags, bags, lambda b: None if b is None else counts(b))
    if gold:
        state.gold = _per_seat(state.gold, gold, int)
    if deck is not None:
        state.deck = _numbers(deck)
    if discards is not None:
        state.discards = [_numbers(pile) for pile in discards]
    if booty is not None:
        state.booty = counts(booty)
    _balance(state)
    return Game.from_notation(notation.write(state))


def _balance(state) -> None:
    """Make ``state`` account for every card of its deck and all its gold again (see the module's docstring)."""
    options = state.options
    box = deck(options.edition, options.players, options.royal, options.four_plus_removed)
    placed = Counter()
    for place in [*state.hands, *(b for b in state.bags if b is not None), *state.stands, state.removed, state.booty]:
        placed.update({number: n for number, n in enumerate(place) if n})
    placed.update(state.deck + [c for pile in state.discards for c in pile] + state.set_aside + state.confiscated)
    for number, good in enumerate(IDS):
        extra = placed[number] - box[good]
        taken = min(extra, state.removed[number])
        state.removed[number] -= taken
        extra -= taken
        for pile in [state.deck, *state.discards]:
            while extra > 0 and number in pile:
                pile.remove(number)  # the lowest such card: the top of the deck stays as it was
                extra -= 1
        assert extra <= 0, f"the rigged position uses more {good} than the game has"
        state.removed[number] -= extra
    state.bank = START_GOLD * options.players - sum(state.gold) - state.booty_gold


def after_market(edition: int = 2, players: int = 4, seed: int = 0, **options) -> Game:
    """A game with player 0 as sheriff, at the start of Load (every merchant kept their hand)."""
    game = Game(players=players, edition=edition, seed=seed, first_sheriff=0, names=NAMES[:players], **options)
    if edition == 2:
        game.apply(ChooseFirstMerchant(0, 1))
    for seat in game.merchants:
        game.apply(Market(seat))
    return game


def at_inspection(
    bags: dict, edition: int = 2, players: int = 4, stands: dict | None = None, gold: dict | None = None
) -> Game:
    """A game at Inspection where each merchant's bag and declaration are ``bags[seat] = (cards, declared)``.

    Hands are rigged so the loads are legal; every other merchant loads one card from hand and
    declares it truthfully when it is legal (apples otherwise).
    """
    game = after_market(edition, players)
    game = rig(
        game,
        hands={seat: Counter(bag) + Counter(apples=1) for seat, (bag, _) in bags.items()},
        stands=stands,
        gold=gold,
    )
    for seat in game.merchants:
        bag = Counter(bags[seat][0]) if seat in bags else Counter([next(iter(game.hands[seat]))])
        game.apply(Load(seat, list(bag.elements())))
    for seat in game.merchants:
        if seat in bags:
            declared = bags[seat][1]
        else:
            only = next(iter(game.bags[seat]))
            declared = only if only in ("apples", "cheese", "bread", "chickens") else "apples"
        game.apply(Declare(seat, declared, sum(game.bags[seat].values())))
    return game
