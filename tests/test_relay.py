"""The relay the browser tests cut the signal with (tests/relay.py): bytes through while it is
open, a network error while it is cut (also for a connection made before the cut), and through
again on the same address once restored."""

from __future__ import annotations

import socket
import threading
import urllib.error
import urllib.request
from collections.abc import Iterator
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer

import pytest

from tests.relay import Relay


class Hello(BaseHTTPRequestHandler):
    protocol_version = "HTTP/1.1"  # the connection stays open after an answer

    def do_GET(self) -> None:
        self.answer(b"hello " + self.path.encode())

    def answer(self, body: bytes) -> None:
        self.send_response(200)
        self.send_header("Content-Length", str(len(body)))
        self.end_headers()
        self.wfile.write(body)

    def log_message(self, *args: object) -> None:
        pass


@pytest.fixture
def relay() -> Iterator[Relay]:
    server = ThreadingHTTPServer(("127.0.0.1", 0), Hello)
    threading.Thread(target=server.serve_forever, daemon=True).start()
    with Relay(f"http://127.0.0.1:{server.server_port}") as relay:
        yield relay
    server.shutdown()
    server.server_close()


def fetch(url: str | urllib.request.Request) -> bytes:
    with urllib.request.urlopen(url, timeout=10) as answer:
        return answer.read()


def test_bytes_go_through_until_the_signal_is_cut_and_after_it_is_back(relay: Relay) -> None:
    assert fetch(f"{relay.url}/a") == b"hello /a"
    relay.cut()
    with pytest.raises((urllib.error.URLError, ConnectionError)):
        fetch(f"{relay.url}/b")
    relay.restore()
    assert fetch(f"{relay.url}/c") == b"hello /c"


def test_a_connection_open_when_the_signal_goes_breaks_off(relay: Relay) -> None:
    held = socket.create_connection(("127.0.0.1", relay.port), timeout=10)
    held.sendall(b"GET /x HTTP/1.1\r\nHost: x\r\n\r\n")
    answer = b""
    while not answer.endswith(b"hello /x"):
        answer += held.recv(100)
    relay.cut()
    try:
        rest = held.recv(100)
    except ConnectionResetError:
        rest = b""
    assert rest == b""
    held.close()


def test_a_gateway_whose_server_is_gone_answers_502_until_it_is_back(relay: Relay) -> None:
    relay.bad_gateway()
    for path, body in (("/a", None), ("/b", b"bids=3")):
        request = urllib.request.Request(f"{relay.url}{path}", data=body)
        with pytest.raises(urllib.error.HTTPError) as answer:
            fetch(request)
        assert answer.value.code == 502
        assert b"Bad Gateway" in answer.value.read()
    relay.restore()
    assert fetch(f"{relay.url}/c") == b"hello /c"
