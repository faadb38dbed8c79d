"""What Boodle's pages show, derived from the engine's replay and the deal being played: the
layout's four cards with their chips (and the poker pot of Three in One, see ``poker``), the
balances, the history, the chart and the settle-up."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from decimal import Decimal
from fractions import Fraction
from typing import Any

from flask_babel import format_decimal

from ...games import boodle
from ...games.base import JSON, Message, RuleError
from ...games.boodle.deal import DealResult
from ...games.boodle.live import STAGE, LiveDeal
from ...games.boodle.rules import BoodleCard, max_hand
from ...games.settle import exact, round_half_up
from ...i18n import gettext, ngettext, say
from ..base import row_of_deal
from ..charts import LineChart, line_chart
from ..money import in_unit, number
from .poker import PokerPanel, PokerSeat, PotTile, poker_panel, step_texts


@dataclass(frozen=True)
class Pile:
    """One boodle card: the chips on it now, those carried over into this deal, and who played
    it in this deal (``taken`` chips; 0 when he was barred and they stayed)."""

    code: str
    rank: str
    suit: str
    chips: int
    carried: int
    played_by: str | None = None
    taken: int = 0


@dataclass(frozen=True)
class Standing:
    name: str
    balance: int  # after the finished deals
    now: int  # gained so far in the deal being played, antes included
    dealer: bool
    barred: bool


@dataclass(frozen=True)
class DealRow:
    deal: int
    dealer: str
    winner: str
    chips: tuple[int, ...]  # per player, in seating order
    balances: tuple[int, ...]
    on_layout: int  # chips left on the layout after the deal
    result: DealResult
    pot: int  # chips left in the poker pot after the deal (Three in One)

    @property
    def steps(self) -> tuple[str, ...]:
        """What happened, in words: said only for the rows a page shows (a long evening has
        thousands of steps, and the page folds all but its last deals)."""
        return step_texts(self.result.steps, self.result.poker)


@dataclass(frozen=True)
class PaymentLine:
    payer: str
    payee: str
    chips: str
    money: str | None
    why: str  # the payment explained, its numbers written as the reader's language does
    count: int  # for "1 chip" / "2 chips" (2 for any fraction)


@dataclass(frozen=True)
class SettleView:
    payments: tuple[PaymentLine, ...]
    leftover: int  # chips still on the layout, shared equally first
    share: str
    nets: tuple[tuple[str, str | None, str | None], ...]  # name, chips, money (signed)
    text: str  # the whole settle-up as plain text, to share
    chip_value: str | None  # money per chip, "0.50"


@dataclass(frozen=True)
class BoodleView:
    replay: boodle.BoodleReplay
    draft: JSON
    live: LiveDeal | None
    stage: str  # "stakes" (free stakes to place), "poker" (Three in One's poker stage), "play"
    problem: str | None  # the draft could not be read (should not happen)
    piles: tuple[Pile, ...]
    pot: PotTile | None  # the poker pot (None without Three in One)
    poker: PokerPanel | None  # the poker stage of the deal being played
    standings: tuple[Standing, ...]
    log: tuple[str, ...]  # the deal being played so far, in words
    rows: tuple[DealRow, ...]
    chart: LineChart | None
    settle: SettleView
    on_layout: int
    most_cards: int

    @property
    def can_remove(self) -> bool:
        return any(self.draft.get(part) for part in ("events", STAGE, "widow", "stakes"))

    @property
    def seats(self) -> tuple[PokerSeat, ...]:
        """Every player and his seat, for the cards of a poker stage being corrected."""
        return tuple(PokerSeat(name, seat, "in") for seat, name in enumerate(self.replay.players))

    @property
    def widow_entered(self) -> str | None:
        widow = self.draft.get("widow") or {}
        return "swap" if widow.get("swap") else ("auction" if widow.get("auction") else None)


def build_view(
    replay: boodle.BoodleReplay, draft: Mapping[str, Any] | None, currency: str = ""
) -> BoodleView:
    draft = dict(draft or {})
    stage = "play"
    if replay.options.free is not None and "stakes" not in draft:
        stage = "stakes"
    live, problem = None, None
    if stage == "play":
        try:
            live = boodle.live_deal(replay, draft)
        except RuleError as error:
            problem = say(error)
    if live is not None and live.stage is not None and not live.stage.done:
        stage = "poker"
    ante = replay.options.pot_ante
    return BoodleView(
        replay=replay,
        draft=draft,
        live=live,
        stage=stage,
        problem=problem,
        piles=piles(replay, live),
        pot=None if ante is None else PotTile(live.pot if live else replay.pot, replay.pot),
        poker=None if live is None or ante is None else poker_panel(live, replay.players, ante),
        standings=standings(replay, live),
        log=step_texts(live.steps, live.poker) if live else (),
        rows=deal_rows(replay),
        chart=chart(replay),
        settle=settle_view(replay, currency),
        on_layout=sum((live.layout if live else replay.layout).values()),
        most_cards=max_hand(len(replay.players)),
    )


def piles(replay: boodle.BoodleReplay, live: LiveDeal | None) -> tuple[Pile, ...]:
    out = []
    for card in BoodleCard:
        rank, suit = card.value[:-1], card.value[-1]
        carried = replay.layout[card]
        if live is None:
            out.append(Pile(card.value, rank, suit, carried, carried))
            continue
        by = live.played.get(card)
        # only a boodle card taken lowers its pile; a barred player's play leaves it
        taken = next((-step.layout[card] for step in live.steps if step.layout[card] < 0), 0)
        out.append(Pile(card.value, rank, suit, live.layout[card], carried, by, taken))
    return tuple(out)


def standings(replay: boodle.BoodleReplay, live: LiveDeal | None) -> tuple[Standing, ...]:
    dealer = replay.next.dealer
    return tuple(
        Standing(
            name,
            replay.totals[name],
            live.chips[name] if live else 0,
            name == dealer,
            bool(live and name in live.barred),
        )
        for name in replay.players
    )


def deal_rows(replay: boodle.BoodleReplay) -> tuple[DealRow, ...]:
    return tuple(row_of_deal(deal_row, deal, replay.players) for deal in replay.deals)


def deal_row(deal: DealResult, players: tuple[str, ...]) -> DealRow:
    return DealRow(
        deal.deal,
        deal.dealer,
        deal.winner,
        tuple(deal.chips[p] for p in players),
        tuple(deal.balances[p] for p in players),
        sum(deal.layout_after.values()),
        deal,
        deal.pot_after,
    )


def chart(replay: boodle.BoodleReplay) -> LineChart | None:
    if not replay.deals:
        return None
    series = {p: [0, *[d.balances[p] for d in replay.deals]] for p in replay.players}
    return line_chart(series, [str(d.deal) for d in replay.deals])


def chips_text(value: Fraction | int) -> str:
    """8 → "8"; 7/3 → "2.33" (in the reader's locale)."""
    value = Fraction(value)
    if value.denominator == 1:
        return format_decimal(int(value), format="#,##0")
    return format_decimal(cents(value), format="#,##0.00")


def money_text(chips: Fraction, value: Fraction | None, currency: str = "") -> str | None:
    """The money for ``chips`` at ``value`` a chip, to the cent: "6.50 kr" (None: chips only)."""
    if value is None:
        return None
    return in_unit(cents(chips * value), currency)


def cents(value: Fraction) -> Decimal:
    """``value`` rounded half up to 0.01, as an exact Decimal."""
    rounded = round_half_up(value, 2)
    return Decimal(rounded.numerator) / Decimal(rounded.denominator)


def settle_view(replay: boodle.BoodleReplay, currency: str = "") -> SettleView:
    money = replay.options.chip_money
    settlement = replay.settlement
    leftover = sum(replay.layout.values()) + replay.pot
    lines = tuple(
        PaymentLine(
            p.payer,
            p.payee,
            chips_text(p.value),
            money_text(p.value, money, currency),
            explained(p.explanation),
            1 if p.value == 1 else 2,
        )
        for p in settlement.payments
    )
    nets = tuple(
        (
            name,
            signed(value, chips_text(abs(value))),
            signed(value, money_text(abs(value), money, currency)),
        )
        for name, value in settlement.balances.items()
    )
    share = chips_text(Fraction(leftover, len(replay.players)))
    text = share_text(replay, lines, leftover, share)
    value = (
        None
        if money is None
        else in_unit(Decimal(str(replay.options.chip_value)), currency, exact=True)
    )
    return SettleView(lines, leftover, share, nets, text, value)


CHIP_PARAMS = ("value", "lost", "won")  # the numbers of chips in a payment's explanation


def explained(explanation: Message) -> str:
    """A payment's explanation said in the reader's language, its chips written as the payment's
    own heading writes them ("1,80" in Swedish, not the engine's 1.8)."""
    params = {
        key: chips_text(exact(value)) if key in CHIP_PARAMS else value
        for key, value in explanation.params.items()
    }
    return say(Message(explanation.template, params))


def signed(value: Fraction, text: str | None) -> str | None:
    """``text`` (of ``abs(value)``) with a plus for a gain and a true minus for a loss."""
    if text is None or value == 0:
        return text
    return ("+" if value > 0 else "\u2212") + text


def share_text(
    replay: boodle.BoodleReplay, lines: tuple[PaymentLine, ...], leftover: int, share: str
) -> str:
    """The settle-up as plain text for a message to the table."""
    out = [
        gettext(
            "Boodle: %(names)s, %(n)s deals", names=", ".join(replay.players), n=len(replay.deals)
        )
    ]
    if leftover:
        out.append(
            gettext(
                "%(chips)s chips still on the layout are shared: %(share)s each.",
                chips=number(leftover),
                share=share,
            )
        )
    if not lines:
        out.append(gettext("Nobody owes anybody anything."))
    for line in lines:
        amount = ngettext("%(chips)s chip", "%(chips)s chips", line.count, chips=line.chips)
        if line.money is not None:
            amount = gettext("%(chips)s = %(money)s", chips=amount, money=line.money)
        out.append(
            gettext(
                "%(payer)s pays %(payee)s %(amount)s",
                payer=line.payer,
                payee=line.payee,
                amount=amount,
            )
        )
        out.append("  " + line.why)
    return "\n".join(out)
