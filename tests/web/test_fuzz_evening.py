"""Hostile submits to the evening's and the circle's POST routes (name, currency, stakes, end,
reopen, paid, how a player is paid, joining a circle, creating one, renaming and merging its
players), with CSRF on.

The same fuzzer as ``test_fuzz.py`` (forms as the pages show them, values sometimes offered and
sometimes anything); what must hold is the same too: never a 5xx, a refused submit changes
nothing (the evening's own rows included), every page still renders.
"""

from __future__ import annotations

import io
import json
import re
from collections.abc import Iterable
from typing import Any

import pytest
from flask import Flask
from hypothesis import given
from hypothesis import strategies as st

from assistant.extensions import db
from assistant.games import GAMES
from assistant.store.models import Circle, Member, Payment, Stake, Table
from tests.web.helpers import PageForm
from tests.web.hostile import PLAN, mutated_path, one_field_at_a_time, with_id
from tests.web.test_fuzz import FUZZ, Fuzzer, app  # noqa: F401  (the fixture)

PLAYER_LINK = re.compile(r'href="(/c/[^/"]+/p/\d+)"')


class EveningFuzzer(Fuzzer):
    """A phone posting at a table's evening: a game going on and a finished one, so that the
    settle-up, the stakes and the payments have something to show."""

    turn = 0

    def fresh_game(self, pick: int = 0) -> None:
        super().fresh_game(pick)
        finished = self.records[pick % len(self.records)]
        upload = {
            "csrf_token": self.csrf,
            "record": (io.BytesIO(json.dumps(finished).encode()), "g.json"),
        }
        response = self.client.post(
            f"/t/{self.token}/import", data=upload, content_type="multipart/form-data"
        )
        assert response.status_code == 303, response.text
        self.pages.clear()
        self.known = self.state()

    @property
    def table_page(self) -> str:
        return f"/t/{self.token}/"

    def state(self) -> tuple[Any, ...]:
        """The game's state and the evening's: the table's own columns, stakes, payments, the
        circles and their players."""
        with self.app.app_context():
            tables = db.session.execute(
                db.select(
                    Table.name, Table.currency, Table.ended, Table.circle_id, Table.pay
                ).order_by(Table.id)
            ).all()
            stakes = db.session.execute(
                db.select(Stake.game_id, Stake.cents, Stake.basis).order_by(Stake.id)
            ).all()
            payments = db.session.execute(
                db.select(Payment.payer, Payment.payee, Payment.cents, Payment.paid).order_by(
                    Payment.id
                )
            ).all()
            circles = db.session.execute(db.select(Circle.name).order_by(Circle.id)).all()
            members = db.session.execute(
                db.select(Member.circle_id, Member.name, Member.pay).order_by(Member.id)
            ).all()
        evening = (tables, stakes, payments, circles, members)
        return (*super().state(), repr(evening))

    def circle_pages(self) -> list[str]:
        """The circle of this table (made if it has none yet) and its players' pages."""
        with self.app.app_context():
            table = db.session.execute(db.select(Table).filter_by(token=self.token)).scalar_one()
            circle = table.circle.token if table.circle else None
        if circle is None:
            forms = self.forms(self.table_page, "/circle")
            form = next(f for f in forms if any(n.endswith("name") for n in f.fields))
            data = form.current | {n: "Thursdays" for n in form.fields if n.endswith("name")}
            assert self.client.post(form.action, data=data).status_code == 303
            self.pages.clear()
            self.known = self.state()
            return self.circle_pages()
        home = f"/c/{circle}/"
        if home not in self.pages:
            self.forms(home, "/")
        return [home, *dict.fromkeys(PLAYER_LINK.findall(self.pages[home]))]


def evening(table: EveningFuzzer, data: Any, plan: dict) -> None:
    forms = [f for f in table.forms(table.table_page, "") if "/g/" not in f.action]
    table.turn += 1  # each form in turn, whatever was drawn: every one is reached in a run
    form = forms[(plan["form"] + table.turn) % len(forms)]
    action = form.action.partition("#")[0]  # where its answer shows: not sent
    table.post(mutated_path(action, plan), table.submission(form, plan), htmx=plan["htmx"])


def circle(table: EveningFuzzer, data: Any, plan: dict) -> None:
    pages = table.circle_pages()
    page = pages[plan["round"] % len(pages)]
    forms: list[PageForm] = table.forms(page, "") + table.forms("/", "/circles")
    form = forms[plan["form"] % len(forms)]
    path = mutated_path(form.action, plan)
    table.post(path, table.submission(form, plan), creates=form.action == "/circles")
    for shown in table.circle_pages():
        assert table.client.get(shown).status_code == 200, shown


ROUTES = {"evening": evening, "circle": circle}
REACHES = {  # what each route's fuzz reaches, every run (test_fuzz_routes.py)
    "evening": {
        "evening.name",
        "evening.currency",
        "evening.language",
        "evening.stake",
        "evening.end",
        "evening.join_circle",
        "evening.pay",
    },
    "circle": {"circles.rename", "circles.merge", "circles.pay", "new_circle.create"},
    "one field at a time": {"evening.paid", "evening.unpaid", "evening.reopen"},
}


@pytest.mark.parametrize("route", ROUTES)
@pytest.mark.parametrize("kind", GAMES)
def test_hostile_submits_to_the_evening_never_break_a_page_nor_change_what_they_may_not(
    app: Flask,  # noqa: F811
    kind: str,
    route: str,
) -> None:
    table = EveningFuzzer(app, kind)
    table.fresh_game()

    @FUZZ
    @given(data=st.data())
    def submit(data: Any) -> None:
        plan = data.draw(PLAN)
        if plan["restart"] < 5:
            table.fresh_game(plan["restart"])
        ROUTES[route](table, data, plan)
        assert table.client.get(table.table_page).status_code == 200

    submit()
    if route == "evening":  # and each form as the page shows it, once
        for form in table.forms(table.table_page, ""):
            if "/g/" not in form.action:
                table.post(form.action.partition("#")[0], form.current)
    if route == "circle":  # and each form of the circle's pages as shown, once (a merge too)
        for page in table.circle_pages():
            for form in table.forms(page, ""):
                table.post(form.action.partition("#")[0], form.current)
        for form in table.forms("/", "/circles"):  # a new circle, from home
            table.post(form.action, form.current, creates=True)
    table.check_games_since(0, fully=True)
    assert REACHES[route] <= app.extensions["reached"]


def test_one_hostile_field_at_a_time_in_the_evening_and_the_circle(
    app: Flask,  # noqa: F811
) -> None:
    """Each field of each evening and circle form, alone made hostile (the rest as the page
    shows it), and each payment's id in its URL of every size: refused or stored harmless."""
    table = EveningFuzzer(app, "plump")
    table.fresh_game()
    home, player, *_ = table.circle_pages()
    for page in (table.table_page, home, player):
        one_field_at_a_time_in(table, table.forms(page, ""))
    # The evening settled (a stake on each game, then its end): payments to mark.
    for form in table.forms(table.table_page, ""):
        if "/stakes/" in form.action:
            amount = next(name for name in form.fields if name.endswith("amount"))
            assert table.post(form.action, form.current | {amount: "2"}) < 400
    (end,) = table.forms(table.table_page, "/end")
    assert table.post(end.action, end.current) < 400
    paying = [form for form in table.forms(table.table_page, "") if "/payments/" in form.action]
    assert paying
    for form in paying:
        for path in with_id(form.action, r"/payments/(\d+)/"):
            assert table.post(path, form.current) >= 400, path
    one_field_at_a_time_in(table, table.forms(table.table_page, ""))
    for ending in ("/paid", "/unpaid", "/reopen"):  # each payment paid, owed again; reopened
        for form in table.forms(table.table_page, ending):
            assert table.post(form.action.partition("#")[0], form.current) < 400
    table.check_games_since(0, fully=True)
    assert REACHES["one field at a time"] <= app.extensions["reached"]


def one_field_at_a_time_in(table: EveningFuzzer, forms: Iterable[PageForm]) -> None:
    for form in forms:
        if "/g/" not in form.action:
            for data in one_field_at_a_time(form):
                table.post(form.action, data, creates=form.action == "/circles")
