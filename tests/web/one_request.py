"""What one hostile request costs a worker, measured in a process of its own:
``python -m tests.web.one_request NAME DATABASE_URL`` prints ``{"status", "size", "peak"}``.

tracemalloc counts every thread of a process; in the whole suite the browser tests' servers
and their streams run in threads of the test process, and their allocations were counted as
the request's (10 MB once, beside 1 MB alone)."""

from __future__ import annotations

import json
import sys
import tracemalloc

from assistant.extensions import db
from tests.conftest import fresh_app
from tests.web.test_hostile_three import worst_requests

FORM = {"content_type": "application/x-www-form-urlencoded"}


def cost(what: str, url: str) -> dict[str, int]:
    app = fresh_app(url, csrf=True)  # as deployed: the CSRF check is the first to read a body
    client = app.test_client()
    client.get("/")  # the templates and catalogs loaded, as in a worker that has served
    path, data = worst_requests()[what]
    client.post(path, data=data, **FORM if isinstance(data, bytes) else {})  # what it needs
    path, data = worst_requests()[what]  # the body made before the measurement
    tracemalloc.start()
    try:
        response = client.post(path, data=data, **FORM if isinstance(data, bytes) else {})
        size = len(response.get_data())
        _, peak = tracemalloc.get_traced_memory()
    finally:
        tracemalloc.stop()
    with app.app_context():
        db.drop_all()
        db.engine.dispose()
    return {"status": response.status_code, "size": size, "peak": peak}


if __name__ == "__main__":
    print(json.dumps(cost(sys.argv[1], sys.argv[2])))
