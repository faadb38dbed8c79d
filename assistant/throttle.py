"""Rate limits per network address: creating tables and games, imports, a club night's
changes, links to no table.

The limits are settings (``RATELIMIT_CREATE``, ``RATELIMIT_IMPORT``, ``RATELIMIT_NIGHT``,
``RATELIMIT_WRONG_LINKS``)
far above what a table does in an evening, or a club's tables behind one address; beyond them
the answer is a 429 page that says to wait. Flask-Limiter counts in memory by default (each
server process on its own); on several machines ``RATELIMIT_STORAGE_URI`` names a shared store.
"""

from __future__ import annotations

from flask import Response, current_app
from flask_limiter import Limiter
from flask_limiter.util import get_remote_address
from limits import parse_many
from werkzeug.exceptions import TooManyRequests

limiter = Limiter(key_func=get_remote_address)


def _created(response: Response) -> bool:
    return response.status_code == 303  # a new table or game; a form with errors costs nothing


# Step 1 and step 2 of every set-up count only when a table or game was made.
creating = limiter.shared_limit(
    lambda: current_app.config["RATELIMIT_CREATE"],
    scope="create",
    methods=["POST"],
    deduct_when=_created,
)
# Every import counts: reading a file is the work.
importing = limiter.shared_limit(
    lambda: current_app.config["RATELIMIT_IMPORT"], scope="import", methods=["POST"]
)
# Every change of a club night counts (a draw, who comes or goes, a result): each is checked
# with the whole night, and a night is the organiser's phone's, not a crowd's.
night_changing = limiter.shared_limit(
    lambda: current_app.config["RATELIMIT_NIGHT"], scope="night", methods=["POST"]
)


def count_miss() -> None:
    """A link to no table: counted, and answered 429 beyond the limit (someone guessing links).
    A phone whose link is right is never slowed down by this."""
    if not limiter.enabled:
        return
    address = get_remote_address()
    for limit in parse_many(current_app.config["RATELIMIT_WRONG_LINKS"]):
        if not limiter.limiter.hit(limit, "wrong-link", address):
            raise TooManyRequests()
