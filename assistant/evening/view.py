"""What the evening's page shows, in the reader's language: each game's result and money, the
players' standings and the settle-up with its sentences, and the text to send to the table."""

from __future__ import annotations

from dataclasses import dataclass
from fractions import Fraction

from ..games.base import partners
from ..games.evening import Outcome, Score
from ..games.evening_money import Source, Transfer, sources_of
from ..games.pay import CASH
from ..games.tonight import Evening, GameResult, GameSeen, StakeValue, StoredPayment
from ..i18n import gettext, ngettext, say
from ..play.charts import LineChart, running_money
from ..play.money import money, number, rounding_text, signed_money, signed_number, with_numbers
from ..play.page import money_line
from ..play.pay import PayLine, pay_line, pay_message
from ..play.titles import table_title

MONEY_PARAMS = ("value", "lost", "won")  # the settle engine's amounts, in money


@dataclass(frozen=True)
class GameLine:
    """One game on the evening's page."""

    result: GameResult
    state: str  # "finished", "ended" (by the table, as it stood) or "playing"
    headline: str  # "Winner: Bo" / "Leads: Bo" / ""
    scores: str  # "Bo 38 · Anna 27 · ..."
    remarks: tuple[str, ...]
    stake: str | None  # "0.10 per point of difference, between every pair"
    money: str | None  # "Bo +5.50 · Anna +1.10 · ..."

    @property
    def game(self) -> GameSeen:
        return self.result.game


@dataclass(frozen=True)
class PaymentLine:
    payer: str
    payee: str
    amount: str
    why: str  # the settle engine's sentence
    sources: tuple[str, ...]  # which games it comes from, one a line
    paid: StoredPayment | None = None  # the stored payment (an ended evening)
    pay: PayLine | None = None  # what paying it offers, by how the payee is paid (not once paid)

    @property
    def is_paid(self) -> bool:
        return self.paid is not None and self.paid.paid is not None

    @property
    def sentence(self) -> str:
        """ "Cia pays Anna 8.70 kr": the payment in one line, as it is sent."""
        return gettext(
            "%(payer)s pays %(payee)s %(amount)s",
            payer=self.payer,
            payee=self.payee,
            amount=self.amount,
        )


@dataclass(frozen=True)
class EveningView:
    evening: Evening
    title: str
    games: tuple[GameLine, ...]
    balances: tuple[tuple[str, str], ...]  # name, signed money
    payments: tuple[PaymentLine, ...]
    text: str  # the settle-up to send
    rounding: str  # where rounding to the table's coin put the cents, or ""
    coin: str  # the coin the payments are rounded to: "1.00 kr"

    @property
    def currency(self) -> str:
        return evening_unit(self.evening)

    @property
    def chart(self) -> LineChart | None:
        """Each player's money over the evening's games (None while no game has a stake)."""
        results = self.evening.games
        return running_money(self.evening.table.players, [result.money for result in results])


def scores_text(outcome: Outcome) -> str:
    def one(score: Score) -> str:
        value = signed_number(score.score) if outcome.signed else number(score.score)
        return f"{team_text(score.who)} {value}"

    return " · ".join(one(score) for score in outcome.scores) + f" {gettext(outcome.unit)}"


def stake_text(stake: StakeValue | None, currency: str) -> str | None:
    if stake is None:
        return None
    return f"{money(stake.amount, currency)} {gettext(stake.basis.per)}"


def who_text(outcome: Outcome, names: tuple[str, ...]) -> tuple[str, int]:
    """The winners (or leaders) as the result groups them: "Bo & Dan" is one team."""
    groups = [score.who for score in outcome.scores if names and set(score.who) <= set(names)]
    return ", ".join(team_text(group) for group in groups), len(groups)


def team_text(who: tuple[str, ...]) -> str:
    """A player's name, or two partners as the Mus pages say them ("Ane y Miren")."""
    return say(partners(*who)) if len(who) == 2 else ", ".join(who)


def own_unit(game: GameSeen) -> str:
    """The unit a game's own money is counted in (a Boodle game's "kr"), or ""."""
    return str(game.settings.get("currency") or "")


def evening_unit(evening: Evening) -> str:
    """The evening's currency; until the table chooses one, the unit its games with money
    count in where they agree on one (a Boodle game's "kr"): its money is not made bare."""
    if evening.table.currency:
        return evening.table.currency
    units = {own_unit(r.game) for r in evening.games if r.stake is not None} - {""}
    return units.pop() if len(units) == 1 else ""


def game_line(result: GameResult, currency: str) -> GameLine:
    outcome = result.outcome
    names, count = who_text(outcome, outcome.winners if outcome.finished else outcome.leaders)
    if outcome.finished and names:
        headline = ngettext("Winner: %(names)s", "Shared win: %(names)s", count, names=names)
    elif names:
        headline = gettext("Leads: %(names)s", names=names)
    else:
        headline = ""
    state = "playing" if result.game.finished is None else ("ended" if result.open else "finished")
    won = money_line(result.money, currency) if result.stake is not None else None
    return GameLine(
        result,
        state,
        headline,
        scores_text(outcome) if outcome.scores else "",
        tuple(say(with_numbers(remark)) for remark in outcome.remarks),
        stake_text(result.stake, currency),
        won,
    )


def source_text(source: Source, payer: str, payee: str, currency: str) -> str:
    def part(name: str, value: Fraction, units: Fraction | None) -> str:
        text = f"{name} {signed_money(value, currency)}"
        if units is not None:
            chips = signed_number(units)
            text += (
                " ("
                + ngettext(
                    "%(chips)s chip", "%(chips)s chips", 1 if abs(units) == 1 else 2, chips=chips
                )
                + ")"
            )
        return text

    parts = ", ".join(
        part(name, value, units)
        for name, value, units in (
            (payer, source.payer, source.payer_units),
            (payee, source.payee, source.payee_units),
        )
        if value
    )
    said = gettext(
        "%(number)s. %(game)s: %(parts)s", number=source.number, game=source.title, parts=parts
    )
    if source.open:
        said += " " + gettext("(as it stood)")
    return said


def payment_line(
    transfer: Transfer, evening: Evening, currency: str, stored: StoredPayment | None = None
) -> PaymentLine:
    params = {
        key: money(Fraction(value), currency) if key in MONEY_PARAMS else value
        for key, value in transfer.explanation.params.items()
    }
    why = gettext(transfer.explanation.template).format(**params) if params else ""
    sources = sources_of(evening.settlement.games, transfer.payer, transfer.payee)
    return PaymentLine(
        transfer.payer,
        transfer.payee,
        money(transfer.cents, currency, cents=True),
        why,
        tuple(source_text(s, transfer.payer, transfer.payee, currency) for s in sources),
        stored,
        offered(transfer, evening, currency, stored),
    )


def offered(
    transfer: Transfer, evening: Evening, currency: str, stored: StoredPayment | None
) -> PayLine | None:
    """What paying ``transfer`` offers by how its payee is paid; nothing once it is paid."""
    if stored is not None and stored.paid is not None:
        return None
    method = evening.table.pay.get(transfer.payee, CASH)
    return pay_line(method, transfer.cents, currency, evening_message(evening))


def evening_message(evening: Evening) -> str:
    """What a payment of the evening says: its name, else its games, and its day ("Plump 7/12")."""
    table = evening.table
    name = table.name or ", ".join(dict.fromkeys(result.spec.title for result in evening.games))
    return pay_message(name, table.created)


def payment_lines(evening: Evening) -> tuple[PaymentLine, ...]:
    """The settle-up: an ended evening's stored payments (paid ones too), else as it stands
    after the payments already paid (listed too, as paid)."""
    currency = evening_unit(evening)
    computed = {(t.payer, t.payee): t for t in evening.settlement.payments}
    if evening.table.ended is None:
        owed = [payment_line(t, evening, currency) for t in evening.settlement.payments]
        paid = [
            payment_line(Transfer(p.payer, p.payee, p.cents), evening, currency, p)
            for p in evening.table.payments
            if p.paid is not None
        ]
        return (*owed, *paid)
    lines = []
    for stored in evening.table.payments:
        transfer = computed.get((stored.payer, stored.payee))
        if transfer is None or stored.paid is not None:
            transfer = Transfer(stored.payer, stored.payee, stored.cents)
        lines.append(payment_line(transfer, evening, currency, stored))
    return tuple(lines)


def share_text(title: str, payments: tuple[PaymentLine, ...]) -> str:
    """The settle-up to send: a line a payment (the reasons stay on the page, a tap away)."""
    return "\n".join([gettext("%(title)s: settle-up", title=title), *payment_sentences(payments)])


def payment_sentences(payments: tuple[PaymentLine, ...]) -> list[str]:
    if not payments:
        return [gettext("Nobody owes anybody anything.")]
    paid = " " + gettext("(paid)")
    return [line.sentence + (paid if line.is_paid else "") for line in payments]


def evening_view(evening: Evening) -> EveningView:
    table = evening.table
    title = table_title(table)
    unit = evening_unit(evening)
    payments = payment_lines(evening)
    balances = tuple((s.name, signed_money(s.cents, unit, cents=True)) for s in evening.standings)
    return EveningView(
        evening,
        title,
        tuple(
            game_line(result, table.currency or own_unit(result.game)) for result in evening.games
        ),
        balances,
        payments,
        share_text(title, payments),
        rounding_text(evening.settlement, unit),
        money(table.coin, unit, cents=True),
    )
