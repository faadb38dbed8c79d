"""A correction that adjusts a total says in the history whose total, the points and why (Plump
and Mulle, whose first adjustment of a round only adds an entry: the log keeps no replaced
values for it), and the phone that entered it."""

from __future__ import annotations

import json
import re

from flask.testing import FlaskClient

from tests.examples import EXAMPLES
from tests.web.helpers import errors, form_fields, imported_game

MULLE = json.loads((EXAMPLES / "mulle-come-and-go.json").read_text())


def history_items(page: str) -> list[str]:
    """Each change of the history page as its text (what, the changes, when and who)."""
    items = page.split('class="hchange')[1:]
    return [re.sub(r"\s+", " ", re.sub(r"<[^>]+>", " ", item)).strip() for item in items]


def test_a_mulle_adjustment_is_said_in_the_history(client: FlaskClient) -> None:
    game = imported_game(client, MULLE).path
    player = MULLE["players"][1]
    fields = form_fields(client.get(game + "rounds/1").text, "rounds/1")
    fields |= {"adjust_player": player, "adjust": "-5", "adjust_reason": "a card shown"}
    response = client.post(game + "rounds/1", data=fields)
    assert response.status_code == 303, errors(response.text)
    lines = history_items(client.get(game + "history").text)
    said = [line for line in lines if f"Deal 1 corrected: {player} -5 (a card shown)." in line]
    assert len(said) == 1 and "this phone" in said[0]
