"""Three in One at the table: the poker stage of the deal being played, entered step by step.

The live deal keeps the stage as a list of steps (``poker_steps`` in the draft), one per tap, so
that Undo takes back one step:

* ``{"in": ["Anna"]}`` — players who stay in (one, or "everyone else" at once);
* ``{"fold": ["Bo"]}`` — a player who gives up: when it is his turn to say, or after the bet
  (he folds to the bet, puts nothing in, and when one player is left he takes the pot);
* ``{"bet": 2}`` — the one betting round: every player still in put in 2 chips (he called);
* ``{"hands": {"Anna": ["AH", ...], ...}}`` — the five cards of each player still in, or
  ``{"winner": "Anna"}`` — the winner tapped without cards.

When the last step is in, the stage is the round's ``poker`` field of docs/records.md (``record``),
checked like any record. Fields of an error: ``poker.decide``, ``poker.bet``, ``poker.hands.Bo``,
``poker.winner``.

>>> stage = play_stage([{"fold": ["Bo"]}, {"in": ["Anna", "Cia"]}, {"bet": 2}],
...                    ["Anna", "Bo", "Cia"], order=("Anna", "Bo", "Cia"))
>>> stage.step, stage.said_in, stage.folded
(<StageStep.SHOWDOWN: 'showdown'>, ('Anna', 'Cia'), ('Bo',))
>>> play_stage([{"fold": ["Bo"]}, {"fold": ["Cia"]}], ["Anna", "Bo", "Cia"], ["Anna", "Bo", "Cia"]
...            ).record()
{'bets': {}, 'folded': ['Bo', 'Cia']}
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field, replace
from enum import Enum
from typing import Any

from ..base import JSON, N_, RuleError, check_int, check_player
from .poker import PokerEntry, parse_poker
from .rules import field_of

DECISIONS = ("in", "fold")
SHOWDOWNS = ("hands", "winner")
NOT_A_STEP = N_("A poker step is one of in, fold, bet, hands, winner")


class StageStep(Enum):
    """What the poker stage waits for."""

    DECIDE = "decide"  # in or fold, for each player
    BET = "bet"  # the one betting round
    SHOWDOWN = "showdown"  # the cards of the players still in, or the winner
    DONE = "done"


@dataclass(frozen=True)
class PokerStage:
    """The poker stage so far. ``order`` is the betting order (the player after the dealer
    first); ``said_in`` and ``folded`` keep it. ``entry`` is the checked stage once it is done."""

    order: tuple[str, ...]
    said_in: tuple[str, ...] = ()
    folded: tuple[str, ...] = ()
    bet: int | None = None
    entry: PokerEntry | None = None
    showdown: JSON = field(default_factory=dict)  # {"hands": ...} or {"winner": ...} as entered

    @property
    def undecided(self) -> tuple[str, ...]:
        """Who has not said in or fold yet (nobody, once all the others folded)."""
        if self.lone is not None:
            return ()
        return tuple(n for n in self.order if n not in self.said_in and n not in self.folded)

    @property
    def lone(self) -> str | None:
        """The only player left when everyone else folded: he is in, and takes the pot."""
        if len(self.folded) == len(self.order) - 1:
            return next(n for n in self.order if n not in self.folded)
        return None

    @property
    def still_in(self) -> tuple[str, ...]:
        """The players still in, in betting order (the lone player too)."""
        return tuple(n for n in self.order if n not in self.folded and n not in self.undecided)

    @property
    def step(self) -> StageStep:
        if self.undecided:
            return StageStep.DECIDE
        if self.lone is not None or self.entry is not None:
            return StageStep.DONE
        return StageStep.BET if self.bet is None else StageStep.SHOWDOWN

    @property
    def done(self) -> bool:
        return self.step is StageStep.DONE

    def record(self) -> JSON:
        """The round's ``poker`` field (docs/records.md): the bets, who folded, and the cards of the
        players still in or the winner (neither when one player is left)."""
        assert self.done, "the poker stage is not finished"
        return self._record()

    def _record(self) -> JSON:
        out: JSON = {
            "bets": {name: self.bet for name in self.still_in if self.bet},
            "folded": [name for name in self.order if name in self.folded],
        }
        out.update(self.showdown)
        return out


def play_stage(raw: Any, players: Sequence[str], order: Sequence[str]) -> PokerStage:
    """Check the steps of a poker stage one after the other; ``order`` is the deal's turn
    order, from the player after the dealer to the dealer (``base.Seating.order``)."""
    if raw is None:
        raw = []
    if not isinstance(raw, list):
        raise RuleError(N_("poker_steps must be a list of steps"), field="poker")
    stage = PokerStage(tuple(order))
    for step in raw:
        if not isinstance(step, Mapping) or len(step) != 1:
            raise RuleError(NOT_A_STEP, field="poker")
        ((kind, value),) = step.items()
        if kind in DECISIONS:
            stage = _decide(stage, kind, value, players)
        elif kind == "bet":
            stage = _bet(stage, value)
        elif kind in SHOWDOWNS:
            stage = _showdown(stage, kind, value, players)
        else:
            raise RuleError(NOT_A_STEP, field="poker")
    return stage


def _decide(stage: PokerStage, kind: str, names: Any, players: Sequence[str]) -> PokerStage:
    at = "poker.decide"
    # Who said in may still fold to the bet: he does not call it.
    to_bet = kind == "fold" and stage.step is StageStep.SHOWDOWN
    if stage.step is not StageStep.DECIDE and not to_bet:
        raise RuleError(N_("Everyone has said in or fold already"), field=at)
    if not isinstance(names, list) or not names:
        raise RuleError(N_("Who is in, or who folds?"), field=at)
    for name in names:
        with field_of(at):
            check_player(name, players, what="in or fold")
        if name in stage.said_in and not to_bet:
            raise RuleError(N_("{name} is in already"), field=at, name=name)
        if name in stage.folded:
            raise RuleError(N_("{name} has folded already"), field=at, name=name)
    chosen = set(names)
    if kind == "in":
        staying = tuple(n for n in stage.order if n in chosen or n in stage.said_in)
        return replace(stage, said_in=staying)
    folded = tuple(n for n in stage.order if n in chosen or n in stage.folded)
    if len(folded) == len(stage.order):
        raise RuleError(N_("Somebody must stay in: not every player can fold"), field=at)
    return replace(stage, folded=folded)


def _bet(stage: PokerStage, value: Any) -> PokerStage:
    at = "poker.bet"
    step = stage.step
    if step is StageStep.DECIDE:
        raise RuleError(
            N_("First in or fold for {names}: then the betting round"),
            field=at,
            names=", ".join(stage.undecided),
        )
    if stage.lone is not None:
        raise RuleError(
            N_("{name} is the only one still in and takes the pot: there is nothing to bet"),
            field=at,
            name=stage.lone,
        )
    if step is not StageStep.BET:
        raise RuleError(N_("The bet is in already: Undo takes it back"), field=at)
    with field_of(at):
        bet = check_int(value, what="the bet", low=0)
    return replace(stage, bet=bet)


def _showdown(stage: PokerStage, kind: str, value: Any, players: Sequence[str]) -> PokerStage:
    at = f"poker.{kind}"
    step = stage.step
    if step is StageStep.DONE:
        raise RuleError(N_("The poker pot is decided already: Undo takes it back"), field=at)
    if step is not StageStep.SHOWDOWN:
        raise RuleError(
            N_("First the betting round: how much did everyone still in put in?"), field=at
        )
    showdown = {kind: value}
    decided = replace(stage, showdown=showdown)
    entry = parse_poker(decided._record(), players)
    return replace(decided, entry=entry)
