"""Static files under fingerprinted URLs, kept by the phone for a year.

Every ``url_for("static", filename=...)`` carries a digest of the file (``/static/js/app.js?v=
3f2a9c01be4d``). A request with the digest of the file as it is now gets ``Cache-Control: public,
max-age=31536000, immutable``: the browser never asks again, and a changed file gets a new URL,
so no phone keeps an old copy. Without the digest (or with an old one) the file is served as
before (``no-cache``, revalidated by its ETag).

Static files are compressed here once per version, at brotli's and gzip's highest levels; pages
and fragments are compressed on the fly by Flask-Compress.
"""

from __future__ import annotations

import gzip
import hashlib
import os
import threading
from collections.abc import Callable
from stat import S_ISREG
from typing import Any

import brotli  # type: ignore[import-untyped]
from flask import Flask, Response, current_app, request
from werkzeug.security import safe_join

YEAR = 365 * 24 * 3600


class Fingerprints:
    """The digest of each static file, made once per version of the file (its size and time)."""

    def __init__(self) -> None:
        self._known: dict[str, tuple[int, int, str]] = {}
        self._lock = threading.Lock()

    def of(self, folder: str, filename: str) -> str | None:
        """The file's digest (12 hex digits); None for a name that is not a file of ``folder``."""
        path = safe_join(folder, filename)
        if path is None:
            return None
        try:
            stat = os.stat(path)
        except OSError:
            return None
        if not S_ISREG(stat.st_mode):
            return None
        known = self._known.get(path)
        if known and known[:2] == (stat.st_mtime_ns, stat.st_size):
            return known[2]
        with open(path, "rb") as file:
            digest = hashlib.sha256(file.read()).hexdigest()[:12]
        with self._lock:
            self._known[path] = (stat.st_mtime_ns, stat.st_size, digest)
        return digest


FINGERPRINTS = Fingerprints()


def fingerprint(filename: str) -> str | None:
    """The digest of a static file of this app (None: no such file)."""
    return FINGERPRINTS.of(current_app.static_folder or "static", filename)


# The encodings static files are sent in, the phone's preferred first among equals.
ALGORITHMS: dict[str, Callable[[bytes], bytes]] = {
    "br": lambda data: brotli.compress(data, quality=11),
    "gzip": lambda data: gzip.compress(data, compresslevel=9, mtime=0),
}


class Compressed:
    """Static files compressed once, at the highest level, and kept in memory by content."""

    def __init__(self) -> None:
        self._items: dict[tuple[str, str, str], bytes] = {}
        self._lock = threading.Lock()

    def of(self, filename: str, digest: str, algorithm: str, data: bytes) -> bytes:
        key = (filename, digest, algorithm)
        if (known := self._items.get(key)) is None:
            known = ALGORITHMS[algorithm](data)
            with self._lock:
                self._items[key] = known
        return known


COMPRESSED = Compressed()
TEXT_TYPES = {"text/css", "text/javascript", "application/javascript", "image/svg+xml"}


def compress_static(response: Response, filename: str) -> Response:
    """A static file in the best encoding the phone takes (compressed once per version)."""
    if (
        response.status_code != 200
        or response.mimetype not in TEXT_TYPES
        or "Content-Encoding" in response.headers
        or request.range is not None
    ):
        return response
    algorithm = request.accept_encodings.best_match(tuple(ALGORITHMS))
    digest = fingerprint(filename)
    if algorithm is None or digest is None:
        return response
    path = safe_join(current_app.static_folder or "static", filename)
    assert path is not None  # the file has a fingerprint
    with open(path, "rb") as file:
        data = file.read()
    response.close()  # the file the response would have streamed
    response.direct_passthrough = False
    response.set_data(COMPRESSED.of(filename, digest, algorithm, data))
    response.headers["Content-Encoding"] = algorithm
    response.headers.add("Vary", "Accept-Encoding")
    etag, weak = response.get_etag()
    if etag:
        response.set_etag(f"{etag}:{algorithm}", weak=bool(weak))
    return response


def setup_assets(app: Flask) -> None:
    @app.url_defaults
    def add_fingerprint(endpoint: str, values: dict[str, Any]) -> None:
        if endpoint == "static" and "v" not in values and values.get("filename"):
            digest = fingerprint(values["filename"])
            if digest:
                values["v"] = digest

    @app.after_request
    def static_file(response: Response) -> Response:
        """A file asked for by its current digest never changes: the phone keeps it a year.
        Every static file goes compressed when the phone takes it."""
        if request.endpoint != "static":
            return response
        filename = (request.view_args or {}).get("filename", "")
        if response.status_code in (200, 304) and request.args.get("v") == fingerprint(filename):
            response.cache_control.no_cache = None
            response.cache_control.public = True
            response.cache_control.max_age = YEAR
            response.cache_control.immutable = True
        return compress_static(response, filename)
