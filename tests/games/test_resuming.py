"""Every engine's replay resumes: taking the deals of the rounds a record shares with an earlier
one (a save: a shorter record; an undo: a longer one) gives exactly the replay of the whole
record, and other rules share nothing (Mus, whose records are drawn otherwise, checks the same
in its own properties)."""

from __future__ import annotations

from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from assistant.games import find_game
from tests.games import test_boodle_properties, test_mulle_properties, test_plump_properties
from tests.games.resuming import check_resumes

RECORDS = {
    "plump": test_plump_properties.games(),
    "mulle": test_mulle_properties.games(),
    "boodle": test_boodle_properties.games(),
}


@pytest.mark.parametrize("kind", sorted(RECORDS))
@settings(max_examples=100, deadline=None)
@given(data=st.data())
def test_a_replay_since_an_earlier_one_is_the_whole_replay(kind: str, data: Any) -> None:
    record = data.draw(RECORDS[kind])
    check_resumes(find_game(kind).replay, record, data.draw(st.integers(0, len(record.rounds))))
