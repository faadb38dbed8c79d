"""Mus: what the players said before pares and juego is checked against the cards shown at the
end. The rules ask a truthful yes or no (a bluff is a bet, never a declaration), so a hand whose
cards contradict it is refused beside that player's cards, the cards kept, nothing stored."""

from __future__ import annotations

import pytest

from tests.web.helpers import draft, entries, errors, post_entry
from tests.web.test_mus_web import SEED_CARDS, mus_game, seed_betting, tap

CONTRADICTIONS = [
    # (what, the cards changed, the field beside which it is said, the message)
    ("Dan said yes to pares with none", {"cards_3": "KQ76"}, "cards_3",
     "Dan said yes to pares, but these cards have no pares. Yes or no is said truthfully:"
     " correct the cards, or step back to who said yes."),
    ("Ben said no to pares with a pair", {"cards_1": "7754"}, "cards_1",
     "Ben said no to pares, but these cards have pares (7-7)."),
    ("Carla said no to juego with 35", {"cards_2": "JJ5K"}, "cards_2",
     "Carla said no to juego, but these cards have juego (35)."),
    ("Anna said yes to juego with 28", {"cards_0": "QQ7A"}, "cards_0",
     "Anna said yes to juego, but these cards have no juego."),
]  # fmt: skip


@pytest.mark.parametrize(
    ("what", "cards", "field", "message"), CONTRADICTIONS, ids=[c[0] for c in CONTRADICTIONS]
)
def test_cards_that_contradict_what_was_said_are_refused_beside_them(
    client, app, what, cards, field, message
) -> None:
    game = mus_game(client)
    seed_betting(client, game)  # pares: Anna, Carla, Dan said yes; juego: Anna, Dan
    before = draft(app)
    response = post_entry(client, game, {"act": "save", "mode": "cards", **SEED_CARDS, **cards})
    assert response.status_code == 422
    assert any(message in error for error in errors(response.text)), errors(response.text)
    assert f'id="{field}-error"' in response.text  # beside that player's cards
    assert f'value="{next(iter(cards.values()))}"' in response.text  # the input kept
    assert entries(app) == [] and draft(app) == before


def test_cards_that_agree_with_what_was_said_are_saved(client, app) -> None:
    game = mus_game(client)
    seed_betting(client, game)
    tap(client, game, "save", mode="cards", **SEED_CARDS)
    assert len(entries(app)) == 1


def test_nothing_is_checked_where_the_table_skipped_saying(client, app) -> None:
    """ "Not said: the cards will tell" — the cards then name who had pares and juego."""
    game = mus_game(client)
    for act in ("paso", "paso", "skip", "paso", "skip", "paso"):
        tap(client, game, act)
    tap(client, game, "save", mode="cards", **SEED_CARDS)
    assert len(entries(app)) == 1
