"""The Mus hand being entered, kept in the game's draft so that every phone sees it.

The draft is the list of facts the table tapped, oldest first; "Back" drops the last one:

* ``{"mano": "Ben"}``: this hand's mano is not the rotation's (mus corrido);
* ``{"lance": "grande", "paso": true}``: everybody passed;
* ``{"lance": "chica", "by": 2, "bet": 2, "answer": "quiero"}``: a bet and its answer; an
  answer ``"raise"`` leaves the lance open, and the next fact of that lance is the raise,
  ``{"lance": "chica", "bet": 5, "answer": "no_quiero"}`` (``bet`` may be ``"ordago"``);
* ``{"said": "pares", "who": ["Anna", "Carla"]}``: who said yes before pares (or juego);
  ``"who": null`` when the table skipped it (the cards will tell);
* ``{"seats": {"Dan": "Eva"}}``: a substitute takes a seat from this hand on (the hand's
  ``seats``; only before anything else of the hand, see :func:`substitutes`).

Folding the facts gives the round's lances as docs/records.md writes them. The fourth lance is
``juego`` or ``punto`` once the table said who has juego; if it skipped that, the fourth lance is
kept as ``"fourth"`` until the cards or the showdown name it.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

from ..base import JSON
from .entry import teams_of

FIRST_LANCES = ("grande", "chica")
FOURTH = "fourth"  # the fourth lance while nobody said whether it is juego or punto
MAX_FACTS = 60  # a hand never needs more; a longer draft is refused


@dataclass(frozen=True)
class OpenBet:
    """A lance whose last bet was answered with a raise: the raise is told next."""

    lance: str
    by: int  # the team that made the first bet
    bets: tuple[int | str, ...]

    @property
    def raiser(self) -> int:
        """The team making the raise that comes next (bets alternate between the teams)."""
        return self.by if len(self.bets) % 2 == 0 else 3 - self.by

    @property
    def answerer(self) -> int:
        return 3 - self.raiser


@dataclass(frozen=True)
class Step:
    """What the table enters next: a lance, a raise, who has pares / juego, or the showdown
    (of every lance, or only of the lance an accepted órdago decided)."""

    kind: str  # "lance", "raise", "said", "showdown"
    lance: str | None = None

    @property
    def engine_lance(self) -> str | None:
        """The lance's name as the engine knows it (an unnamed fourth lance is juego)."""
        return "juego" if self.lance == FOURTH else self.lance


@dataclass(frozen=True)
class HandDraft:
    """The facts of the hand so far, folded."""

    number: int
    facts: tuple[JSON, ...] = ()
    mano: str | None = None  # set when the table changed the mano of this hand
    lances: Mapping[str, Any] = field(default_factory=dict)  # finished lances, in order
    said: Mapping[str, tuple[str, ...] | None] = field(default_factory=dict)
    open: OpenBet | None = None
    seats: Mapping[str, str] | None = None  # a substitute came at this hand

    @property
    def fourth(self) -> str | None:
        """``juego``, ``punto``, ``"fourth"`` (the table skipped saying), or None (not yet)."""
        if "juego" not in self.said:
            return None
        who = self.said["juego"]
        if who is None:
            return FOURTH
        return "juego" if who else "punto"

    def as_draft(self) -> JSON | None:
        return {"hand": self.number, "facts": list(self.facts)} if self.facts else None

    def with_fact(self, fact: JSON, players: Sequence[str]) -> HandDraft:
        facts = self.facts
        if "mano" in fact and facts and "mano" in facts[-1]:
            facts = facts[:-1]  # the mano changed again: one fact is enough
        return fold(self.number, (*facts, fact), players)

    def back(self, players: Sequence[str]) -> HandDraft:
        return fold(self.number, self.facts[:-1], players)

    def engine_hand(self) -> JSON:
        """The hand as far as it goes, for the engine's checks (the unnamed fourth is juego)."""
        lances = {("juego" if k == FOURTH else k): v for k, v in self.lances.items()}
        return {"mano": self.mano, "lances": lances}


def substitutes(draft: Mapping[str, Any] | None, number: int) -> dict[str, str] | None:
    """The substitutes of the stored draft of hand ``number`` (its ``seats`` facts), read
    before the rest of it: the other facts name the seats' holders as they are then."""
    if not draft or draft.get("hand") != number or not isinstance(draft.get("facts"), list):
        return None
    seats: dict[str, str] = {}
    for fact in draft["facts"]:
        if isinstance(fact, Mapping) and isinstance(fact.get("seats"), Mapping):
            seats.update(fact["seats"])
    return seats or None


def from_draft(draft: Mapping[str, Any] | None, number: int, players: Sequence[str]) -> HandDraft:
    """The stored draft, if it belongs to hand ``number`` (else a fresh hand)."""
    if not draft or draft.get("hand") != number or not isinstance(draft.get("facts"), list):
        return HandDraft(number)
    return fold(number, tuple(draft["facts"]), players)


def fold(number: int, facts: tuple[JSON, ...], players: Sequence[str]) -> HandDraft:
    mano: str | None = None
    lances: dict[str, Any] = {}
    said: dict[str, tuple[str, ...] | None] = {}
    open_bet: OpenBet | None = None
    seats: dict[str, str] = {}
    for fact in facts:
        if "seats" in fact:
            seats.update(fact["seats"])
        elif "mano" in fact:
            mano = fact["mano"]
        elif "said" in fact:
            who = fact.get("who")
            said[fact["said"]] = None if who is None else tuple(who)
            _undisputed(fact["said"], said[fact["said"]], lances, players)
        elif fact.get("paso"):
            lances[fact["lance"]] = "paso"
        else:
            name = fact["lance"]
            if open_bet is not None and open_bet.lance == name:
                by, bets = open_bet.by, (*open_bet.bets, fact["bet"])
            else:
                by, bets = fact["by"], (fact["bet"],)
            if fact["answer"] == "raise":
                open_bet = OpenBet(name, by, bets)
            else:
                open_bet = None
                lances[name] = {"by": by, "bets": list(bets), "answer": fact["answer"]}
    return HandDraft(number, facts, mano, lances, said, open_bet, seats or None)


def _undisputed(
    what: str, who: tuple[str, ...] | None, lances: dict[str, Any], players: Sequence[str]
) -> None:
    """Pares or juego held by one team only (or pares by nobody): nobody bets on it."""
    if who is None:
        return
    teams = teams_of(players, who)
    if what == "pares" and len(teams) < 2:
        lances["pares"] = "paso"
    elif what == "juego" and len(teams) == 1:
        lances["juego"] = "paso"


def next_step(hand: HandDraft, ordago_lance: str | None) -> Step:
    """The step the table is at. ``ordago_lance``: an accepted órdago decided the game there."""
    if ordago_lance is not None:
        return Step("showdown", ordago_lance)
    if hand.open is not None:
        return Step("raise", hand.open.lance)
    for name in FIRST_LANCES:
        if name not in hand.lances:
            return Step("lance", name)
    if "pares" not in hand.said:
        return Step("said", "pares")
    if "pares" not in hand.lances:
        return Step("lance", "pares")
    if "juego" not in hand.said:
        return Step("said", "juego")
    fourth = hand.fourth
    if fourth not in hand.lances:
        return Step("lance", fourth)
    return Step("showdown")


def round_of(
    hand: HandDraft,
    *,
    cards: Mapping[str, str] | None = None,
    showdown: JSON | None = None,
    fourth: str | None = None,
) -> JSON:
    """The finished hand as a round of the record. ``fourth`` names an unnamed fourth lance
    (from the cards or the showdown); an unnamed fourth lance that nobody bet on is left out."""
    lances = {}
    for name, value in hand.lances.items():
        if name != FOURTH:
            lances[name] = value
        elif fourth is not None:
            lances[fourth] = value
        elif value != "paso":
            lances["juego"] = value
    raw: JSON = {}
    if hand.seats:
        raw["seats"] = dict(hand.seats)
    if hand.mano is not None:
        raw["mano"] = hand.mano
    raw["lances"] = lances
    if cards is not None:
        raw["cards"] = dict(cards)
    if showdown is not None:
        raw["showdown"] = showdown
    return raw
