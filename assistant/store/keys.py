"""Idempotency keys, each kept as what it belongs to.

A form a phone sends carries a key of its own, so that the form sent again (a double tap, an
answer lost, the outbox sending what it kept) is one change, one game, one table. A key is not
a secret as a table's link is: it sits in the form, in the phone's outbox, in a table's rows
(``/t/<token>/rows``) and, for a table set up without signal, in the phone's own addresses. So
a key is never looked up alone: it is stored, and looked up, as the digest of its owner and
itself, and the same key sent anywhere else names nothing there.

* a change's key belongs to its game (``Change.key``; the entries it wrote are named after it);
* the key of a game started at a table ("play again", a new game at the table) to the table
  (``Game.start_key``);
* the key of a new table's set-up to its own request: the same key with the same form is the
  same table (the outbox sending it again), the same key with another form is another table.

The columns stay unique, so that two workers storing the same key at once still store it once.
"""

from __future__ import annotations

import hashlib
import json
from collections.abc import Iterable

from ..extensions import db
from .models import Change, Game

# What a set-up's form carries that is not what it asks for: the CSRF token is this phone's
# session's (the outbox sends the one of its last page), the key is the key itself.
NOT_ASKED = frozenset({"csrf_token", "key"})


def owned(owner: str, key: str) -> str:
    """``key`` as kept for ``owner``: 64 hex digits, the width of the key columns."""
    return hashlib.sha256(f"{owner}\x00{key}".encode()).hexdigest()


def of_change(game_id: int, key: str) -> str:
    return owned(f"game {game_id}", key)


def of_start(table_id: int, key: str) -> str:
    return owned(f"table {table_id}", key)


def of_new_table(fields: Iterable[tuple[str, str]], key: str) -> str:
    """A new table's set-up: its key with everything its form asked (in any order)."""
    asked = sorted((name, value) for name, value in fields if name not in NOT_ASKED)
    return owned("new table " + json.dumps(asked), key)


def applied(game_id: int, key: str) -> bool:
    """Whether the change with ``key`` was saved to this game before."""
    if not key:
        return False
    found = db.select(Change.id).filter_by(key=of_change(game_id, key))
    return db.session.execute(found).first() is not None


def started(start_key: str) -> Game | None:
    """The game a start key (as kept: ``of_start``, ``of_new_table``) started, if any."""
    return db.session.execute(db.select(Game).filter_by(start_key=start_key)).scalar_one_or_none()
