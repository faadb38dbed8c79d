"""What the phone fetches to play on without signal: the app as one zip (``bundle.py``), made
before any request asks for it and sent by a URL that names its SHA-256 (kept a year by the
phone; a new version is a new URL, and the phone checks the bytes against the name), and a
table's rows (``store/mirror.py``), asked for again whenever the table moved."""

from __future__ import annotations

from typing import Any

from flask import (
    Blueprint,
    Response,
    abort,
    current_app,
    jsonify,
    redirect,
    request,
    send_file,
    url_for,
)

from ..assets import YEAR
from ..bundle import Built, current_bundle
from ..lookup import table_or_404
from ..store.mirror import rows_of
from ..throttle import phone_app

bp = Blueprint("phone", __name__)


@bp.get("/phone/app.zip")
@bp.get("/phone/app-<digest>.zip")
@phone_app
def app_zip(digest: str | None = None) -> Any:
    """This version's bundle, as it was made (never made here: a cheap answer whoever asks)."""
    made = current_bundle()
    if made is None:  # not made yet (``flask --app assistant phone build``)
        return Response(status=503, headers={"Retry-After": "60", "Cache-Control": "no-store"})
    if digest != made.sha256:
        if digest is not None:
            abort(404)  # another version's, which this server no longer has
        moved = redirect(url_for("phone.app_zip", digest=made.sha256), 307)
        moved.cache_control.no_cache = True
        return moved
    return send_bundle(made)


def send_bundle(made: Built) -> Response:
    """The bytes in the best encoding the phone takes, as they were compressed once."""
    encoding = request.accept_encodings.best_match(("br", "gzip"))
    response = send_file(
        made.path(encoding),
        mimetype="application/zip",
        conditional=True,
        etag=f"{made.sha256[:20]}-{encoding or 'identity'}",
    )
    if encoding:
        response.headers["Content-Encoding"] = encoding
    response.headers.add("Vary", "Accept-Encoding")
    response.cache_control.public = True
    response.cache_control.max_age = YEAR
    response.cache_control.immutable = True
    return response


@bp.app_url_defaults
def bundle_by_its_digest(endpoint: str, values: dict[str, Any]) -> None:
    """``url_for("phone.app_zip")`` names the bundle by its digest: on the server the one it
    made, on the phone the one it runs (so the pages it draws name the same URL)."""
    if endpoint != "phone.app_zip" or "digest" in values:
        return
    if "ON_THE_PHONE" in current_app.config:
        digest = current_app.config.get("PHONE_BUNDLE")
    else:
        digest = made.sha256 if (made := current_bundle()) else None
    if digest:
        values["digest"] = digest


@bp.get("/t/<token>/rows")
def rows(token: str) -> Response:
    response = jsonify(rows_of(table_or_404(token)))
    response.cache_control.no_store = True
    return response
