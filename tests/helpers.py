"""Shared test helpers: games put into a chosen position by playing real actions."""

import json
from collections import Counter
from pathlib import Path

from sheriff_nb.actions import ChooseFirstMerchant, Declare, Load, Market
from sheriff_nb.cards import cards
from sheriff_nb.game import Game


def after_market(edition: int = 2, players: int = 4, seed: int = 0, **options) -> Game:
    """A game with player 0 as sheriff, at the start of Load (every merchant kept their hand)."""
    game = Game(players=players, edition=edition, seed=seed, first_sheriff=0, names=NAMES[:players], **options)
    if edition == 2:
        game.apply(ChooseFirstMerchant(0, 1))
    for seat in game.merchants:
        game.apply(Market(seat))
    return game


def at_inspection(bags: dict, edition: int = 2, players: int = 4, stands: dict | None = None,
                  gold: dict | None = None) -> Game:
    """A game at Inspection where each merchant's bag and declaration are ``bags[seat] = (cards, declared)``.

    Hands are rigged so the loads are legal; every other merchant loads one card from hand and
    declares it truthfully when it is legal (apples otherwise).
    """
    game = after_market(edition, players)
    for seat, (bag, _declared) in bags.items():
        game.hands[seat] = cards(bag) + Counter(apples=1)
    for seat, stand in (stands or {}).items():
        game.stands[seat] = cards(stand)
    for seat, coins in (gold or {}).items():
        game.gold[seat] = coins
    for seat in game.merchants:
        bag = cards(bags[seat][0]) if seat in bags else Counter([next(iter(game.hands[seat]))])
        game.apply(Load(seat, list(bag.elements())))
    for seat in game.merchants:
        if seat in bags:
            declared = bags[seat][1]
        else:
            only = next(iter(game.bags[seat]))
            declared = only if only in ("apples", "cheese", "bread", "chickens") else "apples"
        game.apply(Declare(seat, declared, sum(game.bags[seat].values())))
    return game


NAMES = ["Sheriff", "Alan", "Will", "Marion", "David"]


def lesson_markdown(lesson: str) -> str:
    """The markdown cells of ``notebooks/<lesson>.ipynb`` as one line of text (whitespace collapsed)."""
    path = Path(__file__).resolve().parents[1] / "notebooks" / f"{lesson}.ipynb"
    cells = json.loads(path.read_text(encoding="utf-8"))["cells"]
    return " ".join(" ".join("".join(c["source"]).split()) for c in cells if c["cell_type"] == "markdown")
