"""Where database rows meet the engines: load a game's record, apply a change, save it.

Every change goes through :func:`apply_change` in one transaction: the idempotency key is
checked (a replayed form changes nothing), the form's version is compared with the game's
(someone else entered meanwhile: stale), the whole record is replayed by the engine (a broken
rule changes nothing), and the version is bumped with a guarded UPDATE so that two phones or two
workers can never both win.

A record is replayed once per version: the replay of a saved change is kept (in this process,
by game and version) and the page that follows is rendered from it.
"""

from __future__ import annotations

import secrets
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field
from datetime import datetime
from typing import Any

from sqlalchemy import inspect
from sqlalchemy.orm.attributes import set_committed_value

from . import lookups, writes
from .extensions import db
from .games import find_game
from .games.base import JSON, N_, Message, Record, RuleError
from .history import before_correction, differing, replaced
from .models import Change, Entry, Game, Table, now
from .records import load_json, parse_record
from .replays import REPLAYS


class Replayed(Exception):
    """The change with this idempotency key was applied before: nothing more to do."""


class Stale(Exception):
    """The form was made from an older version of the game; ``changes`` say what happened."""

    def __init__(self, changes: list[Message]) -> None:
        super().__init__("stale")
        self.changes = changes


@dataclass(frozen=True)
class Loaded:
    """A game as stored and replayed, for its adapter to derive the page from."""

    record: Record
    replay: Any  # the engine's replay of the whole record (GameSpec.replay)
    draft: JSON | None = None  # the round being built live (Game.draft)
    settings: JSON = field(default_factory=dict)  # Game.settings: display only


def record_of(game: Game) -> Record:
    unread = "entries" in inspect(game).unloaded
    rounds = lookups.rounds_of(game.id) if unread else (e.payload for e in game.entries)
    return Record(game.kind, tuple(game.seating), game.first, dict(game.options), tuple(rounds))


def load_game(game: Game) -> Loaded:
    """The game as stored, replayed (once per version: see :class:`~.replays.ReplayCache`);
    a version already replayed in this process reads no rounds from the database."""
    cached = REPLAYS.get(game)
    if cached is None:
        record = record_of(game)
        replay = find_game(game.kind).replay_since(record, REPLAYS.latest(game))
        REPLAYS.put(game, game.version, replay, record)
    else:
        kept, replay = cached
        record = kept or record_of(game)
    return Loaded(record, replay, game.draft, dict(game.settings or {}))


def get_table(token: str) -> Table | None:
    return db.session.execute(db.select(Table).filter_by(token=token)).scalar_one_or_none()


def get_table_for_view(view_token: str) -> Table | None:
    return db.session.execute(
        db.select(Table).filter_by(view_token=view_token)
    ).scalar_one_or_none()


def create_table(players: Sequence[str], language: str | None = None) -> Table:
    table = Table(players=list(players), language=language)
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
    REPLAYS.put(game, game.version, replay, record)
    return game


def apply_change(
    game: Game,
    *,
    key: str,
    version: int,
    rounds: Sequence[Mapping[str, Any]],
    summary: Message,
    draft: Mapping[str, Any] | None = None,
    author: str = "",
    replayed: Any = None,
    describe: Callable[[Any], Message] | None = None,
    record: Record | None = None,
    key_checked: bool = False,
    correcting: int | None = None,
) -> Message:
    """Replace the game's rounds (and draft) by these, or raise Replayed, Stale or RuleError;
    answer the sentence the log keeps.

    ``record`` and ``replayed`` are the game as this request read it and its replay, if the
    caller has them: the rounds are not read again, and when only the draft changes the record
    is not replayed again. ``describe`` makes the log's sentence from the new replay (instead
    of ``summary``). ``key_checked``: the caller has looked the key up, or knows that it cannot
    have been applied because ``version`` is the game's (every applied change moved the version
    on); a key that wins a race meanwhile is still caught by its unique index.
    ``correcting``: the round a correction corrects (what it replaced is kept for Undo).
    """
    if not key_checked and already_applied(key):
        raise Replayed
    if version != game.version:
        raise Stale(changes_since(game, version))
    if game.table.ended is not None:  # the evening was ended: every game is closed
        raise RuleError(N_("The evening has ended: reopen it on the table page to enter more."))
    before = record if record is not None else record_of(game)
    old: list[Mapping[str, Any]] = list(before.rounds)
    rounds = list(rounds)
    replay = replayed if replayed is not None and rounds == old else None
    after = before.with_rounds(rounds)
    if replay is None:  # RuleError: nothing is stored
        since = (before, replayed) if replayed is not None else None
        replay = find_game(game.kind).replay_since(after, since)
    if describe is not None:
        summary = describe(replay)
    finished = finished_since(game, replay.finished)
    new_draft = dict(draft) if draft else None
    logged = _dump(summary)
    if (corrected := replaced(old, rounds)) is not None:
        logged["replaced"] = corrected  # the history shows what a correction or undo changed
    kept_for_undo = None
    if correcting is not None and (changed := differing(old, rounds)):
        kept_for_undo = {"round": correcting, "replaced": changed}
    try:
        moved = writes.save(
            game.id, version, new_draft, finished, old, rounds, key, author, logged, kept_for_undo
        )
    except writes.KeyTaken:  # the same key won a race on another worker
        raise Replayed from None
    if not moved:  # another phone moved the version first
        raise Stale(changes_since(game, version))
    # What was written is known: the game is not read again (its rounds are the new record's).
    set_committed_value(game, "version", version + 1)
    set_committed_value(game, "draft", new_draft)
    set_committed_value(game, "finished", finished)
    set_committed_value(game, "corrected", kept_for_undo)
    db.session.expire(game, ["entries"])
    REPLAYS.put(game, version + 1, replay, after)
    return summary


def undo_last(
    game: Game,
    *,
    key: str,
    version: int,
    draft_after: JSON | None = None,
    author: str = "",
    replayed: Any = None,
    what: Message | None = None,
    record: Record | None = None,
    key_checked: bool = False,
) -> Message:
    """Take back the last step: of the half-built round first, else the engine's undo of the
    rounds; ``draft_after`` is the half-built round either leaves (None: none). ``what`` names
    the step ("the tricks of deal 7") for the log: "Undone: the tricks of deal 7.".
    """
    if not key_checked and already_applied(key):  # before judging: what was undone may leave
        raise Replayed  # nothing to undo
    if version != game.version:
        raise Stale(changes_since(game, version))
    before = record if record is not None else record_of(game)
    rounds: list[Mapping[str, Any]] = list(before.rounds)
    if not rounds and not game.draft:
        raise RuleError(N_("There is nothing to undo yet."))
    if (restored := before_correction(game, rounds)) is not None:
        rounds, draft_after = restored, game.draft  # the correction only: the deal in play stays
    elif not game.draft:
        rounds = find_game(game.kind).undo(rounds)
    summary = Message(N_("Undone: {what}."), {"what": what}) if what else Message(N_("Undone"))
    return apply_change(
        game,
        key=key,
        version=version,
        rounds=rounds,
        summary=summary,
        draft=draft_after,
        author=author,
        replayed=replayed,
        record=before,
        key_checked=True,
    )


def current_version(game: Game) -> int:
    """The version as committed now (another phone may have moved it since ``game`` was read)."""
    return db.session.execute(db.select(Game.version).filter_by(id=game.id)).scalar_one()


def changes_since(game: Game, version: int) -> list[Message]:
    rows = db.session.execute(
        db.select(Change)
        .filter(Change.game_id == game.id, Change.version > version)
        .order_by(Change.version)
    ).scalars()
    return [stored_message(row.summary) for row in rows]


def delete_game(game: Game) -> None:
    db.session.delete(game)
    db.session.commit()


def already_applied(key: str) -> bool:
    return db.session.execute(db.select(Change.id).filter_by(key=key)).first() is not None


def finished_since(game: Game, finished: bool) -> datetime | None:
    """When the game ended (kept from before if it had ended already), None while it goes on."""
    if not finished:
        return None
    return game.finished or now()


def _dump(message: Message) -> dict[str, Any]:
    """A message as JSON; a parameter that is a message itself is nested the same way."""
    params = {
        name: _dump(value) if isinstance(value, Message) else value
        for name, value in message.params.items()
    }
    return {"template": message.template, "params": params}


def stored_message(summary: Mapping[str, Any]) -> Message:
    """A change's summary as the app stored it (``_dump``), its nested messages made again:
    only the change log is read this way, never a record or anything else from outside."""
    params = {
        name: stored_message(value) if _is_dumped(value) else value
        for name, value in (summary.get("params") or {}).items()
    }
    return Message(str(summary.get("template", "")), params)


def _is_dumped(value: Any) -> bool:
    return isinstance(value, Mapping) and isinstance(value.get("template"), str)


def _key() -> str:
    return secrets.token_hex(16)
