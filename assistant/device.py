"""The phone asking: which one it is (its name in the log), what it remembers (its tables, its
circles and the names it typed: its session, nothing else knows them) and how it asks (a
fragment for htmx, the key of the form it sent). Below every room and the hallway."""

from __future__ import annotations

import secrets

from flask import request, session

from .play.base import KEY
from .play.history import signed

RECENT_TABLES = 8
RECENT_NAMES = 16


def device() -> str:
    """Which phone entered it (a random name kept in this phone's session), for the log."""
    if "device" not in session:
        session["device"] = secrets.token_hex(4)
    return signed(session["device"], session.get("device_name"))


def posted_key() -> str:
    """The form's idempotency key; empty when it is not one the pages make."""
    key = request.form.get("key", "")
    return key if KEY.match(key) else ""


def is_htmx() -> bool:
    """An htmx request for a part of a page. A boosted one (a link or a form of the app kept in
    one document, ``base.html``) asks for the whole page, as the browser would."""
    headers = request.headers
    return headers.get("HX-Request") == "true" and headers.get("HX-Boosted") != "true"


def remember(token: str, names: list[str]) -> None:
    """This device remembers its tables and the names it has typed (nothing else knows them)."""
    session["tables"] = [token, *[t for t in session.get("tables", []) if t != token]][
        :RECENT_TABLES
    ]
    session["names"] = [*names, *[n for n in session.get("names", []) if n not in names]][
        :RECENT_NAMES
    ]
    session.permanent = True


def remember_circle(token: str) -> None:
    """This phone knows the circle: nobody can list circles, so each phone keeps its own."""
    session["circles"] = [token, *[t for t in session.get("circles", []) if t != token]][:8]
    session.permanent = True
