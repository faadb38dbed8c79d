"""What each lance of a Mus hand pays, and the count.

``settle_hand`` pays a hand: rejections at once (they may end the game), an accepted órdago
ends the game, then grande, chica, pares, juego / punto are counted in order, each lance whole,
until a team reaches the target.

| outcome | grande / chica | pares / juego | punto |
|---|---|---|---|
| en paso | 1 | the winners' values | 1 |
| quiero, stake T | T | T + values | T + 1 |
| no quiero | at once to the last bettor: 1 for a rejected first bet, else the stake before
  the rejected raise; pares / juego add the betting team's own values, punto 1, at the count |
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field, replace
from enum import Enum
from typing import Any

from ..base import N_, Message, RuleError
from .bets import Bet
from .hands import Lance
from .showdown import Showdown, team_names


class Outcome(Enum):
    """How a lance went."""

    PASO = "paso"  # nobody bet: the best hand takes it at the count
    ALONE = "alone"  # only one team had pares / juego: its values, without betting
    NOBODY = "nobody"  # nobody had pares: the lance is skipped
    QUIERO = "quiero"  # an accepted bet: the stake to the best hand
    NO_QUIERO = "no_quiero"  # a rejected bet: the last bettor's team takes it
    ORDAGO = "ordago"  # an accepted órdago: the lance decides the game
    NOT_PLAYED = "not_played"  # the game was decided before this lance


class Ending(Enum):
    """What ended a game in the middle or at the end of a hand."""

    REJECTION = "rejection"  # stones paid at once for a no quiero reached the target
    ORDAGO = "ordago"  # an accepted órdago
    COUNT = "count"  # the count reached the target


@dataclass(frozen=True)
class LanceResult:
    """What one lance paid: ``immediate`` at once (a no quiero), ``stake`` and ``values`` at the
    count (values: pares / juego values, or punto's extra stone when punto was bet on)."""

    lance: Lance
    outcome: Outcome
    bet: Bet | None
    team: int | None  # the team that takes the lance
    immediate: int = 0
    stake: int = 0
    values: int = 0
    counted: bool = True  # False when the game was over before this lance was counted
    explanation: Message | None = None

    @property
    def total(self) -> int:
        return self.immediate + (self.stake + self.values if self.counted else 0)


@dataclass(frozen=True)
class HandCount:
    """A hand paid: per lance, per team at once and at the count, and the game's end if any."""

    lances: tuple[LanceResult, ...]
    immediate: tuple[int, int]
    counted: tuple[int, int]
    ending: Ending | None
    winner: int | None  # the team that won the game in this hand


@dataclass(frozen=True)
class AtOnce:
    """The betting of a hand as far as it was entered: what rejections paid at once and
    whether the game was decided before the count (``winner`` is None for an accepted órdago
    whose cards are not known yet). ``stakes``: the accepted bets, whose stones go at the count
    to the team the cards decide."""

    results: Mapping[Lance, LanceResult]
    immediate: tuple[int, int]
    ending: Ending | None
    winner: int | None
    stakes: Mapping[Lance, int] = field(default_factory=dict)


def pay_at_once(
    entries: Mapping[Lance, Bet | None],
    showdown: Showdown | None,
    score: tuple[int, int],
    target: int,
) -> AtOnce:
    """The betting phase, lance by lance: a no quiero pays the last bettor at once and may end
    the game; an accepted órdago ends it. A bet after the game was decided is an error."""
    now = list(score)
    immediate = [0, 0]
    ending: Ending | None = None
    winner: int | None = None
    results: dict[Lance, LanceResult] = {}
    stakes: dict[Lance, int] = {}
    for lance, bet in entries.items():
        if ending is not None:
            _no_bet_after_the_end(lance, bet)
            continue
        if bet is None:
            continue
        if bet.accepted and not bet.is_ordago:
            stakes[lance] = bet.stake
            continue
        if bet.accepted:  # an accepted órdago: the lance decides the game at once
            ending = Ending.ORDAGO
            if showdown is not None:
                winner = showdown.winner(lance)
                explanation = showdown.explanations.get(lance)
                results[lance] = LanceResult(
                    lance, Outcome.ORDAGO, bet, winner, 0, 0, 0, True, explanation
                )
            continue
        team = bet.last_bettor
        stones = bet.rejection_stones
        immediate[team - 1] += stones
        now[team - 1] += stones
        results[lance] = LanceResult(lance, Outcome.NO_QUIERO, bet, team, immediate=stones)
        if now[team - 1] >= target:
            ending, winner = Ending.REJECTION, team
    return AtOnce(results, (immediate[0], immediate[1]), ending, winner, stakes)


def settle_hand(
    entries: Mapping[Lance, Bet | None],
    showdown: Showdown,
    score: tuple[int, int],
    target: int,
) -> HandCount:
    """Pay a hand. ``entries`` holds grande, chica, pares and the fourth lance in order (the
    fourth is missing when it is unknown whether it is juego or punto: then nobody bet on it).

    The count adds each lance whole (stake and values together) and stops as soon as a team
    has reached ``target``, so a score may pass it."""
    at_once = pay_at_once(entries, showdown, score, target)
    ending, winner = at_once.ending, at_once.winner
    now = [score[0] + at_once.immediate[0], score[1] + at_once.immediate[1]]
    results, counted = dict(at_once.results), [0, 0]
    for lance, bet in entries.items():
        if ending is not None:
            done = results.get(lance)
            results[lance] = (
                LanceResult(lance, Outcome.NOT_PLAYED, bet, None, counted=False)
                if done is None
                else _replace_counted(done)
            )
            continue
        result = _count_lance(lance, bet, showdown, results.get(lance))
        results[lance] = result
        if result.team is not None and result.stake + result.values:
            counted[result.team - 1] += result.stake + result.values
            now[result.team - 1] += result.stake + result.values
            if now[result.team - 1] >= target:
                ending, winner = Ending.COUNT, result.team
    if ending is None:
        _fourth_known(entries)
    return HandCount(
        tuple(results[lance] for lance in entries),
        at_once.immediate,
        (counted[0], counted[1]),
        ending,
        winner,
    )


def _no_bet_after_the_end(lance: Lance, bet: Bet | None) -> None:
    if bet is not None:
        raise RuleError(
            N_("The game was already decided in this hand: {lance} cannot be bet on"),
            field=f"lances.{lance.value}",
            lance=lance.value,
        )


def _fourth_known(entries: Mapping[Lance, Bet | None]) -> None:
    """A hand counted to its end must say who won juego (or punto)."""
    if Lance.JUEGO not in entries and Lance.PUNTO not in entries:
        raise RuleError(
            N_("Who won juego (or punto)? The showdown does not say, and the count needs it"),
            field="showdown.juego",
        )


def _replace_counted(result: LanceResult) -> LanceResult:
    """A lance paid at once (or an órdago) whose count never came: nothing more at the count."""
    return replace(result, counted=False)


def _count_lance(
    lance: Lance, bet: Bet | None, showdown: Showdown, rejected: LanceResult | None
) -> LanceResult:
    """One lance at the count (the game is still on)."""
    scored = lance in (Lance.PARES, Lance.JUEGO)
    if rejected is not None:  # the betting team takes it: its values (punto: 1) at the count
        team = rejected.team
        assert team is not None
        extra = showdown.values(lance, team)  # 0 for grande and chica
        return LanceResult(
            lance, Outcome.NO_QUIERO, bet, team, immediate=rejected.immediate, values=extra
        )
    team = showdown.winner(lance)
    explanation = showdown.explanations.get(lance)
    if team is None:
        return LanceResult(lance, Outcome.NOBODY, bet, None, explanation=explanation)
    values = showdown.values(lance, team) if scored else 0
    if bet is not None:
        extra = 1 if lance is Lance.PUNTO else values
        return LanceResult(lance, Outcome.QUIERO, bet, team, 0, bet.stake, extra, True, explanation)
    holders = showdown.holders(lance)
    alone = holders is not None and len(holders) == 1
    outcome = Outcome.ALONE if scored and alone else Outcome.PASO
    stake = 0 if scored else 1
    return LanceResult(lance, outcome, None, team, 0, stake, values, True, explanation)


def breakdown(lances: Sequence[LanceResult], players: Sequence[str]) -> tuple[Message, ...]:
    """One sentence per lance: who took it, what at once and what at the count
    (``pares: Anna & Carla 1 at once, 2 at the count``; ``juego: Anna & Carla 2+3``)."""
    lines = []
    for result in lances:
        params: dict[str, Any] = {"lance": result.lance.value}
        if result.team is not None:
            params["team"] = team_names(players, result.team)
        params.update(now=result.immediate, stake=result.stake, values=result.values)
        if result.outcome is Outcome.ORDAGO:
            template = N_("{lance}: {team} win the órdago and the game")
        elif result.outcome is Outcome.NOBODY:
            template = N_("{lance}: nobody had it")
        elif result.team is None:
            template = N_("{lance}: not counted, the game was already over")
        elif result.immediate and not result.counted:
            template = N_("{lance}: {team} {now} at once (the game ended before the count)")
        elif result.immediate and result.values:
            template = N_("{lance}: {team} {now} at once, {values} at the count")
        elif result.immediate:
            template = N_("{lance}: {team} {now} at once")
        elif result.values and result.stake:
            template = N_("{lance}: {team} {stake}+{values}")
        elif result.values:
            template = N_("{lance}: {team} {values}")
        else:
            template = N_("{lance}: {team} {stake}")
        lines.append(Message(template, params))
    return tuple(lines)


def amarracos(stones: int) -> tuple[int, int]:
    """Stones as the table lays them out: amarracos of 5 and single stones (23 → (4, 3))."""
    return divmod(stones, 5)


def is_dentro(stones: int, target: int) -> bool:
    """Within 5 of the target ("dentro", 35 of 40): the team must warn the others."""
    return target - 5 <= stones < target
