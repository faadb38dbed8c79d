"""Fixtures: an app on a fresh SQLite file, its client, its CLI runner, and a phone served by
another process on the same database.

The suite runs in parallel (``make test``: pytest-xdist, a worker per core): nothing a test
writes is shared with another worker's tests (each test has its folder, each worker its
servers on ports of their own and, on PostgreSQL, its own database). Any setting of the app can
be given from outside as the deployment gives it (``FLASK_<NAME>``): ``FLASK_KEEP_IN_PROCESS=false``
runs the suite with nothing kept in any process (``.ci/run`` runs the tests that compare
kept and fresh pages so; ``tests/web/test_costs.py``, which counts what keeping saves, keeps
whatever the switch says)."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest
from flask import Flask
from flask.testing import FlaskClient, FlaskCliRunner
from hypothesis import settings

from assistant import create_app
from assistant.extensions import db
from tests.databases import database_url, emptied

# No property test has a deadline: how long an example takes is a benchmark's business, and on
# a loaded machine a deadline failed examples that were right (690 ms beside 200 ms).
settings.register_profile("no-deadline", deadline=None)
settings.load_profile("no-deadline")


def fresh_app(url: str, *, csrf: bool, keeping: bool = False) -> Flask:
    """The app as the tests run it, on an empty database at ``url`` (with the CSRF check as
    deployed, or without it for tests that post by hand; keeping what it makes in its process
    whatever ``FLASK_KEEP_IN_PROCESS`` says, for tests that count what keeping saves)."""
    settings = {
        "TESTING": True,
        "SECRET_KEY": "test",
        "SQLALCHEMY_DATABASE_URI": url,
        "WTF_CSRF_ENABLED": csrf,
    }
    app = create_app({**settings, "KEEP_IN_PROCESS": True} if keeping else settings)
    with app.app_context():
        emptied(db)
    return app


@pytest.fixture
def app(tmp_path: Path, request: pytest.FixtureRequest) -> Iterator[Flask]:
    """A fresh database per test: SQLite by default, or TEST_DATABASE_URL (PostgreSQL in CI)."""
    url = database_url(tmp_path)
    app = fresh_app(url, csrf=False, keeping=request.node.get_closest_marker("keeping") is not None)
    yield app
    with app.app_context():
        db.session.remove()
        db.engine.dispose()


@pytest.fixture
def client(app: Flask) -> FlaskClient:
    return app.test_client()


@pytest.fixture
def runner(app: Flask) -> FlaskCliRunner:
    return app.test_cli_runner()


@pytest.fixture
def elsewhere(app: Flask) -> Iterator[FlaskClient]:
    """A phone served by another process (another worker): an app of its own on the same
    database, sharing nothing in memory with ``app`` (a save there reaches this process by the
    database alone)."""
    other = create_app(dict(app.config))
    yield other.test_client()
    with other.app_context():
        db.session.remove()
        db.engine.dispose()  # before the database is dropped
