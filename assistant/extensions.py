"""The Flask extensions, created here and bound to the app in ``create_app``."""

from __future__ import annotations

from flask_babel import Babel
from flask_compress import Compress
from flask_migrate import Migrate
from flask_sqlalchemy import SQLAlchemy
from flask_wtf import CSRFProtect
from sqlalchemy import event
from sqlalchemy.engine import Engine
from sqlalchemy.orm import DeclarativeBase


class Base(DeclarativeBase):
    pass


db = SQLAlchemy(model_class=Base)
migrate = Migrate(render_as_batch=True)
csrf = CSRFProtect()
babel = Babel()
compress = Compress()


@event.listens_for(Engine, "connect")
def _sqlite_pragmas(dbapi_connection, _record) -> None:
    """SQLite keeps foreign keys only when asked, on every connection; WAL lets readers in.

    A writer waits for another worker's commit up to 15 s: on a busy machine a commit can take
    seconds, and a phone that waits is better off than one answered with an error page."""
    if type(dbapi_connection).__module__.startswith("sqlite3"):
        cursor = dbapi_connection.cursor()
        cursor.execute("PRAGMA foreign_keys=ON")
        cursor.execute("PRAGMA journal_mode=WAL")
        cursor.execute("PRAGMA busy_timeout=15000")
        cursor.close()
