"""A phone's network, as an HTTP-aware proxy in front of the server that does what networks do:
it delays, drops, duplicates and reorders requests and answers, and loses the signal. The phone
opens the app by the proxy's address, so its page *and* its service worker go through it.

Each request is read whole (head and body), its fault drawn from the phone's schedule
(``faults.Schedule``: the n-th request of a kind always gets the same fault for a seed), sent to
the server on a connection of its own and its answer read whole before it is passed on, or not.
A stream (``text/event-stream``) is piped as it comes. Every exchange is logged with the key of
the change it carried and what the phone was answered (``Log``). Loopback only; every wait is
bounded.
"""

from __future__ import annotations

import contextlib
import socket
import struct
import threading
import time
from urllib.parse import parse_qs

from tests.faults.log import Exchange, Log
from tests.faults.schedule import Fault, Schedule
from tests.relay import Relay

HEAD_END = b"\r\n\r\n"
UPSTREAM_SECONDS = 60.0  # a save waits up to SQLite's busy timeout (15 s) on a loaded machine
BAD_GATEWAY = (
    b"HTTP/1.1 502 Bad Gateway\r\nContent-Type: text/html\r\nContent-Length: 15\r\n"
    b"Connection: close\r\n\r\n<h1>502 Bad</h1>"
)


class Upstream(Exception):
    """The server did not answer (down, killed mid-request)."""


class FaultProxy(Relay):
    """One phone's network: ``127.0.0.1:<port>`` to the server on ``target_port``, a signal
    (``Relay``: ``cut``, ``restore``) that may also go for a while by itself."""

    def __init__(self, phone: str, target_port: int, schedule: Schedule, log: Log) -> None:
        self.phone, self.schedule, self.log = phone, schedule, log
        self.down_as_502 = True  # a server that is down: 502 (a reverse proxy's), else a reset
        self.restore_at = 0.0
        super().__init__(f"http://127.0.0.1:{target_port}")

    # --- The signal -------------------------------------------------------------------------
    def cut(self, seconds: float | None = None) -> None:
        """The signal goes (for ``seconds``, else until ``restore``)."""
        self.restore_at = time.monotonic() + seconds if seconds else float("inf")
        if seconds:
            timer = threading.Timer(seconds, self._restore_if_due)
            timer.daemon = True
            timer.start()
        super().cut()

    def restore(self) -> None:
        self.restore_at = 0.0
        super().restore()

    def _restore_if_due(self) -> None:
        if time.monotonic() >= self.restore_at:
            super().restore()

    @property
    def dark(self) -> bool:
        """No signal now."""
        return not self.open.is_set()

    # --- Requests ---------------------------------------------------------------------------
    def _take(self, client: socket.socket) -> None:
        with self.lock:
            self.sockets.add(client)
        threading.Thread(target=self._serve, args=(client,), daemon=True).start()

    def _serve(self, client: socket.socket) -> None:
        try:
            head, body = read_request(client)
        except (OSError, ValueError):
            return self._forget(client, reset_it=True)
        method, path = head.split(b" ", 2)[:2]
        exchange = Exchange.of(self.phone, method.decode(), path.decode(), head, body)
        exchange.fault = fault = self.schedule.next(exchange.kind)
        self.log.add(exchange)
        try:
            self._answer(client, exchange, fault, rewrite(head) + body)
        finally:
            exchange.ended = time.monotonic()
            self._forget(client, reset_it=exchange.delivered is None)

    def _answer(self, client: socket.socket, exchange: Exchange, fault: Fault, raw: bytes) -> None:
        if fault.name == "cut" and not fault.after:
            return self.cut(fault.seconds)
        if fault.name in ("drop",):
            return None
        if fault.name == "delay":
            time.sleep(fault.seconds)
        if fault.name == "twice":  # the same request at once, twice: only one is answered
            self._copy_later(exchange, raw, 0.0)
        if self.dark:
            return None
        try:
            answer = self._forward(client, exchange, raw)
        except Upstream:
            exchange.upstream = "down"
            answer = BAD_GATEWAY if self.down_as_502 else None
        if answer is None:
            return None
        if fault.name == "cut":  # mid-request: the server had it, the answer never comes
            return self.cut(fault.seconds)
        if fault.name == "again":  # a copy arrives late, after what the phone sends next
            self._copy_later(exchange, raw, fault.seconds)
        if fault.name == "lose":
            return None
        if fault.name == "late":
            time.sleep(fault.seconds)
        if not self.dark:
            exchange.delivered = status_of(answer)  # before the phone can read it
            try:
                client.sendall(answer)
            except OSError:
                exchange.delivered = None
        return None

    def _forward(self, client: socket.socket, exchange: Exchange, raw: bytes) -> bytes | None:
        """The server's answer, whole; a stream is piped to ``client`` as it comes (None)."""
        try:
            upstream = socket.create_connection(self.target, timeout=10)
        except OSError as error:
            raise Upstream from error
        with self.lock:
            self.sockets.add(upstream)
        try:
            upstream.settimeout(UPSTREAM_SECONDS)
            upstream.sendall(raw)
            reader = Reader(upstream)
            head = reader.head()
            exchange.upstream = status_of(head)
            if b"text/event-stream" in head.lower():
                client.sendall(close_after(head))
                exchange.delivered = exchange.upstream
                reader.pipe(client, self.open)
                return None
            rest = reader.rest()
        except (OSError, ValueError) as error:
            raise Upstream from error
        finally:
            self._forget(upstream, reset_it=False)
        return close_after(head) + rest

    def _copy_later(self, exchange: Exchange, raw: bytes, after: float) -> None:
        threading.Thread(target=self._copy, args=(exchange, raw, after), daemon=True).start()

    def _copy(self, exchange: Exchange, raw: bytes, after: float) -> None:
        """The same request once more, its answer to nobody (logged)."""
        time.sleep(after)
        copy = Exchange.of(self.phone, exchange.method, exchange.path, b"", b"")
        copy.key, copy.kind, copy.fields = exchange.key, exchange.kind, exchange.fields
        copy.copy_of = exchange
        self.log.add(copy)
        try:
            with socket.create_connection(self.target, timeout=10) as upstream:
                upstream.settimeout(UPSTREAM_SECONDS)
                upstream.sendall(raw)
                reader = Reader(upstream)
                copy.upstream = status_of(reader.head())
                reader.rest()
        except (OSError, ValueError):
            copy.upstream = "down"
        copy.ended = time.monotonic()

    def _forget(self, sock: socket.socket, *, reset_it: bool) -> None:
        with self.lock:
            self.sockets.discard(sock)
        if reset_it:
            reset(sock)
        else:
            with contextlib.suppress(OSError):
                sock.close()


# --- HTTP/1.1, as much as a proxy needs ---------------------------------------------------------
class Reader:
    """A socket read by heads and bodies (what came past a head is kept for the body)."""

    def __init__(self, sock: socket.socket) -> None:
        self.sock, self.buffer = sock, b""

    def head(self) -> bytes:
        while HEAD_END not in self.buffer:
            chunk = self.sock.recv(65536)
            if not chunk:
                raise ValueError("closed before the head ended")
            self.buffer += chunk
            if len(self.buffer) > 1 << 20:
                raise ValueError("a head over 1 MB")
        head, _, self.buffer = self.buffer.partition(HEAD_END)
        return head + HEAD_END

    def body(self, length: int) -> bytes:
        while len(self.buffer) < length:
            chunk = self.sock.recv(65536)
            if not chunk:
                raise ValueError("closed before the body ended")
            self.buffer += chunk
        body, self.buffer = self.buffer[:length], self.buffer[length:]
        return body

    def rest(self) -> bytes:
        """All until the other side closes (the server does after its answer)."""
        data, self.buffer = self.buffer, b""
        while chunk := self.sock.recv(65536):
            data += chunk
        return data

    def pipe(self, sink: socket.socket, signal: threading.Event) -> None:
        """What comes, passed on as it comes, until either side ends or the signal goes."""
        sink.sendall(self.buffer)
        self.buffer = b""
        with contextlib.suppress(OSError):
            self.sock.settimeout(None)
            while signal.is_set() and (chunk := self.sock.recv(65536)):
                sink.sendall(chunk)


def read_request(sock: socket.socket) -> tuple[bytes, bytes]:
    """A request's head and body (by its Content-Length; the phones send no chunked bodies)."""
    reader = Reader(sock)
    head = reader.head()
    if header(head, b"transfer-encoding"):
        raise ValueError("a chunked request body")
    return head, reader.body(int(header(head, b"content-length") or 0))


def header(head: bytes, name: bytes) -> bytes | None:
    for line in head.split(b"\r\n")[1:]:
        field, _, value = line.partition(b":")
        if field.strip().lower() == name:
            return value.strip()
    return None


def rewrite(head: bytes) -> bytes:
    """The request sent on as the only one of its connection."""
    return close_after(head)


def close_after(head: bytes) -> bytes:
    """``head`` with ``Connection: close``: one exchange a connection, both sides."""
    lines = [
        line
        for line in head.rstrip(b"\r\n").split(b"\r\n")
        if line.split(b":")[0].strip().lower() not in (b"connection", b"keep-alive")
    ]
    return b"\r\n".join([*lines, b"Connection: close"]) + HEAD_END


def status_of(answer: bytes) -> int:
    return int(answer.split(b" ", 2)[1])


def reset(sock: socket.socket) -> None:
    """Closed with a reset, as a connection the network lost."""
    with contextlib.suppress(OSError):
        sock.setsockopt(socket.SOL_SOCKET, socket.SO_LINGER, struct.pack("ii", 1, 0))
    with contextlib.suppress(OSError):
        sock.close()


def form_fields(head: bytes, body: bytes) -> dict[str, str]:
    """A posted form's fields (urlencoded or multipart), the first value of each."""
    kind = (header(head, b"content-type") or b"").decode("latin-1")
    text = body.decode("utf-8", "replace")
    if kind.startswith("application/x-www-form-urlencoded"):
        return {name: values[0] for name, values in parse_qs(text).items()}
    if kind.startswith("multipart/form-data"):
        boundary = kind.split("boundary=", 1)[-1].strip('"')
        fields = {}
        for part in text.split("--" + boundary)[1:-1]:
            meta, _, value = part.partition("\r\n\r\n")
            if 'name="' in meta:
                name = meta.split('name="', 1)[1].split('"', 1)[0]
                fields.setdefault(name, value.removesuffix("\r\n"))
        return fields
    return {}
