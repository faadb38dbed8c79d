"""Who sits where: ``seating.seating`` says it for every round, and every engine asks it.

Today every player is dealt in every round; these tests pin the rotation the engines follow, so
that the seam where people come and go stays one function.
"""

from __future__ import annotations

import json
from typing import Any

import pytest
from hypothesis import example, given, settings
from hypothesis import strategies as st

from assistant.games import boodle, mulle, mus, plump
from assistant.games.base import Record, RuleError
from assistant.games.boodle.stage import play_stage
from assistant.games.mulle.live import read_draft
from assistant.games.seating import First, Seating, everyone, seating, turn_order
from assistant.store.records import parse_record
from tests.examples import example_records
from tests.games.test_boodle_properties import games as boodle_games
from tests.games.test_mulle_properties import games as mulle_games
from tests.games.test_mus_properties import OPTIONS as MUS_OPTIONS
from tests.games.test_mus_properties import draw_match
from tests.games.test_mus_properties import record as mus_record
from tests.games.test_plump_properties import games as plump_games

NAMES = ("Anna", "Bo", "Cia", "Dan", "Eva", "Finn", "Gun", "Hal")
FOUR = NAMES[:4]
Seen = tuple[str, str, tuple[str, ...]]  # the dealer, the eldest hand, the turn order ("", ())


@pytest.mark.parametrize(
    ("players", "first", "kind", "number", "eldest", "dealer", "order"),
    [
        # Plump, Mulle, Boodle: the record names the first dealer; the player after him leads
        (FOUR, "Anna", First.DEALER, 1, None, "Anna", ("Bo", "Cia", "Dan", "Anna")),
        (FOUR, "Anna", First.DEALER, 4, None, "Dan", ("Anna", "Bo", "Cia", "Dan")),
        (FOUR, "Cia", First.DEALER, 7, None, "Anna", ("Bo", "Cia", "Dan", "Anna")),
        (NAMES[:3], "Bo", First.DEALER, 3, None, "Anna", ("Bo", "Cia", "Anna")),
        # Mus: the record names the first mano; the player before him deals
        (FOUR, "Anna", First.ELDEST, 1, None, "Dan", ("Anna", "Bo", "Cia", "Dan")),
        (FOUR, "Anna", First.ELDEST, 2, None, "Anna", ("Bo", "Cia", "Dan", "Anna")),
        # a hand that names its own mano (mus corrido)
        (FOUR, "Anna", First.ELDEST, 2, "Dan", "Cia", ("Dan", "Anna", "Bo", "Cia")),
    ],
)
def test_who_deals_and_who_leads(players, first, kind, number, eldest, dealer, order) -> None:
    seats = seating(Record("any", players, first), number, first=kind, eldest=eldest)
    assert (seats.number, seats.dealer, seats.order) == (number, dealer, order)
    assert seats.eldest == order[0]


def test_a_round_that_names_its_mano_moves_the_rotation_on_from_him() -> None:
    record = Record("mus", FOUR, "Anna")
    corrido = seating(record, 3, first=First.ELDEST, eldest="Cia")
    after = seating(record, 4, corrido, first=First.ELDEST)
    assert (after.eldest, after.dealer) == ("Dan", "Cia")
    # without the round before, the rotation is counted from the record's first mano
    assert seating(record, 4, first=First.ELDEST).eldest == "Dan"
    assert seating(record, 5, first=First.ELDEST).eldest == "Anna"
    assert seating(record, 4, corrido, first=First.ELDEST).eldest == "Dan"


@settings(max_examples=200, deadline=None)
@given(
    players=st.integers(2, 8).map(lambda n: NAMES[:n]),
    data=st.data(),
    kind=st.sampled_from(First),
)
def test_the_deal_passes_to_the_next_player_dealt_in(players, data, kind) -> None:
    record = Record("any", players, data.draw(st.sampled_from(players)))
    seats: Seating | None = None
    for number in range(1, data.draw(st.integers(1, 30)) + 1):
        before = seats
        seats = seating(record, number, before, first=kind)
        # the same whether the round before is given or counted from round 1
        assert seats == seating(record, number, first=kind)
        # every player dealt in once, in seating order from the eldest hand, the dealer last
        start = players.index(seats.eldest)
        assert seats.order == players[start:] + players[:start]
        if before is not None:
            assert players.index(seats.dealer) == (players.index(before.dealer) + 1) % len(players)
    first = seating(record, 1, first=kind)
    assert (first.dealer if kind is First.DEALER else first.eldest) == record.first


# --- every engine's seats are the function's -------------------------------------------------


def all_three(seats: Seating) -> Seen:
    return (seats.dealer, seats.eldest, seats.order)


def dealers(record: Record, count: int) -> list[Seen]:
    """What the function says of the first ``count`` rounds: their dealers only."""
    return [(seating(record, n).dealer, "", ()) for n in range(1, count + 1)]


def check_plump(record: Record) -> None:
    game = plump.replay(record)
    seen = [(d.dealer, d.first_bidder, d.bidding_order) for d in game.deals]
    if game.next is not None and not game.next.in_play:
        seen.append((game.next.dealer, game.next.first_bidder, game.next.bidding_order))
    assert seen == [all_three(seating(record, n)) for n in range(1, len(seen) + 1)]


def check_mulle(record: Record) -> None:
    game = mulle.replay(record)
    seen: list[Seen] = [(d.dealer, "", ()) for d in game.deals]
    want = dealers(record, len(seen))
    if game.next is not None:
        live = read_draft(None, game.next, record.players)  # who gets cards first, in order
        seen.append((game.next.dealer, game.next.first_player, live.order))
        want.append(all_three(seating(record, len(seen))))
    assert seen == want


def check_boodle(record: Record) -> None:
    game = boodle.replay(record)
    seen: list[Seen] = [(d.dealer, "", ()) for d in game.deals]
    want = dealers(record, len(seen) + 1)
    order: tuple[str, ...] = ()
    if game.options.pot_ante is not None:  # Three in One: the poker stage's betting order
        # the stage as the live deal starts it (a draft with nothing in it is refused where
        # the ante is free: each player's stakes come first)
        order = play_stage(None, record.players, game.state.seats.order).order
        want[-1] = (want[-1][0], "", seating(record, len(want)).order)
    seen.append((game.next.dealer, "", order))
    assert seen == want


def check_mus(record: Record) -> None:
    game = mus.replay(record)
    seats: Seating | None = None
    for hand, raw in zip(game.hands, record.rounds, strict=True):
        seats = seating(record, hand.number, seats, first=First.ELDEST, eldest=raw.get("mano"))
        assert (hand.dealer, hand.mano, hand.seats.order) == all_three(seats)
    if game.next is not None:
        after = seating(record, len(game.hands) + 1, seats, first=First.ELDEST)
        assert (game.next.mano, game.next.dealer) == (after.eldest, after.dealer)


CHECKS = {"plump": check_plump, "mulle": check_mulle, "boodle": check_boodle, "mus": check_mus}


@pytest.mark.parametrize("path", example_records(), ids=lambda p: p.stem)
def test_every_example_record_seats_its_rounds_as_the_function_says(path) -> None:
    record = parse_record(json.loads(path.read_text()))
    CHECKS[record.game](record)


FREE_ANTE_THREE_IN_ONE = {"ante": {"free": 1}, "widow": "dead", "three_in_one": {"pot_ante": 1}}


@settings(max_examples=40, deadline=None)
@given(st.one_of(plump_games(), mulle_games(), boodle_games()))
@example(Record("boodle", ("Anna", "Bo", "Cia"), "Anna", FREE_ANTE_THREE_IN_ONE))  # found once
def test_every_generated_game_seats_its_rounds_as_the_function_says(record: Record) -> None:
    CHECKS[record.game](record)


@settings(max_examples=25, deadline=None)
@given(data=st.data(), options=MUS_OPTIONS)
def test_every_generated_match_seats_its_hands_as_the_function_says(data, options) -> None:
    check_mus(mus_record(draw_match(data, options), options))


def test_a_hand_given_its_own_mano_is_seated_from_him() -> None:
    hand: dict[str, Any] = {
        "lances": {},
        "cards": {"Anna": "K3QA", "Bo": "7654", "Cia": "JJ54", "Dan": "KQ77"},
    }
    record = Record("mus", FOUR, "Anna", {}, (hand, {**hand, "mano": "Dan"}, hand))
    check_mus(record)
    game = mus.replay(record)
    assert [h.mano for h in game.hands] == ["Anna", "Dan", "Anna"]
    assert game.next is not None and (game.next.mano, game.next.dealer) == ("Bo", "Anna")


# --- people come and go (docs/records.md, "People come and go") -----------------------------


def late(
    *rounds: dict[str, Any], players: tuple[str, ...] = NAMES[:5], first: str = "Cia"
) -> Record:
    return Record("plump", players, first, {}, rounds)


def test_a_round_deals_in_only_the_players_not_out() -> None:
    record = late({"out": ["Eva"]}, {"out": ["Eva"]}, {}, {"out": ["Anna"]})
    seen = [seating(record, n) for n in range(1, 6)]
    assert [s.dealer for s in seen] == ["Cia", "Dan", "Eva", "Bo", "Cia"]
    assert seen[0].order == ("Dan", "Anna", "Bo", "Cia")
    assert seen[3].out == ("Anna",) and "Anna" not in seen[3].order
    assert seen[4].out == ("Anna",)  # past the record, the last round's players play on
    assert seen[2].seats == NAMES[:5]


def test_the_deal_skips_a_dealer_who_sits_out() -> None:
    record = late({}, {"out": ["Dan"]})
    assert (seating(record, 2).dealer, seating(record, 2).eldest) == ("Eva", "Anna")


def test_the_first_dealer_must_be_dealt_in() -> None:
    with pytest.raises(RuleError, match="round 1: Cia deals round 1 but is not dealt in"):
        seating(late({"out": ["Cia"]}), 1)


@pytest.mark.parametrize(
    ("out", "message"),
    [("Eva", "out must be a list"), (["Zed"], "'Zed' is not a player"), (["Eva", "Eva"], "twice")],
)
def test_a_bad_out_is_refused_with_its_round(out, message) -> None:
    with pytest.raises(RuleError, match=f"round 2: .*{message}"):
        seating(late({}, {"out": out}), 2)


def test_a_substitute_takes_the_seat_and_its_turn() -> None:
    record = Record("mus", FOUR, "Anna", {}, ({}, {"seats": {"Bo": "Eva"}}, {}))
    seen = [seating(record, n, first=First.ELDEST) for n in (1, 2, 3)]
    assert [s.eldest for s in seen] == ["Anna", "Eva", "Cia"]
    assert seen[2].seats == ("Anna", "Eva", "Cia", "Dan")
    assert everyone(record) == (*FOUR, "Eva")


def test_a_substitute_for_the_first_mano_in_round_one_is_mano() -> None:
    record = Record("mus", FOUR, "Bo", {}, ({"seats": {"Bo": "Eva"}},))
    first = seating(record, 1, first=First.ELDEST)
    assert (first.eldest, first.dealer) == ("Eva", "Anna")


@pytest.mark.parametrize(
    ("seats", "message"),
    [
        ({"Zed": "Eva"}, "'Zed' holds no seat"),
        ({"Bo": "Dan"}, "'Dan' has held a seat before"),
        ({"Bo": "Eva", "Eva": "Fay"}, "'Eva' holds no seat"),  # she came in this very round
    ],
)
def test_a_bad_substitute_is_refused(seats, message) -> None:
    with pytest.raises(RuleError, match=f"round 2: seats: {message}"):
        seating(Record("mus", FOUR, "Anna", {}, ({}, {"seats": seats})), 2, first=First.ELDEST)


@settings(max_examples=200, deadline=None)
@given(data=st.data(), players=st.integers(3, 8).map(lambda n: NAMES[:n]))
def test_dealing_passes_only_to_players_dealt_in(data, players) -> None:
    dealt = st.lists(st.sampled_from(players), unique=True, max_size=len(players) - 1)
    rounds = [{"out": data.draw(dealt)} for _ in range(data.draw(st.integers(1, 12)))]
    first = data.draw(st.sampled_from([p for p in players if p not in rounds[0]["out"]]))
    record = Record("plump", players, first, {}, tuple(rounds))
    seats: Seating | None = None
    for number, raw in enumerate(rounds, 1):
        before, seats = seats, seating(record, number, seats)
        assert seats == seating(record, number)
        assert set(seats.order) == set(players) - set(raw["out"])
        assert seats.order == tuple(
            p for p in turn_order(players, seats.eldest) if p in seats.order
        )
        if before is not None:  # the deal passes to the first seat after the dealer dealt in
            skipped = [*turn_order(players, before.dealer)[1:], before.dealer]
            assert seats.dealer == next(p for p in skipped if p not in raw["out"])
