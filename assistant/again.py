"""A new game with the same players: the same game, rules and stake, the deal (or the mano)
one seat on. One tap, and safe to send twice: a phone without a connection keeps it in its
outbox and sends it when the connection returns, maybe after an answer that never arrived."""

from __future__ import annotations

from dataclasses import dataclass

from sqlalchemy.exc import IntegrityError

from . import evening
from .extensions import db
from .games import find_game
from .games.base import N_, Message
from .models import Game


@dataclass(frozen=True)
class Again:
    """What "play again" would start after ``game``: its label names the game and who begins."""

    game: Game
    first: str

    @property
    def label(self) -> Message:
        spec = find_game(self.game.kind)
        if spec.first_field == "first_dealer":
            return Message(N_("{game}, the same rules: {name} deals first"), self._params())
        return Message(N_("{game}, the same rules: {name} is mano first"), self._params())

    def _params(self) -> dict[str, object]:
        return {"game": Message(find_game(self.game.kind).title), "name": self.first}


def again_after(game: Game) -> Again:
    """The next game: the first dealer (or mano) is the player after this game's."""
    seating = list(game.seating)
    first = game.first if game.first in seating else seating[-1]
    return Again(game, seating[(seating.index(first) + 1) % len(seating)])


def again_offered(game: Game | None) -> Again | None:
    """Play again is offered after a finished game, while the evening goes on."""
    if game is None or game.finished is None or game.table.ended is not None:
        return None
    return again_after(game)


def started_with(key: str) -> Game | None:
    return db.session.execute(db.select(Game).filter_by(start_key=key)).scalar_one_or_none()


def play_again(game: Game, key: str) -> Game:
    """Start the game after ``game`` (a RuleError if the evening has ended); the key of a game
    already started finds that game."""
    if (started := started_with(key)) is not None:
        return started
    stake = None
    if game.stake is not None:
        stake = (game.stake.cents, game.stake.basis)
    after = again_after(game)
    try:
        new = evening.start_game(
            game.table,
            game.kind,
            list(game.seating),
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
