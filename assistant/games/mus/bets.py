"""Mus bets: a lance that was bet on, and what its rejection pays.

A bet lance is the team that bet first, the first bet and every raise (the stones each *adds*,
at least 2; ``"ordago"`` only as the last), and the other team's final answer to the last bet.

>>> Bet(by=1, bets=(2, 5, 10), answer=Answer.NO_QUIERO).rejection_stones  # to team 1
7
>>> Bet(by=1, bets=(2, 5, 10), answer=Answer.NO_QUIERO).last_bettor
1
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from enum import Enum

from ..base import N_, RuleError
from .hands import Lance

ORDAGO = "ordago"
TEAMS = (1, 2)


class Answer(Enum):
    QUIERO = "quiero"
    NO_QUIERO = "no_quiero"


def other(team: int) -> int:
    return 3 - team


@dataclass(frozen=True)
class Bet:
    """A lance that was bet on."""

    by: int  # the team that made the first bet
    bets: tuple[int | str, ...]  # stones added by the first bet and every raise, or "ordago"
    answer: Answer  # the other team's answer to the last bet

    @property
    def last_bettor(self) -> int:
        """Bets alternate teams: the team that made the last bet."""
        return self.by if len(self.bets) % 2 else other(self.by)

    @property
    def is_ordago(self) -> bool:
        return self.bets[-1] == ORDAGO

    @property
    def accepted(self) -> bool:
        return self.answer is Answer.QUIERO

    @property
    def stake(self) -> int:
        """The stake of an accepted (ordinary) bet: the first bet plus every raise."""
        return sum(b for b in self.bets if isinstance(b, int))

    @property
    def rejection_stones(self) -> int:
        """Paid at once to the last bettor on a no quiero: 1 for a rejected first bet, else the
        stake before the rejected raise (envido 2, raise 5, no quiero → 2)."""
        if len(self.bets) == 1:
            return 1
        return sum(b for b in self.bets[:-1] if isinstance(b, int))


def parse_bet(raw: object, lance: Lance) -> Bet | None:
    """``"paso"`` (or null) → None; ``{"by": 2, "bets": [2], "answer": "quiero"}`` → a Bet."""
    where = f"lances.{lance.value}"
    if raw is None or raw == "paso":
        return None
    if not isinstance(raw, Mapping):
        raise RuleError(
            N_('{lance} must be "paso" or a bet with by, bets and answer'),
            field=where,
            lance=lance.value,
        )
    for key in raw:
        if key not in ("by", "bets", "answer"):
            raise RuleError(
                N_("{lance}: unknown field {name}"),
                field=f"{where}.{key}",
                lance=lance.value,
                name=key,
            )
    by = raw.get("by")
    if type(by) is not int or by not in TEAMS:
        raise RuleError(
            N_("{lance}: the first bet is made by team 1 or team 2"),
            field=f"{where}.by",
            lance=lance.value,
        )
    return Bet(by, _parse_bets(raw.get("bets"), lance), _parse_answer(raw.get("answer"), lance))


def _parse_bets(raw: object, lance: Lance) -> tuple[int | str, ...]:
    where = f"lances.{lance.value}.bets"
    if not isinstance(raw, list) or not raw:
        raise RuleError(
            N_("{lance}: enter the first bet and every raise"), field=where, lance=lance.value
        )
    bets: list[int | str] = []
    for i, bet in enumerate(raw):
        if bet == ORDAGO:
            if i != len(raw) - 1:
                raise RuleError(
                    N_("{lance}: an órdago can only be the last bet (it is accepted or not)"),
                    field=where,
                    lance=lance.value,
                )
        elif isinstance(bet, bool) or not isinstance(bet, int):
            raise RuleError(
                N_('{lance}: a bet is a number of stones or "ordago"'),
                field=where,
                lance=lance.value,
            )
        elif bet < 2:
            template = (
                N_("{lance}: a bet is at least 2 stones, not {bet}")
                if i == 0
                else N_("{lance}: a raise adds at least 2 stones, not {bet}")
            )
            raise RuleError(template, field=where, lance=lance.value, bet=bet)
        bets.append(bet)
    return tuple(bets)


def _parse_answer(raw: object, lance: Lance) -> Answer:
    if raw in ("quiero", "no_quiero"):
        return Answer(raw)
    raise RuleError(
        N_("{lance}: the answer to the last bet is quiero or no quiero"),
        field=f"lances.{lance.value}.answer",
        lance=lance.value,
    )
