"""Boodle through the real forms: live events in the draft, out and the cards left, every bad
input of the issue, double taps, stale forms, undo, corrections, settle-up, export/import (Three
in One's poker stage: test_boodle_poker_web.py)."""

from __future__ import annotations

import html
import json
import re

from assistant.extensions import db
from assistant.store.models import Entry, Game
from tests.web.helpers import form_fields, import_record, post_entry, start_game, version_of

PLAYERS = ["Anna", "Bo", "Clara"]


def start(client, players=PLAYERS, first="Clara", **options):
    return start_game(client, game="boodle", players=players, first=first, **options)


def entries(app) -> list[dict]:
    with app.app_context():
        return [
            e.payload for e in db.session.execute(db.select(Entry).order_by(Entry.seq)).scalars()
        ]


def draft_of(app) -> dict | None:
    with app.app_context():
        return db.session.execute(db.select(Game)).scalar_one().draft


def ok(response) -> None:
    assert response.status_code == 303, response.text


def play(client, game, card: str, by: str) -> None:
    ok(post_entry(client, game, {"action": "boodle", "card": card, "by": by}))


def fault(client, game, by: str, kind: str = "wrong-lead") -> None:
    ok(post_entry(client, game, {"action": "fault", "fault": kind, "by": by}))


def out_fields(winner: str, cards_left: dict[str, int], players=PLAYERS) -> dict:
    fields = {"action": "out", "out": winner}
    fields.update({f"cards_left_{players.index(p)}": n for p, n in cards_left.items()})
    return fields


def go_out(client, game, winner: str, cards_left: dict[str, int], players=PLAYERS) -> None:
    ok(post_entry(client, game, out_fields(winner, cards_left, players)))


def balances(page: str) -> list[int]:
    """The balances on the score strip, in seating order."""
    totals = re.findall(r'<strong class="strip-total">([^<]+)</strong>', page)
    return [int(t.replace("\u2212", "-")) for t in totals]


def two_worked_deals(client, game) -> None:
    """The rules' worked example: Anna, Bo, Clara; Clara deals first."""
    play(client, game, "QD", "Anna")
    go_out(client, game, "Anna", {"Bo": 3, "Clara": 5})
    play(client, game, "AH", "Bo")
    play(client, game, "JS", "Clara")
    go_out(client, game, "Clara", {"Anna": 2, "Bo": 4})


def test_the_page_shows_the_dealer_the_antes_and_the_four_cards(client) -> None:
    game = start(client)
    page = client.get(game.path).text
    assert "Deal 1" in page and "Clara deals" in page
    assert "Antes: Clara puts 2 chips on each card (8), everyone else 1 (4)." in page
    faces = re.findall(r'class="visually-hidden">(\w+ of \w+)<', page)
    assert faces[:4] == ["ace of hearts", "king of clubs", "queen of diamonds", "jack of spades"]
    assert re.findall(r'class="bchips">(\d+)<', page)[:4] == ["4", "4", "4", "4"]
    assert "16 chips on the layout, this deal's antes included." in page
    assert "Out: who played their last card first?" in page


def test_the_worked_example_through_the_live_buttons(client, app) -> None:
    game = start(client)
    two_worked_deals(client, game)
    page = client.get(game.path).text
    assert balances(page) == [-2, -7, -3]
    assert "Deal 3" in page and "Bo deals" in page
    assert "Bo plays A♥ and takes the 8 chips on it" in page  # the history
    assert "Clara goes out: the others pay 1 chip per card still held, 6 chips in all" in page
    assert entries(app)[1] == {
        "events": [{"boodle": "AH", "by": "Bo"}, {"boodle": "JS", "by": "Clara"}, {"out": "Clara"}],
        "cards_left": {"Anna": 2, "Bo": 4},
    }
    assert draft_of(app) is None
    # K♣ 8 and Q♦ 4 carried over, plus the antes of deal 3 (Bo deals)
    assert re.findall(r'class="bchips">(\d+)<', page)[:4] == ["4", "12", "8", "4"]
    assert "<svg" in page  # the chart of the evening


def test_live_events_wait_in_the_draft_where_every_phone_sees_them(client, app) -> None:
    game = start(client)
    play(client, game, "QD", "Anna")
    fault(client, game, "Bo", "withheld")
    assert entries(app) == []
    assert draft_of(app) == {
        "events": [{"boodle": "QD", "by": "Anna"}, {"fault": "withheld", "by": "Bo"}]
    }
    other_phone = app.test_client()
    page = other_phone.get(game.path).text
    assert "Anna plays Q♦ and takes the 4 chips on it" in page
    assert "Bo held back a playable card" in page
    assert "Anna took 4" in page  # the card shows who took it
    assert re.search(r'value="Bo" disabled', page)  # a faulted player cannot go out
    assert "this deal: +0" not in page and "this deal: 0" in page  # Anna: -4 ante + 4


def test_the_last_live_entry_can_be_removed(client, app) -> None:
    game = start(client)
    play(client, game, "QD", "Anna")
    play(client, game, "AH", "Bo")
    ok(post_entry(client, game, {"action": "pop"}))
    assert draft_of(app) == {"events": [{"boodle": "QD", "by": "Anna"}]}
    ok(post_entry(client, game, {"action": "pop"}))
    assert draft_of(app) is None
    response = post_entry(client, game, {"action": "pop"})
    assert response.status_code == 422
    assert "Nothing has been entered in deal 1 yet." in response.text


def assert_nothing_stored(client, app, game, version: int, draft, rounds: int = 0) -> None:
    assert version_of(client, game) == version
    assert draft_of(app) == draft
    assert len(entries(app)) == rounds


def test_a_boodle_card_played_twice_is_refused(client, app) -> None:
    game = start(client)
    play(client, game, "AH", "Bo")
    version, draft = version_of(client, game), draft_of(app)
    response = post_entry(client, game, {"action": "boodle", "card": "AH", "by": "Clara"})
    assert response.status_code == 422
    assert "A♥ was already played in this deal (event 1)" in response.text
    assert_nothing_stored(client, app, game, version, draft)


def test_out_by_a_faulted_player_is_refused_with_the_input_kept(client, app) -> None:
    game = start(client)
    fault(client, game, "Bo")
    version, draft = version_of(client, game), draft_of(app)
    response = post_entry(client, game, out_fields("Bo", {"Anna": 3, "Clara": 1}))
    assert response.status_code == 422
    assert "Bo made a fault in this deal and cannot win it" in response.text
    assert re.search(r'name="cards_left_0" value="3"\s+checked', response.text)
    assert re.search(r'name="cards_left_2" value="1"\s+checked', response.text)
    assert_nothing_stored(client, app, game, version, draft)


def test_cards_left_for_the_winner_are_refused(client, app) -> None:
    game = start(client)
    version = version_of(client, game)
    response = post_entry(client, game, out_fields("Anna", {"Anna": 2, "Bo": 3, "Clara": 5}))
    assert response.status_code == 422
    assert "Anna went out and holds no cards: leave Anna out of the cards left" in response.text
    assert re.search(r'name="cards_left_1" value="3"\s+checked', response.text)
    assert re.search(r'name="out" value="Anna" checked', response.text)
    assert_nothing_stored(client, app, game, version, None)


def test_missing_or_impossible_cards_left_are_asked_for(client, app) -> None:
    game = start(client)
    response = post_entry(client, game, out_fields("Anna", {"Bo": 3}))
    assert response.status_code == 422
    assert "How many cards does Clara still hold?" in response.text
    response = post_entry(client, game, out_fields("Anna", {"Bo": 3, "Clara": "x"}))
    assert response.status_code == 422
    assert "x is not a number." in response.text
    response = post_entry(client, game, out_fields("Anna", {"Bo": 3, "Clara": 14}))
    assert response.status_code == 422
    assert "Choose from 0 to 13." in response.text
    assert entries(app) == []


def test_an_auction_bought_by_the_dealer_or_at_price_0_is_refused(client, app) -> None:
    game = start(client, preset="custom", ante="standard", widow="auction")
    version = version_of(client, game)
    sale = {"action": "widow", "widow": "auction", "widow_auction_buyer": "Clara"}
    response = post_entry(client, game, {**sale, "widow_auction_price": 2})
    assert response.status_code == 422
    assert "Clara deals and cannot buy the spare hand" in response.text
    assert 'name="widow_auction_price" value="2"' in response.text
    response = post_entry(
        client, game, {**sale, "widow_auction_buyer": "Bo", "widow_auction_price": 0}
    )
    assert response.status_code == 422
    assert "The spare hand is sold for at least 1 chip, not 0" in response.text
    assert re.search(r'name="widow_auction_buyer" value="Bo" checked', response.text)
    response = post_entry(
        client, game, {**sale, "widow_auction_buyer": "Bo", "widow_auction_price": "abc"}
    )
    assert response.status_code == 422
    assert "abc is not a number." in response.text
    assert 'value="abc"' in response.text
    assert_nothing_stored(client, app, game, version, None)


def test_a_sale_of_the_spare_hand_pays_the_dealer(client, app) -> None:
    game = start(client, preset="custom", ante="standard", widow="auction")
    sale = {"widow": "auction", "widow_auction_buyer": "Bo", "widow_auction_price": 3}
    ok(post_entry(client, game, {"action": "widow", **sale}))
    page = client.get(game.path).text
    assert "Bo buys the spare hand for 3 chips, paid to Clara" in page
    assert "Bo bought the spare hand for 3." in page
    go_out(client, game, "Anna", {"Bo": 1, "Clara": 1})
    assert entries(app)[0]["widow"] == {"auction": {"buyer": "Bo", "price": 3}}
    assert balances(client.get(game.path).text) == [-2, -8, -6]


def test_the_dealers_blind_swap_can_be_entered_and_taken_back(client, app) -> None:
    game = start(client, preset="swap")
    ok(post_entry(client, game, {"action": "widow", "widow": "swap"}))
    assert draft_of(app) == {"widow": {"swap": True}}
    assert "Clara takes the spare hand blind" in client.get(game.path).text
    ok(post_entry(client, game, {"action": "widow", "widow": "none"}))
    assert draft_of(app) is None


def test_a_free_stake_that_does_not_add_up_is_refused(client, app) -> None:
    game = start(client, preset="custom", ante="free", free="6", widow="dead")
    page = client.get(game.path).text
    assert "Where does everyone put their chips?" in page
    version = version_of(client, game)
    stakes = {"stakes_0_AH": 5, "stakes_1_KC": 3, "stakes_1_QD": 3, "stakes_2_JS": 12}
    response = post_entry(client, game, {"action": "stakes", **stakes})
    assert response.status_code == 422
    assert "Anna places 6 chips, not 5" in response.text
    assert 'name="stakes_0_AH" value="5"' in response.text
    response = post_entry(client, game, {"action": "stakes", **stakes, "stakes_0_AH": "abc"})
    assert response.status_code == 422
    assert "abc is not a number." in response.text
    assert 'name="stakes_0_AH" value="abc"' in response.text
    assert_nothing_stored(client, app, game, version, None)


def test_a_free_stake_is_placed_then_filled_in_for_the_next_deal(client, app) -> None:
    game = start(client, preset="custom", ante="free", free="6", widow="dead")
    stakes = {"stakes_0_AH": 6, "stakes_1_KC": 3, "stakes_1_QD": 3, "stakes_2_JS": 12}
    ok(post_entry(client, game, {"action": "stakes", **stakes}))
    page = client.get(game.path).text
    assert "Where does everyone" not in page and "A boodle card played" in page
    assert re.findall(r'class="bchips">(\d+)<', page)[:4] == ["6", "3", "3", "12"]
    go_out(client, game, "Bo", {"Anna": 1, "Clara": 2})
    assert entries(app)[0]["stakes"] == {
        "Anna": {"AH": 6},
        "Bo": {"KC": 3, "QD": 3},
        "Clara": {"JS": 12},
    }
    page = client.get(game.path).text  # deal 2: Anna deals 12, Clara 6
    assert 'name="stakes_0_AH" value="12"' in page  # doubled: Anna deals now
    assert 'name="stakes_1_KC" value="3"' in page
    assert 'name="stakes_2_JS" value="6"' in page  # halved: Clara dealt then
    assert post_entry(client, game, {"action": "pop"}).status_code == 422  # nothing placed yet
    assert draft_of(app) is None


def test_a_double_tap_stores_an_event_and_a_deal_once(client, app) -> None:
    game = start(client)
    version = version_of(client, game)
    fields = {"action": "boodle", "card": "AH", "by": "Bo"}
    ok(post_entry(client, game, fields, version=version, key="tap-twice-1"))
    ok(post_entry(client, game, fields, version=version, key="tap-twice-1"))
    assert draft_of(app) == {"events": [{"boodle": "AH", "by": "Bo"}]}
    version = version_of(client, game)
    done = out_fields("Anna", {"Bo": 1, "Clara": 2})
    ok(post_entry(client, game, done, version=version, key="tap-twice-2"))
    ok(post_entry(client, game, done, version=version, key="tap-twice-2"))
    assert len(entries(app)) == 1 and draft_of(app) is None


def test_a_stale_out_answers_409_with_the_input_kept(client, app) -> None:
    game = start(client)
    old = version_of(client, game)
    play(client, game, "AH", "Bo")  # another phone
    fields = out_fields("Anna", {"Bo": 4, "Clara": 2}) | {"step": "deal-1"}
    response = post_entry(client, game, fields, version=old)
    assert response.status_code == 409
    assert (
        "Another phone entered meanwhile (Bo plays A♥ and takes the 4 chips on it)" in response.text
    )
    assert re.search(r'name="cards_left_1" value="4"\s+checked', response.text)
    assert entries(app) == []


def test_undo_first_drops_the_live_deal_then_the_last_deal(client, app) -> None:
    game = start(client)
    two_worked_deals(client, game)
    play(client, game, "KC", "Anna")
    undo = client.post(
        game.path + "undo", data={"version": version_of(client, game), "key": "undo-1abc"}
    )
    ok(undo)
    assert draft_of(app) is None and len(entries(app)) == 2
    undo = client.post(
        game.path + "undo", data={"version": version_of(client, game), "key": "undo-2abc"}
    )
    ok(undo)
    assert len(entries(app)) == 1
    assert balances(client.get(game.path).text) == [8, -7, -13]


def test_correcting_an_earlier_deal_keeps_the_deal_being_played(client, app) -> None:
    game = start(client)
    two_worked_deals(client, game)
    play(client, game, "KC", "Anna")
    form = client.get(game.path + "rounds/1")
    assert form.status_code == 200
    assert re.search(r'<option value="QD" selected>', form.text)
    fields = {
        "ev_0_what": "QD",
        "ev_0_by": "Anna",
        "ev_1_what": "wrong-lead",
        "ev_1_by": "Bo",
        "out": "Anna",
        "cards_left_1": 3,
        "cards_left_2": 5,
    }
    version = version_of(client, game)
    ok(
        client.post(
            game.path + "rounds/1", data={"version": version, "key": "fix-1-abcd", **fields}
        )
    )
    assert entries(app)[0]["events"][1] == {"fault": "wrong-lead", "by": "Bo"}
    assert draft_of(app) == {"events": [{"boodle": "KC", "by": "Anna"}]}
    # Bo paid 1 chip to Anna and to Clara in deal 1
    assert balances(client.get(game.path).text) == [-1, -9, -2]


def test_a_correction_that_breaks_a_rule_is_refused(client, app) -> None:
    game = start(client)
    two_worked_deals(client, game)
    before = entries(app)
    fields = {
        "ev_0_what": "QD",
        "ev_0_by": "Anna",
        "ev_2_what": "QD",
        "ev_2_by": "Bo",
        "out": "Anna",
        "cards_left_1": 3,
        "cards_left_2": 5,
    }
    version = version_of(client, game)
    response = client.post(
        game.path + "rounds/1", data={"version": version, "key": "fix-2-abcd", **fields}
    )
    assert response.status_code == 422
    assert "Q♦ was already played in this deal (event 1)" in response.text
    assert re.search(r'id="ev_2_what-error"', response.text)  # next to its row
    half = {**fields, "ev_2_what": "", "ev_1_by": "Bo"}
    response = client.post(
        game.path + "rounds/1", data={"version": version, "key": "fix-3-abcd", **half}
    )
    assert response.status_code == 422
    assert "What happened: a boodle card or a fault?" in response.text
    assert entries(app) == before


def test_settle_up_in_chips_and_money_with_the_explanations(client) -> None:
    game = start(client, chip_value="0,50")
    two_worked_deals(client, game)
    page = client.get(game.path).text
    settle = page.split('id="settle"')[1]
    assert "The 12 chips still on the layout are shared equally first: 4 each." in settle
    assert "Bo pays Anna" in settle and "Bo pays Clara" in settle
    assert '<strong>2</strong> chips = <strong class="bmoney">1.00</strong>' in settle
    assert "Bo lost 1.50; Anna won 1.00 of it and Clara the rest." in settle
    assert "2 payments settle everything" in settle
    assert "One chip is worth 0.50." in settle
    assert re.search(r"<th scope=\"row\">Bo</th><td>−3</td><td>−1.50</td>", settle)
    text = re.search(r"<textarea[^>]*>(.*?)</textarea>", settle, re.S).group(1)
    assert "Bo pays Anna 2 chips = 1.00" in text
    assert "Bo pays Clara 1 chip = 0.50" in text
    assert 'href="mailto:?subject=' in settle and "data-copy" in settle


def test_htmx_gets_the_fragment_with_what_was_saved(client) -> None:
    game = start(client)
    response = post_entry(
        client,
        game,
        {"action": "boodle", "card": "JS", "by": "Anna"},
        headers={"HX-Request": "true"},
    )
    assert response.status_code == 200
    assert response.text.lstrip().startswith('<section id="game"')
    assert "✓ Anna plays J♠ and takes the 4 chips on it" in response.text


def test_a_hand_edited_post_with_garbage_is_422_never_500(client, app) -> None:
    game = start(client)
    for data in (
        {},
        {"action": "zzz"},
        {"action": "boodle"},
        {"action": "boodle", "card": "10H", "by": "Anna"},
        {"action": "fault", "fault": "cheating", "by": "Anna"},
        {"action": "out"},
        {"action": "out", "out": "Eve"},
        {"action": "widow", "widow": "swap"},  # the spare hand is dead here
    ):
        response = post_entry(client, game, data)
        assert response.status_code == 422, data
    assert entries(app) == [] and draft_of(app) is None


def test_export_then_import_and_score_give_the_same_balances(client, runner, tmp_path) -> None:
    game = start(client, chip_value="2")
    two_worked_deals(client, game)
    record = client.get(game.path + "export").get_json()
    assert record["options"]["chip_value"] == 2 and len(record["rounds"]) == 2
    response = import_record(client, game.token, record)
    ok(response)
    assert balances(client.get(response.headers["Location"]).text) == [-2, -7, -3]
    path = tmp_path / "boodle.json"
    path.write_text(json.dumps(record))
    scored = json.loads(runner.invoke(args=["score", str(path)]).stdout)
    assert scored["totals"] == {"Anna": -2, "Bo": -7, "Clara": -3}
    assert scored["layout"] == {"AH": 0, "KC": 8, "QD": 4, "JS": 0}


def test_the_rules_card_marks_the_tables_options(client) -> None:
    game = start(client, preset="free")
    page = client.get(game.path + "rules").text
    assert '<p class="active">Free stake: everyone places 6 chips as they like' in page
    assert re.search(r'<li class="active">Auction: it is sold unseen', page)
    assert '<li class="">Dead' in page


def test_setup_custom_options_and_a_bad_chip_value(client) -> None:
    data = {"step": "players", "game": "boodle"}
    data.update({f"players-{i}": n for i, n in enumerate(PLAYERS)})
    assert client.post("/new", data=data).status_code == 200
    data.update({"step": "options", "first": "Anna", "boodle-preset": "custom"})
    data.update({"boodle-ante": "free", "boodle-free": "4", "boodle-widow": "swap"})
    response = client.post("/new", data={**data, "boodle-chip_value": "lots"})
    assert response.status_code == 422
    assert "Enter the money one chip is worth" in response.text
    response = client.post("/new", data={**data, "boodle-chip_value": "0,25"})
    ok(response)
    record = client.get(response.headers["Location"] + "export").get_json()
    assert record["options"] == {
        "ante": {"free": 4},
        "widow": "swap",
        "three_in_one": False,
        "chip_value": 0.25,
    }


def test_the_watch_view_shows_the_layout_without_forms(client) -> None:
    game = start(client)
    play(client, game, "AH", "Bo")
    watch = re.search(r'href="(/v/[^"]+)"', client.get(game.path).text).group(1)
    page = client.get(watch).text
    assert "<form" not in page
    assert "Bo took 4" in page


def test_only_the_game_page_says_a_deals_number_opens_its_correction(client) -> None:
    game = start(client)
    two_worked_deals(client, game)
    page = client.get(game.path).text
    assert "Tap a deal's number to correct it." in html.unescape(page)
    watch = client.get(re.search(r'href="(/v/[^"]+)"', page).group(1)).text
    assert "Correct deal 1" not in watch  # its numbers are no links
    assert "correct it" not in watch
    assert "D marks the dealer, the underline who went out." in watch


def correction_rows(page: str) -> int:
    return len(re.findall(r'<select name="ev_\d+_what"', page))


def test_a_correction_offers_a_row_for_every_card_still_on_the_layout_and_a_fault_each(
    client, app
) -> None:
    game = start(client)
    play(client, game, "QD", "Anna")
    go_out(client, game, "Anna", {"Bo": 3, "Clara": 5})
    page = client.get(game.path + "rounds/1").text
    # Q♦'s row, the three other boodle cards, and a fault for each of the three players
    assert correction_rows(page) == 1 + 3 + 3
    # the deal in one save: all four boodle cards and two faults
    fields = form_fields(page, "rounds/1")
    played = [("AH", "Bo"), ("wrong-lead", "Clara"), ("KC", "Anna"), ("JS", "Bo")]
    played += [("withheld", "Clara")]
    for row, (what, by) in enumerate(played, start=1):
        fields.update({f"ev_{row}_what": what, f"ev_{row}_by": by})
    ok(client.post(game.path + "rounds/1", data=fields))
    assert [next(iter(event.values())) for event in entries(app)[0]["events"]] == [
        "QD", "AH", "wrong-lead", "KC", "JS", "withheld", "Anna"
    ]  # fmt: skip
    page = client.get(game.path + "rounds/1").text
    assert correction_rows(page) == 6 + 0 + 3  # every card is in: rows for the faults only


def test_the_settle_up_sentences_write_numbers_as_the_language_does(client) -> None:
    players = ["Anna", "Bo", "Clara", "Dan"]
    game = start(client, players=players, first="Anna", chip_value="0,50")
    play(client, game, "AH", "Bo")
    go_out(client, game, "Bo", {"Anna": 2, "Clara": 3, "Dan": 1}, players)
    # 15 chips left on the layout: 3.75 each. Anna −10, Bo +7, Clara −7, Dan −5 before it;
    # at 0.50 a chip Anna's −3.125 and Bo's +5.375 go to the cent as the evening's would.
    page = client.get(game.path).text
    settle = html.unescape(page.split('id="settle"')[1])
    assert "Bo won 5.38; Anna lost 3.12 of it and 2 other players the rest." in settle
    assert "<td>−6.25</td><td>−3.12</td>" in settle
    page = client.get(game.path + "?lang=sv").text
    settle = html.unescape(page.split('id="settle"')[1].split("</section>")[0])
    assert "6,25" in settle and "10,75" in settle
    assert not re.search(r"\d\.\d", settle), re.findall(r".{30}\d\.\d.{30}", settle)
