"""A page's address as the other phones open it, and as a QR code to scan: under
``PUBLIC_URL`` when it is set (a request's Host header is whatever its sender wrote), else at
this request's own address. Below every room: a table's share and a club night's tables."""

from __future__ import annotations

import io
from typing import Any

import segno
from flask import Response, current_app, url_for


def shared(endpoint: str, **values: Any) -> str:
    """The absolute address of ``endpoint`` with ``values``, as another phone opens it."""
    if public := current_app.config.get("PUBLIC_URL"):
        return public.rstrip("/") + url_for(endpoint, **values)
    return url_for(endpoint, **values, _external=True)


def qr_code(address: str) -> Response:
    """The address as a QR code (SVG)."""
    out = io.BytesIO()
    segno.make(address, error="m").save(
        out, kind="svg", scale=6, border=2, dark="#111", light="#fff"
    )
    return Response(out.getvalue(), mimetype="image/svg+xml")
