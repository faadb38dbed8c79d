"""The forms of Mus: each step of a hand, and the correction of a hand.

Field names follow the engine's error fields (``lances.chica.bets`` → ``lances_chica_bets``,
``cards.Anna`` → ``cards_0``, ``showdown.pares_values`` → ``showdown_pares_values``) so that a
refused entry shows its message next to what was tapped. Where the form has no widget of that
name (the values are two pads, one per team), a ``Slot`` carries the message.
"""

from __future__ import annotations

from typing import Any

from flask_babel import lazy_gettext as _l
from wtforms import BooleanField, Field, StringField
from wtforms.validators import Length, Optional

from ...games.base import JSON, N_, RuleError
from ...games.mus.draft import Step
from ...games.mus.showdown import team_names
from ..base import EntryForm
from ..fields import ChoiceField, PadField
from .deck import read_cards

TEAMS = ("1", "2")
ANSWERS = ("quiero", "no_quiero", "raise")
SHOWDOWN_SLOTS = (
    "showdown_juego",
    "showdown_punto",
    "showdown_pares_values",
    "showdown_juego_values",
    "showdown",
    "cards",
)


class Slot(Field):
    """Not a widget: a place for an engine message about a group of widgets."""

    def process_formdata(self, valuelist: list[str]) -> None:
        self.data = None


def _acts(step: Step, players: tuple[str, ...]) -> tuple[str, ...]:
    """What the buttons of a step may post: its own actions, "back", and a new mano."""
    seats = range(len(players))
    common = ("back", "adjust", *(f"mano-{n}" for n in seats), *(f"seat-{n}" for n in seats))
    answers = tuple(f"{answer}-{team}" for answer in ANSWERS for team in TEAMS)
    if step.kind == "lance":
        return ("paso", *answers, *common)
    if step.kind == "raise":
        return (*answers, *common)
    if step.kind == "said":
        return ("said", "skip", *common)
    return ("save", *common)


def step_form(
    step: Step, players: tuple[str, ...], step_id: str, formdata: Any = None
) -> EntryForm:
    """The form of the step the hand is at; ``step_id`` tells a stale post from a fresh one."""

    class StepForm(EntryForm):
        act = ChoiceField(_l("What happened"), values=_acts(step, players), required=True)

    if step.kind in ("lance", "raise"):
        _bet_fields(StepForm, step)
    elif step.kind == "said":
        for seat in range(len(players)):
            setattr(StepForm, f"said_{seat}", BooleanField(players[seat]))
    else:
        _showdown_fields(StepForm, players)
    adjust_fields(StepForm)
    form = StepForm(formdata)
    if formdata is None and step.kind in ("lance", "raise"):
        form[f"{form.bet_name}_bets"].data = 2
    elif formdata is None and step.kind == "showdown":
        form.fourth.data = "juego"  # when nobody said: most hands have a juego
    form.step.data = step_id
    return form


def adjust_fields(cls: Any, kept: int = 0) -> None:
    """Stones the table gives a team or takes from it, and why (``adjust`` of the last hand,
    or of a corrected one, whose ``kept`` adjustments can each be taken back); the name of a
    substitute (``seats`` of the hand being entered)."""
    for n in range(kept):
        setattr(cls, f"adjust_drop_{n}", BooleanField(_l("Take it back")))
    cls.adjust_team = ChoiceField(_l("Team"), values=TEAMS)
    cls.adjust_stones = PadField(_l("Stones"), low=-40, high=40, required=False)
    cls.adjust_reason = StringField(_l("Reason"), validators=[Optional(), Length(max=80)])
    cls.adjust = Slot()
    cls.newcomer = StringField(_l("Who comes"), validators=[Optional(), Length(max=40)])


def _bet_fields(cls: Any, step: Step) -> None:
    where = f"lances_{step.engine_lance}"
    if step.kind == "lance":
        setattr(cls, f"{where}_by", ChoiceField(_l("Bet by"), values=TEAMS))
    setattr(cls, f"{where}_bets", PadField(_l("Stones"), low=0, high=99, required=False))
    setattr(cls, where, Slot())
    setattr(cls, f"{where}_answer", Slot())
    cls.ordago = BooleanField(_l("Órdago"))
    cls.bet_name = where


def _showdown_fields(cls: Any, players: tuple[str, ...]) -> None:
    cls.mode = ChoiceField(_l("Showdown"), values=("cards", "winners"))
    for seat in range(len(players)):
        setattr(
            cls,
            f"cards_{seat}",
            StringField(players[seat], validators=[Optional(), Length(max=12)]),
        )
    for lance in ("grande", "chica"):
        setattr(cls, f"showdown_{lance}", ChoiceField(lance, values=TEAMS))
    cls.showdown_pares = ChoiceField("pares", values=(*TEAMS, "none"))
    cls.showdown_fourth = ChoiceField(_l("Juego or punto"), values=TEAMS)
    cls.fourth = ChoiceField(_l("Juego or punto"), values=("juego", "punto"))
    for what in ("pares", "juego"):
        for team in TEAMS:
            setattr(cls, f"{what}_values_{team}", PadField(what, low=0, high=6, required=False))
    for name in SHOWDOWN_SLOTS:
        setattr(cls, name, Slot())


def prefill_bet(form: EntryForm, fact: JSON) -> None:
    """A bet as it was tapped (a lance's fact of the draft) back into the step's form: the
    stones or the órdago, and who bet."""
    bet = fact.get("bet")
    if bet == "ordago":
        form.ordago.data = True
    elif isinstance(bet, int):
        form[f"{form.bet_name}_bets"].data = bet
    by = getattr(form, f"{form.bet_name}_by", None)
    if by is not None and fact.get("by") in (1, 2):
        by.data = str(fact["by"])


def posted_cards(form: EntryForm, players: tuple[str, ...]) -> dict[str, str] | None:
    """Each player's cards as posted (spaces and dashes dropped, upper case, a Spanish pack's
    R, C, S read as K, Q, J); None when no card at all was entered."""
    cards = {
        player: read_cards("".join(c for c in (form[f"cards_{seat}"].data or "") if c not in " -,"))
        for seat, player in enumerate(players)
    }
    if not any(cards.values()):
        return None
    return {player: text for player, text in cards.items() if text}


def posted_values(form: EntryForm, what: str) -> list[int] | None:
    """The two teams' pares / juego values; a team left blank is 0 once the other is given."""
    values = [form[f"{what}_values_{team}"].data for team in TEAMS]
    if all(v is None for v in values):
        return None
    return [v or 0 for v in values]


def check_values_of_bets(form: EntryForm, lances: JSON, players: tuple[str, ...]) -> None:
    """Pares / juego bet on: both teams have them, so a team's values left blank are missing,
    not 0 (read as 0, the engine would refuse the bet itself: "only one team has pares"). A 0
    tapped, or both left blank (the count may not need them), is for the engine to judge."""
    for what in ("pares", "juego"):
        if not isinstance(lances.get(what), dict):
            continue
        values = [form[f"{what}_values_{team}"].data for team in TEAMS]
        if all(value is None for value in values):
            continue
        for team, value in zip((1, 2), values, strict=True):
            if value is None:
                raise RuleError(
                    N_(
                        "A bet on {lance} means that both teams have {lance}: "
                        "enter the {lance} values of {team} too"
                    ),
                    field=f"showdown.{what}_values",
                    lance=what,
                    team=team_names(players, team),
                )


def team_choice(value: str | None) -> int | None:
    return int(value) if value in TEAMS else None


def prefill_showdown(
    form: EntryForm, raw: JSON | None, cards: JSON | None, seats: dict[str, int]
) -> None:
    """A stored showdown (or cards) back into the showdown fields, for a correction."""
    if cards:
        form.mode.data = "cards"
        for player, text in cards.items():
            form[f"cards_{seats[player]}"].data = text
        return
    form.mode.data = "winners"
    raw = raw or {}
    for lance in ("grande", "chica"):
        if raw.get(lance) is not None:
            form[f"showdown_{lance}"].data = str(raw[lance])
    if "pares" in raw:
        form.showdown_pares.data = "none" if raw["pares"] is None else str(raw["pares"])
    for kind in ("juego", "punto"):
        if raw.get(kind) is not None:
            form.fourth.data = kind
            form.showdown_fourth.data = str(raw[kind])
    for what in ("pares", "juego"):
        values = raw.get(f"{what}_values")
        if values:
            for team, value in zip(TEAMS, values, strict=True):
                form[f"{what}_values_{team}"].data = value


def posted_showdown(form: EntryForm, known: str | None = None) -> tuple[JSON, str | None]:
    """The lance winners and team values tapped (only what was tapped), and whether the
    fourth lance was juego or punto (``known`` when the players said so)."""
    showdown: JSON = {}
    for lance in ("grande", "chica"):
        team = team_choice(form[f"showdown_{lance}"].data)
        if team is not None:
            showdown[lance] = team
    if form.showdown_pares.data == "none":
        showdown["pares"] = None
    elif form.showdown_pares.data:
        showdown["pares"] = int(form.showdown_pares.data)
    kind = known or form.fourth.data
    team = team_choice(form.showdown_fourth.data)
    if team is not None:
        showdown[kind or "juego"] = team
    for what in ("pares", "juego"):
        values = posted_values(form, what)
        if values is not None and not (what == "juego" and kind == "punto"):
            showdown[f"{what}_values"] = values
    return showdown, kind


# --- correcting a hand ------------------------------------------------------------------------

CORRECTED_LANCES = ("grande", "chica", "pares", "juego")  # the fourth: juego or punto, by `fourth`


def round_form(players: tuple[str, ...], formdata: Any = None, kept: int = 0) -> EntryForm:
    """The whole hand at once: mano, each lance (paso, or who bet, the bets, the answer), the
    showdown (cards or lance winners) and its adjustments (``kept`` of them so far)."""

    class RoundForm(EntryForm):
        mano = ChoiceField(_l("Mano"), values=tuple(str(s) for s in range(len(players))))

    for lance in CORRECTED_LANCES:
        where = f"lances_{lance}"
        setattr(RoundForm, f"{where}_by", ChoiceField(lance, values=("paso", *TEAMS)))
        setattr(
            RoundForm,
            f"{where}_bets",
            StringField(_l("Bets"), validators=[Optional(), Length(max=40)]),
        )
        setattr(RoundForm, f"{where}_answer", ChoiceField(lance, values=("quiero", "no_quiero")))
        setattr(RoundForm, where, Slot())
    for name in ("", "_by", "_bets", "_answer"):
        setattr(RoundForm, f"lances_punto{name}", Slot())
    _showdown_fields(RoundForm, players)
    adjust_fields(RoundForm, kept)
    return RoundForm(formdata)


def prefill_lances(form: EntryForm, lances: JSON) -> None:
    for lance, value in lances.items():
        where = "lances_juego" if lance == "punto" else f"lances_{lance}"
        if lance in ("juego", "punto"):
            form.fourth.data = lance
        if not isinstance(value, dict):
            form[f"{where}_by"].data = "paso"
            continue
        form[f"{where}_by"].data = str(value["by"])
        form[f"{where}_bets"].data = " ".join(str(b) for b in value["bets"])
        form[f"{where}_answer"].data = value["answer"]


def posted_lances(form: EntryForm, fourth: str | None) -> JSON:
    """The lances of a corrected hand; the fourth under its name (left out when nobody bet on
    it and its name is not known)."""
    lances: JSON = {}
    for lance in CORRECTED_LANCES:
        where = f"lances_{lance}"
        by = form[f"{where}_by"].data
        name = (fourth or "juego") if lance == "juego" else lance
        if by in TEAMS:
            lances[name] = {
                "by": int(by),
                "bets": _bets(form[f"{where}_bets"].data or ""),
                "answer": form[f"{where}_answer"].data,
            }
        elif lance != "juego" or fourth is not None:
            lances[name] = "paso"
    return lances


def _bets(text: str) -> list[int | str]:
    """``"2 5 ordago"`` → ``[2, 5, "ordago"]``; anything else is left for the engine to refuse."""
    bets: list[int | str] = []
    for token in text.replace(",", " ").replace("+", " ").split():
        word = token.lower().replace("ó", "o")
        bets.append(int(word) if word.lstrip("-").isdigit() and word.isascii() else word)
    return bets
