"""A game in the registry: what the record format, the CLI and the web layer know of it."""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any, Generic, Protocol, TypeVar

from .base import JSON, N_, Record, drop_last_round
from .evening import EveningRules
from .options import OptionsSchema


class Replay(Protocol):
    """What a game's replay of a whole record offers every caller (each game adds its own)."""

    @property
    def finished(self) -> bool: ...


R = TypeVar("R", bound=Replay)
T = TypeVar("T")  # a loaded game's replay, as its adapter reads it


@dataclass(frozen=True)
class GameSpec(Generic[R]):
    """A game in the registry: what the envelope, the CLI and the web layer need to know.

    ``replay`` is the one place a record is replayed (a RuleError names the round); what the
    pages show and what ``score`` prints are both derived from its result.
    """

    kind: str
    title: str
    min_players: int
    max_players: int
    first_field: str  # "first_dealer" or "first_mano"
    replay: Callable[[Record], R]  # the whole record replayed; raises RuleError
    result: Callable[[R], JSON]  # the `score` output of docs/records.md, from a replay
    normalize_options: Callable[[Mapping[str, Any]], JSON]  # every option, defaults filled in
    options: OptionsSchema  # what the set-up form asks (assistant/games/options.py)
    evening: EveningRules  # its result, stakes, statistics and sheet (assistant/games/evening.py)
    undo: Callable[[Sequence[Mapping[str, Any]]], list[Mapping[str, Any]]] = drop_last_round
    correct_title: str = N_("Correct deal {number}")  # the page that corrects one round
    # How many players a record may list where some sit rounds out (docs/records.md, "People
    # come and go"): each round then deals in min_players to max_players of them.
    max_listed: int | None = None
    # ``replay`` that takes what it can from an earlier record of the game and its replay
    # (``since``), where the game knows how; its result is always the whole replay's.
    resume: Callable[[Record, tuple[Record, R]], R] | None = None
    # A club night's tables of this game (assistant/games/night): the players a table has,
    # the first the likeliest, and whether a night's entrant is a pair that plays together.
    night_sizes: tuple[int, ...] = (4, 5)
    night_pairs: bool = False

    @property
    def most_listed(self) -> int:
        """The most players a record of this game may list."""
        return self.max_listed or self.max_players

    def replay_since(self, record: Record, since: tuple[Record, R] | None) -> R:
        """``record`` replayed, from ``since`` (an earlier record of this game and its replay)
        where the game can take deals from it as they are; else the whole record."""
        if since is not None and self.resume is not None:
            return self.resume(record, since)
        return self.replay(record)

    def score(self, record: Record) -> JSON:
        """The ``score`` output of docs/records.md for ``record`` (a RuleError names the round)."""
        return self.result(self.replay(record))


# A draft's copy of what the step Undo took back was entered with, so that the step's form shows
# it again to change one key (``Adapter.reopened``). A draft holding nothing else has no round in
# play: Undo then takes back the rounds' last step, as without a draft.
ENTERED = "entered"


def in_play(draft: Mapping[str, Any] | None) -> bool:
    """Does ``draft`` hold a round being built, not only a step offered again as entered?"""
    return any(name != ENTERED for name in draft or ())


@dataclass(frozen=True)
class Loaded(Generic[T]):
    """A game as stored and replayed, for its adapter to derive the page from."""

    record: Record
    replay: T  # the engine's replay of the whole record (GameSpec.replay)
    spec: GameSpec[Any]  # the game that replayed it
    draft: JSON | None = None  # the round being built live (Game.draft)
    settings: JSON = field(default_factory=dict)  # Game.settings: display only
    coin: int = 1  # the coin its table settles in, in cents (Table.coin)
