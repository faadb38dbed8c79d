"""Finding what a URL names, or answering 404: a table by its token, a game at it, a circle and
one of its players, a club night and its hall screen. Below every room and the hallway: each
asks here, and what the store does not find is a 404 the one way (``found_or_404``)."""

from __future__ import annotations

from typing import Any, TypeVar

from flask import abort

from .i18n import use_table_language
from .store import reads as lookups
from .store import service as services
from .store.models import LARGEST_INTEGER, Circle, Game, Member, Table
from .store.models import Night as NightRow
from .throttle import count_miss

Found = TypeVar("Found")

LINK_TOKENS = ("token", "view_token")


def refuse_malformed_tokens(_endpoint: str | None, values: dict[str, Any] | None) -> None:
    """A link whose token no table or circle can have (a NUL, a slash, too long) is a link to
    nothing before any route looks it up: a 404, counted as a wrong link."""
    for name in LINK_TOKENS:
        token = (values or {}).get(name)
        if isinstance(token, str) and not lookups.is_token(token):
            count_miss()
            abort(404)


def found_or_404(found: Found | None) -> Found:
    """What a link's token found, or a 404 counted as a wrong link (someone guessing links is
    slowed down: ``throttle.count_miss``)."""
    if found is None:
        count_miss()
        abort(404)
    return found


def table_or_404(token: str) -> Table:
    table = found_or_404(services.get_table(token))
    use_table_language(table.language)
    return table


def game_or_404(token: str, game_id: int) -> tuple[Table, Game]:
    """The game ``game_id`` of the table with this share token."""
    return _found(game_id, token=token)


def watched_or_404(view_token: str, game_id: int) -> tuple[Table, Game]:
    """The game ``game_id`` of the table with this read-only (watch view) token."""
    return _found(game_id, view_token=view_token)


def _found(game_id: int, **token: str) -> tuple[Table, Game]:
    # A URL may carry any number; the database's ids are 32-bit.
    game = lookups.game_at(game_id, **token) if _possible(game_id) else None
    if game is None:
        table = (
            services.get_table(token["token"])
            if "token" in token
            else services.get_table_for_view(token["view_token"])
        )
        if table is None:
            count_miss()
        abort(404)
    use_table_language(game.table.language)
    return game.table, game


def _possible(game_id: int) -> bool:
    return 0 < game_id <= LARGEST_INTEGER


def circle_or_404(token: str) -> Circle:
    """The circle with this share token (a wrong or cut-off link finds nothing)."""
    return found_or_404(lookups.get_circle(token))


def member_or_404(token: str, member_id: int) -> tuple[Circle, Member]:
    circle = circle_or_404(token)
    member = lookups.member_of(circle, member_id) if 0 < member_id <= LARGEST_INTEGER else None
    if member is None:
        abort(404)
    return circle, member


def night_or_404(token: str) -> NightRow:
    """The club night with this (the organiser's) token."""
    return found_or_404(lookups.get_night(token))


def hall_or_404(view_token: str) -> NightRow:
    """The club night with this read-only (hall screen) token."""
    return found_or_404(lookups.get_night_for_view(view_token))
