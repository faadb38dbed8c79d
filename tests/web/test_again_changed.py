"""Play again with the list changed: someone comes (a name new to the table, or one of the
table's who did not play), someone goes; the next game's seats and first dealer follow."""

from __future__ import annotations

import json
import re

import pytest
from flask import Flask
from flask.testing import FlaskClient

from assistant.extensions import db
from assistant.store.models import Game
from tests.examples import EXAMPLES
from tests.web.helpers import GameUrl, errors, import_record, start_game


def finished(app: Flask, client: FlaskClient, kind: str, players: list[str]) -> GameUrl:
    game = start_game(client, kind, players=players)
    with app.app_context():  # as if its last deal had been entered
        db.session.execute(db.update(Game).values(finished=db.func.now()))
        db.session.commit()
    return game


def changed_form(page: str) -> dict[str, str]:
    """The key of the play-again form that changes the list (the second one)."""
    keys = re.findall(r'action="[^"]*/again".*?name="key" value="([^"]+)"', page, re.S)
    assert len(keys) == 2, keys
    return {"key": keys[1], "changed": "1"}


def games(app: Flask) -> list[Game]:
    with app.app_context():
        found = db.session.execute(db.select(Game).order_by(Game.id)).scalars().all()
        db.session.expunge_all()
        return list(found)


def test_someone_new_joins_the_next_game_and_sits_last(app, client) -> None:
    game = finished(app, client, "mulle", ["Anna", "Bo", "Cia"])
    page = client.get(game.path).text
    assert "Someone comes or goes?" in page and "keeps its players" in page
    sent = {**changed_form(page), "playing": ["Anna", "Bo", "Cia"], "joins": " Eva "}
    answer = client.post(game.path + "again", data=sent)
    assert answer.status_code == 303
    after = games(app)[-1]
    assert (after.kind, after.seating, after.first) == ("mulle", ["Anna", "Bo", "Cia", "Eva"], "Bo")
    again = client.post(game.path + "again", data=sent)  # sent twice (the outbox): one game
    assert again.headers["Location"] == answer.headers["Location"] and len(games(app)) == 2


def test_someone_goes_and_a_player_of_the_table_comes_back(app, client) -> None:
    game = finished(app, client, "plump", ["Anna", "Bo", "Cia", "Dan"])
    with app.app_context():  # the table's names: Dan did not play its last game
        db.session.execute(db.update(Game).values(seating=["Anna", "Bo", "Cia"], first="Bo"))
        db.session.commit()
    page = client.get(game.path).text
    assert 'name="playing" value="Dan">' in page  # offered, not ticked
    sent = {**changed_form(page), "playing": ["Anna", "Cia", "Dan"]}
    assert client.post(game.path + "again", data=sent).status_code == 303
    after = games(app)[-1]
    assert (after.seating, after.first) == (["Anna", "Cia", "Dan"], "Cia")  # Bo dealt first: gone


@pytest.mark.parametrize(
    ("playing", "joins", "message"),
    [
        (["Anna", "Bo", "Cia", "Dan"], "Eva", "Mulle is played by 2 to 4 players; you named 5."),
        (["Anna"], "", "Mulle is played by 2 to 4 players; you named 1."),
        (["Anna", "Bo"], "bo", "bo is at the table already: tick the name above."),
        (["Anna", "Zed"], "", "Zed is not at this table."),
        (
            ["Anna", "Bo"],
            "Ev\u202ea",
            "A name cannot hold a control character (such as a line break).",
        ),
        (["Anna", "Bo"], "E" * 41, "At most 40 characters."),
    ],
)
def test_a_list_that_cannot_play_is_refused_beside_its_field(
    app, client, playing, joins, message
) -> None:
    game = finished(app, client, "mulle", ["Anna", "Bo", "Cia", "Dan"])
    sent = {**changed_form(client.get(game.path).text), "playing": playing, "joins": joins}
    answer = client.post(game.path + "again", data=sent)
    assert answer.status_code == 422
    assert message in errors(answer.text)
    assert '<details class="again-change" open>' in answer.text  # the choices kept, open
    for name in (n for n in playing if n != "Zed"):
        assert f'name="playing" value="{name}" checked>' in answer.text
    assert f'value="{joins}"' in answer.text or len(joins) > 40
    assert len(games(app)) == 1  # nothing stored


def test_after_a_substitute_play_again_seats_the_players_at_the_end(app, client) -> None:
    """Mus: Eva took Dan's seat; the same players again are those in the seats at the end,
    Dan is offered to come back, and the next set-up at the table names her too."""
    record = json.loads((EXAMPLES / "mus-come-and-go.json").read_text())
    table = start_game(client, "mus", players=record["players"]).token
    assert import_record(client, table, record).status_code == 303
    game = GameUrl(f"/t/{table}/g/{games(app)[-1].id}/")
    with app.app_context():
        db.session.execute(db.update(Game).values(finished=db.func.now()))
        db.session.commit()
    page = client.get(game.path).text
    holders = [h for h in record["players"] if h != "Dan"]
    for name in [*holders, "Eva"]:
        assert f'name="playing" value="{name}" checked>' in page
    assert 'name="playing" value="Dan">' in page
    key = re.search(r'action="[^"]*/again".*?name="key" value="([^"]+)"', page, re.S).group(1)
    assert client.post(game.path + "again", data={"key": key}).status_code == 303
    seats = games(app)[-1].seating
    assert "Eva" in seats and "Dan" not in seats and len(seats) == 4
    assert "Eva" in client.get(f"/t/{table}/new").text  # the table's names have her now
