"""Head-to-head, nemesis and best partner on small circles worked by hand."""

from __future__ import annotations

from fractions import Fraction

from assistant.games.evening import Outcome, Score
from assistant.games.rivals import (
    Meeting,
    Nemesis,
    Partnership,
    best_partner,
    head_to_head,
    nemesis,
    partnerships,
)
from assistant.games.stats import Played


def won(kind: str, winner: tuple[str, ...], *others: tuple[str, ...], done: bool = True) -> Played:
    """A game of ``kind`` that the side ``winner`` won over the ``others`` sides."""
    scores = tuple(Score(side, Fraction(n)) for n, side in enumerate((winner, *others)))
    people = tuple(name for side in (winner, *others) for name in side)
    winners = winner if done else ()
    return Played(kind, 1, people, Outcome(done, winners, winner, scores, "points"), {})


def plump(winner: str, *others: str) -> Played:
    return won("plump", (winner,), *((name,) for name in others))


# Anna's Plump: Bo won the first two, Cia the third, Anna the fourth (with Bo and Dan), then
# Cia twice. Against Bo: 4 games, Anna won 1, lost 2; against Cia: 5 games, won none, lost 3;
# against Dan: 2 games. Before the last game Bo and Cia had each beaten her twice in four.
PLUMP_CIRCLE = [
    plump("Bo", "Anna", "Cia"),
    plump("Bo", "Anna", "Cia"),
    plump("Cia", "Anna", "Bo"),
    plump("Anna", "Bo", "Dan"),
    plump("Cia", "Anna"),
    plump("Cia", "Anna", "Dan"),
]


def test_head_to_head_counts_the_games_each_won() -> None:
    assert head_to_head(PLUMP_CIRCLE, "Anna", "plump") == (
        Meeting("Cia", 5, 0, 3),
        Meeting("Bo", 4, 1, 2),
        Meeting("Dan", 2, 1, 0),
    )
    assert head_to_head(PLUMP_CIRCLE, "Dan", "plump") == (
        Meeting("Anna", 2, 0, 1),
        Meeting("Bo", 1, 0, 0),  # Anna won: neither Dan nor Bo
        Meeting("Cia", 1, 0, 1),
    )


def test_the_nemesis_is_the_worst_loss_rate_in_three_games_or_more() -> None:
    found = nemesis(PLUMP_CIRCLE, "Anna", "plump")
    assert found == Nemesis("Cia", 5, 3, new=True)  # it was Bo (2 of 4, as Cia, Bo first)
    assert found is not None and found.rate == Fraction(3, 5)
    assert nemesis(PLUMP_CIRCLE[:5], "Anna", "plump") == Nemesis("Bo", 4, 2, new=False)
    assert nemesis(PLUMP_CIRCLE[:3], "Anna", "plump") == Nemesis("Bo", 3, 2, new=True)  # first
    assert nemesis(PLUMP_CIRCLE[:2], "Anna", "plump") is None  # two games together: too few
    assert nemesis(PLUMP_CIRCLE, "Cia", "plump") == Nemesis("Bo", 3, 2, new=False)
    assert nemesis(PLUMP_CIRCLE, "Dan", "plump") is None  # nobody met three times


def test_the_nemesis_stays_the_same_and_is_not_new() -> None:
    later = [*PLUMP_CIRCLE, plump("Dan", "Anna", "Bo")]  # Dan won; Cia still the worst
    assert nemesis(later, "Anna", "plump") == Nemesis("Cia", 5, 3, new=False)


def test_games_are_never_blended() -> None:
    mulle = [won("mulle", ("Dan",), ("Anna",))] * 4
    circle = [*PLUMP_CIRCLE, *mulle]
    assert nemesis(circle, "Anna", "plump") == nemesis(PLUMP_CIRCLE, "Anna", "plump")
    assert nemesis(circle, "Anna", "mulle") == Nemesis("Dan", 4, 4, new=False)
    assert head_to_head(circle, "Anna", "mulle") == (Meeting("Dan", 4, 0, 4),)
    assert partnerships(circle, "Anna", "plump") == ()  # nobody's partner in Plump


def test_a_game_not_finished_counts_for_nothing() -> None:
    unfinished = won("plump", ("Bo",), ("Anna",), done=False)
    assert head_to_head([*PLUMP_CIRCLE, unfinished], "Anna", "plump") == head_to_head(
        PLUMP_CIRCLE, "Anna", "plump"
    )


def mus(winners: tuple[str, str], losers: tuple[str, str]) -> Played:
    return won("mus", winners, losers)


# Anna and Bo partners in three matches (won two), opponents in four (Anna won one); Anna with
# Cia twice (won one), with Dan twice (won none); Dan with Cia three times (won one).
MUS_CIRCLE = [
    mus(("Anna", "Bo"), ("Cia", "Dan")),
    mus(("Anna", "Bo"), ("Cia", "Dan")),
    mus(("Anna", "Cia"), ("Bo", "Dan")),
    mus(("Bo", "Dan"), ("Anna", "Cia")),
    mus(("Bo", "Cia"), ("Anna", "Dan")),
    mus(("Bo", "Cia"), ("Anna", "Dan")),
    mus(("Cia", "Dan"), ("Anna", "Bo")),
]


def test_mus_head_to_head_only_on_opposite_sides() -> None:
    assert head_to_head(MUS_CIRCLE, "Anna", "mus") == (
        Meeting("Cia", 5, 2, 3),
        Meeting("Dan", 5, 3, 2),
        Meeting("Bo", 4, 1, 3),  # not the three matches they played as partners
    )


def test_mus_nemesis_and_best_partner_can_be_the_same_person() -> None:
    assert nemesis(MUS_CIRCLE, "Anna", "mus") == Nemesis("Bo", 4, 3, new=False)
    assert partnerships(MUS_CIRCLE, "Anna", "mus") == (
        Partnership("Bo", 3, 2),
        Partnership("Cia", 2, 1),
        Partnership("Dan", 2, 0),
    )
    assert best_partner(MUS_CIRCLE, "Anna", "mus") == Partnership("Bo", 3, 2)
    assert best_partner(MUS_CIRCLE, "Dan", "mus") == Partnership("Cia", 3, 1)
    assert best_partner(MUS_CIRCLE, "Bo", "mus") == Partnership("Anna", 3, 2)
    assert best_partner(MUS_CIRCLE[:6], "Anna", "mus") is None  # Bo twice only, then


def test_best_partner_the_best_rate_then_the_most_games() -> None:
    circle = [*MUS_CIRCLE, mus(("Anna", "Cia"), ("Bo", "Dan"))]  # Cia: 2 of 3 as well
    assert best_partner(circle, "Anna", "mus") == Partnership("Bo", 3, 2)  # Bo before Cia
    circle.append(mus(("Anna", "Cia"), ("Bo", "Dan")))  # Cia: 3 of 4
    assert best_partner(circle, "Anna", "mus") == Partnership("Cia", 4, 3)
