"""How a game is asked for: as a page or as an htmx fragment, and which version the asking
phone shows; what makes one rendering of a game differ from another (its ``look``, the key of
the page model kept for it)."""

from __future__ import annotations

from datetime import datetime
from typing import Any

from flask import request

from ..i18n import current_language
from ..models import LARGEST_INTEGER, Game, Table
from ..play.fold import whole_sheet


def look(table: Table, game: Game, *, readonly: bool) -> tuple[Any, ...]:
    """Everything that makes one rendering of a game differ from another, but for one phone's
    own notices: the game's version, the language, the watch view, the whole sheet, the ended
    evening (which closes a game without a new version of it)."""
    return look_of(game.id, game.created, game.version, table.ended is not None, readonly=readonly)


def look_of(
    game_id: int, created: datetime, version: int, ended: bool, *, readonly: bool
) -> tuple[Any, ...]:
    # As read from the database (a game made in this request may still hold the UTC time it
    # was given): naive.
    made = created.replace(tzinfo=None)
    return (game_id, made, version, current_language(), readonly, whole_sheet(), ended)


def is_htmx() -> bool:
    return request.headers.get("HX-Request") == "true"


def asked_version(values: Any) -> int | None:
    """The ``version`` a form or a query carries; None when missing or when no game could have
    it."""
    version = values.get("version", type=int)
    return version if version is not None and 0 <= version <= LARGEST_INTEGER else None
