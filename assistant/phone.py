"""The app on the phone: this same app, run by Pyodide in a worker of the game page when the
phone has no connection (``static/phone/worker.mjs``). One implementation of the rules and of
the pages: the engines, the views and the templates the server runs, on a database of the
phone's own that holds one table's rows (``store/mirror.py``).

What it answers is what the server would answer for the same state; the page shows it and the
outbox keeps each change it made, to send to the server in order when the connection is back.
It is built without what only a server needs (``serving.py``): no compression, migrations,
rate limits, live streams or commands, and no CSRF check (nothing but the page's own script
reaches it; the server checks every change when it arrives).
"""

from __future__ import annotations

import json
import os
import secrets
from typing import Any

from flask import Flask
from jinja2 import FileSystemBytecodeCache
from werkzeug.test import Client

from . import core_app
from .extensions import db
from .store.mirror import load_rows

ON_THE_PHONE = {
    "SQLALCHEMY_DATABASE_URI": "sqlite://",
    "RATELIMIT_ENABLED": False,
    "WTF_CSRF_ENABLED": False,
    "ON_THE_PHONE": True,
}


class Phone:
    """The app on this phone, with one table loaded at a time."""

    def __init__(
        self, digests: dict[str, str], bundle: str | None = None, templates: str | None = None
    ) -> None:
        """``digests``: the static files' (the bundle's ``static-digests.json``); ``bundle``:
        the SHA-256 of the bundle this runs, so that its pages name it as the server's do;
        ``templates``: a folder where the templates it compiles are kept (the worker keeps
        them with the app's bytecode, ``bytecode.py``: a page drawn on the next start does not
        compile its templates again)."""
        settings = {"STATIC_DIGESTS": digests, "PHONE_BUNDLE": bundle}
        self.app: Flask = core_app(
            {**ON_THE_PHONE, **settings, "SECRET_KEY": secrets.token_hex(16)}
        )
        if templates:
            os.makedirs(templates, exist_ok=True)
            self.app.jinja_env.bytecode_cache = FileSystemBytecodeCache(templates)
        with self.app.app_context():
            db.create_all()
        # Werkzeug's client, not Flask's test client: that one imports click's test runner,
        # and with it the debugger (pdb), a second or more of every start on a phone.
        self.client = Client(self.app)

    def load(self, rows: str) -> None:
        """The table's rows as the server gave them (``/t/<token>/rows``), in place of any."""
        with self.app.app_context():
            load_rows(json.loads(rows))

    def answer(self, method: str, path: str, headers: str, body: str) -> str:
        """The answer to one request, as JSON: status, headers and text."""
        response = self.client.open(
            path,
            method=method,
            headers=json.loads(headers),
            data=body or None,
            content_type="application/x-www-form-urlencoded" if body else None,
        )
        answered: dict[str, Any] = {
            "status": response.status_code,
            "headers": dict(response.headers),
            "text": response.get_data(as_text=True),
        }
        return json.dumps(answered)
