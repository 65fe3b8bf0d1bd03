"""Altair charts of the game theory and of simulated games: data in, chart out, no hidden state.

Every builder has a ``*_data`` companion that returns the exact DataFrame it plots (so a teacher can print the
numbers behind any chart), draws with the Okabe-Ito colour-blind-safe palette (every colour also carries a label or a
dash pattern), is about 580 px wide with 13 px text on a laptop (``width=`` defaults to 500 px of plot; on a phone the
picture shrinks to the screen) and has a title that states the finding, computed from the data.  A builder returns a
:class:`~sheriff_nb.ui.charts.drawing.Drawing`: shown, the picture (kept on disk once drawn, so a lesson that finds it
there never imports Altair); used as a chart, the Altair chart itself.  Altair is imported inside the functions and
draws offline, as SVG.

>>> chart = ev_chart({"apples": 2, "pepper": 2}, "apples")
>>> title_text(chart)
'Smuggling 2 Pepper pays only while the sheriff inspects less than 29% of bags'

The modules, each importable on its own (this package re-exports their public names):

* :mod:`~sheriff_nb.ui.charts.drawing`: :class:`Drawing`, what every builder returns;
* :mod:`~sheriff_nb.ui.charts.base`: the palette, the width, titles, the shared look (the ``sheriff``
  Altair theme), :class:`Parts`;
* :mod:`~sheriff_nb.ui.charts.theory`: one bag's game (lessons 07, 08 and 13): EV, equilibrium, one-parameter sweeps;
* :mod:`~sheriff_nb.ui.charts.bargaining`: bribes and the sheriff who announces his rate (lesson 08);
* :mod:`~sheriff_nb.ui.charts.hands`: real hands (lesson 15): honest bags by size, the marginal card near a threshold;
* :mod:`~sheriff_nb.ui.charts.safety`: equilibrium against safety (lesson 13), a live tournament of sheriffs;
* :mod:`~sheriff_nb.ui.charts.live`: :class:`LiveChart`, the explorer charts redrawn at slider speed;
* :mod:`~sheriff_nb.ui.charts.deck`: the deck by kind and player count, the odds of a draw;
* :mod:`~sheriff_nb.ui.charts.results`: draw odds, tournaments, score breakdowns, learning curves;
* :mod:`~sheriff_nb.ui.charts.classroom`: a live class session (lesson 17), round by round against the theory.

The numbers behind the charts live in :mod:`sheriff_nb.theory.analysis` (including
:func:`~sheriff_nb.theory.analysis.model_game`, the 2x2 game from hypothetical numbers that the sweeps use).
"""

from __future__ import annotations

from .bargaining import (
    bribe_chart,
    bribe_data,
    bribe_parts,
    bribe_title,
    leadership_at,
    leadership_chart,
    leadership_data,
    leadership_parts,
)
from .base import (
    DASHES,
    LINE_LEGEND,
    WIDTH,
    Parts,
    title_text,
)
from .classroom import payoff_chart, payoff_data, rates_chart, rates_data
from .deck import deck_chart, deck_table, odds_chart
from .drawing import Drawing
from .hands import bag_size_chart, threshold_chart, threshold_parts
from .live import LIVE_SPECS, LiveChart
from .results import (
    cfr_chart,
    convergence_chart,
    draw_odds_chart,
    draw_odds_data,
    score_breakdown_chart,
    tournament_chart,
    win_rates,
)
from .safety import guarantee_chart, guarantee_parts, tournament_safety_chart, tournament_safety_data
from .theory import (
    PARAMETERS,
    SCENARIO,
    equilibrium_chart,
    equilibrium_data,
    ev_chart,
    ev_data,
    ev_parts,
    sweep_chart,
    sweep_data,
    sweep_parts,
    sweep_title,
)

__all__ = [
    "deck_chart", "deck_table", "odds_chart",
    "Drawing", "WIDTH", "title_text", "SCENARIO", "Parts", "LiveChart", "LIVE_SPECS",
    "ev_data", "ev_parts", "ev_chart", "equilibrium_data", "equilibrium_chart",
    "sweep_data", "sweep_title", "sweep_parts", "sweep_chart", "bribe_data", "bribe_title", "bribe_parts",
    "bribe_chart", "leadership_at", "leadership_data", "leadership_parts", "leadership_chart",
    "draw_odds_data", "draw_odds_chart",
    "win_rates", "tournament_chart", "score_breakdown_chart", "convergence_chart", "cfr_chart",
    "guarantee_parts", "guarantee_chart", "tournament_safety_data", "tournament_safety_chart",
    "bag_size_chart", "threshold_parts", "threshold_chart",
    "rates_data", "rates_chart", "payoff_data", "payoff_chart",
    # the line styles and the sweepable parameters, for views that match the charts (colours: sheriff_nb.ui.palette)
    "DASHES", "LINE_LEGEND", "PARAMETERS",
]  # fmt: skip
