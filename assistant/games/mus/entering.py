"""Checks of the Mus hand being entered lance by lance, in the match as it stands: one lance
in its context (``check_lance``), the betting so far (``check_betting``), and what the players
said before pares and juego against the cards shown at the end (``check_said``)."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import TYPE_CHECKING, Any

from ..base import N_, RuleError
from .bets import Bet
from .count import AtOnce, pay_at_once
from .entry import declare, parse_hand_entry
from .hands import HandRules, Lance, MusHand, hand_label
from .showdown import team_names

if TYPE_CHECKING:
    from . import MusReplay


def _match_over(players: Sequence[str], team: int) -> RuleError:
    return RuleError(
        N_("The match is over ({team} won it): no more hands can be entered"),
        team=team_names(players, team),
    )


def check_lance(state: MusReplay, hand: Mapping[str, Any], lance: str) -> Bet | None:
    """Check one lance of the hand being entered (the hand after ``state``) in its context:
    the entries before it in ``hand`` (was the game already decided in this hand?) and the
    cards, when ``hand`` has them (does only one team hold pares / juego?). Returns the bet
    (``None`` for paso); a RuleError names the field, e.g. ``lances.pares``.
    """
    if state.winner is not None or state.next is None:
        raise _match_over(state.players, state.winner or 1)
    entry = parse_hand_entry(hand, state.players, state.next.mano, state.options.rules)
    wanted = next((lc for lc in Lance if lc.value == lance), None)
    if wanted is None:
        raise RuleError(N_("There is no lance {name}"), field=f"lances.{lance}", name=lance)
    if wanted not in entry.bets:  # juego asked while the fourth lance is punto (or vice versa)
        return None
    before: dict[Lance, Bet | None] = {}
    for name, bet in entry.bets.items():
        before[name] = bet
        if name is wanted:
            break
    pay_at_once(before, None, state.next.score, state.options.target)
    return entry.bets[wanted]


def check_betting(state: MusReplay, hand: Mapping[str, Any]) -> AtOnce:
    """The betting of the hand being entered (the hand after ``state``) as far as it goes:
    every lance checked in its context, what the rejections paid at once, and whether the game
    was decided in this hand (``ending``: a rejection that reached the target, or an accepted
    órdago, whose winner is None until the cards are known).

    >>> from assistant.games.base import Record
    >>> from assistant.games.mus import replay
    >>> done = check_betting(replay(Record("mus", ("A", "B", "C", "D"), "A", {}, ())),
    ...     {"lances": {"grande": {"by": 2, "bets": [2, "ordago"], "answer": "quiero"}}})
    >>> done.ending.value, done.immediate
    ('ordago', (0, 0))
    """
    if state.winner is not None or state.next is None:
        raise _match_over(state.players, state.winner or 1)
    entry = parse_hand_entry(hand, state.players, state.next.mano, state.options.rules)
    return pay_at_once(entry.bets, None, state.next.score, state.options.target)


SAID_YES = N_(
    "{name} said yes to {lance}, but these cards have no {lance}. Yes or no is said truthfully:"
    " correct the cards, or step back to who said yes."
)
SAID_NO = N_(
    "{name} said no to {lance}, but these cards have {lance} ({hand}). Yes or no is said"
    " truthfully: correct the cards, or step back to who said yes."
)


def check_said(
    order: Sequence[str],
    hands: Mapping[str, MusHand],
    rules: HandRules,
    said: Mapping[str, Sequence[str] | None],
) -> None:
    """What each player said before pares and juego (``said``: the names that said yes, None
    where the table skipped saying) against his cards, in speaking order (``order``). The
    rules ask a truthful yes or no (docs/rules/mus.md: a bluff is a bet, never a declaration),
    so a contradiction is an error beside that player's cards, not a warning to confirm.

    >>> from .hands import parse_hand
    >>> hands = {p: parse_hand(h) for p, h in zip("ABCD", ["K3QA", "7654", "JJ54", "KQ76"])}
    >>> check_said("ABCD", hands, HandRules(), {"pares": ["A", "C"], "juego": None})
    >>> check_said("ABCD", hands, HandRules(), {"pares": ["A"]})
    Traceback (most recent call last):
    ...
    assistant.games.base.RuleError: C said no to pares, but these cards have pares (J-J). Yes or \
no is said truthfully: correct the cards, or step back to who said yes.
    """
    declared = declare(order, hands, rules)
    for lance, holds in ((Lance.PARES, declared.pares), (Lance.JUEGO, declared.juego)):
        yes = said.get(lance.value)
        if yes is None:
            continue
        for name in order:
            if (name in yes) == holds[name]:
                continue
            template = SAID_YES if name in yes else SAID_NO
            hand = hand_label(hands[name], lance, rules)
            raise RuleError(
                template, field=f"cards.{name}", name=name, lance=lance.value, hand=hand
            )
