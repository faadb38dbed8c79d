"""Mulle at the table, the forms: the live events of a deal (the next round of cards, a mulle,
a tabbe, removing one) and the count of the piles at the end of a deal.

Every rule stays in the engine: a pile form asks ``check_deal`` and puts each error next to its
field; shortfalls against the double pack come back as warnings the table confirms with a second
submit (the button carries a digest of exactly the warnings it confirms).
"""

from __future__ import annotations

import hashlib
import re
from types import MappingProxyType
from typing import Any

from flask_babel import lazy_gettext as _l
from wtforms import Field, HiddenField
from wtforms.validators import ValidationError

from ...games import mulle
from ...games.base import JSON, Record
from ...games.cards import RANKS, SUIT_LETTERS, Card, Suit
from ...games.mulle.live import LiveDeal
from ...games.mulle.piles import Count
from ...i18n import gettext, say
from ..adjust import add_adjust_fields
from ..base import EntryForm, place_error
from ..fields import ChoiceField, PadField
from .view import Side

COUNTS = (*(c.value for c in Count), "tabbar")
PILE_FIELDS = (*COUNTS, "mulles", "add_rank", "add_suit")  # a side's fields, after its prefix
MAX_MULLES = 52  # more than any deal can hold: an input limit, the engine says the rest
PILE_KEY = re.compile(r"^(piles|team)_\d+_")


# --- live events ------------------------------------------------------------------------------


class LiveForm(EntryForm):
    """A tap during the deal: the engine checks the events recorded so far as a deal. It is
    made with the record and the deal in play it checks against, and the count of the piles
    the step shows beside it (None: the deal is not being counted)."""

    kind = ""
    action = HiddenField()

    def __init__(
        self,
        formdata: Any,
        *,
        record: Record,
        live: LiveDeal,
        piles: PilesForm | None = None,
    ) -> None:
        super().__init__(formdata)
        self.record, self.live, self.piles = record, live, piles

    def validate(self, extra_validators: Any = None) -> bool:
        if not super().validate(extra_validators):
            return False
        if self.kind in ("mulle", "tabbe"):
            by = self.record.players[int(self.by.data)]
            card = Card(self.rank.data, Suit(self.suit.data)) if self.kind == "mulle" else None
            events = self.live.with_event(by, card)["events"]
            errors = mulle.check_deal(self.record, _live_piles(events)).errors
            self.form_errors.extend(say(e.message) for e in errors)
            return not errors
        if self.kind == "remove" and int(self.event.data) >= len(self.live.events):
            self.form_errors.append(gettext("That was removed already."))
            return False
        return True


def _live_piles(events: list[JSON]) -> JSON:
    piles: dict[str, dict[str, Any]] = {}
    for event in events:
        who = str(event.get("by") or event.get("tabbe"))
        pile = piles.setdefault(who, {"tabbar": 0, "mulles": []})
        if "mulle" in event:
            pile["mulles"].append(event["mulle"])
        else:
            pile["tabbar"] += 1
    return {"piles": piles}


def live_form(
    kind: str,
    record: Record,
    live: LiveDeal,
    formdata: Any = None,
    piles: PilesForm | None = None,
) -> LiveForm:
    seats = tuple(str(n) for n in range(len(record.players)))

    class Form(LiveForm):
        pass

    Form.kind = kind
    if kind == "round":
        Form.to = PadField(_l("Round"), low=1, high=live.rounds + 1)
    elif kind == "remove":
        Form.event = PadField(_l("Event"), low=0, high=max(len(live.events) - 1, 0))
    else:
        Form.by = ChoiceField(_l("Player"), values=seats, required=True)
    if kind == "mulle":
        Form.rank = ChoiceField(_l("Rank"), values=RANKS, required=True)
        Form.suit = ChoiceField(_l("Suit"), values=SUIT_LETTERS, required=True)
    form = Form(formdata, record=record, live=live, piles=piles)
    form.action.data = kind
    form.step.data = f"live-{live.number}"
    return form


# --- the piles at the end of a deal ----------------------------------------------------------


class CountField(PadField):
    """A count typed or stepped; empty means none. The engine says what is too many or
    negative, so the limits here only keep the input sane."""

    def __init__(self, label: Any = None, **kw: Any) -> None:
        super().__init__(label, low=-999, high=999, required=False, **kw)

    @property
    def value(self) -> int:
        return self.data if isinstance(self.data, int) else 0


class MullesField(Field):
    """The mulles of a pile: one card code per checked box (the engine reads the codes)."""

    def process_formdata(self, valuelist: list[str]) -> None:
        self.data = [v.strip()[:8] for v in valuelist if v.strip()]

    def process_data(self, value: Any) -> None:
        self.data = list(value or [])

    def pre_validate(self, form: Any) -> None:
        if len(self.data) > MAX_MULLES:
            raise ValidationError(_l("That is more mulles than a deal can hold."))


class ConfirmField(Field):
    """The digests of the warnings the table confirmed (a button may send one, a correction
    form another)."""

    def process_formdata(self, valuelist: list[str]) -> None:
        self.data = [v[:64] for v in valuelist[:4]]

    def process_data(self, value: Any) -> None:
        self.data = [value] if value else []


def digest(findings: Any) -> str:
    text = "\n".join(sorted(str(f) for f in findings))
    return hashlib.sha256(text.encode()).hexdigest()[:16]


class PilesForm(EntryForm):
    """One short form per side: the counted cards, the tabbar and the mulles."""

    kind = "piles"
    pack = MappingProxyType({c.value: c.in_pack for c in Count})  # the double pack
    action = HiddenField()
    confirm = ConfirmField()
    # The counts of the last pile the phone still fills in with the rest of the pack (its
    # script keeps the list; without it none is): they follow from the other piles.
    filled = HiddenField()
    warned: str = ""  # the digest the confirm button sends
    check: mulle.DealCheck  # the engine's check of the deal, once the form validated

    def __init__(
        self, formdata: Any, data: JSON, *, before: Record, sides: tuple[Side, ...]
    ) -> None:
        super().__init__(formdata, data=data)
        self.before = before  # the record without this deal
        self.sides = sides
        self.pile_fields = tuple(f"{side.prefix}_{name}" for side in sides for name in PILE_FIELDS)
        self.posted = tuple(formdata.keys()) if formdata else ()  # every posted field's name
        self.warnings: list[str] = []

    def validate(self, extra_validators: Any = None) -> bool:
        ok = super().validate(extra_validators)
        stray = sorted({k for k in self.posted if PILE_KEY.match(k)} - set(self.pile_fields))
        if stray:
            self.form_errors.append(self._stray_message(stray))
            ok = False
        for side in self.sides:
            ok = self._add_mulle(side) and ok
        if not ok:
            return False
        check = self.check = mulle.check_deal(self.before, self.deal())
        players = self.before.players
        for finding in self._errors_to_show(check):
            place_error(self, finding.as_error(), players)
        if check.errors:
            return False
        self.warnings = [say(w.message) for w in check.warnings]
        self.warned = digest(check.warnings) if check.warnings else ""
        return not check.warnings or self.warned in (self.confirm.data or [])

    def filled_counts(self) -> tuple[str, ...]:
        """The counts of the last pile filled in with the rest, as the phone posted them."""
        said = str(self.filled.data or "").split()
        return tuple(c for c in COUNTS if c in said and c != "tabbar")

    def _errors_to_show(self, check: mulle.DealCheck) -> tuple[mulle.Finding, ...]:
        """An error in a count filled in with the rest follows from a number typed in another
        pile (the rest is what that one left): the piles typed are checked alone, and what is
        wrong with them is said, naming the pile that is wrong and nothing else."""
        if len(self.sides) < 2 or not self.filled_counts():
            return check.errors
        rest = self.sides[-1].holder
        filled = {f"piles.{rest}.{count}" for count in self.filled_counts()}
        if not any(e.field in filled for e in check.errors):
            return check.errors
        deal = self.deal()
        deal["piles"][rest] |= dict.fromkeys(self.filled_counts(), 0)
        return mulle.check_deal(self.before, deal).errors or check.errors

    def _stray_message(self, stray: list[str]) -> str:
        players = self.before.players
        if not mulle.plays_in_teams(players) and any(k.startswith("team_") for k in stray):
            return gettext(
                "Only a game of 4 is played in teams; this game has %(n)s players: "
                "count one pile per player.",
                n=len(players),
            )
        if mulle.plays_in_teams(players):
            return gettext("With 4 players the piles are counted per team, not per player.")
        return gettext("The form has fields for piles this game does not have.")

    def _add_mulle(self, side: Side) -> bool:
        """The mulle picked on the form's own rank and suit keys joins the side's mulles."""
        rank, suit = self[f"{side.prefix}_add_rank"], self[f"{side.prefix}_add_suit"]
        if rank.errors or suit.errors:
            return False
        if not rank.data and not suit.data:
            return True
        if not (rank.data and suit.data):
            missing = suit if rank.data else rank
            missing.errors = [str(_l("Pick the rank and the suit of the mulle."))]
            return False
        self[f"{side.prefix}_mulles"].data.append(f"{rank.data}{suit.data}")
        rank.data = suit.data = None
        return True

    def messages(self) -> list[str]:
        """The fields' messages, once each, for the top of a long form (each field shows its
        own next to it too)."""
        found: list[str] = []
        for field in self:
            found += [str(m) for m in field.errors if str(m) not in found]
        return found

    def values(self, side: Side) -> dict[str, int]:
        return {name: self[f"{side.prefix}_{name}"].value for name in COUNTS}

    def mulles(self, side: Side) -> list[str]:
        return list(self[f"{side.prefix}_mulles"].data or [])

    def deal(self) -> JSON:
        """The deal as the record stores it: a team's pile goes on its first partner."""
        return {
            "piles": {
                side.holder: {**self.values(side), "mulles": self.mulles(side)}
                for side in self.sides
            }
        }

    def sums(self) -> dict[str, int]:
        """Every count added over the sides, for the check line."""
        return {name: sum(self.values(side)[name] for side in self.sides) for name in COUNTS}

    def left(self, side: Side) -> dict[str, int]:
        """What the double pack still holds for this side, given the other sides' counts."""
        others = {s.holder: self.values(s) for s in self.sides if s is not side}
        left = mulle.still_in_pack(self.before, _clean(others), side.holder)
        return {c.value: left.count(c) for c in Count}


def _clean(piles: dict[str, dict[str, int]]) -> dict[str, dict[str, int]]:
    """Counts as the engine reads them (a negative one, shown as an error, counts as none)."""
    return {who: {k: max(v, 0) for k, v in pile.items()} for who, pile in piles.items()}


def piles_form(
    before: Record,
    sides: tuple[Side, ...],
    step: str,
    formdata: Any = None,
    data: JSON | None = None,
    *,
    adjust: bool = False,
) -> PilesForm:
    """The piles of a deal (``adjust``: with a correction of a total, as a deal's correction
    asks)."""

    class Form(PilesForm):
        pass

    if adjust:
        add_adjust_fields(Form, before.players)

    for side in sides:
        for count in COUNTS:
            setattr(Form, f"{side.prefix}_{count}", CountField(side.label))
        setattr(Form, f"{side.prefix}_mulles", MullesField(side.label))
        setattr(Form, f"{side.prefix}_add_rank", ChoiceField(_l("Rank"), values=RANKS))
        setattr(Form, f"{side.prefix}_add_suit", ChoiceField(_l("Suit"), values=SUIT_LETTERS))
    form = Form(formdata, data or {}, before=before, sides=sides)
    form.action.data = "piles"
    form.step.data = step
    if mulle.plays_in_teams(before.players):  # engine fields name players: lead them to the team
        for side in sides:
            for name in side.names:
                seat = before.players.index(name)
                for field in (*COUNTS, "mulles"):
                    setattr(form, f"piles_{seat}_{field}", form[f"{side.prefix}_{field}"])
    return form


def pile_data(sides: tuple[Side, ...], piles: Any) -> JSON:
    """Form data from the piles of a stored deal (partners' piles added up)."""
    data: JSON = {}
    for side in sides:
        for count in COUNTS:
            data[f"{side.prefix}_{count}"] = sum(
                int(piles.get(n, {}).get(count, 0)) for n in side.names
            )
        data[f"{side.prefix}_mulles"] = [
            code for n in side.names for code in piles.get(n, {}).get("mulles", [])
        ]
    return data
