"""The evening to share ("a night to send" on the table's page): the evening in a few lines for
the group chat (who won what, the standings, the payments), and the same lines as a card the
phone draws into a picture to share."""

from __future__ import annotations

from dataclasses import dataclass

from ..i18n import gettext, ngettext
from .view import EveningView, payment_sentences


@dataclass(frozen=True)
class Share:
    title: str
    sections: tuple[tuple[str, tuple[str, ...]], ...]  # a heading and its lines

    @property
    def text(self) -> str:
        out = [self.title]
        for heading, lines in self.sections:
            out += ["", heading, *lines]
        return "\n".join(out)

    @property
    def card(self) -> dict[str, object]:
        """What the phone draws (``static/js/evening.js``), in the reader's words."""
        return {
            "title": self.title,
            "sections": [[heading, list(lines)] for heading, lines in self.sections],
            "footer": "♠♥ " + gettext("Table assistant"),
        }


def share_of(view: EveningView) -> Share:
    games = tuple(
        game_line(line.result.number, line.result.spec.title, line.headline) for line in view.games
    )
    standings = tuple(
        standing_line(view, index, standing.name, standing.won)
        for index, standing in enumerate(view.evening.standings)
    )
    sections = [(gettext("Games"), games), (gettext("Standings"), standings)]
    if view.evening.has_money:
        sections.append((gettext("Settle-up"), tuple(payment_sentences(view.payments))))
    return Share(view.title, tuple(sections))


def game_line(number: int, title: str, headline: str) -> str:
    """ "2. Boodle: Winner: Dan", or only the game before anything is won."""
    return f"{number}. {title}: {headline}" if headline else f"{number}. {title}"


def standing_line(view: EveningView, index: int, name: str, won: int) -> str:
    """ "★ Bo +5.50, 2 games won": the money where there is some, the games won where any were."""
    parts = [("★ " if name in view.evening.leaders else "") + name]
    if view.evening.has_money:
        parts.append(view.balances[index][1])
    said = " ".join(parts)
    if won:
        said += ", " + ngettext("%(num)s game won", "%(num)s games won", won)
    return said
