"""What the phone fetches to play on without signal: the app as one zip (``bundle.py``), kept by
the service worker with the app's version (a new version drops it and the phone fetches the new
one), and a table's rows (``store/mirror.py``), asked for again whenever the table moved."""

from __future__ import annotations

from flask import Blueprint, Response, current_app, jsonify

from ..bundle import bundle
from ..lookup import table_or_404
from ..store.mirror import rows_of
from .pwa import asset_version, static_digests

bp = Blueprint("phone", __name__)


@bp.get("/phone/app.zip")
def app_zip() -> Response:
    version = asset_version()
    kept = current_app.extensions.setdefault("phone-bundle", {})
    if version not in kept:  # made once per version of the app: a few MB of zipping
        kept.clear()
        languages = tuple(current_app.config["LANGUAGES"])
        kept[version] = bundle(languages, static_digests())
    response = Response(kept[version], mimetype="application/zip")
    response.cache_control.no_cache = True
    return response


@bp.get("/t/<token>/rows")
def rows(token: str) -> Response:
    response = jsonify(rows_of(table_or_404(token)))
    response.cache_control.no_store = True
    return response
