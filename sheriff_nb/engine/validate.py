"""The one validation layer for arguments: whole numbers that are not ``bool``, flags, text, seats, JSON documents.

Actions, options, the pure rule functions and the save and notation readers check their arguments here, so every
bad input is refused the same way: an :class:`~sheriff_nb.engine.errors.ArgumentError` (a ``RuleError`` and a
``TypeError``) whose message names the parameter and what it must be.  Card names are checked in
:mod:`sheriff_nb.engine.cards`.

>>> whole(3, "count", 0)
3
>>> whole(True, "merchant", 0)
Traceback (most recent call last):
...
sheriff_nb.engine.errors.ArgumentError: merchant must be a whole number (0 or more), not True
>>> whole(1.0, "onto", 0, 1)
Traceback (most recent call last):
...
sheriff_nb.engine.errors.ArgumentError: onto must be a whole number (0 or 1), not 1.0
>>> parse_json("[" * 100_000, "a saved game")
Traceback (most recent call last):
...
sheriff_nb.engine.errors.SaveFileError: a saved game nests deeper than 32 levels; it is not a save of this game
"""

from __future__ import annotations

import json
import operator
from typing import Any

from .errors import ArgumentError, RuleError, SaveFileError

MAX_TEXT = 1000
"""The longest free text an action carries (a promise), in characters."""
MAX_NAME = 60
"""The longest player name, in characters."""
MAX_SAVE = 20_000_000
"""The largest save file or position read, in characters (a long game with much talk is well under 1 MB)."""
MAX_DEPTH = 32
"""The deepest nesting of lists and objects a save file may have (a real save nests 6 levels)."""
MAX_SEED = 10**30 - 1
"""The largest whole-number seed (30 digits; the smallest is ``-MAX_SEED``).  Any whole number would shuffle, but a
seed is written into every position and save, which must read back what they wrote: 30 digits are far more games
than will ever be dealt, and the line stays short."""
MAX_SEED_TEXT = 200
"""The longest text seed, in characters."""


def _range_text(low: int | None, high: int | None) -> str:
    if low is not None and high is not None:
        return f" ({low} or {high})" if high == low + 1 else f" ({low} to {high})"
    if low is not None:
        return f" ({low} or more)"
    return ""


def whole(
    value: Any, name: str, low: int | None = None, high: int | None = None, error: type[RuleError] = ArgumentError
) -> int:
    """``value`` as an ``int`` if it is a whole number (never ``bool``) within ``low`` .. ``high``.

    A value of another type raises :class:`ArgumentError`; a whole number out of range raises ``error``.
    """
    if type(value) is not int:
        if isinstance(value, bool):
            raise ArgumentError(
                "{name} must be a whole number{range_text}, not {value!r}",
                name=name,
                range_text=_range_text(low, high),
                value=value,
            )
        try:
            value = operator.index(value)  # numpy integers and other exact integer types
        except TypeError:
            raise ArgumentError(
                "{name} must be a whole number{range_text}, not {value!r}",
                name=name,
                range_text=_range_text(low, high),
                value=value,
            ) from None
    if (low is not None and value < low) or (high is not None and value > high):
        raise error(
            "{name} must be a whole number{range_text}, not {value!r}",
            name=name,
            range_text=_range_text(low, high),
            value=value,
        )
    return int(value)  # an int already: typed as one


def check_seed(seed: Any) -> int | str:
    """A game's seed: a whole number within ``-MAX_SEED`` .. ``MAX_SEED`` (30 digits), or text of at most 200
    characters, so that every position and save of the game writes it and reads it back.

    >>> check_seed(7), check_seed("lesson 3")
    (7, 'lesson 3')
    >>> check_seed(10**40)
    Traceback (most recent call last):
    ...
    sheriff_nb.engine.errors.ArgumentError: seed must be a whole number of at most 30 digits, or text; not a number of 41 digits
    """
    if type(seed) is not str and not isinstance(seed, str):
        if isinstance(seed, bool) or not hasattr(seed, "__index__"):
            raise ArgumentError("seed must be a whole number or text, not {seed!r}", seed=seed)
        seed = operator.index(seed)
        if not -MAX_SEED <= seed <= MAX_SEED:
            raise ArgumentError(
                "seed must be a whole number of at most {digits} digits, or text; not {seed!r}",
                digits=len(str(MAX_SEED)),
                seed=seed,
            )
        return int(seed)  # an int already: typed as one
    if len(seed) > MAX_SEED_TEXT:
        raise ArgumentError("seed must be text of at most 200 characters, not {seed}", seed=len(seed))
    return str(seed)


def flag(value: Any, name: str) -> bool:
    """``value`` as ``True`` or ``False``: a bool, or the whole number 1 or 0 (not text, not another number).

    >>> flag(1, "royal"), flag(False, "royal")
    (True, False)
    >>> flag("no", "royal")
    Traceback (most recent call last):
    ...
    sheriff_nb.engine.errors.ArgumentError: royal must be True or False, not 'no'
    """
    if value is True or value is False:
        return value
    if type(value) is int and value in (0, 1):
        return bool(value)
    raise ArgumentError("{name} must be True or False, not {value!r}", name=name, value=value)


def text(value: Any, name: str, limit: int = MAX_TEXT) -> str:
    """``value`` if it is a ``str`` of at most ``limit`` characters.

    >>> text(object(), "promise")
    Traceback (most recent call last):
    ...
    sheriff_nb.engine.errors.ArgumentError: promise must be text, not <object object at ...>
    """
    if type(value) is not str and not isinstance(value, str):
        raise ArgumentError("{name} must be text, not {value!r}", name=name, value=value)
    if len(value) > limit:
        raise ArgumentError(
            "{name} must be text of at most {limit} characters, not {value}", name=name, limit=limit, value=len(value)
        )
    return str(value)


def seats(value: Any, name: str, high: int | None = None) -> tuple[int, ...]:
    """A collection of seat numbers (whole numbers, 0 to ``high``) as a sorted tuple.

    >>> seats([2, 1], "inspect"), seats(3, "passes")
    ((1, 2), (3,))
    """
    if isinstance(value, (str, bytes)) or value is None:
        raise ArgumentError("{name} must be seat numbers, not {value!r}", name=name, value=value)
    if not hasattr(value, "__iter__"):
        value = (value,)
    try:
        listed = list(value)
    except TypeError:  # a numpy array of one value
        raise ArgumentError("{name} must be seat numbers, not {value!r}", name=name, value=value) from None
    return tuple(sorted(whole(s, f"a seat in {name}", 0, high) for s in listed))


def names(value: Any, players: int) -> list[str]:
    """``players`` player names: text, not empty, different from each other (ignoring case and spaces).

    >>> names(["Robin", "Marion", "John"], 3)
    ['Robin', 'Marion', 'John']
    >>> names(["Robin", "robin ", "John"], 3)
    Traceback (most recent call last):
    ...
    sheriff_nb.engine.errors.SetupError: every player needs a different name (scores are listed by name); \
'Robin' and 'robin ' are the same
    """
    from .errors import SetupError

    if isinstance(value, (str, bytes)) or not hasattr(value, "__iter__"):
        raise ArgumentError("names must be a list of {players} names, not {value!r}", players=players, value=value)
    result = [text(n, "a player's name", MAX_NAME) for n in value]
    if len(result) != players:
        raise SetupError("{players} players need {players} names, not {result}", players=players, result=len(result))
    seen: dict[str, str] = {}
    for name in result:
        key = " ".join(name.split()).casefold()
        if not key:
            raise SetupError("every player needs a name; an empty name cannot be listed in the scores")
        if key in seen:
            raise SetupError(
                "every player needs a different name (scores are listed by name); {seen!r} and {name!r} are the same",
                seen=seen[key],
                name=name,
            )
        seen[key] = name
    return result


def depth(value: Any, limit: int = MAX_DEPTH) -> int:
    """How deeply lists and objects nest in ``value`` (JSON data), counted up to ``limit + 1``.

    >>> depth({"a": [1, [2]]}), depth(3)
    (3, 0)
    """
    deepest, stack = 0, [(value, 1)]
    while stack:
        item, level = stack.pop()
        if isinstance(item, (dict, list)):
            deepest = max(deepest, level)
            if level > limit:
                return level
            stack.extend((v, level + 1) for v in (item.values() if isinstance(item, dict) else item))
    return deepest


def parse_json(source: Any, what: str, limit: int = MAX_SAVE, max_depth: int = MAX_DEPTH) -> Any:
    """JSON ``source`` (text) as data, refusing text that is not a string, too long, malformed or too deep with
    :class:`SaveFileError` naming ``what`` was being read."""
    if not isinstance(source, (str, bytes, bytearray)):
        raise SaveFileError("{what} is JSON text, not {kind}", what=what, kind=type(source).__name__)
    if len(source) > limit:
        raise SaveFileError(
            "{what} is at most {limit:,} characters long; this one has {source:,}",
            what=what,
            limit=limit,
            source=len(source),
        )
    try:
        data = json.loads(source)
    except RecursionError:
        raise SaveFileError(
            "{what} nests deeper than {max_depth} levels; it is not a save of this game", what=what, max_depth=max_depth
        ) from None
    except ValueError as error:
        raise SaveFileError(
            "{what} is JSON text; this is not readable JSON ({error})", what=what, error=error
        ) from None
    if depth(data, max_depth) > max_depth:
        raise SaveFileError(
            "{what} nests deeper than {max_depth} levels; it is not a save of this game", what=what, max_depth=max_depth
        )
    return data


__all__ = [
    "whole",
    "flag",
    "text",
    "seats",
    "names",
    "depth",
    "parse_json",
    "MAX_TEXT",
    "MAX_NAME",
    "MAX_SAVE",
    "MAX_DEPTH",
    "MAX_SEED",
    "MAX_SEED_TEXT",
    "check_seed",
]
