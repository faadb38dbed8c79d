"""Mus: two teams of two, four lances a hand, games to 40 stones, a match of 1 to 3 games.

The record's rounds are hands (see docs/records.md, "Mus"). ``replay`` derives everything from them:
per hand what was paid at once and at the count (lance by lance), the score of each game, the
games won, and who is mano next. ``score`` turns that into the ``score`` output.

While a hand is entered lance by lance, ``check_betting`` checks the betting so far and tells
whether it already decided the game (a rejection reaching the target, an accepted órdago).

The modules: ``hands`` (cards, points, comparing hands), ``bets`` (a bet lance), ``showdown``
(lance winners and team values, from cards or entered), ``entry`` (a hand as entered),
``count`` (what each lance pays and the count), ``draft`` (a hand being entered at the table).

Decided where the rules are silent: each entry of ``bets`` is the number of stones that bet
*adds* (at least 2, raises too: envido 2, raise 5, raise 10 make a stake of 17); an accepted
órdago ends the game with the stones as they stand; ``"paso"`` after the game was decided in a
hand is allowed (it is the same as leaving the lance out), a bet there is an error.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field, replace
from typing import Any

from ..base import JSON, N_, Record, RuleError, shared_rounds
from ..seating import First, Seated, Seating, everyone, seating
from ..spec import GameSpec
from .count import Ending, HandCount, LanceResult, is_dentro, settle_hand
from .count import breakdown as breakdown  # the UI's per-hand breakdown
from .entering import _match_over
from .entering import check_betting as check_betting  # the UI: a hand entered lance by lance
from .entering import check_lance as check_lance
from .entering import check_said as check_said  # the UI: what was said against the cards
from .entry import HandEntry, parse_hand_entry
from .entry import check_answer as check_answer  # the UI: a hand entered lance by lance
from .entry import check_holders as check_holders
from .entry import declare as declare  # the UI: who has pares / juego
from .entry import parse_cards as parse_cards
from .evening import EVENING
from .options import OPTIONS, MusOptions, normalize_options
from .options import parse_options as parse_options  # the UI: the hand rules of the table
from .output import result
from .people import (
    Adjustment,
    adjusted,
    check_returns,
    parse_adjust,
    seat_changes,
)
from .people import returns_marked as returns_marked  # the web: a hand giving a seat back
from .showdown import LanceDecision, team_of

KIND = "mus"


@dataclass(frozen=True)
class HandResult(Seated):
    """One hand replayed. ``score`` is the game's score after it; ``lances`` the breakdown."""

    seats: Seating  # the hand (counting across the match), mano and dealer (``seating``)
    game: int  # the game it belongs to, from 1
    entry: HandEntry
    count: HandCount
    score: tuple[int, int]  # after the count and the adjustments
    adjust: tuple[Adjustment, ...] = ()
    adjusted_winner: int | None = None  # the team an adjustment brought to the target
    changes: Mapping[str, str] | None = None  # the hand's ``seats``: a substitute came
    back: tuple[str, ...] = ()  # the hand's ``back``: who of them takes a seat again

    mano = Seated.eldest

    @property
    def winner(self) -> int | None:
        """The team that won the game in this hand (by the cards or an adjustment)."""
        return self.count.winner if self.count.ending is not None else self.adjusted_winner

    @property
    def lances(self) -> tuple[LanceResult, ...]:
        return self.count.lances

    @property
    def immediate(self) -> tuple[int, int]:
        return self.count.immediate

    @property
    def counted(self) -> tuple[int, int]:
        return self.count.counted

    @property
    def stones(self) -> tuple[int, int]:
        return (self.immediate[0] + self.counted[0], self.immediate[1] + self.counted[1])

    @property
    def game_over(self) -> bool:
        return self.count.ending is not None or self.adjusted_winner is not None

    @property
    def decisions(self) -> tuple[LanceDecision, ...]:
        """From the cards: who won each lance, with which hand, against whom."""
        return self.entry.decisions


@dataclass(frozen=True)
class GameResult:
    stones: tuple[int, int]
    winner: int | None  # the team; None while the game goes on
    ending: Ending | None = None  # None also when an adjustment decided it
    holders: tuple[str, ...] = ()  # the seats' holders when it was decided (or now)


@dataclass(frozen=True)
class NextHand(Seated):
    """What the table does next: the hand's seats (its number, mano and dealer), the game it
    belongs to and the score it starts from."""

    seats: Seating
    game: int
    score: tuple[int, int]
    dentro: tuple[bool, bool]  # a team within 5 stones of the target must warn the others

    hand = Seated.number
    mano = Seated.eldest

    def with_mano(self, players: tuple[str, ...], mano: str | None) -> Seating:
        """The seats of this hand when the table gives it a mano of its own (mus corrido)."""
        if mano is None:
            return self.seats
        # the hand names its mano, so the first mano of the record is not asked
        return seats_of(Record(KIND, players, mano), self.hand, None, mano=mano)


@dataclass(frozen=True)
class MusReplay:
    """A match replayed. ``players``: the seats' holders now (after the last hand, which the
    next one keeps); ``sides``: every name that held a seat and his team."""

    options: MusOptions
    players: tuple[str, ...]
    hands: tuple[HandResult, ...]
    games: tuple[GameResult, ...]  # the game in progress last (unless the match is over)
    games_won: tuple[int, int]
    winner: int | None  # the team that won the match
    next: NextHand | None
    sides: Mapping[str, int] = field(default_factory=dict)

    @property
    def finished(self) -> bool:
        return self.winner is not None

    @property
    def teams(self) -> tuple[tuple[str, str], tuple[str, str]]:
        p = self.players
        return (p[0], p[2]), (p[1], p[3])

    @property
    def winners(self) -> tuple[str, ...]:
        return () if self.winner is None else self.teams[self.winner - 1]


def replay(record: Record, since: tuple[Record, MusReplay] | None = None) -> MusReplay:
    """Replay every hand of the record; a RuleError names the round (1-based) and the field.
    ``since``: an earlier record of the match and its replay, whose hands of the rounds both
    begin with are taken as they are (a save replays one hand, not the match).

    >>> r = replay(Record("mus", ("Anna", "Ben", "Carla", "Dan"), "Anna", {}, ({"lances": {},
    ...     "cards": {"Anna": "K3QA", "Ben": "7654", "Carla": "JJ54", "Dan": "KQ77"}},)))
    >>> r.hands[0].stones, r.next.mano
    ((7, 0), 'Ben')
    """
    options = parse_options(record.options)
    match = _Match()
    shared = shared_rounds(record, since)
    for hand in since[1].hands[:shared] if since else ():
        match.add(hand, options)
    for number, raw in enumerate(record.rounds[shared:], start=shared + 1):
        try:
            match.add(_replay_hand(record, number, raw, match, options), options)
        except RuleError as exc:
            raise exc.at_round(number) from exc
    games, score = match.games, match.score
    next_hand = None
    holders = match.last.seats if match.last else record.players
    if match.winner is None:
        seats = seats_of(record, len(match.hands) + 1, match.last)
        holders = seats.seats
        games.append(GameResult(score, None, holders=holders))
        dentro = (is_dentro(score[0], options.target), is_dentro(score[1], options.target))
        next_hand = NextHand(seats, len(games), score, dentro)
    won = (match.won[0], match.won[1])
    return MusReplay(options, holders, tuple(match.hands), tuple(games), won, match.winner,
                     next_hand, _sides(record, match.hands))  # fmt: skip


def _replay_hand(
    record: Record, number: int, raw: Any, match: _Match, options: MusOptions
) -> HandResult:
    """Hand ``number`` of the record, played from the match as it stands (a RuleError names
    no round: the caller's does)."""
    if match.winner is not None:
        raise _match_over(match.last.seats if match.last else record.players, match.winner)
    rotation = seats_of(record, number, match.last)
    if isinstance(raw, Mapping) and "seats" in raw:
        check_returns(seat_changes(raw), *_before(record, match.last, match.hands))
    elif isinstance(raw, Mapping) and "back" in raw:
        raise RuleError(N_("back must list who takes a seat again in seats"))
    holders = rotation.seats
    entry = parse_hand_entry(raw, holders, rotation.eldest, options.rules)
    count = settle_hand(entry.bets, entry.showdown, match.score, options.target)
    score = (match.score[0] + count.immediate[0] + count.counted[0],
             match.score[1] + count.immediate[1] + count.counted[1])  # fmt: skip
    adjust = parse_adjust(raw)
    score, won = adjusted(adjust, score, count.ending is not None, options.target)
    seats = seats_of(record, number, match.last, mano=entry.mano)
    game = len(match.games) + 1
    back = tuple(raw.get("back") or ()) if isinstance(raw, Mapping) else ()
    return HandResult(seats, game, entry, count, score, adjust, won, seat_changes(raw), back)


def _before(
    record: Record, last: Seating | None, hands: Sequence[HandResult]
) -> tuple[tuple[str, ...], dict[str, int], bool]:
    """What a hand's return is checked against (``check_returns``): the seats' holders before
    it, everyone's team so far, and whether the hand before it ended its game."""
    holders = last.seats if last else record.players
    return holders, _sides(record, hands), bool(hands) and hands[-1].game_over


def _sides(record: Record, hands: Sequence[HandResult]) -> dict[str, int]:
    """Every name that held a seat, with his team (the seat's)."""
    sides = {name: team_of(record.players, name) for name in record.players}
    for hand in hands:
        sides.update((name, team_of(hand.seats.seats, name)) for name in hand.seats.seats)
    return {name: sides[name] for name in everyone(record) if name in sides}


def with_substitutes(record: Record, state: MusReplay, seats: Mapping[str, str]) -> MusReplay:
    """The match as the next hand sits when ``seats`` (``{"Dan": "Eva"}``) take seats at it:
    the hand being entered names its holders (a RuleError when a substitute is not new)."""
    if state.next is None:
        raise _match_over(state.players, state.winner or 1)
    coming = record.with_rounds([*record.rounds, returns_marked(record, {"seats": dict(seats)})])
    last = state.hands[-1].seats if state.hands else None
    try:
        now = seats_of(coming, state.next.hand, last)
        check_returns(seats, *_before(record, last, state.hands))
    except RuleError as exc:
        raise RuleError(exc.message, field="newcomer") from exc
    return replace(state, players=now.seats, next=replace(state.next, seats=now))


def seats_of(record: Record, number: int, last: Seating | None, mano: str | None = None) -> Seating:
    """Who sits where in hand ``number`` of a Mus record: the record names its first mano,
    ``mano`` is the hand's own (mus corrido), ``last`` the seating of the hand before."""
    return seating(record, number, last, first=First.ELDEST, eldest=mano)


class _Match:
    """The match between two hands: the seats of the last hand, the games played, the score of
    the one going on and the winner once the match is won."""

    def __init__(self) -> None:
        self.last: Seating | None = None
        self.hands: list[HandResult] = []
        self.games: list[GameResult] = []
        self.won = [0, 0]
        self.score = (0, 0)
        self.winner: int | None = None

    def add(self, hand: HandResult, options: MusOptions) -> None:
        """The match after ``hand`` (its ``score`` is the game's score after it)."""
        self.hands.append(hand)
        self.score = hand.score
        if hand.game_over and (won := hand.winner) is not None:
            ending = hand.count.ending
            self.games.append(GameResult(hand.score, won, ending, hand.seats.seats))
            self.won[won - 1] += 1
            self.score = (0, 0)
            if self.won[won - 1] >= options.games_to_win:
                self.winner = won
        self.last = hand.seats


def score(record: Record) -> JSON:
    """The ``score`` output of docs/records.md for a Mus record."""
    return result(replay(record))


SPEC = GameSpec(
    KIND, "Mus", min_players=4, max_players=4, first_field="first_mano",
    replay=replay, result=result, correct_title=N_("Correct hand {number}"),
    normalize_options=normalize_options, options=OPTIONS, evening=EVENING, resume=replay,
    night_sizes=(4,), night_pairs=True,
)  # fmt: skip
