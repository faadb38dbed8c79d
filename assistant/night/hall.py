"""The hall screen: the whole night on a TV or a projector (1280×720 to 1920×1080), read-only by
its own link. The round's tables with their state and, once in, their scores; the ranking,
its pages turning by themselves when it is long; the winner in large type at the end; the
round's clock where the club set one. It hears the night's stream and fetches only the part
it swaps in (a poll where no stream can be held).

Every TV of a room polls it: the part it swaps in is drawn at most once a second for each
state of the night (its row, the versions of its tables' games, the language) and kept, so
that twenty screens of a 256-player night cost a light query or two a poll, however often its
tables save (bench/README.md)."""

from __future__ import annotations

import hashlib
import json
import time
from dataclasses import dataclass
from typing import Any

from flask import Blueprint, current_app, render_template
from sqlalchemy import bindparam

from ..device import is_htmx
from ..extensions import db
from ..i18n import reader_locale
from ..lookup import hall_or_404
from ..store.kept import kept
from ..store.models import Game, Table
from ..store.models import Night as NightRow
from ..store.reads import with_tables
from . import service, tables
from .view import night_view

bp = Blueprint("hall", __name__, url_prefix="/hall/<view_token>")
# The games at a night's tables and their versions: with the night's row, what the hall shows.
GAMES_AT = (
    db.select(Game.id, Game.version)
    .join(Table)
    .where(Table.night_id == bindparam("night"))
    .order_by(Game.id)
)


@bp.get("/")
def hall(view_token: str) -> Any:
    row = hall_or_404(view_token)
    if not is_htmx():  # the whole page, once a screen (with this screen's own session)
        return drawn(row, "nights/hall.html")
    key = (row.id, reader_locale())
    part: HallPart | None = kept().halls.get(key)
    if part is None or not part.holds(row):
        state = state_of(row)  # taken before the drawing: a change meanwhile is seen next time
        part = HallPart(state, time.monotonic(), drawn(row, "nights/_hall.html"))
        kept().halls.put(key, part)
    return part.fragment


@dataclass(frozen=True)
class HallPart:
    """The hall screen's part as drawn for the night's ``state`` at ``drawn_at``."""

    state: tuple[Any, ...]
    drawn_at: float
    fragment: str

    def holds(self, row: NightRow) -> bool:
        """Whether it still shows the night: drawn less than ``HALL_KEPT_SECONDS`` ago (one
        drawing a second, however many tables save meanwhile), else of the same state."""
        young = time.monotonic() - self.drawn_at < current_app.config["HALL_KEPT_SECONDS"]
        return young or self.state == state_of(row)


def drawn(row: NightRow, template: str) -> str:
    view = night_view(tables.read(with_tables(row)), service.table_links(row))
    return render_template(template, night=row, view=view, watched=service.watched(row))


def state_of(row: NightRow) -> tuple[Any, ...]:
    """Everything the hall screen's part changes with: the night as stored and the version of
    each game at its tables."""
    stored = [row.name, row.rules, row.roster, row.rounds, row.results, row.reports, row.minutes]
    moments = [str(row.drawn), str(row.ended)]
    digest = hashlib.sha256(json.dumps([*stored, *moments], sort_keys=True).encode())
    games = tuple(tuple(found) for found in db.session.execute(GAMES_AT, {"night": row.id}))
    return (digest.hexdigest(), games)
