"""The web side of each game: its forms, how a form becomes a round, what its pages show.

The list of games lives in the engine layer (``assistant.games.GAMES``); the web side of game
``kind`` is found from it by one convention, checked by the contract test:

* ``assistant/play/<kind>/`` defines ``ADAPTER`` (an :class:`~.base.Adapter`);
* ``templates/<kind>/`` holds its templates, ``static/<kind>/`` its CSS and JavaScript.
"""

from __future__ import annotations

from importlib import import_module
from typing import Any

from ..games import GAMES
from .base import Adapter


def adapter_for(kind: str) -> Adapter[Any, Any]:
    """The adapter of a registered game (a KeyError for a kind that is not registered)."""
    if kind not in GAMES:
        raise KeyError(kind)
    adapter: Adapter[Any, Any] = import_module(f"{__name__}.{kind}").ADAPTER
    return adapter
