"""The installable app: manifest, service worker and offline page, served from the site root."""

from __future__ import annotations

import hashlib
import re
from pathlib import Path

from flask import Blueprint, Response, current_app, jsonify, render_template, url_for

from ..assets import fingerprint, static_files
from ..games import GAMES
from ..i18n import gettext

bp = Blueprint("pwa", __name__)

ICONS = (("192", "any"), ("512", "any"), ("512-maskable", "maskable"))


@bp.get("/manifest.webmanifest")
def manifest() -> Response:
    icons = [
        {
            "src": url_for("static", filename=f"icons/icon-{name}.png"),
            "sizes": "{0}x{0}".format(name.split("-")[0]),
            "type": "image/png",
            "purpose": purpose,
        }
        for name, purpose in ICONS
    ]
    response = jsonify(
        {
            "id": url_for("home.index"),
            "name": gettext("The table assistant"),
            "short_name": gettext("Table"),
            "description": gettext(
                "Score sheets, rules and settlement for card games at a real table."
            ),
            "start_url": url_for("home.index"),
            "scope": "/",
            "display": "standalone",
            "background_color": "#f6f4ee",
            "theme_color": "#14532d",
            "icons": icons,
        }
    )
    response.mimetype = "application/manifest+json"
    return response


@bp.get("/sw.js")
def service_worker() -> Response:
    static = [url_for("static", filename=name) for name in precached_files()]
    body = render_template(
        "pwa/sw.js",
        version=asset_version(),
        precache=[*static, url_for("pwa.offline")],
        offline=url_for("pwa.offline"),
        static_prefix=url_for("static", filename=""),
        phone_app=url_for("phone.app_zip"),
    )
    return Response(body, mimetype="text/javascript", headers={"Cache-Control": "no-cache"})


@bp.get("/offline")
def offline() -> str:
    return render_template("pwa/offline.html")


def precached_files() -> list[str]:
    """What the service worker keeps on the phone from the first visit on: the shared files,
    which every page loads. A game's own files (``static/<kind>/``) are kept once a page of that
    game has loaded them (``pwa.js`` tells the worker which, and they come from the browser's
    cache): a first visit does not download the three other games. The PNG icons are for
    installing the app (the phone keeps its own copy then); a page shows the SVG one. The files
    of one page alone (the table's, a club night's hall) are kept like a game's, once that page
    has loaded them. A vendored file's provenance (``vendored.json``) is for people, not for
    pages."""
    return [name for name in static_files() if not NOT_KEPT.fullmatch(name) and shared(name)]


NOT_KEPT = re.compile(
    r"icons/.*\.png|(.*/)?vendored\.json|js/evening\.js|js/hall\.js|css/night\.css"
)


def shared(name: str) -> bool:
    """Whether a static file is every page's (a game's own live under its kind's folder, and
    the app for play without signal under ``phone/`` with the page's side of it under
    ``kept/``: loaded and kept once a table is kept for it)."""
    return name.split("/", 1)[0] not in (*GAMES, "phone", "kept")


def asset_version() -> str:
    """``ASSET_VERSION`` if configured, else a digest of every static file and the worker.

    A changed static file gives a new cache name, so the old copies are dropped once the new
    worker takes over (the files themselves are asked for by their fingerprinted URLs).
    """
    if configured := current_app.config.get("ASSET_VERSION"):
        return str(configured)
    digest = hashlib.sha256()
    for name in static_files():
        digest.update(f"{name}\0{fingerprint(name)}\0".encode())
    worker = Path(current_app.root_path, current_app.template_folder or "templates", "pwa/sw.js")
    digest.update(worker.read_bytes())
    return digest.hexdigest()[:12]
