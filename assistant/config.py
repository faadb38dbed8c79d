"""Configuration: defaults here, ``instance/config.py`` overrides, environment for deployment."""

from __future__ import annotations

import gc
import os
import secrets
from collections.abc import Mapping
from pathlib import Path
from typing import Any, ClassVar


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
        private_folder(path.parent)
        # Written private from the first byte, under another name, then linked into place: a
        # second worker starting at the same moment reads the one key, never half of it.
        draft = path.with_name(f".secret_key.{os.getpid()}")
        descriptor = os.open(draft, os.O_WRONLY | os.O_CREAT | os.O_TRUNC, 0o600)
        with os.fdopen(descriptor, "w") as out:
            out.write(secrets.token_hex(32))
        try:
            os.link(draft, path)
        except FileExistsError:
            pass
        finally:
            draft.unlink()
    return path.read_text().strip()


def private_folder(path: Path) -> None:
    """The instance folder: for this user only (it holds the key and the database)."""
    path.mkdir(mode=0o700, parents=True, exist_ok=True)
    if path.stat().st_uid == os.getuid():
        path.chmod(0o700)


def private_database(url: str) -> None:
    """An SQLite file (it holds every table's link) created for this user only before SQLite
    opens it; its ``-wal`` and ``-shm`` files take the same permissions from it."""
    if not url.startswith("sqlite:///") or url.endswith(":memory:"):
        return
    path = Path(url.removeprefix("sqlite:///").split("?")[0])
    if not path.name or not path.parent.is_dir():
        return  # SQLite will say what is wrong with it
    os.close(os.open(path, os.O_RDWR | os.O_CREAT, 0o600))
    for file in (path, path.with_name(path.name + "-wal"), path.with_name(path.name + "-shm")):
        if file.exists() and file.stat().st_uid == os.getuid():
            file.chmod(0o600)


# A young generation this large is collected a few dozen times in a thousand saves, not once
# a save (measured: the least time in the collector of 700, 2 000, 5 000, 20 000, 50 000).
YOUNG_OBJECTS = 5000


def settle_worker() -> None:
    """A server's worker once the app is loaded (gunicorn.conf.py): what exists now (the app,
    its libraries, their data: some 180 000 objects) is lasting, so Python's collector leaves
    it out of every full collection from now on — each of those took up to 50 ms, a save
    caught by one waited that much — and collects the young less often."""
    gc.collect()
    gc.freeze()
    gc.set_threshold(YOUNG_OBJECTS, 10, 10)


# Strict-Transport-Security: a year, the least that browsers' preload lists take; not for the
# subdomains, which this app does not know to be served over HTTPS too.
HSTS = "max-age=31536000"


def served_over_https(config: Mapping[str, Any]) -> bool:
    """Whether the deployment says it is served over HTTPS (then every answer carries HSTS,
    so that a phone never again opens the link, the key to a table, over plain HTTP)."""
    public = str(config.get("PUBLIC_URL") or "")
    return public.startswith("https://") or bool(config.get("SESSION_COOKIE_SECURE"))


class Defaults:
    SQLALCHEMY_ENGINE_OPTIONS: ClassVar[dict[str, object]] = {"pool_pre_ping": True}
    WTF_CSRF_TIME_LIMIT = None  # a game night is longer than an hour
    SESSION_COOKIE_SAMESITE = "Lax"
    SESSION_COOKIE_HTTPONLY = True
    SQLITE_SYNCHRONOUS = "NORMAL"  # FULL: wait for the disk on every commit (extensions.py)
    # The cookie is signed and sent only when the session changes, not on every poll (a
    # remembered table or name still keeps it for PERMANENT_SESSION_LIFETIME from then).
    SESSION_REFRESH_EACH_REQUEST = False
    # Pages and fragments go compressed (brotli, else gzip); static files are compressed once
    # each (assets.py), and nothing streamed is compressed on the fly.
    COMPRESS_ALGORITHM = ("br", "gzip")
    COMPRESS_STREAMS = False
    LANGUAGES = ("en", "sv", "de", "es")  # each named in itself by the menu in the header
    BABEL_DEFAULT_LOCALE = "en"
    MAX_CONTENT_LENGTH = 512 * 1024  # a game record is a few KB
    POLL_SECONDS = 3  # a phone hears another phone's entry within this (and one answer)
    WATCH_POLL_SECONDS = 1  # the watch view on a TV is never more than a moment behind
    HALL_KEPT_SECONDS = 1.0  # the hall screen's part is drawn at most this often (night/hall.py)
    # Live (assistant/live): each open page holds a stream of nudges, the poll is its fallback.
    # SQLite: how often a process reads the change log's new lines for its streams. 50 small
    # indexed reads a second cost ~2 ms of CPU; every 0.1 s, the pages nudged by ten saves
    # came back at once, and a save behind them waited (make bench, 2 000 tables: save p99
    # 131 → 83 ms, a nudge heard p50 49 → 10 ms).
    LIVE_CHECK_SECONDS = 0.02
    LIVE_SAFETY_SECONDS = 5.0  # every game held, read whole beside LISTEN or the change log
    LIVE_HEARTBEAT_SECONDS = 15.0  # a held stream says so this often (live.js waits 2.5 times it)
    # Replays and game pages' models kept in each process (store/kept.py); off, every page is
    # made anew.
    KEEP_IN_PROCESS = True
    ANSWER_DELAY_SECONDS = 0.0  # tests only: every answer this much later (a slow network)
    # A tap on the same button, at the same spot, this soon after the answer to the tap before
    # it was drawn is that double tap's second half (static/js/taps.js); 0 turns that off.
    DOUBLE_TAP_MS = 250
    # A phone that plays a table (a step of its own saved, the game two changes on) readies
    # itself for play without signal in the background (kept/phone.js), unless it asks to save
    # data: the app on the phone, some MB, downloaded once. Off: only "Keep for play without
    # signal" does it (the browser tests that play online, and the benches).
    READY_UNASKED = True
    # The address players open (``https://cards.example``): share links and QR codes are made
    # with it, never from the Host header a request brings. Unset: the request's own address.
    PUBLIC_URL: str | None = None
    TRUSTED_PROXIES = 0  # reverse proxies in front (their X-Forwarded-For/-Proto are believed)
    # Rate limits per network address (throttle.py); a shared store when on several machines.
    RATELIMIT_ENABLED = True
    RATELIMIT_STORAGE_URI = "memory://"
    RATELIMIT_CREATE = "30 per minute; 300 per day"
    RATELIMIT_IMPORT = "20 per minute; 200 per day"
    # A night's draws, roster and results: a 64-table night enters a few hundred in an evening.
    RATELIMIT_NIGHT = "60 per minute; 2000 per day"
    RATELIMIT_WRONG_LINKS = "60 per minute; 600 per hour"
    # The app for the phone (views/phone.py): a phone fetches it once per version of the app.
    RATELIMIT_PHONE_APP = "30 per minute; 300 per day"
