"""A new game with the same players: the same game, rules and stake, the deal (or the mano)
one seat on. One tap, and safe to send twice: a phone without a connection keeps it in its
outbox and sends it when the connection returns, maybe after an answer that never arrived."""

from __future__ import annotations

from sqlalchemy.exc import IntegrityError

from ..extensions import db
from ..play.page import Again, again_after
from ..store.models import Game
from . import service as evening


def again_offered(game: Game | None) -> Again | None:
    """Play again is offered after a finished game, while the evening goes on."""
    if game is None or game.finished is None or game.table.ended is not None:
        return None
    others = [name for name in game.table.players if name not in game.seating]
    return again_after(game.id, game.kind, game.seating, game.first, others)


def started_with(key: str) -> Game | None:
    return db.session.execute(db.select(Game).filter_by(start_key=key)).scalar_one_or_none()


def play_again(game: Game, key: str, players: list[str] | None = None) -> Game:
    """Start the game after ``game`` (a RuleError if the evening has ended), with ``players``
    (else the same); the key of a game already started finds that game."""
    if (started := started_with(key)) is not None:
        return started
    stake = None
    if game.stake is not None:
        stake = (game.stake.cents, game.stake.basis)
    seating = list(players or game.seating)
    after = again_after(game.id, game.kind, seating, game.first, played=game.seating)
    try:
        new = evening.start_game(
            game.table,
            game.kind,
            seating,
            dict(game.options),
            after.first,
            dict(game.settings or {}),
            stake=stake,
            key=key,
        )
    except IntegrityError:  # the same key won a race on another worker
        db.session.rollback()
        if (started := started_with(key)) is None:
            raise
        return started
    return new
