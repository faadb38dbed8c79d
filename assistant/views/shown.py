"""How a game is asked for: as a page or as an htmx fragment, and which version the asking
phone shows; what makes one rendering of a game differ from another (its ``look``, the key of
the page model kept for it)."""

from __future__ import annotations

from typing import Any

from flask import request

from ..i18n import current_language
from ..models import LARGEST_INTEGER, Game, Table
from ..play.fold import whole_sheet


def look(table: Table, game: Game, *, readonly: bool) -> tuple[Any, ...]:
    """Everything that makes one rendering of a game differ from another, but for one phone's
    own notices: the game's version, the language, the watch view, the whole sheet, the ended
    evening (which closes a game without a new version of it)."""
    # As read from the database (a game made in this request may still hold the UTC time it
    # was given): naive.
    made = game.created.replace(tzinfo=None)
    ended = table.ended is not None
    return (game.id, made, game.version, current_language(), readonly, whole_sheet(), ended)


def is_htmx() -> bool:
    return request.headers.get("HX-Request") == "true"


def asked_version(values: Any) -> int | None:
    """The ``version`` a form or a query carries; None when missing or when no game could have
    it."""
    version = values.get("version", type=int)
    return version if version is not None and 0 <= version <= LARGEST_INTEGER else None
