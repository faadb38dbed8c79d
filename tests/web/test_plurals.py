"""A count of one reads as one: "1 chip", never "1 chips"."""

from __future__ import annotations

from fractions import Fraction
from types import SimpleNamespace

from assistant.evening.view import source_text
from assistant.games.evening_money import Source
from assistant.play.boodle.settle import share_text


def test_one_chip_of_a_payment_is_one_chip(app) -> None:
    source = Source(2, "Boodle", Fraction(-1, 10), Fraction(1, 10), Fraction(-1), Fraction(1))
    with app.test_request_context("/?lang=en"):
        text = source_text(source, "Anna", "Bo", "")
    assert "(−1 chip)" in text and "(+1 chip)" in text and "chips" not in text


def test_one_chip_left_on_the_layout_is_one_chip(app) -> None:
    replay = SimpleNamespace(players=("Anna", "Bo", "Cia"), deals=(1, 2))
    with app.test_request_context("/?lang=en"):
        text = share_text(replay, (), 1, "1/3")  # type: ignore[arg-type]
    assert "1 chip still on the layout is shared: 1/3 each." in text
