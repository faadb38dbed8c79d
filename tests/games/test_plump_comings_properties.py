"""Plump when people come and go: properties of generated games with ``out``, ``cards`` and
``adjust`` (dealing passes only to players dealt in; totals are the deals' scores plus the
adjustments)."""

from __future__ import annotations

from typing import Any

from hypothesis import given, settings
from hypothesis import strategies as st

from assistant.games.base import Record
from assistant.games.plump import deal_plan, replay, score
from assistant.games.seating import seating, turn_order

NAMES = ("Anna", "Bo", "Cia", "Dan", "Eva", "Fia", "Gus", "Hal", "Ida", "Jon")


def scheduled(options: dict[str, Any], number: int, planned: int) -> int:
    plan = deal_plan(options, planned)
    return plan[number - 1] if number <= len(plan) else max(plan)


@st.composite
def rounds_out(draw: st.DrawFn, players: tuple[str, ...], keep: str | None) -> list[str]:
    """Who sits a deal out: any players, as long as 3 to 7 are dealt in (and ``keep``)."""
    dealt_in = draw(st.integers(3, min(7, len(players))))
    others = [p for p in players if p != keep]
    playing = draw(st.permutations(others))[: dealt_in - (keep is not None)]
    return [p for p in players if p not in playing and p != keep]


@st.composite
def comings(draw: st.DrawFn) -> Record:
    """A valid record in which people come, sit out and go, with adjustments here and there."""
    players = NAMES[: draw(st.integers(3, 10))]
    first = draw(st.sampled_from(players))
    options = draw(st.sampled_from([{}, {"start_cards": 3, "schedule": "up-down"}]))
    record = Record("plump", players, first, options, ())
    rounds: list[dict[str, Any]] = []
    planned = 0
    for number in range(1, draw(st.integers(1, 8)) + 1):
        entry: dict[str, Any] = {}
        out = draw(rounds_out(players, first if number == 1 else None))
        if out or len(players) > 7 or draw(st.booleans()):
            entry["out"] = out
        dealt_in = [p for p in players if p not in out]
        planned = planned or len(dealt_in)
        cards = scheduled(options, number, planned)
        if cards * len(dealt_in) > 52 or draw(st.integers(0, 4)) == 0:
            cards = draw(st.integers(1, 52 // len(dealt_in)))
            entry["cards"] = cards
        seats = seating(record.with_rounds([*rounds, entry]), number)
        bids: dict[str, int] = {}
        for player in seats.order:
            allowed = [b for b in range(cards + 1)]
            if player == seats.dealer and sum(bids.values()) <= cards:
                allowed.remove(cards - sum(bids.values()))
            bids[player] = draw(st.sampled_from(allowed))
        taken = draw(st.lists(st.sampled_from(seats.order), min_size=cards, max_size=cards))
        entry |= {"bids": bids, "tricks": {p: taken.count(p) for p in seats.order}}
        if draw(st.integers(0, 3)) == 0:
            points = draw(st.integers(-1000, 1000).filter(bool))
            who = draw(st.sampled_from(players))  # dealt in or not (docs/records.md)
            entry["adjust"] = [{"player": who, "points": points, "reason": "x"}]
        rounds.append(entry)
        if replay(record.with_rounds(rounds)).finished:
            break
    return record.with_rounds(rounds)


@settings(max_examples=150, deadline=None)
@given(comings())
def test_dealing_passes_only_to_players_dealt_in(record: Record) -> None:
    game = replay(record)
    for deal, raw in zip(game.deals, record.rounds, strict=True):
        dealt_in = [p for p in record.players if p not in raw.get("out", [])]
        assert set(deal.bidding_order) == set(dealt_in) == set(deal.made or ())
        assert deal.dealer == deal.bidding_order[-1]
        if deal.deal == 1:
            assert deal.dealer == record.first
        else:  # the first seat after the last dealer that is dealt in now
            before = game.deals[deal.deal - 2].dealer
            after = [*turn_order(record.players, before)[1:], before]
            assert deal.dealer == next(p for p in after if p in dealt_in)
        assert deal.cards == raw.get("cards", deal.cards) and deal.cards * len(dealt_in) <= 52


@settings(max_examples=150, deadline=None)
@given(comings())
def test_totals_are_the_scores_plus_the_adjustments(record: Record) -> None:
    game = replay(record)
    totals = dict.fromkeys(record.players, 0)
    for deal, raw in zip(game.deals, record.rounds, strict=True):
        for player, points in (deal.scores or {}).items():
            totals[player] += points
        for adjustment in raw.get("adjust", []):
            totals[adjustment["player"]] += adjustment["points"]
        assert deal.totals == totals
    assert game.totals == totals
    if game.finished:  # in the running: those dealt in to the last deal (docs/records.md)
        playing = set(game.deals[-1].bidding_order)
        best = max(totals[p] for p in playing)
        assert game.winners == tuple(
            p for p in record.players if p in playing and totals[p] == best
        )


@settings(max_examples=100, deadline=None)
@given(comings())
def test_the_output_carries_out_and_adjust_only_where_the_record_has_them(record: Record) -> None:
    out = score(record)
    for shown, raw in zip(out["rounds"], record.rounds, strict=True):
        assert ("out" in shown) == ("out" in raw) and ("adjust" in shown) == ("adjust" in raw)
        assert set(shown["scores"]) == {p for p in record.players if p not in raw.get("out", [])}
    assert set(out["totals"]) == set(record.players)


@settings(max_examples=100, deadline=None)
@given(comings())
def test_next_deals_the_schedules_cards_or_the_most_that_fit(record: Record) -> None:
    game = replay(record)
    if game.finished or game.next is None or game.next.in_play:
        return
    playing = len(game.deals[-1].bidding_order)  # those dealt in to the last deal play on
    wanted = scheduled(record.options, game.next.deal, game.planned)
    assert game.next.cards == min(wanted, 52 // playing)
    assert score(record)["next"]["cards"] == game.next.cards
