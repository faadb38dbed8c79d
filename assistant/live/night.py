"""The stream of a club night's pages: the organiser's and the hall screen's. It carries the
nudges of the games at the night's tables (this round's and the one before: a table's result
sent, confirmed or corrected, the next round drawn are each said in its game), their versions
added up; the page then fetches its part that changed, as a game's page does."""

from __future__ import annotations

from flask import Blueprint, Response

from ..lookup import hall_or_404, night_or_404
from ..night import service
from .stream import streamed

bp = Blueprint("night_live", __name__)


@bp.get("/n/<token>/stream")
def organiser(token: str) -> Response:
    return streamed(service.watched(night_or_404(token)))


@bp.get("/hall/<view_token>/stream")
def hall(view_token: str) -> Response:
    return streamed(service.watched(hall_or_404(view_token)))
