"""Legal-move counts from fixed positions (issue 11, item 3), pinned in ``perft.txt`` like chess's perft files: a
change to the move generator or to a rule shows as a changed count."""

from pathlib import Path

import pytest
from positions import after_market, at_inspection

from sheriff_nb.engine.actions import ChooseFirstMerchant, Inspect, Load, Market
from sheriff_nb.engine.game import Game

FILE = Path(__file__).with_name("perft.txt")


def perft(game: Game, depth: int) -> int:
    """How many sequences of ``depth`` listed legal moves the game allows from its position."""
    line = game.notation()
    total = 0
    for action in list(game.legal_actions()):
        if depth == 1:
            total += 1
            continue
        child = Game.from_notation(line)
        child.apply(action)
        total += perft(child, depth - 1)
    return total


def pinned() -> list[tuple[int, int, str]]:
    rows = []
    for line in FILE.read_text(encoding="utf-8").splitlines():
        if line and not line.startswith("#"):
            depth, count, position = line.split(" ", 2)
            rows.append((int(depth), int(count), position))
    return rows


@pytest.mark.parametrize("depth, count, position", pinned())
def test_legal_move_counts(depth, count, position):
    game = Game.from_notation(position)
    assert game.notation() == position
    assert perft(game, depth) == count


def recipes():
    """How the positions of ``perft.txt`` are made (with real moves from real setups)."""
    start3 = Game(players=3, seed=1, first_sheriff=0)
    market1 = Game(players=4, edition=1, seed=2, first_sheriff=0)
    load = Game(players=3, seed=5, first_sheriff=0)
    load.apply(ChooseFirstMerchant(0, 1))
    for seat in (1, 2):
        load.apply(Market(seat))
    six = Game(players=6, seed=3)
    six.apply(ChooseFirstMerchant(six.sheriff, six.merchants[0]))
    for seat in list(six.queue):
        six.apply(Market(seat))
    declaration = after_market(players=4)
    for seat in (1, 2, 3):
        declaration.apply(Load(seat, [next(iter(declaration.hands[seat]))]))
    inspection = at_inspection({1: (["apples", "silk"], "apples"), 2: (["cheese"], "cheese")}, players=4)
    confiscated = at_inspection({1: (["apples", "silk", "mead"], "apples")}, edition=1)
    confiscated.apply(Inspect(0, 1))
    return [
        ("2nd edition, 3 players: the sheriff picks who starts the Market", start3, 2),
        ("1st edition, 4 players: the first Market turn, with the discard piles", market1, 1),
        ("2nd edition, 3 players: Load (both merchants at once)", load, 2),
        ("2nd edition, 6 players: Load with two deputies", six, 1),
        ("2nd edition, 4 players: three Declarations, 4 legal goods each", declaration, 3),
        ("2nd edition, 4 players: Inspection, three bags", inspection, 3),
        ("1st edition, 4 players: confiscated cards to stack", confiscated, 2),
    ]


if __name__ == "__main__":  # rewrite perft.txt from the recipes, keeping its header
    text = FILE.read_text(encoding="utf-8").splitlines()
    header = text[: next(i for i, line in enumerate(text) if line.startswith("##"))]
    body = []
    for name, game, depth in recipes():
        body.append(f"## {name}")
        body += [f"{d} {perft(game, d)} {game.notation()}" for d in range(1, depth + 1)]
    FILE.write_text("\n".join([*header, *body]) + "\n", encoding="utf-8")
