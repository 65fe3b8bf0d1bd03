"""Numbers stated by ``15_real_hands``."""

from sheriff_nb.theory import analysis as an
from sheriff_nb.theory import hands
from sheriff_nb.ui import charts

from . import Claim, percent

L = "15_real_hands"
WILL = {"chickens": 2, "bread": 1, "silk": 1}


def _will():
    d = an.breakeven_detail(WILL, "chickens", baseline=an.honest_alternative(WILL, "chickens"))
    return d.p, percent(d.p)


def _outcomes(bag, declared):
    passed, opened, _ = an.outcomes(bag, declared)
    return passed, opened


def _size():
    return percent(hands.honest_bag_odds(4), 1), percent(hands.honest_bag_odds(5), 2)


def _threshold():
    row = hands.threshold_data([3]).iloc[0]
    return row.pass_gain, -row.inspect_gain, row.with_bonus, percent(row.with_bonus), row.face


def _round():
    games = [an.inspection_game({"apples": 2, "pepper": 2}, "apples"), an.inspection_game(WILL, "chickens")]
    return tuple(g.equilibrium().p_inspect for g in games) + (len(list(hands.round_profiles(games))),)


def _kings():
    table = hands.kingmaking().set_index(["bag", "sheriff"])
    return table.loc[("lie", "pass"), "winner"], table.loc[("lie", "open"), "winner"]


CLAIMS = [
    Claim(
        L,
        '2 Chickens declared as "2 Chickens" ({} if it passes, {} if opened)',
        lambda: _outcomes({"chickens": 2}, "chickens"),
    ),
    Claim(L, 'as "4 Chickens" ({} if it passes, {} if opened)', lambda: _outcomes(WILL, "chickens")),
    Claim(L, "its break-even is {} ≈ {}", _will),
    Claim(
        L,
        "not the {} = {} of a full honest bag he cannot build",
        lambda: (an.breakeven(WILL, "chickens"), percent(an.breakeven(WILL, "chickens"))),
    ),
    Claim(L, "an honest bag of 4 is possible in {} of hands and of 5 in {}", _size),
    Claim(L, "{}", lambda: charts.title_text(charts.bag_size_chart()), note="the bag-size chart's title"),
    Claim(
        L,
        "p* = (v − a)/(v + f + 2) = {} and q* = 2/(2 + f) = {}",
        lambda: (hands.size_table().loc[5, "p_all"], hands.size_table().loc[5, "q_all"]),
    ),
    Claim(
        L,
        "from {} (n = 1) down to {} (n = 5)",
        lambda: (hands.size_table().loc[1, "p_one"], hands.size_table().loc[5, "p_one"]),
    ),
    Claim(
        L,
        "moves q* from {} (n = 1) up to {} (n = 5)",
        lambda: (hands.size_table().loc[1, "q_one"], hands.size_table().loc[5, "q_one"]),
        note="issue 21 (F5): the sheriff's payoffs move q*, the merchant's forgone 2n moves p*",
    ),
    Claim(
        L,
        "the Silk pays while Sir Guy opens fewer than {} ≈ {} of bags",
        lambda: (_threshold()[4], percent(_threshold()[4])),
    ),
    Claim(
        L,
        "the Silk now gains only {} if the bag passes, while an opened lie loses {}: break-even {} ≈ {}",
        lambda: _threshold()[:4],
    ),
    Claim(
        L, "Sir Guy needs to open only 1 bag in {}", lambda: hands.threshold_game(3).equilibrium().p_inspect.denominator
    ),
    Claim(L, "{}", lambda: charts.title_text(charts.threshold_chart()), note="the threshold chart's title"),
    Claim(
        L,
        "break-even {} ({})",
        lambda: (_threshold()[2], percent(_threshold()[2])),
        note="the threshold explorer's readout at 3 Cheese",
    ),
    Claim(L, "Much 2 Apples + 2 Pepper {} ({})", lambda: (_round()[0], percent(_round()[0])), note="the round's table"),
    Claim(L, "Marion 1 Bread + 2 Chickens + 1 Silk {} ({})", lambda: (_round()[1], percent(_round()[1]))),
    Claim(L, "Checked by brute force over all {} pure profiles", lambda: _round()[2]),
    Claim(
        L,
        "Much {}, Marion {} (she can fill an honest 4 Chickens, so a full bag is her real alternative), checked on all {} "
        "profiles",
        _round,
    ),
    Claim(
        L,
        "lie pass {} {} 60 36 Much",
        lambda: tuple(hands.kingmaking().iloc[2][["Much", "Will"]]),
        note="the kingmaking table",
    ),
    Claim(L, "pass: {} wins; open: {} wins", _kings),
    Claim(
        L,
        "Will: {} ≈ {}, not {} = {}",
        lambda: (*_will(), an.breakeven(WILL, "chickens"), percent(an.breakeven(WILL, "chickens"))),
    ),
    Claim(L, "3rd Cheese: break-even {} ≈ {} instead of {}", lambda: (*_threshold()[2:4], _threshold()[4])),
    Claim(L, "n Pepper: {}, {}", lambda: (hands.size_table().loc[3, "p_all"], hands.size_table().loc[3, "q_all"])),
    Claim(L, "honest 5 in {} of hands", lambda: _size()[1]),
]
