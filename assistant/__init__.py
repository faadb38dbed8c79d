"""The table assistant: score sheets, rules and settlement for card games at a real table."""

from __future__ import annotations

import os
from pathlib import Path
from typing import Any

from flask import Flask
from werkzeug.middleware.proxy_fix import ProxyFix

from . import config, live
from .assets import setup_assets
from .cli import register_commands
from .extensions import babel, compress, csrf, db, migrate, sqlite_synchronous
from .i18n import select_locale, setup_i18n
from .kept import setup_kept
from .throttle import limiter
from .views import register_views

ROOT = Path(__file__).resolve().parent.parent


def create_app(test_config: dict[str, Any] | None = None) -> Flask:
    app = Flask(
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
    if proxies := int(app.config["TRUSTED_PROXIES"]):
        app.wsgi_app = ProxyFix(app.wsgi_app, x_for=proxies, x_proto=proxies)  # type: ignore[method-assign]

    config.private_database(app.config["SQLALCHEMY_DATABASE_URI"])
    db.init_app(app)
    with app.app_context():
        sqlite_synchronous(db.engine, app.config["SQLITE_SYNCHRONOUS"])
    migrate.init_app(app, db, directory=str(ROOT / "migrations"))
    csrf.init_app(app)
    limiter.init_app(app)
    setup_assets(app)
    setup_kept(app)
    # Its after_request hook is registered before the views' ones, so it runs after them all:
    # it compresses the finished response.
    compress.init_app(app)

    babel.init_app(app, locale_selector=select_locale)
    setup_i18n(app)

    register_views(app)
    live.init_app(app)
    register_commands(app)
    return app
