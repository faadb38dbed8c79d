"""A phone's signal, as a loopback TCP relay in front of a server: the phone opens the app by the
relay's address, so its page *and* its service worker reach the server only through it, and
cutting the relay cuts the signal for real (Playwright's ``set_offline`` leaves the service
worker online, microsoft/playwright#2311).

``cut()`` drops every connection under way and refuses new ones (as a phone whose signal went);
``restore()`` lets connections through again, on the same port, so the phone's origin stays the
same. ``bad_gateway()`` stands for a reverse proxy whose server is down (restarting): every
request is read and answered ``502 Bad Gateway`` by the relay itself, until ``restore()``. Used
by the browser tests and the benchmarks; loopback only, bounded by the test.
"""

from __future__ import annotations

import contextlib
import socket
import struct
import threading
from urllib.parse import urlsplit


class Relay:
    """Bytes from ``127.0.0.1:<port>`` to ``target`` (``http://127.0.0.1:5000``) and back."""

    def __init__(self, target: str) -> None:
        parts = urlsplit(target)
        self.target = (parts.hostname or "127.0.0.1", parts.port or 80)
        self.listener = socket.create_server(("127.0.0.1", 0))
        self.port: int = self.listener.getsockname()[1]
        self.url = f"http://127.0.0.1:{self.port}"
        self.open = threading.Event()
        self.open.set()
        self.gateway_only = False  # every request answered 502 by the relay (bad_gateway)
        self.closed = False
        self.lock = threading.Lock()
        self.sockets: set[socket.socket] = set()
        threading.Thread(target=self._accept, daemon=True).start()

    def cut(self) -> None:
        """The signal goes: what is under way breaks off, and nothing new gets through."""
        self.open.clear()
        self._drop_all()

    def restore(self) -> None:
        """The signal is back (and the server behind the gateway)."""
        self.gateway_only = False
        self.open.set()

    def bad_gateway(self) -> None:
        """The server behind a reverse proxy gone: what is under way breaks off, and each new
        request is answered ``502 Bad Gateway``, as nginx answers while the app restarts."""
        self.gateway_only = True
        self._drop_all()

    def close(self) -> None:
        self.closed = True
        self.cut()
        with contextlib.suppress(OSError):
            self.listener.close()

    def __enter__(self) -> Relay:
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()

    def _drop_all(self) -> None:
        with self.lock:
            dropped, self.sockets = self.sockets, set()
        for sock in dropped:
            with contextlib.suppress(OSError):
                sock.shutdown(socket.SHUT_RDWR)
            with contextlib.suppress(OSError):
                sock.close()

    def _accept(self) -> None:
        while not self.closed:
            try:
                client, _ = self.listener.accept()
            except OSError:
                return
            if not self.open.is_set():
                # No signal: the connection is refused at once (a reset, as a dead network).
                client.setsockopt(socket.SOL_SOCKET, socket.SO_LINGER, struct.pack("ii", 1, 0))
                client.close()
                continue
            if self.gateway_only:
                threading.Thread(target=answer_502, args=(client,), daemon=True).start()
                continue
            self._take(client)

    def _take(self, client: socket.socket) -> None:
        """A connection let through: its bytes piped to the server and back."""
        try:
            upstream = socket.create_connection(self.target, timeout=10)
            upstream.settimeout(None)
        except OSError:
            client.close()
            return
        with self.lock:
            self.sockets |= {client, upstream}
        threading.Thread(target=self._pipe, args=(client, upstream), daemon=True).start()
        threading.Thread(target=self._pipe, args=(upstream, client), daemon=True).start()

    def _pipe(self, source: socket.socket, sink: socket.socket) -> None:
        try:
            while chunk := source.recv(65536):
                if not self.open.is_set():
                    break
                sink.sendall(chunk)
        except OSError:
            pass
        finally:
            for sock in (source, sink):
                with contextlib.suppress(OSError):
                    sock.shutdown(socket.SHUT_RDWR)
                sock.close()
            with self.lock:
                self.sockets -= {source, sink}


BAD_GATEWAY = (
    b"HTTP/1.1 502 Bad Gateway\r\nContent-Type: text/html\r\nContent-Length: 24\r\n"
    b"Connection: close\r\n\r\n<h1>502 Bad Gateway</h1>"
)


def answer_502(client: socket.socket) -> None:
    """One request read (its head, and its body by its length) and answered 502."""
    with contextlib.closing(client):
        client.settimeout(10)
        data = b""
        with contextlib.suppress(OSError, ValueError):
            while b"\r\n\r\n" not in data and len(data) < 1 << 20:
                chunk = client.recv(65536)
                if not chunk:
                    return
                data += chunk
            head, _, body = data.partition(b"\r\n\r\n")
            length = next(
                (
                    int(line.split(b":", 1)[1])
                    for line in head.split(b"\r\n")
                    if line.lower().startswith(b"content-length:")
                ),
                0,
            )
            while len(body) < length and (chunk := client.recv(65536)):
                body += chunk
            client.sendall(BAD_GATEWAY)
