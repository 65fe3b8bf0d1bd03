"""Numbers stated by ``12_signals_and_beliefs``: the prose, the worked examples (hidden until Reveal) and the
readouts, each computed from :mod:`sheriff_nb.theory.signals` and :mod:`sheriff_nb.theory.analysis`."""

from fractions import Fraction

from sheriff_nb.theory import analysis as an
from sheriff_nb.theory.signals import OPENED, offer_game

from . import Claim, percent

L = "12_signals_and_beliefs"
STORY = {"prior": Fraction(3, 5), "bait": Fraction(1, 4), "bribe": 5}
BAG = {"apples": 2, "pepper": 2}


def story(**change):
    return offer_game(**{**STORY, **change})


def one_in(x: Fraction) -> tuple[str, str]:
    return str(x.numerator), str(x.denominator)


def approx(x: Fraction) -> str:
    return f"{x} ≈ {float(x):.2f}"


def _bag():
    g = an.inspection_game(BAG, "apples")
    (h_open, h_pass), (l_open, l_pass) = g.merchant
    return l_pass, l_open, g.gold[1][0], h_pass, h_open, -g.gold[0][0]


def _semi():
    [e] = story().equilibria()
    return e


def _semi_minimum() -> Fraction:
    """The smallest bribe Sir Guy takes at the story's equilibrium posterior (3/4), below the bribe offered."""
    g, e = story(), _semi()
    minimum = g.sheriff_minimum(g.beliefs(e.offer_rate).offer)
    assert minimum <= g.bribe and e.open_offer == 0
    return minimum


def _liar_values(*priors) -> tuple[Fraction, Fraction]:
    """The liar's equilibrium value with no bait and with the story's bait, the same at each of ``priors``."""
    values = set()
    for prior in priors:
        no_bait, bait = (
            {
                story(prior=prior, bait=b).values(p)["liar"]
                for e in story(prior=prior, bait=b).equilibria()
                for p in e.profiles
            }
            for b in (0, STORY["bait"])
        )
        assert len(no_bait) == len(bait) == 1, (prior, no_bait, bait)
        values.add((no_bait.pop(), bait.pop()))
    [pair] = values
    return pair


def _separating_table() -> tuple[Fraction, Fraction]:
    """The separating bet's table (no bait): every bag opened, liars offering at any rate in a range."""
    pieces = story(bait=0).equilibria()
    assert all(e.kind == OPENED for e in pieces)
    rates = [p.offer_rate for e in pieces for p in e.profiles]
    return min(rates), max(rates)


def _indifference():
    """The liar's indifference: (1 - r) x passed + r x opened = passed - bribe, so r = bribe / at stake."""
    g, r = story(), _semi().open_silent
    assert (1 - r) * g.lie_passed + r * g.lie_opened == g.lie_passed - g.bribe
    return (
        str(g.lie_passed),
        str(g.lie_opened).replace("-", "−"),
        str(g.lie_passed - g.bribe),
        str(g.bribe),
        str(g.at_stake),
        f"{r} ({percent(r)})",
    )


def _posterior_counts():
    g = story()
    total, counts = g.bag_counts(1)
    q = g.beliefs(1).offer
    return str(total), str(counts["liar_offers"]), str(counts["bait"]), f"{q} ({percent(q)})"


def _minimum():
    g = story()
    q = g.beliefs(1).offer
    return str(q), str(1 - q), approx(g.sheriff_minimum(q)), str(g.fine)


def _any_bribe():
    g = story()
    return g.fine, g.compensation, g.silence_threshold  # the largest posterior with a minimum of 0 is K / (K + R)


def _opened_bribe():
    kinds = {e.kind for e in story(bribe=3).equilibria()}
    assert kinds == {OPENED}
    return Fraction(3)


def _rare_silence():
    g = story(prior=Fraction(1, 3))
    total, counts = g.bag_counts(0)
    q = g.beliefs(0).silence
    return str(counts["liar_silent"]), str(counts["honest_silent"]), f"{q} ({percent(q)})"


def _summary_semi():
    e = _semi()
    names = {Fraction(1, 2): "half"}
    return names[e.offer_rate], *one_in(e.open_silent)


CLAIMS = [
    Claim(L, "About {} bags in {} hide contraband", lambda: one_in(STORY["prior"])),
    Claim(L, "Say {} honest merchant in {} does", lambda: one_in(STORY["bait"])),
    Claim(L, "slides {} gold across the table", lambda: Fraction(STORY["bribe"])),
    Claim(
        L,
        "the lie is worth {} to Much if it passes and {} if it is opened (Sir Guy gains the fine, {}); the "
        "honest 4 Apples are worth {} passed and {} opened (Sir Guy pays {})",
        lambda: tuple(str(x).replace("-", "−") for x in _bag()),
    ),
    Claim(
        L,
        "With this bag c·f = 2n = {}, so a sheriff whose posterior is at most {} should take any bribe at all",
        lambda: (_any_bribe()[0], _any_bribe()[2]) if _any_bribe()[0] == _any_bribe()[1] else ("no", "no"),
    ),
    Claim(L, "below {} of the bags, with 1 honest merchant in 4 baiting", lambda: story().pooling_limit),
    Claim(L, "while under {} of the bags lie", lambda: story().pooling_limit),
    Claim(
        L,
        "| {} ≈ {} (no bait: 1) |",
        lambda: (str(story().beliefs(1).offer), percent(story().beliefs(1).offer)),
        note="the summary's posterior",
    ),
    Claim(
        L,
        "| in equilibrium q = {}: {}, so he takes the {} (if every liar offered: {}; no bait: {}, the fine) |",
        lambda: (
            story().beliefs(_semi().offer_rate).offer,
            _semi_minimum(),
            story().bribe,
            approx(story().sheriff_minimum(story().beliefs(1).offer)),
            str(story(bait=0).sheriff_minimum(1)),
        ),
    ),
    Claim(
        L,
        "from below {} of the bags lying with no bait to below {} with 1 honest merchant in 4 baiting",
        lambda: (story(bait=0).pooling_limit, story().pooling_limit),
    ),
    Claim(
        L,
        "With {} gold offered and {} of the bags lying, a liar expects {} without bait and only {} with it",
        lambda: (story().bribe, Fraction(9, 20), *_liar_values(Fraction(9, 20))),
    ),
    Claim(
        L,
        "with {} or {} of the bags lying, {} without bait (every bag is opened) against {} with it",
        lambda: (
            (Fraction(11, 20), Fraction(3, 5), *_liar_values(Fraction(11, 20), Fraction(3, 5)))
            if all(
                e.kind == OPENED
                for p in (Fraction(11, 20), Fraction(3, 5))
                for e in story(prior=p, bait=0).equilibria()
            )
            else "not every bag opened"
        ),
        fmt=lambda x: str(x).replace("-", "−"),
    ),
    Claim(
        L,
        "(At this table, with no bait, the equilibria open every bag, offering or silent, and liars may offer at any "
        "rate from {} to {}.)",
        lambda: _separating_table(),
    ),
    Claim(
        L,
        "(below, with 1 bag in 3 lying: from {} before the signal to {} after silence)",
        lambda: (story(prior=Fraction(1, 3)).prior, story(prior=Fraction(1, 3)).beliefs(0).silence),
    ),
    Claim(L, "| {} the liars offer; {} silent bag in {} opened |", _summary_semi),
    Claim(L, "| every bag opened | the bribe is below what opening an offer earns | with {} gold |", _opened_bribe),
    # the worked examples and readouts (computed by the widgets from the same model)
    Claim(L, "Count {} bags instead of juggling probabilities", lambda: str(story().bag_counts(1)[0])),
    Claim(
        L,
        "P(lie | offer) = {} / ({} + {}) = {}",
        lambda: (_posterior_counts()[1], _posterior_counts()[1], *_posterior_counts()[2:]),
    ),
    Claim(L, "max(0, {} × 8 − {} × 8) = {} gold instead of the whole fine, {}", _minimum),
    Claim(L, "(1 − r) × {} + r × ({}) = {} gives r = {} / {} = {}", _indifference),
    Claim(
        L,
        "Liars stay silent just often enough for that: σ = {} ({})",
        lambda: (str(_semi().offer_rate), percent(_semi().offer_rate)),
    ),
    Claim(L, "Sir Guy opens every bag: {} gold is less than opening an offering bag is worth to him", _opened_bribe),
    Claim(
        L,
        "After silence: P(lie) = {} / ({} + {}) = {}",
        lambda: (_rare_silence()[0], _rare_silence()[0], _rare_silence()[1], _rare_silence()[2]),
    ),
    Claim(
        L,
        'c "" 1 "" {{ "lie" {} "honest offers" {} "honest silent" {} }} 0',
        lambda: (story().prior, story().shares(0)["bait"], story().shares(0)["honest_silent"]),
    ),
    Claim(
        L,
        "nashpy agrees: vertex enumeration of the strategic form finds offer {}, open offers {}, open silence {}",
        lambda: tuple(f"{float(x):.3f}" for x in (_semi().offer_rate, _semi().open_offer, _semi().open_silent)),
    ),
]
