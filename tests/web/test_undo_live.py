"""Undo during a round built live takes back one step, not the whole round."""

from __future__ import annotations

import html
import re

from tests.web.helpers import draft, entries, post_entry, start_game, version_of


def undo(client, game) -> str:
    """Undo, answered as htmx answers it: what the page then says was undone."""
    data = {"version": version_of(client, game), "key": f"undo-{version_of(client, game)}-x"}
    answer = client.post(game.path + "undo", data=data, headers={"HX-Request": "true"})
    assert answer.status_code == 200
    said = re.search(r'<p class="said" role="status">✓ (.*?)</p>', answer.text)
    return html.unescape(said.group(1)) if said else ""


def offered(client, game) -> str:
    """What the Undo button says it would take back ("" when there is no button)."""
    page = client.get(game.path).text
    found = re.search(r'class="button undo">↶ Undo: (.*?)</button>', page)
    return html.unescape(found.group(1)) if found else ""


def test_mulle_undo_takes_back_the_last_tabbe_then_the_round(client, app) -> None:
    game = start_game(client, game="mulle", players=["Anna", "Bo"], first="Anna")
    assert post_entry(client, game, {"action": "round", "to": 2}).status_code == 303
    assert post_entry(client, game, {"action": "tabbe", "by": 1}).status_code == 303
    assert len(draft(app)["events"]) == 1
    assert offered(client, game) == "Bo's tabbe"
    assert undo(client, game) == "Undone: Bo's tabbe."
    assert draft(app)["round"] == 2
    assert not draft(app).get("events")
    assert offered(client, game) == "the move to round 2"
    assert undo(client, game) == "Undone: the move to round 2."
    assert draft(app) is None  # back at round 1 with nothing recorded: nothing live is left
    assert offered(client, game) == ""


def test_mulle_undo_names_the_mulle_then_the_end_of_the_deal(client, app) -> None:
    game = start_game(client, game="mulle", players=["Anna", "Bo"], first="Anna")
    assert (
        post_entry(client, game, {"action": "mulle", "by": 0, "rank": "7", "suit": "H"}).status_code
        == 303
    )
    assert offered(client, game) == "Anna's mulle 7♥"
    assert post_entry(client, game, {"action": "round", "to": 7}).status_code == 303
    assert offered(client, game) == "the end of deal 1"


def test_boodle_undo_takes_back_the_last_event(client, app) -> None:
    game = start_game(client, game="boodle", players=["Anna", "Bo", "Clara"], first="Clara")
    for card, by in (("QD", "Anna"), ("AH", "Bo")):
        response = post_entry(client, game, {"action": "boodle", "card": card, "by": by})
        assert response.status_code == 303
    assert offered(client, game) == "Bo's A♥"
    assert undo(client, game) == "Undone: Bo's A♥."
    assert draft(app)["events"] == [{"boodle": "QD", "by": "Anna"}]
    assert offered(client, game) == "Anna's Q♦"
    undo(client, game)
    assert draft(app) is None


def test_mus_undo_takes_back_one_lance(client, app) -> None:
    players = ["Anna", "Ben", "Carla", "Dan"]
    game = start_game(client, game="mus", players=players, first="Anna")
    assert post_entry(client, game, {"act": "paso"}).status_code == 303
    assert post_entry(client, game, {"act": "paso"}).status_code == 303
    two_steps = draft(app)
    assert offered(client, game) == "chica of hand 1"
    assert undo(client, game) == "Undone: chica of hand 1."
    one_step = draft(app)
    assert one_step is not None and one_step != two_steps
    undo(client, game)
    assert draft(app) is None and entries(app) == []
