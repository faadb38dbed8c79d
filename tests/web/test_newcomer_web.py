"""Someone new joins a game in play, between deals (Plump and Boodle): a name checked as the
set-up checks one, written last in the players and out of every deal already entered; he is
dealt in from the next deal (in Plump from 0 or from the lowest total, an adjustment with its
reason); Undo takes him back; the record exports and scores."""

from __future__ import annotations

import html
import json
import re

from flask import Flask
from flask.testing import FlaskClient

from tests.examples import EXAMPLES
from tests.web.helpers import (
    GameUrl,
    draft,
    entries,
    errors,
    imported_game,
    play_deal,
    post_entry,
    seat_fields,
    start_game,
    strip_totals,
    totals_row,
    version_of,
)

FIVE = ["Anna", "Bo", "Cia", "Dan", "Eva"]


def join(client: FlaskClient, game: GameUrl, name: str, **fields: str):
    return post_entry(client, game, {"step": "newcomer", "newcomer": name, **fields})


def plump_after_one_deal(client: FlaskClient) -> GameUrl:
    game = start_game(client)
    bids, tricks = (
        {"Bo": 2, "Cia": 2, "Dan": 2, "Anna": 2},
        {"Bo": 2, "Cia": 2, "Dan": 2, "Anna": 4},
    )
    play_deal(client, game, bids, tricks)  # Bo, Cia, Dan 12; Anna 0
    return game


def plump_after_two_deals(client: FlaskClient) -> GameUrl:
    game = plump_after_one_deal(client)
    bids, tricks = (
        {"Cia": 2, "Dan": 2, "Anna": 1, "Bo": 2},
        {"Cia": 2, "Dan": 2, "Anna": 1, "Bo": 4},
    )
    play_deal(client, game, bids, tricks)  # Anna 11, Bo 12, Cia 24, Dan 24
    return game


def test_someone_new_joins_plump_from_the_lowest_total(client: FlaskClient, app: Flask) -> None:
    game = plump_after_two_deals(client)
    page = client.get(game.path).text
    assert "Someone new joins" in page and 'name="start" value="lowest"' in page
    assert join(client, game, "Eva", start="lowest").status_code == 303
    assert [e["out"] for e in entries(app)] == [["Eva"], ["Eva"]]  # out of the deals played
    # Her start is written on the last deal played, which she sat out (docs/records.md): the
    # strip and the sheet count it from the tap, not from the next deal's save.
    reason = "joins from the lowest total"
    assert entries(app)[1]["adjust"] == [{"player": "Eva", "points": 11, "reason": reason}]
    page = client.get(game.path).text
    assert strip_totals(page)["Eva"] == "11" and totals_row(page) == [11, 12, 24, 24, 11]
    assert "Players in deal 3: 5 of 5" in page and 'name="bids_4"' in page
    bids = {"Dan": 0, "Eva": 1, "Anna": 1, "Bo": 0, "Cia": 0}  # 8 cards, Cia deals
    assert post_entry(client, game, seat_fields("bids", bids, FIVE)).status_code == 303
    assert entries(app)[2] == {"bids": bids}
    page = client.get(game.path).text
    assert totals_row(page) == [11, 12, 24, 24, 11] and reason in page  # said on the sheet
    history = client.get(game.path + "history").text
    assert "Eva joins from deal 3, from the lowest total (11)." in history
    exported = client.get(game.path + "export").text
    assert json.loads(exported)["players"] == FIVE
    scored = app.test_cli_runner().invoke(args=["score", "-"], input=exported)
    assert scored.exit_code == 0, scored.output
    assert json.loads(scored.output)["totals"] == {
        "Anna": 11, "Bo": 12, "Cia": 24, "Dan": 24, "Eva": 11}  # fmt: skip


def test_someone_new_joins_plump_from_0(client: FlaskClient, app: Flask) -> None:
    game = plump_after_one_deal(client)
    assert join(client, game, "Eva", start="0").status_code == 303
    assert draft(app)["setup"] == {"deal": 2, "out": []}
    assert "Eva joins from deal 2, from 0." in client.get(game.path + "history").text


def test_a_wrong_name_is_said_beside_the_field_and_nothing_is_stored(
    client: FlaskClient, app: Flask
) -> None:
    game = plump_after_one_deal(client)
    version = version_of(client, game)
    for name, said in (
        ("", "Type the name of who joins."),
        ("bo", "bo is already at this game: tap that name to deal them in."),
        ("E" * 41, "At most 40 characters."),
        ("Ev\u202ea", "A name cannot hold a control character (such as a line break)."),
    ):
        response = join(client, game, name, start="lowest")
        assert response.status_code == 422, name
        assert said in errors(response.text)
        assert 'id="newcomer-error"' in response.text
        if name:
            assert f'value="{name}"' in response.text  # the input kept
    assert version_of(client, game) == version and len(entries(app)) == 1


def test_undo_takes_the_newcomer_back(client: FlaskClient, app: Flask) -> None:
    game = plump_after_one_deal(client)
    assert join(client, game, "Eva", start="0").status_code == 303
    assert "Undo: Eva joining" in client.get(game.path).text  # not "the correction of deal 1"
    undo = {"version": version_of(client, game), "key": "undo-newcomer-1"}
    assert client.post(game.path + "undo", data=undo).status_code == 303
    assert "out" not in entries(app)[0]
    assert json.loads(client.get(game.path + "export").text)["players"] == FIVE[:4]
    assert "Players in deal 2: 4 of 4" in client.get(game.path).text


def boodle_after_one_deal(client: FlaskClient) -> GameUrl:
    game = start_game(client, game="boodle", players=FIVE[:4], first="Anna")
    go = {"action": "out", "out": "Bo", "cards_left_0": 1, "cards_left_2": 2, "cards_left_3": 3}
    assert post_entry(client, game, go).status_code == 303
    return game


def test_someone_new_joins_boodle_from_the_next_deal(client: FlaskClient, app: Flask) -> None:
    game = boodle_after_one_deal(client)
    assert "Someone new joins" in client.get(game.path).text
    joins = post_entry(client, game, {"action": "newcomer", "newcomer": "Eva"})
    assert joins.status_code == 303, errors(joins.text)
    assert entries(app)[0]["out"] == ["Eva"]
    page = client.get(game.path).text
    assert "Eva sits out or leaves" in page  # dealt in to deal 2
    go = {"action": "out", "out": "Eva", "cards_left_0": 1, "cards_left_1": 1,
          "cards_left_2": 2, "cards_left_3": 3}  # fmt: skip
    assert post_entry(client, game, go).status_code == 303
    assert "out" not in entries(app)[1]  # everyone dealt in to deal 2, Eva too
    exported = client.get(game.path + "export").text
    assert json.loads(exported)["players"] == FIVE
    scored = app.test_cli_runner().invoke(args=["score", "-"], input=exported)
    assert scored.exit_code == 0, scored.output
    assert set(json.loads(scored.output)["totals"]) == set(FIVE)
    assert "Eva joins from deal 2." in client.get(game.path + "history").text


def test_a_boodle_newcomer_with_a_taken_name_is_refused_beside_the_field(
    client: FlaskClient, app: Flask
) -> None:
    game = boodle_after_one_deal(client)
    version = version_of(client, game)
    refused = post_entry(client, game, {"action": "newcomer", "newcomer": "Cia"})
    assert refused.status_code == 422
    assert "Cia is already at this game: tap that name to deal them in." in errors(refused.text)
    assert 'value="Cia"' in refused.text and 'id="newcomer-error"' in refused.text
    assert version_of(client, game) == version and len(entries(app)) == 1


LEFT_GAME = {
    "format": "table-assistant/1", "game": "plump", "players": FIVE[:4], "first_dealer": "Anna",
    "options": {"start_cards": 3, "schedule": "down"},
    "rounds": [
        {"bids": {"Bo": 2, "Cia": 2, "Dan": 2, "Anna": 2},
         "tricks": {"Bo": 0, "Cia": 0, "Dan": 2, "Anna": 1}},
        {"out": ["Dan"], "bids": {"Cia": 0, "Anna": 0, "Bo": 0},
         "tricks": {"Cia": 1, "Anna": 0, "Bo": 1}},
        {"out": ["Dan"], "bids": {"Anna": 0, "Bo": 0, "Cia": 0},
         "tricks": {"Anna": 1, "Bo": 0, "Cia": 0}},
    ],
}  # fmt: skip


def test_the_table_counts_everyone_who_played_in_one_tap(client: FlaskClient, app: Flask) -> None:
    game = imported_game(client, LEFT_GAME)  # Dan left after deal 1, in the lead
    page = client.get(game.path).text
    assert "Shared win: Anna, Bo, Cia" in page
    assert "Not counted for the win (not dealt in to the last deal): Dan" in page
    tap = post_entry(client, game, {"step": "winners"})
    assert tap.status_code == 303, errors(tap.text)
    page = client.get(game.path).text
    assert "Winner: Dan" in page and "Count everyone who played" not in page
    exported = client.get(game.path + "export").text
    assert json.loads(exported)["rounds"][-1]["winners"] == "everyone"
    scored = app.test_cli_runner().invoke(args=["score", "-"], input=exported)
    assert json.loads(scored.output)["winners"] == ["Dan"]
    assert "Everyone who played is counted for the win." in client.get(game.path + "history").text
    undo = {"version": version_of(client, game), "key": "undo-winners-1"}
    assert client.post(game.path + "undo", data=undo).status_code == 303
    assert "Shared win: Anna, Bo, Cia" in client.get(game.path).text


def test_the_watch_view_of_such_a_game_has_no_form_and_no_share(client: FlaskClient) -> None:
    """A TV shows who was not counted, but offers no tap: the tap's address is the table's
    share, which the watch view never gives away."""
    game = imported_game(client, LEFT_GAME)
    watch = re.search(r'href="(/v/[^"]+)"', client.get(game.path).text).group(1)
    page = client.get(watch).text
    assert "Shared win: Anna, Bo, Cia" in page
    assert "Count everyone who played" not in page and "<form" not in page
    assert game.token not in page


def test_the_history_says_what_a_join_wrote_in_the_tables_words(client: FlaskClient) -> None:
    """Deals with players out already: the join changes their ``out`` and the last deal's
    ``adjust``, which the history lists in words, not as the record's keys."""
    record = json.loads((EXAMPLES / "plump-come-and-go.json").read_text())
    record["rounds"] = record["rounds"][:4]
    game = imported_game(client, record)
    assert join(client, game, "Fia", start="lowest").status_code == 303
    history = html.unescape(client.get(game.path + "history").text)
    assert "Deal 1: not dealt in · 2 – → Fia" in history
    assert "Deal 4: correction of a total · 2 · whose – → Fia" in history
    assert "Deal 4: correction of a total · 2 · why – → joins from the lowest total" in history
    assert "adjust ·" not in history and "out ·" not in history
