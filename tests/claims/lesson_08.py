"""Numbers stated by ``08_inspection_odds``."""

from sheriff_nb.theory import analysis as an
from sheriff_nb.ui import charts

from . import Claim, percent

L = "08_inspection_odds"
MUCH = ["apples", "apples", "pepper", "pepper"]


def _game(**kw):
    return an.inspection_game(MUCH, "apples", **kw)


def _e(**kw):
    return _game(**kw).equilibrium()


def _much():
    e = _e()
    return e.p_inspect, e.merchant_value, f"{float(e.merchant_value):.2f}"


def _model(**kw):
    e = an.model_game(**kw).equilibrium()
    return e.p_inspect, e.q_lie


def _cells():
    g = _game()
    (hi, hp), (li, lp) = g.merchant
    (shi, shp), (sli, slp) = g.sheriff
    return tuple(str(x).replace("-", "−") for x in (hi, shi, hp, shp, li, f"+{sli}", lp, slp))


CLAIMS = [
    Claim(
        L,
        "Much expects (1 − {0}) × 8 + {0} × 16 = {1} ≈ {2}",
        _much,
        note="the merchant's equilibrium value of 2 Apples + 2 Pepper as 4 Apples",
    ),
    Claim(L, "honest: 4 Apples | ({}, {}) | ({}, {}) | | lie: 2 Apples + 2 Pepper | ({}, {}) | ({}, {})", _cells),
    Claim(L, "p* = 8 / 28 = {} ≈ {}", lambda: (_e().p_inspect, percent(_e().p_inspect))),
    Claim(L, "q* = 8 / 16 = {}", lambda: _e().q_lie),
    Claim(L, "Sir Guy expects {}: passing always pays him 0", lambda: _e().sheriff_value),
    Claim(
        L,
        "p* rises (3 × 4 / (3 × 10 + 8) = {} ≈ {}) and q* falls (8 / (8 + 12) = {})",
        lambda: (_model(c=3)[0], percent(_model(c=3)[0]), _model(c=3)[1]),
    ),
    Claim(L, "With f = 8: p* = 2 × 4 / (2 × 14 + 8) = {} and q* = 8 / (8 + 16) = {}", lambda: _model(f=8)),
    Claim(L, "pays at most c(v + f) = 2 × (6 + 4) = {}", lambda: an.bribe_range(MUCH, "apples").merchant_max),
    Claim(L, "wants at least c·f = 2 × 4 = {}", lambda: an.bribe_range(MUCH, "apples").sheriff_min),
    Claim(L, "20 − 8 = {} = c·v", lambda: an.bribe_range(MUCH, "apples").surplus),
    Claim(L, "splitting it evenly gives c(f + v/2) = {}", lambda: an.bribe_midpoint(MUCH, "apples")),
    Claim(
        L,
        "his belief jumps to certainty and his minimum is the fine, {}",
        lambda: an.bribe_range(MUCH, "apples", belief=1).sheriff_min,
        note="item 6: inside the model an offer reveals a lie",
    ),
    Claim(L, "At w = 1: q* = 16 / (16 + 2 × (8 + 6)) = {}", lambda: _e(w=1).q_lie),
    Claim(
        L,
        "the game is zero-sum and p* falls as well, to {}",
        lambda: _e(w=1, merchant_w=1).p_inspect if _game(w=1, merchant_w=1).zero_sum else "not zero-sum",
    ),
    Claim(
        L,
        "2/7 × 8 = {} ≈ {} a bag instead of {}",
        lambda: (
            an.leadership(MUCH, "apples").sheriff_value,
            f"{float(an.leadership(MUCH, 'apples').sheriff_value):.2f}",
            an.leadership(MUCH, "apples").nash_sheriff_value,
        ),
    ),
    Claim(L, "earns {} a bag instead of 0", lambda: an.leadership(MUCH, "apples").sheriff_value),
    Claim(
        L,
        "how often to inspect | p* = c(v − a) / (c(v + f) + 2n) | {} ≈ {}",
        lambda: (_e().p_inspect, percent(_e().p_inspect)),
    ),
    Claim(L, "how often to lie | q* = 2n / (2n + c·f) | {}", lambda: _e().q_lie),
    Claim(L, "Crossbow: p* = {}, q* = {}", lambda: _model(v=9)),
    Claim(L, "3 Pepper: {}, {}", lambda: _model(c=3)),
    Claim(L, "f = 8: {}, {}", lambda: _model(f=8)),
    Claim(L, "{} to {}; {} |", lambda: (*an.bribe_range(MUCH, "apples"), an.bribe_midpoint(MUCH, "apples"))),
    Claim(
        L,
        "only q* moves; not zero-sum | w = 1: q* = {}",
        lambda: _e(w=1).q_lie if not _game(w=1).zero_sum and _e(w=1).p_inspect == _e().p_inspect else "?",
    ),
    Claim(
        L,
        "zero-sum: both fall (page 13) | {}, {}",
        lambda: (_e(w=1, merchant_w=1).p_inspect, _e(w=1, merchant_w=1).q_lie),
    ),
    # chart text: the claims reader drops a bare "*" as markdown emphasis, so "p*" in a chart reads "p"
    Claim(
        L,
        "{}",
        lambda: charts.title_text(charts.equilibrium_chart()).replace("*", ""),
        note="the equilibrium chart's title: Pepper, Mead, Silk and Crossbow give the same q*",
    ),
    Claim(
        L,
        "the sheriff inspects with p from {} (Pepper) to {} (Crossbow)",
        lambda: (percent(_model(v=6)[0]), percent(_model(v=9)[0])),
    ),
    Claim(
        L,
        "As the sheriff's rivalry weight w rises from 0 to 1, q falls from {} to {}; p stays at {}",
        lambda: (percent(_e().q_lie), percent(_e(w=1).q_lie), percent(_e().p_inspect)),
        note="the one-sided rivalry chart: p* does not move",
    ),
    Claim(
        L,
        "{}",
        lambda: charts.title_text(charts.leadership_chart()).replace("*", ""),
        note="the leadership chart's title",
    ),
]
