"""The numbers the lessons state, checked against the API (see ``tests/claims/__init__.py``)."""

import pytest
from claims import all_claims, reader_text

CLAIMS = all_claims()


@pytest.mark.parametrize("claim", CLAIMS, ids=str)
def test_lesson_states_what_the_api_computes(claim):
    expected = claim.expected()
    assert expected in reader_text(claim.lesson), f"{claim.lesson} should say {expected!r}" + (
        f" ({claim.note})" if claim.note else ""
    )
