"""Boodle's Undo through the real forms: after a saved deal it takes back only who went out (the
deal goes back into play with its cards, faults, stakes, spare hand and poker stage, and the out's
form shows who went out and the cards left as they were entered), and during Three in One's poker
stage its button names the step it takes back."""

from __future__ import annotations

import html
import re

from tests.web.helpers import (
    draft,
    entries,
    errors,
    form_fields,
    page_forms,
    post_entry,
    start_game,
)

PLAYERS = ["Anna", "Bo", "Clara"]
POKER_PLAYERS = ["Anna", "Bo", "Cia", "Dan"]


def ok(response) -> None:  # type: ignore[no-untyped-def]
    assert response.status_code == 303, errors(response.text)


def tap(client, game, action: str, **fields) -> None:  # type: ignore[no-untyped-def]
    ok(post_entry(client, game, {"action": action, **fields}))


def offered(client, game) -> str:  # type: ignore[no-untyped-def]
    """What the Undo button says it would take back ("" when there is no button)."""
    page = client.get(game.path).text
    found = re.search(r'class="button undo">↶ Undo: (.*?)</button>', page)
    return html.unescape(found.group(1)) if found else ""


def undo(client, game) -> str:  # type: ignore[no-untyped-def]
    """Tap Undo as the page offers it (its own version and key); what the answer says."""
    fields = form_fields(client.get(game.path).text, "/undo")
    answer = client.post(game.path + "undo", data=fields, headers={"HX-Request": "true"})
    assert answer.status_code == 200, errors(answer.text)
    said = re.search(r'<p class="said" role="status">✓ (.*?)</p>', answer.text)
    return html.unescape(said.group(1)) if said else ""


def out_form(client, game) -> dict[str, str]:  # type: ignore[no-untyped-def]
    """What the out's form would post untouched: who went out and the cards left."""
    forms = [f for f in page_forms(client.get(game.path).text) if f.current.get("action") == "out"]
    assert len(forms) == 1
    return {k: v for k, v in forms[0].current.items() if k == "out" or k.startswith("cards_")}


def entered(deal: int, out: str, cards_left: dict[str, int]) -> dict:
    return {"entered": {"deal": deal, "out": out, "cards_left": cards_left}}


def test_undo_after_a_saved_deal_takes_back_only_who_went_out(client, app) -> None:
    game = start_game(client, game="boodle", players=PLAYERS, first="Clara")
    tap(client, game, "boodle", card="QD", by="Anna")
    tap(client, game, "fault", fault="withheld", by="Bo")
    tap(client, game, "boodle", card="KC", by="Clara")
    tap(client, game, "out", out="Anna", cards_left_1=3, cards_left_2=5)
    saved = entries(app)[0]
    assert offered(client, game) == "Anna went out, deal 1"
    assert undo(client, game) == "Undone: Anna went out, deal 1."
    assert entries(app) == []
    assert draft(app) == {
        "events": [
            {"boodle": "QD", "by": "Anna"},
            {"fault": "withheld", "by": "Bo"},
            {"boodle": "KC", "by": "Clara"},
        ],
        **entered(1, "Anna", {"Bo": 3, "Clara": 5}),
    }
    # the out comes back as it was entered, to change one key
    assert out_form(client, game) == {"out": "Anna", "cards_left_1": "3", "cards_left_2": "5"}
    page = html.unescape(client.get(game.path).text)
    assert "Anna plays Q♦ and takes the 4 chips on it" in page  # the deal so far, kept
    assert "Out: who played their last card first?" in page  # back at the deal's last step
    # Undo goes on inside the deal, one entry at a time
    assert offered(client, game) == "Clara's K♣"
    # the right cards left this time: the deal is saved again with everything entered in it
    tap(client, game, "out", out="Anna", cards_left_1=2, cards_left_2=5)
    assert entries(app) == [{**saved, "cards_left": {"Bo": 2, "Clara": 5}}]
    assert draft(app) is None


def test_a_deal_with_nothing_but_its_out_is_gone_when_the_out_is_undone(client, app) -> None:
    game = start_game(client, game="boodle", players=PLAYERS, first="Clara")
    tap(client, game, "out", out="Bo", cards_left_0=1, cards_left_2=2)
    assert offered(client, game) == "Bo went out, deal 1"
    assert undo(client, game) == "Undone: Bo went out, deal 1."
    assert entries(app) == [] and draft(app) == entered(1, "Bo", {"Anna": 1, "Clara": 2})
    assert offered(client, game) == ""  # no deal in play: nothing more to undo
    assert out_form(client, game) == {"out": "Bo", "cards_left_0": "1", "cards_left_2": "2"}
    tap(client, game, "boodle", card="AH", by="Anna")  # the deal goes on: the copy goes
    assert draft(app) == {"events": [{"boodle": "AH", "by": "Anna"}]}
    assert out_form(client, game) == {}


def test_the_stakes_and_the_spare_hand_of_an_undone_out_are_kept(client, app) -> None:
    game = start_game(client, game="boodle", players=PLAYERS, first="Clara", preset="free")
    stakes = {"stakes_0_AH": 6, "stakes_1_KC": 3, "stakes_1_JS": 3, "stakes_2_QD": 12}
    tap(client, game, "stakes", **stakes)
    tap(client, game, "widow", widow="auction", widow_auction_buyer="Bo", widow_auction_price=2)
    tap(client, game, "boodle", card="QD", by="Bo")
    tap(client, game, "out", out="Bo", cards_left_0=4, cards_left_2=1)
    saved = entries(app)[0]
    assert undo(client, game) == "Undone: Bo went out, deal 1."
    assert draft(app) == {
        "stakes": {"Anna": {"AH": 6}, "Bo": {"KC": 3, "JS": 3}, "Clara": {"QD": 12}},
        "widow": {"auction": {"buyer": "Bo", "price": 2}},
        "events": [{"boodle": "QD", "by": "Bo"}],
        **entered(1, "Bo", {"Anna": 4, "Clara": 1}),
    }
    tap(client, game, "out", out="Bo", cards_left_0=4, cards_left_2=1)
    assert entries(app) == [saved]


def test_undo_after_the_second_deal_leaves_the_first_as_it_was(client, app) -> None:
    game = start_game(client, game="boodle", players=PLAYERS, first="Clara")
    tap(client, game, "boodle", card="QD", by="Anna")
    tap(client, game, "out", out="Anna", cards_left_1=3, cards_left_2=5)
    tap(client, game, "boodle", card="AH", by="Bo")
    tap(client, game, "boodle", card="JS", by="Clara")
    tap(client, game, "out", out="Clara", cards_left_0=2, cards_left_1=4)
    first = entries(app)[0]
    assert offered(client, game) == "Clara went out, deal 2"
    undo(client, game)
    assert entries(app) == [first]
    assert draft(app) == {
        "events": [{"boodle": "AH", "by": "Bo"}, {"boodle": "JS", "by": "Clara"}],
        **entered(2, "Clara", {"Anna": 2, "Bo": 4}),
    }
    page = client.get(game.path).text
    assert "Deal 2" in page and "Anna deals" in page


def poker_game(client):  # type: ignore[no-untyped-def]
    return start_game(
        client, game="boodle", players=POKER_PLAYERS, first="Anna", preset="three-in-one"
    )


def test_an_undone_out_of_a_three_in_one_deal_keeps_its_poker_stage(client, app) -> None:
    game = poker_game(client)
    tap(client, game, "decide", poker_decide="fold-3")
    tap(client, game, "decide", poker_decide="rest")
    tap(client, game, "bet", poker_bet=1)
    hands = {
        "poker_hands_1": "5H 6H 7C 8D 9S",
        "poker_hands_2": "5D 6C 7S 8H 9C",
        "poker_hands_0": "KH KD 4C 4S 9D",
    }
    tap(client, game, "hands", **hands)
    tap(client, game, "boodle", card="AH", by="Bo")
    tap(client, game, "out", out="Cia", cards_left_0=3, cards_left_1=2, cards_left_3=4)
    saved = entries(app)[0]
    assert undo(client, game) == "Undone: Cia went out, deal 1."
    assert entries(app) == []
    left = draft(app)
    assert left["events"] == [{"boodle": "AH", "by": "Bo"}]
    # the poker stage step by step, in the betting order (Anna deals: Bo is first)
    assert left["poker_steps"][:5] == [
        {"in": ["Bo"]},
        {"in": ["Cia"]},
        {"fold": ["Dan"]},
        {"in": ["Anna"]},
        {"bet": 1},
    ]
    page = html.unescape(client.get(game.path).text)
    assert "Bo and Cia split the pot with straight, nine high" in page
    assert "Out: who played their last card first?" in page
    out = {"out": "Cia", "cards_left_0": "3", "cards_left_1": "2", "cards_left_3": "4"}
    assert out_form(client, game) == out
    assert offered(client, game) == "Bo's A♥"
    undo(client, game)
    assert "entered" not in draft(app)  # a further undo changes the deal: the copy goes
    assert offered(client, game) == "the poker hands"
    tap(client, game, "boodle", card="AH", by="Bo")
    tap(client, game, "out", out="Cia", cards_left_0=3, cards_left_1=2, cards_left_3=4)
    assert entries(app) == [saved]


def test_the_last_player_left_in_the_poker_stage_comes_back_with_the_deal(client, app) -> None:
    game = poker_game(client)
    for seat in (1, 2, 0):
        tap(client, game, "decide", poker_decide=f"fold-{seat}")
    tap(client, game, "out", out="Dan", cards_left_0=1, cards_left_1=2, cards_left_2=3)
    saved = entries(app)[0]
    undo(client, game)
    assert draft(app) == {
        "poker_steps": [{"fold": ["Bo"]}, {"fold": ["Cia"]}, {"fold": ["Anna"]}],
        **entered(1, "Dan", {"Anna": 1, "Bo": 2, "Cia": 3}),
    }
    assert offered(client, game) == "Anna's fold"
    tap(client, game, "out", out="Dan", cards_left_0=1, cards_left_1=2, cards_left_2=3)
    assert entries(app) == [saved]


def test_the_undo_button_names_each_step_of_the_poker_stage(client, app) -> None:
    game = poker_game(client)
    tap(client, game, "decide", poker_decide="fold-2")
    assert offered(client, game) == "Cia's fold"
    assert undo(client, game) == "Undone: Cia's fold."
    assert draft(app) is None
    tap(client, game, "decide", poker_decide="fold-2")
    tap(client, game, "decide", poker_decide="in-1")
    assert offered(client, game) == "Bo staying in"
    tap(client, game, "decide", poker_decide="rest")
    assert offered(client, game) == "Dan, Anna staying in"
    tap(client, game, "bet", poker_bet=2)
    assert offered(client, game) == "the bet of 2"
    tap(client, game, "winner", poker_winner="Dan")
    assert offered(client, game) == "Dan winning the poker pot"
    assert undo(client, game) == "Undone: Dan winning the poker pot."
    assert offered(client, game) == "the bet of 2"
    assert undo(client, game) == "Undone: the bet of 2."
    assert draft(app)["poker_steps"] == [{"fold": ["Cia"]}, {"in": ["Bo"]}, {"in": ["Dan", "Anna"]}]
