"""Lesson 16's widgets: the Deputies' votes on one bag played on the engine, the deputy schedule, a form for the
teacher's Black Market table with the rulebook's Black Market example played on it, the optional rules read from a real
setup, the time limit, and the "place your bets" prompts, answers computed by :mod:`sheriff_nb.theory.second_edition`.

>>> votes = deputies_explorer()
>>> votes.merchant.value = "David of Doncaster"; votes.votes[1].value = "pass"
>>> "Sir Guy handles the bag alone" in votes.readout.value
True

Its bets are ``"16.*"`` in :data:`sheriff_nb.ui.widgets.bets.BETS`:

>>> from sheriff_nb.ui.widgets import bet
>>> bet("16.split").answer, bet("16.time").answer
('Sir Guy −6, Maid Marion 0', '3 minutes')
"""

from __future__ import annotations

import ipywidgets as W

from ...engine.cards import CONTRABAND_GOODS, GOODS
from ...engine.errors import RuleError
from ...engine.options import RuleOptions
from ...engine.scoring import king_queen_awards
from ...play.schedule import sheriff_rounds
from ...theory import second_edition as se
from ..i18n import card_name, goods_text, rule_message, t
from ..numbers import signed
from ..palette import INK_TEXT
from .base import error_html, esc, html_widget, labelled, note, ok_html, scroll_box, table_html, wrap_box
from .bets import register
from .scoring import award_title, player_name

__all__ = [
    "DeputiesExplorer",
    "deputies_explorer",
    "deputy_schedule",
    "deputy_worked",
    "deputy_text",
    "BlackMarketForm",
    "black_market_form",
    "OptionsExplorer",
    "options_explorer",
    "time_limit_story",
    "royal_example",
    "PLACEHOLDER_TABLE",
]

PLACEHOLDER_TABLE = {"pepper": (10, 14), "mead": (12, 16), "silk": (14, 18)}
"""Placeholders for the form, NOT the printed cards: no source we found lists the Black Market values (rules
reference, ruling black-market); these are one fan implementation's unverified guesses.  A teacher with the box types
the real ones."""


def _steps_html(steps: list[dict]) -> str:
    rows = []
    for step in steps:
        said = ok_html(t("allowed")) if step["result"] == "ok" else error_html(rule_message(step["result"]))
        rows.append(
            f"<tr><td style='padding:3px 6px;vertical-align:top'><b>{esc(player_name(step['who']))}</b> "
            f"{esc(t(step['action']))}</td><td style='padding:3px 6px;min-width:150px'>{said}</td></tr>"
        )
    head = "".join(
        f"<th style='padding:3px 6px;text-align:left;background:#f3f3f3'>{esc(x)}</th>"
        for x in (t("what happens"), t("the engine"))
    )
    return scroll_box(
        f"<table style='border-collapse:collapse;font-size:13px'>"
        f"<thead><tr>{head}</tr></thead><tbody>{''.join(rows)}</tbody></table>"
    )


# ------------------------------------------------------------------ 1. the Deputies
def deputy_worked(key: str) -> W.HTML:
    """The engine's answer to the bet ``key`` (``"split"``: David's honest bag, the deputies disagree; ``"booty"``:
    Friar Tuck's 5 gold accepted by both), in words."""
    game = se.deputies_game()
    if key == "split":
        return html_widget(
            deputy_text(
                se.deputy_outcome(game, "David of Doncaster", ("inspect", "pass")),
                "David of Doncaster",
                ("inspect", "pass"),
                0,
            )
        )
    if key == "booty":
        return html_widget(
            deputy_text(se.deputy_outcome(game, "Friar Tuck", ("pass", "pass"), 5), "Friar Tuck", ("pass", "pass"), 5)
        )
    raise ValueError(f"no worked example {key!r}")


def deputy_text(outcome: dict, merchant: str, votes, bribe: int) -> str:
    """What the engine did with one bag, in words, with the gold that changed hands (HTML)."""
    lead, other = se.DEPUTIES
    bag = goods_text(outcome["bag"])
    good, count = outcome["declared"]
    lines = [
        note(
            t(
                "{m} carries {bag}, declared as {n} {good}.",
                m=player_name(merchant),
                bag=bag,
                n=count,
                good=card_name(good, count),
            ),
            colour="#222",
        )
    ]
    if outcome["split"] and votes[0] != votes[1]:
        lines.append(
            note(
                t(
                    "The deputies disagree, so {d} handles the bag alone: opens it, and alone pays or collects "
                    "what the inspection brings; the other deputy takes no part.",
                    d=player_name(outcome["split"]),
                ),
                colour="#222",
            )
        )
    elif votes[0] == "pass":
        if bribe:
            lines.append(
                note(
                    t(
                        "Both deputies accept the {b} gold and let the bag pass: the bribe goes on the Booty tile.",
                        b=bribe,
                    ),
                    colour="#222",
                )
            )
        else:
            lines.append(note(t("Both deputies let the bag pass, for nothing."), colour="#222"))
    else:
        if outcome["honest"]:
            lines.append(
                note(
                    t(
                        "Both deputies open it. It is honest: the penalty of 2 per card is paid by the "
                        "deputies, half each."
                    ),
                    colour="#222",
                )
            )
        else:
            lines.append(note(t("Both deputies open it. It lies: the fines go on the Booty tile."), colour="#222"))
    if outcome["booty"]:
        odd = outcome["odd_coin"]
        where = (
            t(", and the odd coin goes to {who}, as both deputies agreed", who=player_name(outcome["odd_to"]))
            if outcome["odd_to"]
            else t(", and the odd coin is discarded (back to the bank): the deputies did not agree who takes it")
            if odd
            else ""
        )
        lines.append(
            note(
                t(
                    "End of the round: the Booty of {b} gold is split evenly, {e} each{where}.",
                    b=outcome["booty"],
                    e=outcome["booty_each"],
                    where=where,
                ),
                colour=INK_TEXT,
            )
        )
    changes = [[player_name(name), signed(x)] for name, x in outcome["gold_change"].items() if x]
    lines.append(
        table_html([t("player"), t("gold")], changes) if changes else note(t("No gold changes hands."), colour="#444")
    )
    return "".join(lines)


class DeputiesExplorer(W.VBox):
    """Choose a merchant's bag, what each deputy decides and a bribe: the engine plays the bag (on a copy of the
    round), ends the round and splits the Booty."""

    def __init__(self, merchant: str = "Much", votes=("inspect", "inspect"), bribe: int = 0):
        super().__init__(layout=W.Layout(max_width="100%"))
        self.game = se.deputies_game()
        bags = {self.game.names[m]: self.game.bags[m] for m in self.game.merchants}
        self.merchant = labelled(
            W.Dropdown(
                options=[(f"{player_name(name)}: {goods_text(bag)}", name) for name, bag in bags.items()],
                value=merchant,
                layout=W.Layout(width="auto", max_width="100%"),
            ),
            t("bag"),
        )
        self.votes = [
            labelled(
                W.ToggleButtons(
                    options=[(t("pass"), "pass"), (t("inspect"), "inspect")], value=vote, style={"button_width": "80px"}
                ),
                player_name(name),
            )
            for name, vote in zip(se.DEPUTIES, votes, strict=True)
        ]
        self.bribe = labelled(
            W.IntSlider(
                value=bribe, min=0, max=12, continuous_update=False, layout=W.Layout(width="440px", max_width="100%")
            ),
            t("bribe offered to both deputies"),
        )
        self.readout = html_widget()
        for control in (self.merchant, self.bribe, *self.votes):
            control.observe(self.update, names="value")
        self.children = [self.merchant, wrap_box(self.votes), self.bribe, self.readout]
        self.update()

    def update(self, _change=None) -> None:
        """Play the bag again with the new choices."""
        votes = tuple(v.value for v in self.votes)
        bribe = self.bribe.value if votes == ("pass", "pass") else 0
        outcome = se.deputy_outcome(self.game, self.merchant.value, votes, bribe)
        extra = (
            ""
            if bribe or not self.bribe.value
            else note(
                t("(The {b} gold offer is void: a bribe is paid only if the bag passes.)", b=self.bribe.value),
                colour="#666",
            )
        )
        self.readout.value = deputy_text(outcome, self.merchant.value, votes, bribe) + extra


def deputies_explorer(merchant: str = "Much", votes=("inspect", "inspect"), bribe: int = 0) -> DeputiesExplorer:
    """``deputies_explorer()``: two deputies, one bag, played on the engine (see :class:`DeputiesExplorer`)."""
    return DeputiesExplorer(merchant, votes, bribe)


def deputy_schedule() -> W.HTML:
    """The two deputies of each of the 9 rounds of the lesson's six-player game, played to the end on the engine."""
    names = se.deputies_game().names
    by_round: dict[int, list[str]] = {}
    for seat, rounds in sheriff_rounds(6, seed=se.DEPUTY_SEED).items():
        for r in rounds:
            by_round.setdefault(r, []).append(names[seat])
    turns = dict.fromkeys(names, 0)
    rows = []
    for r, pair in sorted(by_round.items()):
        turns.update({name: turns[name] + 1 for name in pair})
        even = len(set(turns.values())) == 1
        rows.append(
            [
                str(r),
                t("{a} and {b}", a=player_name(pair[0]), b=player_name(pair[1])),
                t("yes, {n} each", n=turns[pair[0]]) if even else "",
            ]
        )
    return html_widget(table_html([t("round"), t("deputies"), t("everyone deputy equally often?")], rows))


# ------------------------------------------------------------------ 2. the Black Market
class BlackMarketForm(W.VBox):
    """Three piles, each a contraband type and its two card values, typed by the teacher; the engine checks the
    table (a broken rule shows in red) and plays the rulebook's Black Market example with it."""

    def __init__(self, table=None):
        super().__init__(layout=W.Layout(max_width="100%"))
        table = dict(PLACEHOLDER_TABLE if table is None else table)
        self.rows = []
        for pile, (good, values) in enumerate(table.items(), 1):
            kind = W.Dropdown(
                options=[(card_name(g), g) for g in CONTRABAND_GOODS],
                value=good,
                tooltip=t("Pile {n}: its contraband", n=pile),
                layout=W.Layout(width="120px"),
            )
            cards = [
                W.BoundedIntText(
                    value=v,
                    min=0,
                    max=99,
                    tooltip=t("Pile {n}: the value of card {m}", n=pile, m=m),
                    layout=W.Layout(width="70px"),
                )
                for m, v in enumerate(values, 1)
            ]
            self.rows.append((kind, cards))
        self.readout = html_widget()
        for kind, cards in self.rows:
            for control in (kind, *cards):
                control.observe(self.update, names="value")
        header = note(
            t(
                "The Black Market piles: a contraband type and the values of its two cards. The values "
                "start as placeholders, not the printed cards: type your box's."
            ),
            colour="#222",
        )
        self.children = [html_widget(header)] + [wrap_box([kind, *cards]) for kind, cards in self.rows] + [self.readout]
        self.update()

    @property
    def table(self) -> list[tuple[str, list[int]]]:
        """The piles as typed: (good, [value, value]) pairs, checked by the engine."""
        return [(kind.value, [c.value for c in cards]) for kind, cards in self.rows]

    def update(self, _change=None) -> None:
        """Check the table with the engine and replay the rulebook's Black Market example."""
        try:
            options = RuleOptions(players=4, black_market=self.table)
        except RuleError as broken:
            self.readout.value = error_html(rule_message(broken))
            return
        good, values = options.black_market[0]
        steps = se.black_market_demo(self.table, good)
        taken = next(s["value"] for s in steps if s["value"] is not None)
        lost = 3 * GOODS[good].value
        self.readout.value = (
            ok_html(t("The engine accepts the table."))
            + _steps_html(steps)
            + note(
                t(
                    "At the end the card scores {v} points; the 3 {good} it cost would have scored 3 × {one} = {lost}. "
                    "The other {good} card, worth {low}, is now on top of the pile.",
                    v=taken,
                    good=card_name(good, 3),
                    one=GOODS[good].value,
                    lost=lost,
                    low=min(values),
                ),
                colour=INK_TEXT,
            )
        )


def black_market_form(table=None) -> BlackMarketForm:
    """``black_market_form()``: the teacher's Black Market table and the rulebook's Black Market example (see
    :class:`BlackMarketForm`)."""
    return BlackMarketForm(table)


# ------------------------------------------------------------------ 3. the optional rules
class OptionsExplorer(W.VBox):
    """The number of players and the optional rules; the setup the engine deals with them."""

    def __init__(self):
        super().__init__(layout=W.Layout(max_width="100%"))
        self.players = labelled(
            W.ToggleButtons(options=[3, 4, 5, 6], value=4, style={"button_width": "44px"}), t("players")
        )
        self.royal = W.Checkbox(value=False, description=t("royal goods"), indent=False)
        self.hand = W.Checkbox(value=False, description=t("7-card hands"), indent=False)
        self.remove = W.Checkbox(value=False, description=t("remove 10 random cards"), indent=False)
        self.timer = W.Checkbox(value=False, description=t("inspection time limit"), indent=False)
        self.readout = html_widget()
        for control in (self.players, self.royal, self.hand, self.remove, self.timer):
            control.observe(self.update, names="value")
        self.children = [self.players, wrap_box([self.royal, self.hand, self.remove, self.timer]), self.readout]
        self.update()

    def update(self, _change=None) -> None:
        """Deal a game with these options and read its setup."""
        facts = se.option_facts(
            players=self.players.value,
            royal=self.royal.value,
            hand_size=7 if self.hand.value else 6,
            remove_random=10 if self.remove.value else 0,
            time_limit=self.timer.value,
        )
        rows = [
            [t("goods cards in play"), facts["deck"]],
            [t("removed unseen at setup"), facts["removed"]],
            [t("cards in each hand"), facts["hands"]],
            [t("left in the draw pile"), facts["draw_pile"]],
            [t("rounds"), facts["rounds"]],
        ]
        if facts["minutes"] is not None:
            rows.append([t("minutes for each Inspection"), facts["minutes"]])
        self.readout.value = table_html([t("this table"), t("the engine deals")], rows)


def options_explorer() -> OptionsExplorer:
    """``options_explorer()``: the optional rules, read from a real setup (see :class:`OptionsExplorer`)."""
    return OptionsExplorer()


def time_limit_story() -> W.HTML:
    """The time limit played on the engine (:func:`sheriff_nb.theory.second_edition.time_limit_demo`), in words."""
    demo = se.time_limit_demo()
    return html_widget(
        note(
            t(
                "4 players, time limit on: Sir Guy has {m} minutes. He opens one bag; {o} offers {g} gold, but nobody "
                "accepts. Time is up: the engine's PassRemaining lets every bag not yet handled pass ({passed}).",
                m=demo["minutes"],
                o=demo["offerer"],
                g=demo["offer"],
                passed=", ".join(demo["passed"]),
            ),
            colour="#222",
        )
        + note(
            t(
                "{o} had {a} gold before and {b} after: no bribe is paid for a bag that passes when time runs out.",
                o=demo["offerer"],
                a=demo["gold_before"],
                b=demo["gold_after"],
            ),
            colour=INK_TEXT,
        )
    )


def royal_example() -> W.HTML:
    """The rulebook's royal goods example scored by the engine: Will's 10 Cheese and 1 Gouda against Marion's 11 Cheese,
    with and without the Gouda."""
    tables = []
    for label, will in ((t("with the Gouda"), {"cheese": 10, "gouda_cheese": 1}), (t("without it"), {"cheese": 10})):
        awards = king_queen_awards({"Will": will, "Marion": {"cheese": 11}})
        rows = [
            [award_title(title), ", ".join(map(player_name, players)), count, bonus]
            for _good, title, players, count, bonus in awards
        ]
        tables.append(
            f"<div style='margin:2px 12px 6px 0'><b>{esc(label)}</b>"
            + table_html([t("Cheese"), t("who"), t("counts as"), t("bonus")], rows)
            + "</div>"
        )
    return html_widget(
        f"<div tabindex='0' style='display:flex;flex-wrap:wrap;max-width:100%;overflow-x:auto;font-size:13px'>"
        f"{''.join(tables)}</div>"
    )


# ------------------------------------------------------------------ 4. place your bets
@register("16.booty")
def _bet_booty():
    bribe = 5
    outcome = se.deputy_outcome(se.deputies_game(), "Friar Tuck", ("pass", "pass"), bribe=bribe)
    each = outcome["booty_each"]
    options = [
        t("{e} gold each; the odd coin goes back to the bank", e=each),
        t("{a} to the lead deputy, {e} to the other", a=bribe - each, e=each),
        t("all {b} to the lead deputy", b=bribe),
    ]
    answer = options[0] if outcome["odd_to"] is None and outcome["odd_coin"] else options[1]
    return (
        t(
            "Both deputies accept Friar Tuck's {b} gold and let his bag pass. Nobody else pays anything. At the end "
            "of the round, how is the Booty split (the deputies do not agree on who gets an odd coin)?",
            b=bribe,
        ),
        options,
        answer,
        t(
            "Evenly: {e} each; a leftover is discarded unless both deputies agree who takes it.",
            e=outcome["booty_each"],
        ),
    )


@register("16.split")
def _bet_split():
    outcome = se.deputy_outcome(se.deputies_game(), "David of Doncaster", ("inspect", "pass"))
    change, (good, count) = outcome["gold_change"], outcome["declared"]
    paid = -change["Sir Guy"]
    options = [
        t("Sir Guy −{a}, Maid Marion 0", a=paid),
        t("Sir Guy −{h}, Maid Marion −{h}", h=paid // 2),
        t("nobody pays: the bag passes"),
    ]
    answer = options[0] if change["Maid Marion"] == 0 and paid > 0 else options[1]
    what = f"{count} {card_name(good, count)}"
    return (
        t(
            "David declares {what} and his bag really holds {bag}. Sir Guy wants to open it; Maid Marion wants to "
            "let it pass. What does each deputy's gold change by?",
            what=what,
            bag=goods_text(outcome["bag"]),
        ),
        options,
        answer,
        t(
            "The deputy who wants to inspect handles the bag alone: Sir Guy opens it and pays the "
            "whole penalty, {n} × 2 = {p} gold.",
            n=count,
            p=paid,
        ),
    )


@register("16.black_market")
def _bet_black_market():
    steps = se.black_market_demo(PLACEHOLDER_TABLE)
    refused = steps[-1]["result"] != "ok"
    options = [
        t("allowed, if he also has 3 of that type"),
        t("refused: one claim per player per round"),
        t("allowed: there is no limit"),
    ]
    return (
        t(
            "David has just traded 3 Pepper for a Black Market card. In the same round he tries to claim a card of "
            "another pile. What does the engine say?"
        ),
        options,
        options[1] if refused else options[0],
        t("One claim per player per round; he may claim again in a later round."),
    )


@register("16.time")
def _bet_time():
    minutes = RuleOptions(players=4, time_limit=True).inspection_minutes
    options = [t("{n} minutes", n=n) for n in (3, 4, 5)]
    return (
        t("With the optional time limit, how long does the sheriff of a 4-player game have for the whole Inspection?"),
        options,
        t("{n} minutes", n=minutes),
        t("One minute per merchant: 3 merchants, {n} minutes.", n=minutes),
    )
