"""Blueprints, security headers and error pages."""

from __future__ import annotations

import time
from pathlib import Path
from typing import Any

from babel.lists import format_list
from flask import Flask, Response, abort, current_app, render_template, request
from flask_babel import get_locale
from flask_wtf.csrf import CSRFError
from werkzeug.exceptions import RequestEntityTooLarge

from ..circles import routes as circles
from ..config import HSTS, served_over_https
from ..device import is_htmx
from ..evening import routes as evening
from ..evening import table_routes as tables
from ..extensions import db
from ..games import GAMES, find_game
from ..games.base import Message
from ..games.cards import KEY_RANKS, SUIT_LETTERS
from ..i18n import current_language
from ..lookup import refuse_malformed_tokens
from ..night import at_table, hall
from ..night import routes as nights
from ..play.base import new_key
from ..play.fields import input_value, pad_keys
from ..play.fold import fold, whole_sheet
from ..play.money import number, typed
from ..play.sheet_links import correct_link
from . import games, home, phone, pwa, versions

CSP = (
    "default-src 'self'; script-src 'self'; "
    # htmx leaves empty style attributes behind while it settles a swap: allow exactly those.
    "style-src 'self' 'unsafe-hashes' 'sha256-47DEQpj8HBSa+/TImW+5JCeuQeRkm5NMpJWZG3hSuFU='; "
    "img-src 'self' data:; "
    "object-src 'none'; base-uri 'self'; form-action 'self'; frame-ancestors 'none'; "
    "manifest-src 'self'; worker-src 'self'"
)


# The app on the phone (static/phone/worker.mjs) compiles Python's WebAssembly, and mounts the
# standard library it compiled and kept by a URL of its own (a blob's): only its worker may,
# and nothing else changes for it.
PHONE_WORKER = "/static/phone/"


def csp_for(path: str) -> str:
    if path.startswith(PHONE_WORKER):
        worker = CSP.replace("script-src 'self'", "script-src 'self' 'wasm-unsafe-eval'")
        return f"{worker}; connect-src 'self' blob:"
    return CSP


def posted_key() -> str | None:
    """The idempotency key of the form this answer is for (the outbox then lets go of its kept
    copy). None for a body Werkzeug refused unread (beyond ``MAX_CONTENT_LENGTH``, too many
    parts): reading it again raises again, and the error page saying so would be a 500."""
    if request.method != "POST":
        return None
    try:
        return request.form.get("key")
    except RequestEntityTooLarge:
        return None


def game_assets(app: Flask) -> dict[str, tuple[str, ...]]:
    """Each game's own CSS and JavaScript, by convention ``static/<kind>/<kind>.css|.js``: a game
    page loads them after the shared ones (a game without its own assets loads none)."""
    static = Path(app.static_folder or "static")
    digests = app.config.get("STATIC_DIGESTS")  # on the phone: the server's files (bundle.py)

    def exists(name: str) -> bool:
        return name in digests if digests is not None else (static / name).is_file()

    return {
        kind: tuple(
            f"{kind}/{kind}{ext}" for ext in (".css", ".js") if exists(f"{kind}/{kind}{ext}")
        )
        for kind in GAMES
    }


LINK_PARTS = ("token", "view_token")  # the parts of an address that are a key


def register_views(app: Flask) -> None:
    modules = (home, tables, games, versions, pwa, phone, evening, circles, nights, hall, at_table)
    for module in modules:
        app.register_blueprint(module.bp)
    app.register_blueprint(games.view_bp)
    app.register_blueprint(home.new_circle_bp)
    app.register_blueprint(nights.new_bp)
    app.url_value_preprocessor(refuse_malformed_tokens)
    assets = game_assets(app)
    app.jinja_env.globals.update(
        new_key=new_key,
        current_locale=current_language,
        game_assets=lambda kind: assets.get(kind, ()),
        every_game_asset=lambda: tuple(name for names in assets.values() for name in names),
        spec_of=find_game,
        fold=fold,
        pad_keys=pad_keys,
        correct_link=correct_link,
        whole_sheet=whole_sheet,
        message=lambda template, **params: Message(template, params),
        game_titles=lambda: format_list(
            [spec.title for spec in GAMES.values()], locale=get_locale()
        ),
        typed_amount=typed,
        posted_key=posted_key,
        card_ranks=KEY_RANKS,  # the pads of a card (games/cards.py)
        suit_letters=SUIT_LETTERS,
    )
    app.jinja_env.filters["number"] = number  # in the reader's locale: 1 234, −5
    app.jinja_env.filters["input_value"] = input_value  # as typed, else the value

    if app.config["ANSWER_DELAY_SECONDS"]:
        app.before_request(slow_answer)
    app.after_request(security_headers)
    for code, page in ((404, not_found), (CSRFError, csrf_failed), (413, too_large)):
        app.register_error_handler(code, page)
    app.register_error_handler(429, too_many)
    app.register_error_handler(500, server_error)


def refuse_nameless_parts() -> None:
    """A form part whose name no browser writes (a line break in it) is read without a name,
    and Flask-WTF's CSRF check breaks on it: a bad request, before that check runs."""
    multipart = request.method == "POST" and request.mimetype == "multipart/form-data"
    if multipart and (None in request.form or None in request.files):
        abort(400)


def slow_answer() -> None:
    """Tests only: every page and entry answers late, as over a slow network."""
    if request.endpoint != "static":
        time.sleep(current_app.config["ANSWER_DELAY_SECONDS"])


def security_headers(response: Response) -> Response:
    response.headers.setdefault("Content-Security-Policy", csp_for(request.path))
    if request.is_secure or served_over_https(current_app.config):
        response.headers.setdefault("Strict-Transport-Security", HSTS)
    response.headers.setdefault("X-Content-Type-Options", "nosniff")
    # same-origin, not no-referrer: Flask-WTF checks the referrer of every POST over HTTPS.
    response.headers.setdefault("Referrer-Policy", "same-origin")
    response.headers.setdefault("X-Frame-Options", "DENY")
    response.headers.setdefault("Permissions-Policy", "camera=(), microphone=(), geolocation=()")
    if response.mimetype == "text/html":
        response.headers.add("Vary", "HX-Request, HX-Boosted")
    if "Cache-Control" not in response.headers and carries_a_key(response):
        response.headers["Cache-Control"] = "no-store"
    return response


def carries_a_key(response: Response) -> bool:
    """Whether no cache may keep this answer: every page carries a key (a table's, a circle's
    or a night's link in its address or its links, this phone's tables on the home page, the
    session's CSRF token in its forms), and so does every answer under a link (an export, a
    sheet). ``no-store``, not ``private``: the browser's own cache may not keep them on disk
    either, where the next person at a shared computer finds them. The service worker keeps
    its own copy of a page for play without signal (its cache is not governed by this)."""
    under_a_link = any(name in (request.view_args or {}) for name in LINK_PARTS)
    return response.mimetype == "text/html" or under_a_link


def not_found(_error: Exception) -> tuple[str, int]:
    return render_template("errors/404.html"), 404


def csrf_failed(error: CSRFError) -> tuple[str, int]:
    return render_template("errors/400.html", reason=error.description), 400


def too_large(_error: Exception) -> tuple[str, int]:
    return render_template("errors/413.html"), 413


def too_many(_error: Exception) -> Any:
    """A rate limit (throttle.py): a page that says to wait, or a note on top of the page."""
    wait = {"Retry-After": "60"}
    if is_htmx():
        moved = {"HX-Retarget": "#main", "HX-Reswap": "afterbegin", **wait}
        return render_template("errors/_429.html"), 429, moved
    return render_template("errors/429.html"), 429, wait


def server_error(_error: Exception) -> Any:
    """Our own page (no trace), with the request's half-done work rolled back. An htmx
    request keeps its page and form: the message goes on top of it."""
    db.session.rollback()
    if is_htmx():
        moved = {"HX-Retarget": "#main", "HX-Reswap": "afterbegin"}
        return render_template("errors/_500.html"), 500, moved
    return render_template("errors/500.html"), 500
