"""Mulle: points given to a player or taken from him, with the table's reason (a round's
``adjust``; docs/records.md, "People come and go, and adjustments").

The deal's points stay as the cards made them; the totals count the adjustments, and in
partnerships a partner's adjustment counts for his side (both partners carry the side's total).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from ..base import JSON, N_, RuleError, adjustments, check_int
from .options import side_of

MOST_POINTS = 1000


@dataclass(frozen=True)
class Adjustment:
    player: str
    points: int
    reason: str

    def to_json(self) -> JSON:
        return {"player": self.player, "points": self.points, "reason": self.reason}


def parse_adjust(raw: Mapping[str, Any], players: Sequence[str]) -> tuple[Adjustment, ...]:
    """A deal's ``adjust``, each entry checked (none where the deal has none)."""
    found = []
    for entry in adjustments(raw, fields=("player", "points")):
        name = entry["player"]
        if not isinstance(name, str) or name not in players:
            raise RuleError(N_("adjust: {name!r} is not a player"), field="adjust", name=name)
        points = check_int(
            entry["points"], what="adjust: points", low=-MOST_POINTS, high=MOST_POINTS
        )
        if points == 0:
            raise RuleError(N_("adjust: give or take at least 1 point"), field="adjust")
        found.append(Adjustment(name, points, entry["reason"]))
    return tuple(found)


def adjusted_points(players: tuple[str, ...], adjust: Sequence[Adjustment]) -> dict[str, int]:
    """What the adjustments add to each player's total (his side's, in partnerships)."""
    added = dict.fromkeys(players, 0)
    for entry in adjust:
        for name in side_of(players, entry.player):
            added[name] += entry.points
    return added
