"""The installable app: manifest, service worker and offline page, served from the site root."""

from __future__ import annotations

import hashlib
from pathlib import Path

from flask import Blueprint, Response, current_app, jsonify, render_template, url_for
from flask_babel import gettext

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
    static = [url_for("static", filename=name) for name in static_files()]
    body = render_template(
        "pwa/sw.js",
        version=asset_version(),
        precache=[*static, url_for("pwa.offline")],
        offline=url_for("pwa.offline"),
        static_prefix=url_for("static", filename=""),
    )
    return Response(body, mimetype="text/javascript", headers={"Cache-Control": "no-cache"})


@bp.get("/offline")
def offline() -> str:
    return render_template("pwa/offline.html")


def static_files() -> list[str]:
    """Every static file (the shared ones and each game's own): the service worker keeps them
    all on the phone from the first visit on, so a game works offline whatever is played."""
    static = Path(current_app.static_folder or "")
    return sorted(p.relative_to(static).as_posix() for p in static.rglob("*") if p.is_file())


def asset_version() -> str:
    """``ASSET_VERSION`` if configured, else a digest of every cached file and the worker.

    A changed static file gives a new cache name, so phones fetch it once instead of keeping
    the old copy for ever (static files are served cache-first).
    """
    if configured := current_app.config.get("ASSET_VERSION"):
        return str(configured)
    digest = hashlib.sha256()
    static = Path(current_app.static_folder or "")
    worker = Path(current_app.root_path, current_app.template_folder or "templates", "pwa/sw.js")
    for path in [*(static / name for name in static_files()), worker]:
        digest.update(path.as_posix().encode() + b"\0" + path.read_bytes())
    return digest.hexdigest()[:12]
