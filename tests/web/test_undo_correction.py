"""Undo right after a correction takes back the correction, not the deal in play (a player who
corrected the wrong deal wants the correction back; Undo took back the next deal's tricks)."""

from __future__ import annotations

import html

from flask import Flask
from flask.testing import FlaskClient

from assistant.extensions import db
from assistant.store.models import Game
from tests.web.helpers import entries, play_deal, post_entry, seat_fields, start_game, version_of
from tests.web.test_boodle_web import draft_of, ok, play, two_worked_deals
from tests.web.test_boodle_web import entries as boodle_entries
from tests.web.test_boodle_web import start as start_boodle
from tests.web.test_plump_web import DEAL_1, DEAL_2, DEAL_3, undo_button


def undo(client: FlaskClient, game, key: str):  # type: ignore[no-untyped-def]
    data = {"version": version_of(client, game), "key": key}
    return client.post(game.path + "undo", data=data, headers={"HX-Request": "true"})


def correct_plump_deal_1(client: FlaskClient, game, key: str) -> None:  # type: ignore[no-untyped-def]
    fields = seat_fields("bids", DEAL_1[0]) | seat_fields(
        "tricks", {"Bo": 3, "Cia": 2, "Dan": 2, "Anna": 3}
    )
    data = {"version": version_of(client, game), "key": key, **fields}
    assert client.post(game.path + "rounds/1", data=data).status_code == 303


def test_undo_after_a_correction_takes_the_correction_back(app: Flask, client) -> None:
    game = start_game(client)
    for bids, tricks in (DEAL_1, DEAL_2):
        play_deal(client, game, bids, tricks)
    post_entry(client, game, seat_fields("bids", DEAL_3[0]))  # deal 3 is being played
    before = entries(app)
    correct_plump_deal_1(client, game, "correct-then-undo-1")
    assert entries(app)[0]["tricks"]["Dan"] == 2
    assert undo_button(client.get(game.path).text) == "Undo: the correction of deal 1"

    answer = undo(client, game, "undo-the-correction-1")
    assert "✓ Undone: the correction of deal 1." in html.unescape(answer.text)
    assert entries(app) == before  # deal 1 as it was, deal 3's bids still there
    assert undo_button(answer.text) == "Undo: the bids of deal 3"  # then the usual steps
    history = html.unescape(client.get(game.path + "history").text)
    assert "Undone: the correction of deal 1." in history


def test_a_correction_is_undone_only_while_it_is_the_last_change(app: Flask, client) -> None:
    game = start_game(client)
    play_deal(client, game, *DEAL_1)
    correct_plump_deal_1(client, game, "correct-then-enter-1")
    post_entry(client, game, seat_fields("bids", DEAL_2[0]))
    assert undo_button(client.get(game.path).text) == "Undo: the bids of deal 2"
    undo(client, game, "undo-after-entry-1")
    assert len(entries(app)) == 1
    assert entries(app)[0]["tricks"]["Dan"] == 2  # the correction stays
    assert undo_button(client.get(game.path).text) == "Undo: the tricks of deal 1"


def test_undoing_a_correction_keeps_the_deal_in_play(app: Flask, client) -> None:
    game = start_boodle(client)
    two_worked_deals(client, game)
    play(client, game, "KC", "Anna")  # deal 3 is being played
    before = boodle_entries(app)
    fields = {"ev_0_what": "QD", "ev_0_by": "Anna", "ev_1_what": "wrong-lead", "ev_1_by": "Bo",
              "out": "Anna", "cards_left_1": 3, "cards_left_2": 5}  # fmt: skip
    data = {"version": version_of(client, game), "key": "boodle-fix-1", **fields}
    ok(client.post(game.path + "rounds/1", data=data))
    assert boodle_entries(app) != before
    history = html.unescape(client.get(game.path + "history").text)
    assert "Deal 1: cards and faults · 2 · fault – → wrong lead" in history  # not the keys
    assert "events" not in history

    answer = undo(client, game, "boodle-undo-fix-1")
    assert "Undone: the correction of deal 1." in html.unescape(answer.text)
    assert boodle_entries(app) == before
    assert draft_of(app) == {"events": [{"boodle": "KC", "by": "Anna"}]}


def test_a_correction_no_longer_standing_is_not_offered(app: Flask, client) -> None:
    """The rounds were rewritten since (a player renamed in the circle rewrites them): Undo
    says and takes back the last step, as without a correction."""
    game = start_game(client)
    play_deal(client, game, *DEAL_1)
    correct_plump_deal_1(client, game, "correct-then-rewritten-1")
    with app.app_context():
        stored = db.session.execute(db.select(Game)).scalar_one()
        kept = dict(stored.corrected)
        kept["replaced"] = [{**kept["replaced"][0], "after": {"something": "else"}}]
        stored.corrected = kept
        db.session.commit()
    assert undo_button(client.get(game.path).text) == "Undo: the tricks of deal 1"
    undo(client, game, "undo-after-rewrite-1")
    assert "tricks" not in entries(app)[0]
