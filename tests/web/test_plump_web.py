"""Plump through the real forms: set-up, bids, tricks, the sheet, undo, corrections, the end."""

from __future__ import annotations

import html
import json
import re

from tests.examples import EXAMPLES
from tests.web.helpers import (
    PLAYERS,
    entries,
    form_fields,
    imported_game,
    play_deal,
    post_entry,
    seat_fields,
    start_game,
    totals_row,
    version_of,
)

DEAL_1 = ({"Bo": 3, "Cia": 2, "Dan": 1, "Anna": 3}, {"Bo": 3, "Cia": 3, "Dan": 1, "Anna": 3})
DEAL_2 = ({"Cia": 0, "Dan": 2, "Anna": 4, "Bo": 2}, {"Cia": 0, "Dan": 3, "Anna": 4, "Bo": 2})
DEAL_3 = ({"Dan": 1, "Anna": 3, "Bo": 3, "Cia": 0}, {"Dan": 1, "Anna": 2, "Bo": 3, "Cia": 2})


def test_the_page_tells_what_comes_next(client) -> None:
    game = start_game(client)
    page = client.get(game.path).text
    assert "Deal 1 of 19" in page
    assert "Anna deals" in page
    assert "Bo bids first" in page
    assert "Save bids" in page


def test_three_deals_give_the_worked_example_totals(client, app) -> None:
    game = start_game(client)
    for bids, tricks in (DEAL_1, DEAL_2, DEAL_3):
        play_deal(client, game, bids, tricks)
    page = client.get(game.path).text
    assert totals_row(page) == [27, 38, 10, 22]
    assert "Deal 4 of 19" in page and "Dan deals" in page
    assert '<s class="bid"' in page  # Cia's missed bid is struck through
    assert len(entries(app)) == 3


def test_the_dealers_forbidden_bid_is_refused_and_the_input_kept(client, app) -> None:
    game = start_game(client)
    version = version_of(client, game)
    bids = {"Bo": 3, "Cia": 2, "Dan": 1, "Anna": 4}
    response = post_entry(client, game, seat_fields("bids", bids))
    assert response.status_code == 422
    assert "The dealer may not bid 4" in response.text
    assert re.search(r'name="bids_1" value="3"\s+checked', response.text)  # Bo's 3 kept
    assert entries(app) == []
    assert version_of(client, game) == version


def test_a_bid_above_the_cards_or_text_is_refused(client, app) -> None:
    game = start_game(client)
    response = post_entry(client, game, {"bids_0": 11, "bids_1": "abc", "bids_2": 1, "bids_3": 1})
    assert response.status_code == 422
    assert "Choose from 0 to 10." in response.text
    assert "abc is not a number." in response.text
    assert entries(app) == []


def test_a_missing_bid_is_asked_for(client, app) -> None:
    game = start_game(client)
    response = post_entry(client, game, {"bids_0": 1, "bids_1": 1, "bids_2": 1})
    assert response.status_code == 422
    assert "Tap a number." in response.text
    assert entries(app) == []


def test_tricks_that_do_not_add_up_are_refused(client, app) -> None:
    game = start_game(client)
    post_entry(client, game, seat_fields("bids", DEAL_1[0]))
    tricks = {"Bo": 3, "Cia": 3, "Dan": 1, "Anna": 2}
    response = post_entry(client, game, seat_fields("tricks", tricks))
    assert response.status_code == 422
    # In the app's words, as the tally says it (the engine's own words are for a record).
    said = "The tricks add up to 9, but 10 cards were dealt: one count is wrong."
    assert said in response.text
    assert "tricks" not in entries(app)[0]


def test_a_double_tap_stores_the_bids_once(client, app) -> None:
    game = start_game(client)
    version = version_of(client, game)
    fields = seat_fields("bids", DEAL_1[0])
    first = post_entry(client, game, fields, version=version, key="same-key-123")
    again = post_entry(client, game, fields, version=version, key="same-key-123")
    assert first.status_code == 303
    assert again.status_code == 303
    assert len(entries(app)) == 1


def test_a_replayed_request_after_more_entries_changes_nothing(client, app) -> None:
    game = start_game(client)
    version = version_of(client, game)
    fields = seat_fields("bids", DEAL_1[0])
    post_entry(client, game, fields, version=version, key="bids-key-1234")
    post_entry(client, game, seat_fields("tricks", DEAL_1[1]))
    replay = post_entry(client, game, fields, version=version, key="bids-key-1234")
    assert replay.status_code == 303
    assert len(entries(app)) == 1 and "tricks" in entries(app)[0]


def test_a_form_from_an_older_sheet_answers_409_with_the_input_kept(client, app) -> None:
    game = start_game(client)
    old_version = version_of(client, game)
    post_entry(client, game, seat_fields("bids", DEAL_1[0]))  # another phone
    post_entry(client, game, seat_fields("tricks", DEAL_1[1]))
    mine = seat_fields("bids", DEAL_2[0])
    response = post_entry(client, game, mine, version=old_version + 1)
    assert response.status_code == 409
    assert "Another phone entered meanwhile" in response.text
    assert "Tricks of deal 1 saved." in response.text
    assert len(entries(app)) == 1


def test_stale_input_is_kept_when_the_table_is_still_at_that_step(client, app) -> None:
    game = start_game(client)
    version = version_of(client, game)
    undo = client.post(game.path + "undo", data={"version": version, "key": "k" * 12})
    assert undo.status_code == 422  # nothing to undo yet
    post_entry(client, game, seat_fields("bids", DEAL_1[0]))
    client.post(game.path + "undo", data={"version": version + 1, "key": "u" * 12})
    response = post_entry(
        client, game, seat_fields("bids", DEAL_2[0]) | {"step": "bids-1"}, version=version
    )
    assert response.status_code == 409
    assert re.search(r'name="bids_2" value="0"\s+checked', response.text)  # Cia's 0 kept


def test_a_hand_edited_post_with_garbage_is_422_never_500(client, app) -> None:
    game = start_game(client)
    for data in (
        {},
        {"version": "x", "key": "abcdefgh12"},
        {"version": 0, "key": "<script>"},
        {"version": 0, "key": "abcdefgh12", "bids_0": "1e9", "bids_1": "-1", "trump": "X"},
    ):
        response = client.post(game.path + "enter", data=data)
        assert response.status_code == 422, data
    assert entries(app) == []


def test_an_unknown_trump_is_refused(client, app) -> None:
    game = start_game(client)
    response = post_entry(client, game, seat_fields("bids", DEAL_1[0]) | {"trump": "Z"})
    assert response.status_code == 422
    assert "Z is not one of the choices." in response.text


def test_undo_takes_back_tricks_then_bids(client, app) -> None:
    game = start_game(client)
    play_deal(client, game, *DEAL_1)
    version = version_of(client, game)
    assert (
        client.post(game.path + "undo", data={"version": version, "key": "undo-1-abc"}).status_code
        == 303
    )
    assert "tricks" not in entries(app)[0]
    assert (
        client.post(
            game.path + "undo", data={"version": version + 1, "key": "undo-2-abc"}
        ).status_code
        == 303
    )
    assert entries(app) == []


def test_correcting_an_earlier_deal_recomputes_everything_after_it(client) -> None:
    game = start_game(client)
    for bids, tricks in (DEAL_1, DEAL_2, DEAL_3):
        play_deal(client, game, bids, tricks)
    form = client.get(game.path + "rounds/1")
    assert form.status_code == 200
    fields = seat_fields("bids", DEAL_1[0]) | seat_fields(
        "tricks", {"Bo": 3, "Cia": 2, "Dan": 2, "Anna": 3}
    )
    response = client.post(
        game.path + "rounds/1",
        data={"version": version_of(client, game), "key": "correct-1-abc", **fields},
    )
    assert response.status_code == 303
    # deal 1 now: Anna 13, Bo 13, Cia 12, Dan 0
    assert totals_row(client.get(game.path).text) == [27, 38, 22, 11]


def test_a_correction_that_breaks_a_rule_is_refused(client, app) -> None:
    game = start_game(client)
    play_deal(client, game, *DEAL_1)
    fields = seat_fields("bids", {"Bo": 3, "Cia": 2, "Dan": 1, "Anna": 4}) | seat_fields(
        "tricks", DEAL_1[1]
    )
    response = client.post(
        game.path + "rounds/1",
        data={"version": version_of(client, game), "key": "correct-2-abc", **fields},
    )
    assert response.status_code == 422
    assert "The dealer may not bid 4" in response.text
    assert entries(app)[0]["bids"]["Anna"] == 3


def test_htmx_gets_the_fragment_and_other_phones_poll_cheaply(client) -> None:
    game = start_game(client)
    version = version_of(client, game)
    headers = {"HX-Request": "true"}
    response = post_entry(client, game, seat_fields("bids", DEAL_1[0]), headers=headers)
    assert response.status_code == 200
    assert response.text.lstrip().startswith('<section id="game"')
    assert "Bids of deal 1 saved." in response.text
    assert "HX-Request" in response.headers["Vary"]
    unchanged = client.get(game.path + f"poll?version={version + 1}", headers=headers)
    assert unchanged.status_code == 204
    changed = client.get(game.path + f"poll?version={version}", headers=headers)
    assert changed.status_code == 200 and "Tricks taken" in changed.text


def test_export_then_import_gives_the_same_protocol(client) -> None:
    game = start_game(client)
    for bids, tricks in (DEAL_1, DEAL_2):
        play_deal(client, game, bids, tricks)
    exported = client.get(game.path + "export")
    assert exported.headers["Content-Disposition"].startswith("attachment")
    record = exported.get_json()
    assert record["players"] == PLAYERS and len(record["rounds"]) == 2
    upload = {"record": (__import__("io").BytesIO(json.dumps(record).encode()), "game.json")}
    response = client.post(
        f"/t/{game.token}/import", data=upload, content_type="multipart/form-data"
    )
    assert response.status_code == 303
    assert totals_row(client.get(response.headers["Location"]).text) == totals_row(
        client.get(game.path).text
    )


def test_importing_a_broken_record_says_why(client) -> None:
    game = start_game(client)
    record = {
        "format": "table-assistant/1",
        "game": "plump",
        "players": PLAYERS,
        "rounds": [{"bids": {"Bo": 1, "Cia": 1, "Dan": 1, "Eve": 1}}],
    }
    upload = {"record": (__import__("io").BytesIO(json.dumps(record).encode()), "game.json")}
    response = client.post(
        f"/t/{game.token}/import", data=upload, content_type="multipart/form-data"
    )
    assert response.status_code == 422
    assert "round 1" in response.text


def test_a_wrong_link_is_404_and_the_watch_view_has_no_form(client) -> None:
    game = start_game(client)
    assert client.get("/t/not-a-token/").status_code == 404
    assert client.get(game.path.replace(game.token, "x" * 22)).status_code == 404
    table = client.get(f"/t/{game.token}/").text
    watch = re.search(r'href="(/v/[^"]+)"', client.get(game.path).text).group(1)
    page = client.get(watch).text
    assert "Save bids" not in page and "<form" not in page
    assert "Deal 1 of 19" in page
    assert "QR code" in table


def test_a_whole_game_ends_with_the_winner_and_refuses_more(client, app) -> None:
    game = start_game(client, players=["Anna", "Bo", "Cia"], start_cards=None)
    players = ["Anna", "Bo", "Cia"]
    plan = list(range(10, 0, -1)) + list(range(2, 11))
    for deal, cards in enumerate(plan):
        order = [players[(deal + 1 + i) % 3] for i in range(3)]
        bids = {order[0]: cards, order[1]: 1, order[2]: 0}  # the dealer is free: 1 too many
        tricks = {order[0]: cards, order[1]: 0, order[2]: 0}
        play_deal(client, game, bids, tricks, players=players)
    page = client.get(game.path).text
    assert "Game over" in page
    expected = dict.fromkeys(players, 0)
    for deal, cards in enumerate(plan):  # the first bidder makes all cards, the dealer his 0
        expected[players[(deal + 1) % 3]] += 10 + cards
        expected[players[deal % 3]] += 10
    assert totals_row(page) == [expected[p] for p in players]
    best = max(expected.values())
    winners = [p for p in players if expected[p] == best]
    assert f"Winner: {winners[0]}" in page if len(winners) == 1 else "Shared win" in page
    response = post_entry(client, game, seat_fields("bids", {"Anna": 1}, players))
    assert response.status_code == 422
    assert "The game is over" in response.text
    assert "finished" in client.get(f"/t/{game.token}/").text
    assert "Play again with the same players" in page


def test_setup_refuses_too_few_players_and_keeps_the_names(client) -> None:
    data = {"step": "players", "game": "plump", "players-0": "Anna", "players-1": "Bo"}
    response = client.post("/new", data=data)
    assert response.status_code == 422
    assert "Plump is played by 3 to 7 players; you named 2." in response.text
    assert 'value="Bo"' in response.text


def test_setup_refuses_twin_names_and_an_unknown_game(client) -> None:
    data = {
        "step": "players",
        "game": "plump",
        "players-0": "Anna",
        "players-1": "anna",
        "players-2": "Bo",
    }
    assert "Two players have the same name." in client.post("/new", data=data).text
    data = {"step": "players", "game": "skat", "players-0": "A", "players-1": "B", "players-2": "C"}
    response = client.post("/new", data=data)
    assert response.status_code == 422 and "Choose a game." in response.text


def test_setup_custom_options_reach_the_game(client) -> None:
    game = start_game(
        client,
        preset="custom",
        scoring="trick-plus-ten",
        start_cards="5",
        schedule="down",
        trump="cycle",
        tie_break="share",
        zero_bid_points="10",
    )
    page = client.get(game.path).text
    assert "Deal 1 of 5" in page  # down only, from 5 cards
    assert "5 cards" in page.replace("<strong>5</strong> cards", "5 cards")
    assert "turn up trump" not in page  # cycle: hearts first, nothing to enter


def test_setup_can_go_back_to_the_players(client) -> None:
    data = {"step": "options", "game": "plump", "back": "1"}
    data |= {f"players-{i}": n for i, n in enumerate(["Anna", "Bo", "Cia"])}
    response = client.post("/new", data=data)
    assert response.status_code == 200
    assert "Players, in seating order" in response.text
    assert 'value="Cia"' in response.text


def test_every_change_is_logged_with_the_phone_that_made_it(client, app) -> None:
    from assistant.extensions import db
    from assistant.store.models import Change, Entry

    game = start_game(client)
    play_deal(client, game, *DEAL_1)
    with app.app_context():
        authors = {c.author for c in db.session.execute(db.select(Change)).scalars()}
        stored = {e.author for e in db.session.execute(db.select(Entry)).scalars()}
    assert len(authors) == 1 and "" not in authors
    assert stored == authors


def test_setup_asks_who_deals_first(client) -> None:
    data = {"step": "options", "game": "plump", "plump-preset": "standard", "first": "Zed"}
    data |= {f"players-{i}": n for i, n in enumerate(["Anna", "Bo", "Cia"])}
    response = client.post("/new", data=data)
    assert response.status_code == 422
    assert "Choose who deals first, or let the app draw." in response.text


def undo_button(page: str) -> str:
    found = re.search(r'<button type="submit" class="button undo">↶ (.*?)</button>', page)
    return html.unescape(found.group(1)) if found else ""


def test_undo_names_what_it_takes_back_and_says_it_did(client, app) -> None:
    game = start_game(client)
    assert undo_button(client.get(game.path).text) == ""  # nothing to undo: no button
    post_entry(client, game, seat_fields("bids", DEAL_1[0]))
    assert undo_button(client.get(game.path).text) == "Undo: the bids of deal 1"
    post_entry(client, game, seat_fields("tricks", DEAL_1[1]))
    assert undo_button(client.get(game.path).text) == "Undo: the tricks of deal 1"
    data = {"version": version_of(client, game), "key": "undo-tricks-1"}
    answer = client.post(game.path + "undo", data=data, headers={"HX-Request": "true"})
    assert "✓ Undone: the tricks of deal 1." in html.unescape(answer.text)
    assert undo_button(answer.text) == "Undo: the bids of deal 1"
    assert "tricks" not in entries(app)[0]


def test_a_saved_correction_says_how_the_totals_moved(client) -> None:
    game = start_game(client)
    for bids, tricks in (DEAL_1, DEAL_2):
        play_deal(client, game, bids, tricks)
    fields = seat_fields("bids", DEAL_1[0]) | seat_fields(
        "tricks", {"Bo": 3, "Cia": 2, "Dan": 2, "Anna": 3}
    )
    data = {"version": version_of(client, game), "key": "correct-1-said", **fields}
    response = client.post(game.path + "rounds/1", data=data)
    assert response.status_code == 303
    page = html.unescape(client.get(game.path).text)  # the page after the redirect says it
    assert "Deal 1 corrected. Totals: Cia 10 → 22, Dan 11 → 0." in page
    assert "Deal 1 corrected" not in html.unescape(client.get(game.path).text)  # said once
    unchanged = {"version": version_of(client, game), "key": "correct-1-same", **fields}
    same = client.post(game.path + "rounds/1", data=unchanged | seat_fields("bids", DEAL_1[0]))
    assert same.status_code == 422  # nothing changed: refused, not logged as a correction


def test_the_strip_shows_the_totals_the_leader_and_the_bids_in_play(client) -> None:
    game = start_game(client)
    for bids, tricks in (DEAL_1, DEAL_2, DEAL_3):
        play_deal(client, game, bids, tricks)
    post_entry(client, game, seat_fields("bids", {"Anna": 1, "Bo": 0, "Cia": 2, "Dan": 0}))
    page = html.unescape(client.get(game.path).text)
    strip = page.split('class="strip"')[1].split("</section>")[0]
    rows = re.findall(r'<li class="strip-row([^"]*)">(.*?)</li>', strip, re.S)
    totals = [re.search(r'strip-total">(\d+)<', row).group(1) for _, row in rows]
    assert totals == ["27", "38", "10", "22"]
    assert [("leader" in css) for css, _ in rows] == [False, True, False, False]
    assert "bid 2" in rows[2][1]  # Cia's bid for the deal being played
    assert "Ahead: Bo by 11" in strip


def test_a_stale_form_says_its_taps_were_not_kept_when_the_step_is_done(client, app) -> None:
    game = start_game(client)
    version = version_of(client, game)
    post_entry(client, game, seat_fields("bids", DEAL_1[0]))  # another phone saves the bids
    mine = seat_fields("bids", DEAL_2[0]) | {"step": "bids-1"}
    response = post_entry(client, game, mine, version=version, headers={"HX-Request": "true"})
    assert response.status_code == 409
    text = html.unescape(response.text)
    assert "Your taps were for a step the table has already done, so they were not kept." in text
    assert "data-lost" in text  # the page lists what had been tapped
    assert "Tricks taken" in text and entries(app) == [{"bids": DEAL_1[0]}]


def test_a_poll_after_another_phones_entry_says_what_it_did(client) -> None:
    game = start_game(client)
    version = version_of(client, game)
    assert client.get(game.path + f"poll?version={version}").status_code == 204
    post_entry(client, game, seat_fields("bids", DEAL_1[0]))
    answer = client.get(game.path + f"poll?version={version}", headers={"HX-Request": "true"})
    text = html.unescape(answer.text)
    assert answer.status_code == 200
    assert 'data-elsewhere="Bids of deal 1 saved. Bo leads."' in text
    assert "↻ Another phone: Bids of deal 1 saved. Bo leads." in text


def test_the_dealers_reason_counts_one_card_in_the_singular(client) -> None:
    game = start_game(client, preset="custom", start_cards="5", schedule="up", hook="y")
    page = html.unescape(client.get(game.path).text)
    assert "Deal 1 of 5" in page
    assert "the bids would add up to the 1 card." in page
    assert "1 cards" not in page


def test_undo_brings_each_step_back_as_it_was_entered(client, app) -> None:
    """To change one wrong key, not tap the whole round again: Undo of the tricks shows the
    tricks as entered, Undo of the bids the bids and the trump, and the Undo after that goes
    on to the step before."""
    game = start_game(client)
    play_deal(client, game, *DEAL_1, trump="H")
    bids, tricks = DEAL_1
    for undone in ("tricks", "bids"):
        client.post(
            game.path + "undo", data={"version": version_of(client, game), "key": undone * 3}
        )
        posted = form_fields(client.get(game.path).text, "/enter")
        assert {k: v for k, v in posted.items() if k.startswith(undone)} == {
            k: str(v)
            for k, v in seat_fields(undone, DEAL_1[0] if undone == "bids" else tricks).items()
        }
    assert posted["trump"] == "H"
    assert entries(app) == []
    changed = seat_fields("bids", bids | {"Dan": 0}) | {"trump": "H"}
    assert post_entry(client, game, changed).status_code == 303
    assert entries(app) == [{"trump": "H", "bids": bids | {"Dan": 0}}]
    assert "bids_0" not in form_fields(client.get(game.path).text, "/enter")  # tricks now, empty


def test_a_correction_that_changes_nothing_is_refused_and_not_logged(client, app) -> None:
    game = start_game(client)
    play_deal(client, game, *DEAL_1)
    page = client.get(game.path + "rounds/1").text
    answer = client.post(game.path + "rounds/1", data=form_fields(page, "/rounds/1"))
    assert answer.status_code == 422
    assert "Nothing was changed: the round is as it was. Change a value first." in answer.text
    history = html.unescape(client.get(game.path + "history").text)
    assert "Deal 1 corrected" not in history


def test_a_phone_named_once_is_named_in_the_history(client, app) -> None:
    """ "Anna's phone": the name this phone gave itself is what another phone's history says,
    for what it entered before it was named too."""
    game = start_game(client)
    play_deal(client, game, *DEAL_1)
    history = client.get(game.path + "history").text
    assert "this phone" in history and "Name this phone" in history
    fields = form_fields(history, "/phone")
    refused = client.post(game.path + "phone", data=fields | {"name": "  "})
    assert refused.status_code == 422 and "Give the phone a name." in refused.text
    named = client.post(game.path + "phone", data=fields | {"name": "Anna's phone"})
    assert named.status_code == 303
    post_entry(client, game, seat_fields("bids", DEAL_2[0]))
    other = app.test_client()  # another phone at the table
    page = html.unescape(other.get(game.path + "history").text)
    changes = page.count('<li class="hchange')
    assert changes == 3 and page.count("· Anna's phone ·") == changes
    mine = html.unescape(client.get(game.path + "history").text)
    assert "This phone is Anna's phone: rename it" in mine


def test_a_stale_entry_after_the_last_deal_says_what_ended_the_game(client, app) -> None:
    """Two phones enter the last deal's tricks: the second is told the game ended meanwhile,
    with what the other phone entered, and that its taps were not kept."""
    finished = json.loads((EXAMPLES / "plump-come-and-go.json").read_text())  # 5 deals
    last = finished["rounds"][-1]
    bids_only = {name: value for name, value in last.items() if name != "tricks"}
    one_to_go = {**finished, "rounds": [*finished["rounds"][:-1], bids_only]}
    game = imported_game(client, one_to_go)
    version = version_of(client, game)
    tricks = {"step": f"tricks-{len(finished['rounds'])}"}
    tricks |= seat_fields("tricks", last["tricks"], finished["players"])
    assert post_entry(client, game, tricks, version=version).status_code == 303
    response = post_entry(client, game, tricks, version=version, headers={"HX-Request": "true"})
    assert response.status_code == 409
    text = html.unescape(response.text)
    assert "Another phone entered meanwhile (Tricks of deal 5 saved)." in text
    assert "so they were not kept" in text and "data-lost" in text
