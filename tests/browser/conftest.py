"""A live server and a phone-sized Chromium for the browser tests.

The browser is Debian's Chromium (``.ci/run`` installs it); Playwright never downloads its own.
"""

from __future__ import annotations

import re
import shutil
import threading
from collections.abc import Callable, Iterator
from pathlib import Path

import pytest
from playwright.sync_api import Browser, Page, expect
from werkzeug.serving import make_server

from assistant import create_app
from assistant.bundle import make_bundle
from assistant.config import Defaults
from assistant.extensions import db
from tests.browser.on_the_phone import Signal

CHROMIUM = shutil.which("chromium") or shutil.which("chromium-browser")
SHOTS = Path(__file__).resolve().parent / "screenshots"
PHONE = {
    "viewport": {"width": 390, "height": 844},
    "device_scale_factor": 3,
    "is_mobile": True,
    "has_touch": True,
    # Less motion, as a phone can ask: a tap never waits for a gliding scroll to come to rest.
    "reduced_motion": "reduce",
}

pytestmark = pytest.mark.browser

# A link or form of the app is answered in the page (base.html: htmx's boost), not by a
# navigation that Playwright's tap waits for (up to 30 s): the state a test expects next takes
# the server's answer with it now, so it is given as long as a navigation was.
expect.set_options(timeout=30_000)


def pytest_collection_modifyitems(items: list[pytest.Item]) -> None:
    if CHROMIUM is None:
        skip = pytest.mark.skip(reason="Chromium is not installed (.ci/run installs it)")
        for item in items:
            if "browser" in str(item.fspath):
                item.add_marker(skip)


LAUNCH_ARGS = [
    "--no-sandbox",
    "--disable-gpu",
    "--disable-quic",
    "--no-first-run",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
    "--disable-dev-shm-usage",
]


@pytest.fixture(scope="session")
def browser_type_launch_args() -> dict:
    return {"executable_path": CHROMIUM, "args": LAUNCH_ARGS}


@pytest.fixture(autouse=True)
def every_phone_put_away(browser: Browser) -> Iterator[None]:
    """Each phone a test opened is closed when it ends. A page left open goes on polling its
    server and holding its stream (and a kept table its Python worker) for the rest of the
    session: a few dozen of them made every later test, browser or not, several times slower."""
    yield
    for context in browser.contexts:
        context.close()


@pytest.fixture(scope="session")
def browser_context_args(browser_context_args: dict) -> dict:
    return {**browser_context_args, **PHONE}


def serve(folder: Path, **config: object) -> Iterator[str]:
    """The app on its own SQLite file, served from a thread on a free port. The rate limits are
    off unless asked for: these tests play evening after evening from one address in minutes."""
    app = create_app(
        {
            "SECRET_KEY": "browser-tests",
            "SQLALCHEMY_DATABASE_URI": f"sqlite:///{folder / 'live.db'}",
            "RATELIMIT_ENABLED": False,
            # Playwright taps the next button the moment it is drawn, faster than any person:
            # the double-tap window is off but where a test asks for it (human_server).
            "DOUBLE_TAP_MS": 0,
            # A phone that plays online readies itself for play without signal (some MB and
            # Python started in the page): only where a test asks for it.
            "READY_UNASKED": False,
            **config,
        }
    )
    with app.app_context():
        db.create_all()
    make_bundle(app)  # the app for the phone, made before any request, as gunicorn makes it
    server = make_server("127.0.0.1", 0, app, threaded=True)
    thread = threading.Thread(target=server.serve_forever, daemon=True)
    thread.start()
    yield f"http://127.0.0.1:{server.server_port}"
    server.shutdown()


@pytest.fixture(scope="session")
def live_server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[str]:
    yield from serve(tmp_path_factory.mktemp("live"))


@pytest.fixture
def signal(live_server: str) -> Iterator[Signal]:
    """The live server behind a phone's signal of the test's own (tests/relay.py), to cut for
    real: the phone opens the app at ``signal.url`` (an origin of its own)."""
    found = Signal(live_server)
    yield found
    found.close()


@pytest.fixture(scope="session")
def ready_server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[str]:
    """Pages that let a phone playing a table ready itself for play without signal."""
    yield from serve(tmp_path_factory.mktemp("ready"), READY_UNASKED=True)


@pytest.fixture
def ready_signal(ready_server: str) -> Iterator[Signal]:
    found = Signal(ready_server)
    yield found
    found.close()


@pytest.fixture(scope="session")
def slow_server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[str]:
    """Every page and entry answered 300 ms late, as over a slow connection: taps made while
    an answer is on its way must wait their turn, not trip over each other."""
    yield from serve(tmp_path_factory.mktemp("slow"), ANSWER_DELAY_SECONDS=0.3)


@pytest.fixture(scope="session")
def human_server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[str]:
    """The double-tap window of a real phone (``DOUBLE_TAP_MS``): only for a test that taps
    like a person, never the next button the moment it is drawn."""
    yield from serve(tmp_path_factory.mktemp("human"), DOUBLE_TAP_MS=Defaults.DOUBLE_TAP_MS)


@pytest.fixture(scope="session")
def stream_server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[str]:
    """The polls slowed to one a minute: a phone that follows within seconds heard it over its
    stream (a heartbeat every second, so that a test can wait for one)."""
    yield from serve(
        tmp_path_factory.mktemp("stream"),
        POLL_SECONDS=60,
        WATCH_POLL_SECONDS=60,
        LIVE_HEARTBEAT_SECONDS=1.0,
        LIVE_CHECK_SECONDS=0.05,
    )


STREAM = re.compile(r"/stream\?")
WAYS = {"stream": "stream_server", "stream blocked": "live_server"}


@pytest.fixture(params=WAYS)
def way(request: pytest.FixtureRequest) -> str:
    """How the phones hear of each other: over their stream, or with it blocked (a proxy or a
    network that cannot hold it), when today's poll takes over by itself."""
    return str(request.param)


@pytest.fixture
def server(way: str, request: pytest.FixtureRequest) -> str:
    return str(request.getfixturevalue(WAYS[way]))


def make_phone(browser: Browser, blocked: bool = False) -> Callable[..., Page]:
    """A new phone (a context of its own: its own cookies), its stream aborted if ``blocked``."""

    def new(**args: object) -> Page:
        context = browser.new_context(**{**PHONE, **args})
        if blocked:
            context.route(STREAM, lambda route: route.abort())
        return context.new_page()

    return new


@pytest.fixture
def phone(browser: Browser, way: str) -> Callable[..., Page]:
    return make_phone(browser, blocked=way == "stream blocked")


@pytest.fixture
def shot() -> object:
    """Save a screenshot under tests/browser/screenshots/NAME.png: the whole page, or with
    ``full_page=False`` what the screen shows."""
    SHOTS.mkdir(exist_ok=True)

    def take(page, name: str, full_page: bool = True) -> Path:  # type: ignore[no-untyped-def]
        target = SHOTS / f"{name}.png"
        page.screenshot(path=str(target), full_page=full_page)
        return target

    return take
