"""Long game records of every game, built through the engines (each one valid), for the
benchmarks: a game of ``n`` rounds, or as many as the game allows."""

from __future__ import annotations

import copy
from collections.abc import Callable
from typing import Any

from assistant.games import find_game
from assistant.games.base import Record, RuleError

Rounds = Callable[[int, tuple[str, ...]], list[dict[str, Any]]]


def plump(n: int, players: tuple[str, ...]) -> list[dict[str, Any]]:
    """Every scheduled deal: nobody bids but the player after the dealer, who takes every trick."""
    spec = find_game("plump")
    record = Record("plump", players, players[0], PLUMP_OPTIONS, ())
    rounds: list[dict[str, Any]] = []
    while len(rounds) < n:
        nxt = spec.replay(record.with_rounds(rounds)).next
        if nxt is None:
            break
        order = nxt.bidding_order
        bids = {p: 0 for p in order}
        tricks = {p: 0 for p in order}
        tricks[order[0]] = nxt.cards
        rounds.append({"bids": bids, "tricks": tricks})
    return rounds


PLUMP_OPTIONS = {"schedule": "down-up-ones"}  # 19 deals for 7 players


def mus(n: int, players: tuple[str, ...]) -> list[dict[str, Any]]:
    """Hands where everybody passes and the showdown gives the lances to alternate teams."""
    hand = {
        "lances": {"grande": "paso", "chica": "paso", "pares": "paso", "juego": "paso"},
        "showdown": {"grande": 1, "chica": 2, "pares": 1, "juego": 1,
                     "pares_values": [1, 0], "juego_values": [2, 0]},
    }  # fmt: skip
    return _until_over("mus", players, n, lambda i: _flip(hand) if i % 2 else hand, MUS_OPTIONS)


MUS_OPTIONS = {"games_to_win": 3}


def _flip(hand: dict[str, Any]) -> dict[str, Any]:
    flipped = copy.deepcopy(hand)
    for lance in ("grande", "chica", "pares", "juego"):
        flipped["showdown"][lance] = 3 - hand["showdown"][lance]
    for values in ("pares_values", "juego_values"):
        flipped["showdown"][values] = hand["showdown"][values][::-1]
    return flipped


def mulle(n: int, players: tuple[str, ...]) -> list[dict[str, Any]]:
    a, b = players[:2]
    deal = {"piles": {
        a: {"spades": 14, "aces": 3, "spade_aces": 1, "spade_twos": 1, "diamond_tens": 1,
            "tabbar": 3, "mulles": ["8C", "KH"]},
        b: {"spades": 12, "aces": 5, "spade_aces": 1, "spade_twos": 1, "diamond_tens": 1,
            "tabbar": 1, "mulles": ["5C", "QD"]},
    }}  # fmt: skip
    return [copy.deepcopy(deal) for _ in range(min(n, MULLE_MOST))]


MULLE_MOST = 100  # the most deals a Mulle game may have


def boodle(n: int, players: tuple[str, ...]) -> list[dict[str, Any]]:
    """Deals where a boodle card is played and the next player goes out."""
    rounds = []
    for i in range(n):
        by, out = players[i % len(players)], players[(i + 1) % len(players)]
        card = ("AH", "KC", "QD", "JS")[i % 4]
        left = {p: 2 + (j + i) % 5 for j, p in enumerate(players) if p != out}
        rounds.append({"events": [{"boodle": card, "by": by}, {"out": out}], "cards_left": left})
    return rounds


def _until_over(
    kind: str, players: tuple[str, ...], n: int, hand: Callable[[int], Any], options: Any
) -> list[dict[str, Any]]:
    spec = find_game(kind)
    record = Record(kind, players, players[0], options, ())
    rounds: list[dict[str, Any]] = []
    while len(rounds) < n:
        try:
            replay = spec.replay(record.with_rounds([*rounds, hand(len(rounds))]))
        except RuleError:
            break
        rounds.append(hand(len(rounds)))
        if replay.finished:
            break
    return rounds


GAMES: dict[str, tuple[tuple[str, ...], Rounds, dict[str, Any]]] = {
    "plump": (("Anna", "Bo", "Cia", "Dan", "Eva", "Fia", "Gus"), plump, PLUMP_OPTIONS),
    "mus": (("Anna", "Ben", "Carla", "Dan"), mus, MUS_OPTIONS),
    "mulle": (("Anna", "Bo"), mulle, {"deals": MULLE_MOST}),
    "boodle": (("Anna", "Bo", "Cia", "Dan"), boodle, {}),
}


def record(kind: str, n: int) -> dict[str, Any]:
    """A record (docs/records.md) of game ``kind`` with ``n`` rounds, or as many as it allows."""
    players, rounds, options = GAMES[kind]
    first = "first_mano" if kind == "mus" else "first_dealer"
    return {
        "format": "table-assistant/1",
        "game": kind,
        "players": list(players),
        "options": options,
        first: players[0],
        "rounds": rounds(n, players),
    }
