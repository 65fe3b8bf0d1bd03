"""The phases of a round, one module each, every one with ``check(state, action)`` (raise the RuleError the action
breaks, change nothing) and ``apply(state, action)`` (make the checked change, record and return its event).

:data:`PHASE_OF` is the dispatch table: which phase module rules each kind of action.  Phase 4 spreads over three
modules: :mod:`.inspection` (its check and apply: bags, decisions, debts), :mod:`.deals` (offers) and
:mod:`.inspection_end` (Black Market, Booty); phase 5 is :mod:`.round_end`.
"""

from __future__ import annotations

from ..actions import (
    Accept,
    ChooseFirstMerchant,
    ClaimBlackMarket,
    Declare,
    DiscardConfiscated,
    Inspect,
    Load,
    Market,
    Offer,
    Pass,
    PassRemaining,
    PickUpBag,
    SplitBooty,
)
from . import declaration, inspection, load, market

PHASE_OF = {
    ChooseFirstMerchant: market, Market: market,
    Load: load,
    Declare: declaration,
    PickUpBag: inspection, Offer: inspection, Accept: inspection, Pass: inspection, Inspect: inspection,
    DiscardConfiscated: inspection, PassRemaining: inspection, SplitBooty: inspection, ClaimBlackMarket: inspection,
}  # fmt: skip
"""Each kind of action and the phase module whose ``check`` and ``apply`` rule it."""

__all__ = ["PHASE_OF"]
