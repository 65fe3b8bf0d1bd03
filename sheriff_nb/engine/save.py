"""Save files: a game as JSON text (its setup or start position, its moves, its position) and back.

Reading replays the moves through the rules, so a save whose moves are illegal, or whose position is not what its
moves produce, is refused with a :class:`~sheriff_nb.engine.errors.SaveFileError` that says why.  Files are read
with a size and a depth limit (:mod:`sheriff_nb.engine.validate`).
"""

from __future__ import annotations

import json
from collections.abc import Callable
from typing import Any

from .actions import Action, action_from_dict
from .cards import IDS, goods_dict
from .errors import RuleError, SaveFileError
from .notation import write
from .options import RuleOptions
from .state import GameState
from .validate import parse_json

SCHEMA = 3
"""The save-file version: 3 since the engine's one-line notation (the saved position is a notation line, and a game
may start from one), 2 since the Inspection rules of issue 16.  Version 2 files replay the same way and are read."""


def write_save(state: GameState, first_sheriff: int | None, start: str | None) -> str:
    """The save file of a game with this ``state``, set up with ``first_sheriff`` (or started from the notation
    ``start``)."""
    return json.dumps(
        {
            "schema": SCHEMA,
            "options": state.options.to_dict(),
            "seed": state.seed,
            "first_sheriff": first_sheriff,
            "names": state.names,
            "start": start,
            "actions": [a.to_dict() for a in state.history],
            "state": write(state),
        },
        sort_keys=True,
        separators=(",", ":"),
    )


def read_save(text: str, start: Callable[..., Any], apply: Callable[[Any, Action], dict[str, Any]]) -> Any:
    """The game saved in ``text``: ``start(options, seed, first_sheriff, names, start_notation)`` makes the game at
    its start, ``apply(game, action)`` plays each move."""
    data = parse_json(text, "a saved game")
    if not isinstance(data, dict):
        raise SaveFileError("a saved game is a JSON object with schema, options, seed and actions")
    schema = data.get("schema")
    if schema == 1:
        raise SaveFileError(
            "this save file has schema version 1, from an older sheriff_nb whose Inspection rules "
            "differ (a bag handed back with a bribe on the table paid nothing, confiscated cards were "
            "stacked in a fixed order): its moves would not replay the same game. This sheriff_nb "
            "reads version {schema}",
            schema=SCHEMA,
        )
    if schema not in (2, SCHEMA) or isinstance(schema, bool):
        raise SaveFileError(
            "this save file has schema version {schema!r}; this sheriff_nb reads version {schema2} (and 2)",
            schema=schema,
            schema2=SCHEMA,
        )
    missing = {"options", "seed", "first_sheriff", "names", "actions"} - set(data)
    if missing:
        raise SaveFileError("a saved game needs the fields {missing}", missing=", ".join(sorted(missing)))
    if not isinstance(data["options"], dict) or not isinstance(data["actions"], list):
        raise SaveFileError("a saved game's options must be an object and its actions a list")
    first, start_text = data["first_sheriff"], data.get("start")
    if start_text is not None and not isinstance(start_text, str):
        raise SaveFileError("a saved game's start is a position in the notation, or null")
    try:
        options = RuleOptions(**data["options"])
        game = start(options, data["seed"], first, data["names"], start_text)
    except (TypeError, RuleError) as error:
        raise SaveFileError("the saved game's setup is not valid: {error}", error=error) from None
    for number, item in enumerate(data["actions"], 1):
        action = action_from_dict(item)
        try:
            apply(game, action)
        except RuleError as error:
            raise SaveFileError(
                "move {number} of the saved game is illegal: {error}", number=number, error=error
            ) from None
    if "state" in data and not _same_position(data["state"], game.state, schema):
        raise SaveFileError("the saved state does not match what its moves produce; the file was changed")
    return game


def _same_position(saved: Any, state: GameState, schema: int) -> bool:
    if schema == SCHEMA:
        return bool(saved == write(state))
    # version 2 saved a snapshot dict: check the fields every snapshot had
    if not isinstance(saved, dict):
        return False
    expected = {
        "round": state.round,
        "phase": state.phase.value,
        "sheriff": state.sheriff,
        "gold": state.gold,
        "hands": [goods_dict(h) for h in state.hands],
        "stands": [goods_dict(s) for s in state.stands],
        "deck": [IDS[c] for c in state.deck],
        "discards": [[IDS[c] for c in pile] for pile in state.discards],
    }
    return all(saved.get(key) == value for key, value in expected.items())


__all__ = ["SCHEMA", "write_save", "read_save"]
