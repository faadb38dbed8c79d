"""The hall screen: the whole night on a TV or a projector (1280×720 to 1920×1080), read-only by
its own link. The round's tables with their state and, once in, their scores; the ranking,
its pages turning by themselves when it is long; the winner in large type at the end; the
round's clock where the club set one. It hears the night's stream and fetches only the part
it swaps in (a poll where no stream can be held)."""

from __future__ import annotations

from typing import Any

from flask import Blueprint, render_template

from ..device import is_htmx
from ..lookup import hall_or_404
from . import service, tables
from .view import night_view

bp = Blueprint("hall", __name__, url_prefix="/hall/<view_token>")


@bp.get("/")
def hall(view_token: str) -> Any:
    row = hall_or_404(view_token)
    view = night_view(tables.read(row), service.table_links(row))
    template = "nights/_hall.html" if is_htmx() else "nights/hall.html"
    return render_template(template, night=row, view=view, watched=service.watched(row))
