"""Numbers stated by ``14_repeated_play``: the promises' thresholds, the engine's schedule, the learners' averages;
each computed from :mod:`sheriff_nb.theory.repeated`, :mod:`sheriff_nb.theory.learning` and
:mod:`sheriff_nb.theory.analysis`."""

from fractions import Fraction

from sheriff_nb.play.schedule import sheriff_rounds, unravel
from sheriff_nb.theory import analysis as an
from sheriff_nb.theory.bribes import bribe_range
from sheriff_nb.theory.learning import START, fictitious_play, replicator
from sheriff_nb.theory.repeated import Root, merchant_promise, sheriff_promise

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


def _root(root) -> str:
    return f"{root} ≈ {float(root):.3f}"


def _own_turns(promise) -> Fraction:
    """The textbook threshold T / (T + G): Sir Guy's, counted in his own turns as sheriff (δ²)."""
    return promise.temptation / (promise.temptation + promise.gain)


def _same_as_much(promise) -> str:
    """Sir Guy's gain summed as Much's, from the very next meeting: the root of G·δ = T(1 − δ²)."""
    return f"{float(Root(promise.temptation, promise.gain, -promise.temptation)):.3f}"


def _between() -> Fraction:
    much, guy = merchant_promise().threshold, sheriff_promise().threshold
    return next(x for x in (Fraction(k, 20) for k in range(20)) if much < x < guy)


def _as_sheriff():
    """What Much gets as sheriff under the pact (he passes Sir Guy's lie) and at lesson 08's equilibrium."""
    game = an.inspection_game({"apples": 2, "pepper": 2}, "apples")
    passed, nash = game.payoffs(0, 1)[1], game.equilibrium().sheriff_value
    assert passed == nash
    return passed


def _pure_commitment():
    """Sir Guy's pure commitments: always inspect (every merchant honest), never (every merchant lies); the best."""
    game = an.inspection_game({"apples": 2, "pepper": 2}, "apples")
    reply = {p: max((0, 1), key=lambda q: game.payoffs(p, q)[0]) for p in (0, 1)}
    assert reply == {1: 0, 0: 1}
    always, never = game.payoffs(1, 0)[1], game.payoffs(0, 1)[1]
    return max(always, never), -always, never, game.leadership().sheriff_value


CLAIMS = [
    Claim(
        L,
        "Much keeps his while the chance of meeting again is at least {}",
        lambda: _root(merchant_promise().threshold),
    ),
    Claim(
        L,
        "Sir Guy keeps his announced rate from {} (δ² ≥ {}: counted in his own turns as sheriff, {})",
        lambda: (_root(sheriff_promise().threshold), _own_turns(sheriff_promise()), _own_turns(sheriff_promise())),
    ),
    Claim(L, "at the meetings where he is sheriff he gets {} either way", _as_sheriff),
    Claim(
        L,
        "like Much's, would give about {}; that counts the meeting right after",
        lambda: _same_as_much(sheriff_promise()),
    ),
    Claim(
        L,
        "any bribe from {} (the fine the sheriff would collect: c·f) to {} (what the opened bag would cost",
        lambda: tuple(bribe_range({"apples": 2, "pepper": 2}, "apples")),
    ),
    Claim(
        L, '"Next round I take {} from you, not {}"', lambda: tuple(bribe_range({"apples": 2, "pepper": 2}, "apples"))
    ),
    Claim(
        L,
        "Here that is worth {} to Sir Guy, no more than lesson 08's equilibrium: always inspecting makes every merchant "
        "honest and costs him {} a bag, never inspecting makes every merchant lie and earns him {}. Lesson 08's "
        "leadership value {} needs",
        _pure_commitment,
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
        "| T = c·f, G = {} − {} | T = {}, G = {}: from {} |",
        lambda: (
            merchant_promise().kept_value,
            merchant_promise().broken_value,
            merchant_promise().temptation,
            merchant_promise().gain,
            _root(merchant_promise().threshold),
        ),
    ),
    Claim(
        L,
        "| T = {}, G = {}: δ² from {}, δ from {} |",
        lambda: (
            sheriff_promise().temptation,
            sheriff_promise().gain,
            _own_turns(sheriff_promise()),
            _root(sheriff_promise().threshold),
        ),
    ),
    Claim(L, "after 1000 rounds: p = {}, q = {} (p* = {}, q* = 50%)", _fp),
    Claim(L, "a closed loop around (q*, p*): inspecting from {} to {}", _orbit),
    # worked examples and readouts (hidden until Reveal; computed by the widgets from the same model)
    Claim(L, "takes the fine: T = {} gold, now", lambda: merchant_promise().temptation),
    Claim(
        L,
        "worth {} (his lie passes) instead of lesson 08's {} when nobody trusts anybody: G = {}",
        lambda: (
            str(merchant_promise().kept_value),
            approx(merchant_promise().broken_value),
            approx(merchant_promise().gain),
        ),
    ),
    Claim(
        L,
        "He keeps it once G × δ ≥ T × (1 − δ²), with T = {} and G = {}: from δ = {}.",
        lambda: (merchant_promise().temptation, merchant_promise().gain, _root(merchant_promise().threshold)),
    ),
    Claim(
        L,
        "He keeps it once G × δ² ≥ T × (1 − δ²), that is δ² ≥ T / (T + G) = {} / ({} + {}) = {}: from δ = {}.",
        lambda: (
            sheriff_promise().temptation,
            sheriff_promise().temptation,
            sheriff_promise().gain,
            _own_turns(sheriff_promise()),
            _root(sheriff_promise().threshold),
        ),
    ),
    Claim(
        L,
        "he is sheriff and gets {} either way (he passes Sir Guy's lie; lesson 08's sheriff value is {} too)",
        lambda: (_as_sheriff(), _as_sheriff()),
    ),
    Claim(L, "Here, at δ = {} ({}):", lambda: (_between(), percent(_between()))),
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
