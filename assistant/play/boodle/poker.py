"""What Boodle's pages show of Three in One: the poker pot on the layout, the poker stage of the
deal being played (who is in, the bet, the hands and what they are), and the result in words.

The engine names hands with messages inside messages (``full house, {high} over {low}`` with
``kings`` and ``threes``); ``tell`` translates every level.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from ...games.base import N_, Message
from ...games.boodle.hands import hand_name
from ...games.boodle.ledger import Step, StepKind
from ...games.boodle.live import LiveDeal
from ...games.boodle.poker import PokerResult
from ...games.boodle.stage import PokerStage
from ...i18n import gettext


def tell(message: Message | str) -> str:
    """A message in the reader's language, its message parameters translated too."""
    if isinstance(message, str):
        return message
    params = {
        key: tell(value) if isinstance(value, Message) else value
        for key, value in message.params.items()
    }
    return gettext(message.template).format(**params)


@dataclass(frozen=True)
class PotTile:
    """The poker pot as the layout shows it: the chips in it now, those carried into the deal."""

    chips: int
    carried: int


@dataclass(frozen=True)
class PokerSeat:
    """One player in the poker stage (betting order): ``state`` is ``in``, ``folded`` or
    ``waiting``; his cards and what they are once shown, and what he took from the pot."""

    name: str
    seat: int
    state: str
    cards: tuple[str, ...] = ()
    hand: str = ""
    won: int = 0


@dataclass(frozen=True)
class PokerPanel:
    """The poker stage of the deal being played (or done: ``step`` is ``done``)."""

    step: str  # decide, bet, showdown or done
    ante: int
    pot: int
    seats: tuple[PokerSeat, ...]
    result: str | None  # the result in words, once the pot is decided

    @property
    def still_in(self) -> tuple[PokerSeat, ...]:
        return tuple(seat for seat in self.seats if seat.state == "in")

    @property
    def waiting(self) -> tuple[PokerSeat, ...]:
        return tuple(seat for seat in self.seats if seat.state == "waiting")


def poker_panel(live: LiveDeal, players: Sequence[str], ante: int) -> PokerPanel | None:
    """The poker stage of ``live`` for the page (None without Three in One)."""
    stage = live.stage
    if stage is None:
        return None
    poker = live.poker
    seats = tuple(_seat(name, players.index(name), stage, poker) for name in stage.order)
    return PokerPanel(
        step=stage.step.value,
        ante=ante,
        pot=live.pot_after,
        seats=seats,
        result=result_text(live.steps, poker),
    )


def _seat(name: str, seat: int, stage: PokerStage, poker: PokerResult | None) -> PokerSeat:
    if name in stage.folded:
        return PokerSeat(name, seat, "folded")
    if name not in stage.still_in:
        return PokerSeat(name, seat, "waiting")
    if poker is None:
        return PokerSeat(name, seat, "in")
    cards: tuple[str, ...] = ()
    hand = ""
    if poker.ranks and stage.entry is not None and stage.entry.hands is not None:
        cards = stage.entry.hands[name]
        hand = tell(hand_name(poker.ranks[name]))
    won = poker.share if name in poker.winners else 0
    return PokerSeat(name, seat, "in", cards, hand, won)


def result_text(steps: Sequence[Step], poker: PokerResult | None) -> str | None:
    """The result in words: the showdown's sentence, else who took the pot."""
    if poker is None:
        return None
    if poker.sentence is not None:
        return tell(poker.sentence)
    pot = next(step for step in steps if step.kind is StepKind.POKER_POT)
    return tell(pot.message)


def step_texts(steps: Sequence[Step], poker: PokerResult | None) -> tuple[str, ...]:
    """A deal's chip flows in words, the showdown's sentence after the poker pot's step."""
    texts = []
    for step in steps:
        texts.append(tell(step.message))
        if step.kind is StepKind.POKER_POT and poker is not None and poker.sentence is not None:
            texts.append(tell(poker.sentence))
    return tuple(texts)


def stage_summary(live: LiveDeal, step: Mapping[str, Any]) -> Message:
    """What the table is told after a step of the poker stage (a flat message: it is stored)."""
    if live.poker is not None:
        return next(s.message for s in live.steps if s.kind is StepKind.POKER_POT)
    if "fold" in step:
        return Message(N_("{name} folds."), {"name": ", ".join(step["fold"])})
    if "in" in step:
        return Message(N_("In: {names}."), {"names": ", ".join(step["in"])})
    # One chip and more are the two forms of every language the app speaks.
    if step.get("bet"):
        return Message(
            N_("Everyone still in bets {bet}: the poker pot holds {pot} chips.")
            if live.pot_after != 1
            else N_("Everyone still in bets {bet}: the poker pot holds 1 chip."),
            {"bet": step["bet"], "pot": live.pot_after},
        )
    if live.pot_after == 1:
        return Message(N_("No bets: the poker pot holds 1 chip."))
    return Message(N_("No bets: the poker pot holds {pot} chips."), {"pot": live.pot_after})


def step_label(step: Mapping[str, Any]) -> Message:
    """What Undo takes back when ``step`` is the poker stage's last ("Clara's fold")."""
    ((kind, value),) = step.items()
    if kind == "fold":
        return Message(N_("{name}'s fold"), {"name": ", ".join(value)})
    if kind == "in":
        return Message(N_("{names} staying in"), {"names": ", ".join(value)})
    if kind == "bet":
        return Message(N_("the bet of {bet}"), {"bet": value})
    if kind == "winner":
        return Message(N_("{name} winning the poker pot"), {"name": value})
    return Message(N_("the poker hands"))
