"""What the Mus page shows: the stones as amarracos, the hands with their breakdown, and the
hand being entered (what was said so far, what comes next, what the showdown still needs)."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from ...games import mus
from ...games.base import N_, Message
from ...games.mus.count import Ending
from ...games.mus.draft import FOURTH, HandDraft, Step, next_step
from ...games.mus.entry import teams_of
from ...games.mus.showdown import team_names, team_of
from ...i18n import say
from ..base import Context
from ..charts import LineChart, line_chart
from .board import TeamScore
from .deck import Letters
from .plan import Showdown, correction_plan, showdown_plan

# The teams' colours on the chart: those of the strip and the keys (mus.css: .mus-t1, .mus-t2).
TEAM_COLOURS = (0, 3)


@dataclass(frozen=True)
class HandRow:
    hand: mus.HandResult
    lines: tuple[Message, ...]  # per lance: what was paid at once and at the count
    why: tuple[Message, ...]  # from the cards: who beat whom
    cards: tuple[tuple[str, str], ...]  # (player, "K-3-Q-A") in speaking order


@dataclass(frozen=True)
class GameBlock:
    number: int
    result: mus.GameResult
    hands: tuple[HandRow, ...]
    outcome: Message | None  # "won by Ben & Dan 40–31" (None while the game goes on)


@dataclass(frozen=True)
class Current:
    """The hand being entered."""

    number: int
    game: int
    mano: str
    dealer: str
    order: tuple[str, ...]  # speaking order, from the mano
    overridden: bool
    draft: HandDraft
    step: Step
    step_id: str
    lines: tuple[Message, ...]
    showdown: Showdown | None
    speakers: tuple[str, ...]  # who may bet in this lance (pares / juego: those who said yes)
    teams: Mapping[int, str]  # "Anna & Carla"


@dataclass(frozen=True)
class MusView:
    replay: mus.MusReplay
    teams: tuple[TeamScore, TeamScore]
    games: tuple[GameBlock, ...]
    current: Current | None
    stakes: Mapping[str, int]  # lance → the stones its accepted bet puts on the count
    settings: Mapping[str, Any]  # the game's settings (the pack's letters)

    @property
    def letters(self) -> Letters:
        """The figures' letters of this page (R, C, S for a Spanish pack)."""
        return Letters(self.settings)

    @property
    def players(self) -> tuple[str, ...]:
        return self.replay.players

    @property
    def chart(self) -> LineChart | None:
        """Each team's stones after every hand of the match (each game starts again from 0),
        in its team's colour."""
        hands = self.replay.hands
        if not hands:
            return None
        series = {
            team.label: [0, *[hand.score[side] for hand in hands]]
            for side, team in enumerate(self.teams)
        }
        return line_chart(series, [str(hand.number) for hand in hands], TEAM_COLOURS)

    @property
    def hands(self) -> tuple[HandRow, ...]:
        """Every hand's row, game after game (a long sheet folds all but the last ones)."""
        return tuple(row for block in self.games for row in block.hands)

    def team_of(self, player: str) -> int:
        return team_of(self.players, player)

    @property
    def correction_plan(self) -> Showdown:
        """The showdown pads of a corrected hand: every lance, both teams' values."""
        return correction_plan(self.players)


def game_blocks(state: mus.MusReplay) -> tuple[GameBlock, ...]:
    """Each game's hands and how it ended, named as the players sat then: a substitute who came
    later (or takes a seat in the hand being entered) changes no earlier line."""
    blocks = []
    for number, result in enumerate(state.games, start=1):
        hands = [hand for hand in state.hands if hand.game == number]
        seated = hands[-1].seats.seats if hands else state.players
        rows = tuple(hand_row(hand) for hand in hands)
        blocks.append(GameBlock(number, result, rows, game_outcome(result, seated)))
    return tuple(blocks)


def hand_row(hand: mus.HandResult) -> HandRow:
    seated = hand.seats.seats
    cards = hand.entry.hands or {}
    return HandRow(
        hand,
        mus.breakdown(hand.lances, seated),
        tuple(decision.message(seated) for decision in hand.decisions),
        tuple((p, "-".join(cards[p].ranks)) for p in hand.seats.order if p in cards),
    )


def game_outcome(result: mus.GameResult, players: Sequence[str]) -> Message | None:
    """Who won a game, and how: the winners' stones first (``won by Ben & Dan 40–31``); an
    accepted órdago wins whatever the score, so both teams' stones are named (the winners may
    have had fewer)."""
    if result.winner is None:
        return None
    team = team_names(players, result.winner)
    if result.ending is Ending.ORDAGO:
        return Message(
            N_("won by {team} with an órdago ({first} {a}, {second} {b})"),
            {
                "team": team,
                "first": team_names(players, 1),
                "a": result.stones[0],
                "second": team_names(players, 2),
                "b": result.stones[1],
            },
        )
    won, lost = result.stones[result.winner - 1], result.stones[2 - result.winner]
    return Message(N_("won by {team} {won}–{lost}"), {"team": team, "won": won, "lost": lost})


def saved_line(state: mus.MusReplay, number: int) -> Message:
    """What the table is told when hand ``number`` (the last of ``state``) is saved, with the
    game it decided and the match, if any: "Hand 6 saved: game 1 won by Ben & Dan with an
    órdago (…)." The log keeps it too."""
    hand = state.hands[number - 1]
    if hand.count.winner is None:
        return Message(N_("Hand {hand} saved."), {"hand": number})
    line = Message(
        N_("Hand {hand} saved: game {game} {outcome}."),
        {
            "hand": number,
            "game": hand.game,
            "outcome": game_outcome(state.games[hand.game - 1], state.players),
        },
    )
    if state.winner is None:
        return line
    return Message(
        N_("{line} {team} win the match {a}–{b}."),
        {
            "line": line,
            "team": team_names(state.players, state.winner),
            "a": max(state.games_won),
            "b": min(state.games_won),
        },
    )


# --- the hand being entered -------------------------------------------------------------------


def current_hand(
    state: mus.MusReplay, draft: HandDraft, ordago: str | None, last_round: Mapping[str, Any] | None
) -> Current:
    assert state.next is not None
    players = state.players
    nxt = state.next
    seats = nxt.with_mano(players, draft.mano)
    step = next_step(draft, ordago)
    return Current(
        nxt.hand,
        nxt.game,
        seats.eldest,
        seats.dealer,
        seats.order,
        draft.mano is not None and draft.mano != nxt.mano,
        draft,
        step,
        f"hand-{nxt.hand}-{len(draft.facts)}",
        said_so_far(draft, players),
        showdown_plan(draft, players, ordago, last_round) if step.kind == "showdown" else None,
        _speakers(draft, step, seats.order),
        {1: say(team_names(players, 1)), 2: say(team_names(players, 2))},
    )


def _speakers(draft: HandDraft, step: Step, order: Sequence[str]) -> tuple[str, ...]:
    what = {"pares": "pares", "juego": "juego"}.get(step.lance or "")
    said = draft.said.get(what) if what else None
    return tuple(p for p in order if said is None or p in said)


def said_so_far(draft: HandDraft, players: Sequence[str]) -> tuple[Message, ...]:
    """One line per lance entered (and per "who has pares / juego"), in the order of play."""
    lines = []
    for name in ("grande", "chica", "pares", "juego", "punto", FOURTH):
        if name in ("pares", "juego") and name in draft.said:
            lines.append(_said_line(name, draft.said[name], players))
        if name in draft.lances and not _undisputed(name, draft, players):
            lines.append(_lance_line(name, draft.lances[name], players))
        if draft.open is not None and draft.open.lance == name:
            bet = draft.open
            lines.append(
                Message(
                    N_("{lance}: {team} bet {bets} — {other} raise"),
                    {
                        "lance": _label(name),
                        "team": team_names(players, bet.by),
                        "bets": _bets(bet.bets),
                        "other": team_names(players, bet.raiser),
                    },
                )
            )
    return tuple(lines)


def _label(name: str) -> str:
    return "juego / punto" if name == FOURTH else name


def _said_line(what: str, who: tuple[str, ...] | None, players: Sequence[str]) -> Message:
    if who is None:
        return Message(N_("{lance}? Not said: the cards will tell"), {"lance": what})
    if not who:
        template = N_("{lance}: nobody") if what == "pares" else N_("juego: nobody — punto")
        return Message(template, {"lance": what})
    teams = teams_of(players, who)
    if len(teams) == 1:
        return Message(
            N_("{lance}: only {team} ({names}) — no betting, counted at the end"),
            {
                "lance": what,
                "team": team_names(players, next(iter(teams))),
                "names": ", ".join(who),
            },
        )
    return Message(N_("{lance}: {names} said yes"), {"lance": what, "names": ", ".join(who)})


def _undisputed(name: str, draft: HandDraft, players: Sequence[str]) -> bool:
    """Pares / juego that nobody bet on because of what was said (its line tells it)."""
    who = draft.said.get(name)
    return name in ("pares", "juego") and who is not None and len(teams_of(players, who)) < 2


def _lance_line(name: str, value: Any, players: Sequence[str]) -> Message:
    if not isinstance(value, dict):
        return Message(N_("{lance}: paso"), {"lance": _label(name)})
    params = {
        "lance": _label(name),
        "team": team_names(players, value["by"]),
        "bets": _bets(value["bets"]),
    }
    if value["answer"] == "quiero":
        return Message(N_("{lance}: {team} bet {bets} — quiero"), params)
    return Message(N_("{lance}: {team} bet {bets} — no quiero"), params)


def _bets(bets: Sequence[int | str]) -> str:
    """``[2, 5, "ordago"]`` → ``2, +5, órdago``."""
    words = [
        "órdago" if b == "ordago" else (str(b) if i == 0 else f"+{b}") for i, b in enumerate(bets)
    ]
    return ", ".join(words)


def fact_label(fact: Mapping[str, Any], hand: int) -> Message:
    """What one fact of the hand being entered was, for "Undo: …"."""
    if "seats" in fact:
        return Message(N_("the substitute of hand {hand}"), {"hand": hand})
    if "mano" in fact:
        return Message(N_("the mano of hand {hand}"), {"hand": hand})
    if "said" in fact:
        return Message(N_("who has {lance} (hand {hand})"), {"lance": fact["said"], "hand": hand})
    return Message(N_("{lance} of hand {hand}"), {"lance": _label(fact["lance"]), "hand": hand})


def ending_of(at_once: Any, draft: HandDraft) -> str | None:
    """The lance an accepted órdago decided (None when the game goes on)."""
    if at_once.ending is not Ending.ORDAGO:
        return None
    for name, value in draft.lances.items():
        if (
            isinstance(value, dict)
            and value["bets"][-1] == "ordago"
            and value["answer"] == "quiero"
        ):
            return name
    return None


# What the adapter's methods are given: the game as stored, its replay and this view of it.
MusContext = Context[mus.MusReplay, MusView]
