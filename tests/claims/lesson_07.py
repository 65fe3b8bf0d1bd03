"""Numbers stated by ``07_expected_values``."""

from fractions import Fraction

from sheriff_nb.theory import analysis as an

from . import Claim, percent

L = "07_expected_values"
MUCH = {"apples": 2, "pepper": 2}
HONEST = {"apples": 4}
WILL = {"chickens": 2, "bread": 1, "silk": 1}
QUARTER = Fraction(1, 4)


def _ev(bag, declared="apples", p=QUARTER):
    return an.expected_value(bag, declared, p)


def _outcomes(bag, declared="apples"):
    passed, opened, _ = an.outcomes(bag, declared)
    return passed, opened


def _breakeven():
    p = an.breakeven(MUCH, "apples")
    return p, f"{100 * float(p):.0f}%"


def _marginal():
    p = an.breakeven({"apples": 3, "pepper": 1}, "apples", baseline={"apples": 3})
    return p, percent(p, 1)


def _naive():
    return percent(Fraction(6, 6 + 4))


def _will_real():
    base = an.honest_alternative(WILL, "chickens")
    d = an.breakeven_detail(WILL, "chickens", baseline=base)
    return d.pass_gain, -d.inspect_gain, d.p, percent(d.p)


def _will_full():
    p = an.breakeven(WILL, "chickens")
    return p, percent(p)


def _will_evs():
    lie = _ev(WILL, "chickens")
    honest2 = _ev({"chickens": 2}, "chickens")
    full = _ev({"chickens": 4}, "chickens")
    return lie, f"{float(lie):.2f}", honest2, full


def _declarations():
    return tuple(_outcomes(WILL, g)[1] for g in ("chickens", "bread", "apples")) + (_outcomes(WILL, "chickens")[0],)


CLAIMS = [
    Claim(
        L,
        "honest: 4 Apples | 4 × 2 = {} | honest, so Sir Guy pays the penalties: 8 + 4 × 2 = {}",
        lambda: _outcomes(HONEST),
    ),
    Claim(
        L,
        "2 × 2 + 2 × 6 = {} | the Apples stay (4), the Pepper is lost and fined 2 × 4 = 8: 4 − 8 = {}",
        lambda: tuple(str(x).replace("-", "−") for x in _outcomes(MUCH)),
    ),
    Claim(L, "honest: 3/4 × 8 + 1/4 × 16 = 6 + 4 = {}", lambda: _ev(HONEST)),
    Claim(L, "lie: 3/4 × 16 + 1/4 × (−4) = 12 − 1 = {}", lambda: _ev(MUCH)),
    Claim(L, "p = 8/28 = {} ≈ {}", _breakeven),
    Claim(L, "Much at p = 1/4: honest {}, lie {}", lambda: (_ev(HONEST), _ev(MUCH))),
    Claim(L, "Much: 8 / 28 = {} ≈ {}", _breakeven),
    Claim(L, "p = 6 / 16 = {} = {}", _marginal),
    Claim(L, "1 Pepper on 3 Apples: 6/16 = {}", lambda: _marginal()[1]),
    Claim(L, "6 / (6 + 4) = {} of bags", _naive),
    Claim(L, "6/10 = {}: too optimistic", _naive),
    Claim(
        L,
        "Smuggling 2 Pepper pays only while the sheriff inspects less than {} of bags",
        lambda: percent(an.breakeven(MUCH, "apples")),
        note="the first chart's title",
    ),
    Claim(
        L,
        "Adding 1 Pepper pays only while the sheriff inspects less than {} of bags",
        lambda: percent(an.breakeven({"apples": 3, "pepper": 1}, "apples", baseline={"apples": 3})),
    ),
    Claim(L, "Passed, the bag is worth 2 × 4 + 3 + 8 = {} whatever Will says", lambda: _outcomes(WILL, "chickens")[0]),
    Claim(
        L,
        "8 − 6 = {}, EV = 3/4 × 19 + 1/4 × 2 = {} ≈ {}",
        lambda: (_outcomes(WILL, "chickens")[1], _ev(WILL, "chickens"), f"{float(_ev(WILL, 'chickens')):.2f}"),
    ),
    Claim(L, "3 − 8 = {}, EV = {}", lambda: (str(_outcomes(WILL, "bread")[1]).replace("-", "−"), _ev(WILL, "bread"))),
    Claim(
        L,
        "2 + 2 + 2 + 4: {}, EV = {} ≈ {}",
        lambda: (
            str(_outcomes(WILL, "apples")[1]).replace("-", "−"),
            _ev(WILL, "apples"),
            f"{float(_ev(WILL, 'apples')):.2f}",
        ),
    ),
    Claim(
        L, "worth 8 if it passes and 8 + 2 × 2 = {} if it is opened", lambda: _outcomes({"chickens": 2}, "chickens")[1]
    ),
    Claim(L, "gains 19 − 8 = {} if it passes and loses 12 − 2 = {} if it is opened: break-even {} ≈ {}", _will_real),
    Claim(L, "the lie is worth {} ≈ {} and the honest 2 Chickens 3/4 × 8 + 1/4 × 12 = {}", lambda: _will_evs()[:3]),
    Claim(
        L,
        "(16 passed, 24 opened, worth {} at 1 bag in 4) and finds a break-even of {} = {}",
        lambda: (_will_evs()[3], *_will_full()),
    ),
    Claim(L, "Will: {} ≈ {}, not {} = {}", lambda: (*_will_real()[2:], *_will_full())),
    Claim(
        L,
        "break-even p = {}: compared with the honest 2 Chickens",
        lambda: _will_real()[2],
        note="the EV explorer's readout: Will's bag against the honest bag his cards allow",
    ),
    Claim(
        L,
        "Adding 1 Bread + 1 Silk pays only while the sheriff inspects less than {} of bags",
        lambda: percent(_will_real()[2]),
        note="the EV explorer's chart title",
    ),
]
