"""A test's database: an SQLite file of its own, or on PostgreSQL (CI) a database of each
parallel worker's own."""

from __future__ import annotations

import functools
import os
from pathlib import Path

from flask_sqlalchemy import SQLAlchemy
from sqlalchemy import create_engine, inspect, make_url, text


def database_url(folder: Path, name: str = "test.db") -> str:
    """A test's database: an SQLite file in its folder, or TEST_DATABASE_URL (PostgreSQL in
    CI), where each parallel worker has a database of its own on that server."""
    return server_database() or f"sqlite:///{folder / name}"


def server_database() -> str:
    """TEST_DATABASE_URL as this parallel worker uses it (its own database on that server),
    or "" where none is given."""
    url = os.environ.get("TEST_DATABASE_URL", "")
    worker = os.environ.get("PYTEST_XDIST_WORKER")
    return worker_database(url, worker) if url and worker else url


@functools.cache
def worker_database(url: str, worker: str) -> str:
    """The database ``url`` names with the worker's name after it (``tabletest_gw1``), made
    on the same server the first time a worker asks for it."""
    given = make_url(url)
    own = given.set(database=f"{given.database}_{worker}")
    engine = create_engine(given, isolation_level="AUTOCOMMIT")
    with engine.connect() as connection:
        found = "SELECT 1 FROM pg_database WHERE datname = :name"
        if connection.execute(text(found), {"name": own.database}).scalar() is None:
            connection.execute(text(f'CREATE DATABASE "{own.database}"'))
    engine.dispose()
    return own.render_as_string(hide_password=False)


def emptied(database: SQLAlchemy) -> None:
    """The app's tables as a new test needs them: empty. An SQLite file is a test's own and new,
    so its tables are made; a PostgreSQL database is the worker's for all its tests, so tables
    already there are emptied (one TRUNCATE, a third of the time of dropping and making them
    anew, which each web test paid on PostgreSQL) and made only when some are missing (the
    first test of a worker, or after a test that dropped them)."""
    engine = database.engine
    tables = database.metadata.sorted_tables
    if engine.dialect.name != "postgresql" or not {table.name for table in tables} <= set(
        inspect(engine).get_table_names()
    ):
        database.drop_all()
        database.create_all()
        return
    names = ", ".join(f'"{table.name}"' for table in tables)
    with engine.begin() as connection:
        connection.execute(text(f"TRUNCATE {names} RESTART IDENTITY CASCADE"))
