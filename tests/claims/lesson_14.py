"""Numbers stated by ``14_repeated_play``: the promises' thresholds, the engine's schedule, the learners' averages;
each computed from :mod:`sheriff_nb.theory.repeated`, :mod:`sheriff_nb.theory.learning` and
:mod:`sheriff_nb.theory.analysis`."""

from fractions import Fraction

from sheriff_nb.play.schedule import sheriff_rounds, unravel
from sheriff_nb.theory import analysis as an
from sheriff_nb.theory.learning import START, fictitious_play, replicator
from sheriff_nb.theory.repeated import merchant_promise, sheriff_promise

from . import Claim, percent

L = "14_repeated_play"


def approx(x: Fraction) -> str:
    return f"{x} ≈ {float(x):.2f}"


def _lesson08():
    e = an.inspection_game({"apples": 2, "pepper": 2}, "apples").equilibrium()
    return e.p_inspect


def _last_round():
    rounds = sheriff_rounds(4)
    assert sorted(len(r) for r in rounds.values()) == [2, 2, 2, 2]  # each player is sheriff twice
    return max(max(r) for r in rounds.values())


def _fp():
    row = fictitious_play(rounds=1000).iloc[-1]
    return percent(row.p, 1), percent(row.q, 1), percent(row.p_star, 1)


def _orbit():
    path = replicator()
    return percent(path.p.min()), percent(path.p.max())


def _hunches():
    (honest, lie), (inspect, passes) = START
    words = {Fraction(1, 2): "½", Fraction(1): "1"}
    return words[lie], words[honest], words[inspect], words[passes]


def _ratio(promise) -> Fraction:
    return promise.temptation / promise.gain


CLAIMS = [
    Claim(
        L,
        "Much keeps his while the chance of meeting again is at least {} ({})",
        lambda: (str(merchant_promise().threshold), percent(merchant_promise().threshold)),
    ),
    Claim(
        L,
        "Sir Guy keeps his announced rate from {} ({})",
        lambda: (str(sheriff_promise().threshold), percent(sheriff_promise().threshold)),
    ),
    Claim(
        L,
        "breaking it gains him {} times what a trusted meeting is worth to him ({} against {}), against {} times "
        "for Much ({} against {})",
        lambda: (
            _ratio(sheriff_promise()),
            sheriff_promise().temptation,
            sheriff_promise().gain,
            _ratio(merchant_promise()),
            merchant_promise().temptation,
            merchant_promise().gain,
        ),
    ),
    Claim(
        L, 'announces "I open {} bags in {}" (p*)', lambda: (str(_lesson08().numerator), str(_lesson08().denominator))
    ),
    Claim(L, "with 4 players, after round {}, each player having been sheriff twice", _last_round),
    Claim(L, "In the last round (round {} with 4 players)", _last_round),
    Claim(L, "from round {} back to round 1", _last_round),
    Claim(L, "Sir Guy has seen {} a lie and {} honest bag, Much {} an inspection and {} pass", _hunches),
    Claim(
        L,
        "| T = c·f, G = {} − {} | T = {}, G = {}: from {} ≈ {} |",
        lambda: (
            merchant_promise().kept_value,
            merchant_promise().broken_value,
            merchant_promise().temptation,
            merchant_promise().gain,
            merchant_promise().threshold,
            percent(merchant_promise().threshold),
        ),
    ),
    Claim(
        L,
        "| T = {}, G = {}: from {} ≈ {} |",
        lambda: (
            sheriff_promise().temptation,
            sheriff_promise().gain,
            sheriff_promise().threshold,
            percent(sheriff_promise().threshold),
        ),
    ),
    Claim(L, "after 1000 rounds: p = {}, q = {} (p* = {}, q* = 50%)", _fp),
    Claim(L, "a closed loop around (q*, p*): inspecting from {} to {}", _orbit),
    # worked examples and readouts (hidden until Reveal; computed by the widgets from the same model)
    Claim(L, "takes the fine: T = {} gold, now", lambda: merchant_promise().temptation),
    Claim(
        L,
        "worth {} (his lie passes) instead of lesson 08's {} when nobody trusts anybody: G = {} a meeting",
        lambda: (
            str(merchant_promise().kept_value),
            approx(merchant_promise().broken_value),
            approx(merchant_promise().gain),
        ),
    ),
    Claim(
        L,
        "He keeps it once δ ≥ T / (T + G) = {} / ({} + {}) = {} ({})",
        lambda: (
            merchant_promise().temptation,
            merchant_promise().temptation,
            merchant_promise().gain,
            merchant_promise().threshold,
            percent(merchant_promise().threshold),
        ),
    ),
    Claim(
        L,
        "He keeps it once δ ≥ T / (T + G) = {} / ({} + {}) = {} ({})",
        lambda: (
            sheriff_promise().temptation,
            sheriff_promise().temptation,
            sheriff_promise().gain,
            sheriff_promise().threshold,
            percent(sheriff_promise().threshold),
        ),
    ),
    Claim(L, "Sir Guy announced lesson 08's rate, p = {}", _lesson08, note="p* in the widget (stars are stripped)"),
    Claim(
        L,
        "Much {} {}",
        lambda: (", ".join(map(str, sheriff_rounds(4)[1])), str(max(sheriff_rounds(4)[1]))),
        note="Much's sheriff rounds in the schedule table",
    ),
    Claim(
        L,
        "from the last back to the first: round sheriff merchant later meetings what keeping a promise protects "
        "kept? {} Much Sir Guy 0 nothing: no later meeting no",
        lambda: unravel()[0]["round"],
    ),
]
