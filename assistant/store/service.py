"""Where database rows meet the engines: load a game's record, apply a change, save it.

Every change is saved through ``writes.save`` (a proposal in, an outcome out). A record is
replayed once per version: the replay of a saved change is kept (``kept.py``) and the page
that follows is drawn from it.
"""

from __future__ import annotations

import secrets
from collections.abc import Mapping, Sequence
from datetime import datetime
from typing import Any

from sqlalchemy import bindparam, delete, inspect

from ..extensions import db
from ..games import find_game
from ..games.base import N_, Message, Record, RuleError
from ..games.seating import everyone
from ..games.spec import Loaded
from ..i18n import stored_message
from .kept import kept
from .models import Change, Entry, Game, Table, now
from .records import load_json, parse_record

# A game's rounds as stored, in order, with the version they make: one statement, so that the
# two are read together (another worker may save between two reads). Payloads only: an entry
# object each cost more than reading it.
ROUNDS = (
    db.select(Game.version, Entry.payload)
    .outerjoin(Entry, Entry.game_id == Game.id)
    .where(Game.id == bindparam("game"))
    .order_by(Entry.seq)
)


def record_of(game: Game) -> Record:
    """The game's record. Its rounds are those of ``game.version``: where another phone saved
    since the game was read, the game is read again (its version, draft, seating) with them."""
    if "entries" in inspect(game).unloaded:
        rounds = rounds_of(game)
    else:  # entries this request added itself
        rounds = [e.payload for e in game.entries]
    return Record(game.kind, tuple(game.seating), game.first, dict(game.options), tuple(rounds))


def rounds_of(game: Game) -> list[Any]:
    """The stored rounds of ``game.version`` (the game read again until they are read with it)."""
    while True:
        rows = db.session.execute(ROUNDS, {"game": game.id}).all()
        if not rows or rows[0].version == game.version:  # (none: deleted meanwhile)
            return [row.payload for row in rows if row.payload is not None]
        db.session.refresh(game)


def load_game(game: Game) -> Loaded[Any]:
    """The game as stored, replayed (once per version: see :class:`~.kept.ReplayCache`);
    a version already replayed in this process reads no rounds from the database."""
    replays = kept().replays
    kept_record, replay = replays.get(game) or (None, None)
    record = kept_record or record_of(game)  # none kept: read (the game may move on with it)
    since = replays.latest(game) if replay is None else None  # an older version kept
    spec = find_game(game.kind)
    if replay is None:
        replay = spec.replay_since(record, since)
        replays.put(game, game.version, replay, record)
    return Loaded(record, replay, spec, game.draft, dict(game.settings or {}), game.table.coin)


def get_table(token: str) -> Table | None:
    return db.session.execute(db.select(Table).filter_by(token=token)).scalar_one_or_none()


def get_table_for_view(view_token: str) -> Table | None:
    return db.session.execute(
        db.select(Table).filter_by(view_token=view_token)
    ).scalar_one_or_none()


def create_table(
    players: Sequence[str], language: str | None = None, token: str | None = None
) -> Table:
    table = Table(players=list(players), language=language)
    if token:
        table.token = token
    db.session.add(table)
    return table


def create_game(
    table: Table,
    kind: str,
    seating: Sequence[str],
    options: Mapping[str, Any],
    first: str,
    settings: Mapping[str, Any] | None = None,
    *,
    commit: bool = True,
) -> Game:
    """Check the set-up through the record format (player count, names, options) and save it
    (``commit=False``: only add it to the session, for a caller that saves more with it)."""
    spec = find_game(kind)
    if table.ended is not None:
        raise RuleError(N_("The evening has ended: reopen it on the table page to start a game."))
    record = parse_record(
        {
            "format": "table-assistant/1",
            "game": kind,
            "players": list(seating),
            "options": dict(options),
            spec.first_field: first,
        }
    )
    game = Game(
        table=table,
        kind=kind,
        seating=list(record.players),
        options=spec.normalize_options(record.options),
        first=record.first,
        settings=dict(settings or {}),
    )
    db.session.add(game)
    if commit:
        db.session.commit()
    return game


def import_record(text: str, table: Table | None = None, *, language: str | None = None) -> Game:
    """A record file (its text) becomes a new game: at ``table``, or at a new table of the
    record's players. Every round is checked first; the table, the game and its rounds are
    stored in one transaction, or nothing is (a RuleError says why). A new table speaks
    ``language``."""
    data = load_json(text)
    record = parse_record(data)
    replay = find_game(record.game).replay(record)
    try:
        table = table or create_table(list(record.players), language)
        game = create_game(
            table, record.game, record.players, record.options, record.first, commit=False
        )
        for seq, payload in enumerate(record.rounds):
            game.entries.append(
                Entry(seq=seq, payload=dict(payload), idempotency_key=_key(), author="import")
            )
        game.version = len(record.rounds)
        game.finished = now() if replay.finished else None
        db.session.commit()
    except BaseException:
        db.session.rollback()
        raise
    kept().replays.put(game, game.version, replay, record)
    return game


def current_version(game: Game) -> int:
    """The version as committed now (another phone may have moved it since ``game`` was read)."""
    version: int = db.session.execute(db.select(Game.version).filter_by(id=game.id)).scalar_one()
    return version


CHANGES_SINCE = (
    db.select(Change.summary)
    .where(Change.game_id == bindparam("game"), Change.version > bindparam("after"))
    .order_by(Change.version.desc())
)
LAST_CHANGES_SINCE = CHANGES_SINCE.limit(bindparam("most"))


def changes_since(game_id: int, version: int, most: int | None = None) -> list[Message]:
    """What the changes after ``version`` said, the oldest first (only the last ``most``)."""
    query = CHANGES_SINCE if most is None else LAST_CHANGES_SINCE
    asked = {"game": game_id, "after": version, "most": most}
    summaries = db.session.execute(query, asked).scalars().all()
    return [stored_message(summary) for summary in reversed(summaries)]


def changes_of(game: Game) -> list[Change]:
    """Every accepted change of the game, the latest first."""
    return list(
        db.session.execute(
            db.select(Change).filter_by(game_id=game.id).order_by(Change.version.desc())
        ).scalars()
    )


def delete_game(game: Game) -> None:
    """The game and what hangs from it (its entries, log and stake, by the database's own
    cascade), in one statement: the same game deleted by two phones at once is deleted once,
    and the second finds nothing left to delete (through the ORM, each row it had read was
    expected to be there still)."""
    db.session.execute(delete(Game).where(Game.id == game.id))
    db.session.commit()


def finished_since(game: Game, finished: bool) -> datetime | None:
    """When the game ended (kept from before if it had ended already), None while it goes on."""
    if not finished:
        return None
    return game.finished or now()


def dumped(message: Message) -> dict[str, Any]:
    """A message as JSON; a parameter that is a message itself is nested the same way."""
    params = {
        name: dumped(value) if isinstance(value, Message) else value
        for name, value in message.params.items()
    }
    return {"template": message.template, "params": params}


def _key() -> str:
    return secrets.token_hex(16)


def names_at(table: Table) -> list[str]:
    """Everyone at the table: its players, then whoever else sat at one of its games."""
    names = list(table.players)
    for game in table.games:  # a substitute (Mus) is named only in the rounds
        names += [name for name in everyone(record_of(game)) if name not in names]
    return names
