"""The stream of one game page: ``…/stream``, Server-Sent Events.

Two kinds of event, both carrying the game's version: ``version`` (with its ``id``) when the
game moved past what the phone last heard — the ``Last-Event-ID`` of a reconnect, else the
``?version=`` its page shows —, ``ping`` at once when nothing is new and then every
``LIVE_HEARTBEAT_SECONDS``, so that a phone knows its stream is held (a proxy that buffers
lets nothing through) and a stream whose phone went away is noticed."""

from __future__ import annotations

import random
import sys
from collections.abc import Iterator
from typing import Any

from flask import Blueprint, Response, abort, current_app, request

from ..lookup import game_or_404, watched_or_404
from ..store import reads as lookups
from ..store.models import LARGEST_INTEGER
from . import live
from .hub import Hub, Listener

bp = Blueprint("live", __name__)
RETRY_MS = 2000  # the browser's pause before it reconnects: within a poll's interval


@bp.get("/t/<token>/g/<int:game_id>/stream")
def stream(token: str, game_id: int) -> Response:
    return answer(game_id, token=token)


@bp.get("/v/<view_token>/g/<int:game_id>/stream")
def watch_stream(view_token: str, game_id: int) -> Response:
    return answer(game_id, view_token=view_token)


def answer(game_id: int, **token: str) -> Response:
    version = lookups.version_at(game_id, **token) if 0 < game_id <= LARGEST_INTEGER else None
    if version is None:  # the 404 of a link to nothing, counted as every other
        if "token" in token:
            game_or_404(token["token"], game_id)
        else:
            watched_or_404(token["view_token"], game_id)
        abort(404)  # the game was deleted a moment ago
    return streamed({game_id: version})


def streamed(versions: dict[int, int]) -> Response:
    """The stream of these games (one game's page, or a night's tables), from the version the
    phone last heard; a 204 where this server cannot hold a stream or there is nothing to
    hear (an EventSource stops there: the page polls as before)."""
    if not holds_streams(request.environ) or not versions:
        return Response(status=204)
    seen = heard_version(sum(versions.values()))
    here = live()
    listener = here.hub.listen_all(versions)
    here.watcher.start()
    events = told(here.hub, listener, seen, current_app.config["LIVE_HEARTBEAT_SECONDS"])
    return Response(
        events,
        mimetype="text/event-stream",
        # Nothing between here and the phone may hold it back: X-Accel-Buffering for nginx
        # (and the proxies that follow it), no compression (Flask-Compress leaves out a
        # streamed answer, COMPRESS_STREAMS), no cache.
        headers={"Cache-Control": "no-store", "X-Accel-Buffering": "no"},
    )


def holds_streams(environ: dict[str, Any]) -> bool:
    """Can this server hold a stream without a worker waiting on it? A threaded server (the
    development server) or a gevent worker can; gunicorn's sync worker serves one request at
    a time, and a stream would take it from every other phone."""
    if environ.get("wsgi.multithread"):
        return True
    monkey = sys.modules.get("gevent.monkey")
    return bool(monkey and monkey.is_module_patched("socket"))


def heard_version(version: int) -> int:
    """The version this phone last heard: its reconnect's Last-Event-ID, else its page's
    (ASCII digits only: ``"²".isdigit()`` holds, and ``int("²")`` fails)."""
    for said in (request.headers.get("Last-Event-ID"), request.args.get("version")):
        if said and said.isascii() and said.isdigit() and len(said) < 12:
            return int(said)
    return version


def told(hub: Hub, listener: Listener, seen: int, heartbeat: float) -> Iterator[str]:
    """The events of one stream, until the phone goes away (its next write fails)."""
    try:
        yield f"retry: {RETRY_MS}\n"
        now = listener.version
        yield event("version" if now != seen else "ping", now)
        seen = now
        # The first heartbeat comes after a share of the interval drawn at random: pages that
        # open their streams at once (a restart, a whole hall coming in) would otherwise say
        # it all at once every interval, and a save would wait behind thousands of writes
        # (make bench, 2 000 tables: the slowest saves came every 15 s).
        wait = heartbeat * random.uniform(0.1, 1.0)  # noqa: S311  # a spread, not a secret
        while True:
            moved = listener.wait(wait)
            wait = heartbeat
            if moved is not None and moved != seen:
                seen = moved
                yield event("version", moved)
            elif moved is None:
                yield event("ping", seen)
    finally:
        hub.leave(listener)


def event(kind: str, version: int) -> str:
    """A ``version`` event names its version as its id (a reconnect says it back)."""
    named = f"id: {version}\n" if kind == "version" else ""
    return f"event: {kind}\n{named}data: {version}\n\n"
