"""Mus through the real forms: a hand lance by lance (kept in the draft), the showdown from the
cards or the winners, games and the match, every bad input of the issue, undo, corrections."""

from __future__ import annotations

import html
import re

import pytest
from hypothesis import given
from hypothesis import strategies as st

from assistant.games.mus import check_betting, declare, replay
from assistant.games.mus import score as score_of
from assistant.games.mus.count import Ending
from assistant.games.mus.draft import FOURTH, fold, round_of
from assistant.play.mus.reopen import reopening, steps_of
from tests.games.test_mus_properties import FAST, OPTIONS, as_showdown, draw_match, record
from tests.web.helpers import (
    GameUrl,
    draft,
    entries,
    errors,
    form_fields,
    import_record,
    post_entry,
    start_game,
    version_of,
)

FOUR = ["Anna", "Ben", "Carla", "Dan"]
SEED_CARDS = {"cards_0": "K3QA", "cards_1": "7654", "cards_2": "JJ54", "cards_3": "KQ77"}

# What the page says of the seed hand's lances (``seed_betting``).
SEED_SAID = [
    "grande: paso",
    "chica: Ben & Dan bet 2 — quiero",
    "pares: Anna, Carla, Dan said yes",
    "pares: Anna & Carla bet 2 — no quiero",
    "juego: Anna, Dan said yes",
    "juego: Ben & Dan bet 2 — quiero",
]


def score(page: str) -> list[int]:
    """The teams' stones on the score strip."""
    return [int(n) for n in re.findall(r'class="strip-total">(\d+)<', page)]


def dentro(page: str) -> list[bool]:
    """Which team's row on the strip says it is dentro (with the word explained by a tap)."""
    rows = re.findall(r'<li class="strip-row[^"]*">(.*?)</li>', page, re.S)
    return ["⚠ dentro</button>" in row for row in rows]


def said(page: str) -> list[str]:
    block = re.search(r'<ol class="mus-said".*?</ol>', page, re.S)
    if block is None:
        return []
    return [html.unescape(li) for li in re.findall(r"<li>(.*?)</li>", block.group(0))]


def mus_game(client, first="Anna", **options):
    return start_game(client, game="mus", players=FOUR, first=first, **options)


def tap(client, game, act, **fields):
    """One submit of the panel; asserts it was taken."""
    response = post_entry(client, game, {"act": act, **fields})
    assert response.status_code == 303, errors(response.text) or response.text[:500]
    return response


def seed_betting(client, game) -> None:
    """The seed example's betting: grande paso; chica Ben bets 2, Anna quiero; pares Carla 2,
    Dan no quiero; juego Dan 2, Anna quiero (with who said yes before pares and juego)."""
    tap(client, game, "paso")
    tap(client, game, "quiero-1", lances_chica_bets="2")
    tap(client, game, "said", said_0="y", said_2="y", said_3="y")
    tap(client, game, "no_quiero-2", lances_pares_bets="2", lances_pares_by="1")
    tap(client, game, "said", said_0="y", said_3="y")
    tap(client, game, "quiero-1", lances_juego_bets="2")


def test_setup_shows_the_teams_and_the_options_reach_the_game(client) -> None:
    data = {"step": "players", "game": "mus"} | {f"players-{i}": n for i, n in enumerate(FOUR)}
    page = client.post("/new", data=data).text
    assert "Who is mano first?" in page
    assert "Anna & Carla" in html.unescape(page) and "Ben & Dan" in html.unescape(page)
    game = mus_game(client, preset="custom", target="30", games_to_win="1", kings="4")
    page = client.get(game.path).text
    assert "Hand 1" in page and "Dan deals" in page and "Anna is mano" in page
    rules = client.get(game.path + "rules").text
    assert "This table plays to 30 stones" in rules and "4 kings" in rules


def test_the_seed_hand_with_cards_is_11_to_0(client, app) -> None:
    game = mus_game(client)
    seed_betting(client, game)
    page = client.get(game.path).text
    assert said(page) == SEED_SAID
    assert "Showdown" in page and entries(app) == []
    assert draft(app)["hand"] == 1 and len(draft(app)["facts"]) == 6
    tap(client, game, "save", mode="cards", **SEED_CARDS)
    assert draft(app) is None
    assert entries(app) == [
        {
            "lances": {
                "grande": "paso",
                "chica": {"by": 2, "bets": [2], "answer": "quiero"},
                "pares": {"by": 1, "bets": [2], "answer": "no_quiero"},
                "juego": {"by": 2, "bets": [2], "answer": "quiero"},
            },
            "cards": {"Anna": "K3QA", "Ben": "7654", "Carla": "JJ54", "Dan": "KQ77"},
        }
    ]
    page = html.unescape(client.get(game.path).text)
    assert score(page) == [11, 0]
    assert "Hand 2" in page and "Ben is mano" in page and "Anna deals" in page
    assert "pares: Anna & Carla 1 at once, 2 at the count" in page
    assert "juego: Anna & Carla 2+3" in page
    assert "Anna's K-K-Q-A beats Dan's K-Q-7-7 at grande" in page
    strip = page.split('class="strip-rows"')[1].split("</ul>")[0]  # 11 stones: 5, 5 and 1
    assert strip.count('class="mark amarraco"') == 2 and strip.count('class="mark piedra"') == 1


def test_the_seed_hand_by_winners_and_values(client, app) -> None:
    game = mus_game(client)
    seed_betting(client, game)
    tap(
        client,
        game,
        "save",
        mode="winners",
        showdown_grande="1",
        showdown_chica="1",
        pares_values_1="2",
        pares_values_2="1",
        fourth="juego",
        showdown_fourth="1",
        juego_values_1="3",
        juego_values_2="2",
    )
    assert entries(app)[0]["showdown"] == {
        "grande": 1, "chica": 1, "juego": 1, "pares_values": [2, 1], "juego_values": [3, 2],
    }  # fmt: skip
    assert score(client.get(game.path).text) == [11, 0]


def test_undisputed_pares_and_punto_need_no_betting(client, app) -> None:
    game = mus_game(client)
    tap(client, game, "paso")
    tap(client, game, "paso")
    tap(client, game, "said", said_0="y")  # only Anna: no pares betting
    page = client.get(game.path).text
    assert "only Anna &amp; Carla (Anna) — no betting, counted at the end" in page
    assert "Juego? Tap who said yes" in page
    tap(client, game, "said")  # nobody has juego: punto
    assert "Punto" in client.get(game.path).text
    tap(client, game, "quiero-2", lances_punto_bets="2")  # Anna & Carla bet 2 on punto
    cards = {"cards_0": "KK54", "cards_1": "7654", "cards_2": "QJ64", "cards_3": "J75A"}
    tap(client, game, "save", mode="cards", **cards)
    lances = entries(app)[0]["lances"]
    assert lances["pares"] == "paso" and lances["punto"]["bets"] == [2]


def test_skipped_declarations_let_the_cards_name_the_fourth_lance(client, app) -> None:
    game = mus_game(client)
    tap(client, game, "paso")
    tap(client, game, "paso")
    tap(client, game, "skip")
    tap(client, game, "paso")
    tap(client, game, "skip")
    assert "juego / punto" in client.get(game.path).text.lower()
    tap(client, game, "no_quiero-1", lances_juego_bets="2")  # Ben & Dan bet, rejected
    cards = {"cards_0": "KK54", "cards_1": "7654", "cards_2": "QJ64", "cards_3": "J75A"}
    tap(client, game, "save", mode="cards", **cards)
    assert "punto" in entries(app)[0]["lances"]  # nobody had juego: the cards say punto


def test_a_raise_is_told_next_and_a_rejected_raise_pays_the_stake_before_it(client, app) -> None:
    game = mus_game(client)
    tap(client, game, "raise-2", lances_grande_bets="2")  # Anna & Carla bet 2, raised
    page = client.get(game.path).text
    assert "grande: Anna &amp; Carla bet 2 — Ben &amp; Dan raise" in page
    assert "Ben &amp; Dan raise" in page and 'value="quiero-1"' in page
    tap(client, game, "raise-1", lances_grande_bets="5")
    tap(client, game, "no_quiero-2", lances_grande_bets="10")
    assert draft(app)["facts"][-1] == {"lance": "grande", "bet": 10, "answer": "no_quiero"}
    assert "grande: Anna &amp; Carla bet 2, +5, +10 — no quiero" in client.get(game.path).text


def test_a_rejection_that_reaches_the_target_ends_the_hand_at_once(client, app) -> None:
    game = mus_game(client, preset="custom", target="30", games_to_win="1")
    tap(client, game, "raise-2", lances_grande_bets="2")
    tap(client, game, "raise-1", lances_grande_bets="30")
    tap(client, game, "no_quiero-2", lances_grande_bets="5")  # Anna & Carla get 32 at once
    assert draft(app) is None
    assert entries(app)[0]["lances"] == {"grande": {"by": 1, "bets": [2, 30, 5],
                                                    "answer": "no_quiero"}}  # fmt: skip
    page = html.unescape(client.get(game.path).text)
    assert "Match over" in page and "Anna & Carla win the match" in page
    response = post_entry(client, game, {"act": "paso"})
    assert response.status_code == 422
    assert "The game is over: nothing more can be entered." in errors(response.text)
    assert len(entries(app)) == 1


def test_an_accepted_ordago_asks_only_who_won_that_lance(client, app) -> None:
    game = mus_game(client)
    tap(client, game, "paso")
    tap(client, game, "quiero-2", lances_chica_bets="2", ordago="y")
    page = client.get(game.path).text
    assert "Órdago at chica: who won?" in page
    assert 'name="showdown_grande"' not in page and 'name="showdown_chica"' in page
    tap(client, game, "save", mode="winners", showdown_chica="2")
    page = html.unescape(client.get(game.path).text)
    assert "chica: Ben & Dan win the órdago and the game" in page
    assert "Game 2" in page
    assert "won by Ben & Dan with an órdago (Anna & Carla 0, Ben & Dan 0)" in page


def test_a_team_within_five_of_the_target_is_dentro(client) -> None:
    game = mus_game(client, preset="custom", target="30", games_to_win="2")
    tap(client, game, "quiero-2", lances_grande_bets="23")
    for act in ("paso", "said", "said"):
        tap(client, game, act)  # chica paso; nobody has pares, nobody juego: punto
    tap(client, game, "paso")
    tap(client, game, "save", mode="winners", showdown_grande="1", showdown_chica="2",
        showdown_fourth="1")  # fmt: skip
    page = client.get(game.path).text
    assert score(page) == [24, 1]  # 23 + the punto stone
    assert dentro(page) == [False, False]
    tap(client, game, "paso")
    tap(client, game, "quiero-1", lances_chica_bets="2")  # Ben & Dan bet 2, accepted
    for act in ("said", "said", "paso"):
        tap(client, game, act)
    tap(client, game, "save", mode="winners", showdown_grande="2", showdown_chica="1",
        showdown_fourth="2")  # fmt: skip
    page = client.get(game.path).text
    assert score(page) == [26, 3]
    assert dentro(page) == [True, False]
    assert "Within 5 stones of the target: the team must warn the others" in page


def test_the_mano_can_be_changed_for_a_hand(client, app) -> None:
    game = mus_game(client)
    tap(client, game, "mano-2")
    page = client.get(game.path).text
    assert "Carla is mano" in page and "Ben deals" in page
    seed_betting_from_carla = ["paso", "paso"]
    for act in seed_betting_from_carla:
        tap(client, game, act)
    tap(client, game, "skip")
    tap(client, game, "paso")
    tap(client, game, "skip")
    tap(client, game, "paso")
    tap(client, game, "save", mode="cards", **SEED_CARDS)
    assert entries(app)[0]["mano"] == "Carla"
    assert "Dan is mano" in client.get(game.path).text


# --- bad input: a clear message, the input kept, nothing stored ---------------------------


def test_a_bet_on_pares_that_only_one_team_holds_is_refused(client, app) -> None:
    game = mus_game(client)
    tap(client, game, "paso")
    tap(client, game, "paso")
    tap(client, game, "skip")
    tap(client, game, "quiero-2", lances_pares_bets="2")  # bet on pares, nobody said
    tap(client, game, "skip")
    tap(client, game, "paso")
    before = draft(app)
    cards = {"cards_0": "KK54", "cards_1": "7654", "cards_2": "QJ64", "cards_3": "J75A"}
    response = post_entry(client, game, {"act": "save", "mode": "cards", **cards})
    assert response.status_code == 422
    assert "Only Anna & Carla have pares, so nobody bets on it: enter paso" in errors(response.text)
    assert 'value="KK54"' in response.text  # the cards are kept
    assert entries(app) == [] and draft(app) == before


def test_a_bet_on_juego_that_only_one_team_holds_is_refused(client, app) -> None:
    game = mus_game(client)
    for act in ("paso", "paso", "skip", "paso", "skip"):
        tap(client, game, act)
    tap(client, game, "no_quiero-1", lances_juego_bets="2")
    fields = {"act": "save", "mode": "winners", "showdown_grande": "1", "showdown_chica": "1",
              "showdown_pares": "none", "fourth": "juego", "juego_values_1": "0",
              "juego_values_2": "3"}  # fmt: skip
    response = post_entry(client, game, fields)
    assert response.status_code == 422
    assert "Only Ben & Dan have juego, so nobody bets on it: enter paso" in errors(response.text)
    assert re.search(r'name="juego_values_2" value="3" checked', response.text)
    assert entries(app) == []


def test_a_raise_below_two_is_refused(client, app) -> None:
    game = mus_game(client)
    tap(client, game, "raise-2", lances_grande_bets="2")
    before = draft(app)
    response = post_entry(client, game, {"act": "quiero-1", "lances_grande_bets": "1"})
    assert response.status_code == 422
    assert "grande: a raise adds at least 2 stones, not 1" in errors(response.text)
    assert 'value="1"' in response.text
    assert draft(app) == before


def test_a_first_bet_below_two_is_refused(client, app) -> None:
    game = mus_game(client)
    response = post_entry(client, game, {"act": "quiero-1", "lances_grande_bets": "1"})
    assert response.status_code == 422
    assert "grande: a bet is at least 2 stones, not 1" in errors(response.text)
    assert draft(app) is None


def test_an_answer_by_the_team_that_bet_is_refused(client, app) -> None:
    game = mus_game(client)
    fields = {"act": "quiero-1", "lances_grande_by": "1", "lances_grande_bets": "3"}
    response = post_entry(client, game, fields)
    assert response.status_code == 422
    assert "grande: Anna & Carla made that bet, so the answer comes from Ben & Dan" in errors(
        response.text
    )
    assert re.search(r'name="lances_grande_by" value="1" checked', response.text)
    assert draft(app) is None
    tap(client, game, "raise-2", lances_grande_bets="2")  # a raise: Ben & Dan raise next
    response = post_entry(client, game, {"act": "no_quiero-2", "lances_grande_bets": "5"})
    assert response.status_code == 422
    assert "grande: Ben & Dan made that bet, so the answer comes from Anna & Carla" in errors(
        response.text
    )


def test_a_raise_after_an_ordago_is_refused(client, app) -> None:
    game = mus_game(client)
    response = post_entry(client, game, {"act": "raise-2", "ordago": "y"})
    assert response.status_code == 422
    assert "grande: an órdago can only be the last bet (it is accepted or not)" in errors(
        response.text
    )
    assert draft(app) is None


@pytest.mark.parametrize(
    ("cards", "message"),
    [
        ({"cards_0": "K3QAJ"}, "Anna has 5 cards: a Mus hand has 4"),
        ({"cards_1": "7659"}, "Ben's cards: 9 is not a Mus card (the cards are K Q J 7 6 5 4 3"),
        ({"cards_2": "JJ5"}, "Carla has 3 cards: a Mus hand has 4"),
        ({"cards_3": ""}, "Enter Dan's cards too: the showdown needs all four hands"),
        ({"cards_1": "KKKK"}, "The hands hold 6 cards of rank K, but the pack has only 4"),
    ],
)
def test_wrong_cards_are_refused_next_to_the_hand(client, app, cards, message) -> None:
    game = mus_game(client)
    seed_betting(client, game)
    before = draft(app)
    response = post_entry(client, game, {"act": "save", "mode": "cards", **SEED_CARDS, **cards})
    assert response.status_code == 422
    assert any(message in error for error in errors(response.text))
    kept = next(iter(cards.values()))
    if kept:
        assert f'value="{kept}"' in response.text
    assert entries(app) == [] and draft(app) == before


def test_garbage_posts_are_422_never_500(client, app) -> None:
    game = mus_game(client)
    for fields in (
        {},
        {"act": "shout"},
        {"act": "quiero-3"},
        {"act": "quiero-1", "lances_grande_bets": "lots"},
        {"act": "mano-9"},
        {"act": "save", "cards_0": "K3QA"},
    ):
        assert post_entry(client, game, fields).status_code == 422, fields
    assert entries(app) == [] and draft(app) is None


# --- the machinery: double taps, stale forms, undo, back, corrections, export --------------


def test_a_double_tap_is_stored_once(client, app) -> None:
    game = mus_game(client)
    version = version_of(client, game)
    for _ in range(2):
        response = post_entry(client, game, {"act": "paso"}, version=version, key="tap-twice-1")
        assert response.status_code == 303
    assert len(draft(app)["facts"]) == 1


def test_a_stale_form_is_409_and_keeps_the_input_at_the_same_step(client, app) -> None:
    game = mus_game(client)
    version = version_of(client, game)
    tap(client, game, "paso")  # another phone: grande paso
    response = post_entry(client, game, {"act": "quiero-1", "lances_grande_bets": "3"},
                          version=version)  # fmt: skip
    assert response.status_code == 409
    assert "Another phone entered meanwhile" in response.text
    assert "Hand 1: grande entered." in response.text
    assert len(draft(app)["facts"]) == 1


def test_back_one_step_then_undo_clears_the_hand_then_the_save_of_the_last(client, app) -> None:
    game = mus_game(client)
    seed_betting(client, game)
    lances_of_hand_1 = draft(app)["facts"]
    tap(client, game, "save", mode="cards", **SEED_CARDS)
    tap(client, game, "paso")
    tap(client, game, "raise-1", lances_chica_bets="2")
    tap(client, game, "back")
    assert draft(app)["facts"] == [{"lance": "grande", "paso": True}]
    undo = client.post(game.path + "undo", data={"version": version_of(client, game),
                                                 "key": "undo-draft-1"})  # fmt: skip
    assert undo.status_code == 303 and draft(app) is None and len(entries(app)) == 1
    undo = client.post(game.path + "undo", data={"version": version_of(client, game),
                                                 "key": "undo-hand-1"})  # fmt: skip
    assert undo.status_code == 303 and entries(app) == []
    assert draft(app)["facts"] == lances_of_hand_1  # hand 1 is at its showdown again
    assert score(client.get(game.path).text) == [1, 0]  # the rejected pares, paid at once


# The seed hand corrected: chica, pares refused (no quiero), juego accepted, the same cards.
CHICA_REFUSED = {
    "mano": "0",
    "lances_grande_by": "paso",
    "lances_chica_by": "2", "lances_chica_bets": "2", "lances_chica_answer": "no_quiero",
    "lances_pares_by": "1", "lances_pares_bets": "2", "lances_pares_answer": "no_quiero",
    "lances_juego_by": "2", "lances_juego_bets": "2", "lances_juego_answer": "quiero",
    "fourth": "juego", "mode": "cards", **SEED_CARDS,
}  # fmt: skip


def correct_the_seed_hand(client, game, key: str) -> None:
    data = {"version": version_of(client, game), "key": key, **CHICA_REFUSED}
    response = client.post(game.path + "rounds/1", data=data)
    assert response.status_code == 303, errors(response.text)


def test_correcting_an_earlier_hand_recomputes_and_keeps_the_hand_in_progress(client, app):
    game = mus_game(client)
    seed_betting(client, game)
    tap(client, game, "save", mode="cards", **SEED_CARDS)
    tap(client, game, "paso")  # hand 2 in progress
    form = client.get(game.path + "rounds/1")
    assert form.status_code == 200
    assert re.search(r'name="lances_chica_by" value="2" checked', form.text)
    assert 'value="K3QA"' in form.text
    correct_the_seed_hand(client, game, "fix-hand-1")
    assert entries(app)[0]["lances"]["chica"]["answer"] == "no_quiero"
    # chica rejected: Ben & Dan 1 at once; Anna & Carla lose the 2 of chica → 9–1
    assert score(client.get(game.path).text) == [9, 1]
    assert draft(app)["facts"] == [{"lance": "grande", "paso": True}]


def test_a_correction_that_breaks_a_rule_is_refused(client, app) -> None:
    game = mus_game(client)
    seed_betting(client, game)
    tap(client, game, "save", mode="cards", **SEED_CARDS)
    fields = {"mano": "0", "lances_grande_by": "1", "lances_grande_bets": "2 1",
              "lances_grande_answer": "quiero", "mode": "cards", **SEED_CARDS}  # fmt: skip
    response = client.post(game.path + "rounds/1",
                           data={"version": version_of(client, game), "key": "fix-hand-2",
                                 **fields})  # fmt: skip
    assert response.status_code == 422
    assert "grande: a raise adds at least 2 stones, not 1" in errors(response.text)
    assert entries(app)[0]["lances"]["grande"] == "paso"


def test_export_then_import_gives_the_same_score(client) -> None:
    game = mus_game(client)
    seed_betting(client, game)
    tap(client, game, "save", mode="cards", **SEED_CARDS)
    tap(client, game, "paso")
    tap(client, game, "quiero-2", lances_chica_bets="2", ordago="y")
    tap(client, game, "save", mode="winners", showdown_chica="1")
    record = client.get(game.path + "export").get_json()
    assert record["first_mano"] == "Anna" and len(record["rounds"]) == 2
    response = import_record(client, game.token, record)
    assert response.status_code == 303
    imported = client.get(response.headers["Location"]).text
    original = client.get(game.path).text
    assert score(imported) == score(original) == [0, 0]
    assert "Game 2" in imported
    assert (
        "won by Anna &amp; Carla with an órdago (Anna &amp; Carla 11, Ben &amp; Dan 0)" in imported
    )


def test_the_rules_card_and_the_watch_view(client) -> None:
    game = mus_game(client, preset="custom", juego_real="jack", target="40", games_to_win="2",
                    kings="8")  # fmt: skip
    rules = html.unescape(client.get(game.path + "rules").text)
    for text in ("grande", "chica", "pares", "31", "32 > 40 > 37", "juego real: 7-7-7-J",
                 "No quiero", "wink", "amarracos", "8 kings"):  # fmt: skip
        assert text in rules, text
    tap(client, game, "paso")
    watch = re.search(r'href="(/v/[^"]+)"', client.get(game.path).text).group(1)
    page = client.get(watch).text
    assert "<form" not in page and "grande: paso" in page and "Hand 1" in page


def test_changing_the_mano_back_to_the_usual_one_leaves_no_override(client, app) -> None:
    game = mus_game(client)
    tap(client, game, "mano-1")
    assert "Ben is mano" in client.get(game.path).text
    tap(client, game, "mano-0")
    page = client.get(game.path).text
    assert "Anna is mano" in page and "(changed)" not in page
    assert draft(app)["facts"] == [{"mano": None}]  # one mano fact, whatever was tapped
    for act in ("paso", "paso", "skip", "paso", "skip", "paso"):
        tap(client, game, act)
    tap(client, game, "save", mode="cards", **SEED_CARDS)
    assert "mano" not in entries(app)[0]


def test_typed_cards_may_be_lower_case_with_spaces(client, app) -> None:
    game = mus_game(client)
    seed_betting(client, game)
    tap(client, game, "save", mode="cards", cards_0="k 3 q a", cards_1="7-6-5-4",
        cards_2="jj54", cards_3="KQ77")  # fmt: skip
    assert entries(app)[0]["cards"]["Anna"] == "K3QA"
    assert score(client.get(game.path).text) == [11, 0]


def test_correcting_the_winner_of_an_ordago_gives_the_game_to_the_other_team(client, app):
    game = mus_game(client)
    tap(client, game, "quiero-2", lances_grande_bets="2", ordago="y")
    tap(client, game, "save", mode="winners", showdown_grande="1")
    assert "won by Anna &amp; Carla" in client.get(game.path).text
    form = client.get(game.path + "rounds/1").text
    assert 'value="ordago"' in form  # the first bet was the órdago
    assert re.search(r'name="showdown_grande" value="1" checked', form)
    fields = {
        "mano": "0",
        "lances_grande_by": "1",
        "lances_grande_bets": "órdago",
        "lances_grande_answer": "quiero",
        "mode": "winners",
        "showdown_grande": "2",
    }
    response = client.post(game.path + "rounds/1",
                           data={"version": version_of(client, game), "key": "fix-ordago-1",
                                 **fields})  # fmt: skip
    assert response.status_code == 303, errors(response.text)
    assert entries(app)[0]["showdown"] == {"grande": 2}
    assert "won by Ben &amp; Dan" in client.get(game.path).text


# --- how a game ends: the heading, the strip at the end of the match, the saved line ---------


def saved_line(page: str) -> str:
    found = re.search(r'<p class="said" role="status">✓ (.*?)</p>', page, re.S)
    return html.unescape(found.group(1)) if found else ""


def strip(page: str) -> list[tuple[str, str, bool]]:
    """The strip's rows: (name, total, leads)."""
    rows = re.findall(r'<li class="strip-row([^"]*)">(.*?)</li>', page, re.S)
    return [
        (
            html.unescape(re.sub(r"<[^>]+>|★", "", re.search(
                r'class="strip-name">(.*?)</span>\s*<strong', row, re.S).group(1))).strip(),
            re.search(r'class="strip-total">([^<]*)<', row).group(1),
            " leader" in css,
        )
        for css, row in rows
    ]  # fmt: skip


def strip_summary(page: str) -> str:
    found = re.search(r'class="strip-summary"><span>(.*?)</span>', page, re.S)
    return html.unescape(found.group(1)) if found else ""


def team_to_32(client, game) -> None:
    """A hand that gives Anna & Carla 32: grande 30 accepted, chica and punto en paso."""
    tap(client, game, "quiero-2", lances_grande_bets="30")
    tap(client, game, "paso")
    tap(client, game, "said")  # nobody has pares
    tap(client, game, "said")  # nobody has juego: punto
    tap(client, game, "paso")
    tap(client, game, "save", mode="winners", showdown_grande="1", showdown_chica="1",
        showdown_fourth="1")  # fmt: skip


def test_a_game_won_by_an_ordago_says_so_and_gives_both_scores(client) -> None:
    game = mus_game(client)
    team_to_32(client, game)
    assert score(client.get(game.path).text) == [32, 0]
    tap(client, game, "quiero-2", lances_grande_bets="2", ordago="y")  # Anna & Carla: órdago
    tap(client, game, "save", mode="winners", showdown_grande="2")  # ... Ben & Dan win it
    page = client.get(game.path).text
    outcome = "won by Ben & Dan with an órdago (Anna & Carla 32, Ben & Dan 0)"
    assert saved_line(page) == f"Hand 2 saved: game 1 {outcome}."
    assert f'Game 1 · <span class="winner-note">{outcome}</span>' in html.unescape(page)


def test_a_game_won_at_the_count_gives_the_winners_score_first(client) -> None:
    game = mus_game(client, preset="custom", target="30", games_to_win="2")
    tap(client, game, "paso")
    tap(client, game, "quiero-1", lances_chica_bets="30")  # Ben & Dan bet 30 at chica
    for act in ("said", "said", "paso"):
        tap(client, game, act)
    tap(client, game, "save", mode="winners", showdown_grande="1", showdown_chica="2",
        showdown_fourth="1")  # fmt: skip
    page = client.get(game.path).text
    assert saved_line(page) == "Hand 1 saved: game 1 won by Ben & Dan 30–1."
    assert 'Game 1 · <span class="winner-note">won by Ben & Dan 30–1</span>' in html.unescape(page)


def test_a_rejection_that_ends_the_match_says_who_won_the_game_and_the_match(client) -> None:
    game = mus_game(client, preset="custom", target="30", games_to_win="1")
    tap(client, game, "raise-2", lances_grande_bets="2")
    tap(client, game, "raise-1", lances_grande_bets="30")
    tap(client, game, "no_quiero-2", lances_grande_bets="5")  # Anna & Carla get 32 at once
    page = client.get(game.path).text
    assert saved_line(page) == (
        "Hand 1 saved: game 1 won by Anna & Carla 32–0. Anna & Carla win the match 1–0."
    )


MATCH = {
    "format": "table-assistant/1",
    "game": "mus",
    "players": FOUR,
    "options": {"games_to_win": 2},
    "first_mano": "Anna",
    "rounds": [
        # game 1: Anna & Carla 39, then Ben & Dan win an órdago at chica
        {"lances": {"grande": {"by": 1, "bets": [38], "answer": "quiero"}, "chica": "paso",
                    "pares": "paso", "punto": "paso"},
         "showdown": {"grande": 1, "chica": 2, "pares": None, "punto": 1}},
        {"lances": {"grande": "paso", "chica": {"by": 2, "bets": ["ordago"], "answer": "quiero"}},
         "showdown": {"chica": 2}},
        # game 2: Anna & Carla 40 at grande
        {"lances": {"grande": {"by": 1, "bets": [40], "answer": "quiero"}, "chica": "paso",
                    "pares": "paso", "punto": "paso"},
         "showdown": {"grande": 1, "chica": 1, "pares": None, "punto": 1}},
        # game 3: Ben & Dan 26, then Anna & Carla win an órdago at grande (and the match)
        {"lances": {"grande": {"by": 2, "bets": [25], "answer": "quiero"}, "chica": "paso",
                    "pares": "paso", "punto": "paso"},
         "showdown": {"grande": 2, "chica": 2, "pares": None, "punto": 1}},
        {"lances": {"grande": {"by": 1, "bets": ["ordago"], "answer": "quiero"}},
         "showdown": {"grande": 1}},
    ],
}  # fmt: skip


def imported_match(client) -> str:
    game = mus_game(client)  # a table to import into
    response = import_record(client, game.token, MATCH)
    assert response.status_code == 303
    return response.headers["Location"]


def test_at_the_end_of_the_match_the_strip_shows_the_games_won(client) -> None:
    page = html.unescape(client.get(imported_match(client)).text)
    assert "★ Anna & Carla win the match 2–1" in page
    assert strip(page) == [("Anna & Carla", "2", True), ("Ben & Dan", "1", False)]
    assert strip_summary(page) == (
        "Game 3 won by Anna & Carla with an órdago (Anna & Carla 1, Ben & Dan 26)"
    )
    assert "Ahead:" not in page
    assert "Game 1 · <span class=\"winner-note\">won by Ben & Dan with an órdago " \
        "(Anna & Carla 39, Ben & Dan 1)</span>" in page  # fmt: skip


def correct_hand(client, path: str, number: int, fields: dict) -> str:
    """Hand ``number`` corrected through its page's form: the game page after it."""
    page = client.get(f"{path}rounds/{number}").text
    version = int(re.search(r'name="version"[^>]*value="(\d+)"', page).group(1))
    data = {"version": version, "key": f"fix-hand-{number}-{version}", **fields}
    response = client.post(f"{path}rounds/{number}", data=data)
    assert response.status_code == 303, errors(response.text)
    return html.unescape(client.get(path).text)


def test_a_correction_that_changes_who_won_the_match_tells_the_games(client) -> None:
    path = imported_match(client)
    page = correct_hand(client, path, 5, {"mano": "0", "lances_grande_by": "1",
                        "lances_grande_bets": "ordago", "lances_grande_answer": "quiero",
                        "mode": "winners", "showdown_grande": "2"})  # fmt: skip
    assert saved_line(page) == (
        "Hand 5 corrected. Totals: Anna & Carla 2 → 1, Ben & Dan 1 → 2. Now: Game 3 won by Ben"
        " & Dan with an órdago (Anna & Carla 1, Ben & Dan 26)."
    )
    assert "★ Ben & Dan win the match 2–1" in page


def test_a_correction_that_changes_an_earlier_game_of_the_match_says_so(client) -> None:
    game = mus_game(client)
    record = {**MATCH, "options": {"games_to_win": 3}, "rounds": MATCH["rounds"][:3]}
    path = import_record(client, game.token, record).headers["Location"]  # game 3 in play
    page = correct_hand(client, path, 2, {"mano": "1", "lances_grande_by": "paso",
                        "lances_chica_by": "2", "lances_chica_bets": "ordago",
                        "lances_chica_answer": "quiero", "mode": "winners",
                        "showdown_chica": "1"})  # fmt: skip
    # The strip counts game 3 (nothing moved there): the game the correction decided is said.
    assert saved_line(page) == (
        "Hand 2 corrected. Now: Game 1 won by Anna & Carla with an órdago (Anna & Carla 39,"
        " Ben & Dan 1)."
    )


# --- just the winners: a bet tells that both teams have the lance -----------------------------


def rejected_pares_bet(client, game, *, said: bool) -> None:
    """Grande and chica paso; pares: Anna & Carla bet 2, Ben & Dan no quiero; juego nobody."""
    tap(client, game, "paso")
    tap(client, game, "paso")
    if said:
        tap(client, game, "said", said_0="y", said_1="y")
    else:
        tap(client, game, "skip")
    tap(client, game, "no_quiero-2", lances_pares_bets="2")
    tap(client, game, "said")  # nobody has juego: punto
    tap(client, game, "paso")


@pytest.mark.parametrize("said", [True, False])
def test_a_rejected_bet_on_pares_asks_for_the_values_left_out(client, app, said) -> None:
    game = mus_game(client)
    rejected_pares_bet(client, game, said=said)
    page = client.get(game.path).text
    # A bet on pares means that both teams have pares: no team's pad offers 0.
    assert 'name="pares_values_2" value="0"' not in page
    fields = {"act": "save", "mode": "winners", "showdown_grande": "1", "showdown_chica": "2",
              "showdown_fourth": "1", "pares_values_1": "2"}  # fmt: skip
    response = post_entry(client, game, fields)
    assert response.status_code == 422
    assert errors(response.text) == [
        "A bet on pares means that both teams have pares: enter the pares values of Ben & Dan too"
    ]
    assert re.search(r'name="pares_values_1" value="2" checked', response.text)
    assert entries(app) == []
    tap(client, game, "save", **{k: v for k, v in fields.items() if k != "act"},
        pares_values_2="1")  # fmt: skip
    assert score(client.get(game.path).text) == [5, 1]  # grande 1, pares 1 at once + 2, punto 1


def test_a_corrected_hand_with_a_bet_on_juego_asks_for_both_teams_values(client, app) -> None:
    game = mus_game(client)
    seed_betting(client, game)
    tap(client, game, "save", mode="cards", **SEED_CARDS)
    fields = {
        "mano": "0", "lances_grande_by": "paso", "lances_chica_by": "paso",
        "lances_pares_by": "paso",
        "lances_juego_by": "2", "lances_juego_bets": "2", "lances_juego_answer": "no_quiero",
        "fourth": "juego", "mode": "winners", "showdown_grande": "1", "showdown_chica": "1",
        "showdown_pares": "1", "pares_values_1": "2", "pares_values_2": "1",
        "juego_values_2": "2",
    }  # fmt: skip
    data = {"version": version_of(client, game), "key": "fix-juego-1", **fields}
    response = client.post(game.path + "rounds/1", data=data)
    assert response.status_code == 422
    assert errors(response.text) == [
        "A bet on juego means that both teams have juego: enter the juego values of "
        "Anna & Carla too"
    ]
    assert "cards" in entries(app)[0]


def test_the_swedish_correction_page_calls_a_hand_giv(client) -> None:
    """Swedish calls a Mus hand "giv" everywhere, the correction's heading too (this test
    passes once the translations of this change are merged into the catalogs)."""
    game = mus_game(client)
    seed_betting(client, game)
    tap(client, game, "save", mode="cards", **SEED_CARDS)
    page = html.unescape(client.get(game.path + "rounds/1?lang=sv").text)
    assert "Rätta giv 1" in page and "Rätta hand" not in page


def test_a_corrected_hand_is_told_in_muss_words_and_undone_by_undo(client, app) -> None:
    game = mus_game(client)
    seed_betting(client, game)
    tap(client, game, "save", mode="cards", **SEED_CARDS)
    before = entries(app)
    correct_the_seed_hand(client, game, "fix-hand-1-words")
    history = html.unescape(client.get(game.path + "history").text)
    assert "Hand 1: lances · chica · answer quiero → no quiero" in history
    page = html.unescape(client.get(game.path).text)
    assert "↶ Undo: the correction of hand 1" in page
    undo = {"version": version_of(client, game), "key": "undo-fix-hand-1"}
    assert client.post(game.path + "undo", data=undo).status_code == 303
    assert entries(app) == before
    assert undo_offered(client.get(game.path).text) == "the showdown of hand 1"


def test_setup_asks_who_is_mano_first(client) -> None:
    data = {"step": "options", "game": "mus", "mus-preset": "standard", "first": "Zed"}
    data |= {f"players-{i}": n for i, n in enumerate(FOUR)}
    response = client.post("/new", data=data)
    assert response.status_code == 422
    assert "Choose who is mano first, or let the app draw." in html.unescape(response.text)


# --- Undo right after "Save the hand": the save alone, the hand in play again ----------------


def undone(client, game) -> str:
    """Undo, answered as htmx answers it: what the page then says was undone."""
    version = version_of(client, game)
    data = {"version": version, "key": f"undo-{version}-mus"}
    answer = client.post(game.path + "undo", data=data, headers={"HX-Request": "true"})
    assert answer.status_code == 200, errors(answer.text)
    return saved_line(answer.text)


def undo_offered(page: str) -> str:
    """What the Undo button says it would take back ("" when there is none)."""
    found = re.search(r'class="button undo">↶ Undo: (.*?)</button>', page)
    return html.unescape(found.group(1)) if found else ""


def save_as_shown(client, game) -> None:
    """Save the hand with the showdown as the page shows it, untouched (what a browser posts)."""
    tap(client, game, "save", **form_fields(client.get(game.path).text, "/enter"))


def test_undo_after_a_saved_hand_takes_back_its_showdown_alone(client, app) -> None:
    game = mus_game(client)
    seed_betting(client, game)
    lances = draft(app)["facts"]
    tap(client, game, "save", mode="cards", **SEED_CARDS)
    saved = entries(app)
    assert undo_offered(client.get(game.path).text) == "the showdown of hand 1"
    assert undone(client, game) == "Undone: the showdown of hand 1."
    assert entries(app) == [] and draft(app)["facts"] == lances
    page = client.get(game.path).text
    assert '<h2 class="mus-step">Showdown</h2>' in page and said(page) == SEED_SAID
    assert score(page) == [1, 0]  # the rejected pares is paid at once, the rest waits
    assert re.search(r'name="mode" value="cards" checked', page)
    assert all(f'value="{cards}"' in page for cards in SEED_CARDS.values())  # as typed
    save_as_shown(client, game)
    assert entries(app) == saved and draft(app) is None
    assert score(client.get(game.path).text) == [11, 0]
    # Undo again, then once more: the showdown, then the lances one by one, as during a hand.
    assert undone(client, game) == "Undone: the showdown of hand 1."
    assert undone(client, game) == "Undone: juego of hand 1."
    assert draft(app)["facts"] == lances[:-1] and entries(app) == []


def test_undo_after_a_hand_saved_with_just_the_winners_keeps_its_lances(client, app) -> None:
    game = mus_game(client)
    seed_betting(client, game)
    bets = {f["lance"]: f for f in draft(app)["facts"] if "lance" in f}
    winners = {"mode": "winners", "showdown_grande": "1", "showdown_chica": "1",
               "pares_values_1": "2", "pares_values_2": "1", "fourth": "juego",
               "showdown_fourth": "1", "juego_values_1": "3", "juego_values_2": "2"}  # fmt: skip
    tap(client, game, "save", **winners)
    saved = entries(app)
    assert undone(client, game) == "Undone: the showdown of hand 1."
    facts = draft(app)["facts"]
    assert [f for f in facts if "lance" in f and f["lance"] != "fourth"] == [
        bets["grande"],
        bets["chica"],
        bets["pares"],
    ]
    assert {**facts[-1], "lance": "juego"} == bets["juego"]
    # Who said yes is not kept with a hand saved without its cards: the showdown only says that
    # both teams had pares and juego, not who. The table's taps are kept, not made up.
    page = client.get(game.path).text
    assert said(page) == [
        "grande: paso",
        "chica: Ben & Dan bet 2 — quiero",
        "pares? Not said: the cards will tell",
        "pares: Anna & Carla bet 2 — no quiero",
        "juego? Not said: the cards will tell",
        "juego / punto: Ben & Dan bet 2 — quiero",
    ]
    assert re.search(r'name="mode" value="winners" checked', page)
    for field in ("showdown_grande", "showdown_chica", "showdown_fourth", "pares_values_1",
                  "pares_values_2", "juego_values_1", "juego_values_2"):  # fmt: skip
        assert re.search(f'name="{field}" value="{winners[field]}" checked', page), field
    save_as_shown(client, game)
    assert entries(app) == saved
    assert score(client.get(game.path).text) == [11, 0]


def test_undo_after_an_ordago_that_won_the_game_brings_the_game_back(client, app) -> None:
    game = mus_game(client)
    team_to_32(client, game)
    tap(client, game, "quiero-2", lances_grande_bets="2", ordago="y")  # Anna & Carla: órdago
    tap(client, game, "save", mode="winners", showdown_grande="2")  # ... Ben & Dan win it
    saved = entries(app)
    page = client.get(game.path).text
    assert "Game 2" in page and undo_offered(page) == "who won the órdago (hand 2)"
    assert undone(client, game) == "Undone: who won the órdago (hand 2)."
    assert entries(app) == saved[:1]
    page = client.get(game.path).text
    assert "won by" not in page and "Game 2" not in page and score(page) == [32, 0]
    assert "Órdago at grande: who won?" in page
    assert said(page) == ["grande: Anna & Carla bet órdago — quiero"]
    assert re.search(r'name="showdown_grande" value="2" checked', page)
    save_as_shown(client, game)
    assert entries(app) == saved
    undone(client, game)
    tap(client, game, "save", mode="winners", showdown_grande="1")  # it was Anna & Carla
    page = html.unescape(client.get(game.path).text)
    outcome = "won by Anna & Carla with an órdago (Anna & Carla 32, Ben & Dan 0)"
    assert saved_line(page) == f"Hand 2 saved: game 1 {outcome}."


def test_undo_after_a_rejection_that_ended_the_match_takes_back_the_no_quiero(client, app):
    game = mus_game(client, preset="custom", target="30", games_to_win="1")
    tap(client, game, "raise-2", lances_grande_bets="2")
    tap(client, game, "raise-1", lances_grande_bets="30")
    before = draft(app)
    tap(client, game, "no_quiero-2", lances_grande_bets="5")  # Anna & Carla get 32 at once
    page = html.unescape(client.get(game.path).text)
    assert "Match over" in page and undo_offered(page) == "the no quiero at grande of hand 1"
    assert undone(client, game) == "Undone: the no quiero at grande of hand 1."
    assert entries(app) == [] and draft(app)["facts"] == before["facts"]
    page = html.unescape(client.get(game.path).text)
    assert "Match over" not in page and "Grande: Anna & Carla raise" in page
    assert score(page) == [0, 0]
    assert re.search(r'<input[^>]*name="lances_grande_bets"[^>]*value="5"', page)  # as tapped
    tap(client, game, "quiero-2", lances_grande_bets="5")  # it was a quiero
    assert draft(app)["facts"][-1] == {"lance": "grande", "bet": 5, "answer": "quiero"}


def test_undo_of_a_first_bet_rejected_to_win_a_game_keeps_who_bet(client) -> None:
    game = mus_game(client)  # a table to import into
    record = {**MATCH, "rounds": [
        *MATCH["rounds"][:1],  # Anna & Carla 39
        {"lances": {"grande": "paso", "chica": {"by": 1, "bets": [3], "answer": "no_quiero"}}},
    ]}  # fmt: skip
    path = import_record(client, game.token, record).headers["Location"]
    page = html.unescape(client.get(path).text)
    assert "won by Anna & Carla 40–1" in page
    assert undone(client, GameUrl(path)) == "Undone: the no quiero at chica of hand 2."
    page = html.unescape(client.get(path).text)
    assert "won by" not in page and score(page) == [39, 1]
    assert said(page) == ["grande: paso"] and "Chica" in page
    assert re.search(r'name="lances_chica_by" value="1" checked', page)
    assert re.search(r'<input[^>]*name="lances_chica_bets"[^>]*value="3"', page)


def test_undo_reopens_a_corrected_hand_as_it_was_corrected(client, app) -> None:
    game = mus_game(client)
    seed_betting(client, game)
    tap(client, game, "save", mode="cards", **SEED_CARDS)
    correct_the_seed_hand(client, game, "fix-hand-1-reopen")
    corrected = entries(app)
    tap(client, game, "paso")  # hand 2 begun, then taken back: Undo is for hand 1 again
    assert undone(client, game) == "Undone: grande of hand 2."
    assert undone(client, game) == "Undone: the showdown of hand 1."
    page = client.get(game.path).text
    assert "chica: Ben & Dan bet 2 — no quiero" in said(page)
    save_as_shown(client, game)
    assert entries(app) == corrected


def test_a_hand_the_steps_cannot_make_again_is_undone_whole(client) -> None:
    """A hand of 59 raises (imported) has more steps than a hand entered at the table may
    have: Undo takes back the whole hand, and says so."""
    game = mus_game(client)  # a table to import into
    record = {
        **MATCH,
        "options": {},
        "rounds": [
            {"lances": {"grande": {"by": 1, "bets": [2] * 59, "answer": "quiero"},
                        "chica": "paso", "pares": "paso", "punto": "paso"},
             "showdown": {"grande": 1, "chica": 1, "pares": None, "punto": 1}},
        ],
    }  # fmt: skip
    path = import_record(client, game.token, record).headers["Location"]
    imported = GameUrl(path)
    assert undo_offered(client.get(path).text) == "hand 1"
    assert undone(client, imported) == "Undone: hand 1."
    page = client.get(path).text
    assert said(page) == [] and score(page) == [0, 0] and undo_offered(page) == ""


@FAST
@given(data=st.data(), options=OPTIONS, winners=st.booleans())
def test_a_hand_reopened_by_undo_is_the_hand_that_was_saved(data, options, winners) -> None:
    """Over random matches (lances left out, paso after the game was decided, a mano changed,
    the cards or just the winners), the draft Undo leaves is the stored hand: the page takes its
    betting as it is (nothing refused, the same end), and saved again from its step with the
    same showdown it scores the same; a no quiero that ended the game is all it lacks."""
    rounds = draw_match(data, options)
    whole = replay(record(rounds, options))
    if winners:
        rounds = [as_showdown(r, h.mano, options) for r, h in zip(rounds, whole.hands, strict=True)]
    before = replay(record(rounds[:-1], options))
    raw, hand = rounds[-1], whole.hands[-1]
    undone = reopening(whole, raw)
    facts = tuple(undone.draft["facts"]) if undone.draft else ()
    draft = fold(hand.number, facts, FOUR)
    at_once = check_betting(before, draft.engine_hand())
    if hand.count.ending is Ending.REJECTION:
        assert at_once.ending is None
        every, _decided = steps_of(hand, raw, whole)
        assert every[:-1] == list(facts)
        ended = check_betting(before, fold(hand.number, tuple(every), FOUR).engine_hand())
        assert ended.ending is Ending.REJECTION
        return
    assert at_once.ending is (Ending.ORDAGO if hand.count.ending is Ending.ORDAGO else None)
    entered = undone.draft["entered"]
    if "cards" in entered:
        rules = whole.options.rules
        from_cards = declare(FOUR, hand.entry.hands, rules).fourth.value
        again = round_of(draft, cards=entered["cards"],
                         fourth=from_cards if FOURTH in draft.lances else None)  # fmt: skip
    else:
        shown = entered["showdown"]
        kind = next((k for k in ("juego", "punto") if shown.get(k) is not None), "juego")
        kind = draft.fourth if draft.fourth in ("juego", "punto") else kind
        again = round_of(draft, showdown=shown, fourth=kind)
    assert score_of(record([*rounds[:-1], again], options)) == score_of(record(rounds, options))


def test_a_spanish_table_reads_rey_caballo_sota(client, app) -> None:
    """In Spanish the keys, the hands on the sheet and the rules card say R, C, S (rey,
    caballo, sota) where the record keeps K, Q, J; cards typed either way are read; the teams
    are "Anna y Carla". A table may choose its pack whatever the language."""
    game = mus_game(client)
    seed_betting(client, game)
    page = html.unescape(client.get(game.path + "?lang=es").text)
    keys = re.findall(r'<button type="button" class="rank" data-rank="(\w+)">', page)
    assert keys == ["R", "C", "S", "7", "6", "5", "4", "3", "2", "A"]
    spanish = {"cards_0": "R3CA", "cards_1": "7654", "cards_2": "SS54", "cards_3": "KC77"}
    tap(client, game, "save", mode="cards", **spanish)
    assert entries(app)[0]["cards"] == {
        "Anna": "K3QA", "Ben": "7654", "Carla": "JJ54", "Dan": "KQ77"
    }  # fmt: skip
    page = html.unescape(client.get(game.path).text)  # the phone keeps its Spanish
    assert "Anna <strong>R-3-C-A</strong>" in page and "Dan <strong>R-C-7-7</strong>" in page
    assert "pares: Anna y Carla" in page and "K-3-Q-A" not in page
    rules = html.unescape(client.get(game.path + "rules").text)
    assert "R, C, S 10" in rules and "(R-3-4-4 gana a R-C-C-C)" in rules
    english = html.unescape(client.get(game.path + "?lang=en").text)
    assert "Anna <strong>K-3-Q-A</strong>" in english and "pares: Anna & Carla" in english


def test_the_pack_is_a_setting_of_the_game(client) -> None:
    game = mus_game(client, deck="spanish")
    client.get(game.path + "?lang=en")  # this phone reads English
    seed_betting(client, game)
    page = client.get(game.path).text
    assert re.findall(r'data-rank="(\w)"', page)[:3] == ["R", "C", "S"]
    french = mus_game(client, deck="french")
    seed_betting(client, french)
    page = client.get(french.path + "?lang=es").text
    assert re.findall(r'data-rank="(\w)"', page)[:3] == ["K", "Q", "J"]


def test_a_hand_in_play_has_one_undo(client) -> None:
    """The bar's Undo takes back the last lance: the panel has no second control for it."""
    game = mus_game(client)
    tap(client, game, "paso")
    page = html.unescape(client.get(game.path).text)
    assert "Back one step" not in page and 'value="back"' not in page
    assert page.count('class="button undo"') == 1 and "↶ Undo: " in page


def test_the_table_settles_the_showdown_the_way_it_did_last(client) -> None:
    """ "Just the winners" holds for the next showdown, also after a hand that ended at once."""
    from assistant.play.mus import last_shown

    winners = {"lances": {}, "showdown": {"grande": 1}}
    at_once = {"lances": {"grande": {"by": 1, "bets": ["ordago"], "answer": "no_quiero"}}}
    assert last_shown([winners, at_once]) is winners
    assert last_shown([{"lances": {}, "cards": {}}, at_once])["cards"] == {}
    assert last_shown([at_once]) is None
