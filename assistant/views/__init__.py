"""Blueprints, security headers and error pages."""

from __future__ import annotations

import time
from pathlib import Path
from typing import Any
from urllib.parse import quote

from babel.lists import format_list
from flask import Flask, Response, g, render_template, request
from flask_babel import get_locale
from flask_wtf.csrf import CSRFError
from jinja2 import Template
from jinja2.environment import TemplateModule
from jinja2.runtime import Context

from ..extensions import db
from ..games import GAMES, find_game
from ..games.base import Message
from ..i18n import current_language
from ..play.base import new_key
from ..play.fields import input_value, pad_keys
from ..play.fold import fold, whole_sheet
from ..play.money import number, typed
from . import circles, evening, games, home, pwa, tables
from .shown import kept_html, sheet_row

CSP = (
    "default-src 'self'; script-src 'self'; "
    # htmx leaves empty style attributes behind while it settles a swap: allow exactly those.
    "style-src 'self' 'unsafe-hashes' 'sha256-47DEQpj8HBSa+/TImW+5JCeuQeRkm5NMpJWZG3hSuFU='; "
    "img-src 'self' data:; "
    "object-src 'none'; base-uri 'self'; form-action 'self'; frame-ancestors 'none'; "
    "manifest-src 'self'; worker-src 'self'"
)


def game_assets(app: Flask) -> dict[str, tuple[str, ...]]:
    """Each game's own CSS and JavaScript, by convention ``static/<kind>/<kind>.css|.js``: a game
    page loads them after the shared ones (a game without its own assets loads none)."""
    static = Path(app.static_folder or "static")
    return {
        kind: tuple(
            f"{kind}/{kind}{ext}"
            for ext in (".css", ".js")
            if (static / kind / f"{kind}{ext}").is_file()
        )
        for kind in GAMES
    }


class AppTemplate(Template):
    """A template whose ``{% from … import … %}`` costs a lookup: for every import, Jinja
    compares the importing page's globals with the imported template's through a ChainMap
    (some 3 % of a save, at five imports an answer), only to find what is always so here, that
    they are the same environment's. Known once per template; a page with a global the
    imported template lacks still takes Jinja's own way (a module made for it)."""

    known_globals: frozenset[str] | None = None

    def _get_default_module(self, ctx: Context | None = None) -> TemplateModule:
        if self.known_globals is None:
            self.known_globals = frozenset(self.globals)
        if ctx is not None and ctx.globals_keys <= self.known_globals:
            ctx = None  # nothing the imported template lacks: the module made once will do
        return super()._get_default_module(ctx)


def register_views(app: Flask) -> None:
    for module in (home, tables, games, pwa, evening, circles):
        app.register_blueprint(module.bp)
    app.register_blueprint(games.view_bp)
    app.register_blueprint(circles.new_bp)
    assets = game_assets(app)
    app.jinja_env.template_class = AppTemplate
    app.jinja_env.globals.update(
        new_key=new_key,
        current_locale=current_language,
        game_assets=lambda kind: assets.get(kind, ()),
        spec_of=find_game,
        fold=fold,
        kept_html=kept_html,
        sheet_row=sheet_row,
        pad_keys=pad_keys,
        whole_sheet=whole_sheet,
        message=lambda template, **params: Message(template, params),
        game_titles=lambda: format_list(
            [spec.title for spec in GAMES.values()], locale=get_locale()
        ),
        typed_amount=typed,
    )
    app.jinja_env.filters["number"] = number  # in the reader's locale: 1 234, −5
    app.jinja_env.filters["input_value"] = input_value  # as typed, else the value

    if delay := app.config["ANSWER_DELAY_SECONDS"]:

        @app.before_request
        def slow_answer() -> None:
            """Tests only: every page and entry answers late, as over a slow network."""
            if request.endpoint != "static":
                time.sleep(delay)

    @app.before_request
    def answer_with_the_token_sent() -> None:
        """A POST whose CSRF token CSRFProtect has just found good is answered with that same
        token: the phone has it already, and signing a new one for the answer's forms was some
        2 % of a save (Flask-WTF's ``generate_csrf`` keeps the request's token in ``g``)."""
        if g.get("csrf_valid"):
            name = app.config["WTF_CSRF_FIELD_NAME"]
            headers = (request.headers.get(header) for header in app.config["WTF_CSRF_HEADERS"])
            sent = request.form.get(name) or next(filter(None, headers), None)
            if sent:
                setattr(g, name, sent)

    @app.after_request
    def security_headers(response: Response) -> Response:
        response.headers.setdefault("Content-Security-Policy", CSP)
        response.headers.setdefault("X-Content-Type-Options", "nosniff")
        # same-origin, not no-referrer: Flask-WTF checks the referrer of every POST over HTTPS.
        response.headers.setdefault("Referrer-Policy", "same-origin")
        response.headers.setdefault("X-Frame-Options", "DENY")
        response.headers.setdefault(
            "Permissions-Policy", "camera=(), microphone=(), geolocation=()"
        )
        if response.mimetype == "text/html":
            response.headers.add("Vary", "HX-Request")
        return response

    @app.after_request
    def name_the_answered_form(response: Response) -> Response:
        """A kept form the outbox sent (``?outbox=1``) answered with a redirect: the page it
        lands on learns the form's key from its address (``#outbox-KEY``), and the phone lets
        go of the form instead of sending it once more (outbox.js)."""
        key = request.form.get("key") if request.method == "POST" else None
        if key and response.status_code == 303 and "outbox" in request.args and response.location:
            where = response.location.split("#")[0]
            response.location = f"{where}#outbox-{quote(key, safe='')}"
        return response

    @app.errorhandler(404)
    def not_found(_error: Exception) -> tuple[str, int]:
        return render_template("errors/404.html"), 404

    @app.errorhandler(CSRFError)
    def csrf_failed(error: CSRFError) -> tuple[str, int]:
        return render_template("errors/400.html", reason=error.description), 400

    @app.errorhandler(413)
    def too_large(_error: Exception) -> tuple[str, int]:
        return render_template("errors/400.html", reason=None), 413

    @app.errorhandler(429)
    def too_many(_error: Exception) -> Any:
        """A rate limit (throttle.py): a page that says to wait, or a note on top of the page."""
        wait = {"Retry-After": "60"}
        if request.headers.get("HX-Request") == "true":
            moved = {"HX-Retarget": "#main", "HX-Reswap": "afterbegin", **wait}
            return render_template("errors/_429.html"), 429, moved
        return render_template("errors/429.html"), 429, wait

    @app.errorhandler(500)
    def server_error(_error: Exception) -> Any:
        """Our own page (no trace), with the request's half-done work rolled back. An htmx
        request keeps its page and form: the message goes on top of it."""
        db.session.rollback()
        if request.headers.get("HX-Request") == "true":
            moved = {"HX-Retarget": "#main", "HX-Reswap": "afterbegin"}
            return render_template("errors/_500.html"), 500, moved
        return render_template("errors/500.html"), 500
