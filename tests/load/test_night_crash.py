"""Load and crash of a club night: 120 Plump players drawn at 30 tables of four through the
organiser's pages (every table starts at the draw, its link at once), then two phones a table
entering at once (through the game page's real forms, with replays and stale forms) while the
hall screen polls its part every second, and every server process killed with SIGKILL twice on
the way and started again (gunicorn with two workers on an SQLite file, as ``test_crash.py``,
whose server, phones and log this reuses).

Every change a phone was told was saved is in the change log exactly once, each game's version
is its changes, every phone's page fetched afresh shows its game's stored version, the hall
screen shows each of the 30 tables (all in its page, however it turns them) with the seats and
deals its own game page shows and the stored night reads, each game page's leaders are those
the stored night reads of its game, the hall was answered 200 every time, no answer is a 5xx
while the server is up, and SQLite's integrity check says ok. Run by ``.ci/run`` only
(``-m crash``)."""

from __future__ import annotations

import html
import re
import signal
import threading
from collections import Counter
from pathlib import Path
from typing import Any

import pytest

from assistant import create_app
from assistant.extensions import db
from assistant.games.night import State
from assistant.night import tables
from assistant.store.models import Night
from tests.load.test_crash import (
    Log,
    Phone,
    Server,
    assert_nothing_broke,
    empty_database,
    stored_once,
    through_two_crashes,
)
from tests.web.helpers import PageForm, page_forms

pytestmark = pytest.mark.crash

TABLES, PHONES = 30, 2  # 120 players at tables of four, two phones a table
CHANGES_PER_PHASE = 150  # acknowledged changes between two crashes
PLAYERS = [f"Player {n:03d}" for n in range(4 * TABLES)]


class PlumpPhone(Phone):
    """A phone at a Plump table whose players mostly enter the deal (bids, then tricks that add
    up to the cards dealt), sometimes tap Undo or who sits the deal out, so that the games move
    on through their deals."""

    def choose(self, forms: list[PageForm]) -> PageForm:
        roll = self.random.random()
        undo = [f for f in forms if f.action.endswith("/undo")]
        deal = [f for f in forms if any(n.startswith(("bids_", "tricks_")) for n in f.fields)]
        others = [f for f in forms if f not in undo and f not in deal]
        for weight, offered in ((0.1, undo), (0.2, others)):
            if roll < weight and offered:
                return self.random.choice(offered)
        return self.random.choice(deal or forms)

    def filled(self, form: PageForm) -> dict[str, Any]:
        data = super().filled(form)
        tricks = [name for name in form.fields if name.startswith("tricks_")]
        if tricks:  # every card dealt is a trick won by someone (the bids are left to chance)
            cards = max(int(v) for name in tricks for v in form.fields[name] if v.isdigit())
            cuts = sorted(self.random.randint(0, cards) for _ in tricks[1:])
            for name, low, high in zip(tricks, [0, *cuts], [*cuts, cards], strict=True):
                data[name] = high - low
        return data


def posted(phone: Phone, page: str, action: str, data: dict[str, str] | None = None) -> str:
    """Post the form of ``page`` whose action is ``action`` (its CSRF token with ``data``); the
    address it is answered with (a redirect's body names its target)."""
    form = next(f for f in page_forms(page) if f.action == action)
    status, body = phone.request("POST", action, {**form.current, **(data or {})})
    assert status == 303, body
    found = re.search(r'href="([^"]+)"', body)
    assert found, body
    return html.unescape(found[1])


def night_with_started_tables(organiser: Phone) -> tuple[str, str, dict[int, str]]:
    """A Plump night of PLAYERS made and its round 1 drawn (every table starts at its draw),
    through the organiser's pages: the night's address, its hall screen's and each table's
    game page's (its "Open the table" link)."""
    _, new = organiser.request("GET", "/nights/new")
    night = posted(
        organiser,
        new,
        "/nights",
        {
            "night-name": "Load night",
            "night-game": "plump",
            "night-format": "rounds",
            "night-draw": "random",
            "night-rounds": "3",
            "night-final": "0",
            "night-minutes": "0",
            "night-entrants": "\n".join(PLAYERS),
        },
    )
    _, page = organiser.request("GET", night)
    posted(organiser, page, night + "draw")
    _, page = organiser.request("GET", night)
    assert not [f for f in page_forms(page) if f.action.endswith("/start")], page
    games = {}
    for card in page.split('<li id="t1-')[1:]:  # each table of round 1 on the organiser's page
        number = re.match(r"(\d+)", card)
        links = set(re.findall(r'class="button small" href="(/t/[^/"]+/g/\d+/)"', card))
        assert number and len(links) == 1, card
        (games[int(number[1])],) = links
    assert sorted(games) == list(range(1, TABLES + 1)), page
    assert len(set(games.values())) == TABLES, games
    (hall,) = set(re.findall(r'href="(/hall/[^/"]+/)"', page))
    return night, hall, games


def hall_tables(page: str) -> dict[int, tuple[str, int, tuple[str, ...]]]:
    """What the hall screen shows of each table of the round (all of them in the page, which
    turns its pages on the screen): its seats, the deals entered ("Not started", or "Deal 4 of
    19" once 3 are in) and who is marked first (only once its game's result is in)."""
    shown = {}
    for article in re.findall(r'<article class="hall-table[^"]*">(.*?)</article>', page, re.S):
        number = re.search(r"<h2>Table (\d+)", article)
        seats = re.findall(r'<li( class="first")?><span class="name">([^<]*)</span>', article)
        state = re.search(r'<p class="state">(Not started|Deal (\d+) of \d+)</p>', article)
        assert number and seats and state, article
        names = [html.unescape(name) for _, name in seats]
        firsts = tuple(name for (first, _), name in zip(seats, names, strict=True) if first)
        deals = int(state[2]) - 1 if state[2] else 0
        shown[int(number[1])] = (" · ".join(names), deals, firsts)
    return shown


def game_page_state(page: str) -> tuple[str, int, tuple[str, ...]]:
    """What a table's game page shows: its players, the deals entered (the last deal's sheet
    row that opens its correction), who leads (the sheet's starred columns)."""
    players = re.search(r'<h1 class="visually-hidden">Plump: ([^<]*)</h1>', page)
    assert players, page
    deals = [int(n) for n in re.findall(r'aria-label="Correct deal (\d+)"', page)]
    starred = r'<th scope="col" class="player-col[^"]* leader">.*?</span> ([^<]+)</th>'
    leaders = re.findall(starred, page)
    return (
        html.unescape(players[1]).replace(", ", " · "),
        max(deals, default=0),
        tuple(html.unescape(name.strip()) for name in leaders),
    )


def stored_tables(row: Night) -> dict[int, tuple[State, int, tuple[str, ...]]]:
    """Each table of round 1 as the stored night reads it: its progress (its state, the deals
    entered) and who leads its game."""
    read = tables.read(row)
    stands = {}
    for key, progress in read.progress.items():
        _, outcome = tables.outcome_of(read.started[key])
        stands[key[1]] = (progress.state, progress.deals, outcome.leaders)
    assert set(read.progress) == {(1, n) for n in stands}, read.progress
    return stands


def version_shown(page: str) -> int:
    found = re.search(r'<section id="game"[^>]*data-version="(\d+)"', page)
    assert found, page
    return int(found[1])


def hall_screen(screen: Phone, hall: str, stop: threading.Event, seen: Counter[int]) -> None:
    """The TV in the hall: its part asked every second while the night goes on, as its page's
    poll does (what it was answered counted in ``seen``)."""
    while not stop.wait(1):
        seen[screen.request("GET", hall, extra={"HX-Request": "true"})[0]] += 1


def test_a_night_of_thirty_tables_entering_at_once_survives_two_crashes(tmp_path: Path) -> None:
    database = empty_database(tmp_path / "night.db")
    server, log, stop = Server(database), Log(), threading.Event()
    server.env["FLASK_RATELIMIT_CREATE"] = "1000 per minute"  # a night and its 30 tables at once
    server.start()
    try:
        night, hall, games = night_with_started_tables(Phone(server, "", 0, log))
        phones = [
            PlumpPhone(server, games[number], seed=number * PHONES + p, log=log)
            for number in games
            for p in range(PHONES)
        ]
        screen, seen = Phone(server, hall, 0, log), Counter[int]()
        threads = [threading.Thread(target=phone.play, args=(stop,)) for phone in phones]
        threads.append(threading.Thread(target=hall_screen, args=(screen, hall, stop, seen)))
        through_two_crashes(server, log, threads, stop)
        _, hall_page = screen.request("GET", hall)
        pages = {phone: phone.request("GET", phone.game)[1] for phone in phones}
    finally:
        stop.set()
        server.end(signal.SIGTERM)

    assert_nothing_broke(server, log)
    assert set(seen) == {200}, seen  # the hall screen was answered every time it asked
    counts, stored = stored_once(database, log, list(games.values()))
    versions = {}
    for number, (version, changes) in zip(games, counts, strict=True):
        assert version == changes  # a table started empty: its version is its changes
        versions[number] = version
    assert sum(versions.values()) == stored >= len(log.keys)
    for phone, page in pages.items():
        number = next(n for n, game in games.items() if game == phone.game)
        assert version_shown(page) == versions[number], phone.game

    app = create_app({"SQLALCHEMY_DATABASE_URI": f"sqlite:///{database}", "SECRET_KEY": "x"})
    with app.app_context():
        (row,) = db.session.execute(db.select(Night)).scalars()
        assert night == f"/n/{row.token}/" and hall == f"/hall/{row.view_token}/"
        stands = stored_tables(row)
        db.engine.dispose()
    shown = hall_tables(hall_page)
    print(f"deals at each table: {[shown[n][1] for n in sorted(shown)]}; the hall: {seen}")
    assert sorted(shown) == list(range(1, TABLES + 1))
    for phone, page in pages.items():  # each table's game page, as each of its phones has it
        number = next(n for n, game in games.items() if game == phone.game)
        seats, deals, leaders = game_page_state(page)
        assert (seats, deals) == shown[number][:2], phone.game
        assert (deals, leaders) == stands[number][1:], phone.game
    for number in games:  # every game goes on: the hall marks nobody first, none counts yet
        state, deals, _ = stands[number]
        assert state in (State.NOT_STARTED, State.PLAYING), (number, state)
        assert shown[number][1:] == (deals, ()), number
    assert sum(deals for _, deals, _ in shown.values()) >= TABLES  # the games moved on
