"""Random-play fuzz: play many games with RandomLegal bots and check the invariants after every action.

    python benchmarks/fuzz_games.py 1200

Every player count (3-5), both editions, royal goods on and off, and the 2nd edition's optional
rules, in turn.  Checks after each action: every card accounted for, gold conserved, no negative
gold, hands within the limit; at the end of each game: replay and JSON round-trip identical.
"""

import itertools
import sys
import time

import sheriff_nb as sn
from sheriff_nb.bots import RandomLegal, play

SETUPS = [dict(edition=e, players=p, royal=r) for e, p, r in itertools.product((1, 2), (3, 4, 5), (False, True))]
SETUPS += [dict(edition=2, players=p, hand_size=7, remove_random=10, time_limit=True) for p in (3, 4, 5)]


def fuzz(games: int) -> tuple[int, int]:
    actions = 0
    for number in range(games):
        options = sn.RuleOptions(**SETUPS[number % len(SETUPS)])
        game = sn.Game(options, seed=number)
        for _event in play(game, [RandomLegal(number * 10 + seat) for seat in range(options.players)]):
            assert game.card_count() == game.deck_size, (number, "cards")
            assert sum(game.gold) == 50 * options.players and min(game.gold) >= 0, (number, "gold")
            assert max(sum(h.values()) for h in game.hands) <= options.hand_size, (number, "hand")
        saved = game.to_json()
        assert game.replay().to_json() == saved and sn.Game.from_json(saved).to_json() == saved, number
        actions += len(game.history)
    return games, actions


if __name__ == "__main__":
    start = time.perf_counter()
    games, actions = fuzz(int(sys.argv[1]) if len(sys.argv) > 1 else 1000)
    seconds = time.perf_counter() - start
    print(f"{games} games, {actions} actions, no invariant broken, {seconds:.1f} s")
