"""Numbers stated by ``13_safety_and_rivalry``."""

from fractions import Fraction

from sheriff_nb.play import tournaments
from sheriff_nb.theory import analysis as an
from sheriff_nb.theory import safety
from sheriff_nb.ui import charts
from sheriff_nb.ui.numbers import chance, money
from sheriff_nb.ui.widgets.safety import average_text

from . import Claim

L = "13_safety_and_rivalry"
MUCH = {"apples": 2, "pepper": 2}


def _game(w=0, m=0):
    return an.inspection_game(MUCH, "apples", w, m)


def _p():
    return _game().equilibrium().p_inspect


def _honest_loss():
    loss = -_game().payoffs(_p(), 0)[1]
    return loss, f"{float(loss):.2f}"


def _much_safe():
    s = safety.maximin(_game(), "merchant")
    return s.probability, s.value, f"{float(s.value):.2f}"


def _tournament():
    table = tournaments.tournament("honest", tournaments.GAMES, 0).set_index("sheriff")
    return tuple(average_text(table.loc[s, "mean"], table.loc[s, "se"]) for s in ("equilibrium", "trusting"))


def _dominant_bag():
    """1 Chicken + 1 Apple declared as 2 Chickens: not zero-sum, and its equilibrium (honest, pass) is both
    players' maximin."""
    game = an.inspection_game({"chickens": 1, "apples": 1}, "chickens")
    e, merchant, sheriff = game.equilibrium(), safety.maximin(game, "merchant"), safety.maximin(game, "sheriff")
    assert not game.zero_sum and (e.q_lie, e.p_inspect) == (merchant.probability, sheriff.probability) == (0, 0)
    assert game.merchant[0][0] > game.merchant[1][0] and game.merchant[0][1] > game.merchant[1][1]  # honesty dominates
    return merchant.value, sheriff.value


CLAIMS = [
    Claim(L, "per game, over {} games at each table", lambda: tournaments.GAMES),
    Claim(
        L,
        "Its equilibrium is honest and pass, and those are exactly the safest choices: honesty secures {}, passing secures {}",
        _dominant_bag,
    ),
    Claim(
        L,
        "Sir Guy's w = 1 alone moves Much's q* from {} to {}",
        lambda: (_game().equilibrium().q_lie, _game(1, 0).equilibrium().q_lie),
    ),
    Claim(L, "p* = {} for Much's bag", _p),
    Claim(L, "at p* = 2/7 he loses 2/7 × 8 = {} ≈ {} gold a bag", _honest_loss),
    Claim(
        L,
        "highest at p = {}: never inspecting secures {}",
        lambda: (safety.maximin(_game(), "sheriff").probability, safety.maximin(_game(), "sheriff").value),
    ),
    Claim(
        L,
        "At p* = 2/7 the guarantee is {}",
        lambda: safety.guarantee(_game(), "sheriff", _p()).__neg__(),
        fmt=lambda x: f"−{x}",
    ),
    Claim(L, "so q = {}, securing {} ≈ {}, exactly his equilibrium value", _much_safe),
    Claim(
        L,
        "q* = 1/2, secures only 16 − 10 = {}",
        lambda: safety.guarantee(_game(), "merchant", _game().equilibrium().q_lie),
    ),
    Claim(L, "(0 for Sir Guy, {} for Much)", lambda: _game().equilibrium().merchant_value),
    Claim(
        L,
        "Equilibrium: opens at p {} ",
        lambda: _tournament()[0],
        fmt=str,  # a bare * reads as emphasis
        note="the live tournament's table (honest merchants): the Equilibrium sheriff's average gold a game",
    ),
    Claim(L, "Trusting: never opens {} 0 0 0%", lambda: _tournament()[1], fmt=str),
    Claim(
        L,
        "{}",
        lambda: charts.title_text(charts.tournament_safety_chart()).replace("*", ""),
        note="the tournament chart's title",
    ),
    Claim(
        L,
        "{}",
        lambda: charts.title_text(charts.guarantee_chart()).replace("*", ""),
        note="the safety explorer's chart title",
    ),
    Claim(
        L,
        "the most he can secure 0, 0 {} {} no {} 0",
        lambda: (chance(_p()), chance(_game().equilibrium().q_lie), money(safety.guarantee(_game(), "sheriff", _p()))),
        fmt=str,
    ),
    Claim(
        L,
        "1, 1 {} {} yes {} {}",
        lambda: (
            chance(_game(1, 1).equilibrium().p_inspect),
            chance(_game(1, 1).equilibrium().q_lie),
            money(safety.maximin(_game(1, 1), "sheriff").value),
            money(safety.maximin(_game(1, 1), "sheriff").value),
        ),
        fmt=str,
    ),
    Claim(
        L,
        "1/4, 1/4 {} {}",
        lambda: (
            chance(_game(Fraction(1, 4), Fraction(1, 4)).equilibrium().p_inspect),
            chance(_game(Fraction(1, 4), Fraction(1, 4)).equilibrium().q_lie),
        ),
        fmt=str,
    ),
    Claim(
        L,
        "Sir Guy's p* = {} secures {} ≈ {} whatever Much does",
        lambda: (
            safety.maximin(_game(1, 1), "sheriff").probability,
            safety.maximin(_game(1, 1), "sheriff").value,
            f"{float(safety.maximin(_game(1, 1), 'sheriff').value):.2f}".replace("-", "−"),
        ),
        fmt=lambda x: str(x).replace("-", "−"),
    ),
    Claim(
        L,
        "would secure only {} in the duel",
        lambda: safety.guarantee(_game(1, 1), "sheriff", 0),
        fmt=lambda x: str(x).replace("-", "−"),
    ),
    Claim(L, "Gambit finds p* = {} and q* = {}", lambda: (_p(), _game().equilibrium().q_lie)),
    Claim(
        L,
        't "" 4 "lie, inspect" {{ {} {} }}',
        lambda: (_game().merchant[1][0], _game().sheriff[1][0]),
        note="the .efg text shown on the page",
    ),
    Claim(
        L,
        "2/7 × (−8) = {} ≈ {}",
        lambda: (
            f"−{-safety.guarantee(_game(), 'sheriff', _p())}",
            f"−{float(-safety.guarantee(_game(), 'sheriff', _p())):.2f}",
        ),
    ),
    Claim(
        L,
        "one-sided rivalry (w = 1) | not zero-sum; only q* moves | {}, {}",
        lambda: (_game(1, 0).equilibrium().p_inspect, _game(1, 0).equilibrium().q_lie),
    ),
    Claim(
        L,
        "{}, {}; secures {}",
        lambda: (
            _game(1, 1).equilibrium().p_inspect,
            _game(1, 1).equilibrium().q_lie,
            safety.maximin(_game(1, 1), "sheriff").value,
        ),
        fmt=lambda x: str(x).replace("-", "−"),
    ),
]
