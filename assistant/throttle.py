"""Rate limits per network address: creating tables and games, imports, a club night's
changes, links to no table, the app's bundle for the phone.

The limits are settings (``RATELIMIT_CREATE``, ``RATELIMIT_IMPORT``, ``RATELIMIT_NIGHT``,
``RATELIMIT_WRONG_LINKS``, ``RATELIMIT_PHONE_APP``) far above what a table does in an
evening, or a club's tables behind one address; beyond them the answer is a 429 page that says
to wait. Flask-Limiter counts in memory by default (each server process on its own); on several
machines ``RATELIMIT_STORAGE_URI`` names a shared store.

The views are marked here and limited by the server (``limit_views``, from ``create_app``): the
phone's own copy of the app (``phone.py``) answers one phone and has no limits, so it is bundled
without the rate limiter and its libraries (``bundle.py``).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any, TypeVar

from flask import Flask, Response, current_app

View = TypeVar("View", bound=Callable[..., Any])

# Which limit each marked view counts against (by the view function itself).
MARKED: dict[Callable[..., Any], str] = {}
LIMITER = "throttle"  # the app's Flask-Limiter, in ``app.extensions``


def creating(view: View) -> View:
    """Step 1 and step 2 of every set-up count only when a table or game was made."""
    MARKED[view] = "create"
    return view


def importing(view: View) -> View:
    """Every import counts: reading a file is the work."""
    MARKED[view] = "import"
    return view


def night_changing(view: View) -> View:
    """Every change of a club night by its organiser counts (a draw, who comes or goes, a
    pair's member replaced, a result, a round closed, the night ended): each is checked with
    the whole night, and a night is the organiser's phone's, not a crowd's. A table's phones
    sending their own result are not counted (they share the club's address)."""
    MARKED[view] = "night"
    return view


def phone_app(view: View) -> View:
    """Every download of the app for the phone counts: a few megabytes for a few bytes asked."""
    MARKED[view] = "phone"
    return view


def created(response: Response) -> bool:
    return response.status_code == 303  # a new table or game; a form with errors costs nothing


def limit_views(app: Flask) -> None:
    """The server's limits on the marked views, counted per network address."""
    # Here, not above: the phone's copy of the app never imports the rate limiter.
    from flask_limiter import Limiter
    from flask_limiter.util import get_remote_address

    limiter = Limiter(key_func=get_remote_address)
    limiter.init_app(app)
    app.extensions[LIMITER] = limiter

    def setting(name: str) -> Callable[[], str]:
        return lambda: current_app.config[name]

    limits = {
        "create": limiter.shared_limit(
            setting("RATELIMIT_CREATE"), scope="create", methods=["POST"], deduct_when=created
        ),
        "import": limiter.shared_limit(
            setting("RATELIMIT_IMPORT"), scope="import", methods=["POST"]
        ),
        "night": limiter.shared_limit(setting("RATELIMIT_NIGHT"), scope="night", methods=["POST"]),
        "phone": limiter.shared_limit(setting("RATELIMIT_PHONE_APP"), scope="phone-app"),
    }
    views: dict[str, Callable[..., Any]] = app.view_functions
    for endpoint, view in list(views.items()):
        if (scope := MARKED.get(view)) is not None:
            views[endpoint] = limits[scope](view)


def count_miss() -> None:
    """A link to no table: counted, and answered 429 beyond the limit (someone guessing links).
    A phone whose link is right is never slowed down by this."""
    limiter = current_app.extensions.get(LIMITER)
    if limiter is None or not limiter.enabled:
        return
    from flask_limiter.util import get_remote_address
    from limits import parse_many
    from werkzeug.exceptions import TooManyRequests

    address = get_remote_address()
    for limit in parse_many(current_app.config["RATELIMIT_WRONG_LINKS"]):
        if not limiter.limiter.hit(limit, "wrong-link", address):
            raise TooManyRequests()
