"""Hostile submits to every POST route of every game, with CSRF on: random, oversized,
wrong-typed, unicode and control characters, missing and duplicated fields, huge numbers.

The field names come from the forms the pages really show (so the submits reach deep into every
game: bids, lances, mulles, boodle cards, options), the values are sometimes what the page offers
and sometimes anything at all. Whatever is sent: never a 5xx; a refused submit changes nothing;
every game stored along the way still renders, exports, and its export scores with ``score``.
"""

from __future__ import annotations

import copy
import csv
import io
import json
import os
import re
import threading
import unicodedata
from collections.abc import Callable, Iterator
from dataclasses import replace
from functools import cached_property
from pathlib import Path
from typing import Any

import pytest
from flask import Flask, request
from hypothesis import HealthCheck, Phase, given, settings
from hypothesis import strategies as st

from assistant import create_app
from assistant.extensions import db
from assistant.games import GAMES
from assistant.games.base import RuleError, has_control
from assistant.store.kept import kept
from assistant.store.models import Change, Entry, Game, Table
from assistant.store.records import parse_record, score_text
from tests.databases import database_url, emptied
from tests.examples import example_records
from tests.web.elsewhere import KEYS, their_table
from tests.web.helpers import PLAYERS, PageForm, page_forms
from tests.web.hostile import (
    ONE_AT_A_TIME,
    PLAN,
    SLOTS,
    TEMPLATES,
    explicit_plan,
    mutated_path,
    mutated_record,
    one_field_at_a_time,
    one_text_at_a_time,
    submission,
)

# No answer to a hostile submit is this large (a record once made one of 20 MB).
ANSWER_BOUND = 1024 * 1024
# A link that a browser reads as another host's (``//evil.example``, ``/\\evil.example``).
OTHER_HOST = re.compile(r'(?:href|action|src)="(?://|/\\|\\)')
# A CSV cell a spreadsheet would take for a formula (a negative number is none).
FORMULA = re.compile(r"(?![-+]?\d+(?:[.,]\d+)?$)[=+\-@\t\r]")

# Random examples a route besides its explicit ones: 60 in `make test` (the fuzz was over half
# of the suite's time outside the browser at 120); a deeper search now and then:
# FUZZ_EXAMPLES=2000 make test.
EXAMPLES_PER_ROUTE = int(os.environ.get("FUZZ_EXAMPLES", "60"))
# No shrinking: the phone's state (its table, pages, last key) carries over from one example
# to the next, so a failing example replayed alone meets another state (hypothesis then calls
# it flaky, after minutes of replays); the failure's message names the submit as it was.
FUZZ = settings(
    max_examples=EXAMPLES_PER_ROUTE,
    deadline=None,
    suppress_health_check=list(HealthCheck),
    phases=[Phase.explicit, Phase.reuse, Phase.generate],
)


@pytest.fixture
def app(tmp_path: Path) -> Iterator[Flask]:
    """The app as deployed: CSRF on; rate limits out of the way of a fuzzer's pace."""
    url = database_url(tmp_path, "fuzz.db")
    endless = "1000000 per minute"
    app = create_app(
        {
            "TESTING": True,
            "SECRET_KEY": "fuzz",
            "SQLALCHEMY_DATABASE_URI": url,
            "RATELIMIT_CREATE": endless,
            "RATELIMIT_IMPORT": endless,
            "RATELIMIT_WRONG_LINKS": endless,
            "RATELIMIT_NIGHT": endless,
            "HALL_KEPT_SECONDS": 0,
        }
    )
    reached: set[str] = app.extensions.setdefault("reached", set())
    app.after_request(lambda answer: reached.add(str(request.endpoint)) or answer)
    with app.app_context():
        emptied(db)
    yield app
    with app.app_context():
        db.session.remove()
        db.engine.dispose()


# Games whose options give their pages forms the examples' pages lack (Boodle's poker stage):
# posted to a game without them, those forms were once a 500.
VARIANTS = {"boodle": [{"three_in_one": {"pot_ante": 1}}]}


def example_of(kind: str) -> list[dict]:
    records = [json.loads(path.read_text()) for path in example_records(kind)]
    first = records[0]
    new = [{**first, "options": options, "rounds": []} for options in VARIANTS.get(kind, [])]
    return records + new


def going_on(records: list[dict]) -> list[dict]:
    """The examples cut after each round, while the game goes on (from its start): games at
    every step of the entry."""
    cuts = [
        {**record, "rounds": record["rounds"][:n]}
        for record in records
        for n in range(len(record["rounds"]) + 1)
    ]
    return [cut for cut in cuts if stands(cut) and not replayed(cut).finished]


def replayed(record: dict) -> Any:
    return GAMES[record["game"]].replay(parse_record(record))


def stands(cut: dict) -> bool:
    """Whether a cut of an example is a game on its own: not every start is (a Plump table
    of four whose schedule was made for the three dealt in in deal 1 has none without it)."""
    try:
        replayed(cut)
    except RuleError:
        return False
    return True


class Fuzzer:
    """A phone posting at one game (and its table), and what must hold after every post."""

    def __init__(self, app: Flask, kind: str) -> None:
        self.app, self.kind = app, kind
        self.client = app.test_client()
        self.runner = app.test_cli_runner()
        self.records = example_of(kind)
        self.going_on = going_on(self.records)
        self.game = ""  # /t/<token>/g/<id>/
        self.setup_fields: dict[str, list[str]] = {}
        self.setup_current: dict[str, str] = {}
        self.setup_buttons: list[tuple[str, str]] = []
        self.setup_texts: set[str] = set()
        self.pages: dict[str, str] = {}  # what the pages show while nothing changes
        self.known: tuple[Any, ...] = ()  # the state after the last post
        self.last_key = ""  # the key of the last accepted submit: sent again, it is a replay
        self.table_file: dict[str, Any] = {}  # a table's export, the base of hostile table files
        self.elsewhere: list[PageForm] = []  # the forms of the game before: a stale page
        self.variants: list[PageForm] | None = None  # a game's with other options (made once)
        self.finished = [record for record in self.records if replayed(record).finished]
        self.theirs = ""  # another phone's table, whose keys this phone sends (elsewhere.py)
        self.saved: dict[str, set[str]] = {}  # the keys each game of this phone saved
        self.plan: dict[str, Any] = {}  # the example's plan (how many send a post at once)

    @cached_property
    def csrf(self) -> str:
        """This phone's CSRF token (it lasts as long as its session)."""
        return self.forms("/", "/import")[0].fields["csrf_token"][0]

    @property
    def token(self) -> str:
        return self.game.split("/")[2]

    def fresh_game(self, pick: int = 0) -> None:
        """A game going on (one of the examples cut short) at a new table."""
        if not self.theirs:
            self.theirs = their_table(self.app)
        if self.game in self.pages:
            self.elsewhere = page_forms(self.pages[self.game])
        record = self.going_on[pick % len(self.going_on)]
        if pick % 5 == 4 and self.finished:  # a finished game: play again, its last steps
            record = self.finished[pick % len(self.finished)]
        upload = {
            "csrf_token": self.csrf,
            "record": (io.BytesIO(json.dumps(record).encode()), "g.json"),
        }
        response = self.client.post("/import", data=upload, content_type="multipart/form-data")
        assert response.status_code == 303, response.text
        self.game = response.headers["Location"]
        self.pages.clear()
        self.known = self.state()

    def variant_forms(self) -> list[PageForm]:
        """The forms of a game of this kind with other options (``VARIANTS``) than the one
        played: another page of the table, left open and posted to this game."""
        if self.variants is None:
            self.variants, played = [], self.game
            for options in VARIANTS.get(self.kind, []):
                variant = {**self.records[0], "options": options, "rounds": []}
                self.fresh_game(self.going_on.index(variant))
                self.variants += self.forms(self.game, "")
            self.game = played
            self.pages.clear()
            self.known = self.state()
        return self.variants

    def forms(self, path: str, ending: str) -> list[PageForm]:
        if path not in self.pages:
            page = self.client.get(path)
            assert page.status_code == 200, (path, page.status_code)
            assert page.headers.get("Cache-Control") == "no-store", path  # it carries a key
            self.pages[path] = page.text
        # An action may name where its answer shows (a fragment): the route is what counts here.
        found = page_forms(self.pages[path])
        return [form for form in found if form.action.partition("#")[0].endswith(ending)]

    def state(self) -> tuple[Any, ...]:
        """Everything a refused submit must leave as it was."""
        with self.app.app_context():
            count = [
                db.session.execute(db.select(db.func.count()).select_from(model)).scalar()
                for model in (Table, Game, Entry, Change)
            ]
            game_id = int(self.game.split("/")[4]) if self.game else 0
            game = db.session.execute(
                db.select(Game.version, Game.draft).filter_by(id=game_id)
            ).first()
            rounds = db.session.execute(
                db.select(Entry.payload).filter_by(game_id=game_id).order_by(Entry.seq)
            ).scalars()
            newest = db.session.execute(db.select(db.func.max(Game.id))).scalar() or 0
            return (*count, newest, tuple(game or ()), json.dumps(list(rounds)))

    def post(self, path: str, data: dict, *, htmx: bool = False, creates: bool = False) -> int:
        before = self.known or self.state()
        at_once = AT_ONCE if self.plan.get("at_once") == 0 else 1
        answers = sent_at_once(self.client, at_once, path, data, htmx=htmx)
        for response in answers:
            assert response.status_code < 500, (path, data, response.text[:3000])
            assert len(response.data) < ANSWER_BOUND, (path, len(response.data))
            assert not OTHER_HOST.search(response.text), (path, OTHER_HOST.search(response.text))
        response = answers[0]
        refused = [
            answer.status_code >= 400 or (creates and answer.status_code != 303)
            for answer in answers
        ]
        if at_once == 1:
            self.check_answer(path, data, response)
        after = self.known = self.state()
        if all(refused):
            assert after == before, (path, data, response.status_code)
        else:
            self.pages.clear()
            self.check_games_since(before[4])
            self.check_stored_texts()
            self.last_key = first(data.get("key", ""))
            if game := GAME_PATH.match(path):
                self.saved.setdefault(game.group(0), set()).add(self.last_key)
        return response.status_code

    def check_answer(self, path: str, data: dict, response: Any) -> None:
        """What no answer does: let a cache keep it, open another phone's table, lead to a page
        that is not there, or say "already saved" of a key this game never saved."""
        if response.mimetype == "text/html":
            assert response.headers.get("Cache-Control") == "no-store", path
        shown = response.text
        if response.status_code == 303:
            where = response.headers["Location"].split("#")[0]
            assert self.theirs not in where, ("another phone's table opened", path, data)
            landed = self.client.get(where)
            assert landed.status_code == 200, (path, data, where, landed.status_code)
            shown = landed.text
        game = GAME_PATH.match(path)
        if "Already saved." in shown and game:
            key = first(data.get("key", ""))
            assert key in self.saved.get(game.group(0), set()), ("not saved here", path, data)

    def check_games_since(self, newest: int, *, fully: bool = False) -> None:
        """The game played on and every game made since ``newest``: its page, its export, and
        the export scored as ``flask score`` does; ``fully``: the watch view and the command
        itself too."""
        with self.app.app_context():
            rows = db.session.execute(
                db.select(Game.id, Table.token, Table.view_token)
                .join(Table)
                .where((Game.id > newest) | (Game.id == int(self.game.split("/")[4])))
            ).all()
        for game_id, token, view in rows:
            path = f"/t/{token}/g/{game_id}/"
            page = self.client.get(path)
            assert page.status_code == 200, path
            self.pages[path] = page.text
            export = self.client.get(path + "export")
            assert export.status_code == 200, path
            score_text(export.text)  # what `flask score` prints, or a RuleError
            if fully:
                assert self.client.get(f"/v/{view}/g/{game_id}/").status_code == 200, path
                scored = self.runner.invoke(args=["score", "-"], input=export.text)
                assert scored.exit_code == 0, (export.text, scored.output)
                sheet = self.client.get(path + "sheet.csv").get_data(as_text=True)
                cells = csv.reader(io.StringIO(sheet.lstrip("\ufeff")))
                live = [c for row in cells for c in row if FORMULA.match(c)]
                assert not live, (path, live)

    def check_stored_texts(self) -> None:
        """No control character and nothing invisible in any name stored (a table's, its
        players', a game's, a circle's and a night's), each player's name composed (NFC)."""
        with self.app.app_context():
            for name, players in db.session.execute(db.select(Table.name, Table.players)):
                assert not has_control(name + "".join(players)), (name, players)
                assert not shows_nothing(name), name
                assert all(plain_name(player) for player in players), players
            for seating in db.session.execute(db.select(Game.seating)).scalars():
                assert all(plain_name(player) for player in seating), seating

    def submission(self, form: PageForm, plan: dict) -> dict:
        return submission(form, plan, self.last_key, theirs=KEYS)

    def game_exists(self) -> bool:
        return bool((self.known or self.state())[5])


GAME_PATH = re.compile(r"^/t/[^/]+/g/\d+/")
AT_ONCE = 4  # phones (tabs) sending one post at the same moment, one example in ten


def first(value: Any) -> str:
    """A field as the server reads it: its first value."""
    return str(value[0] if isinstance(value, list) and value else value)


def shows_nothing(text: str) -> bool:
    """Whether ``text`` holds a character that shows nothing (told here as the tests see it,
    not by the app's own check): a format character but a joiner or a flag's tag, a filler."""
    return any(
        c in "\u115f\u1160\u3164\uffa0"
        or (unicodedata.category(c) == "Cf" and c not in "\u200c\u200d" and ord(c) < 0xE0020)
        for c in text
    )


def plain_name(name: str) -> bool:
    """A player's name as a page may keep it: nothing invisible, composed (NFC)."""
    return not shows_nothing(name) and unicodedata.is_normalized("NFC", name)


def sent_at_once(client: Any, copies: int, path: str, data: dict, *, htmx: bool) -> list[Any]:
    """``data`` posted by ``copies`` clients of the same phone at the same moment (as an outbox
    sending from two tabs), or once: the answers."""
    headers = {"HX-Request": "true"} if htmx else {}
    multipart = any(isinstance(v, tuple) for v in data.values())
    kind = "multipart/form-data" if multipart else None
    if copies == 1 or multipart:  # (a file in a form is read once: one sending)
        response = client.post(path, data=data, headers=headers, content_type=kind)
        # The test client spools a multipart body over 500 KB to a file it never closes.
        response.request.environ["wsgi.input"].close()
        return [response]
    phones = [client.application.test_client() for _ in range(copies)]
    cookie = client.get_cookie("session")
    for phone in phones:
        if cookie is not None:
            phone.set_cookie("session", cookie.value)
    start, answers = threading.Barrier(copies), []

    def send(phone: Any) -> None:
        start.wait()
        answers.append(phone.post(path, data=data, headers=headers))

    threads = [threading.Thread(target=send, args=(phone,)) for phone in phones]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    assert len(answers) == copies, "a request raised"
    return answers


# --- the routes -----------------------------------------------------------------------------


def entry_route(ending: str) -> Callable[[Fuzzer, Any, dict], None]:
    def route(table: Fuzzer, data: Any, plan: dict) -> None:
        forms = table.forms(table.game, ending)
        if not forms:  # the game is over, or nothing is left to undo
            table.fresh_game()
            return
        form = forms[plan["form"] % len(forms)]
        elsewhere = table.elsewhere + table.variant_forms()
        stale = [f for f in elsewhere if f.action.endswith(ending)]
        if stale and plan["elsewhere"] < 15:  # another game's page, posted to this game
            form = replace(stale[plan["form"] % len(stale)], action=form.action)
        path = mutated_path(form.action, plan)
        table.post(path, table.submission(form, plan), htmx=plan["htmx"])

    return route


def correct(table: Fuzzer, data: Any, plan: dict) -> None:
    with table.app.app_context():
        game_id = int(table.game.split("/")[4])
        rounds = db.session.execute(db.select(Game).filter_by(id=game_id)).scalar_one().entries
    if not rounds:
        table.fresh_game()
        return
    number = plan["round"] % len(rounds) + 1
    (form,) = table.forms(f"{table.game}rounds/{number}", f"rounds/{number}")
    table.post(mutated_path(form.action, plan), table.submission(form, plan))


def delete(table: Fuzzer, data: Any, plan: dict) -> None:
    (form,) = table.forms(table.game + "delete", "delete")
    table.post(form.action, table.submission(form, plan))
    # Deleted by any of the tabs sent at once (the first answer may be another tab's 404).
    if table.client.get(table.game).status_code == 404:
        table.fresh_game()


def set_up(table: Fuzzer, data: Any, plan: dict) -> None:
    path = "/new" if plan["htmx"] else f"/t/{table.token}/new"
    table.post(path, table.submission(setup_form(table, path), plan), creates=True)


def setup_form(table: Fuzzer, path: str) -> PageForm:
    """Set-up's two steps as one form (its fields as the pages show them), posted to ``path``."""
    if not table.setup_fields:  # the fields of both steps, as the pages show them
        names = PLAYERS[: GAMES[table.kind].max_players]
        step_one = {"step": "players", "game": table.kind}
        step_one |= {f"players-{i}": name for i, name in enumerate(names)}
        for step in ("/new", f"/t/{table.token}/new"):
            first = table.forms(step, step)[0]  # the players' names, the evening's name
            table.setup_texts |= first.texts
            csrf = first.fields["csrf_token"][0]
            page = table.client.post(step, data={**step_one, "csrf_token": csrf})
            for found in page_forms(page.text):
                for name, offered in found.fields.items():
                    table.setup_fields.setdefault(name, []).extend(offered)
                table.setup_current |= found.current
                table.setup_buttons += found.buttons
    fields, current, buttons = table.setup_fields, table.setup_current, table.setup_buttons
    return PageForm(path, "", fields, current, buttons, table.setup_texts)


def import_record(table: Fuzzer, data: Any, plan: dict) -> None:
    csrf = table.csrf
    changes = {"as shown": 0, "picked": 0, "one off": 1, "typed": 1, "anything": 3}[plan["mode"]]
    text = data.draw(mutated_record(table.records, changes))
    anything = plan["mode"] == "anything"
    upload: dict[str, Any] = {"csrf_token": plan["slots"][0][2] if anything else csrf}
    name = plan["slots"][1][2] if anything else "record"
    upload[name] = (io.BytesIO(text.encode("utf-8", "surrogatepass")), "g.json")
    path = "/import" if plan["htmx"] else f"/t/{table.token}/import"
    table.post(path, upload, creates=True)


def import_table(table: Fuzzer, data: Any, plan: dict) -> None:
    """A table file (the first table's own export, changed) becomes a new table or nothing."""
    if not table.table_file:  # once: what hypothesis draws from must not change between runs
        table.table_file = json.loads(table.client.get(f"/t/{table.token}/export").text)
    exported = copy.deepcopy(table.table_file)
    changes = {"as shown": 0, "picked": 0, "one off": 1, "typed": 1, "anything": 3}[plan["mode"]]
    text = data.draw(mutated_record([exported], changes))
    anything = plan["mode"] == "anything"
    upload: dict[str, Any] = {"csrf_token": plan["slots"][0][2] if anything else table.csrf}
    name = plan["slots"][1][2] if anything else "table"
    upload[name] = (io.BytesIO(text.encode("utf-8", "surrogatepass")), "t.json")
    if table.post("/import-table", upload, creates=True) == 303:
        with table.app.app_context():
            newest = db.session.execute(db.select(Table.token).order_by(Table.id.desc())).first()
        assert newest is not None
        assert table.client.get(f"/t/{newest[0]}/").status_code == 200, text


def again(table: Fuzzer, data: Any, plan: dict) -> None:
    """Play again, from a finished game's page (a game going on is finished first, as if
    its last deal had been entered)."""
    forms = table.forms(table.game, "/again")
    if not forms:
        with table.app.app_context():
            game_id = int(table.game.split("/")[4])
            db.session.execute(db.update(Game).filter_by(id=game_id).values(finished=db.func.now()))
            db.session.commit()
            kept().clear()  # its page was kept as of a game going on
        table.pages.clear()
        table.known = table.state()
        forms = table.forms(table.game, "/again")
    for form in forms[:1]:
        table.post(mutated_path(form.action, plan), table.submission(form, plan), creates=True)


def phone_name(table: Fuzzer, data: Any, plan: dict) -> None:
    """The name a phone gives itself, from a game's history."""
    (form,) = table.forms(table.game + "history", "/phone")
    table.post(mutated_path(form.action, plan), table.submission(form, plan))


def versions(table: Fuzzer, data: Any, plan: dict) -> None:
    """Both versions: the game as a phone played it without signal (the table's own record,
    changed as an import's is) shown beside the table's, then the page's "Keep this phone's"
    sent as the plan says."""
    mine = table.client.get(table.game + "versions/mine").get_json()
    changes = {"as shown": 0, "picked": 0, "one off": 1, "typed": 1, "anything": 3}[plan["mode"]]
    record = (
        json.dumps(mine["record"])
        if data is None
        else data.draw(mutated_record([mine["record"]], changes))
    )
    sent = f'{{"record": {record}, "draft": {json.dumps(mine["draft"])}}}'
    shown = {"csrf_token": table.csrf, "mine": sent, "steps": '["Bids"]', "since": mine["version"]}
    table.post(table.game + "versions/", shown, htmx=plan["htmx"])
    page = table.client.post(table.game + "versions/", data=shown)
    for form in [form for form in page_forms(page.text) if form.action.endswith("/keep")]:
        table.post(mutated_path(form.action, plan), table.submission(form, plan))


ROUTES: dict[str, Callable[[Fuzzer, Any, dict], None]] = {
    "enter": entry_route("/enter"),
    "undo": entry_route("/undo"),
    "correct": correct,
    "delete": delete,
    "set-up": set_up,
    "import": import_record,
    "import-table": import_table,
    "again": again,
    "phone-name": phone_name,
    "versions": versions,
}
# What each route's fuzz reaches, every run (test_fuzz_routes.py: every POST route is one's).
REACHES = {
    "enter": {"games.enter"},
    "undo": {"games.undo"},
    "correct": {"games.correct"},
    "delete": {"games.delete"},
    "set-up": {"home.new_table", "tables.new_game"},
    "import": {"home.import_record", "tables.import_record"},
    "import-table": {"home.import_table"},
    "again": {"games.again"},
    "phone-name": {"games.name_phone"},
    "versions": {"versions.show", "versions.keep"},
}


def explicit(table: Fuzzer, route: str) -> None:
    """Before the search, the same every run: the route's form as the page shows it with each
    of another phone's keys, and sent by several tabs at once; a finished game's last step
    (Plump's "Count everyone who played") with each of its fields made hostile in turn."""
    if route not in EXPLICIT:
        return
    table.fresh_game(1)  # a game with a round entered: one to correct
    for which in range(len(KEYS)):
        slots = [("other", which, "")] * SLOTS
        for plan in (explicit_plan(key="theirs", slots=slots), explicit_plan(at_once=0)):
            table.plan = plan
            ROUTES[route](table, None, plan)
    table.plan = {}
    if route == "enter" and table.finished:
        for pick in range(4, 5 * len(table.finished), 5):
            table.fresh_game(pick)
            for form in table.forms(table.game, "/enter"):
                for data in one_field_at_a_time(form):
                    table.post(form.action, data, htmx=True)
    table.fresh_game()


EXPLICIT = {"enter", "undo", "correct", "delete", "set-up", "again", "phone-name", "versions"}


@pytest.mark.parametrize("route", ROUTES)
@pytest.mark.parametrize("kind", GAMES)
def test_hostile_submits_never_break_a_page_nor_change_what_they_may_not(
    app: Flask, kind: str, route: str
) -> None:
    table = Fuzzer(app, kind)
    table.fresh_game()
    explicit(table, route)

    @FUZZ
    @given(data=st.data())
    def submit(data: Any) -> None:
        plan = table.plan = data.draw(PLAN)
        if plan["restart"] < 10 or not table.game_exists():
            table.fresh_game(plan["restart"])
        ROUTES[route](table, data, plan)

    submit()
    table.check_games_since(0, fully=True)
    assert REACHES[route] <= app.extensions["reached"]


@pytest.mark.parametrize("kind", GAMES)
def test_one_hostile_field_at_a_time_in_a_valid_set_up_record_or_table_file(
    app: Flask, kind: str
) -> None:
    """Each field of set-up, each text of a record and of a table file, alone made hostile
    (the rest as valid as the page or the export made it): refused or stored harmless."""
    table = Fuzzer(app, kind)
    table.fresh_game()
    for data in one_field_at_a_time(setup_form(table, "/new")):  # a new table: its name too
        table.post("/new", data, creates=True)
    record = table.records[0]
    for text in one_text_at_a_time({**record, "rounds": record["rounds"][:1]}, TEMPLATES):
        upload = {"csrf_token": table.csrf, "record": (io.BytesIO(text.encode()), "g.json")}
        table.post(f"/t/{table.token}/import", upload, creates=True)
    exported = json.loads(table.client.get(f"/t/{table.token}/export").text)
    exported["games"] = exported["games"][:1]
    for text in one_text_at_a_time(exported, TEMPLATES + ONE_AT_A_TIME[:4]):
        upload = {"csrf_token": table.csrf, "table": (io.BytesIO(text.encode()), "t.json")}
        table.post("/import-table", upload, creates=True)
    table.check_games_since(0, fully=True)
