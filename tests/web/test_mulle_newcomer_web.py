"""Mulle keeps a game's players: the page in play says where a newcomer plays (one short line
where the table looks), and the rules page points at the changed-list form of "Play again"."""

from __future__ import annotations

import json

from tests.examples import EXAMPLES
from tests.web.helpers import imported_game

MULLE = json.loads((EXAMPLES / "mulle-come-and-go.json").read_text())
LINE = "Someone arriving plays from the next game: “Someone comes or goes?” when this one ends."


def test_a_game_in_play_says_where_a_newcomer_plays(client) -> None:
    game = imported_game(client, {**MULLE, "rounds": MULLE["rounds"][:1]}).path
    page = client.get(game).text
    assert 'class="hint mulle-newcomer"' in page and LINE in page
    assert "Someone comes or goes?</summary>" not in page  # the form itself comes at the end
    finished = client.get(imported_game(client, MULLE).path).text
    assert LINE not in finished and "Someone comes or goes?</summary>" in finished


def test_the_rules_send_a_newcomer_to_the_changed_list_form(client) -> None:
    rules = client.get(imported_game(client, MULLE).path + "rules").text
    assert "“Someone comes or goes?” under “Play again with the same players”" in rules
    assert "Another game or other rules" not in rules


def test_the_line_is_said_in_the_tables_language(client) -> None:
    game = imported_game(client, {**MULLE, "rounds": MULLE["rounds"][:1]}).path
    page = client.get(game + "?lang=sv").text
    assert "Kommer eller går någon?" in page and LINE not in page
