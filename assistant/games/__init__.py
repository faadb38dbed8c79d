"""The game engines: pure Python, one module per game, and the registry of games.

>>> find_game("plump").title
'Plump'
"""

from __future__ import annotations

from typing import Any

from .base import N_, RuleError
from .boodle import SPEC as BOODLE
from .mulle import SPEC as MULLE
from .mus import SPEC as MUS
from .plump import SPEC as PLUMP
from .spec import GameSpec

GAMES: dict[str, GameSpec[Any]] = {spec.kind: spec for spec in (PLUMP, MULLE, BOODLE, MUS)}


def find_game(kind: object) -> GameSpec[Any]:
    """The registered game ``kind``; a RuleError names the kinds that are supported."""
    if isinstance(kind, str) and kind in GAMES:
        return GAMES[kind]
    raise RuleError(
        N_("the game {kind!r} is not supported (yet): supported are {supported}"),
        kind=kind,
        supported=", ".join(sorted(GAMES)),
    )
