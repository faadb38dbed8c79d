"""The installable app: manifest, service worker and offline page, served from the site root."""

from __future__ import annotations

from flask import Blueprint, Response, current_app, jsonify, render_template, url_for
from flask_babel import gettext

bp = Blueprint("pwa", __name__)


@bp.get("/manifest.webmanifest")
def manifest() -> Response:
    icon = lambda size, purpose="any": {  # noqa: E731
        "src": url_for(
            "static",
            filename=f"icons/icon-{size}{'-maskable' if purpose == 'maskable' else ''}.png",
        ),
        "sizes": f"{size}x{size}",
        "type": "image/png",
        "purpose": purpose,
    }
    response = jsonify(
        {
            "name": gettext("The table assistant"),
            "short_name": gettext("Table"),
            "start_url": url_for("home.index"),
            "scope": "/",
            "display": "standalone",
            "background_color": "#f6f4ee",
            "theme_color": "#14532d",
            "icons": [icon(192), icon(512), icon(512, "maskable")],
        }
    )
    response.mimetype = "application/manifest+json"
    return response


@bp.get("/sw.js")
def service_worker() -> Response:
    body = render_template("pwa/sw.js", version=current_app.config.get("ASSET_VERSION", "1"))
    return Response(body, mimetype="text/javascript", headers={"Cache-Control": "no-cache"})


@bp.get("/offline")
def offline() -> str:
    return render_template("pwa/offline.html")
