"""A save: a change proposed to a game (an entry, an Undo, a correction) comes back as its
outcome — saved, already saved, stale (with what changed) or refused (with the error) — and
the view turns that into its answer (``views/respond.py:answer``).

Its writes are built once and sent as they are to the session's connection (the ORM's
bookkeeping of objects cost more than the statements themselves): the guarded update of the
game's version, the rounds rewritten from the first that differs, the log's line, in one
transaction."""

from __future__ import annotations

import hashlib
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, replace
from typing import Any, Generic, TypeVar, cast

from sqlalchemy import Table as SqlTable
from sqlalchemy import bindparam, delete, insert, update
from sqlalchemy.engine import Connection
from sqlalchemy.exc import IntegrityError
from sqlalchemy.orm.attributes import set_committed_value

from ..extensions import db
from ..games import find_game
from ..games.base import JSON, N_, Message, Record, RuleError
from ..games.changelog import before_correction, differing, replaced
from ..games.spec import GameSpec, Replay, in_play
from . import keys
from .kept import kept
from .models import Change, Entry, Game
from .moved import announce, saved
from .service import changes_since, current_version, dumped, finished_since

GAMES, ENTRIES, CHANGES = (cast(SqlTable, m.__table__) for m in (Game, Entry, Change))
MOVE_ON = update(GAMES).where(
    GAMES.c.id == bindparam("game"), GAMES.c.version == bindparam("seen")
)  # the new version, draft, finished and correction are given with each save
DROP_ENTRIES = delete(ENTRIES).where(
    ENTRIES.c.game_id == bindparam("game"), ENTRIES.c.seq >= bindparam("first")
)  # from the first round that differs on
ADD_ENTRIES = insert(ENTRIES)
ADD_CHANGE = insert(CHANGES)
R = TypeVar("R", bound=Replay)  # the game's replay (GameSpec.replay)


@dataclass(frozen=True)
class Proposal(Generic[R]):
    """A change proposed to a game (an entry, an Undo, a correction): its rounds (and draft)
    instead of the game's, made from the form of ``version`` with the idempotency ``key``.

    ``record`` and ``replayed`` are the game as the request read it and its replay: the rounds
    are not read again, and when only the draft changes the record is not replayed again.
    ``describe`` makes the log's sentence from the new replay (instead of ``summary``);
    ``correcting``: the round a correction corrects (what it replaced is kept for Undo)."""

    key: str
    version: int
    rounds: Sequence[Mapping[str, Any]]
    summary: Message
    record: Record
    replayed: R | None = None
    draft: JSON | None = None
    author: str = ""
    describe: Callable[[R], Message] | None = None
    correcting: int | None = None
    players: Sequence[str] | None = None  # the game's players, when the change changes them

    @property
    def after(self) -> Record:
        """The game's record as the proposal leaves it."""
        players = tuple(self.players) if self.players is not None else self.record.players
        return replace(self.record, players=players, rounds=tuple(self.rounds))


@dataclass(frozen=True)
class Saved:
    summary: Message  # the sentence the log keeps


@dataclass(frozen=True)
class AlreadySaved:
    """The change with this key was saved before (a double tap, a form sent again)."""


@dataclass(frozen=True)
class Stale:
    """Another phone changed the game since the form was made: ``changes`` say what."""

    changes: list[Message]


@dataclass(frozen=True)
class Refused:
    """The change breaks a rule (``error``), or its form was not one to save (None)."""

    error: RuleError | None = None


Outcome = Saved | AlreadySaved | Stale | Refused


def save(game: Game, proposal: Proposal[R]) -> Outcome:
    """Store the proposal in one transaction, or say why not: a key saved before changes
    nothing, a form of another version is stale, a broken rule is refused, and the version
    moves on by a guarded UPDATE, so that two phones or two workers can never both win."""
    if proposal.version != game.version:
        return late(game, proposal.key, proposal.version)
    if game.table.ended is not None:  # the evening was ended: every game is closed
        ended = RuleError(N_("The evening has ended: reopen it on the table page to enter more."))
        return refused(game, proposal.key, proposal.version, ended)
    if proposal.correcting is not None and list(proposal.rounds) == list(proposal.record.rounds):
        # Saved as it was: nothing to store, and no line in the history saying it changed.
        same = RuleError(N_("Nothing was changed: the round is as it was. Change a value first."))
        return refused(game, proposal.key, proposal.version, same)
    try:
        replay = replayed(game, proposal)
    except RuleError as error:  # nothing is stored
        return refused(game, proposal.key, proposal.version, error)
    summary = proposal.describe(replay) if proposal.describe else proposal.summary
    draft = dict(proposal.draft) if proposal.draft else None
    finished = finished_since(game, replay.finished)
    row: dict[str, Any] = {"draft": draft, "finished": finished}
    row["corrected"] = kept_for_undo(proposal)
    if proposal.after.players != proposal.record.players:
        row["seating"] = list(proposal.after.players)  # someone new joined (or Undo took him back)
    try:
        moved = store(game.id, proposal, row, logged(proposal, summary))
    except KeyTaken:
        if keys.applied(game.id, proposal.key):  # the same key won a race on another worker
            return AlreadySaved()
        raise  # another constraint: nothing is stored, and "already saved" would lose it
    if not moved:  # another phone moved the version first
        return late(game, proposal.key, proposal.version)
    # What was written is known: the game is not read again (its rounds are the new record's).
    set_committed_value(game, "version", proposal.version + 1)
    for name, value in row.items():
        set_committed_value(game, name, value)
    db.session.expire(game, ["entries"])
    kept().replays.put(game, proposal.version + 1, replay, proposal.after)
    saved.send(game.id, version=game.version)  # this process's own streams, at once
    return Saved(summary)


def replayed(game: Game, proposal: Proposal[R]) -> R:
    """The proposal's record replayed (a RuleError names what it breaks): the request's own
    replay when only the draft changes, else resumed from it."""
    before, after = proposal.record, proposal.after
    if proposal.replayed is not None and after == before:
        return proposal.replayed
    since = (before, proposal.replayed) if proposal.replayed is not None else None
    spec: GameSpec[R] = find_game(game.kind)
    return spec.replay_since(after, since)


def logged(proposal: Proposal[Any], summary: Message) -> dict[str, Any]:
    """The log's line of the change: its sentence, and what a correction or an undo replaced
    in the rounds already entered (the history shows it)."""
    line = dumped(summary)
    if (corrected := replaced(list(proposal.record.rounds), list(proposal.rounds))) is not None:
        line["replaced"] = corrected
    return line


def kept_for_undo(proposal: Proposal[Any]) -> JSON | None:
    """What a correction replaced, for Undo to take it back (None: not a correction)."""
    if proposal.correcting is None:
        return None
    changed = differing(list(proposal.record.rounds), list(proposal.rounds))
    if not changed:
        return None
    kept: JSON = {"round": proposal.correcting, "replaced": changed}
    if proposal.after.players != proposal.record.players:
        kept["players"] = list(proposal.record.players)  # Undo takes the newcomer back too
    return kept


def late(game: Game, key: str, version: int) -> AlreadySaved | Stale:
    """A form of another version than the game's: saved before under its key, else stale."""
    if keys.applied(game.id, key):
        return AlreadySaved()
    db.session.expire_all()  # read the game afresh
    return Stale(changes_since(game.id, version))


def refused(game: Game, key: str, version: int | None, error: RuleError | None) -> Outcome:
    """A change (of the form of ``version``, under ``key``) that cannot be saved as it stands:
    unless it was saved before (sent again after its own answer) or another phone moved the
    game meanwhile (then it was judged by the wrong step), refused."""
    if keys.applied(game.id, key):
        return AlreadySaved()
    if version is not None and current_version(game) != version:
        return late(game, key, version)
    return Refused(error)


def undone(game: Game, proposal: Proposal[R], what: Message | None) -> Proposal[R] | Refused:
    """Undo as a proposal: of the half-built round its last step (the proposal's draft),
    else the last correction, else the engine's undo of the rounds. ``what`` names it
    ("the tricks of deal 7") for the log: "Undone: the tricks of deal 7."."""
    rounds: list[Mapping[str, Any]] = list(proposal.record.rounds)
    draft = proposal.draft
    if not rounds and not in_play(game.draft):
        return Refused(RuleError(N_("There is nothing to undo yet.")))
    players = None
    if (restored := before_correction(game.corrected, rounds)) is not None:
        rounds, draft = restored, game.draft  # the correction only: the deal in play stays
        players = (game.corrected or {}).get("players")  # a newcomer's joining: he goes again
    elif not in_play(game.draft):
        rounds = find_game(game.kind).undo(rounds)
    summary = Message(N_("Undone: {what}."), {"what": what}) if what else Message(N_("Undone"))
    return replace(proposal, rounds=rounds, draft=draft, summary=summary, players=players)


class KeyTaken(Exception):
    """A unique index refused the writes: the same key written first by another request (a race
    between two workers), which `save` checks before it answers "already saved"."""


def store(game_id: int, proposal: Proposal[Any], row: dict[str, Any], line: dict[str, Any]) -> bool:
    """The version moved on from the proposal's (with the game's new ``row``: draft, finished,
    correction), the rounds rewritten and the log's ``line`` written, in one transaction;
    False (nothing written) if another phone moved the version first. Nothing this request has
    read is expired by the commit (the page after a save is made from it and its replay)."""
    version, author = proposal.version, proposal.author
    key = keys.of_change(game_id, proposal.key)  # the key as this game keeps it
    session = db.session()
    try:
        connection = session.connection()  # the statements go straight to it, not through the ORM
        seen = {"game": game_id, "seen": version, "version": version + 1}
        if connection.execute(MOVE_ON, seen | row).rowcount != 1:
            session.rollback()
            return False
        announce(connection, game_id, version + 1)  # to the streams of every other process
        old, rounds = list(proposal.record.rounds), list(proposal.rounds)
        _rewrite_entries(connection, game_id, old, rounds, key, author)
        change = {"game_id": game_id, "key": key, "version": version + 1, "author": author}
        connection.execute(ADD_CHANGE, change | {"summary": line})
        session.expire_on_commit = False
        session.commit()
    except IntegrityError as error:  # the same key won a race on another worker (save checks)
        session.rollback()
        raise KeyTaken from error
    finally:
        session.expire_on_commit = True
    return True


def _rewrite_entries(
    connection: Connection,
    game_id: int,
    old: list[Mapping[str, Any]],
    new: list[Mapping[str, Any]],
    key: str,
    author: str,
) -> None:
    """Keep the common prefix; everything from the first difference on is written anew."""
    first_diff = next(
        (i for i, (a, b) in enumerate(zip(old, new, strict=False)) if a != b),
        min(len(old), len(new)),
    )
    if first_diff < len(old):  # nothing to delete when rounds are only added
        connection.execute(DROP_ENTRIES, {"game": game_id, "first": first_diff})
    written = [
        {"game_id": game_id, "seq": seq, "payload": dict(new[seq]),
         "idempotency_key": _entry_key(key, seq), "author": author}
        for seq in range(first_diff, len(new))
    ]  # fmt: skip
    if written:
        connection.execute(ADD_ENTRIES, written)


def _entry_key(key: str, seq: int) -> str:
    """The key of one entry a change wrote: the change's key as its game keeps it, shortened so
    that with the entry's number it still fits the column."""
    return f"{hashlib.sha256(key.encode()).hexdigest()[:40]}:{seq}"
