"""Plump: properties of replaying generated games (prefixes, sums, export and import)."""

from __future__ import annotations

import json

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from assistant.games.base import Record, RuleError
from assistant.games.plump import deal_plan, replay, score
from assistant.store.records import dump_record, parse_record, score_text

NAMES = st.text(
    alphabet="ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyzåäö", min_size=1, max_size=12
)


@st.composite
def option_dicts(draw: st.DrawFn, n_players: int) -> dict:
    """Raw options as a table would enter them: some left out, some null, some set."""
    choices = {
        "start_cards": st.one_of(st.integers(1, 3), st.integers(1, 52 // n_players)),
        "schedule": st.sampled_from(["down-up", "up-down", "down", "up", "down-up-ones"]),
        "hook": st.booleans(),
        "simultaneous_bids": st.booleans(),
        "scoring": st.sampled_from(["ten-plus-bid", "literal", "trick-plus-ten"]),
        "zero_bid_points": st.sampled_from([10, 5]),
        "trump": st.sampled_from(["turn-up", "cycle", "none"]),
        "no_trump_largest": st.booleans(),
        "tie_break": st.sampled_from(["share", "extra-deals"]),
    }
    options = {}
    for name, values in choices.items():
        how = draw(st.sampled_from(["leave out", "null", "set", "set"]))
        if how == "null":
            options[name] = None
        elif how == "set":
            options[name] = draw(values)
    return options


def everybody_misses(bids: dict[str, int], cards: int) -> dict[str, int] | None:
    """Tricks that make every bid fail, if this simple search finds some."""
    tricks = {p: 1 if bid == 0 else 0 for p, bid in bids.items()}
    rest = cards - sum(tricks.values())
    if rest < 0:
        return None
    for player, bid in bids.items():
        if tricks[player] + rest != bid:
            tricks[player] += rest
            return tricks
    return None


@st.composite
def games(draw: st.DrawFn) -> Record:
    """A valid record: any options, any number of deals, maybe the last one still in play."""
    n = draw(st.integers(3, 7))
    players = tuple(draw(st.lists(NAMES, min_size=n, max_size=n, unique=True)))
    options = draw(option_dicts(n))
    record = Record("plump", players, draw(st.sampled_from(players)), options, ())
    scheduled = len(deal_plan(options, n))
    target = draw(st.integers(0, scheduled + 3))
    # the first `misses` deals: everybody misses where possible (ties, and so extra deals)
    misses = draw(st.sampled_from([0, 0, scheduled, scheduled + 1, target]))
    rounds: list[dict] = []
    result = replay(record)
    while len(rounds) < target and result.next is not None:
        nxt = result.next
        bids: dict[str, int] = {}
        for player in nxt.bidding_order:
            allowed = list(range(nxt.cards + 1))
            if player == nxt.dealer and nxt.forbidden_for(bids) is not None:
                allowed.remove(nxt.forbidden_for(bids))
            bids[player] = draw(st.sampled_from(allowed))
        entry: dict = {"bids": bids}
        trump = draw(st.sampled_from(["leave out", None, "S", "H", "D", "C", "NT"]))
        if trump != "leave out":
            entry["trump"] = trump
        if len(rounds) < target - 1 or draw(st.booleans()):
            tricks = everybody_misses(bids, nxt.cards) if len(rounds) < misses else None
            if tricks is None:
                size = nxt.cards
                winners = draw(st.lists(st.sampled_from(players), min_size=size, max_size=size))
                tricks = {p: winners.count(p) for p in nxt.bidding_order}
            entry["tricks"] = tricks
        rounds.append(entry)
        result = replay(record.with_rounds(rounds))
    return record.with_rounds(rounds)


def test_a_deal_in_play_is_checked_again_when_rounds_come_after_it():
    """A deal without its tricks may only be the last: taken from an earlier replay where it
    was, it is still refused once another deal follows."""
    players = ("Anna", "Bo", "Cia")
    in_play = Record("plump", players, "Anna", {}, ({"bids": {"Bo": 1, "Cia": 2, "Anna": 3}},))
    followed = in_play.with_rounds([*in_play.rounds, {"bids": {"Cia": 1, "Anna": 1, "Bo": 1}}])
    for since in (None, (in_play, replay(in_play))):
        with pytest.raises(RuleError, match="tricks of deal 1 are missing"):
            replay(followed, since=since)


def summed(deals, players) -> dict[str, int]:
    totals = dict.fromkeys(players, 0)
    for deal in deals:
        for player, points in (deal.scores or {}).items():
            totals[player] += points
    return totals


@settings(max_examples=120, deadline=None)
@given(games())
def test_prefixes_score_like_the_whole_record(record):
    full = replay(record)
    full_json = score(record)
    for k in range(len(record.rounds) + 1):
        prefix = replay(record.with_rounds(record.rounds[:k]))
        assert prefix.totals == summed(prefix.deals, record.players)
        assert prefix.deals == full.deals[:k]
        assert score(record.with_rounds(record.rounds[:k]))["rounds"] == full_json["rounds"][:k]
        if k:
            assert prefix.totals == full.deals[k - 1].totals
        if k < len(record.rounds):
            coming, played = prefix.next, full.deals[k]
            assert coming is not None
            assert (coming.deal, coming.dealer, coming.cards, coming.first_bidder) == (
                played.deal,
                played.dealer,
                played.cards,
                played.first_bidder,
            )
            assert coming.bidding_order == played.bidding_order
            assert coming.extra == played.extra
            if not coming.enter_trump:
                assert coming.trump == played.trump


@settings(max_examples=150, deadline=None)
@given(games())
def test_generated_games_add_up(record):
    result = replay(record)
    players = record.players
    plan = result.plan
    assert result.totals == summed(result.deals, players)
    for number, deal in enumerate(result.deals, start=1):
        assert deal.deal == number
        assert deal.dealer == players[(players.index(record.first) + number - 1) % len(players)]
        assert deal.bidding_order[-1] == deal.dealer
        assert sorted(deal.bidding_order) == sorted(players)
        assert deal.cards == (plan[number - 1] if number <= len(plan) else max(plan))
        assert deal.extra == (number > len(plan))
        if deal.hook:
            assert sum(deal.bids.values()) != deal.cards
        if deal.tricks is not None:
            assert sum(deal.tricks.values()) == deal.cards
            assert deal.made == {p: deal.bids[p] == deal.tricks[p] for p in players}
            assert all(points >= 0 for points in deal.scores.values())
        else:
            assert number == len(result.deals)
            assert deal.made is None
            assert deal.scores is None
    if result.finished:
        assert result.next is None
        assert result.winners == result.leaders
        assert len(result.deals) >= len(plan)
        if result.options.tie_break.value == "extra-deals":
            assert len(result.winners) == 1
        else:
            assert len(result.deals) == len(plan)
    else:
        assert result.winners == ()
        assert result.next is not None
    best = max(result.totals.values())
    assert result.leaders == tuple(p for p in players if result.totals[p] == best)


@settings(max_examples=100, deadline=None)
@given(games())
def test_export_then_import_gives_the_same_protocol(record):
    text = json.dumps(dump_record(record))
    again = parse_record(json.loads(text))
    assert again.players == record.players
    assert again.first == record.first
    assert score(again) == score(record)
    assert score_text(text) == score(record)
