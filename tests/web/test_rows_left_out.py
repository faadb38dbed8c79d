"""An answer leaves out the rows of the sheet the asking phone already shows (an empty element
with the row's id and ``hx-preserve``: htmx keeps the phone's own). Put back in their places,
the phone shows exactly what a fresh page shows: in every game, as rounds are undone (rows
change and go) and entered (rows fill in), and when the phone's version was never drawn here."""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest
from flask import Flask
from flask.testing import FlaskClient

from assistant.views import shown
from tests.examples import PLUMP_THREE_DEALS, example_records
from tests.web.helpers import GameUrl, import_record, seat_fields, start_game, version_of

HTMX = {"HX-Request": "true"}
ROW = re.compile(r'<(tr|details) id="([^"]+)"( data-row\b| hx-preserve></\1>)')


def rows_of(page: str) -> list[tuple[str, str | None]]:
    """The sheet's rows in order: (id, html), html None where the phone's own row is kept."""
    rows, at = [], 0
    while found := ROW.search(page, at):
        tag, row_id, kind = found.groups()
        if kind.startswith(" hx-preserve"):
            rows.append((row_id, None))
            at = found.end()
            continue
        end = page.index(f"</{tag}>", found.end()) + len(tag) + 3  # rows are never nested
        rows.append((row_id, page[found.start() : end]))
        at = end
    return rows


class Phone:
    """A phone that swaps htmx answers in: its rows are what it shows."""

    def __init__(self, client: FlaskClient, game: str) -> None:
        self.client, self.game = client, game
        self.rows = dict(rows_of(client.get(game).text))
        self.left_out = 0

    def swap(self, answer: str) -> list[tuple[str, str | None]]:
        shown_now = []
        for row_id, html in rows_of(answer):
            if html is None:
                assert row_id in self.rows, f"{row_id} left out, but the phone has no such row"
                html = self.rows[row_id]
                self.left_out += 1
            shown_now.append((row_id, html))
        self.rows = dict(shown_now)
        return shown_now

    def post(self, action: str, data: dict) -> str:
        version = version_of(self.client, GameUrl(self.game))
        key = f"{action}-{version}-rows"
        answer = self.client.post(
            self.game + action, data={"version": version, "key": key, **data}, headers=HTMX
        )
        assert answer.status_code == 200, answer.text
        return answer.text


def fresh_rows(app: Flask, game: str) -> list[tuple[str, str | None]]:
    """The rows of the page as drawn anew: nothing kept (a row kept for values that leave out
    something it shows would be wrong here too)."""
    shown.PAGES.clear()
    shown.KEPT_HTML.clear()
    return rows_of(app.test_client().get(game).text)


@pytest.mark.parametrize("path", example_records(), ids=lambda p: p.stem)
def test_undoing_rounds_shows_what_a_fresh_page_shows(
    app: Flask, client: FlaskClient, path: Path
) -> None:
    table = start_game(client).token
    game = import_record(client, table, json.loads(path.read_text())).headers["Location"]
    phone = Phone(client, game)
    rounds = len(json.loads(path.read_text())["rounds"])
    for _ in range(min(rounds, 3)):
        assert phone.swap(phone.post("undo", {})) == fresh_rows(app, game)
    if rounds >= 2:
        assert phone.left_out > 0  # the rows before the undone round were not sent again


def test_entering_deals_shows_what_a_fresh_page_shows(app: Flask, client: FlaskClient) -> None:
    game = start_game(client).path
    phone = Phone(client, game)
    for number, deal in enumerate(PLUMP_THREE_DEALS[:2], start=1):
        bids = {"trump": deal["trump"], **seat_fields("bids", deal["bids"])}
        for step, fields in ((f"bids-{number}", bids), (f"tricks-{number}", deal["tricks"])):
            if step.startswith("tricks"):
                fields = seat_fields("tricks", fields)
            assert phone.swap(phone.post("enter", {"step": step, **fields})) == fresh_rows(
                app, game
            )
    assert phone.left_out >= 4 * 17  # every deal still to come, in each of the four answers


def test_a_phone_whose_version_was_not_drawn_here_is_sent_every_row(
    app: Flask, client: FlaskClient
) -> None:
    game = start_game(client).path
    phone = Phone(client, game)
    shown.ROW_SHOWS.clear()  # as when the phone's page came from another worker
    bids = seat_fields("bids", {"Bo": 3, "Cia": 2, "Dan": 1, "Anna": 3})
    answer = phone.post("enter", {"step": "bids-1", **bids})
    assert "hx-preserve" not in answer
    assert phone.swap(answer) == fresh_rows(app, game)
