"""The engine's state (issue 11): one list of state fields that the save, the views and the notation all read.
(The engine's imports, standard library only, no circles, no private names, are checked with the whole package's
layers in ``tests/test_layers.py``.)"""

from sheriff_nb.engine import notation, views
from sheriff_nb.engine.state import POSITION, GameState


def test_one_list_of_fields_for_the_save_the_views_and_the_notation():
    """Every field of the position is in the notation and is either an entry of a player's view or listed, with the
    reason, among what a view does not show as it is."""
    assert set(notation.FIELD_KEYS) == set(POSITION)
    written = set(notation.KEYS)
    assert all(set(keys) <= written for keys in notation.FIELD_KEYS.values())
    assert written == {k for keys in notation.FIELD_KEYS.values() for k in keys}
    for field in POSITION:
        assert field in views.FIELDS or field in views.NOT_SHOWN, field
    assert set(GameState.__dataclass_fields__) == set(POSITION) | {"deck_size", "merchants", "history", "events"}
