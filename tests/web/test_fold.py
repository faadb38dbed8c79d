"""A long sheet folds its old rows (assistant/play/fold.py): the game page shows the last 20
rounds and says how many are folded away; the whole sheet is one tap away, and folding it again
one more. Mus folds its hands inside their games: a game whose hands are all folded keeps its
heading and result."""

from __future__ import annotations

import re

import pytest
from flask.testing import FlaskClient

from bench.records import record
from tests.web.helpers import import_record, start_game

# game, rounds in the record, the id of a row on the sheet, what the note calls a round
LONG = [("boodle", 50, "row-deal-", "Deals"), ("mulle", 45, "row-deal-", "Deals"),
        ("mus", 48, "row-hand-", "Hands")]  # fmt: skip


def long_game(client: FlaskClient, kind: str, rounds: int) -> str:
    table = start_game(client).token
    response = import_record(client, table, record(kind, rounds))
    assert response.status_code == 303, response.text
    return response.headers["Location"]


def rows_on(page: str, prefix: str, played: int) -> list[int]:
    """The numbers of the played rounds' rows on a page (Mulle also shows the deals to come)."""
    return [int(n) for n in re.findall(rf'id="{prefix}(\d+)"', page) if int(n) <= played]


@pytest.mark.parametrize(("kind", "rounds", "prefix", "noun"), LONG)
def test_a_long_sheet_shows_its_last_twenty_rounds_and_the_rest_is_one_tap_away(
    client: FlaskClient, kind: str, rounds: int, prefix: str, noun: str
) -> None:
    path = long_game(client, kind, rounds)
    folded = rounds - 20
    page = client.get(path).text
    assert rows_on(page, prefix, rounds) == list(range(folded + 1, rounds + 1))
    note = f"{noun} 1–{folded} are folded away: show the whole sheet"
    assert f'<a href="{path}?sheet=all#sheet-title">{note}</a>' in page

    whole = client.get(path + "?sheet=all").text
    assert rows_on(whole, prefix, rounds) == list(range(1, rounds + 1))
    assert "are folded away" not in whole
    again = f"Fold the old {noun.lower()} away again"
    assert f'<a href="{path}#sheet-title">{again}</a>' in whole


@pytest.mark.parametrize(("kind", "rounds", "prefix"), [("boodle", 40, "row-deal-"),
                                                         ("mus", 40, "row-hand-")])  # fmt: skip
def test_a_sheet_of_forty_rounds_is_not_folded(
    client: FlaskClient, kind: str, rounds: int, prefix: str
) -> None:
    page = client.get(long_game(client, kind, rounds)).text
    assert rows_on(page, prefix, rounds) == list(range(1, rounds + 1))
    assert "folded away" not in page and "away again" not in page


def test_a_mus_game_whose_hands_are_all_folded_keeps_its_heading_and_result(
    client: FlaskClient,
) -> None:
    page = client.get(long_game(client, "mus", 48)).text
    headings = re.findall(r"<h3>(Game \d+).*?</h3>", page)
    whole = client.get(long_game(client, "mus", 48) + "?sheet=all").text
    assert headings == re.findall(r"<h3>(Game \d+).*?</h3>", whole) and len(headings) > 1
    first = re.search(r"<h3>Game 1 · (.*?)</h3>", page)
    assert first and "won by" in first.group(1)
    assert 'id="row-hand-1"' not in page  # its hands are folded away
