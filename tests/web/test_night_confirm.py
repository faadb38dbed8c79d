"""A club night's tables through the real routes: a result sent from the table and confirmed by
the other side (a Mus table: the other pair), each step said in the table's game history; the
organiser's page in the order of the evening (this round's tables and their progress first,
the next draw only once every table counts, else closing the round now with its unfinished
tables named), a correction kept in the history, the night ended early, a pair's substitute;
what the table's phones see once their result counts; the hall screen's states."""

from __future__ import annotations

import html
import re

import pytest
from flask import Flask
from flask.testing import FlaskClient

from assistant.extensions import db
from assistant.games.night import Format, NightRules
from assistant.night import service
from assistant.store import service as store
from assistant.store.models import Change, Night, Table, now
from tests.examples import EXAMPLES

MULLE = (EXAMPLES / "mulle-full-game.json").read_text()  # Anna 71, Bo 97: Bo wins
MUS = (EXAMPLES / "mus-ordago-wins-game.json").read_text()  # Ben & Dan lead Anna & Carla 1-0


def mulle_night(app: Flask, players: int = 2, **rules: object) -> tuple[str, str, str]:
    """A Mulle night of tables of two (Anna, Bo, Cia, Dan: the first ``players``), its first
    round drawn and Anna's table played to its end, Anna 71, her opponent 97: the night's
    page, that table's token and Anna's opponent."""
    names = [["Anna"], ["Bo"], ["Cia"], ["Dan"]][:players]
    with app.app_context():
        made = NightRules("mulle", sizes=(2,), rounds=2, **rules)  # type: ignore[arg-type]
        row = service.create_night(made, names)
        service.draw_next(row)
        table = next(t for t in row.tables if "Anna" in t.players)
        opponent = next(name for name in table.players if name != "Anna")
        store.import_record(MULLE.replace('"Bo"', f'"{opponent}"'), table)
        return f"/n/{row.token}/", table.token, opponent


def watched(app: Flask) -> int:
    """The versions the night's pages hear, added up."""
    with app.app_context():
        return sum(service.watched(db.session.execute(db.select(Night)).scalar_one()).values())


def night_row(app: Flask) -> Night:
    with app.app_context():
        row = db.session.execute(db.select(Night)).scalar_one()
        db.session.expunge(row)
        return row


def said_in_game(app: Flask, token: str) -> list[str]:
    """What the game at the table with ``token`` said of itself, as "name:template"."""
    with app.app_context():
        table = db.session.execute(db.select(Table).filter_by(token=token)).scalar_one()
        changes = db.session.execute(
            db.select(Change).filter_by(game_id=table.games[-1].id).order_by(Change.id)
        ).scalars()
        return [c.summary["params"].get("name", "") + ":" + c.summary["template"] for c in changes]


def seats_of(client: FlaskClient, url: str, table: int) -> list[str]:
    """The names at table ``table`` of round 1, as its result form labels them."""
    page = client.get(f"{url}r/1/t/{table}/").text
    return [html.unescape(n) for n in re.findall(r'for="result-totals-\d+">([^<]+)<', page)]


def enter(client: FlaskClient, url: str, table: int, totals: dict[str, int]) -> int:
    """The organiser's result for table ``table`` of round 1, by the names its form shows."""
    seats = seats_of(client, url, table)
    data = {f"result-totals-{n}": str(totals[name]) for n, name in enumerate(seats)}
    return client.post(f"{url}r/1/t/{table}/result", data=data).status_code


def other_table(app: Flask, token: str) -> tuple[int, list[str]]:
    with app.app_context():
        other = db.session.execute(db.select(Table).filter(Table.token != token)).scalar_one()
        return other.night_table or 0, list(other.players)


def test_a_result_counts_once_another_player_than_its_sender_confirms_it(
    app: Flask, client: FlaskClient
) -> None:
    url, token, _ = mulle_night(app)
    panel = client.get(f"/t/{token}/night/").text
    assert "Send it to the night" in panel and 'value="Anna"' in panel and 'value="Bo"' in panel
    assert "Finished, waiting for confirmation" in client.get(url).text
    sent = client.post(f"/t/{token}/night/report", data={"by": "Bo"})
    assert sent.status_code == 303
    page = client.get(url).text
    assert "Sent by Bo, waiting for confirmation" in page and "Draw round 2" not in page
    again = client.post(f"/t/{token}/night/report", data={"by": "Bo"})  # a second tap
    assert again.status_code == 303 and "Sent by Bo" in client.get(url).text
    panel = client.get(f"/t/{token}/night/").text
    assert 'value="Anna"' in panel and 'value="Bo"' not in panel  # only the other side
    confirmed = client.post(
        f"/t/{token}/night/report", data={"by": "Anna"}, headers={"HX-Request": "true"}
    )
    assert confirmed.status_code == 200 and "Confirmed by Anna" in confirmed.text
    assert "The night so far" in confirmed.text and 'aria-current="true"' in confirmed.text
    assert "Draw round 2" in client.get(url).text
    assert said_in_game(app, token)[-2:] == [
        "Bo:{name} sent the result for the night.",
        "Anna:{name} confirmed the result for the night.",
    ]


@pytest.mark.parametrize(
    ("by", "message"),
    [("Eva", "Eva does not play at this table"), ("", "does not play at this table")],
)
def test_a_report_from_who_does_not_play_there_is_refused(
    app: Flask, client: FlaskClient, by: str, message: str
) -> None:
    _, token, _ = mulle_night(app)
    refused = client.post(f"/t/{token}/night/report", data={"by": by})
    assert refused.status_code == 422 and message in html.unescape(refused.text)
    assert night_row(app).reports == []


def test_a_mus_result_is_confirmed_by_the_other_pair_not_the_partner(
    app: Flask, client: FlaskClient
) -> None:
    with app.app_context():
        rules = NightRules("mus", Format.LEAGUE)
        row = service.create_night(rules, [["Anna", "Carla"], ["Ben", "Dan"]])
        service.draw_next(row)
        (table,) = row.tables
        store.import_record(MUS, table)
        table.games[-1].finished = now()  # the evening ended: whoever leads has won, 1-0
        db.session.commit()
        token = table.token
    panel = client.get(f"/t/{token}/night/").text
    assert "Anna &amp; Carla" in panel and 'value="Ben"' in panel
    client.post(f"/t/{token}/night/report", data={"by": "Anna"})
    client.post(f"/t/{token}/night/report", data={"by": "Carla"})  # her partner: the same side
    assert "Sent by Anna" in client.get(f"/t/{token}/night/").text
    client.post(f"/t/{token}/night/report", data={"by": "Dan"})
    panel = client.get(f"/t/{token}/night/").text
    assert "Confirmed by Dan" in panel and "Ben &amp; Dan won the night" in panel


def test_the_organisers_page_puts_this_rounds_tables_first_and_draws_only_when_all_count(
    app: Flask, client: FlaskClient
) -> None:
    url, token, opponent = mulle_night(app, players=4)
    page = client.get(url).text
    assert page.index('id="now"') < page.index('id="ranking"')
    assert "0 of 2 tables done" in page and "Not started" in page
    assert "Finished, waiting for confirmation" in page and "Close the round now" in page
    assert "Draw round 2" not in page
    other, players = other_table(app, token)
    closing = client.get(url + "close").text
    assert f"Table {other}" in closing and "Not started" in closing
    refused = client.post(url + "close")  # the other table's game gives no result: no deal
    assert refused.status_code == 422 and f"Enter a result for table {other} first" in refused.text
    client.post(f"/t/{token}/night/report", data={"by": "Anna"})
    client.post(f"/t/{token}/night/report", data={"by": opponent})
    page = client.get(url).text
    assert "1 of 2 tables done" in page and "Draw round 2" not in page
    assert enter(client, url, other, {players[0]: 60, players[1]: 40}) == 303
    page = client.get(url).text
    assert "2 of 2 tables done" in page and "Draw round 2" in page


def test_closing_the_round_takes_a_table_as_its_game_stands(
    app: Flask, client: FlaskClient
) -> None:
    url, token, opponent = mulle_night(app, players=4)
    other, players = other_table(app, token)
    assert enter(client, url, other, {players[0]: 60, players[1]: 40}) == 303
    closed = client.post(url + "close")  # Anna's table: over, not confirmed; taken as it is
    assert closed.status_code == 303, closed.text
    page = client.get(url).text
    assert "2 of 2 tables done" in page and page.count("Entered by the organiser") == 2
    ranking = page[page.index('id="ranking"') :]
    assert ranking.index(opponent) < ranking.index("Anna")  # 97 beat 71


def test_a_correction_counts_at_once_and_the_earlier_stays_in_the_history(
    app: Flask, client: FlaskClient
) -> None:
    url, token, opponent = mulle_night(app)
    client.post(f"/t/{token}/night/report", data={"by": "Anna"})
    client.post(f"/t/{token}/night/report", data={"by": opponent})
    assert enter(client, url, 1, {"Anna": 70, opponent: 80}) == 303
    assert enter(client, url, 1, {"Anna": 90, opponent: 80}) == 303
    page = client.get(url + "r/1/t/1/").text
    assert "Entered before" in page and "Entered by the organiser" in page
    assert re.search(r"Anna 70 · Bo 80|Bo 80 · Anna 70", page)
    ranking = client.get(url).text
    ranking = ranking[ranking.index('id="ranking"') :]
    assert ranking.index("Anna") < ranking.index(opponent)  # 90 beats 80: Anna first now


def test_the_tables_phones_see_where_each_sits_next_once_drawn(
    app: Flask, client: FlaskClient
) -> None:
    url, token, _ = mulle_night(app, players=4, confirm=False)
    other, players = other_table(app, token)
    assert enter(client, url, other, {players[0]: 1, players[1]: 0}) == 303
    assert client.post(url + "draw").status_code == 303
    panel = client.get(f"/t/{token}/night/").text
    assert "Round 2: where you sit" in panel and panel.count("/g/") >= 2
    assert said_in_game(app, token)[-1] == ":Round {number} of the night is drawn."


def test_the_night_ended_early_is_over_as_it_stands(app: Flask, client: FlaskClient) -> None:
    url, _, opponent = mulle_night(app, confirm=False)
    assert client.post(url + "end").status_code == 303
    page = client.get(url).text
    assert f"{opponent} won the night" in page and "ended the night early" in page
    assert "Draw round" not in page
    assert client.post(url + "draw").status_code == 422


def test_a_pair_replaces_one_member_only(app: Flask, client: FlaskClient) -> None:
    with app.app_context():
        rules = NightRules("mus", Format.LEAGUE)
        pairs = [["Ane", "Bea"], ["Carlos", "Dolores"], ["Eneko", "Fermin"]]
        url = f"/n/{service.create_night(rules, pairs).token}/"
    form = {"sub-pair": "Ane & Bea", "sub-out": "Bea", "sub-into": "Zoe"}
    assert client.post(url + "substitute", data=form).status_code == 303
    refused = client.post(url + "substitute", data={**form, "sub-out": "Ane", "sub-into": "Yon"})
    assert refused.status_code == 422
    assert "Ane &amp; Bea may replace one member only" in refused.text
    assert 'value="Yon"' in refused.text
    roster = night_row(app).roster
    assert roster["substitutes"] == [
        {"names": ["Ane", "Bea"], "round": 1, "out": "Bea", "into": "Zoe"}
    ]
    client.post(url + "draw")
    assert "Ane &amp; Zoe" in client.get(url).text


def test_the_hall_shows_to_confirm_then_the_score_then_the_winner_large(
    app: Flask, client: FlaskClient
) -> None:
    url, token, opponent = mulle_night(app)
    hall = f"/hall/{night_row(app).view_token}/"
    page = client.get(hall).text
    assert "To confirm" in page and "<strong>97</strong>" in page
    client.post(f"/t/{token}/night/report", data={"by": "Anna"})
    client.post(f"/t/{token}/night/report", data={"by": opponent})
    assert f"Confirmed by {opponent}" in client.get(hall).text
    client.post(url + "end")
    page = client.get(hall).text
    assert 'class="hall-winner"' in page and f"{opponent} won the night" in page


def test_the_nights_pages_hear_its_tables_games(app: Flask, client: FlaskClient) -> None:
    url, token, _ = mulle_night(app, players=4)
    before = watched(app)
    assert f'data-version="{before}"' in client.get(url).text
    client.post(f"/t/{token}/night/report", data={"by": "Anna"})
    assert watched(app) == before + 1
    fragment = client.get(url, headers={"HX-Request": "true"}).text
    assert fragment.lstrip().startswith('<section id="now"')
    assert f'data-version="{before + 1}"' in fragment
    assert client.get(url + "stream").status_code == 204  # the test client holds no stream
    assert client.get("/n/nothing-at-all-here/stream").status_code == 404


def test_the_tables_own_players_are_marked_in_the_ranking_it_sees(
    app: Flask, client: FlaskClient
) -> None:
    _, token, opponent = mulle_night(app, confirm=False)
    panel = client.get(f"/t/{token}/night/").text
    lines = panel[panel.index('id="ranking"') :]
    assert lines.index(opponent) < lines.index("Anna") and lines.count('aria-current="true"') == 2
