"""A new game with the same players: the same game, rules and stake, the deal (or the mano)
one seat on. One tap, and safe to send twice: a phone without a connection keeps it in its
outbox and sends it when the connection returns, maybe after an answer that never arrived."""

from __future__ import annotations

from collections.abc import Callable

from sqlalchemy.exc import IntegrityError

from ..extensions import db
from ..games import find_game
from ..games.base import Record
from ..play.page import Again, again_after
from ..store import evening, keys
from ..store import service as services
from ..store.models import Game, Table
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


def started_at(table: Table, key: str) -> Game | None:
    """The game the start key ``key`` started at ``table`` (a key sent elsewhere finds none)."""
    return keys.started(keys.of_start(table.id, key)) if key else None


def start_once(start_key: str | None, start: Callable[[], Game]) -> tuple[Game, bool]:
    """The game ``start`` makes, once for its start key (as kept: ``store/keys.py``), and
    whether this request made it: a key that started a game finds that game, also when
    another request stored it a moment before this one (the key's unique index refuses the
    second, which then finds the first)."""
    if start_key and (found := keys.started(start_key)) is not None:
        return found, False
    try:
        return start(), True
    except IntegrityError:
        db.session.rollback()
        if start_key and (found := keys.started(start_key)) is not None:
            return found, False
        raise


def play_again(game: Game, key: str, players: list[str] | None = None) -> Game:
    """Start the game after ``game`` (a RuleError if the evening has ended, or its rules do not
    fit the players), with ``players`` (else the seats' holders at its end); the key of a game
    already started at this table finds that game."""
    start_key = keys.of_start(game.table_id, key)
    stake = None
    if game.stake is not None:
        stake = (game.stake.cents, game.stake.basis)
    after = again_of(game, players)
    # The same rules may not fit other players (17 cards each are dealt to three, not four).
    first_deal = Record(game.kind, tuple(players or after.players), after.first, game.options, ())
    find_game(game.kind).replay(first_deal)

    def start() -> Game:
        return evening.start_game(
            game.table,
            game.kind,
            list(players or after.players),
            dict(game.options),
            after.first,
            dict(game.settings or {}),
            stake=stake,
            key=start_key,
        )

    return start_once(start_key, start)[0]
