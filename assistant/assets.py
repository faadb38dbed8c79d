"""Static files under fingerprinted URLs, kept by the phone for a year.

Every ``url_for("static", filename=...)`` carries a digest of the file (``/static/js/app.js?v=
3f2a9c01be4d``). A request with the digest of the file as it is now gets ``Cache-Control: public,
max-age=31536000, immutable``: the browser never asks again, and a changed file gets a new URL,
so no phone keeps an old copy. Without the digest (or with an old one) the file is served as
before (``no-cache``, revalidated by its ETag).

How the server sends them (kept a year, compressed once): ``serving.py``. The phone's own copy
of the app (``phone.py``) knows the digests from the bundle it was given (``STATIC_DIGESTS``),
so the pages it draws name the files by the same URLs as the server's.
"""

from __future__ import annotations

import hashlib
import os
import threading
from pathlib import Path
from stat import S_ISREG
from typing import Any

from flask import Flask, current_app
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
    """The digest of a static file of this app (None: no such file); on the phone, the
    server's, as the bundle carries them."""
    if (digests := current_app.config.get("STATIC_DIGESTS")) is not None:
        digest: str | None = digests.get(filename)
        return digest
    return FINGERPRINTS.of(current_app.static_folder or "static", filename)


def static_files() -> list[str]:
    """Every static file (the shared ones and each game's own)."""
    static = Path(current_app.static_folder or "")
    return sorted(p.relative_to(static).as_posix() for p in static.rglob("*") if p.is_file())


def static_digests() -> dict[str, str]:
    """Every static file's digest, for the phone's own copy of the app (``bundle.py``)."""
    return {name: digest for name in static_files() if (digest := fingerprint(name))}


def setup_assets(app: Flask) -> None:
    @app.url_defaults
    def add_fingerprint(endpoint: str, values: dict[str, Any]) -> None:
        if endpoint == "static" and "v" not in values and values.get("filename"):
            digest = fingerprint(values["filename"])
            if digest:
                values["v"] = digest
