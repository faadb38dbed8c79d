"""Boodle's Three in One through the real forms: the option at set-up, the poker stage live (in
or fold, the bet, the cards or the winner) shared in the draft, its bad input (422, the input
kept, nothing stored), undo one step, a corrected deal, and an imported record played on."""

from __future__ import annotations

import html
import re

from tests.web.helpers import (
    draft,
    entries,
    errors,
    form_fields,
    import_record,
    post_entry,
    start_game,
)
from tests.web.helpers import version_of as version

PLAYERS = ["Anna", "Bo", "Cia", "Dan"]
HANDS_1 = {
    "poker_hands_1": "5H 6H 7C 8D 9S",
    "poker_hands_2": "5d6c7s8h9c",  # typed without spaces, in small letters
    "poker_hands_0": "KH KD 4C 4S 9D",
}


def start(client, **options):  # type: ignore[no-untyped-def]
    options = options or {"preset": "three-in-one"}
    return start_game(client, game="boodle", players=PLAYERS, first="Anna", **options)


def ok(response) -> None:  # type: ignore[no-untyped-def]
    assert response.status_code == 303, errors(response.text)


def tap(client, game, action: str, **fields) -> None:  # type: ignore[no-untyped-def]
    ok(post_entry(client, game, {"action": action, **fields}))


def refused(client, app, game, fields: dict, message: str) -> str:  # type: ignore[no-untyped-def]
    """Posting ``fields`` is a 422 with ``message`` and stores nothing; the page it answers."""
    before, kept = version(client, game), draft(app)
    response = post_entry(client, game, fields)
    assert response.status_code == 422
    assert any(message in text for text in errors(response.text)), errors(response.text)
    assert version(client, game) == before and draft(app) == kept
    return response.text


def balances(page: str) -> list[int]:
    """The balances on the score strip, in seating order."""
    totals = re.findall(r'<strong class="strip-total">([^<]+)</strong>', page)
    return [int(t.replace("\u2212", "-")) for t in totals]


def deal_one(client, game) -> None:  # type: ignore[no-untyped-def]
    """Anna deals; Dan folds, the others bet 1; Bo and Cia split 7 (the odd chip stays); Bo plays
    A♥ and Cia goes out."""
    tap(client, game, "decide", poker_decide="fold-3")
    tap(client, game, "decide", poker_decide="rest")
    tap(client, game, "bet", poker_bet=1)
    tap(client, game, "hands", **HANDS_1)
    tap(client, game, "boodle", card="AH", by="Bo")
    tap(client, game, "out", out="Cia", cards_left_0=3, cards_left_1=2, cards_left_3=4)


def test_the_option_at_set_up_and_its_poker_ante(client) -> None:
    game = start(client)
    record = client.get(game.path + "export").get_json()
    assert record["options"]["three_in_one"] == {"pot_ante": 1}
    data = {
        "step": "players",
        "game": "boodle",
        **{f"players-{i}": p for i, p in enumerate(PLAYERS)},
    }
    client.post("/new", data=data)
    data.update({"step": "options", "first": "Anna", "boodle-preset": "custom"})
    data.update({"boodle-ante": "standard", "boodle-widow": "dead", "boodle-three_in_one": "y"})
    response = client.post("/new", data=data)
    assert response.status_code == 422
    assert "Tap how many chips each player puts into the poker pot." in errors(response.text)
    assert re.search(r'name="boodle-three_in_one" value="y" checked', response.text)
    response = client.post("/new", data={**data, "boodle-pot_ante": "2"})
    assert response.status_code == 303
    record = client.get(response.headers["Location"] + "export").get_json()
    assert record["options"]["three_in_one"] == {"pot_ante": 2}


def test_each_deal_starts_with_the_poker_stage_and_the_pot_on_the_layout(client) -> None:
    game = start(client)
    page = client.get(game.path).text
    assert "everyone puts 1 into the poker pot before the stops; the pot holds 4." in page
    assert re.search(r'class="bpot-label">Poker pot</span>\s*<strong class="bchips">4<', page)
    assert 'aria-label="Anna is in"' in page and 'aria-label="Dan folds"' in page
    assert "Everyone is in" in page  # one tap when nobody folds
    assert page.index('"Bo is in"') < page.index('"Anna is in"')  # the betting order
    assert "Out: who played their last card first?" not in page  # the stops wait
    assert "A boodle card played" not in page


def test_the_poker_stage_step_by_step_against_the_hand_worked_chips(client, app) -> None:
    game = start(client)
    tap(client, game, "decide", poker_decide="fold-3")
    assert draft(app) == {"poker_steps": [{"fold": ["Dan"]}]}
    page = client.get(game.path).text
    assert "The others are in: Bo, Cia, Anna" in page
    tap(client, game, "decide", poker_decide="rest")
    page = app.test_client().get(game.path).text  # another phone sees it
    assert "The bet: chips each player still in put in" in page
    assert "One betting round: Bo, Cia, Anna all called the same bet." in page
    tap(client, game, "bet", poker_bet=1)
    page = client.get(game.path).text
    assert "Who won the pot of 7? Tap the winner" in page
    assert 'name="poker_winner" value="Bo" class="button bwho-key"' in page
    assert 'name="poker_winner" value="Dan"' not in page  # Dan folded
    tap(client, game, "hands", **HANDS_1)
    page = client.get(game.path).text
    said = (
        "Bo and Cia split the pot with straight, nine high: 3 chips each;"
        " the odd chip stays in the pot"
    )
    assert said in page
    assert "two pairs, kings and fours" in page
    assert re.search(r'class="bpot-label">Poker pot</span>\s*<strong class="bchips">1<', page)
    tap(client, game, "boodle", card="AH", by="Bo")
    tap(client, game, "out", out="Cia", cards_left_0=3, cards_left_1=2, cards_left_3=4)
    assert entries(app)[0]["poker"] == {
        "bets": {"Bo": 1, "Cia": 1, "Anna": 1},
        "folded": ["Dan"],
        "hands": {
            "Anna": ["KH", "KD", "4C", "4S", "9D"],
            "Bo": ["5H", "6H", "7C", "8D", "9S"],
            "Cia": ["5D", "6C", "7S", "8H", "9C"],
        },
    }
    assert draft(app) is None
    page = client.get(game.path).text
    assert balances(page) == [-13, 0, 6, -9]
    assert said in page  # in the history too
    # deal 2, Bo deals: the odd chip is carried into the pot with the 4 antes
    assert re.search(r'<strong class="bchips">5</strong>\s*<small class="bcarried">1 carried', page)


def test_a_tapped_winner_takes_the_pot_with_the_carried_chip(client, app) -> None:
    game = start(client)
    deal_one(client, game)
    tap(client, game, "decide", poker_decide="fold-2")
    tap(client, game, "decide", poker_decide="rest")
    tap(client, game, "bet", poker_bet=2)
    tap(client, game, "winner", poker_winner="Dan")
    page = client.get(game.path).text
    assert "Dan wins the poker pot: 11 chips" in page
    tap(client, game, "boodle", card="KC", by="Dan")
    tap(client, game, "out", out="Anna", cards_left_1=1, cards_left_2=2, cards_left_3=3)
    assert entries(app)[1]["poker"] == {
        "bets": {"Dan": 2, "Anna": 2, "Bo": 2},
        "folded": ["Cia"],
        "winner": "Dan",
    }
    page = client.get(game.path).text
    assert balances(page) == [-14, -12, -1, 2]
    foot = page.split("<tfoot>")[1].split("</tfoot>")[0]
    assert re.findall(r'class="blayout-sum">(\d+)<', foot) == ["25", "0"]  # layout, pot


def test_the_last_player_left_takes_the_pot_without_a_bet(client, app) -> None:
    game = start(client)
    for seat in (1, 2):
        tap(client, game, "decide", poker_decide=f"fold-{seat}")
    tap(client, game, "decide", poker_decide="fold-0")
    page = client.get(game.path).text
    assert "Dan wins the poker pot: 4 chips" in page
    assert "A boodle card played" in page  # on to the stops


def test_a_player_still_in_folds_to_the_bet_and_puts_nothing_in(client, app) -> None:
    game = start(client)
    tap(client, game, "decide", poker_decide="rest")
    tap(client, game, "bet", poker_bet=2)
    page = client.get(game.path).text
    fold = page.split('class="entry bpoker-fold"')[1].split("</form>")[0]
    assert re.findall(r'name="poker_decide" value="(fold-\d)"', fold) == [
        "fold-1",
        "fold-2",
        "fold-3",
        "fold-0",
    ]
    assert "Dan folds" in html.unescape(fold)
    tap(client, game, "decide", poker_decide="fold-3")
    assert draft(app)["poker_steps"][-1] == {"fold": ["Dan"]}
    page = client.get(game.path).text
    assert 'value="fold-3"' not in page.split('class="entry bpoker-fold"')[1].split("</form>")[0]
    assert "pot 10" in page  # 4 antes and three bets of 2: Dan's is not in
    tap(client, game, "winner", poker_winner="Bo")
    assert "Bo wins the poker pot: 10 chips" in client.get(game.path).text
    tap(client, game, "out", out="Cia", cards_left_0=3, cards_left_1=2, cards_left_3=4)
    assert entries(app)[0]["poker"] == {
        "bets": {"Bo": 2, "Cia": 2, "Anna": 2},
        "folded": ["Dan"],
        "winner": "Bo",
    }


def test_when_all_but_one_fold_to_the_bet_he_takes_the_pot(client, app) -> None:
    game = start(client)
    tap(client, game, "decide", poker_decide="rest")
    tap(client, game, "bet", poker_bet=3)
    for seat in (2, 3, 0):
        tap(client, game, "decide", poker_decide=f"fold-{seat}")
    page = client.get(game.path).text
    assert "Bo wins the poker pot: 7 chips" in page
    assert "A boodle card played" in page  # on to the stops
    refused(client, app, game, {"action": "decide", "poker_decide": "fold-1"}, "Everyone has said")


def test_undo_takes_back_one_step_of_the_poker_stage(client, app) -> None:
    game = start(client)
    tap(client, game, "decide", poker_decide="in-1")
    tap(client, game, "decide", poker_decide="rest")
    tap(client, game, "bet", poker_bet=2)
    for left in ([{"in": ["Bo"]}, {"in": ["Cia", "Dan", "Anna"]}], [{"in": ["Bo"]}], None):
        data = {"version": version(client, game), "key": f"undo-{version(client, game)}-abc"}
        ok(client.post(game.path + "undo", data=data))
        assert (draft(app) or {}).get("poker_steps") == left
    tap(client, game, "decide", poker_decide="fold-0")
    tap(client, game, "pop")  # "Remove the last entry" in the panel
    assert draft(app) is None


def test_a_winner_who_folded_is_refused_at_the_field(client, app) -> None:
    game = start(client)
    tap(client, game, "decide", poker_decide="fold-3")
    tap(client, game, "decide", poker_decide="rest")
    tap(client, game, "bet", poker_bet=1)
    page = refused(
        client,
        app,
        game,
        {"action": "winner", "poker_winner": "Dan"},
        "Dan folded and cannot win the poker pot",
    )
    assert 'id="poker_winner-error"' in page


def test_four_or_six_cards_or_a_card_twice_are_refused_with_the_hands_kept(client, app) -> None:
    game = start(client)
    tap(client, game, "decide", poker_decide="fold-3")
    tap(client, game, "decide", poker_decide="rest")
    tap(client, game, "bet", poker_bet=1)
    four = {**HANDS_1, "poker_hands_1": "5H 6H 7C 8D"}
    page = refused(
        client, app, game, {"action": "hands", **four}, "Bo's poker hand must be 5 cards, not 4"
    )
    assert 'id="poker_hands_1-error"' in page
    assert 'value="5H 6H 7C 8D"' in page and 'value="KH KD 4C 4S 9D"' in page
    assert re.search(r'<details class="bmore bshow" open>', page)
    six = {**HANDS_1, "poker_hands_0": "KH KD 4C 4S 9D 2C"}
    message = "Anna's poker hand must be 5 cards, not 6"
    assert 'value="KH KD 4C 4S 9D 2C"' in refused(
        client, app, game, {"action": "hands", **six}, message
    )
    twice = {**HANDS_1, "poker_hands_2": "5D 6C 7S 8H 5D"}
    message = "5♦ is twice in Cia's poker hand"
    assert 'id="poker_hands_2-error"' in refused(
        client, app, game, {"action": "hands", **twice}, message
    )
    shared = {**HANDS_1, "poker_hands_2": "5H 6C 7S 8H 9C"}
    message = "5♥ cannot be in Cia's poker hand: Bo has it already"
    refused(client, app, game, {"action": "hands", **shared}, message)
    stranger = {**HANDS_1, "poker_hands_2": "5D 6C 7S 8H 1C"}
    refused(client, app, game, {"action": "hands", **stranger}, "'1C' is not a card")
    missing = {key: value for key, value in HANDS_1.items() if key != "poker_hands_0"}
    refused(client, app, game, {"action": "hands", **missing}, "Anna's poker hand is missing")
    assert entries(app) == []


def test_steps_out_of_turn_and_bad_numbers_are_refused(client, app) -> None:
    game = start(client)
    refused(
        client,
        app,
        game,
        {"action": "bet", "poker_bet": 1},
        "First in or fold for Bo, Cia, Dan, Anna: then the betting round",
    )
    refused(
        client,
        app,
        game,
        {"action": "boodle", "card": "AH", "by": "Bo"},
        "First the poker stage, then the stops",
    )
    for seat in (1, 2, 3):
        tap(client, game, "decide", poker_decide=f"in-{seat}")
    tap(client, game, "decide", poker_decide="in-0")
    page = refused(client, app, game, {"action": "bet", "poker_bet": "abc"}, "abc is not a number.")
    assert 'value="abc"' in page
    refused(client, app, game, {"action": "decide", "poker_decide": "fold-1"}, "Everyone has said")
    refused(client, app, game, {"action": "decide", "poker_decide": "in-9"}, "not one of the")
    refused(client, app, game, {"action": "winner", "poker_winner": "Dan"}, "First the betting")


def test_nobody_can_fold_last_when_everyone_else_folded(client, app) -> None:
    game = start(client)
    for seat in (1, 2):
        tap(client, game, "decide", poker_decide=f"fold-{seat}")
    # Dan and Anna are left: Dan folds, so Anna is in without a tap and takes the pot
    tap(client, game, "decide", poker_decide="fold-3")
    refused(
        client,
        app,
        game,
        {"action": "decide", "poker_decide": "fold-0"},
        "Everyone has said in or fold already",
    )


def test_the_spare_hand_is_settled_before_the_poker_stage(client, app) -> None:
    game = start(
        client, preset="custom", ante="standard", widow="swap", three_in_one="y", pot_ante=1
    )
    tap(client, game, "widow", widow="swap")
    tap(client, game, "decide", poker_decide="rest")
    page = client.get(game.path).text
    assert "Anna took the spare hand." in page
    assert "swaps for the spare hand" not in page
    refused(
        client,
        app,
        game,
        {"action": "widow", "widow": "none"},
        "The spare hand is settled before the poker stage",
    )


def test_a_three_in_one_deal_is_corrected(client, app) -> None:
    game = start(client)
    deal_one(client, game)
    form = client.get(game.path + "rounds/1").text
    fields = form_fields(form, "rounds/1")
    assert fields["poker_folded_3"] == "y" and "poker_folded_0" not in fields
    assert fields["poker_bets_0"] == "1" and fields["poker_hands_1"] == "5H 6H 7C 8D 9S"
    # Anna had a third king: her full house beats the straights and takes all 7 chips
    fields.update(poker_hands_0="KH KD KC 4S 4C", version=version(client, game), key="fix-poker-1")
    ok(client.post(game.path + "rounds/1", data=fields))
    assert entries(app)[0]["poker"]["hands"]["Anna"] == ["KH", "KD", "KC", "4S", "4C"]
    page = html.unescape(client.get(game.path).text)
    assert "Anna: full house, kings over fours — beats Bo's straight, nine high" in page
    assert balances(page) == [-13 + 7, 0 - 3, 6 - 3, -9]


def test_a_correction_with_unequal_bets_or_a_folded_bet_is_refused(client, app) -> None:
    game = start(client)
    deal_one(client, game)
    fields = form_fields(client.get(game.path + "rounds/1").text, "rounds/1")
    before = entries(app)

    def refused_fix(change: dict, message: str, field: str) -> str:
        data = {**fields, **change, "version": version(client, game), "key": f"fix-{field}-abc"}
        response = client.post(game.path + "rounds/1", data=data)
        assert response.status_code == 422
        assert any(message in text for text in errors(response.text)), errors(response.text)
        assert f'id="{field}-error"' in response.text
        assert entries(app) == before
        return response.text

    page = refused_fix(
        {"poker_bets_2": "2"},
        "Anna and Cia both stayed in, so they bet the same: not 1 and 2",
        "poker_bets_2",
    )
    assert re.search(r'name="poker_bets_2" value="2"', page)
    refused_fix(
        {"poker_bets_3": "3"},
        "Dan folded after betting 3, more than the 1 of the players still in",
        "poker_bets_3",
    )
    refused_fix(
        {"poker_winner": "Bo"}, "Enter the hands or the poker winner, not both", "poker_winner"
    )


def test_an_imported_three_in_one_record_is_played_on_live(client, app) -> None:
    game = start(client)
    record = {
        "format": "table-assistant/1",
        "game": "boodle",
        "players": PLAYERS,
        "options": {"three_in_one": {"pot_ante": 2}},
        "first_dealer": "Dan",
        "rounds": [],
    }
    imported = import_record(client, game.token, record)
    ok(imported)
    page = client.get(imported.headers["Location"]).text
    assert page.index('"Anna is in"') < page.index('"Dan is in"')  # Dan deals
    assert re.search(r'class="bpot-label">Poker pot</span>\s*<strong class="bchips">8<', page)


def test_the_issues_example_named_in_swedish_too(client) -> None:
    game = start(client)
    tap(client, game, "decide", poker_decide="fold-3")
    tap(client, game, "decide", poker_decide="rest")
    tap(client, game, "bet", poker_bet=2)
    hands = {
        "poker_hands_0": "AH AD 7C 7S 2D",
        "poker_hands_1": "KH KC KS 3D 3C",
        "poker_hands_2": "QH 9D 7D 4S 2C",
    }
    tap(client, game, "hands", **hands)
    page = html.unescape(client.get(game.path).text)
    assert "Bo: full house, kings over threes — beats Anna's two pairs, aces and sevens" in page
    page = html.unescape(client.get(game.path + "?lang=sv").text)
    assert "Bo: kåk, kungar över treor — slår Annas två par, ess och sjuor" in page
    assert "dam högst" in page  # Cia's queen high


def test_an_error_of_the_stops_is_said_once_after_the_poker_stage(client, app) -> None:
    game = start(client)
    for seat in (1, 2, 3):
        tap(client, game, "decide", poker_decide=f"fold-{seat}")
    tap(client, game, "boodle", card="AH", by="Bo")
    page = refused(
        client, app, game, {"action": "boodle", "card": "AH", "by": "Cia"}, "already played"
    )
    assert len([text for text in errors(page) if "already played" in text]) == 1


def test_a_tap_from_a_phone_one_step_behind_is_409_and_stores_nothing(client, app) -> None:
    game = start(client)
    old = version(client, game)
    tap(client, game, "decide", poker_decide="fold-1")  # another phone: Bo folds
    fields = {"action": "decide", "poker_decide": "fold-2", "step": "poker-1-decide"}
    response = post_entry(client, game, fields, version=old)
    assert response.status_code == 409
    assert "Another phone entered meanwhile (Bo folds)." in html.unescape(response.text)
    assert draft(app) == {"poker_steps": [{"fold": ["Bo"]}]}
