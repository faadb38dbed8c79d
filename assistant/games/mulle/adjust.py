"""Mulle: points given to a player or taken from him, with the table's reason (a round's
``adjust``; docs/records.md, "People come and go, and adjustments").

The deal's points stay as the cards made them; the totals count the adjustments, and in
partnerships a partner's adjustment counts for his side (both partners carry the side's total).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from ..base import JSON, check_player, point_adjustments
from .options import side_of


@dataclass(frozen=True)
class Adjustment:
    player: str
    points: int
    reason: str

    def to_json(self) -> JSON:
        return {"player": self.player, "points": self.points, "reason": self.reason}


def parse_adjust(raw: Mapping[str, Any], players: Sequence[str]) -> tuple[Adjustment, ...]:
    """A deal's ``adjust``, each entry checked (none where the deal has none)."""

    def player(name: Any) -> str:
        return check_player(name, players, what="adjust")

    entries = point_adjustments(raw, player)
    return tuple(Adjustment(e["player"], e["points"], e["reason"]) for e in entries)


def adjusted_points(players: tuple[str, ...], adjust: Sequence[Adjustment]) -> dict[str, int]:
    """What the adjustments add to each player's total (his side's, in partnerships)."""
    added = dict.fromkeys(players, 0)
    for entry in adjust:
        for name in side_of(players, entry.player):
            added[name] += entry.points
    return added
