"""The fuzz misses no route, and no route that makes or changes something for many misses a
limit: both read from the app's own map of routes, so that a route added is a test failing
until it is fuzzed (``REACHES`` of ``test_fuzz*.py``, each checked there to be reached every
run) and until it is said whether it is rate-limited."""

from __future__ import annotations

import re

import pytest
from flask import Flask, Response, request

from assistant.throttle import LIMITER
from tests.web import test_fuzz, test_fuzz_evening, test_fuzz_night

# What reads a part of its address or a header it is given (a version, a stamp, a link).
ASKED = {
    "live.stream", "live.watch_stream", "games.poll", "tables.changed", "phone.rows",
    "phone.app_zip", "hall.hall", "view.watch", "night_live.organiser", "night_live.hall",
}  # fmt: skip
# POST routes beyond the rate limits, and why: what a table does at its own pace, under its
# own link (an entry, a stake, a payment), where a limit per address would stop a club's
# tables behind one router before anyone else.
NOT_LIMITED = {
    "games.enter": "a table's taps", "games.undo": "a table's taps",
    "games.correct": "a table's taps", "games.delete": "a table's own game",
    "games.name_phone": "a phone's own name", "evening.name": "the table's own evening",
    "evening.currency": "the table's own evening", "evening.language": "the table's own",
    "evening.stake": "the table's own evening", "evening.end": "the table's own evening",
    "evening.reopen": "the table's own evening", "evening.paid": "the table's own payments",
    "evening.unpaid": "the table's own payments", "evening.join_circle": "the table's own",
    "evening.pay": "the table's own players", "circles.pay": "the circle's own players",
    "circles.rename": "the circle's own players", "circles.merge": "the circle's own players",
    "night_table.report": "a table's own result", "versions.show": "a table's own game",
    "versions.keep": "a table's own game",
}  # fmt: skip


def routes(app: Flask, method: str) -> set[str]:
    return {rule.endpoint for rule in app.url_map.iter_rules() if method in (rule.methods or ())}


def fuzzed() -> set[str]:
    reached: set[str] = set()
    for module in (test_fuzz, test_fuzz_evening, test_fuzz_night):
        for endpoints in module.REACHES.values():
            reached |= endpoints
    return reached


def test_every_post_route_is_fuzzed(app: Flask) -> None:
    assert routes(app, "POST") - fuzzed() == set()


def test_every_route_that_reads_its_address_or_headers_is_fuzzed(app: Flask) -> None:
    streams = {rule.endpoint for rule in app.url_map.iter_rules() if rule.rule.endswith("/stream")}
    assert streams <= ASKED
    assert set(test_fuzz_night.QUERIES) | {"phone.app_zip"} == ASKED


def test_every_post_route_is_rate_limited_or_says_why_not(app: Flask) -> None:
    """Each POST route is either counted by a limit (Flask-Limiter says which applied to its
    request), whatever the form held, or said above not to be, with the reason."""
    limited: dict[str, bool] = {}

    @app.after_request
    def counted(answer: Response) -> Response:
        limited[str(request.endpoint)] = bool(app.extensions[LIMITER].current_limits)
        return answer

    client = app.test_client()
    posts = routes(app, "POST")
    assert set(NOT_LIMITED) <= posts
    for rule in app.url_map.iter_rules():
        if rule.endpoint in posts:
            path = re.sub(r"<int:\w+>", "1", rule.rule).replace("<token>", "no-such-link-0123")
            client.post(path, data={"x": "1"})
    assert {endpoint for endpoint in posts if not limited.get(endpoint)} == set(NOT_LIMITED)


@pytest.fixture
def app(app: Flask) -> Flask:  # the usual app, counting links to nothing far beyond this test
    app.config["RATELIMIT_WRONG_LINKS"] = "100000 per minute"
    return app
