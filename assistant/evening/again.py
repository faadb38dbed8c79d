"""A new game with the same players: the same game, rules and stake, the deal (or the mano)
one seat on. One tap, and safe to send twice: a phone without a connection keeps it in its
outbox and sends it when the connection returns, maybe after an answer that never arrived."""

from __future__ import annotations

from sqlalchemy.exc import IntegrityError

from ..extensions import db
from ..play.page import Again, again_after
from ..store import evening
from ..store import service as services
from ..store.models import Game
from .forms import AgainForm


def again_offered(game: Game | None) -> Again | None:
    """Play again is offered after a finished game, while the evening goes on."""
    if game is None or game.finished is None or game.table.ended is not None:
        return None
    return again_of(game)


def again_of(game: Game, chosen: list[str] | None = None) -> Again:
    """The game after ``game``: of the seats' holders at its end, or the ``chosen`` players."""
    return again_after(game.id, game.kind, services.record_of(game), game.table.players, chosen)


def chosen_players(game: Game, form: AgainForm) -> list[str] | None:
    """The players the form chose for the game after ``game`` (None: refused, its reasons on
    the form's fields)."""
    offered = again_of(game)
    chosen = form.players(list(offered.players), list(offered.others), game.kind)
    return None if form.joins.errors else chosen


def started_with(key: str) -> Game | None:
    return db.session.execute(db.select(Game).filter_by(start_key=key)).scalar_one_or_none()


def play_again(game: Game, key: str, players: list[str] | None = None) -> Game:
    """Start the game after ``game`` (a RuleError if the evening has ended), with ``players``
    (else the seats' holders at its end); the key of a game already started finds that game."""
    if (started := started_with(key)) is not None:
        return started
    stake = None
    if game.stake is not None:
        stake = (game.stake.cents, game.stake.basis)
    after = again_of(game, players)
    seating = list(players or after.players)
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
