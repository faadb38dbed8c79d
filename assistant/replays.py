"""The replays of the games last shown or saved, kept in this process (one replay per version),
each with the record it replayed (so a page shown from it reads no rounds from the database)."""

from __future__ import annotations

from typing import Any

from .games.base import Record
from .kept import Kept
from .models import Game


class ReplayCache:
    """The replays of the last games shown or saved in this process, by game and version.

    A version's entries never change, so its replay never goes stale; ``created`` is part of the
    key because a deleted game's id may be given to a new game.
    """

    def __init__(self, size: int = 64) -> None:
        self._kept = Kept(size)

    @staticmethod
    def key(game: Game, version: int) -> tuple[Any, ...]:
        return (game.id, version, game.created)

    def get(self, game: Game) -> tuple[Record | None, Any] | None:
        """The record (if it was kept) and the replay of the game's current version."""
        found: tuple[Record | None, Any] | None = self._kept.get(self.key(game, game.version))
        return found

    def latest(self, game: Game) -> tuple[Record, Any] | None:
        """The record and replay of the game's latest version kept with its record (another
        worker may have saved the versions since: a replay can start from this one)."""
        found = [
            (version, item)
            for (game_id, version, created), item in self._kept.items()
            if game_id == game.id and created == game.created and item[0] is not None
        ]
        if not found:
            return None
        _version, (record, replay) = max(found, key=lambda pair: pair[0])
        return record, replay

    def clear(self) -> None:
        self._kept.clear()

    def put(self, game: Game, version: int, replay: Any, record: Record | None = None) -> None:
        self._kept.put(self.key(game, version), (record, replay))


REPLAYS = ReplayCache()
