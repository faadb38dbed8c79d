"""Boodle's forms: the live events of a deal and the correction of a deal.

Field names follow the engine's error fields (``stakes.Bo.KC`` → ``stakes_1_KC``,
``cards_left.Cia`` → ``cards_left_2``, ``widow.auction.price`` → ``widow_auction_price``) so that
an engine error lands next to its field; the events get their own names (``card``/``by`` live,
``ev_2_what``/``ev_2_by`` in a correction) and ``remap`` moves the engine's errors there.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from typing import Any

from flask_babel import lazy_gettext as _l
from wtforms import HiddenField, StringField
from wtforms.validators import Length

from ...games.base import JSON, N_, RuleError
from ...games.boodle.deal import DealResult
from ...games.boodle.events import BoodlePlay, Event, Fault
from ...games.boodle.rules import BoodleCard, BoodleOptions, FaultKind, max_hand
from ..base import EntryForm
from ..fields import ChoiceField, PadField
from ..newcomer import newcomer_field
from .moves import add_move_fields
from .poker import PokerSeat
from .poker_forms import MOST_CHIPS, POKER_ACTIONS, poker_data, poker_fields, poker_stage_fields

CARDS = tuple(card.value for card in BoodleCard)
FAULTS = tuple(kind.value for kind in FaultKind)
ACTIONS = ("widow", "boodle", "fault", "out", "pop", "seat", "move", "newcomer")
MAX_REASON = 80  # as the record allows (games/base.py)


def live_actions(options: BoodleOptions) -> tuple[str, ...]:
    """The live steps this game has: placing stakes with a free ante, the poker stage with
    Three in One (a step of a stage the game lacks is refused, its fields are not there)."""
    free = ("stakes",) if options.free is not None else ()
    poker = POKER_ACTIONS if options.pot_ante is not None else ()
    return (*free, *ACTIONS, *poker)


# --- the live events of the deal being played ---------------------------------------------


def live_form(
    players: Sequence[str],
    options: BoodleOptions,
    *,
    step: str,
    formdata: Any = None,
    data: Mapping[str, Any] | None = None,
    everyone: Sequence[str] = (),
) -> EntryForm:
    """Every live action's fields in one form; ``action`` says which of them were posted.
    ``players`` are those dealt in to the deal, ``everyone`` all of the game's (who may sit
    out or join: ``seat``)."""

    class LiveForm(EntryForm):
        action = ChoiceField(values=live_actions(options), required=True)
        card = ChoiceField(_l("The boodle card played"), values=CARDS)
        by = ChoiceField(_l("Who"), values=tuple(players))
        fault = ChoiceField(_l("The fault"), values=FAULTS)
        out = ChoiceField(_l("Who went out"), values=tuple(players))
        widow = ChoiceField(_l("The spare hand"), values=WIDOWS)
        widow_auction_buyer = ChoiceField(_l("Bought by"), values=tuple(players))
        widow_auction_price = PadField(_l("Price"), low=0, high=MOST_CHIPS, required=False)
        seat = ChoiceField(_l("Who sits out or joins"), values=tuple(everyone or players))
        move_from = ChoiceField(_l("From"), values=tuple(players))
        move_to = ChoiceField(_l("To"), values=(*players, *CARDS))
        move_chips = PadField(_l("Chips"), low=1, high=MOST_CHIPS, required=False)
        move_reason = StringField(_l("Why"), filters=[_strip], validators=[Length(max=MAX_REASON)])
        newcomer = newcomer_field()

    _cards_left_fields(LiveForm, players)
    if options.free is not None:
        _stake_fields(LiveForm, players)
    if options.pot_ante is not None:
        poker_stage_fields(LiveForm, players)
    form = LiveForm(formdata, data=data or {})
    form.step.data = step
    if formdata is not None:
        _require(form, formdata.get("action"))
    return form


def _strip(value: Any) -> Any:
    return value.strip() if isinstance(value, str) else value


def _require(form: Any, action: str | None) -> None:
    """The fields the posted action needs (the others stay optional)."""
    needed = {
        "boodle": ("card", "by"),
        "fault": ("fault", "by"),
        "out": ("out",),
        "widow": ("widow",),
        "decide": ("poker_decide",),
        "bet": ("poker_bet",),
        "winner": ("poker_winner",),
        "seat": ("seat",),
        "move": ("move_from", "move_to", "move_chips"),
    }.get(action or "", ())
    if action == "widow" and form.widow.data in SOLD:
        needed = ("widow", "widow_auction_buyer", "widow_auction_price")
    for name in needed:
        if name in form:  # else the action is one this game lacks, and refused as such
            form[name].required = True


def _cards_left_fields(cls: type, players: Sequence[str]) -> None:
    most = max_hand(len(players))
    for seat, name in enumerate(players):
        setattr(cls, f"cards_left_{seat}", PadField(name, high=most, required=False))


def _stake_fields(cls: type, players: Sequence[str]) -> None:
    for seat, name in enumerate(players):
        setattr(cls, f"stakes_{seat}", HiddenField(name))  # holds the player's errors
        for card in CARDS:
            field = PadField(card, high=MOST_CHIPS, required=False)
            setattr(cls, f"stakes_{seat}_{card}", field)


def posted_stakes(form: Any, players: Sequence[str]) -> JSON:
    """Each player's chips per boodle card (cards left empty or at 0 are left out)."""
    stakes = {}
    for seat, name in enumerate(players):
        placed = {card: form[f"stakes_{seat}_{card}"].data for card in CARDS}
        stakes[name] = {card: chips for card, chips in placed.items() if chips}
    return stakes


def stake_data(stakes: Mapping[str, Mapping[str, int]], players: Sequence[str]) -> JSON:
    """Form data for ``posted_stakes``'s fields."""
    return {
        f"stakes_{seat}_{card}": stakes.get(name, {}).get(card, 0)
        for seat, name in enumerate(players)
        for card in CARDS
    }


def out_data(cards_left: Mapping[str, int], players: Sequence[str]) -> JSON:
    """Form data for ``posted_cards_left``'s fields."""
    return {
        f"cards_left_{seat}": cards_left[name]
        for seat, name in enumerate(players)
        if name in cards_left
    }


def posted_cards_left(form: Any, players: Sequence[str]) -> JSON:
    """The cards left as posted: a player left empty is left out (the engine asks for him)."""
    held = {}
    for seat, name in enumerate(players):
        value = form[f"cards_left_{seat}"].data
        if value is not None:
            held[name] = value
    return held


# What became of the spare hand: the dealer swapped, it was sold, both (the dealer swapped and
# then sold his old hand: docs/records.md, "Boodle"), or nothing.
WIDOWS = ("swap", "auction", "swap-auction", "none")
SOLD = ("auction", "swap-auction")


def posted_widow(form: Any) -> JSON | None:
    """The round's ``widow`` as posted (None: nothing became of it)."""
    widow: JSON = {}
    if form.widow.data in ("swap", "swap-auction"):
        widow["swap"] = True
    if form.widow.data in SOLD:
        buyer, price = form.widow_auction_buyer.data, form.widow_auction_price.data
        widow["auction"] = {"buyer": buyer, "price": price}
    return widow or None


# --- the correction of a whole deal ---------------------------------------------------------


def round_form(
    deal: DealResult, players: Sequence[str], options: BoodleOptions, formdata: Any = None
) -> EntryForm:
    """One deal in one form: stakes, spare hand, every event (plus empty rows), the out."""
    events = deal.entry.events[:-1]

    class RoundForm(EntryForm):
        players = tuple(deal.players)  # those dealt in to the deal: the form's rows
        seats = tuple(PokerSeat(name, seat, "in") for seat, name in enumerate(deal.players))
        out = ChoiceField(_l("Who went out"), values=tuple(players), required=True)
        widow = ChoiceField(_l("The spare hand"), values=WIDOWS)
        widow_auction_buyer = ChoiceField(_l("Bought by"), values=tuple(players))
        widow_auction_price = PadField(_l("Price"), low=0, high=MOST_CHIPS, required=False)

    for row in range(len(events) + spare_rows(events, players)):
        setattr(RoundForm, f"ev_{row}_what", ChoiceField(values=CARDS + FAULTS))
        setattr(RoundForm, f"ev_{row}_by", ChoiceField(values=tuple(players)))
    _cards_left_fields(RoundForm, players)
    if options.free is not None:
        _stake_fields(RoundForm, players)
    if options.pot_ante is not None:
        poker_fields(RoundForm, players)
    add_move_fields(RoundForm, players, len(deal.entry.adjust))
    form = RoundForm(formdata, data=round_data(deal, players))
    form.step.data = f"round-{deal.deal}"
    if formdata is not None and form.widow.data in SOLD:
        form.widow_auction_buyer.required = form.widow_auction_price.required = True
    return form


def round_data(deal: DealResult, players: Sequence[str]) -> JSON:
    """What the correction form of ``deal`` shows as it was entered."""
    data: JSON = {"out": deal.winner, "widow": "none", **poker_data(deal, players)}
    if deal.entry.swap:
        data["widow"] = "swap"
    if deal.entry.auction is not None:
        data["widow"] = "swap-auction" if deal.entry.swap else "auction"
        data["widow_auction_buyer"] = deal.entry.auction.buyer
        data["widow_auction_price"] = deal.entry.auction.price
    for row, event in enumerate(deal.entry.events[:-1]):
        what = event.card.value if isinstance(event, BoodlePlay) else None
        if isinstance(event, Fault):
            what = event.kind.value
        data[f"ev_{row}_what"], data[f"ev_{row}_by"] = what, event.by
    data.update(out_data(deal.entry.cards_left, players))
    if deal.entry.stakes is not None:
        plain = {n: {c.value: v for c, v in s.items()} for n, s in deal.entry.stakes.items()}
        data.update(stake_data(plain, players))
    return data


def spare_rows(events: Sequence[Event], players: Sequence[str]) -> int:
    """The empty rows a correction offers: one for each boodle card not played in the deal and
    one for a fault of each player, so that any deal is put right in one save."""
    played = {event.card for event in events if isinstance(event, BoodlePlay)}
    return len(CARDS) - len(played) + len(players)


def event_rows(form: Any) -> list[int]:
    """The rows of a correction form in use, in order."""
    rows, row = [], 0
    while f"ev_{row}_what" in form:
        if form[f"ev_{row}_what"].data or form[f"ev_{row}_by"].data:
            rows.append(row)
        row += 1
    return rows


def posted_events(form: Any, rows: Sequence[int]) -> list[JSON]:
    """The events of the used rows; a row with only half of it filled in is an error."""
    events = []
    for row in rows:
        what, by = form[f"ev_{row}_what"].data, form[f"ev_{row}_by"].data
        if not what:
            raise RuleError(N_("What happened: a boodle card or a fault?"), field=f"ev_{row}_what")
        if not by:
            raise RuleError(N_("Who played it, or made the fault?"), field=f"ev_{row}_by")
        events.append({"boodle": what, "by": by} if what in CARDS else {"fault": what, "by": by})
    return events


# --- engine errors next to the right field --------------------------------------------------


def remap(error: RuleError, rename: Callable[[str], str | None]) -> RuleError:
    """The same error with its field renamed for this form (None: keep the engine's name)."""
    if error.field is None:
        return error
    field = rename(error.field)
    if field is None:
        return error
    return RuleError(error.message, round=error.round, field=field)


def live_event_field(index: int) -> Callable[[str], str | None]:
    """``events.5.boodle`` → ``card`` for the event being added at ``index``."""
    names = {"boodle": "card", "fault": "fault", "by": "by", "out": "out"}

    def rename(field: str) -> str | None:
        parts = field.split(".")
        if parts[0] == "events" and len(parts) == 3 and parts[1] == str(index):
            return names.get(parts[2])
        return None

    return rename


def correction_field(rows: Sequence[int]) -> Callable[[str], str | None]:
    """``events.1.by`` → the form row it came from (``ev_3_by``); the out → ``out``."""

    def rename(field: str) -> str | None:
        parts = field.split(".")
        if parts[0] != "events" or len(parts) != 3:
            return None
        index = int(parts[1])
        if parts[2] == "out" or index >= len(rows):
            return "out"
        return f"ev_{rows[index]}_{'by' if parts[2] == 'by' else 'what'}"

    return rename
