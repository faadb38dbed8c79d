"""Mulle: property tests (a whole deal is worth 40; replaying deal by deal equals the whole)."""

from __future__ import annotations

from typing import Any

from hypothesis import given, settings
from hypothesis import strategies as st

from assistant.games.base import Record
from assistant.games.cards import RANKS, SUIT_LETTERS
from assistant.games.mulle import check_deal, replay, score, sides

NAMES = ("Anna", "Bo", "Cia", "Dan")
ALL_CARDS = tuple(f"{rank}{suit}" for suit in SUIT_LETTERS for rank in RANKS)
# the double pack, card by card, by what counts
PACK_CATEGORIES = (
    ("spade_ace", 2),
    ("spade_two", 2),
    ("other_spade", 22),
    ("other_ace", 6),
    ("diamond_ten", 2),
    ("blank", 70),
)
PACK = tuple(cat for cat, n in PACK_CATEGORIES for _ in range(n))


def pile_of(cards: list[str]) -> dict[str, int]:
    """The counts of a pile that holds these cards of ``PACK``."""
    n = {cat: cards.count(cat) for cat, _ in PACK_CATEGORIES}
    return {
        "spades": n["spade_ace"] + n["spade_two"] + n["other_spade"],
        "aces": n["spade_ace"] + n["other_ace"],
        "spade_aces": n["spade_ace"],
        "spade_twos": n["spade_two"],
        "diamond_tens": n["diamond_ten"],
    }


@st.composite
def deals(
    draw: st.DrawFn, players: int, complete: bool = True, with_mulles: bool = True
) -> dict[str, Any]:
    """One deal: every card of the pack to some player (or to nobody when not complete),
    some mulles (each card at most once) and some tabbar. Empty piles are sometimes left out."""
    owners = draw(
        st.lists(
            st.integers(0, players - 1 if complete else players),
            min_size=len(PACK),
            max_size=len(PACK),
        )
    )
    most = 6 if with_mulles else 0
    mulles = draw(st.lists(st.sampled_from(ALL_CARDS), unique=True, max_size=most))
    mulle_owner = draw(st.lists(st.integers(0, players - 1), min_size=6, max_size=6))
    piles: dict[str, Any] = {}
    for seat in range(players):
        pile: dict[str, Any] = pile_of([c for c, o in zip(PACK, owners, strict=True) if o == seat])
        pile["tabbar"] = draw(st.integers(0, 4))
        pile["mulles"] = [m for m, o in zip(mulles, mulle_owner, strict=False) if o == seat]
        if any(pile.values()) or draw(st.booleans()):
            piles[NAMES[seat]] = pile
    return {"piles": piles}


@st.composite
def complete_deal(draw: st.DrawFn) -> tuple[int, dict[str, Any]]:
    players = draw(st.integers(2, 4))
    return players, draw(deals(players, with_mulles=False))


@settings(max_examples=150, deadline=None)
@given(
    complete_deal(),
    st.sampled_from(["totals", "additive"]),
    st.sampled_from([None, 2, 3]),
    st.sampled_from(["standard", "glimne", "sassersson"]),
)
def test_card_points_of_a_complete_deal(
    game: tuple[int, dict[str, Any]], spade_points: str, ten: int | None, mode: str
) -> None:
    players, deal = game
    names = NAMES[:players]
    options = {"spade_points": spade_points, "diamond_ten_points": ten, "deal": mode}
    rec = Record("mulle", names, names[0], options, (deal,))
    out = score(rec)
    round_ = out["rounds"][0]
    assert "warnings" not in round_  # the whole double pack: nothing short
    cards = sum(round_["points"][side[0]]["cards"] for side in sides(names))
    ten_points = ten or (3 if mode == "glimne" else 2)
    # 40 by default; A♠ and 2♠ one more each under "additive"; 10♦ one more each at 3
    assert cards == 40 + (4 if spade_points == "additive" else 0) + 2 * (ten_points - 2)
    assert check_deal(rec.with_rounds([]), deal).warnings == ()


@st.composite
def games(draw: st.DrawFn) -> Record:
    players = draw(st.integers(2, 4))
    names = NAMES[:players]
    in_game = draw(st.integers(1, 5))
    options = {
        "deals": in_game,
        "kryp": draw(st.booleans()),
        "deal": draw(st.sampled_from(["standard", "glimne", "sassersson"])),
    }
    rounds = draw(st.lists(deals(players, complete=False), max_size=in_game))
    first = draw(st.sampled_from(names))
    return Record("mulle", names, first, options, tuple(rounds))


@settings(max_examples=100, deadline=None)
@given(games())
def test_replaying_deal_by_deal_equals_the_whole(rec: Record) -> None:
    whole = score(rec)
    game = replay(rec)
    for k in range(len(rec.rounds) + 1):
        prefix = replay(rec.with_rounds(rec.rounds[:k]))
        assert [d.to_json() for d in prefix.deals] == whole["rounds"][:k]
        expected = dict.fromkeys(rec.players, 0)
        for deal in whole["rounds"][:k]:
            for name, points in deal["points"].items():
                expected[name] += points["total"]
        assert prefix.totals == expected
        if k:
            assert game.running[k - 1] == expected
        if k < len(rec.rounds):
            assert prefix.next is not None
            assert prefix.next.number == k + 1
            assert prefix.next.dealer == whole["rounds"][k]["dealer"]
            assert check_deal(rec.with_rounds(rec.rounds[:k]), rec.rounds[k]).ok
    assert whole["totals"] == game.totals
    assert whole["finished"] == (len(rec.rounds) == rec.options["deals"])
