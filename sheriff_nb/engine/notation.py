"""A one-line notation for a whole position, like chess's FEN: :func:`write` a state as text, :func:`read` it back.

``Game.notation()`` writes it and ``Game.from_notation(text)`` reads it: the game read back has the same legal moves
and writes the same line.  Test fixtures and bug reports use it.  A line is read only if some game could reach it
(:func:`~sheriff_nb.engine.position_check.check`): every card of the deck in exactly one place, all the gold the
players started with and no more, someone to move.

>>> from sheriff_nb.engine.game import Game
>>> line = Game(players=3, seed=7, first_sheriff=0).notation()
>>> line.split()[:8]
['sheriff-nb/1', 'edition=2', 'players=3', 'seed=7', 'round=0', 'phase=market', 'sheriff=0', 'gold=50,50,50']
>>> Game.from_notation(line).notation() == line
True
>>> start = "sheriff-nb/1 edition=2 players=3 seed=0 round=0 phase=load sheriff=0 gold=50,50,50 hands=-/A3CX/H2"
>>> game = Game.from_notation(start + " deck=A45C35H22P17M15S8X4PMS discards=-")
>>> dict(game.hands[1]), game.to_act()
({'apples': 3, 'cheese': 1, 'crossbow': 1}, [1, 2])

**The format.**  Space-separated ``key=value`` tokens after the version mark ``sheriff-nb/1``, always in the order
below; a field at its empty value (no cards, no seats, zero) is left out, except those marked *always*.

========================  ====================================================================================
``edition`` ``players``   the options, *always*; then, when not the default: ``royal=1``, ``hand=7``,
                          ``remove=10``, ``timer=1``, ``fourplus=0|1`` (the "4+" rule forced off or on) and
                          ``market=P10.14,M12.16,S14.18`` (the teacher's Black Market table)
``seed``                  the game's seed, *always*: a whole number, or ``s:`` and the text (%-escaped)
``names``                 the players' names, %-escaped, comma-separated (left out for "Player 1", ...)
``round`` ``phase``       the round (from 0) and the phase (``market load declaration inspection over``), *always*
``sheriff``               the sheriff or lead deputy, *always*; ``officials=1,4``: both deputies (six players)
``gold``                  each seat's gold, *always*
``hands`` ``stands``      each seat's cards, ``/`` between seats; ``hands`` *always*
``bags`` ``declared``     each seat's bag and declaration (``A3``: 3 Apples); ``~`` for none
``paywith``               each seat's chosen goods for a debt, in order
``deck`` ``discards``     the draw pile and the discard piles (``/`` between piles), bottom first, *always*
``aside`` ``removed``     the 2nd-edition Market's set-aside cards; the cards out of play (optional rule)
``reshuffles``            how many times the deck was rebuilt (it seeds the next shuffle)
``queue``                 the merchants still to act in the Market or the Declaration, in order
``pending`` ``inhand``    the bags still to handle; the bag picked up
``handlers``              ``merchant:official.official`` for each bag; ``outcomes``: ``merchant:p`` or ``:i``
``offers`` ``table``      open offers and bribes on the table; ``deals`` and ``sidedeals``: agreed deals, each
``deals`` ``sidedeals``   ``player:merchant:gold:stand:bag:inspect:passes:buys_pass:promise`` (buys_pass ``1``,
                          ``0`` or ``~``; promise %-escaped), a side deal followed by ``:`` and its officials
``accepted`` ``parties``  ``merchant:seat.seat``: who agreed to each open offer; who is bound by each deal
``votes``                 six players: ``merchant:1p.4i``, each deputy's vote (``p`` pass, ``i`` inspect)
``confiscated``           1st edition: opened cards waiting for the sheriff to stack them
``booty`` ``choices``     the Booty tile (``gold:cards``); each deputy's say about its odd coin or card
``claims``                who has claimed or declined a Black Market card this round
``piles`` ``claimed``     the Black Market piles left (``P10.14``, top last) and each seat's claimed cards
``deputies``              the deputy deck (top last) and ``deputyshuffles``, how many times it was shuffled
``bank`` ``stats``        odd Booty coins returned to the bank; each seat's counts (``bags_passed`` first)
========================  ====================================================================================

Cards are letters: legal ``A`` Apples, ``C`` Cheese, ``B`` Bread, ``H`` Chickens; contraband ``P`` Pepper, ``M``
Mead, ``S`` Silk, ``X`` Crossbow; royal ``G`` Green Apples, ``O`` Golden Apples, ``U`` Gouda Cheese, ``L`` Bleu
Cheese, ``R`` Rye Bread, ``N`` Pumpernickel Bread, ``K`` Royal Rooster.  A letter followed by a number stands for
that many cards (``A3C`` is Apples, Apples, Apples, Cheese); ``-`` is no card.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from typing import Any
from urllib.parse import quote, unquote

from .actions import Offer
from .cards import IDS, INDEX, N_GOODS, deck
from .errors import MAX_DIGITS, RuleError
from .options import RuleOptions
from .position_check import check
from .position_check import fail as _fail
from .state import STAT_NAMES, GameState, Phase, merchants_of
from .validate import MAX_SAVE, check_seed, names

MARK = "sheriff-nb/1"
"""The first token of a position: the notation and its version."""
LETTERS = "ACBHPMSXGOULRNK"
"""Each card's letter, in rulebook order."""
LETTER = dict(zip(LETTERS, range(N_GOODS), strict=True))
_RUN = re.compile(r"([A-Z])(\d*)")
_INT = re.compile(r"-?\d+")


# ---------------------------------------------------------------- pieces


def _seq(cards: list[int]) -> str:
    """Card numbers in order, run-length coded: ``A3C``."""
    if not cards:
        return "-"
    out, previous, run = [], cards[0], 0
    for card in cards:
        if card == previous:
            run += 1
            continue
        out.append(LETTERS[previous] + (str(run) if run > 1 else ""))
        previous, run = card, 1
    out.append(LETTERS[previous] + (str(run) if run > 1 else ""))
    return "".join(out)


def _unseq(text: str, what: str) -> list[int]:
    if text == "-":
        return []
    cards, at = [], 0
    for match in _RUN.finditer(text):
        if match.start() != at or match.group(1) not in LETTER:
            break
        at = match.end()
        run = int(match.group(2)) if match.group(2) else 1
        if not 1 <= run <= 300:
            raise _fail(f"{what} has a run of {run} cards")
        cards += [LETTER[match.group(1)]] * run
    if at != len(text) or not text:
        raise _fail(f"{what} must be card letters ({LETTERS}) with counts, or -; not {text!r}")
    return cards


def _bag(counts: list[int]) -> str:
    """15 counts as card letters in rulebook order."""
    return _seq([i for i, n in enumerate(counts) for _ in range(n)])


def _unbag(text: str, what: str) -> list[int]:
    counts = [0] * N_GOODS
    for card in _unseq(text, what):
        counts[card] += 1
    return counts


def _int(text: str, what: str, low: int | None = 0, high: int | None = None) -> int:
    if not _INT.fullmatch(text) or len(text.lstrip("-")) > MAX_DIGITS:
        shown = repr(text) if len(text) <= 40 else f"{text[:40]!r}... ({len(text):,} characters)"
        raise _fail(f"{what} must be a whole number of at most {MAX_DIGITS} digits, not {shown}")
    value = int(text)
    if (low is not None and value < low) or (high is not None and value > high):
        raise _fail(
            f"{what} must be {low} to {high}, not {value}"
            if high is not None
            else f"{what} must be {low} or more, not {value}"
        )
    return value


def _ints(text: str, what: str, sep: str = ",", low: int | None = 0) -> list[int]:
    return [] if text == "-" else [_int(t, what, low) for t in text.split(sep)]


def _seats(values: list[int], sep: str = ",") -> str:
    return sep.join(map(str, values)) if values else "-"


def _per_seat(values: list[Any], encode: Callable[..., Any]) -> str:
    return "/".join("~" if v is None else encode(v) for v in values)


def _unper_seat(text: str, what: str, players: int, decode: Callable[..., Any], optional: bool = False) -> list[Any]:
    parts = text.split("/")
    if len(parts) != players:
        raise _fail(f"{what} has {len(parts)} entries for {players} players")
    return [None if optional and p == "~" else decode(p, what) for p in parts]


def _pairs(text: str, what: str) -> list[tuple[str, str]]:
    """``key:value,key:value`` items (the value may hold more ``:``)."""
    if text == "-":
        return []
    items = []
    for item in text.split(","):
        key, sep, value = item.partition(":")
        if not sep:
            raise _fail(f"{what} items are key:value, not {item!r}")
        items.append((key, value))
    return items


def _offer(offer: Offer) -> str:
    buys = "~" if offer.buys_pass is None else str(int(offer.buys_pass))
    parts = [
        str(offer.player),
        str(offer.merchant),
        str(offer.gold),
        _seq([INDEX[g] for g in offer.stand]),
        _seq([INDEX[g] for g in offer.bag]),
        _seats(list(offer.inspect), "."),
        _seats(list(offer.passes), "."),
        buys,
        quote(offer.promise, safe=""),
    ]
    return ":".join(parts)


def _unoffer(text: str, what: str, extra: int = 0) -> tuple[Offer, list[str]]:
    parts = text.split(":")
    if len(parts) != 9 + extra:
        raise _fail(f"an offer in {what} has {len(parts)} parts, not {9 + extra}: {text!r}")
    player, merchant, gold, stand, bag, inspect, passes, buys, promise = parts[:9]
    if buys not in ("~", "1", "0"):
        raise _fail(f"an offer's buys_pass in {what} is 1, 0 or ~, not {buys!r}")
    buys_pass = {"~": None, "1": True, "0": False}[buys]
    try:
        offer = Offer(
            _int(player, what),
            _int(merchant, what),
            _int(gold, what),
            tuple(IDS[c] for c in _unseq(stand, what)),
            tuple(IDS[c] for c in _unseq(bag, what)),
            unquote(promise),
            tuple(_ints(inspect, what, ".")),
            tuple(_ints(passes, what, ".")),
            buys_pass,
        )
    except RuleError as error:
        raise _fail(f"an offer in {what} is not valid: {error}") from None
    return offer, parts[9:]


# ---------------------------------------------------------------- the fields


def _write_options(state: GameState) -> list[str]:
    o = state.options
    tokens = [f"edition={o.edition}", f"players={o.players}"]
    if o.royal:
        tokens.append("royal=1")
    if o.hand_size != 6:
        tokens.append(f"hand={o.hand_size}")
    if o.remove_random:
        tokens.append(f"remove={o.remove_random}")
    if o.time_limit:
        tokens.append("timer=1")
    if o.remove_four_plus is not None:
        tokens.append(f"fourplus={int(o.remove_four_plus)}")
    if o.black_market:
        tokens.append("market=" + ",".join(f"{LETTERS[INDEX[g]]}{v[0]}.{v[1]}" for g, v in o.black_market))
    return tokens


def _flag(text: str, what: str) -> bool:
    if text not in ("0", "1"):
        raise _fail(f"{what} is 1 or 0, not {text!r}")
    return text == "1"


def _read_options(fields: dict[str, str]) -> RuleOptions:
    try:
        table = []
        for item in fields.pop("market", "-").split(",") if "market" in fields else []:
            letter, values = item[:1], item[1:].split(".")
            table.append((IDS[LETTER[letter]] if letter in LETTER else letter, [_int(v, "market") for v in values]))
        four_plus = fields.pop("fourplus", None)
        return RuleOptions(
            edition=_int(fields.pop("edition", "?"), "edition"),
            players=_int(fields.pop("players", "?"), "players"),
            royal=_flag(fields.pop("royal", "0"), "royal"),
            hand_size=_int(fields.pop("hand", "6"), "hand"),
            remove_random=_int(fields.pop("remove", "0"), "remove"),
            time_limit=_flag(fields.pop("timer", "0"), "timer"),
            remove_four_plus=None if four_plus is None else _flag(four_plus, "fourplus"),
            black_market=tuple(table),
        )
    except RuleError as error:
        raise _fail(f"the options are not valid: {error}") from None


def write(state: GameState) -> str:
    """The position of ``state`` as one line of text."""
    s, n = state, state.options.players
    tokens = [MARK, *_write_options(s)]
    tokens.append(f"seed={s.seed}" if isinstance(s.seed, int) else f"seed=s:{quote(s.seed, safe='')}")
    if s.names != [f"Player {i + 1}" for i in range(n)]:
        tokens.append("names=" + ",".join(quote(name, safe="") for name in s.names))
    tokens += [f"round={s.round}", f"phase={s.phase.value}", f"sheriff={s.sheriff}"]
    if s.options.deputies:
        tokens.append(f"officials={_seats(s.officials)}")
    tokens.append(f"gold={_seats(s.gold)}")
    tokens.append("hands=" + _per_seat(s.hands, _bag))
    optional: list[tuple[str, bool, Callable[[], str]]] = [
        ("bags", any(b is not None for b in s.bags), lambda: _per_seat(s.bags, _bag)),
        ("declared", any(s.declarations), lambda: _per_seat(s.declarations, lambda d: f"{LETTERS[d[0]]}{d[1]}")),
        ("paywith", any(s.debt_goods), lambda: _per_seat(s.debt_goods, lambda c: _seq(list(c)))),
        ("stands", any(map(any, s.stands)), lambda: _per_seat(s.stands, _bag)),
        ("deck", True, lambda: _seq(s.deck)),
        ("discards", True, lambda: "/".join(_seq(p) for p in s.discards)),
        ("aside", bool(s.set_aside), lambda: _seq(s.set_aside)),
        ("removed", any(s.removed), lambda: _bag(s.removed)),
        ("reshuffles", bool(s.reshuffles), lambda: str(s.reshuffles)),
        ("queue", bool(s.queue), lambda: _seats(s.queue)),
        ("pending", bool(s.pending), lambda: _seats(s.pending)),
        ("inhand", s.in_hand is not None, lambda: str(s.in_hand)),
        ("handlers", bool(s.handlers), lambda: ",".join(f"{m}:{_seats(h, '.')}" for m, h in s.handlers.items())),
        ("outcomes", bool(s.outcomes), lambda: ",".join(f"{m}:{o[0]}" for m, o in s.outcomes.items())),
        ("offers", bool(s.offers), lambda: ",".join(_offer(o) for o in s.offers.values())),
        ("accepted", bool(s.accepted), lambda: ",".join(f"{m}:{_seats(a, '.')}" for m, a in s.accepted.items())),
        ("table", bool(s.table), lambda: ",".join(_offer(o) for o in s.table.values())),
        ("deals", bool(s.deals), lambda: ",".join(_offer(o) for o in s.deals.values())),
        ("parties", bool(s.parties), lambda: ",".join(f"{m}:{_seats(p, '.')}" for m, p in s.parties.items())),
        ("sidedeals", bool(s.side_deals), lambda: ",".join(f"{_offer(o)}:{_seats(p, '.')}" for o, p in s.side_deals)),
        (
            "votes",
            bool(s.votes),
            lambda: ",".join(f"{m}:" + ".".join(f"{d}{v[0]}" for d, v in vs.items()) for m, vs in s.votes.items()),
        ),
        ("confiscated", bool(s.confiscated), lambda: _seq(s.confiscated)),
        ("booty", bool(s.booty_gold or any(s.booty)), lambda: f"{s.booty_gold}:{_bag(s.booty)}"),
        (
            "choices",
            bool(s.booty_choices),
            lambda: ",".join(f"{d}:{'~' if t is None else t}" for d, t in s.booty_choices.items()),
        ),
        ("claims", bool(s.claims_done), lambda: _seats(s.claims_done)),
        (
            "piles",
            bool(s.black_market),
            lambda: ",".join(LETTERS[INDEX[g]] + (".".join(map(str, v)) or "-") for g, v in s.black_market.items()),
        ),
        (
            "claimed",
            any(s.claimed),
            lambda: _per_seat(s.claimed, lambda cs: ".".join(f"{LETTERS[INDEX[g]]}{v}" for g, v in cs) or "-"),
        ),
        ("deputies", bool(s.deputy_deck), lambda: _seats(s.deputy_deck)),
        ("deputyshuffles", bool(s.deputy_shuffles), lambda: str(s.deputy_shuffles)),
        ("bank", bool(s.bank), lambda: str(s.bank)),
        (
            "stats",
            any(any(st.values()) for st in s.stats),
            lambda: _per_seat(s.stats, lambda st: ".".join(str(st[k]) for k in STAT_NAMES)),
        ),
    ]
    tokens += [f"{key}={encode()}" for key, present, encode in optional if present]
    return " ".join(tokens)


KEYS = (
    "edition",
    "players",
    "royal",
    "hand",
    "remove",
    "timer",
    "fourplus",
    "market",
    "seed",
    "names",
    "round",
    "phase",
    "sheriff",
    "officials",
    "gold",
    "hands",
    "bags",
    "declared",
    "paywith",
    "stands",
    "deck",
    "discards",
    "aside",
    "removed",
    "reshuffles",
    "queue",
    "pending",
    "inhand",
    "handlers",
    "outcomes",
    "offers",
    "accepted",
    "table",
    "deals",
    "parties",
    "sidedeals",
    "votes",
    "confiscated",
    "booty",
    "choices",
    "claims",
    "piles",
    "claimed",
    "deputies",
    "deputyshuffles",
    "bank",
    "stats",
)
"""Every key, in the order they are written."""
FIELD_KEYS = {
    "options": ("edition", "players", "royal", "hand", "remove", "timer", "fourplus", "market"),
    "seed": ("seed",),
    "names": ("names",),
    "round": ("round",),
    "phase": ("phase",),
    "sheriff": ("sheriff",),
    "officials": ("officials",),
    "gold": ("gold",),
    "hands": ("hands",),
    "bags": ("bags",),
    "declarations": ("declared",),
    "debt_goods": ("paywith",),
    "stands": ("stands",),
    "deck": ("deck",),
    "discards": ("discards",),
    "set_aside": ("aside",),
    "removed": ("removed",),
    "reshuffles": ("reshuffles",),
    "queue": ("queue",),
    "pending": ("pending",),
    "in_hand": ("inhand",),
    "handlers": ("handlers",),
    "outcomes": ("outcomes",),
    "offers": ("offers",),
    "accepted": ("accepted",),
    "table": ("table",),
    "deals": ("deals",),
    "parties": ("parties",),
    "side_deals": ("sidedeals",),
    "votes": ("votes",),
    "confiscated": ("confiscated",),
    "booty_gold": ("booty",),
    "booty": ("booty",),
    "booty_choices": ("choices",),
    "claims_done": ("claims",),
    "black_market": ("piles",),
    "claimed": ("claimed",),
    "deputy_deck": ("deputies",),
    "deputy_shuffles": ("deputyshuffles",),
    "bank": ("bank",),
    "stats": ("stats",),
}
"""Each field of the position (:data:`~sheriff_nb.engine.state.POSITION`) and the keys that write it."""
REQUIRED = ("edition", "players", "seed", "round", "phase", "sheriff", "gold", "hands", "deck", "discards")


def read(text: str) -> GameState:
    """The state written by :func:`write` (bad text raises :class:`NotationError` saying what is wrong)."""
    if not isinstance(text, str):
        raise _fail(f"a position is one line of text, not {type(text).__name__}")
    if len(text) > MAX_SAVE:
        raise _fail(f"a position is at most {MAX_SAVE:,} characters long")
    tokens = text.split()
    if not tokens or tokens[0] != MARK:
        raise _fail(f"it must start with {MARK!r}")
    fields: dict[str, str] = {}
    for token in tokens[1:]:
        key, sep, value = token.partition("=")
        if not sep or key not in KEYS:
            raise _fail(f"{token[:40]!r} is not a key=value field; the keys are {', '.join(KEYS)}")
        if key in fields:
            raise _fail(f"{key} is given twice")
        fields[key] = value
    order = [k for k in KEYS if k in fields]
    if list(fields) != order:
        raise _fail(f"the fields must come in the order {', '.join(order)}")
    missing = [k for k in REQUIRED if k not in fields]
    if missing:
        raise _fail(f"it needs the fields {', '.join(missing)}")
    return _state(fields)


def _state(f: dict[str, str]) -> GameState:
    """The position the fields ``f`` give (read field by field, emptying ``f``), checked by
    :func:`~sheriff_nb.engine.position_check.check`."""
    s = _new_state(f)
    for read in (_read_table, _read_inspection, _read_round_end):
        read(s, f)
    check(s)
    return s


def _new_state(f: dict[str, str]) -> GameState:
    """The options, the seed and the names."""
    options = _read_options(f)
    n = options.players
    seed_text = f.pop("seed")
    seed: int | str = unquote(seed_text[2:]) if seed_text.startswith("s:") else _int(seed_text, "seed", None)
    try:
        seed = check_seed(seed)
    except RuleError as error:
        raise _fail(f"seed: {error}") from None
    try:
        given = names([unquote(x) for x in f.pop("names").split(",")], n) if "names" in f else None
    except RuleError as error:
        raise _fail(f"names: {error}") from None
    size = deck(options.edition, n, options.royal, options.four_plus_removed).total()
    return GameState(options=options, seed=seed, names=given or [f"Player {i + 1}" for i in range(n)], deck_size=size)


def _read_table(s: GameState, f: dict[str, str]) -> None:
    """Round, phase, officials, gold, hands, bags, declarations, stands, deck, discard piles."""
    n = s.options.players
    seat = n - 1
    s.round = _int(f.pop("round"), "round", 0, s.options.rounds)
    phase = f.pop("phase")
    if phase not in set(Phase):
        raise _fail(f"phase must be one of {', '.join(Phase)}, not {phase!r}")
    s.phase = Phase(phase)
    s.sheriff = _int(f.pop("sheriff"), "sheriff", 0, seat)
    s.officials = _ints(f.pop("officials"), "officials") if "officials" in f else [s.sheriff]
    s.merchants = merchants_of(n, s.sheriff, s.officials)
    s.gold = _ints(f.pop("gold"), "gold")
    s.hands = _unper_seat(f.pop("hands"), "hands", n, _unbag)
    empty = "/".join(["~"] * n)
    s.bags = _unper_seat(f.pop("bags", empty), "bags", n, _unbag, optional=True)
    s.declarations = _unper_seat(f.pop("declared", empty), "declared", n, _declaration, optional=True)
    s.debt_goods = [tuple(c or ()) for c in _unper_seat(f.pop("paywith", empty), "paywith", n, _unseq, optional=True)]
    s.stands = _unper_seat(f.pop("stands", "/".join(["-"] * n)), "stands", n, _unbag)
    s.deck = _unseq(f.pop("deck"), "deck")
    s.discards = [_unseq(p, "discards") for p in f.pop("discards").split("/")]
    s.set_aside = _unseq(f.pop("aside", "-"), "aside")
    s.removed = _unbag(f.pop("removed", "-"), "removed")
    s.reshuffles = _int(f.pop("reshuffles", "0"), "reshuffles")


def _read_inspection(s: GameState, f: dict[str, str]) -> None:
    """The queue, the bags to handle and their talk: offers, deals, votes, the confiscated cards."""
    seat = s.options.players - 1
    s.queue = _ints(f.pop("queue", "-"), "queue")
    s.pending = _ints(f.pop("pending", "-"), "pending")
    s.in_hand = _int(f.pop("inhand"), "inhand", 0, seat) if "inhand" in f else None
    s.handlers = {_int(m, "handlers"): _ints(h, "handlers", ".") for m, h in _pairs(f.pop("handlers", "-"), "handlers")}
    outcome = {"p": "pass", "i": "inspect"}
    s.outcomes = {
        _int(m, "outcomes"): _choice(outcome, o, "outcomes") for m, o in _pairs(f.pop("outcomes", "-"), "outcomes")
    }
    s.offers = _offers(f.pop("offers", "-"), "offers")
    s.accepted = {_int(m, "accepted"): _ints(a, "accepted", ".") for m, a in _pairs(f.pop("accepted", "-"), "accepted")}
    s.table = _offers(f.pop("table", "-"), "table")
    s.deals = _offers(f.pop("deals", "-"), "deals")
    s.parties = {_int(m, "parties"): _ints(p, "parties", ".") for m, p in _pairs(f.pop("parties", "-"), "parties")}
    s.side_deals = []
    side_deals = f.pop("sidedeals", "-")
    for item in [] if side_deals == "-" else side_deals.split(","):
        offer, rest = _unoffer(item, "sidedeals", extra=1)
        s.side_deals.append((offer, _ints(rest[0], "sidedeals", ".")))
    s.votes = {}
    for m, votes in _pairs(f.pop("votes", "-"), "votes"):
        s.votes[_int(m, "votes")] = {_int(v[:-1], "votes"): _choice(outcome, v[-1:], "votes") for v in votes.split(".")}
    s.confiscated = _unseq(f.pop("confiscated", "-"), "confiscated")


def _read_round_end(s: GameState, f: dict[str, str]) -> None:
    """The Booty, the Black Market, the deputy deck, the bank and the statistics."""
    n, options = s.options.players, s.options
    gold, _, cards = f.pop("booty", "0:-").partition(":")
    s.booty_gold, s.booty = _int(gold, "booty"), _unbag(cards, "booty")
    s.booty_choices = {
        _int(d, "choices"): None if t == "~" else _int(t, "choices")
        for d, t in _pairs(f.pop("choices", "-"), "choices")
    }
    s.claims_done = _ints(f.pop("claims", "-"), "claims")
    s.black_market = {}
    for item in f.pop("piles").split(",") if "piles" in f else []:
        good = IDS[LETTER[item[:1]]] if item[:1] in LETTER else None
        if good is None or good not in dict(options.black_market):
            raise _fail(f"piles are the Black Market piles of the market option, not {item!r}")
        s.black_market[good] = _ints(item[1:], "piles", ".")
    s.claimed = _unper_seat(f.pop("claimed", "/".join(["-"] * n)), "claimed", n, _claimed)
    s.deputy_deck = _ints(f.pop("deputies", "-"), "deputies")
    s.deputy_shuffles = _int(f.pop("deputyshuffles", "0"), "deputyshuffles")
    s.bank = _int(f.pop("bank", "0"), "bank")
    s.stats = _unper_seat(f.pop("stats", "/".join([".".join(["0"] * len(STAT_NAMES))] * n)), "stats", n, _stats)


def _choice(table: dict[str, str], key: str, what: str) -> str:
    if key not in table:
        raise _fail(f"{what} uses {', '.join(table)}, not {key!r}")
    return table[key]


def _declaration(text: str, what: str) -> tuple[int, int]:
    if text[:1] not in LETTER:
        raise _fail(f"a declaration is a card letter and a count, like A3; not {text!r}")
    return LETTER[text[0]], _int(text[1:], what, 1, 5)


def _offers(text: str, what: str) -> dict[int, Offer]:
    offers = {}
    for item in [] if text == "-" else text.split(","):
        offer, _ = _unoffer(item, what)
        offers[offer.merchant] = offer
    return offers


def _claimed(text: str, what: str) -> list[tuple[str, int]]:
    if text == "-":
        return []
    cards = []
    for item in text.split("."):
        if item[:1] not in LETTER:
            raise _fail(f"a claimed Black Market card is a letter and its value, like P14; not {item!r}")
        cards.append((IDS[LETTER[item[0]]], _int(item[1:], what, 1)))
    return cards


def _stats(text: str, what: str) -> dict[str, int]:
    values = _ints(text, what, ".")
    if len(values) != len(STAT_NAMES):
        raise _fail(f"each seat's stats are {len(STAT_NAMES)} numbers ({', '.join(STAT_NAMES)})")
    return dict(zip(STAT_NAMES, values, strict=True))


__all__ = ["MARK", "LETTERS", "KEYS", "FIELD_KEYS", "write", "read", "check"]
