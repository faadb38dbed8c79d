"""The table assistant: score sheets, rules and settlement for card games at a real table."""

from __future__ import annotations

import os
from collections.abc import Callable, MutableMapping
from pathlib import Path
from typing import Any

from flask import Flask
from flask.templating import Environment
from werkzeug.middleware.proxy_fix import ProxyFix

from . import config, live
from .assets import setup_assets
from .extensions import babel, csrf, db, sqlite_synchronous
from .i18n import select_locale, setup_i18n
from .store.kept import setup_kept
from .throttle import limit_views
from .views import refuse_nameless_parts, register_views

ROOT = Path(__file__).resolve().parent.parent


class FlatGlobals(Environment):
    """Jinja's environment, each template's globals one flat dict. Jinja chains a template's
    globals over the environment's (a ``ChainMap``) so that later changes to the environment's
    show through; ours are all set before a template is loaded, as Jinja asks. A flat dict is
    what every render and every ``{% from … import %}`` walks (the chain's Python-level lookups
    cost a save some 4 %)."""

    def make_globals(self, d: MutableMapping[str, Any] | None) -> MutableMapping[str, Any]:
        return {**self.globals, **(d or {})}


class TableApp(Flask):
    jinja_environment = FlatGlobals


def create_app(test_config: dict[str, Any] | None = None) -> Flask:
    """The app as the server runs it."""
    from .cli import register_commands  # here, not above: the phone's copy has no commands

    app = core_app(test_config, serving=serve)
    limit_views(app)
    live.init_app(app)
    register_commands(app)
    return app


def core_app(
    test_config: dict[str, Any] | None = None, serving: Callable[[Flask], None] | None = None
) -> Flask:
    """The app's pages, rules and store, as the server and the phone's own copy share them;
    ``serving`` adds the server's own hooks before the views' (so they run after them)."""
    app = TableApp(
        __name__,
        instance_relative_config=True,
        template_folder=str(ROOT / "templates"),
        static_folder=str(ROOT / "static"),
    )
    config.private_folder(Path(app.instance_path))
    app.config.from_object(config.Defaults)
    app.config["SQLALCHEMY_DATABASE_URI"] = config.database_url(app.instance_path)
    app.config["PUBLIC_URL"] = os.environ.get("PUBLIC_URL")
    app.config.from_pyfile("config.py", silent=True)
    app.config.from_prefixed_env()  # FLASK_SESSION_COOKIE_SECURE=true and the like
    if test_config:
        app.config.update(test_config)
    if not app.config.get("SECRET_KEY"):
        app.config["SECRET_KEY"] = config.secret_key(app.instance_path)

    config.private_database(app.config["SQLALCHEMY_DATABASE_URI"])
    db.init_app(app)
    with app.app_context():
        sqlite_synchronous(db.engine, app.config["SQLITE_SYNCHRONOUS"])
    app.before_request(refuse_nameless_parts)  # before the CSRF check, which breaks on them
    csrf.init_app(app)
    setup_assets(app)
    setup_kept(app)
    babel.init_app(app, locale_selector=select_locale)
    setup_i18n(app)
    if serving:
        serving(app)
    register_views(app)
    return app


def serve(app: Flask) -> None:
    """What only the server adds before the views: proxies, migrations, compression."""
    from . import serving  # here, not above: the phone's copy (phone.py) never imports brotli

    if proxies := int(app.config["TRUSTED_PROXIES"]):
        app.wsgi_app = ProxyFix(app.wsgi_app, x_for=proxies, x_proto=proxies)  # type: ignore[method-assign]
    serving.migrate.init_app(app, db, directory=str(ROOT / "migrations"))
    serving.serve_static(app)
    # Its after_request hook is registered before the views' ones, so it runs after them all:
    # it compresses the finished response.
    serving.compress.init_app(app)
