"""The installable app: manifest, service worker and offline page, served from the site root."""

from __future__ import annotations

import hashlib
from pathlib import Path

from flask import Blueprint, Response, current_app, jsonify, render_template, url_for
from flask_babel import gettext

bp = Blueprint("pwa", __name__)

# What the service worker keeps on the phone from the first visit on.
PRECACHE = (
    "js/htmx-4.0.1.min.js",
    "js/app.js",
    "js/pwa.js",
    "css/app.css",
    "icons/icon.svg",
    "icons/icon-192.png",
    "icons/icon-512.png",
    "icons/icon-512-maskable.png",
)
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
    static = [url_for("static", filename=name) for name in PRECACHE]
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


def asset_version() -> str:
    """``ASSET_VERSION`` if configured, else a digest of the precached files and the worker.

    A changed static file gives a new cache name, so phones fetch it once instead of keeping
    the old copy for ever (static files are served cache-first).
    """
    if configured := current_app.config.get("ASSET_VERSION"):
        return str(configured)
    digest = hashlib.sha256()
    static = Path(current_app.static_folder or "")
    worker = Path(current_app.root_path, current_app.template_folder or "templates", "pwa/sw.js")
    for path in [*(static / name for name in PRECACHE), worker]:
        digest.update(path.read_bytes() if path.is_file() else b"-")
    return digest.hexdigest()[:12]
