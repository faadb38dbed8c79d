"""Boodle's spare hand under the auction rule: the dealer swaps for it, then sells his old hand,
in one deal (docs/records.md, "Boodle": ``{"swap": true, "auction": {...}}``; its chips are the
sale's alone). Undo takes the sale back first; the deal's correction keeps both."""

from __future__ import annotations

import html

from tests.web.helpers import form_fields, post_entry
from tests.web.test_boodle_web import balances, draft_of, entries, go_out, ok, start

SALE = {"widow": "auction", "widow_auction_buyer": "Bo", "widow_auction_price": 3}
BOTH = {"swap": True, "auction": {"buyer": "Bo", "price": 3}}


def swapped_then_sold(client, app):  # type: ignore[no-untyped-def]
    game = start(client, preset="custom", ante="standard", widow="auction")  # Clara deals
    page = client.get(game.path).text
    assert "Clara swaps for the spare hand" in page and "The spare hand is sold" in page
    ok(post_entry(client, game, {"action": "widow", "widow": "swap"}))
    page = html.unescape(client.get(game.path).text)
    assert "Clara's old hand is sold" in page  # the sale is still offered, of his old hand
    ok(post_entry(client, game, {"action": "widow", **SALE}))
    assert draft_of(app) == {"widow": BOTH}
    page = html.unescape(client.get(game.path).text)
    assert "✓ Clara took the spare hand. ✓ Bo bought Clara's old hand for 3." in page
    return game


def test_the_dealer_swaps_then_sells_his_old_hand(client, app) -> None:
    game = swapped_then_sold(client, app)
    go_out(client, game, "Anna", {"Bo": 1, "Clara": 1})
    assert entries(app)[0]["widow"] == BOTH
    assert balances(client.get(game.path).text) == [-2, -8, -6]  # the sale's chips alone


def test_undo_takes_the_sale_back_first(client, app) -> None:
    game = swapped_then_sold(client, app)
    ok(post_entry(client, game, {"action": "pop"}))
    assert draft_of(app) == {"widow": {"swap": True}}
    ok(post_entry(client, game, {"action": "pop"}))
    assert draft_of(app) is None


def test_the_correction_of_the_deal_keeps_the_swap_and_the_sale(client, app) -> None:
    game = swapped_then_sold(client, app)
    go_out(client, game, "Anna", {"Bo": 1, "Clara": 1})
    form = client.get(game.path + "rounds/1").text
    assert '<option value="swap-auction" selected>' in form
    fields = form_fields(form, "/rounds/1")
    assert client.post(game.path + "rounds/1", data=fields).status_code == 422  # as it was
    fields["cards_left_1"] = "2"  # Bo held two cards, not one
    ok(client.post(game.path + "rounds/1", data=fields))
    assert entries(app)[0]["widow"] == BOTH
