"""The change log as a game's history reads it: every accepted change, and what a correction
or an undo did to the rounds already entered (kept in the change's summary as ``replaced``);
and what the game's last correction replaced, for Undo to take it back (``Game.corrected``).
Plain values in and out: the store writes them (``store/writes.py``), a game's page reads what
Undo would take back (``play/page.py``)."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from itertools import zip_longest
from typing import Any


def replaced(
    old: Sequence[Mapping[str, Any]], new: Sequence[Mapping[str, Any]]
) -> list[dict[str, Any]] | None:
    """What a change did to the rounds already entered, if it changed or took back anything (a
    correction, an undo): each such round before and after (None: not there). None when it only
    added (a new round, the tricks of the deal being played)."""
    pairs = differing(old, new)
    if all(p["after"] is not None and p["before"].items() <= p["after"].items() for p in pairs):
        return None
    return pairs


def differing(
    old: Sequence[Mapping[str, Any]], new: Sequence[Mapping[str, Any]]
) -> list[dict[str, Any]]:
    """Each round already entered that the change made different: before and after (None: not
    there any more)."""
    return [
        {"round": n, "before": dict(a), "after": None if b is None else dict(b)}
        for n, (a, b) in enumerate(zip_longest(old, new), start=1)
        if a is not None and a != b
    ]


def correction_to_undo(corrected: Any, rounds: Sequence[Mapping[str, Any]]) -> int | None:
    """The round the game's last change corrected (``corrected``: what it replaced, as
    ``Game.corrected`` keeps it), when Undo would take that correction back (``rounds``: the
    game's rounds as they stand)."""
    if corrected and before_correction(corrected, rounds) is not None:
        return int(corrected["round"])
    return None


def before_correction(
    corrected: Any, rounds: Sequence[Mapping[str, Any]]
) -> list[Mapping[str, Any]] | None:
    """The rounds as they were before the game's last change, when it was a correction (None:
    it was not, or the rounds are no longer what it left)."""
    if not corrected:
        return None
    restored = list(rounds)
    for change in corrected["replaced"]:
        index = change["round"] - 1
        if change["after"] is None or index >= len(restored) or restored[index] != change["after"]:
            return None
        restored[index] = change["before"]
    return restored
