"""A refused form gives back what was typed, in every kind of input the shared macros of
``templates/macros.html`` draw with the ``input_value`` filter: the hidden fields of an entry,
a stepper's number, and an option's keys, list and text box. What the page holds after the
refusal is what the browser would post again, so the tests read it with ``form_fields``."""

from __future__ import annotations

from flask import Flask
from flask_wtf import FlaskForm
from werkzeug.datastructures import MultiDict
from wtforms import HiddenField, IntegerField

from assistant.play.fields import PadField, input_value
from assistant.play.options import options_form
from tests.web.helpers import PLAYERS, form_fields, post_entry, seat_fields, start_game, version_of


def setup(kind: str, **fields: str) -> dict[str, str]:
    data = {"step": "options", "game": kind, "first": PLAYERS[0]}
    data |= {f"players-{i}": name for i, name in enumerate(PLAYERS)}
    return data | {f"{kind}-{name}": value for name, value in fields.items()}


def refused_setup(client, kind: str, **fields: str) -> dict[str, object]:
    response = client.post("/new", data=setup(kind, **fields))
    assert response.status_code == 422
    return form_fields(response.text, "/new")


def refused_entry(client, game, fields: dict, **kw) -> dict[str, object]:
    response = post_entry(client, game, fields, **kw)
    assert response.status_code == 422, response.text
    return form_fields(response.text, "enter")


# --- entry_hidden: the version, key and step an entry was made for --------------------------


def test_a_refused_entry_keeps_its_version_key_and_step(client) -> None:
    """The same key goes back, so the mended entry is still the one tap that was refused."""
    game = start_game(client)
    version = version_of(client, game)
    step = form_fields(client.get(game.path).text, "enter")["step"]
    forbidden = seat_fields("bids", {"Bo": 3, "Cia": 2, "Dan": 1, "Anna": 4})  # the dealer's 4
    posted = refused_entry(
        client, game, {**forbidden, "step": step}, version=version, key="typed-key-1234"
    )
    assert posted["version"] == str(version)
    assert posted["key"] == "typed-key-1234"
    assert posted["step"] == step


# --- stepper: a count typed in a number box -------------------------------------------------


def test_a_price_that_is_not_a_number_is_kept_in_its_stepper(client) -> None:
    game = start_game(
        client,
        game="boodle",
        players=["Anna", "Bo", "Clara"],
        first="Clara",
        preset="custom",
        ante="standard",
        widow="auction",
    )
    sale = {"action": "widow", "widow": "auction", "widow_auction_buyer": "Bo"}
    response = post_entry(client, game, {**sale, "widow_auction_price": "abc"})
    assert response.status_code == 422, response.text
    # The sale's own form (the swap's, which also posts to enter, comes before it).
    page = response.text
    sale_form = page[page.rindex("<form", 0, page.index('name="widow_auction_price"')) :]
    assert form_fields(sale_form, "enter")["widow_auction_price"] == "abc"


def test_a_pile_count_that_is_not_a_number_is_kept_in_its_stepper(client) -> None:
    game = start_game(client, game="mulle", players=["Anna", "Bo"], first="Anna")
    for to in range(2, 7):
        assert post_entry(client, game, {"action": "round", "to": to}).status_code == 303
    counts = {"spades": 14, "aces": 3, "spade_aces": 1, "spade_twos": 1, "diamond_tens": 1}
    fields = {"action": "piles", **{f"piles_0_{k}": v for k, v in counts.items()}}
    posted = refused_entry(client, game, {**fields, "piles_0_tabbar": "tre"})
    assert posted["piles_0_tabbar"] == "tre"
    assert posted["piles_0_spades"] == "14"


# --- option_field: keys, a list and a text box ----------------------------------------------


def test_the_options_keys_chosen_are_kept(client) -> None:
    posted = refused_setup(client, "boodle", preset="custom", ante="free", widow="swap")
    assert posted["boodle-ante"] == "free" and posted["boodle-widow"] == "swap"


def test_the_options_list_entry_chosen_is_kept(client) -> None:
    posted = refused_setup(client, "plump", preset="custom", start_cards="17")
    assert posted["plump-start_cards"] == "17"


def test_the_options_text_boxes_are_kept_as_typed(client) -> None:
    posted = refused_setup(client, "boodle", preset="standard", chip_value="lots", currency="kr")
    assert posted["boodle-chip_value"] == "lots" and posted["boodle-currency"] == "kr"


def test_good_money_is_kept_as_typed_while_another_option_is_refused(client) -> None:
    posted = refused_setup(
        client, "boodle", preset="custom", ante="free", chip_value="0,5", currency="kr"
    )
    assert posted["boodle-chip_value"] == "0,5"  # not 0.5 nor 0,50


# --- the filter itself ----------------------------------------------------------------------


class Posted(FlaskForm):
    class Meta:
        csrf = False

    version = IntegerField()
    step = HiddenField()
    count = PadField(required=False)


def test_each_kind_of_field_shows_what_was_posted(app: Flask) -> None:
    with app.test_request_context():
        form = Posted(MultiDict({"version": "7x", "step": "bids-3", "count": "abc"}))
        assert not form.validate()
        assert [input_value(f) for f in (form.version, form.step, form.count)] == [
            "7x",
            "bids-3",
            "abc",
        ]


def test_a_text_field_the_app_sets_anew_shows_the_new_value(app: Flask) -> None:
    with app.test_request_context():
        form = Posted(MultiDict({"step": "bids-3"}))
        form.step.data = "tricks-3"
        assert input_value(form.step) == "tricks-3"


def test_nothing_posted_shows_the_value_as_the_field_formats_it(app: Flask) -> None:
    with app.test_request_context(headers={"Accept-Language": "sv"}):
        form = Posted(MultiDict())
        form.count.data = 4
        assert (input_value(form.version), input_value(form.count)) == ("", "4")
        options = options_form("boodle", ["Anna", "Bo", "Clara"])
        options["chip_value"].data = 0.5
        assert input_value(options["chip_value"]) == "0,50"  # the reader's decimal sign
