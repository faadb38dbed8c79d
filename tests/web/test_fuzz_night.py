"""Hostile submits to a club night's routes (a new night, a night file, the draw, starting a
table, a result, who comes and goes), and hostile parameters of the routes that read them from
the address or the headers (a stream's ``?version=`` and ``Last-Event-ID``, a poll's version,
a table's stamp, the hall screen, a table's rows and the phone's app), with CSRF on.

The same fuzzer as ``test_fuzz.py``; what must hold is the same too (never a 5xx, a refused
submit changes nothing, no name stored that holds a control character or shows nothing), and
a night never holds more than 256 entrants."""

from __future__ import annotations

import io
import json
from typing import Any

import pytest
from flask import Flask
from hypothesis import given
from hypothesis import strategies as st

from assistant.extensions import db
from assistant.games.base import has_control
from assistant.store.models import Game, Night, Table
from tests.games.night_examples import PLUMP_PLAYERS
from tests.web.hostile import (
    HOSTILE,
    MANY_NAMES,
    ODD,
    PLAN,
    URL_PARTS,
    mutated_path,
    mutated_record,
    one_field_at_a_time,
)
from tests.web.test_fuzz import FUZZ, Fuzzer, app, plain_name  # noqa: F401  (the fixture)
from tests.web.test_live import THREADED

MOST_ENTRANTS = 256


class NightFuzzer(Fuzzer):
    """An organiser's phone at its club night (and a game of its own, the fuzzer's table)."""

    night = ""  # /n/<token>/
    turn = 0

    def fresh_night(self) -> None:
        data = {"csrf_token": self.csrf, "night-name": "Club", "night-game": "plump",
                "night-format": "rounds", "night-draw": "random", "night-rounds": "3",
                "night-final": "4", "night-minutes": "40", "night-losses": "2",
                "night-entrants": "\n".join(PLUMP_PLAYERS)}  # fmt: skip
        made = self.client.post("/nights", data=data)
        assert made.status_code == 303, made.text
        self.night = made.headers["Location"]
        drawn = self.client.post(self.night + "draw", data={"csrf_token": self.csrf})
        assert drawn.status_code == 303  # round 1: its tables to start, their results to enter
        self.pages.clear()
        self.known = self.state()

    def state(self) -> tuple[Any, ...]:
        with self.app.app_context():
            nights = db.session.execute(
                db.select(Night.name, Night.roster, Night.rounds, Night.results).order_by(Night.id)
            ).all()
            started = db.session.execute(db.select(Table.night_id, Table.night_round)).all()
        return (*super().state(), repr(nights), repr(started))

    def check_stored_texts(self) -> None:
        super().check_stored_texts()
        with self.app.app_context():
            for name, roster in db.session.execute(db.select(Night.name, Night.roster)):
                assert not has_control(name), name
                entrants = roster["entrants"]
                assert len(entrants) <= MOST_ENTRANTS, len(entrants)
                names = [n for entrant in entrants for n in entrant]
                assert all(plain_name(n) for n in names), names


def make(table: NightFuzzer, data: Any, plan: dict) -> None:
    forms = table.forms("/nights/new", "/nights")
    form = forms[plan["form"] % len(forms)]
    status = table.post(form.action, table.submission(form, plan), creates=True)
    if status == 303:
        with table.app.app_context():
            newest = db.session.execute(db.select(Night.token).order_by(Night.id.desc())).first()
        assert newest is not None
        table.night = f"/n/{newest[0]}/"


def import_night(table: NightFuzzer, data: Any, plan: dict) -> None:
    """A night file (this night's own export, changed) becomes a new night or nothing."""
    exported = json.loads(table.client.get(table.night + "export").text)
    changes = {"as shown": 0, "picked": 0, "one off": 1, "typed": 1, "anything": 3}[plan["mode"]]
    text = data.draw(mutated_record([exported], changes))
    upload = {"csrf_token": table.csrf, "file-night": (io.BytesIO(text.encode()), "n.json")}
    table.post("/nights/import", upload, creates=True)


def organise(table: NightFuzzer, data: Any, plan: dict) -> None:
    """A form of the night's page, of its first table's, of closing the round or of the first
    table's panel under its game: the draw, who comes or goes, ending the night, closing the
    round, a table's result entered or sent (a night ended leaves none: a fresh one)."""
    forms = organiser_forms(table) + panel_forms(table)
    if not forms:
        table.fresh_night()
        return
    table.turn += 1  # each form in turn, whatever was drawn: every one is reached in a run
    form = forms[(plan["form"] + table.turn) % len(forms)]
    action = form.action.partition("#")[0]  # where its answer shows: not sent
    table.post(mutated_path(action, plan), table.submission(form, plan), htmx=plan["htmx"])


def organiser_forms(table: NightFuzzer) -> list[Any]:
    pages = ("", "r/1/t/1/", "close")
    return [form for page in pages for form in table.forms(table.night + page, "")]


def first_table(table: NightFuzzer) -> str:
    """The token of the night's first table (round 1, table 1): its phones' panel and report."""
    with table.app.app_context():
        token = db.session.execute(
            db.select(Table.token)
            .join(Night, Night.id == Table.night_id)
            .where(Night.token == table.night.split("/")[2])
            .order_by(Table.night_round, Table.night_table)
        ).scalar()
    return token or "none"


def panel_forms(table: NightFuzzer) -> list[Any]:
    """The forms of the first table's panel under its game (its result to send or confirm,
    once its game is over); none where it shows no panel."""
    path = f"/t/{first_table(table)}/night/"
    if table.client.get(path).status_code != 200:
        return []
    return table.forms(path, "")


def shown_and_sent(table: NightFuzzer) -> None:
    """After the search, the same every run: each form as the pages show it, once; then the
    routes whose forms show only in some states (the draw once a round is done, a table not
    started, a pair's member replaced, a table's result sent) with odd values. A fresh night
    first: the search may have ended its own, which shows none of the organiser's forms."""
    table.fresh_night()
    for form in organiser_forms(table) + panel_forms(table):
        table.post(form.action.partition("#")[0], form.current)
    table.fresh_night()
    csrf = {"csrf_token": table.csrf}
    report = f"/t/{first_table(table)}/night/report"
    for value in ODD[:8]:
        table.post(table.night + "r/1/t/1/start", csrf)
        table.post(
            table.night + "substitute",
            {**csrf, "sub-pair": value, "sub-out": value, "sub-into": value},
        )
        table.post(report, {**csrf, "by": value}, htmx=value == "")
        table.post(table.night + "draw", csrf)


ROUTES = {"make": make, "import": import_night, "organise": organise}
REACHES = {
    "make": {"new_night.create"},
    "import": {"new_night.import_file"},
    "organise": {
        "nights.roster", "nights.end", "nights.result", "nights.close", "nights.draw",
        "nights.start", "nights.substitute", "night_table.report",
    },
}  # fmt: skip


@pytest.mark.parametrize("route", ROUTES)
def test_hostile_submits_to_a_club_night_never_break_it_nor_change_what_they_may_not(
    app: Flask,  # noqa: F811
    route: str,
) -> None:
    table = NightFuzzer(app, "plump")
    table.fresh_game()
    table.fresh_night()

    @FUZZ
    @given(data=st.data())
    def submit(data: Any) -> None:
        plan = table.plan = data.draw(PLAN)
        if plan["restart"] < 5:
            table.fresh_night()
        ROUTES[route](table, data, plan)
        assert table.client.get(table.night).status_code == 200

    submit()
    if route == "organise":
        shown_and_sent(table)
    assert REACHES[route] <= app.extensions["reached"]


# --- what the address and the headers carry ------------------------------------------------

ASKED = st.one_of(HOSTILE, URL_PARTS, st.sampled_from(ODD))
QUERIES = {
    "live.stream": "stream",
    "live.watch_stream": "watch stream",
    "games.poll": "poll",
    "tables.changed": "changed",
    "phone.rows": "rows",
    "hall.hall": "hall",
    "view.watch": "watch",
    "night_live.organiser": "night stream",
    "night_live.hall": "hall stream",
}


def asked(table: Fuzzer, which: str, value: str, other: str) -> str:
    """The address of ``which`` for this phone's game, with ``value`` where it takes one."""
    with table.app.app_context():
        game = db.session.execute(db.select(Game).order_by(Game.id.desc())).scalars().first()
        assert game is not None
        view, token, game_id = game.table.view_token, game.table.token, game.id
        night = db.session.execute(db.select(Night.token, Night.view_token)).first()
        token_of_night, hall = night if night is not None else (other, other)
    return {
        "stream": f"/t/{token}/g/{game_id}/stream",
        "watch stream": f"/v/{view}/g/{game_id}/stream",
        "poll": f"/t/{token}/g/{game_id}/poll",
        "changed": f"/t/{token}/changed",
        "rows": f"/t/{token}/rows",
        "hall": f"/hall/{hall}/",
        "watch": f"/v/{view}/g/{game_id}/",
        "night stream": f"/n/{token_of_night}/stream",
        "hall stream": f"/hall/{hall}/stream",
    }[which]


def ask(table: Fuzzer, which: str, value: str, header: str, url: tuple, *, htmx: bool) -> None:
    """``which`` asked with ``value`` in its query, ``header`` as its Last-Event-ID and a part
    of its address made hostile now and then: an answer, never a 5xx."""
    path = mutated_path(asked(table, which, value, "none"), {"url": url})
    headers = {"Last-Event-ID": header.replace("\n", " ").replace("\r", " ")}
    if htmx:
        headers["HX-Request"] = "true"
    query = {"version": value, "seen": value, "sheet": value}
    answer = table.client.get(
        path, query_string=query, headers=headers, buffered=False, environ_overrides=THREADED
    )
    try:
        assert answer.status_code < 500, (path, value, header)
        if answer.status_code == 200 and answer.mimetype == "text/event-stream":
            assert b"retry" in next(iter(answer.response))
    finally:
        answer.close()


def test_hostile_parameters_of_the_streams_polls_and_the_phones_routes(
    app: Flask,  # noqa: F811
) -> None:
    """Whatever a stream's version or Last-Event-ID, a poll's version, a table's stamp or a
    part of the address: an answer, never a 5xx (``"²".isdigit()`` holds; ``int`` fails)."""
    table = NightFuzzer(app, "plump")
    table.fresh_game()
    table.fresh_night()

    for which in sorted(set(QUERIES.values())):  # first each odd value, the same every run
        for value in ODD:
            ask(table, which, value, value, (99, ""), htmx=False)

    @FUZZ
    @given(
        which=st.sampled_from(sorted(set(QUERIES.values()))),
        value=ASKED,
        header=ASKED,
        url=st.tuples(st.integers(0, 99), URL_PARTS),
        htmx=st.booleans(),
    )
    def search(which: str, value: str, header: str, url: tuple, htmx: bool) -> None:
        ask(table, which, value, header, url, htmx=htmx)

    search()
    zipped = table.client.get("/phone/app.zip", query_string={"v": "²"})
    # Sent on to this version's bundle by its digest, or "not made yet, come back": never a 500.
    assert zipped.status_code in (307, 503)
    assert {*QUERIES, "phone.app_zip"} <= app.extensions["reached"]


def test_one_hostile_field_at_a_time_in_a_new_night_and_its_forms(
    app: Flask,  # noqa: F811
) -> None:
    """Each field of a new night's form and of the night's page (its entrants 300 names too),
    alone made hostile: refused, or stored harmless and within a night's bounds."""
    table = NightFuzzer(app, "plump")
    table.fresh_game()
    table.fresh_night()
    for page in ("/nights/new", table.night):
        for form in table.forms(page, ""):
            for data in one_field_at_a_time(form):
                table.post(form.action.partition("#")[0], data)
    (new,) = [f for f in table.forms("/nights/new", "/nights") if "night-entrants" in f.fields]
    table.post("/nights", {**new.current, "night-entrants": MANY_NAMES})
