"""The property every engine that resumes a replay keeps: taking the deals of the rounds a
record shares with an earlier one (a save: a shorter record; an undo: a longer one) gives
exactly the replay of the whole record, and other rules share nothing."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from assistant.games.base import Record


def check_resumes(replay: Callable[..., Any], record: Record, k: int) -> None:
    full = replay(record)
    shorter = record.with_rounds(record.rounds[:k])
    assert replay(record, since=(shorter, replay(shorter))) == full
    assert replay(shorter, since=(record, full)) == replay(shorter)
    other_rules = Record(
        record.game, record.players, record.first, {**record.options, "x": 1}, record.rounds
    )
    assert replay(record, since=(other_rules, full)) == full
