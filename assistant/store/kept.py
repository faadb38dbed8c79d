"""What one app keeps in its process of what it made once, in one extension
(``app.extensions["kept"]``) with one switch (``KEEP_IN_PROCESS``):

* the replays of the games last shown or saved, by game and version, each with the record it
  replayed (a version's entries never change, so its replay never goes stale, and a page
  shown from it reads no rounds from the database);
* the game pages' models, by everything that makes one rendering of a game differ from
  another but a phone's own notices (``views/shown.py:look``): a page asked again for the
  same version is drawn from its model without replaying or reading the evening again;
* the sheets drawn from those models, by the same key (a sheet shows nothing of one phone's
  own, and drawing a long one is most of a page);
* a circle's evenings as its pages read them, each by everything of its table, games and
  payments that can change it, and each circle's numbers (its games, ratings and what its
  pages derive from them) by its version, the evenings' keys together
  (``circles/numbers.py``): a page of a circle whose last evening changed reads that evening
  alone and rates only what follows the games that stayed the same.
* the hall screen's part of each club night, by the night's state (``night/hall.py``).
* what is made from plain values alone (``keeping.made_once``: a step's form class, a pad's
  keys, a chart, a text in a language, WTForms' catalog, a deal still to come on a sheet).

Every app has its own: two apps in one process (the tests, a worker's reload) share nothing.
Switched off, the app keeps none of these. The engines' own memoization of pure functions of
plain values (``functools.lru_cache`` in ``games/``) stays: it cannot go stale, and the engines
know nothing of the app.
"""

from __future__ import annotations

from typing import Any

from flask import Flask, current_app

from ..games.base import Record
from ..keeping import Keeping, Kept, kept_if
from .models import Game


class ReplayCache:
    """The replays of the last games shown or saved, by game and version; ``created`` is part
    of the key because a deleted game's id may be given to a new game."""

    def __init__(self, kept: Kept) -> None:
        self.kept = kept

    @staticmethod
    def key(game: Game, version: int) -> tuple[Any, ...]:
        return (game.id, version, game.created)

    def get(self, game: Game) -> tuple[Record, Any] | None:
        """The record and the replay of the game's current version."""
        found: tuple[Record, Any] | None = self.kept.get(self.key(game, game.version))
        return found

    def latest(self, game: Game) -> tuple[Record, Any] | None:
        """The record and replay of the game's latest version kept (another worker may have
        saved the versions since: a replay can start from this one)."""
        found = [
            (version, item)
            for (game_id, version, created), item in self.kept.copy()
            if game_id == game.id and created == game.created
        ]
        if not found:
            return None
        _version, (record, replay) = max(found, key=lambda pair: pair[0])
        return record, replay

    def put(self, game: Game, version: int, replay: Any, record: Record) -> None:
        # Always with its record: a replay without one would be paired with rounds read anew,
        # which may be of a newer version (``service.record_of`` reads the game again).
        self.kept.put(self.key(game, version), (record, replay))

    def clear(self) -> None:
        self.kept.clear()


class KeptInProcess(Keeping):
    """The app's own in-process keeping: what it made once from plain values (``made``), its
    replays, its game pages' models and their sheets, the circles' evenings and numbers, the
    hall screens' parts."""

    def __init__(self, on: bool = True) -> None:
        super().__init__(on)
        self.replays = ReplayCache(kept_if(on, 64))
        self.pages = kept_if(on, 64)
        self.sheets = kept_if(on, 64)
        self.evenings = kept_if(on, 2048)
        self.circles = kept_if(on, 32)
        self.halls = kept_if(on, 16)  # a hall screen's part, by the night's state

    def clear(self) -> None:
        super().clear()
        self.replays.clear()
        self.pages.clear()
        self.sheets.clear()
        self.evenings.clear()
        self.circles.clear()
        self.halls.clear()


def setup_kept(app: Flask) -> None:
    app.extensions["kept"] = KeptInProcess(bool(app.config["KEEP_IN_PROCESS"]))


def kept() -> KeptInProcess:
    """The current app's keeping."""
    found: KeptInProcess = current_app.extensions["kept"]
    return found
