"""Live: every open game page holds one stream (Server-Sent Events) that carries nudges only,
"version N"; the page then fetches what changed as its poll does, so nothing is drawn twice.
The poll stays as the fallback where a stream cannot be held (static/js/live.js)."""

from __future__ import annotations

import threading

from flask import Flask, current_app

from ..extensions import db
from ..store.moved import saved
from .hub import Hub
from .watch import Watcher, watcher_for

__all__ = ["Live", "init_app", "live", "moved_here"]


class Live:
    """This process's streams (the hub) and what tells them (the watcher), made at the first
    stream: a gunicorn worker makes its own after the fork."""

    def __init__(self, hub: Hub, watcher: Watcher) -> None:
        self.hub = hub
        self.watcher = watcher


def init_app(app: Flask) -> None:
    from .night import bp as night_bp
    from .stream import bp

    app.register_blueprint(bp)
    app.register_blueprint(night_bp)
    saved.connect(moved_here)  # once for every app: it tells the app it is called in


MAKING = threading.Lock()  # two first streams at once make one hub, not two


def live() -> Live:
    """The app's hub and watcher in this process (in an app context)."""
    with MAKING:
        made = current_app.extensions.get("live")
        if made is None:
            hub = Hub()
            made = Live(hub, watcher_for(hub, db.engine, current_app.config))
            current_app.extensions["live"] = made
    return made


def moved_here(game_id: int, version: int) -> None:
    """A save made by this process: its own streams of the game are told at once. The other
    processes' hear of it by their watcher (and this one's again, which tells nothing twice:
    versions only move on). Their pages' fetches then come one save at a time, not all those
    of a watcher's round at once."""
    made = current_app.extensions.get("live")
    if made is not None:
        made.hub.publish([(game_id, version)])
