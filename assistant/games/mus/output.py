"""The ``score`` output of a replayed Mus match (docs/records.md, "Mus")."""

from __future__ import annotations

from typing import TYPE_CHECKING

from ..base import JSON
from .showdown import team_of

if TYPE_CHECKING:
    from . import HandResult, MusReplay


def result(state: MusReplay) -> JSON:
    """The ``score`` output of a replayed Mus record."""
    sides = state.sides or {p: team_of(state.players, p) for p in state.players}
    return {
        "game": "mus",
        "finished": state.finished,
        "winners": list(state.winners),
        "totals": {name: state.games_won[team - 1] for name, team in sides.items()},
        "rounds": [_hand_json(hand) for hand in state.hands],
        "next": None
        if state.next is None
        else {"hand": state.next.hand, "mano": state.next.mano, "dealer": state.next.dealer},
        "teams": [list(team) for team in state.teams],
        "games": [{"stones": list(g.stones), "winner": g.winner} for g in state.games],
    }


def _hand_json(hand: HandResult) -> JSON:
    """One output round; ``seats`` and ``adjust`` only where the hand had them."""
    out: JSON = {
        "hand": hand.number,
        "mano": hand.mano,
        "immediate": list(hand.immediate),
        "counted": list(hand.counted),
        "stones": list(hand.stones),
        "score": list(hand.score),
        "game_over": hand.game_over,
    }
    if hand.changes is not None:
        out["seats"] = dict(hand.changes)
    if hand.back:
        out["back"] = list(hand.back)
    if hand.adjust:
        out["adjust"] = [entry.to_json() for entry in hand.adjust]
    return out
