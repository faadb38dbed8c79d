"""The Flask extensions, created here and bound to the app in ``create_app``."""

from __future__ import annotations

from typing import Any

from flask_babel import Babel
from flask_sqlalchemy import SQLAlchemy
from flask_wtf import CSRFProtect
from sqlalchemy import event
from sqlalchemy.engine import Engine
from sqlalchemy.orm import DeclarativeBase


class Base(DeclarativeBase):
    pass


db = SQLAlchemy(model_class=Base)
csrf = CSRFProtect()
babel = Babel()


@event.listens_for(Engine, "connect")
def _sqlite_pragmas(dbapi_connection: Any, _record: Any) -> None:
    """SQLite keeps foreign keys only when asked, on every connection; WAL lets readers in.

    A writer waits for another worker's commit up to 15 s: on a busy machine a commit can take
    seconds, and a phone that waits is better off than one answered with an error page."""
    if type(dbapi_connection).__module__.startswith("sqlite3"):
        cursor = dbapi_connection.cursor()
        cursor.execute("PRAGMA foreign_keys=ON")
        cursor.execute("PRAGMA journal_mode=WAL")
        cursor.execute("PRAGMA busy_timeout=15000")
        cursor.close()


def sqlite_synchronous(engine: Engine, level: str) -> None:
    """How a commit waits for the disk (``SQLITE_SYNCHRONOUS``: NORMAL or FULL).

    In WAL mode NORMAL keeps every commit safe from a crash of the server (killed, restarted)
    without an fsync per commit; only a power cut of the machine can take back the last
    moments' commits, and the file stays whole. FULL waits for the disk on every commit: the
    one writer is held ~15 ms a save, and saves queue behind it."""
    if level not in ("NORMAL", "FULL"):
        raise ValueError(f"SQLITE_SYNCHRONOUS is NORMAL or FULL, not {level!r}")

    def on_connect(dbapi_connection: Any, _record: Any) -> None:
        if type(dbapi_connection).__module__.startswith("sqlite3"):
            cursor = dbapi_connection.cursor()
            cursor.execute(f"PRAGMA synchronous={level}")
            cursor.close()

    event.listen(engine, "connect", on_connect)
