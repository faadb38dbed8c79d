"""Boodle's forms for Three in One: the poker stage step by step in the live form, and the whole
stage in a deal's correction. Field names follow the engine's error fields (``poker.bet`` →
``poker_bet``, ``poker.hands.Bo`` → ``poker_hands_1``, ``poker.bets.Bo`` → ``poker_bets_1``)."""

from __future__ import annotations

import re
from collections.abc import Sequence
from typing import Any

from flask_babel import lazy_gettext as _l
from wtforms import BooleanField, HiddenField, StringField
from wtforms.validators import Length, Optional

from ...games.base import JSON
from ...games.boodle.deal import DealResult
from ..fields import ChoiceField, PadField

POKER_ACTIONS = ("decide", "bet", "hands", "winner")
MOST_CHIPS = 999
CARD = re.compile(r"10[SHDC]|[2-9JQKA][SHDC]")
HAND_TEXT = 40  # characters of a typed hand


def poker_stage_fields(cls: type, players: Sequence[str]) -> None:
    """The live form's: in or fold (``in-2``, ``fold-2``, ``rest``: everyone not decided yet is
    in), the bet, the hands, the winner."""
    seats = range(len(players))
    decisions = (*(f"in-{s}" for s in seats), *(f"fold-{s}" for s in seats), "rest")
    fields = {
        "poker_decide": ChoiceField(_l("In or fold"), values=decisions),
        "poker_bet": PadField(_l("The bet"), low=0, high=MOST_CHIPS, required=False),
        "poker_winner": _winner_field(players),
    }
    for name, field in fields.items():
        setattr(cls, name, field)
    _hand_fields(cls, players)


def _winner_field(players: Sequence[str]) -> ChoiceField:
    return ChoiceField(_l("Who won the poker pot"), values=tuple(players))


def _hand_fields(cls: type, players: Sequence[str]) -> None:
    for seat, name in enumerate(players):
        field = StringField(name, validators=[Optional(), Length(max=HAND_TEXT)])
        setattr(cls, f"poker_hands_{seat}", field)


def poker_step(form: Any, action: str, players: Sequence[str], undecided: Sequence[str]) -> JSON:
    """The step of the poker stage a live form posted (records of ``stage``)."""
    if action == "decide":
        choice = form.poker_decide.data
        if choice == "rest":
            return {"in": list(undecided)}
        kind, seat = choice.split("-")
        return {kind: [players[int(seat)]]}
    if action == "bet":
        return {"bet": form.poker_bet.data}
    if action == "winner":
        return {"winner": form.poker_winner.data}
    return {"hands": posted_hands(form, players)}


def hand_codes(text: str | None) -> list[str]:
    """The cards typed or tapped for a hand: ``"KH KC 3d"``, ``"KHKC3D"`` → ``KH KC 3D``; what
    is not a card is kept as typed (the engine says so)."""
    codes: list[str] = []
    for token in re.split(r"[\s,]+", (text or "").upper()):
        found = CARD.findall(token)
        codes.extend(found if found and "".join(found) == token else [token] if token else [])
    return codes


def posted_hands(form: Any, players: Sequence[str]) -> JSON:
    """The hands posted: every player whose field is not empty."""
    hands = {}
    for seat, name in enumerate(players):
        codes = hand_codes(form[f"poker_hands_{seat}"].data)
        if codes:
            hands[name] = codes
    return hands


def poker_fields(cls: type, players: Sequence[str]) -> None:
    """A correction form's: per player folded, bet and hand; the winner; and fields that hold
    the errors about the whole stage, who folded and the hands."""
    fields = {"poker": HiddenField(), "poker_folded": HiddenField(), "poker_hands": HiddenField()}
    fields["poker_winner"] = _winner_field(players)
    for holder, field in fields.items():
        setattr(cls, holder, field)
    for seat, name in enumerate(players):
        setattr(cls, f"poker_folded_{seat}", BooleanField(_l("folded")))
        setattr(cls, f"poker_bets_{seat}", PadField(name, high=MOST_CHIPS, required=False))
    _hand_fields(cls, players)


def poker_data(deal: DealResult, players: Sequence[str]) -> JSON:
    """A correction form's data of the poker stage as it was saved."""
    poker = deal.entry.poker
    if poker is None:
        return {}
    data: JSON = {"poker_winner": poker.winner}
    for seat, name in enumerate(players):
        data[f"poker_folded_{seat}"] = name in poker.folded
        data[f"poker_bets_{seat}"] = poker.bets.get(name, 0)
        if poker.hands is not None and name in poker.hands:
            data[f"poker_hands_{seat}"] = " ".join(poker.hands[name])
    return data


def posted_poker(form: Any, players: Sequence[str]) -> JSON:
    """The round's ``poker`` field from a correction form."""
    bets = {}
    for seat, name in enumerate(players):
        bet = form[f"poker_bets_{seat}"].data
        if bet:
            bets[name] = bet
    folded = [name for seat, name in enumerate(players) if form[f"poker_folded_{seat}"].data]
    poker: JSON = {"bets": bets, "folded": folded}
    hands = posted_hands(form, players)
    if hands:
        poker["hands"] = hands
    if form.poker_winner.data:
        poker["winner"] = form.poker_winner.data
    return poker
