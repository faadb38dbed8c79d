"""gunicorn's settings for the app: gunicorn reads this file from the folder it starts in
(``gunicorn 'assistant:create_app()'``), else give it with ``-c``.

Every open game page holds a stream (assistant/live), so the workers are gevent's: each holds
thousands of waiting streams beside the requests it serves, where a sync worker would be taken
by a single stream (the app answers a stream it cannot hold with 204, and the page polls).
Measured with `make bench` (bench/README.md): the same entry POST and pages as sync workers."""

import subprocess
import sys
from typing import Any

from assistant.config import settle_worker

worker_class = "gevent"
# Streams and requests one worker holds at once: 2 workers hold 8 000 open pages with room.
worker_connections = 10000
# The head of a request (its line and its headers, whole) must come within this many seconds,
# the first request's too, or gunicorn closes the connection: one that sends nothing, or a byte
# now and then (slowloris), holds one of the worker's connections this long at most, not for
# ever (idle sockets once took all of them, and the worker answered nobody). A phone sends a
# request's head at once; 10 s is a link that has stopped. gunicorn calls this "keepalive" and
# waits so for every request's head; no connection is kept open after its answer, though
# (``pre_request`` below).
keepalive = 10
# One request per connection, as a sync worker serves it. A connection kept open stays with
# the worker that accepted it: with keep-alive, a phone whose worker was busy with other saves
# waited while the other worker idled (under load in `make bench`, a page's p99 was 1.5 s and a
# save's 0.3 s; 30 and 55 ms without). A worker busy with a request does not accept, so new
# connections go to the one free. Behind a proxy (docs/operations.md) the phones' own connections
# are still kept open: by the proxy.
# A stream never ends by itself: a restart waits this long for the requests under way, then
# cuts the streams (their pages reconnect within seconds), not the 30 s of gunicorn's default.
graceful_timeout = 5


def post_worker_init(worker: object) -> None:
    settle_worker()


def pre_request(worker: object, request: Any) -> None:
    """One request per connection: closed once answered (``keepalive`` above)."""
    request.must_close = True


def on_starting(server: object) -> None:
    """The app for the phone (assistant/bundle.py), made for this version of the code before any
    worker starts, unless it was: no request ever waits while it is made."""
    command = [sys.executable, "-m", "flask", "--app", "assistant", "phone", "build"]
    subprocess.run(command, check=False)  # noqa: S603 - our own command, no input from outside
