"""What showing a game costs: a rendered page kept per game version, and an answer that leaves
out the rows of the sheet the phone already shows.

* **Kept pages.** A game page with nothing in it for one phone alone (no notice, no error, no
  "saved" line, a fresh entry form) is the same for every phone that reads the game in the same
  language and the same way (page or htmx fragment, watch view, whole sheet). It is kept by
  those and the game's version; the parts that belong to one phone — the CSRF token of its
  session and the forms' idempotency keys — are kept as placeholders and made afresh for every
  answer, so no phone is ever handed another's token or key.
* **Rows left out.** Each rendered game remembers its sheet's rows (the elements with an ``id``
  and ``data-row``). An htmx answer to a phone that shows version ``v`` sends, for every row
  exactly as it was in ``v``, an empty element with ``hx-preserve``: htmx puts the phone's own
  row in its place. Rows are only left out when this process rendered ``v`` itself, so the
  phone's row is known to be the same.
"""

from __future__ import annotations

import re
import secrets
import threading
from collections import OrderedDict
from collections.abc import Callable, Iterator
from datetime import datetime
from typing import Any

from flask import g, request, session
from flask_babel import get_locale
from flask_wtf.csrf import generate_csrf
from markupsafe import Markup

from .. import lookups
from ..i18n import use_table_language
from ..models import LARGEST_INTEGER, Game, Table
from ..play.fold import whole_sheet

MARK = "\x00"  # never in a page: every text the pages show refuses control characters
CSRF = "csrf"
# A row of a sheet starts so, and ends at its tag's first end (rows are never nested).
ROW_START = re.compile(r'<(tr|details) id="([^"]+)" data-row\b')


class Kept:
    """A bounded, thread-safe store of the latest items (the oldest go first)."""

    def __init__(self, size: int) -> None:
        self.size = size
        self._items: OrderedDict[tuple[Any, ...], Any] = OrderedDict()
        self._lock = threading.Lock()

    def get(self, key: tuple[Any, ...]) -> Any:
        with self._lock:
            if key in self._items:
                self._items.move_to_end(key)
                return self._items[key]
            return None

    def put(self, key: tuple[Any, ...], value: Any) -> None:
        with self._lock:
            self._items[key] = value
            self._items.move_to_end(key)
            while len(self._items) > self.size:
                self._items.popitem(last=False)

    def clear(self) -> None:
        with self._lock:
            self._items.clear()


PAGES = Kept(64)  # rendered pages with placeholders, by look and version
ROWS = Kept(256)  # each rendered version's sheet rows, by look and version


ROW_HTML = Kept(4096)  # sheet rows rendered, by what they show (``kept_row``)


def kept_row(*shows: Any, caller: Callable[[], Markup]) -> Markup:
    """A sheet row (``{% call kept_row(...) %}<tr>...</tr>{% endcall %}``), rendered once for
    the values it shows: a save or another phone's page renders only the rows that changed
    (the charts are kept the same way: a step that ends no round leaves a chart as it was).
    ``shows`` must hold everything the row's HTML depends on (with the game's id and creation,
    for its links); the language is added here."""
    key = (str(get_locale()), *shows)
    html: Markup | None = ROW_HTML.get(key)
    if html is None:
        html = caller()  # Markup: the template's own output, escaped as it was rendered
        ROW_HTML.put(key, html)
    return html


def look(table: Table, game: Game, version: int, *, readonly: bool) -> tuple[Any, ...]:
    """Everything that makes one rendering of a game differ from another, but for one phone's
    own notices: the game's version, the language, the watch view, the whole sheet, the ended
    evening (which closes a game without a new version of it)."""
    return look_of(game.id, game.created, version, table.ended is not None, readonly=readonly)


def look_of(
    game_id: int, created: datetime, version: int, ended: bool, *, readonly: bool
) -> tuple[Any, ...]:
    # As read from the database (a game made in this request may still hold the UTC time it
    # was given): naive.
    made = created.replace(tzinfo=None)
    return (game_id, made, version, str(get_locale()), readonly, whole_sheet(), ended)


# What a game page's address may carry and still be one every phone is shown: the language
# links repeat the other parameters, so a page asked with anything else is this phone's own.
SHARED_ARGUMENTS = frozenset({"lang", "sheet", "version"})


def is_htmx() -> bool:
    return request.headers.get("HX-Request") == "true"


def shared_request() -> bool:
    """Is this request's answer one that could be kept for every phone? (a GET, or an htmx
    answer that says nothing of the form that was posted, asked with plain arguments)"""
    posted_page = request.method == "POST" and not is_htmx()
    return not posted_page and SHARED_ARGUMENTS.issuperset(request.args)


def kept_game_page(game_id: int, *, readonly: bool, htmx: bool, **token: str) -> str | None:
    """The kept page of a game as it stands, found with one light query (None: not kept, or
    the phone has a line of its own to be shown)."""
    said = session.get("said")
    if (
        not shared_request()
        or not 0 < game_id <= LARGEST_INTEGER
        or (isinstance(said, dict) and said.get("game") == game_id)
    ):
        return None
    found = lookups.look_at(game_id, **token)
    if found is None:
        return None
    version, created, ended, language = found
    use_table_language(language)  # before the language is read into the key
    return kept_page((*look_of(game_id, created, version, ended, readonly=readonly), htmx))


def kept_page(key: tuple[Any, ...]) -> str | None:
    """The kept page, with this answer's own CSRF token and fresh keys (None: not kept)."""
    page = PAGES.get(key)
    if page is None:
        return None
    parts = page.split(MARK)
    keys: dict[str, str] = {}
    for i in range(1, len(parts), 2):
        name = parts[i]
        if name == CSRF:
            parts[i] = generate_csrf()
        else:
            parts[i] = keys.setdefault(name, secrets.token_urlsafe(12))
    return "".join(parts)


def keep_page(key: tuple[Any, ...], html: str) -> None:
    """Keep ``html`` with placeholders where this answer's own token and keys are."""
    for number, made in enumerate(g.get("made_keys", [])):
        html = html.replace(made, f"{MARK}{number}{MARK}")
    if (token := g.get("csrf_token")) is not None:
        html = html.replace(token, f"{MARK}{CSRF}{MARK}")
    PAGES.put(key, html)


def sheet_rows(html: str) -> Iterator[tuple[str, str, int, int]]:
    """Each row of the sheet in ``html``: its tag, its id, where it starts and ends (found
    with ``str.find``: a pattern matching each row to its end cost ten times as much)."""
    at = 0
    while found := ROW_START.search(html, at):
        tag, row = found.group(1), found.group(2)
        end = html.find(f"</{tag}>", found.end())
        if end < 0:
            return
        at = end + len(tag) + 3
        yield tag, row, found.start(), at


def keep_rows(key: tuple[Any, ...], html: str) -> None:
    ROWS.put(key, {row: html[start:end] for _tag, row, start, end in sheet_rows(html)})


def without_shown_rows(html: str, key: tuple[Any, ...], shown: int | None) -> str:
    """``html`` with the rows the phone showing version ``shown`` has already left out (as
    ``<tr id=… hx-preserve></tr>``); unchanged when that version's rows are not known here.
    ``key`` is the look of the version answered (``look``)."""
    if shown is None:
        return html
    before = ROWS.get((*key[:2], shown, *key[3:]))
    if not before:
        return html

    parts, done = [], 0
    for tag, row, start, end in sheet_rows(html):
        if before.get(row) == html[start:end]:
            parts += [html[done:start], f'<{tag} id="{row}" hx-preserve></{tag}>']
            done = end
    return "".join([*parts, html[done:]])
