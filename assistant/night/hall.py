"""The hall screen: the whole night on a TV (1920×1080), read-only by its own link. Every table
of the round (which deal, who leads), the ranking, the next draw and the round's countdown; it
polls as a game's watch view does, and answers only the part it swaps in."""

from __future__ import annotations

from typing import Any

from flask import Blueprint, render_template

from ..device import is_htmx
from ..lookup import hall_or_404
from . import service
from .view import night_view

bp = Blueprint("hall", __name__, url_prefix="/hall/<view_token>")


@bp.get("/")
def hall(view_token: str) -> Any:
    row = hall_or_404(view_token)
    view = night_view(service.engine_night(row), service.table_tokens(row))
    template = "nights/_hall.html" if is_htmx() else "nights/hall.html"
    return render_template(template, night=row, view=view, tables=service.table_states(row))
