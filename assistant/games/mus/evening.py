"""Mus in the evening: the games won by each team, a stake per game or per match won (paid
team to team, each partner paying or getting half), a player's numbers (games and matches won,
with which partner) and the hands as rows.

>>> from ..base import Record
>>> from . import replay
>>> game = replay(Record("mus", ("Anna", "Ben", "Carla", "Dan"), "Anna", {}, ()))
>>> per_game(game)
{'Anna': Fraction(0, 1), 'Ben': Fraction(0, 1), 'Carla': Fraction(0, 1), 'Dan': Fraction(0, 1)}
"""

from __future__ import annotations

from collections.abc import Mapping
from fractions import Fraction
from typing import TYPE_CHECKING

from ..base import N_, Message, partners
from ..evening import Basis, EveningRules, Outcome, Score, Sheet, Tally, adjustment_note
from .showdown import team_of

if TYPE_CHECKING:
    from . import HandResult, MusReplay

WITH = "with."  # the tally's counters per partner: "with.Carla" matches, "won_with.Carla" won
WON_WITH = "won_with."


def team_name(team: tuple[str, ...]) -> Message:
    """The partners as the Mus pages name them (``partners``)."""
    return partners(*team[:2])


def outcome(game: MusReplay) -> Outcome:
    won = game.games_won
    order = (0, 1) if won[0] >= won[1] else (1, 0)
    leaders: tuple[str, ...] = ()
    if won[0] != won[1]:
        leaders = game.teams[order[0]]
    remarks: tuple[Message, ...] = ()
    if game.next is not None and any(game.next.score):
        remarks = (
            Message(
                N_("Game {number} in play: {first} {a}, {second} {b} stones"),
                {
                    "number": game.next.game,
                    "first": team_name(game.teams[0]),
                    "a": game.next.score[0],
                    "second": team_name(game.teams[1]),
                    "b": game.next.score[1],
                },
            ),
        )
    return Outcome(
        finished=game.finished,
        winners=game.winners,
        leaders=leaders,
        scores=tuple(Score(game.teams[i], Fraction(won[i])) for i in order),
        unit=N_("games won"),
        remarks=remarks,
        people=tuple(game.sides),
    )


def team_halves(game: MusReplay, margin: int) -> dict[str, Fraction]:
    """``margin`` won by the first team over the second: each partner gets (or pays) half."""
    first, second = game.teams
    return {
        name: Fraction(margin if name in first else -margin, 2)
        for name in game.players
        if name in first or name in second
    }


def per_game(game: MusReplay) -> Mapping[str, Fraction]:
    """Each game won so far pays the stake, team to team, to and by those who held the seats
    when it was won (a substitute's games are his, the games before him the one he replaced)."""
    money = dict.fromkeys(game.sides or game.players, Fraction(0))
    for result in game.games:
        if result.winner is None:
            continue
        for seat, name in enumerate(result.holders or game.players):
            money[name] += Fraction(1 if seat % 2 == result.winner - 1 else -1, 2)
    return money


def per_match(game: MusReplay) -> Mapping[str, Fraction]:
    """The match won pays the stake, team to team (nothing while it goes on)."""
    if game.winner is None:
        return team_halves(game, 0)
    return team_halves(game, 1 if game.winner == 1 else -1)


BASES = (
    Basis(
        "game",
        N_("per game won, paid team to team (each partner half)"),
        N_("per game won, team to team"),
        N_("Stake set: {amount} per game won, paid team to team (each partner half)."),
        per_game,
    ),
    Basis(
        "match",
        N_("per match won, paid team to team (each partner half)"),
        N_("per match won, team to team"),
        N_("Stake set: {amount} per match won, paid team to team (each partner half)."),
        per_match,
    ),
)


def tally(game: MusReplay, player: str) -> Tally:
    """His own hands: those he played, the stones his team won at the cards in them (not the
    table's adjustments), the games decided at a hand he played and those his team won; the
    match (once decided, if he held a seat at its end), with his partner."""
    own = [hand for hand in game.hands if player in hand.seats.seats]
    decided = [
        (hand.winner, team_of(hand.seats.seats, player))
        for hand in own
        if hand.game_over and hand.winner is not None
    ]
    at_the_end = player in game.players
    counters = {
        "hands": Fraction(len(own)),
        "stones": Fraction(sum(hand.stones[team_of(hand.seats.seats, player) - 1] for hand in own)),
        "games": Fraction(len(decided)),
        "games_won": Fraction(sum(winner == team for winner, team in decided)),
        "matches": Fraction(game.finished and at_the_end),
        "matches_won": Fraction(at_the_end and game.winner == team_of(game.players, player)),
    }
    if game.finished and at_the_end:
        team = game.players.index(player) % 2
        partner = next(name for name in game.teams[team] if name != player)
        counters[WITH + partner] = Fraction(1)
        counters[WON_WITH + partner] = Fraction(game.winner == team + 1)
    return counters


def figures(counters: Tally) -> tuple[Message, ...]:
    zero = Fraction(0)
    said = [
        Message(
            N_("Hands played: {hands}, stones won in them: {stones}"),
            {"hands": counters.get("hands", zero), "stones": counters.get("stones", zero)},
        ),
        Message(
            N_("Games won: {won} of {played}"),
            {"won": counters.get("games_won", zero), "played": counters.get("games", zero)},
        ),
        Message(
            N_("Matches won: {won} of {played}"),
            {"won": counters.get("matches_won", zero), "played": counters.get("matches", zero)},
        ),
    ]
    for key in sorted(key for key in counters if key.startswith(WITH)):
        partner = key.removeprefix(WITH)
        said.append(
            Message(
                N_("With {partner}: {won} of {played} matches won"),
                {
                    "partner": partner,
                    "won": counters.get(WON_WITH + partner, zero),
                    "played": counters[key],
                },
            )
        )
    return tuple(said)


def sheet(game: MusReplay) -> Sheet:
    """A row per hand. Where a substitute came, the teams are "Team 1" and "Team 2" and each
    row names who played the hand for each; a last column notes the adjustments."""
    came = len(game.sides) > len(game.players)
    names = (
        [Message(N_("Team 1")), Message(N_("Team 2"))]
        if came
        else [team_name(team) for team in game.teams]
    )
    columns = [Message(N_("Hand")), Message(N_("Game")), Message(N_("Mano"))]
    columns += names if came else []
    columns += [Message(N_("{name}: stones"), {"name": name}) for name in names]
    columns += [Message(N_("{name}: score"), {"name": name}) for name in names]
    rows = []
    notes = []
    for hand in game.hands:
        teams = [played(hand, team) for team in (1, 2)]
        rows.append(
            (hand.number, hand.game, hand.mano, *(teams if came else ()), *hand.stones, *hand.score)
        )
        notes.append([adjustment_note(teams[a.team - 1], a.stones, a.reason) for a in hand.adjust])
    return Sheet(tuple(columns), tuple(rows)).noted(notes)


def played(hand: HandResult, team: int) -> str:
    """The partners who played ``hand`` for ``team`` (1 or 2): "Anna & Carla"."""
    seats = hand.seats.seats
    return f"{seats[team - 1]} & {seats[team + 1]}"


EVENING = EveningRules(outcome=outcome, bases=BASES, tally=tally, figures=figures, sheet=sheet)
