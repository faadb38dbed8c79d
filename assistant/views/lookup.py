"""Finding what a URL names, or answering 404: a table by its token, a game at it."""

from __future__ import annotations

from flask import abort

from .. import circles, services
from ..i18n import use_table_language
from ..models import LARGEST_INTEGER, Circle, Game, Member, Table
from ..throttle import count_miss


def table_or_404(token: str) -> Table:
    table = services.get_table(token)
    if table is None:
        count_miss()
        abort(404)
    use_table_language(table)
    return table


def game_or_404(token: str, game_id: int) -> tuple[Table, Game]:
    """The game ``game_id`` of the table with this share token."""
    return _game_at(services.get_table(token), game_id)


def watched_or_404(view_token: str, game_id: int) -> tuple[Table, Game]:
    """The game ``game_id`` of the table with this read-only (watch view) token."""
    return _game_at(services.get_table_for_view(view_token), game_id)


def _game_at(table: Table | None, game_id: int) -> tuple[Table, Game]:
    # A URL may carry any number; the database's ids are 32-bit.
    if table is None:
        count_miss()
    game = services.get_game(table, game_id) if table and 0 < game_id <= LARGEST_INTEGER else None
    if table is None or game is None:
        abort(404)
    use_table_language(table)
    return table, game


def circle_or_404(token: str) -> Circle:
    """The circle with this share token (a wrong or cut-off link finds nothing)."""
    circle = circles.get_circle(token)
    if circle is None:
        count_miss()
        abort(404)
    return circle


def member_or_404(token: str, member_id: int) -> tuple[Circle, Member]:
    circle = circle_or_404(token)
    member = circles.member_of(circle, member_id) if 0 < member_id <= LARGEST_INTEGER else None
    if member is None:
        abort(404)
    return circle, member
