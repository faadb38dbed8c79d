"""An htmx answer draws the whole sheet, and the phone that swaps it in shows exactly what a
fresh page shows: in every game, as rounds are undone (rows change and go) and entered (rows
fill in)."""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest
from flask import Flask
from flask.testing import FlaskClient

from tests.examples import PLUMP_THREE_DEALS, example_records
from tests.web.helpers import GameUrl, import_record, seat_fields, start_game, version_of

HTMX = {"HX-Request": "true"}
ROW = re.compile(r'<(tr|details) id="([^"]+)" data-row\b')


def rows_of(page: str) -> list[tuple[str, str]]:
    """The sheet's rows in order: (id, html)."""
    rows, at = [], 0
    while found := ROW.search(page, at):
        tag, row_id = found.groups()
        end = page.index(f"</{tag}>", found.end()) + len(tag) + 3  # rows are never nested
        rows.append((row_id, page[found.start() : end]))
        at = end
    return rows


class Phone:
    """A phone that swaps htmx answers in: its rows are what it shows."""

    def __init__(self, client: FlaskClient, game: str) -> None:
        self.client, self.game = client, game
        self.rows = rows_of(client.get(game).text)

    def swap(self, answer: str) -> list[tuple[str, str]]:
        self.rows = rows_of(answer)
        return self.rows

    def post(self, action: str, data: dict) -> str:
        version = version_of(self.client, GameUrl(self.game))
        key = f"{action}-{version}-rows"
        answer = self.client.post(
            self.game + action, data={"version": version, "key": key, **data}, headers=HTMX
        )
        assert answer.status_code == 200, answer.text
        return answer.text


def fresh_rows(app: Flask, game: str) -> list[tuple[str, str]]:
    """The rows of the page as another phone loads it, with nothing kept."""
    app.extensions["kept"].clear()
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
