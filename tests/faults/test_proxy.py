"""The fault harness's own parts: its proxy does to a request what its schedule says (the server
sees it or not, once or twice; the phone gets the answer or a broken connection), a stream goes
through as it comes, a server that is down is a 502 or a reset, and a seed always draws the same
faults and the same plan."""

from __future__ import annotations

import threading
import time
import urllib.error
import urllib.request
from collections.abc import Iterator
from http.server import ThreadingHTTPServer
from typing import ClassVar

import pytest

from tests.faults.log import Log
from tests.faults.plan import Plan
from tests.faults.proxy import FaultProxy
from tests.faults.schedule import Fault, Schedule
from tests.test_relay import Hello

KEY = "abcdefghijklmnop"


class Counting(Hello):
    """Keeps every POST's body and answers "saved"; ``/stream`` with two events."""

    posted: ClassVar[list[str]] = []

    def do_POST(self) -> None:
        body = self.rfile.read(int(self.headers["Content-Length"])).decode()
        self.posted.append(body)
        self.answer(b"saved")

    def do_GET(self) -> None:
        if self.path != "/stream":
            return self.answer(b"page")
        self.send_response(200)
        self.send_header("Content-Type", "text/event-stream")
        self.end_headers()
        for event in (b"event: version\ndata: 1\n\n", b"event: version\ndata: 2\n\n"):
            self.wfile.write(event)
            self.wfile.flush()
            time.sleep(0.2)
        self.close_connection = True
        return None


class Fixed(Schedule):
    """The faults given, in order, then none."""

    def __init__(self, *faults: Fault) -> None:
        super().__init__(0, "test", 0.0)
        self.faults = list(faults)

    def next(self, kind: str) -> Fault:
        return self.faults.pop(0) if self.faults else Fault()


@pytest.fixture
def server() -> Iterator[ThreadingHTTPServer]:
    Counting.posted = []
    found = ThreadingHTTPServer(("127.0.0.1", 0), Counting)
    threading.Thread(target=found.serve_forever, daemon=True).start()
    yield found
    found.shutdown()
    found.server_close()


def proxy(server: ThreadingHTTPServer, *faults: Fault) -> FaultProxy:
    return FaultProxy("phone", server.server_port, Fixed(*faults), Log())


def post(front: FaultProxy) -> str:
    """A change posted through the proxy: its answer's body."""
    data = f"version=3&key={KEY}".encode()
    request = urllib.request.Request(front.url + "/t/x/g/1/enter", data=data, method="POST")
    request.add_header("Content-Type", "application/x-www-form-urlencoded")
    with urllib.request.urlopen(request, timeout=10) as answer:  # the loopback proxy
        return answer.read().decode()


def eventually(check: object, seconds: float = 10.0) -> None:
    deadline = time.monotonic() + seconds
    while not check() and time.monotonic() < deadline:  # type: ignore[operator]
        time.sleep(0.05)
    assert check()  # type: ignore[operator]


def test_a_change_passed_on_is_logged_with_its_key_and_answer(server: ThreadingHTTPServer) -> None:
    front = proxy(server)
    assert post(front) == "saved"
    (exchange,) = front.log.changes()
    assert (exchange.key, exchange.fields["version"], exchange.delivered) == (KEY, "3", 200)
    assert exchange.acknowledged
    front.close()


@pytest.mark.parametrize(("fault", "seen"), [("drop", 0), ("lose", 1)])
def test_a_dropped_request_or_a_lost_answer_breaks_the_connection(
    server: ThreadingHTTPServer, fault: str, seen: int
) -> None:
    front = proxy(server, Fault(fault))
    with pytest.raises((urllib.error.URLError, ConnectionError)):
        post(front)
    time.sleep(0.2)
    assert len(Counting.posted) == seen
    assert not front.log.changes()[0].acknowledged
    front.close()


@pytest.mark.parametrize("fault", [Fault("twice"), Fault("again", 0.3)])
def test_a_request_duplicated_reaches_the_server_twice_and_is_answered_once(
    server: ThreadingHTTPServer, fault: Fault
) -> None:
    front = proxy(server, fault)
    assert post(front) == "saved"
    eventually(lambda: len(Counting.posted) == 2)
    assert Counting.posted[0] == Counting.posted[1]
    original, copy = sorted(front.log.changes(), key=lambda e: e.copy_of is not None)
    assert copy.copy_of is original and copy.delivered is None and copy.key == KEY
    front.close()


def test_a_cut_after_the_server_had_the_request_leaves_the_phone_without_signal(
    server: ThreadingHTTPServer,
) -> None:
    front = proxy(server, Fault("cut", 30.0, after=True))
    with pytest.raises((urllib.error.URLError, ConnectionError)):
        post(front)
    assert len(Counting.posted) == 1
    with pytest.raises((urllib.error.URLError, ConnectionError)):
        post(front)  # no signal: refused before it reaches the server
    assert len(Counting.posted) == 1
    front.restore()
    assert post(front) == "saved"
    front.close()


def test_a_stream_goes_through_as_it_comes(server: ThreadingHTTPServer) -> None:
    front = proxy(server)
    with urllib.request.urlopen(front.url + "/stream", timeout=10) as answer:  # loopback
        assert answer.readline() == b"event: version\n"
        assert b"data: 2" in answer.read()
    front.close()


@pytest.mark.parametrize("as_502", [True, False])
def test_a_server_that_is_down_is_a_502_or_a_reset(as_502: bool) -> None:
    front = FaultProxy("phone", 9, Fixed(), Log())  # nothing listens on the discard port
    front.down_as_502 = as_502
    with pytest.raises((urllib.error.URLError, ConnectionError)) as raised:
        post(front)
    assert isinstance(raised.value, urllib.error.HTTPError) == as_502
    if isinstance(raised.value, urllib.error.HTTPError):
        raised.value.close()
    assert front.log.changes()[0].upstream == "down"
    front.close()


def test_a_seed_draws_the_same_faults_and_the_same_plan() -> None:
    def drawn(seed: int) -> list[Fault]:
        schedule = Schedule(seed, "1", 0.5)
        return [schedule.next(kind) for kind in ["change", "poll", "change"] * 20]

    assert drawn(7) == drawn(7) != drawn(8)
    assert {fault.name for fault in drawn(7)} - {"pass"}  # something happens at that rate
    assert Plan.of(7) == Plan.of(7) != Plan.of(8)
    plan = Plan.of(7)
    assert all(0 <= event.step < plan.steps for event in plan.events)
    calm = Schedule(7, "1", 1.0)
    calm.calm = True
    assert {calm.next("change").name for _ in range(20)} == {"pass"}
