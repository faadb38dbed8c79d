"""The letters of the figures as the table reads them: a Spanish pack has rey, caballo and sota
(R, C, S) where a French one has K, Q, J. The record keeps K, Q, J; the keys, the hands on the
sheet and the rules card say the table's letters, and the cards are read in either.

Which pack is the game's setting ``deck`` (``Game.settings``): "spanish", "french", or (not
set) the Spanish pack for a page in Spanish.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from ...games.base import Message
from ...i18n import current_language

FRENCH = "KQJ"
SPANISH = "RCS"
READ = str.maketrans(SPANISH, FRENCH)  # R, C, S typed are K, Q, J
HANDS = ("hand", "other")  # the parameters of the engine's sentences that are hands
RANKS = ("K", "Q", "J", "7", "6", "5", "4", "3", "2", "A")  # the rank keys, highest first


class Letters:
    """The figures' letters of one page."""

    def __init__(self, settings: Mapping[str, Any] | None) -> None:
        deck = (settings or {}).get("deck")
        spanish = deck == "spanish" or (deck is None and current_language() == "es")
        self.spanish = spanish
        self.shown = str.maketrans(FRENCH, SPANISH if spanish else FRENCH)

    def __call__(self, cards: str) -> str:
        """``"K-Q-J-7"`` as the table reads it (``"R-C-S-7"``)."""
        return cards.translate(self.shown)

    @property
    def ranks(self) -> tuple[str, ...]:
        return tuple(self(rank) for rank in RANKS)

    @property
    def figures(self) -> tuple[str, str, str]:
        king, horse, jack = (self(rank) for rank in FRENCH)
        return king, horse, jack

    def said(self, message: Message) -> Message:
        """An engine's sentence with the hands it names (``{hand}``, ``{other}``) in the
        table's letters."""
        hands = {k: self(v) for k, v in message.params.items() if k in HANDS and isinstance(v, str)}
        return Message(message.template, {**message.params, **hands}) if hands else message


def read_cards(text: str) -> str:
    """Cards as typed, in the record's letters (R, C, S become K, Q, J)."""
    return text.upper().translate(READ)
