"""Configuration: defaults here, ``instance/config.py`` overrides, environment for deployment."""

from __future__ import annotations

import os
import secrets
from pathlib import Path
from typing import ClassVar


def database_url(instance_path: str) -> str:
    """``DATABASE_URL`` (PostgreSQL for bigger installs) or the embedded SQLite file."""
    url = os.environ.get("DATABASE_URL")
    if not url:
        return f"sqlite:///{Path(instance_path) / 'assistant.db'}"
    # Hosting platforms still hand out the old scheme; SQLAlchemy wants a driver name.
    for old in ("postgres://", "postgresql://"):
        if url.startswith(old):
            return "postgresql+psycopg://" + url[len(old) :]
    return url


def secret_key(instance_path: str) -> str:
    """``SECRET_KEY`` from the environment, else one generated once into the instance folder."""
    if key := os.environ.get("SECRET_KEY"):
        return key
    path = Path(instance_path) / "secret_key"
    if not path.exists():
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(secrets.token_hex(32))
        path.chmod(0o600)
    return path.read_text().strip()


class Defaults:
    SQLALCHEMY_ENGINE_OPTIONS: ClassVar[dict[str, object]] = {"pool_pre_ping": True}
    WTF_CSRF_TIME_LIMIT = None  # a game night is longer than an hour
    SESSION_COOKIE_SAMESITE = "Lax"
    SESSION_COOKIE_HTTPONLY = True
    LANGUAGES = ("en", "sv")
    BABEL_DEFAULT_LOCALE = "en"
    MAX_CONTENT_LENGTH = 512 * 1024  # a game record is a few KB
    POLL_SECONDS = 3  # a phone hears another phone's entry within this (and one answer)
    WATCH_POLL_SECONDS = 1  # the watch view on a TV is never more than a moment behind
    ANSWER_DELAY_SECONDS = 0.0  # tests only: every answer this much later (a slow network)
