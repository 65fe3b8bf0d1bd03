"""Many games between named characters, as one pandas DataFrame (one row per player per game).

Every game is played on the real :class:`~sheriff_nb.engine.game.Game`: through :func:`~sheriff_nb.play.bots.play`,
so the bots obey exactly the rules a human does, or, for the named characters with 3 to 5 players, through the faster
:func:`sheriff_nb.play.fast.run`, which makes the same moves (``exact=True`` always uses the driver).  Each game's
seed, seating and bot seeds are derived from ``(seed, game number)`` alone, so the same call gives the identical frame
in any process, serial or parallel.

>>> import sheriff_nb as sn
>>> df = sn.simulate(4, players=4, strategies=["honest", "smuggler", "bluffer", "briber"], seed=1)
>>> len(df), sorted(df.strategy.unique())
(16, ['bluffer', 'briber', 'honest', 'smuggler'])
>>> bool((df.groupby("game").gold.sum() == 50 * 4).all())    # gold moves between players, never vanishes
True
>>> df.groupby("strategy").total.mean().round(1).to_dict()    # doctest: +SKIP
{'bluffer': ..., 'briber': ..., 'honest': ..., 'smuggler': ...}
"""

from __future__ import annotations

import copy
import hashlib
import math
import random
from collections.abc import Callable, Mapping, Sequence

from ..engine.game import STAT_NAMES, Game
from .bots import Bot, play, strategy
from .fast import covers
from .fast import run as fast_run

COLUMNS = (
    "game", "player", "seat", "strategy", "gold", "goods", "bonus", "total", "rank", "legal", "contraband",
    *STAT_NAMES, "sheriff_gold",
)  # fmt: skip
"""The frame's columns: every one an int64 except ``strategy`` (text)."""

DEFAULT_MIX = ("honest", "smuggler", "bluffer", "briber", "suspicious", "greedy")
"""The lineup when ``strategies=None``: the first ``players`` of these."""

Entry = str | Bot


def _seed(*parts: object) -> int:
    """A 63-bit seed from ``parts``; the same in every process (no ``hash()``, which is salted per process)."""
    text = ":".join(map(str, ("sheriff_nb.simulate", *parts)))
    return int.from_bytes(hashlib.blake2b(text.encode(), digest_size=8).digest(), "big") >> 1


def lineup(strategies: Sequence[Entry] | Mapping[str, int] | None, players: int) -> list[Entry]:
    """The players of every game, in a fixed order (their ``player`` number): names or bot objects.

    >>> lineup({"honest": 2, "smuggler": 1}, 3)
    ['honest', 'honest', 'smuggler']
    >>> lineup(None, 3)
    ['honest', 'smuggler', 'bluffer']
    """
    if strategies is None:
        entries: list[Entry] = list(DEFAULT_MIX[:players])
    elif isinstance(strategies, Mapping):
        entries = [name for name, count in strategies.items() for _ in range(int(count))]
    elif isinstance(strategies, (str, Bot)):
        raise TypeError("strategies is a list with one strategy per player, or a dict name -> number of players")
    else:
        entries = list(strategies)
    if len(entries) != players:
        raise ValueError(f"{players} players need {players} strategies; got {len(entries)}: {entries!r}")
    for entry in entries:
        if isinstance(entry, str):
            strategy(entry)  # raises a ValueError naming the known strategies
        elif not all(callable(getattr(entry, q, None)) for q in ("market", "load", "declare", "decide")):
            raise TypeError(f"{entry!r} is neither a strategy name nor a bot (see sheriff_nb.play.bots.Bot)")
    return entries


def _label(entry: Entry) -> str:
    if isinstance(entry, str):
        return "".join(entry.lower().split())
    return str(getattr(entry, "name", type(entry).__name__))


def _bot(entry: Entry, seed: int) -> Bot:
    """A fresh bot for one game: a new one for a name; a reseeded deep copy of a bot object."""
    if isinstance(entry, str):
        return strategy(entry, seed)
    bot = copy.deepcopy(entry)
    if hasattr(bot, "reseed"):
        bot.reseed(seed)
    elif isinstance(rng := getattr(bot, "rng", None), random.Random):
        rng.seed(seed)
    return bot


def play_game(
    index: int,
    entries: Sequence[Entry],
    players: int = 5,
    edition: int = 2,
    royal: bool = False,
    seed: int = 0,
    fast: bool = False,
) -> list[tuple]:
    """Play game number ``index`` of a simulation and return its rows (tuples in :data:`COLUMNS` order).

    ``fast=True`` plays it with :func:`sheriff_nb.play.fast.run` (only for a lineup
    :func:`sheriff_nb.play.fast.covers` accepts): the same rows, sooner.

    >>> play_game(3, ["honest", "smuggler", "briber"], 3, fast=True) == play_game(3, ["honest", "smuggler", "briber"], 3)
    True
    """
    game_seed = _seed(seed, index)
    order = list(range(players))  # order[seat] = player number
    random.Random(_seed(seed, index, "seating")).shuffle(order)
    bots = [_bot(entries[p], _seed(seed, index, "bot", p)) for p in order]
    game = Game(players=players, edition=edition, royal=royal, seed=game_seed)
    sheriff_gold = fast_run(game, bots) if fast else _drive(game, bots)
    state = game.state
    scores = game.score_rows()
    rows = []
    for seat, p in enumerate(order):
        s, stats = scores[seat], state.stats[seat]
        rows.append(
            (
                index,
                p,
                seat,
                _label(entries[p]),
                s["gold"],
                s["goods"],
                s["bonus"],
                s["total"],
                s["rank"],
                s["legal"],
                s["contraband"],
                *(stats[k] for k in STAT_NAMES),
                sheriff_gold[seat],
            )
        )
    return sorted(rows, key=lambda r: r[1])


def _drive(game: Game, bots: Sequence[Bot]) -> list[int]:
    """Play ``game`` through the driver; return each seat's gold gained while an official."""
    state = game.state
    sheriff_gold = [0] * len(bots)  # an official's gold changes only through bribes, fines, payments and Booty
    officials, start, current = list(state.officials), list(state.gold), state.round
    for _ in play(game, bots):
        if state.round != current:
            for seat in officials:
                sheriff_gold[seat] += state.gold[seat] - start[seat]
            officials, start, current = list(state.officials), list(state.gold), state.round
    return sheriff_gold


def _play_chunk(
    indices: range, entries: Sequence[Entry], players: int, edition: int, royal: bool, seed: int, fast: bool
) -> list[tuple]:
    return [row for i in indices for row in play_game(i, entries, players, edition, royal, seed, fast)]


def simulate(
    games: int,
    players: int = 5,
    edition: int = 2,
    royal: bool = False,
    strategies: Sequence[Entry] | Mapping[str, int] | None = None,
    seed: int = 0,
    progress: bool | Callable[[int, int], None] = False,
    n_jobs: int = 1,
    exact: bool = False,
):
    """Play ``games`` games and return a DataFrame with one row per player per game.

    ``strategies``: ``None`` (the first ``players`` of :data:`DEFAULT_MIX`: honest, smuggler, bluffer, briber,
    suspicious, greedy), a list with one entry per player (a strategy name such as ``"smuggler"`` or
    ``"bluffer+suspicious"``, see :func:`sheriff_nb.play.bots.strategy`, or a bot object, which is deep-copied and
    reseeded for every game), or a dict ``name -> number of players``.  Seats are shuffled for every game and the
    first sheriff is drawn from the game's seed, so no strategy is favoured by where it sits.

    Columns (all int64 except ``strategy``): ``game``; ``player`` (position in the lineup, the same in every game);
    ``seat`` (where that player sat this game); ``strategy``; the score ``gold, goods, bonus, total, rank``
    (1 = winner, ties share; ``goods`` includes claimed Black Market cards) and the tie-break counts
    ``legal, contraband``; per player the counts
    ``bags_passed, bags_inspected, caught`` (as a merchant), ``bribes_paid, bribes_received`` (deals honoured)
    and ``gold_bribes_paid, gold_bribes_received``; ``sheriff_gold`` = gold gained while sheriff (bribes and
    fines, less payments to honest merchants; with six players, the deputy's share of the Booty).
    Gold is conserved: each game's ``gold`` sums to 50 x players, except that with six players an odd Booty coin
    the two deputies do not agree on goes back to the bank (never with the named characters, who all name the
    lead deputy).

    Same arguments -> identical frame, in any process: each game's seed, seating and bot seeds come from
    ``(seed, game number)`` only.  ``progress=True`` shows a tqdm bar (``tqdm.auto``: a widget in Jupyter);
    a function instead is called as ``progress(games_done, games)`` as the games are played (a dashboard's bar).
    ``n_jobs`` other than 1 plays chunks of games with ``joblib.Parallel(n_jobs=n_jobs)`` (``-1``: every core)
    and returns the identical frame; run inside ``with joblib.parallel_config(backend="dask"):`` (with a
    ``dask.distributed.Client`` open) the same call is carried to a Dask cluster.

    Lineups of named strategies with 3 to 5 players and no royal goods are played by the faster
    :func:`sheriff_nb.play.fast.run`, which gives the identical frame; ``exact=True`` plays every game through the
    driver and the engine's rule checks instead (the oracle the fast path is tested against).

    >>> df = simulate(2, players=3, strategies={"honest": 1, "smuggler+trusting": 2}, seed=7)
    >>> df[["game", "player", "strategy"]].values.tolist()
    [[0, 0, 'honest'], [0, 1, 'smuggler+trusting'], [0, 2, 'smuggler+trusting'], [1, 0, 'honest'], \
[1, 1, 'smuggler+trusting'], [1, 2, 'smuggler+trusting']]
    >>> simulate(2, players=3, strategies=["honest"] * 3).equals(simulate(2, players=3, strategies=["honest"] * 3))
    True
    """
    import pandas as pd
    from tqdm.auto import tqdm

    if isinstance(games, bool) or not isinstance(games, int) or games < 0:
        raise ValueError(f"games is a whole number of games, 0 or more; not {games!r}")
    Game(players=players, edition=edition, royal=royal)  # checks the options (a SetupError names the rule)
    entries = lineup(strategies, players)
    args = (entries, players, edition, royal, seed, not exact and covers(entries, players, royal))
    report = progress if callable(progress) else None
    played = [0]
    with tqdm(total=games, desc="games", unit="game", disable=not progress or report is not None) as bar:

        def done(n: int) -> None:
            bar.update(n)
            played[0] += n
            if report is not None:
                report(played[0], games)

        rows = _rows(games, args, n_jobs, done)
    frame = pd.DataFrame.from_records(rows, columns=list(COLUMNS))
    ints = [c for c in COLUMNS if c != "strategy"]
    return frame.astype(dict.fromkeys(ints, "int64") | {"strategy": str})


def _rows(games: int, args: tuple, n_jobs: int, done: Callable[[int], None]) -> list[tuple]:
    """Every game's rows, in game order: played here, or in chunks through joblib when ``n_jobs`` is not 1;
    ``done(n)`` is told as each ``n`` games are played."""
    rows: list[tuple] = []
    if n_jobs == 1:
        for i in range(games):
            rows.extend(play_game(i, *args))
            done(1)
        return rows
    from joblib import Parallel, delayed, effective_n_jobs

    workers = effective_n_jobs(n_jobs)
    size = max(1, min(250, math.ceil(games / (4 * workers))))
    chunks = [range(start, min(start + size, games)) for start in range(0, games, size)]
    run = Parallel(n_jobs=n_jobs, return_as="generator")(delayed(_play_chunk)(c, *args) for c in chunks)
    for chunk, result in zip(chunks, run, strict=True):
        rows.extend(result)
        done(len(chunk))
    return rows


__all__ = ["simulate", "play_game", "lineup", "COLUMNS", "DEFAULT_MIX"]
