"""The organiser's pages of a club night through the real forms: making a night, drawing a
round, starting its tables, a result for a table that did not report, who comes and goes, the
ranking and the hall screen; every bad input a 422 beside its field, the input kept and nothing
stored."""

from __future__ import annotations

import html
import io
import json
import re
from typing import Any

import pytest
from flask import Flask
from flask.testing import FlaskClient

from assistant.extensions import db
from assistant.store.models import Night, Table
from tests.games import night_examples as ex

PLUMP_FORM = {
    "night-name": "Club",
    "night-game": "plump",
    "night-format": "rounds",
    "night-draw": "random",
    "night-rounds": "3",
    "night-final": "4",
    "night-minutes": "40",
    "night-losses": "2",
    "night-entrants": "\n".join(ex.PLUMP_PLAYERS),
}


def make_night(client: FlaskClient, **changes: str) -> str:
    """A new night from the form (PLUMP_FORM with ``changes``): its page's address."""
    response = client.post("/nights", data={**PLUMP_FORM, **changes})
    assert response.status_code == 303, response.text
    return response.headers["Location"]


def nights(app: Flask) -> list[Night]:
    with app.app_context():
        return list(db.session.execute(db.select(Night)).scalars())


def test_home_and_a_circle_offer_a_new_club_night(client: FlaskClient) -> None:
    assert 'href="/nights/new"' in client.get("/").text
    page = client.get("/nights/new?circle=abc")
    assert page.status_code == 200 and 'value="abc"' in page.text


def test_a_plump_night_is_made_drawn_and_its_tables_started(
    app: Flask, client: FlaskClient
) -> None:
    url = make_night(client)
    page = client.get(url).text
    assert all(name in page for name in ex.PLUMP_PLAYERS) and "Draw round 1" in page
    assert client.post(url + "draw").status_code == 303
    page = client.get(url).text
    # every table of the round started at the draw: its link and its QR code at once
    assert "Start table" not in page and page.count("Open the table") == 3
    assert "Draw round 2" not in page and "Close the round now" in page
    with app.app_context():
        tables = db.session.execute(db.select(Table).order_by(Table.night_table)).scalars().all()
        assert [(t.night_round, t.night_table, len(t.players)) for t in tables] == [
            (1, 1, 4), (1, 2, 4), (1, 3, 5),
        ]  # fmt: skip
        game = tables[1].games[0]
        assert f'href="/t/{tables[1].token}/g/{game.id}/"' in page
    assert url + "r/1/t/2/qr.svg" in page
    qr = client.get(url + "r/1/t/2/qr.svg")
    assert qr.status_code == 200 and qr.mimetype == "image/svg+xml"
    assert client.post(url + "r/1/t/2/start").status_code == 303  # started again: the same
    with app.app_context():
        assert len(db.session.execute(db.select(Table)).all()) == 3
    assert client.post(url + "r/2/t/1/start").status_code == 404


def test_the_next_round_waits_for_every_result(client: FlaskClient) -> None:
    url = make_night(client)
    client.post(url + "draw")
    refused = client.post(url + "draw")
    assert refused.status_code == 422 and "table 1 has no result yet" in refused.text


def seats_of(client: FlaskClient, url: str, table: int, number: int = 1) -> list[str]:
    """The names at table ``table`` of round ``number``, as its result form labels them."""
    page = client.get(f"{url}r/{number}/t/{table}/").text
    return [
        html.unescape(n) for n in re.findall(r'<label for="result-totals-[^"]+">([^<]+)<', page)
    ]


def test_the_organiser_enters_a_result_marked_as_his(client: FlaskClient) -> None:
    url = make_night(client)
    client.post(url + "draw")
    seats = seats_of(client, url, 1)
    totals = {f"result-totals-{n}": str(40 - 10 * n) for n in range(len(seats))}
    assert client.post(url + "r/1/t/1/result", data=totals).status_code == 303
    page = client.get(url).text
    assert "Entered by the organiser" in page
    ranking = page[page.index('id="ranking"') :]
    assert ranking.index(seats[0]) < ranking.index(seats[-1])  # 4 points before 1


@pytest.mark.parametrize(
    ("totals", "message"),
    [
        (
            {
                "result-totals-0": "40",
                "result-totals-1": "x",
                "result-totals-2": "3",
                "result-totals-3": "1",
            },
            "Not a valid integer value",
        ),
        ({"result-totals-0": "40"}, "a total for each entrant who sat there"),
    ],
)
def test_a_result_that_does_not_fit_is_refused_beside_its_field(
    app: Flask, client: FlaskClient, totals: dict[str, str], message: str
) -> None:
    url = make_night(client)
    client.post(url + "draw")
    refused = client.post(url + "r/1/t/1/result", data=totals)
    assert refused.status_code == 422 and message in refused.text
    assert 'value="40"' in refused.text  # the input kept
    assert nights(app)[0].results == []


@pytest.mark.parametrize(
    ("changes", "message"),
    [
        ({"night-entrants": ""}, "Write who came, one a line."),
        ({"night-entrants": "Anna\nBo\nAnna\nDan"}, "Anna is entered twice"),
        ({"night-entrants": "Anna\nBo\nCia\n" + "D" * 41}, "is longer than 40 characters"),
        ({"night-game": "mus"}, "Mus has no night of this format"),
        ({"night-rounds": "0"}, "Number must be between 1 and 30."),
        ({"night-final": "9"}, "a final table of 9 is not a table of this game"),
        ({"night-entrants": "Anna\nBo"}, "too few players for a table: 2"),
    ],
)
def test_a_night_that_does_not_fit_is_refused_beside_its_field(
    app: Flask, client: FlaskClient, changes: dict[str, str], message: str
) -> None:
    refused = client.post("/nights", data={**PLUMP_FORM, **changes})
    assert refused.status_code == 422, refused.text
    assert message in html.unescape(refused.text)
    assert 'value="Club"' in refused.text  # the input kept
    assert nights(app) == []


def test_a_mus_night_takes_pairs(client: FlaskClient) -> None:
    pairs = "\n".join(" & ".join(p) for p in ex.MUS_PAIRS.values())
    url = make_night(
        client,
        **{
            "night-game": "mus",
            "night-format": "elimination",
            "night-final": "0",
            "night-entrants": pairs,
        },
    )
    client.post(url + "draw")
    page = html.unescape(client.get(url).text)
    assert page.count("Group A") >= 4 and "Ane & Bea" in page


def test_late_arrivals_and_withdrawals_between_rounds(app: Flask, client: FlaskClient) -> None:
    url = make_night(client)
    added = client.post(url + "roster", data={"roster-names": "Ola", "roster-move": "arrive"})
    assert added.status_code == 303
    refused = client.post(url + "roster", data={"roster-names": "Ola", "roster-move": "arrive"})
    assert refused.status_code == 422 and "Ola is already in the night" in refused.text
    assert 'value="Ola"' in refused.text
    gone = client.post(url + "roster", data={"roster-names": "Bo", "roster-move": "withdraw"})
    assert gone.status_code == 303
    roster = nights(app)[0].roster
    assert roster["arrivals"] == [{"names": ["Ola"], "round": 1}]
    assert roster["withdrawals"] == [{"names": ["Bo"], "round": 1}]


def test_the_hall_screen_shows_the_round_and_polls_itself(app: Flask, client: FlaskClient) -> None:
    url = make_night(client)
    client.post(url + "draw")
    hall = f"/hall/{nights(app)[0].view_token}/"
    page = client.get(hall).text
    assert page.count('<article class="hall-table') == 3 and page.count("Not started") == 3
    assert 'data-minutes="40"' in page and 'hx-trigger="live, every 1s"' in page
    fragment = client.get(hall, headers={"HX-Request": "true"}).text
    assert fragment.lstrip().startswith('<div id="hall"') and "<html" not in fragment
    assert client.get("/hall/nothing-at-all-here/").status_code == 404


def import_night(client: FlaskClient, text: str):  # type: ignore[no-untyped-def]
    upload = {"file-night": (io.BytesIO(text.encode()), "night.json")}
    return client.post("/nights/import", data=upload, content_type="multipart/form-data")


def test_a_night_exports_as_one_file_and_imports_again(app: Flask, client: FlaskClient) -> None:
    url = make_night(client)
    client.post(url + "draw")
    seats = seats_of(client, url, 2)
    client.post(
        url + "r/1/t/2/result", data={f"result-totals-{n}": str(n) for n in range(len(seats))}
    )
    exported = client.get(url + "export")
    assert exported.headers["Content-Disposition"].startswith('attachment; filename="night-')
    data = exported.get_json()
    assert data["format"] == "table-assistant/night-1" and len(data["tables"]) == 3
    imported = import_night(client, exported.text)
    assert imported.status_code == 303, imported.text
    again = imported.headers["Location"]
    assert again != url
    with app.app_context():
        first, second = db.session.execute(db.select(Night).order_by(Night.id)).scalars()
        assert (second.rules, second.seed, second.roster, second.rounds, second.results) == (
            first.rules,
            first.seed,
            first.roster,
            first.rounds,
            first.results,
        )
        table = second.tables[0]
        assert (table.night_round, table.night_table) == (1, 1)
        assert table.token != first.tables[0].token and table.games[0].kind == "plump"
    page = client.get(again).text
    assert page.count("Entered by the organiser") == 1 and page.count("Open the table") == 3


@pytest.mark.parametrize(
    ("change", "message"),
    [
        (lambda d: d.update(format="table-assistant/1"), "This is not a night file"),
        (lambda d: d.update(extra=1), "unknown field 'extra'"),
        (lambda d: d.update(seed=-1), "seed does not hold together"),
        (lambda d: d["rounds"][0].update(tables=[{"number": 1}]), "rounds does not hold together"),
        (lambda d: d["roster"]["entrants"].append(["Anna"]), "Anna is entered twice"),
        (
            lambda d: d["results"][0]["totals"][0].update(total=10**12),
            "results does not hold together",
        ),
        (lambda d: d["tables"][0].update(table=9), "tables does not hold together"),
        (lambda d: d["tables"][0]["file"].update(games="x"), "list of at most"),
    ],
)
def test_a_night_file_that_does_not_hold_stores_nothing(
    app: Flask, client: FlaskClient, change: Any, message: str
) -> None:
    url = make_night(client)
    client.post(url + "draw")
    seats = seats_of(client, url, 2)
    client.post(
        url + "r/1/t/2/result", data={f"result-totals-{n}": str(n) for n in range(len(seats))}
    )
    data = client.get(url + "export").get_json()
    change(data)
    refused = import_night(client, json.dumps(data))
    assert refused.status_code == 422 and message in html.unescape(refused.text)
    assert len(nights(app)) == 1
    with app.app_context():
        assert len(db.session.execute(db.select(Table)).all()) == 3
    assert import_night(client, "{ damaged").status_code == 422


def test_a_night_of_a_circle_puts_its_tables_in_the_circle(app: Flask, client: FlaskClient) -> None:
    made = client.post("/circles", data={"circle-name": "Friday"})
    circle = made.headers["Location"].split("/c/")[1].strip("/")
    url = make_night(client, **{"night-circle": circle})
    client.post(url + "draw")
    with app.app_context():
        table = db.session.execute(db.select(Table)).scalars().first()
        assert table is not None and table.circle is not None and table.circle.token == circle
        assert nights(app)[0].circle_id == table.circle_id
    assert f'href="/t/{table.token}/"' in client.get(f"/c/{circle}/").text


def test_a_night_takes_at_most_256_entrants_late_arrivals_too(
    app: Flask, client: FlaskClient
) -> None:
    many = "\n".join(f"Player {n}" for n in range(257))
    refused = client.post("/nights", data={**PLUMP_FORM, "night-entrants": many})
    assert refused.status_code == 422 and "A night takes at most 256 entrants." in refused.text
    assert nights(app) == []
    url = make_night(client, **{"night-entrants": many.rsplit("\n", 1)[0]})
    late = client.post(url + "roster", data={"roster-names": "Ola", "roster-move": "arrive"})
    assert late.status_code == 422 and "at most 256 entrants" in late.text
    assert len(nights(app)[0].roster["entrants"]) == 256


def test_a_nights_changes_without_end_are_stopped(app: Flask, client: FlaskClient) -> None:
    """Draws, who comes and goes and results count together, per address, refused or not."""
    app.config["RATELIMIT_NIGHT"] = "4 per minute"
    url = make_night(client)
    assert client.post(url + "draw").status_code == 303
    assert client.post(url + "draw").status_code == 422  # round 1 has no results yet
    for name in ("Ola", "Per"):
        arrived = client.post(url + "roster", data={"roster-names": name, "roster-move": "arrive"})
        assert arrived.status_code == 303
    refused = client.post(url + "roster", data={"roster-names": "Kim", "roster-move": "arrive"})
    assert refused.status_code == 429 and refused.headers["Retry-After"] == "60"
    assert client.post(url + "r/1/t/1/result", data={"result-totals-0": "1"}).status_code == 429
    assert len(nights(app)[0].roster["entrants"]) == len(ex.PLUMP_PLAYERS) + 2


def version_in(fragment: str) -> int:
    """The version of the night's tables' games the hall's part was drawn at."""
    found = re.search(r'data-version="(\d+)"', fragment)
    assert found is not None
    return int(found.group(1))


def hall_fragment(client: FlaskClient, app: Flask) -> str:
    hall = f"/hall/{nights(app)[0].view_token}/"
    return client.get(hall, headers={"HX-Request": "true"}).text


@pytest.mark.keeping
def test_the_hall_screens_part_is_kept_and_drawn_again_when_the_night_moves(
    app: Flask, client: FlaskClient
) -> None:
    """Every TV polls each second: the part is drawn once for the night as it stands (and at
    most once in ``HALL_KEPT_SECONDS``), and drawn again once a table saves or the night
    changes."""
    from tests.web.helpers import GameUrl, post_entry
    from tests.web.test_costs import statements

    app.config["HALL_KEPT_SECONDS"] = 0
    url = make_night(client)
    client.post(url + "draw")
    client.post(url + "r/1/t/1/start")
    first = hall_fragment(client, app)
    assert "Not started" in first
    hall = f"/hall/{nights(app)[0].view_token}/"
    with statements(app) as said:
        client.get(hall, headers={"HX-Request": "true"})
    assert len(said) == 2  # the night, and its games' versions: nothing replayed or read
    with app.app_context():
        table = db.session.execute(db.select(Table).filter_by(night_table=1)).scalar_one()
        game = GameUrl(f"/t/{table.token}/g/{table.games[0].id}/")
    seats = re.findall(r'name="bids_(\d+)"', client.get(game.path).text)
    bids = {f"bids_{seat}": "0" for seat in dict.fromkeys(seats)}
    assert post_entry(client, game, bids).status_code == 303
    assert version_in(hall_fragment(client, app)) > version_in(first)  # drawn again
    app.config["HALL_KEPT_SECONDS"] = 3600
    shown = hall_fragment(client, app)
    client.post(url + "roster", data={"roster-names": "Ola", "roster-move": "arrive"})
    assert hall_fragment(client, app) == shown  # within the second: as drawn
