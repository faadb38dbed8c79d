"""Playing through the real forms with the test client."""

from __future__ import annotations

import html
import io
import json
import re
import secrets
from dataclasses import dataclass, field
from html.parser import HTMLParser

from flask import Flask
from flask.testing import FlaskClient

from assistant.extensions import db
from assistant.store.models import Entry, Game

PLAYERS = ["Anna", "Bo", "Cia", "Dan"]


@dataclass
class GameUrl:
    path: str  # /t/<token>/g/<id>/

    @property
    def token(self) -> str:
        return self.path.split("/")[2]


def start_game(
    client: FlaskClient, game: str = "plump", players=PLAYERS, first: str = "Anna", **options
) -> GameUrl:
    data = {"step": "players", "game": game}
    data.update({f"players-{i}": name for i, name in enumerate(players)})
    assert client.post("/new", data=data).status_code == 200
    data.update({"step": "options", "first": first, f"{game}-preset": "standard"})
    data.update({f"{game}-{k}": v for k, v in options.items()})
    response = client.post("/new", data=data)
    assert response.status_code == 303, response.text
    return GameUrl(response.headers["Location"])


def version_of(client: FlaskClient, game: GameUrl) -> int:
    page = client.get(game.path).text
    return int(re.search(r'data-version="(\d+)"', page).group(1))


def post_entry(client: FlaskClient, game: GameUrl, fields: dict, *, version=None, key=None, **kw):
    data = {
        "version": version_of(client, game) if version is None else version,
        "key": key or secrets.token_urlsafe(12),
        **fields,
    }
    return client.post(game.path + "enter", data=data, **kw)


def seat_fields(prefix: str, values: dict[str, int], players=PLAYERS) -> dict:
    return {f"{prefix}_{players.index(p)}": v for p, v in values.items()}


def play_deal(client, game, bids: dict, tricks: dict, trump: str | None = None, players=PLAYERS):
    fields = seat_fields("bids", bids, players)
    if trump:
        fields["trump"] = trump
    response = post_entry(client, game, fields)
    assert response.status_code == 303, response.text
    response = post_entry(client, game, seat_fields("tricks", tricks, players))
    assert response.status_code == 303, response.text


def entries(app: Flask) -> list[dict]:
    """The rounds stored for the (only) game, oldest first."""
    with app.app_context():
        rows = db.session.execute(db.select(Entry).order_by(Entry.seq)).scalars()
        return [entry.payload for entry in rows]


def draft(app: Flask) -> dict | None:
    """The half-built round of the (only) game."""
    with app.app_context():
        return db.session.execute(db.select(Game)).scalar_one().draft


def totals_row(page: str) -> list[int]:
    """The totals at the foot of a sheet."""
    foot = page.split("<tfoot>")[1].split("</tfoot>")[0]
    return [int(n) for n in re.findall(r'<td class="total[^"]*">(-?\d+)</td>', foot)]


def strip_totals(page: str) -> dict[str, str]:
    """The score strip's totals by name (as shown, the leader's star left out)."""
    names = re.findall(r'<span class="strip-name">(.*?)</span>\s*<strong', page, re.S)
    totals = re.findall(r'<strong class="strip-total">(.*?)</strong>', page, re.S)
    names = [html.unescape(re.sub(r"<.*?>|★", "", name)).strip() for name in names]
    return dict(zip(names, totals, strict=True))


def errors(page: str) -> list[str]:
    """Every error message shown in a page: next to fields, above a form, in a notice."""
    found = re.findall(r'<p class="error"[^>]*>(.*?)</p>', page, re.S)
    found += re.findall(r'<div class="error-box"[^>]*>\s*<p>(.*?)</p>', page, re.S)
    found += re.findall(r'<div class="notice"[^>]*>(.*?)</div>', page, re.S)
    return [html.unescape(text.strip()) for text in found]


def import_record(client: FlaskClient, token: str, record: dict):  # type: ignore[no-untyped-def]
    """Upload a game record at table ``token``, as the import form does."""
    upload = {"record": (io.BytesIO(json.dumps(record).encode()), "game.json")}
    return client.post(f"/t/{token}/import", data=upload, content_type="multipart/form-data")


def imported_game(client: FlaskClient, record: dict) -> GameUrl:
    """A game of ``record`` imported at a table of its own: its page's address."""
    response = import_record(client, start_game(client).token, record)
    assert response.status_code == 303, response.text
    return GameUrl(response.headers["Location"])


def form_fields(page: str, action_suffix: str) -> dict[str, object]:
    """What the browser would post for the form whose action ends with ``action_suffix``: its
    text, number and hidden inputs, checked radios and boxes, selected options."""
    form = re.search(
        r'<form[^>]*action="[^"]*' + re.escape(action_suffix) + r'"[^>]*>(.*?)</form>', page, re.S
    )
    assert form, f"no form posting to {action_suffix}"
    fields: dict[str, object] = {}
    for tag in re.findall(r"<input\b[^>]*>", form.group(1)):
        attrs = dict(re.findall(r'([\w-]+)="([^"]*)"', tag))
        kind = attrs.get("type", "text")
        if "name" not in attrs or kind in ("submit", "button", "file") or "disabled" in tag:
            continue
        if kind in ("radio", "checkbox") and not re.search(r"\schecked\b", tag):
            continue
        value = html.unescape(attrs.get("value", "on" if kind == "checkbox" else ""))
        if kind == "checkbox" and attrs["name"] in fields:
            previous = fields[attrs["name"]]
            fields[attrs["name"]] = [
                *(previous if isinstance(previous, list) else [previous]),
                value,
            ]
        else:
            fields[attrs["name"]] = value
    for name, body in re.findall(
        r'<select[^>]*name="([^"]+)"[^>]*>(.*?)</select>', form.group(1), re.S
    ):
        chosen = re.search(r'<option[^>]*value="([^"]*)"[^>]*selected', body)
        fields[name] = html.unescape(chosen.group(1)) if chosen else ""
    return fields


@dataclass
class PageForm:
    """A form of a page as a browser sees it: where it posts, each field's name with the values
    the page offers for it (radio keys, options, the number input's bounds), what it would post
    untouched (``current``), and its named submit buttons (a browser sends the one tapped)."""

    action: str
    enctype: str
    fields: dict[str, list[str]]
    current: dict[str, str]
    buttons: list[tuple[str, str]]
    texts: set[str] = field(default_factory=set)  # the fields a person types into


class _FormParser(HTMLParser):
    def __init__(self) -> None:
        super().__init__(convert_charrefs=True)
        self.forms: list[PageForm] = []
        self.current: PageForm | None = None
        self.select: str | None = None

    def offer(self, name: str | None, *values: str | None) -> None:
        if self.current is not None and name:
            offered = self.current.fields.setdefault(name, [])
            offered += [v for v in values if v is not None and v not in offered]

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        a = dict(attrs)
        name, kind = a.get("name"), a.get("type") or "text"
        if tag == "form" and (a.get("method") or "").lower() == "post":
            self.current = PageForm(a.get("action") or "", a.get("enctype") or "", {}, {}, [])
            self.forms.append(self.current)
        elif tag == "option" and self.current is not None and self.select:
            self.offer(self.select, a.get("value", ""))
            if "selected" in a or self.select not in self.current.current:
                self.current.current[self.select] = a.get("value", "") or ""
        elif self.current is None or not name:
            return
        elif tag == "input" and kind not in ("file", "submit", "button"):
            value = a.get("value", "on" if kind == "checkbox" else "") or ""
            self.offer(name, value, a.get("min"), a.get("max"))
            if kind in ("text", "search"):
                self.current.texts.add(name)
            shown = kind not in ("radio", "checkbox") or "checked" in a
            if shown and "disabled" not in a:
                self.current.current[name] = value
        elif tag == "button" or (tag == "input" and kind == "submit"):
            self.current.buttons.append((name, a.get("value") or ""))
        elif tag == "textarea":
            self.offer(name, "")
            self.current.texts.add(name)
        elif tag == "select":
            self.select = name

    def handle_endtag(self, tag: str) -> None:
        if tag == "form":
            self.current = None
        elif tag == "select":
            self.select = None


def page_forms(page: str) -> list[PageForm]:
    """Every form of ``page`` that posts."""
    parser = _FormParser()
    parser.feed(page)
    return parser.forms
