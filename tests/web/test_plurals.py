"""A count of one reads as one: "1 chip", never "1 chips"."""

from __future__ import annotations

from fractions import Fraction
from types import SimpleNamespace

from assistant.evening.view import source_text
from assistant.games.evening_money import Source
from assistant.games.settle import settle
from assistant.i18n import say
from assistant.play.boodle.settle import share_text


def test_one_chip_of_a_payment_is_one_chip(app) -> None:
    source = Source(2, "Boodle", Fraction(-1, 10), Fraction(1, 10), Fraction(-1), Fraction(1))
    with app.test_request_context("/?lang=en"):
        text = source_text(source, "Anna", "Bo", "")
    assert "(−1 chip)" in text and "(+1 chip)" in text and "chips" not in text


def test_one_chip_left_on_the_layout_is_one_chip(app) -> None:
    replay = SimpleNamespace(players=("Anna", "Bo", "Cia"), deals=(1, 2))
    with app.test_request_context("/?lang=en"):
        text = share_text(replay, (), 1, "1/3", "")  # type: ignore[arg-type]
    assert "1 chip still on the layout is shared: 1/3 each." in text


def test_a_payment_of_one_chip_is_explained_as_one_chip_in_every_language(app) -> None:
    (payment,) = settle({"Anna": 1, "Bo": -1}).payments
    said = {
        "en": "Bo lost 1 chip and Anna won it.",
        "sv": "Bo förlorade 1 mark och Anna vann den.",
        "de": "Bo hat 1 Chip verloren und Anna hat ihn gewonnen.",
        "es": "Bo perdió 1 ficha y Anna la ganó.",
    }
    for language, sentence in said.items():
        with app.test_request_context(f"/?lang={language}"):
            assert say(payment.explanation) == sentence, language


def test_one_deal_of_boodle_is_one_deal_in_the_text_to_send(app) -> None:
    replay = SimpleNamespace(players=("Anna", "Bo", "Cia"), deals=(1,))
    with app.test_request_context("/?lang=en"):
        text = share_text(replay, (), 0, "0", "")  # type: ignore[arg-type]
    assert text.splitlines()[0] == "Boodle: Anna, Bo, Cia, 1 deal"
