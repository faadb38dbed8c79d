"""The Mus score as the table lays it out: each team's stones (amarracos of five and single
stones) and games won, moving the moment the betting pays a lance during a hand; what waits for
the count stays apart."""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING

from ...games import mus
from ...games.base import N_, Message
from ...games.mus.count import AtOnce, amarracos, is_dentro
from ...i18n import gettext, ngettext, say
from ..standings import Marks, Standing, Standings, lead_summary

if TYPE_CHECKING:
    from .view import MusView


@dataclass(frozen=True)
class TeamScore:
    team: int
    names: tuple[str, str]
    stones: int  # in the game being played, with what this hand paid at once
    paid: int  # of those, paid at once in the hand being entered (a no quiero)
    dentro: bool
    games_won: int

    @property
    def label(self) -> str:
        return gettext("%(first)s & %(second)s", first=self.names[0], second=self.names[1])


def score_board(state: mus.MusReplay, at_once: AtOnce | None) -> tuple[TeamScore, TeamScore]:
    """Both teams' stones now: the game's score, plus what the hand being entered paid."""
    score = state.next.score if state.next else state.games[-1].stones
    paid = at_once.immediate if at_once else (0, 0)
    target = state.options.target
    boards = [
        TeamScore(
            team,
            state.teams[team - 1],
            score[team - 1] + paid[team - 1],
            paid[team - 1],
            state.next is not None and is_dentro(score[team - 1] + paid[team - 1], target),
            state.games_won[team - 1],
        )
        for team in (1, 2)
    ]
    return boards[0], boards[1]


def stones_marks(board: TeamScore) -> Marks:
    """The stones as laid out before this hand (amarracos, singles), then those it paid."""
    amarraco, single = amarracos(board.stones - board.paid)
    kinds = ("amarraco",) * amarraco + ("piedra",) * single + ("piedra-now",) * board.paid
    label = (
        ngettext("%(num)s stone", "%(num)s stones", board.stones)
        + ": "
        + ", ".join(
            [
                ngettext("%(num)s amarraco", "%(num)s amarracos", amarraco),
                ngettext("%(num)s single", "%(num)s singles", single),
                *([gettext("%(n)s paid at once in this hand", n=board.paid)] if board.paid else []),
            ]
        )
    )
    return Marks(label, kinds)


def games_marks(board: TeamScore, games_to_win: int) -> Marks:
    kinds = tuple("game-won" if i < board.games_won else "game-open" for i in range(games_to_win))
    return Marks(games_note(board), kinds)


def board_standings(view: MusView) -> Standings:
    """The strip: per team its stones in this game (amarracos and singles) and games won."""
    if view.current is None:
        return match_standings(view)
    games_to_win = view.replay.options.games_to_win
    totals = {board.label: board.stones for board in view.teams}
    best = max(totals.values())
    leaders = [name for name, n in totals.items() if n == best] if best else []
    dentro = ("dentro", gettext("Within 5 stones of the target: the team must warn the others"))
    rows = tuple(
        Standing(
            board.label,
            str(board.stones),
            board.label in leaders,
            marks=(stones_marks(board), games_marks(board, games_to_win))
            if games_to_win > 1
            else (stones_marks(board),),
            css=f"mus-t{board.team}",
            words=(dentro,) if board.dentro else (),
        )
        for board in view.teams
    )
    pending = ""
    if view.stakes:
        what = ", ".join(f"{lance} {stones}" for lance, stones in view.stakes.items())
        pending = gettext("Still to be counted: %(what)s", what=what)
    legend = (
        ("amarraco", gettext("amarraco: 5 stones")),
        ("piedra", gettext("a single stone")),
        ("piedra-now", gettext("paid at once in this hand")),
        *((("game-won", gettext("a game won")),) if games_to_win > 1 else ()),
    )
    return Standings(rows, lead_summary(totals, leaders), pending, legend, games_settled(view))


def games_settled(view: MusView) -> tuple[str, ...]:
    """Each game of the match played out: "Game 1 won by Ben & Dan 40–38"."""
    return tuple(
        say(Message(N_("Game {game} {outcome}"), {"game": game.number, "outcome": game.outcome}))
        for game in view.games
        if game.outcome is not None
    )


def match_standings(view: MusView) -> Standings:
    """The strip once the match is over: the games won, the match's winners ahead (an
    órdago may have won the last game from behind: its stones would point at the losers), and
    how the last game ended."""
    replay = view.replay
    games_to_win = replay.options.games_to_win
    rows = tuple(
        Standing(
            board.label,
            str(board.games_won),
            board.team == replay.winner,
            marks=(games_marks(board, games_to_win),),
            css=f"mus-t{board.team}",
        )
        for board in view.teams
    )
    settled = games_settled(view)
    legend = (("game-won", gettext("a game won")),)
    return Standings(rows, settled[-1], legend=legend, settled=settled)  # the last game: the match


def games_note(board: TeamScore) -> str:
    return ngettext("%(num)s game won", "%(num)s games won", board.games_won)
