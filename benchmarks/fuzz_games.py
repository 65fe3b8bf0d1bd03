"""Random-play fuzz: play many games with RandomLegal bots and check the invariants after every action.

    python benchmarks/fuzz_games.py 1200

Every player count (3-6), both editions, royal goods on and off, the 2nd edition's optional rules
and the Black Market, in turn.  Checks after each action: every card accounted for, gold conserved
(players + Booty + odd coins returned to the bank), no negative gold, hands within the limit; at the
end of each game: replay and JSON round-trip identical.
"""

import itertools
import sys
import time

import sheriff_nb as sn
from sheriff_nb.play.bots import RandomLegal
from sheriff_nb.play.driver import play

SETUPS = [dict(edition=e, players=p, royal=r) for e, p, r in itertools.product((1, 2), (3, 4, 5), (False, True))]
SETUPS += [dict(edition=2, players=p, hand_size=7, remove_random=10, time_limit=True) for p in (3, 4, 5, 6)]
TABLE = {"pepper": [10, 14], "mead": [12, 16], "silk": [14, 18]}  # a teacher's Black Market entries
SETUPS += [dict(edition=2, players=p, royal=r, black_market=TABLE) for p in (4, 6) for r in (False, True)]


def fuzz(games: int) -> tuple[int, int]:
    actions = 0
    for number in range(games):
        options = sn.RuleOptions(**SETUPS[number % len(SETUPS)])
        game = sn.Game(options, seed=number)
        for _event in play(game, [RandomLegal(number * 10 + seat) for seat in range(options.players)]):
            assert game.card_count() == game.deck_size, (number, "cards")
            assert game.gold_count() == 50 * options.players and min(game.gold) >= 0, (number, "gold")
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
