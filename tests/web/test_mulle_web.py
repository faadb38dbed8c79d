"""Mulle through the real forms: the deal followed live (rounds, båt, mulles, tabbar in the
draft), the piles counted against the double pack, the tally, undo, corrections, the end."""

from __future__ import annotations

import html
import json
import re

import pytest

from tests.examples import EXAMPLES
from tests.web.helpers import (
    draft,
    entries,
    errors,
    form_fields,
    import_record,
    post_entry,
    start_game,
    totals_row,
    version_of,
)

TWO = ["Anna", "Bo"]
THREE = ["Anna", "Bo", "Cia"]
FOUR = ["Anna", "Bo", "Cia", "Dan"]
# The full-game example: deal 1 is the worked example of the rules (44 against 38).
ANNA_1 = dict(spades=14, aces=3, spade_aces=1, spade_twos=1, diamond_tens=1, tabbar=3)
BO_1 = dict(spades=12, aces=5, spade_aces=1, spade_twos=1, diamond_tens=1, tabbar=1)
ANNA_2 = dict(spades=9, aces=2, spade_aces=0, spade_twos=2, diamond_tens=0, tabbar=0)
BO_2 = dict(spades=17, aces=6, spade_aces=2, spade_twos=0, diamond_tens=2, tabbar=2)


def piles(prefix_values: dict[str, dict], mulles: dict[str, list[str]] | None = None) -> dict:
    """Form fields: {"piles_0": {...}} → piles_0_spades=..., piles_0_mulles=[...]."""
    fields: dict = {"action": "piles"}
    for prefix, values in prefix_values.items():
        fields.update({f"{prefix}_{k}": v for k, v in values.items()})
    for prefix, cards in (mulles or {}).items():
        fields[f"{prefix}_mulles"] = cards
    return fields


DEAL_1 = piles(
    {"piles_0": ANNA_1, "piles_1": BO_1}, {"piles_0": ["8C", "KH"], "piles_1": ["5C", "QD"]}
)
DEAL_2 = piles(
    {"piles_0": ANNA_2, "piles_1": BO_2}, {"piles_0": ["AH"], "piles_1": ["10D", "3S", "JC"]}
)


def mulle_game(client, players=TWO, **options):
    return start_game(client, game="mulle", players=players, first="Anna", **options)


def live(client, game, **fields):
    response = post_entry(client, game, fields)
    assert response.status_code == 303, response.text
    return response


# --- the deal as it is played --------------------------------------------------------------


def test_the_page_follows_the_deal_to_bat(client, app) -> None:
    game = mulle_game(client)
    page = client.get(game.path).text
    assert "Deal 1 of 2" in page and "Anna deals" in page and "Bo plays first" in page
    assert "Round 1 of 6" in page
    assert "8 cards each" in page and "8 cards to the table" in page
    for to in range(2, 6):
        live(client, game, action="round", to=to)
    page = client.get(game.path).text
    assert "Round 5 of 6" in page and "Next round: båt" in page and "Båt!" not in page
    live(client, game, action="round", to=6)
    page = client.get(game.path).text
    assert "Round 6 of 6" in page and "Båt! The dealer says it" in page
    assert "Count the piles ▸" in page
    assert entries(app) == [] and draft(app)["round"] == 6


def test_sassersson_has_a_short_last_round(client) -> None:
    game = mulle_game(client, players=FOUR, preset="sassersson")
    live(client, game, action="round", to=5)
    page = client.get(game.path).text
    assert "Round 5 of 5" in page
    assert "Bo 5 · Cia 5 · Dan 5 · Anna 4" in page  # the dealer gets 4 in the last round


def test_mulles_and_tabbar_recorded_live_are_kept_and_prefill_the_count(client, app) -> None:
    game = mulle_game(client)
    live(client, game, action="mulle", by=0, rank="8", suit="C")
    live(client, game, action="tabbe", by=0)
    live(client, game, action="round", to=2)
    live(client, game, action="mulle", by=1, rank="5", suit="C")
    live(client, game, action="tabbe", by=0)
    assert draft(app) == {
        "deal": 1,
        "round": 2,
        "events": [
            {"mulle": "8C", "by": "Anna", "round": 1},
            {"tabbe": "Anna", "round": 1},
            {"mulle": "5C", "by": "Bo", "round": 2},
            {"tabbe": "Anna", "round": 2},
        ],
    }
    page = client.get(game.path).text  # every phone sees them, after any reload
    assert 'aria-label="Remove mulle 8♣ of Anna"' in page
    assert '<span class="event-points">10</span>' in page
    assert entries(app) == []
    live(client, game, action="round", to=7)
    page = client.get(game.path).text
    assert "Count the piles of deal 1" in page
    assert 'name="piles_0_tabbar" value="2"' in page
    assert 'name="piles_0_mulles" value="8C" checked' in page
    assert 'name="piles_1_mulles" value="5C" checked' in page


def test_one_live_event_is_removed_with_its_button(client, app) -> None:
    game = mulle_game(client)
    live(client, game, action="tabbe", by=0)
    live(client, game, action="mulle", by=1, rank="K", suit="H")
    live(client, game, action="remove", event=0)
    assert draft(app)["events"] == [{"mulle": "KH", "by": "Bo", "round": 1}]
    response = post_entry(client, game, {"action": "remove", "event": 5})
    assert response.status_code == 422
    assert len(draft(app)["events"]) == 1


def test_a_mulle_twice_in_a_deal_is_refused_live(client, app) -> None:
    game = mulle_game(client)
    live(client, game, action="mulle", by=0, rank="8", suit="C")
    version = version_of(client, game)
    response = post_entry(client, game, {"action": "mulle", "by": 1, "rank": "8", "suit": "C"})
    assert response.status_code == 422
    assert "the mulle 8♣ is entered twice (Anna and Bo)" in response.text
    assert re.search(r'name="by" value="1" checked', response.text)  # the input is kept
    assert len(draft(app)["events"]) == 1 and version_of(client, game) == version


@pytest.mark.parametrize(
    ("fields", "message"),
    [
        ({"by": 0, "rank": "1", "suit": "C"}, "1 is not one of the choices."),
        ({"by": 0, "rank": "8", "suit": "X"}, "X is not one of the choices."),
        ({"by": 7, "rank": "8", "suit": "C"}, "7 is not one of the choices."),
        ({"rank": "8", "suit": "C"}, "Choose one."),
    ],
)
def test_a_live_mulle_of_no_card_is_refused(client, app, fields, message) -> None:
    game = mulle_game(client)
    response = post_entry(client, game, {"action": "mulle", **fields})
    assert response.status_code == 422
    assert message in response.text
    assert draft(app) is None


def test_a_live_tap_answers_htmx_with_the_fragment(client) -> None:
    game = mulle_game(client)
    fields = {"action": "tabbe", "by": 1}
    response = post_entry(client, game, fields, headers={"HX-Request": "true"})
    assert response.status_code == 200
    assert response.text.lstrip().startswith('<section id="game"')
    assert "Tabbe for Bo." in response.text
    assert 'aria-label="Remove tabbe of Bo"' in response.text


def test_a_double_tapped_tabbe_counts_once(client, app) -> None:
    game = mulle_game(client)
    version = version_of(client, game)
    for _ in range(2):
        response = post_entry(
            client, game, {"action": "tabbe", "by": 1}, version=version, key="tabbe-key-1"
        )
        assert response.status_code == 303
    assert draft(app)["events"] == [{"tabbe": "Bo", "round": 1}]


def test_undo_steps_back_through_the_live_deal_then_takes_back_a_counted_deal(client, app) -> None:
    game = mulle_game(client)
    assert post_entry(client, game, DEAL_1).status_code == 303
    live(client, game, action="round", to=3)
    live(client, game, action="tabbe", by=0)

    def undo() -> None:
        version = version_of(client, game)
        data = {"version": version, "key": f"undo-{version}-abc"}
        assert client.post(game.path + "undo", data=data).status_code == 303

    undo()  # the tabbe
    assert draft(app)["round"] == 3 and not draft(app).get("events")
    undo()  # round 3 → 2
    undo()  # round 2 → 1: nothing of deal 2 is left
    assert "Round 1 of 6" in client.get(game.path).text
    assert len(entries(app)) == 1 and draft(app) is None
    undo()  # the count of deal 1: deal 1 is counted again, its mulles and tabbar kept
    assert entries(app) == [] and draft(app)["round"] == 7
    assert len(draft(app)["events"]) == 8
    while draft(app) is not None:  # back into deal 1, one mulle, tabbe or round at a time
        undo()
    assert entries(app) == []
    assert "Deal 1 of 2" in client.get(game.path).text
    version = version_of(client, game)
    response = client.post(game.path + "undo", data={"version": version, "key": "undo-last-1"})
    assert response.status_code == 422 and "There is nothing to undo yet." in response.text


def undo_on_the_page(client, game) -> None:
    """Tap Undo as the page offers it."""
    page = client.get(game.path).text
    assert client.post(game.path + "undo", data=form_fields(page, "/undo")).status_code == 303


def count_on_the_page(client, game, counts: dict[str, dict[str, int]], **other):
    """Save the count form as the page offers it (the mulles and tabbar it shows ticked),
    with these counted cards typed in."""
    page = client.get(game.path).text
    fields = form_fields(page, "/enter")
    assert fields["action"] == "piles", "the page shows no count"
    for prefix, values in counts.items():
        fields.update({f"{prefix}_{k}": v for k, v in values.items()})
    return client.post(game.path + "enter", data=fields | other)


def cards_of(pile: dict[str, int]) -> dict[str, int]:
    return {k: v for k, v in pile.items() if k != "tabbar"}


def test_undo_of_a_count_takes_back_the_count_only(client, app) -> None:
    """The count of a deal is its last step: Undo takes back that step, the deal is counted
    again with every mulle and tabbe recorded during it still there."""
    game = mulle_game(client)
    for by, card in ((0, "8C"), (1, "5C"), (0, "KH"), (1, "QD")):
        live(client, game, action="mulle", by=by, rank=card[:-1], suit=card[-1])
    live(client, game, action="round", to=2)
    for by in (0, 1, 0, 0):
        live(client, game, action="tabbe", by=by)
    live(client, game, action="round", to=7)
    counts = {"piles_0": cards_of(ANNA_1), "piles_1": cards_of(BO_1)}
    assert count_on_the_page(client, game, counts).status_code == 303
    counted = entries(app)
    assert counted[0]["piles"]["Anna"] == {**ANNA_1, "mulles": ["8C", "KH"]}
    page = client.get(game.path).text
    assert "Round 1 of 6" in page and "↶ Undo: the count of deal 1" in page

    undo_on_the_page(client, game)
    page = client.get(game.path).text
    assert entries(app) == []
    assert "✓ Undone: the count of deal 1." in page
    assert "Count the piles of deal 1" in page and "Deal 1 of 2" in page
    for seat, cards in ((0, ("8C", "KH")), (1, ("5C", "QD"))):
        for card in cards:
            assert f'name="piles_{seat}_mulles" value="{card}" checked' in page
    assert 'name="piles_0_tabbar" value="3"' in page and 'name="piles_1_tabbar" value="1"' in page
    # The count is back as it was counted, to change one number.
    assert (
        'name="piles_0_spades" value="14"' in page
        and 'name="piles_1_aces" value="5" checked' in page
    )
    assert "↶ Undo: the end of deal 1" in page
    assert '<span class="parts live">+24 ' in page and '<span class="parts live">+18 ' in page

    assert count_on_the_page(client, game, counts).status_code == 303  # counted again
    assert entries(app) == counted and draft(app) is None
    assert totals_row(client.get(game.path).text) == [44, 38]


def test_an_error_in_one_pile_names_that_pile_and_the_rest_stays_filled_in(client, app) -> None:
    """Cia's pile is filled in with the rest of the pack (its script says which counts); Bo's
    aces typed as 7 leave her no ace but an A♠: the count is refused naming Bo alone, and her
    pile comes back still filled in with the rest, so that putting Bo right is all it takes."""
    game = mulle_game(client, players=THREE)
    live(client, game, action="round", to=5)
    anna = dict(spades=8, aces=1, spade_aces=1, spade_twos=1, diamond_tens=1)
    bo = dict(spades=8, aces=7, spade_aces=0, spade_twos=0, diamond_tens=1)
    cia = dict(spades=10, aces=0, spade_aces=1, spade_twos=1, diamond_tens=0)  # the rest
    all_filled = "spades aces spade_aces spade_twos diamond_tens"
    counts = {"piles_0": anna, "piles_1": bo, "piles_2": cia}
    page = client.get(game.path).text
    assert 'name="filled" value="" data-filled data-fresh' in page
    answer = count_on_the_page(client, game, counts, filled=all_filled)
    assert answer.status_code == 422 and entries(app) == []
    assert set(errors(answer.text)) == {"aces other than A♠ add up to 7, but the double pack has 6"}
    shown_at = re.findall(r'<p class="error" id="([^"]+)-error"', answer.text)
    assert shown_at == ["piles_1_aces"]  # next to Bo's aces, nothing next to Cia's
    assert f'name="filled" value="{all_filled}" data-filled>' in answer.text
    assert "data-side data-rest" in answer.text

    typed = "spades aces spade_twos diamond_tens"  # Cia typed in her A♠
    answer = count_on_the_page(client, game, counts, filled=typed)
    shown_at = re.findall(r'<p class="error" id="([^"]+)-error"', answer.text)
    assert "piles_2_spade_aces" in shown_at  # a count she typed is hers to answer for


def test_undo_of_the_last_count_reopens_the_last_deal(client, app) -> None:
    game = mulle_game(client)
    assert post_entry(client, game, DEAL_1).status_code == 303
    assert post_entry(client, game, DEAL_2).status_code == 303
    page = client.get(game.path).text
    assert "Game over" in page and "↶ Undo: the count of deal 2" in page
    undo_on_the_page(client, game)
    page = client.get(game.path).text
    assert "Game over" not in page and "Count the piles of deal 2" in page
    assert 'name="piles_0_mulles" value="AH" checked' in page
    for card in ("10D", "3S", "JC"):
        assert f'name="piles_1_mulles" value="{card}" checked' in page
    assert 'name="piles_1_tabbar" value="2"' in page
    assert len(entries(app)) == 1 and totals_row(page) == [44, 38]
    counts = {"piles_0": cards_of(ANNA_2), "piles_1": cards_of(BO_2)}
    assert count_on_the_page(client, game, counts).status_code == 303
    assert "Game over" in client.get(game.path).text
    assert entries(app)[1] == {
        "piles": {
            "Anna": {**ANNA_2, "mulles": ["AH"]},
            "Bo": {**BO_2, "mulles": ["10D", "3S", "JC"]},
        }
    }


def test_undo_of_a_team_count_keeps_the_teams_mulles(client, app) -> None:
    game = mulle_game(client, players=FOUR)
    live(client, game, action="mulle", by=2, rank="9", suit="H")  # Cia's, for Anna & Cia
    live(client, game, action="tabbe", by=3)
    live(client, game, action="round", to=4)
    team_0 = dict(spades=15, aces=5, spade_aces=1, spade_twos=1, diamond_tens=2)
    team_1 = dict(spades=11, aces=3, spade_aces=1, spade_twos=1, diamond_tens=0)
    assert count_on_the_page(client, game, {"team_0": team_0, "team_1": team_1}).status_code == 303
    undo_on_the_page(client, game)
    page = client.get(game.path).text
    assert entries(app) == []
    assert 'name="team_0_mulles" value="9H" checked' in page
    assert 'name="team_1_tabbar" value="1"' in page and 'name="team_0_tabbar" value="0"' in page


# --- counting the piles --------------------------------------------------------------------


def test_two_deals_give_the_totals_and_the_winner(client, app) -> None:
    game = mulle_game(client)
    response = post_entry(client, game, DEAL_1, headers={"HX-Request": "true"})
    assert response.status_code == 200
    assert "Deal 1 counted: Anna 44, Bo 38." in response.text
    assert totals_row(response.text) == [44, 38]
    assert "20·21·3" in response.text and "20·17·1" in response.text  # cards·mulles·tabbar
    assert post_entry(client, game, DEAL_2).status_code == 303
    page = client.get(game.path).text
    assert "Game over" in page and "Winner: Bo\u00a097" in page
    assert '<span class="final">(Anna\u00a071)</span>' in page
    assert totals_row(page) == [71, 97]
    assert totals_row(page.split('class="kvitta"')[1]) == [0, 12]  # mulles + tabbar 38 vs 50
    assert "hundred club" not in page.lower().replace("hundred club (hundraklubben)", "")
    assert '<polyline class="series s0"' in page  # the chart of the totals
    assert entries(app)[0]["piles"]["Anna"] == {**ANNA_1, "mulles": ["8C", "KH"]}
    response = post_entry(client, game, DEAL_1)
    assert response.status_code == 422 and "The game is over" in response.text


def test_the_winner_line_names_each_total(client) -> None:
    """The end of the game says whose total is whose: the winner's first, then the others',
    the nearest first (not the totals in seat order, the first read as the winner's)."""
    game = mulle_game(client, players=THREE, preset="custom", deals="1")
    everything = dict(spades=26, aces=8, spade_aces=2, spade_twos=2, diamond_tens=2)
    fields = piles({"piles_0": {"tabbar": 10}, "piles_1": everything, "piles_2": {"tabbar": 20}})
    assert post_entry(client, game, fields).status_code == 303
    page = client.get(game.path).text
    assert "★ Winner: Bo\u00a040" in page
    assert '<span class="final">(Cia\u00a020, Anna\u00a010)</span>' in page
    assert "40–" not in page and "10–" not in page


def test_a_shared_win_names_each_winners_total(client) -> None:
    game = mulle_game(client, preset="custom", deals="1")
    fields = piles({"piles_0": {"tabbar": 5}, "piles_1": {"tabbar": 5}})
    confirm = re.search(r'name="confirm" value="(\w+)"', post_entry(client, game, fields).text)
    assert post_entry(client, game, {**fields, "confirm": confirm.group(1)}).status_code == 303
    page = client.get(game.path).text
    assert "★ Shared win: Anna\u00a05, Bo\u00a05" in page and 'class="final"' not in page


def test_the_hundred_club_is_shown(client) -> None:
    game = mulle_game(client)
    everything = dict(spades=26, aces=8, spade_aces=2, spade_twos=2, diamond_tens=2)
    for anna, bo in ((55, 40), (48, 35)):  # 95 + 88 = 183 against 40 + 35 = 75
        fields = piles({"piles_0": {**everything, "tabbar": anna}, "piles_1": {"tabbar": bo}})
        assert post_entry(client, game, fields).status_code == 303
    page = client.get(game.path).text
    assert totals_row(page)[:2] == [183, 75]
    assert "Bo has taken a seat in the hundred club: 108 behind!" in page
    assert '<span class="club-badge">100 club</span>' in page


def test_a_short_count_is_a_warning_to_confirm(client, app) -> None:
    game = mulle_game(client)
    short = {**DEAL_1, "piles_1_spades": 11}
    response = post_entry(client, game, short)
    assert response.status_code == 422
    assert "spades add up to 25 of 26" in response.text
    assert entries(app) == []
    confirm = re.search(r'name="confirm" value="(\w+)"', response.text).group(1)
    other = {**short, "piles_1_aces": 4, "confirm": confirm}  # not what was confirmed
    response = post_entry(client, game, other)
    assert response.status_code == 422 and "aces add up to 7 of 8" in response.text
    assert entries(app) == []
    assert post_entry(client, game, {**short, "confirm": confirm}).status_code == 303
    assert entries(app)[0]["piles"]["Bo"]["spades"] == 11
    page = client.get(game.path).text
    assert totals_row(page)[:2] == [44, 37]
    assert "spades add up to 25 of 26</span>" in page  # the sheet marks the short deal (a tap)


@pytest.mark.parametrize(
    ("change", "field", "message"),
    [
        ({"piles_0_spades": -1}, "piles_0_spades", "Anna's spades cannot be negative (-1)"),
        (
            {"piles_1_spades": 13},
            "piles_1_spades",
            "spades add up to 27, but the double pack has 26",
        ),
        ({"piles_1_aces": 6}, "piles_1_aces", "aces add up to 9, but the double pack has 8"),
        (
            {
                "piles_0_spade_aces": 2,
                "piles_0_aces": 1,
                "piles_1_aces": 7,
                "piles_1_spade_aces": 0,
            },
            "piles_0_spade_aces",
            "Anna's pile counts more A♠ (2) than aces (1): an A♠ is an ace",
        ),
        (
            {
                "piles_0_spades": 1,
                "piles_0_spade_aces": 2,
                "piles_1_spades": 25,
                "piles_1_spade_aces": 0,
            },
            "piles_0_spade_aces",
            "Anna's pile counts more A♠ (2) than spades (1)",
        ),
        ({"piles_0_mulles": ["8C", "1X"]}, "piles_0_mulles", "Anna's mulle '1X' is not a card"),
        (
            {"piles_1_mulles": ["8C"]},
            "piles_1_mulles",
            "the mulle 8♣ is entered twice (Anna and Bo)",
        ),
        ({"piles_0_tabbar": "abc"}, "piles_0_tabbar", "abc is not a number."),
        ({"piles_1_add_rank": "Q"}, "piles_1_add_suit", "Pick the rank and the suit of the mulle."),
    ],
)
def test_bad_piles_are_refused_next_to_their_field(client, app, change, field, message) -> None:
    game = mulle_game(client)
    version = version_of(client, game)
    response = post_entry(client, game, {**DEAL_1, **change})
    assert response.status_code == 422
    assert any(message in e for e in errors(response.text)), errors(response.text)
    assert f'id="{field}-error"' in response.text
    assert 'name="piles_0_spades" value="' in response.text  # the input is kept
    assert entries(app) == [] and version_of(client, game) == version


def test_a_mulle_picked_on_the_count_form_joins_the_pile(client, app) -> None:
    game = mulle_game(client)
    fields = {**DEAL_1, "piles_1_mulles": ["5C"], "piles_1_add_rank": "Q", "piles_1_add_suit": "D"}
    assert post_entry(client, game, fields).status_code == 303
    assert entries(app)[0]["piles"]["Bo"]["mulles"] == ["5C", "QD"]


def test_a_team_form_for_three_players_is_refused(client, app) -> None:
    game = mulle_game(client, players=THREE)
    fields = piles({"team_0": ANNA_1, "team_1": BO_1})
    response = post_entry(client, game, fields)
    assert response.status_code == 422
    assert "Only a game of 4 is played in teams; this game has 3 players" in response.text
    assert entries(app) == []


def test_four_players_count_per_team(client, app) -> None:
    game = mulle_game(client, players=FOUR)
    page = client.get(game.path).text
    assert "Teams: Anna &amp; Cia against Bo &amp; Dan" in page
    live(client, game, action="mulle", by=2, rank="9", suit="H")  # Cia's mulle counts for the team
    live(client, game, action="round", to=4)
    page = client.get(game.path).text
    assert 'name="team_0_mulles" value="9H" checked' in page and "piles_2_" not in page
    team_0 = dict(spades=15, aces=5, spade_aces=1, spade_twos=1, diamond_tens=2, tabbar=1)
    team_1 = dict(spades=11, aces=3, spade_aces=1, spade_twos=1, diamond_tens=0, tabbar=2)
    fields = piles({"team_0": team_0, "team_1": team_1}, {"team_0": ["9H"], "team_1": ["KS", "4D"]})
    response = post_entry(client, game, {**fields, "team_1_spades": 12})
    assert response.status_code == 422
    assert 'id="team_1_spades-error"' in response.text  # the engine names Bo: his team's field
    assert post_entry(client, game, {**fields, "piles_2_spades": 1}).status_code == 422
    assert post_entry(client, game, fields).status_code == 303
    assert entries(app)[0]["piles"]["Anna"]["mulles"] == ["9H"]
    assert totals_row(client.get(game.path).text)[:2] == [35, 34]  # the partnership example


# --- the rest of a game's life ---------------------------------------------------------------


def test_a_stale_count_answers_409_and_keeps_the_input(client, app) -> None:
    game = mulle_game(client)
    live(client, game, action="round", to=7)  # the deal is over: counting
    old = version_of(client, game)
    live(client, game, action="tabbe", by=1)  # another phone remembers one more
    response = post_entry(client, game, {**DEAL_1, "step": "piles-1"}, version=old)
    assert response.status_code == 409
    assert "Another phone entered meanwhile (Tabbe for Bo)." in response.text
    assert 'name="piles_0_spades" value="14"' in response.text
    assert entries(app) == []


def test_a_double_tapped_count_is_stored_once(client, app) -> None:
    game = mulle_game(client)
    version = version_of(client, game)
    for _ in range(2):
        assert (
            post_entry(client, game, DEAL_1, version=version, key="count-key-1").status_code == 303
        )
    assert len(entries(app)) == 1


def test_correcting_an_earlier_deal_keeps_the_deal_in_play(client, app) -> None:
    game = mulle_game(client)
    post_entry(client, game, DEAL_1)
    live(client, game, action="tabbe", by=1)
    form = client.get(game.path + "rounds/1")
    assert form.status_code == 200
    assert 'name="piles_0_spades" value="14"' in form.text
    assert 'name="piles_1_mulles" value="QD" checked' in form.text
    fields = {**DEAL_1, "piles_0_mulles": ["8C"]}  # the K♥ mulle was Bo's
    fields["piles_1_mulles"] = ["5C", "QD", "KH"]
    response = client.post(
        game.path + "rounds/1",
        data={"version": version_of(client, game), "key": "fix-1-abcd", **fields},
    )
    assert response.status_code == 303
    assert totals_row(client.get(game.path).text)[:2] == [31, 51]
    assert draft(app)["events"] == [{"tabbe": "Bo", "round": 1}]
    bad = {**fields, "piles_0_spades": 20}
    response = client.post(
        game.path + "rounds/1",
        data={"version": version_of(client, game), "key": "fix-2-abcd", **bad},
    )
    assert response.status_code == 422
    assert "spades add up to 32, but the double pack has 26" in response.text


def test_export_import_and_score_give_the_same_result(client, runner, tmp_path) -> None:
    game = mulle_game(client)
    post_entry(client, game, DEAL_1)
    post_entry(client, game, DEAL_2)
    record = client.get(game.path + "export").get_json()
    assert record["game"] == "mulle" and record["first_dealer"] == "Anna"
    path = tmp_path / "game.json"
    path.write_text(json.dumps(record))
    result = runner.invoke(args=["score", str(path)])
    expected = json.loads((EXAMPLES / "mulle-full-game.expected.json").read_text())
    assert json.loads(result.stdout) == expected
    response = import_record(client, game.token, record)
    assert response.status_code == 303
    assert totals_row(client.get(response.headers["Location"]).text) == totals_row(
        client.get(game.path).text
    )


def test_the_rules_card_marks_the_tables_options(client) -> None:
    game = mulle_game(client, preset="custom", deal="glimne", spade_points="additive", deals="3")
    page = client.get(game.path + "rules").text
    assert "Mulle: the rules" in page
    assert '<li class="active">Glimne' in page
    assert '<li class="active">A♠ and 2♠: 3 each' in page
    assert "10♦: 3" in page  # Glimne's default
    assert "A game is 3 deals." in page
    assert "worth 46 here" in page  # 26 + 8 + 2 × 2 + 2 × 2 + 2 × 3... under these options
    assert "Round 1 of 12" in client.get(game.path).text


def test_the_rules_card_says_what_packetera_and_ligger_mean(client) -> None:
    """As the Swedish source has it: a build is packeted with more two-card combinations of its
    value; "ligger" is said when a single card of that value is put on it."""
    page = client.get(mulle_game(client).path + "rules").text
    assert "a build is two cards, no more" in page
    assert "To “packetera” a build is to add more two-card combinations of the same value" in page
    assert "put a single card of that value on the build and say “ligger”" in page
    assert "the build lies" not in page and "(“packetera”)" not in page
    assert "<dt>packetera</dt>" in page and "<dt>ligger</dt>" in page


def test_the_watch_view_shows_the_round_without_forms(client) -> None:
    game = mulle_game(client)
    live(client, game, action="round", to=6)
    watch = re.search(r'href="(/v/[^"]+)"', client.get(game.path).text).group(1)
    page = client.get(watch).text
    assert "round <strong>6</strong>/6" in page and "båt" in page
    assert "<form" not in page


def test_a_game_of_many_deals_draws_the_next_few_and_counts_the_rest(client) -> None:
    game = mulle_game(client, preset="custom", deals="40")
    page = html.unescape(client.get(game.path).text)
    future = re.findall(r'id="row-deal-(\d+)" data-row class="future"', page)
    assert future == ["2", "3", "4", "5"]  # deal 1 is in play
    assert "… and 35 more deals to come" in page
    few = mulle_game(client, preset="custom", deals="5")
    page = client.get(few.path).text
    assert re.findall(r'id="row-deal-(\d+)" data-row class="future"', page) == ["2", "3", "4", "5"]
    assert "more deal" not in page


def test_the_count_says_what_a_pile_may_hold_and_that_aces_include_the_spade_ace(client) -> None:
    """Under each count the most this pile can hold given the others' counts ("at most"), not
    the pack; the aces are counted with the A♠."""
    game = mulle_game(client)
    live(client, game, action="round", to=7)
    page = client.get(game.path).text
    assert "aces, A♠ included" in page and "still in pack" not in page
    assert "at most 26" in page and "at most 8" in page
    anna = dict(spades=10, aces=9, spade_aces=0, spade_twos=0, diamond_tens=0)  # 9 aces: refused
    answer = count_on_the_page(client, game, {"piles_0": anna})
    assert answer.status_code == 422
    bo = answer.text.split('name="piles_1_spades"')[1]
    assert "at most 16" in bo.split("</div>")[1]  # what Anna's 10 spades leave Bo
