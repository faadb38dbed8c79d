"""What every game page shows at the table, checked for every registered game from its example
records: the score strip in the first screen, Undo naming what it takes back, and what another
phone did meanwhile."""

from __future__ import annotations

import html
import json
import re

import pytest

from assistant.games import GAMES
from assistant.store.records import score_text
from tests.examples import example_records
from tests.web.helpers import import_record, start_game


def an_example(kind: str) -> dict:
    """The game's example record with the most rounds."""
    records = [json.loads(path.read_text()) for path in example_records(kind)]
    return max(records, key=lambda record: len(record["rounds"]))


def imported(client, kind: str) -> str:
    table = start_game(client).token
    response = import_record(client, table, an_example(kind))
    assert response.status_code == 303, response.text
    return response.headers["Location"]


def strip_of(page: str) -> str:
    return html.unescape(page.split('<section class="strip"')[1].split("</section>")[0])


def version(page: str) -> int:
    return int(re.search(r'id="game"[^>]*data-version="(\d+)"', page).group(1))


@pytest.mark.parametrize("kind", GAMES)
def test_the_score_strip_comes_right_after_what_happens_next(client, kind: str) -> None:
    game = imported(client, kind)
    page = client.get(game).text
    assert (
        page.index('class="banner')
        < page.index('<section class="strip"')
        < page.index('id="entry"' if 'id="entry"' in page else "</section>")
    )
    strip = strip_of(page)
    record = an_example(kind)
    scored = score_text(json.dumps(record))  # in Mus the teams as they sit now (a substitute)
    for player in [name for team in scored.get("teams", []) for name in team] or record["players"]:
        assert player in strip, player
    assert re.findall(r'class="strip-total">([^<]+)<', strip)  # every row has its total
    assert strip.count('class="strip-star"') >= 1  # someone leads after the example's rounds


@pytest.mark.parametrize("kind", GAMES)
def test_undo_names_its_step_and_says_it_was_undone(client, kind: str) -> None:
    game = imported(client, kind)
    page = client.get(game).text
    named = re.search(r'class="button undo">↶ Undo: (.*?)</button>', page)
    assert named, "no Undo naming its step"
    data = {"version": version(page), "key": f"undo-{kind}-12345"}
    answer = client.post(game + "undo", data=data, headers={"HX-Request": "true"})
    assert answer.status_code == 200
    said = html.unescape(answer.text)
    assert f"✓ Undone: {html.unescape(named.group(1))}." in said


@pytest.mark.parametrize("kind", GAMES)
def test_a_poll_says_what_another_phone_did(client, app, kind: str) -> None:
    game = imported(client, kind)
    page = client.get(game).text
    seen = version(page)
    assert client.get(game + f"poll?version={seen}").status_code == 204
    other = app.test_client()  # another phone at the same table (the link is the key)
    data = {"version": seen, "key": f"undo-other-{kind}"}
    assert other.post(game + "undo", data=data).status_code == 303
    answer = client.get(game + f"poll?version={seen}", headers={"HX-Request": "true"})
    assert answer.status_code == 200
    assert "↻ Another phone: Undone: " in html.unescape(answer.text)
