"""Undo during a round built live takes back one step, not the whole round."""

from __future__ import annotations

from tests.web.helpers import draft, post_entry, start_game, version_of


def undo(client, game) -> None:
    data = {"version": version_of(client, game), "key": f"undo-{version_of(client, game)}-x"}
    assert client.post(game.path + "undo", data=data).status_code == 303


def test_mulle_undo_takes_back_the_last_tabbe_then_the_round(client, app) -> None:
    game = start_game(client, game="mulle", players=["Anna", "Bo"], first="Anna")
    assert post_entry(client, game, {"action": "round", "to": 2}).status_code == 303
    assert post_entry(client, game, {"action": "tabbe", "by": 1}).status_code == 303
    assert len(draft(app)["events"]) == 1
    undo(client, game)
    assert draft(app)["round"] == 2
    assert not draft(app).get("events")
    undo(client, game)
    assert (draft(app) or {}).get("round", 1) == 1


def test_boodle_undo_takes_back_the_last_event(client, app) -> None:
    game = start_game(client, game="boodle", players=["Anna", "Bo", "Clara"], first="Clara")
    for card, by in (("QD", "Anna"), ("AH", "Bo")):
        response = post_entry(client, game, {"action": "boodle", "card": card, "by": by})
        assert response.status_code == 303
    undo(client, game)
    assert draft(app)["events"] == [{"boodle": "QD", "by": "Anna"}]
    undo(client, game)
    assert draft(app) is None


def test_mus_undo_takes_back_one_lance(client, app) -> None:
    players = ["Anna", "Ben", "Carla", "Dan"]
    game = start_game(client, game="mus", players=players, first="Anna")
    assert post_entry(client, game, {"act": "paso"}).status_code == 303
    assert post_entry(client, game, {"act": "paso"}).status_code == 303
    two_steps = draft(app)
    undo(client, game)
    one_step = draft(app)
    assert one_step is not None and one_step != two_steps
    undo(client, game)
    assert draft(app) is None
