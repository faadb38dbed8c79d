"""What showing a game costs: a rendered page kept per game version, and an answer that leaves
out the rows of the sheet the phone already shows.

* **Kept pages.** A game page with nothing in it for one phone alone (no notice, no error, no
  "saved" line, a fresh entry form) is the same for every phone that reads the game in the same
  language and the same way (page or htmx fragment, watch view, whole sheet, and for a fragment
  the version the phone shows). It is kept by those and the game's version; the parts that
  belong to one phone — the CSRF token of its session and the forms' idempotency keys — are
  kept as placeholders and made afresh for every answer, so no phone is ever handed another's
  token or key.
* **Rows left out.** A sheet draws each row through ``sheet_row`` with the values it shows, and
  each rendered version remembers those values. An htmx answer to a phone that shows version
  ``v`` neither draws nor sends a row that ``v`` showed with the same values: an empty element
  with its id and ``hx-preserve`` takes its place, and htmx puts the phone's own row there.
  Rows are only left out when this process rendered ``v`` itself (else all are sent).
"""

from __future__ import annotations

import secrets
from collections.abc import Callable
from datetime import datetime
from functools import lru_cache
from typing import Any

from flask import g, request, session
from flask_wtf.csrf import generate_csrf
from jinja2 import pass_context
from jinja2.runtime import Context
from markupsafe import Markup

from .. import lookups
from ..i18n import reader_locale, use_table_language
from ..kept import Kept
from ..models import LARGEST_INTEGER, Game, Table
from ..play.fold import whole_sheet

MARK = "\x00"  # never in a page: every text the pages show refuses control characters
CSRF = "csrf"


PAGES = Kept(64)  # rendered pages with placeholders, by look, version shown and version
ROW_SHOWS = Kept(256)  # what each rendered version's sheet rows show, by look and version


class SheetRows:
    """The rows of one rendering of a sheet: which of them the asking phone already shows, and
    what each shows, kept for the next answer to a phone that shows this version."""

    def __init__(self, before: frozenset[tuple[Any, ...]] | None) -> None:
        self.before = before or frozenset()
        self.now: set[tuple[Any, ...]] = set()

    def shown(self, shows: tuple[Any, ...]) -> bool:
        self.now.add(shows)
        return shows in self.before


def sheet_rows_for(seen: tuple[Any, ...], shown: int | None) -> SheetRows:
    """The rows of rendering ``seen`` (a ``look``) for a phone showing version ``shown`` (None:
    a whole page; nothing known of the phone's rows when this process did not render them)."""
    before = None if shown is None else ROW_SHOWS.get((*seen[:2], shown, *seen[3:]))
    return SheetRows(before)


def keep_sheet_rows(seen: tuple[Any, ...], rows: SheetRows) -> None:
    ROW_SHOWS.put(seen, frozenset(rows.now))


KEPT_HTML = Kept(4096)  # rows, charts and page parts rendered, by what they show


@pass_context
def sheet_row(
    context: Context, tag: str, row_id: str, shows: tuple[Any, ...], caller: Callable[[], Markup]
) -> Markup:
    """A row of a sheet: ``{% call sheet_row("tr", id, shows) %}<tr id=… data-row>…</tr>
    {% endcall %}``. ``shows`` holds everything the row's own values the HTML depends on; the
    game, the watch view (its links) and the language are added here, so no sheet can forget
    them.

    A row the asking phone's version showed the same is neither rendered nor sent: an empty
    element with its id and ``hx-preserve`` tells htmx to keep the phone's own. Any other is
    rendered once for what it shows (``kept_html``). A row showing something that cannot be
    compared (no hash) is rendered every time."""
    game = context["game"]
    shows = (game.id, game.created, context["readonly"], shows)
    try:
        hash(shows)
    except TypeError:
        return caller()
    rows: SheetRows | None = context.get("rows")
    if rows is not None and rows.shown(shows):
        return left_out(tag, row_id)
    return kept_html(shows, caller)


@lru_cache(maxsize=4096)
def left_out(tag: str, row_id: str) -> Markup:
    """The empty element that stands for a row left out: made once per id (Markup.format, for
    the nineteen rows of a save, was 6 % of it)."""
    return Markup('<{0} id="{1}" hx-preserve></{0}>').format(tag, row_id)


def kept_html(shows: tuple[Any, ...], caller: Callable[[], Markup]) -> Markup:
    """HTML rendered once for the values it shows (``{% call kept_html(shows) %}…{% endcall %}``):
    the rows of sheets, the charts (a step that ends no round leaves a chart as it was), the
    parts of a game page that are the same for every version. The language is added here."""
    key = (reader_locale(), shows)
    html: Markup | None = KEPT_HTML.get(key)
    if html is None:
        html = caller()  # Markup: the template's own output, escaped as it was rendered
        KEPT_HTML.put(key, html)
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
    return (game_id, made, version, reader_locale(), readonly, whole_sheet(), ended)


# What a game page's address may carry and still be one every phone is shown: the language
# links repeat the other parameters, so a page asked with anything else is this phone's own.
SHARED_ARGUMENTS = frozenset({"lang", "sheet", "version"})


def is_htmx() -> bool:
    return request.headers.get("HX-Request") == "true"


def version_shown() -> int | None:
    """The version the asking phone shows, for an htmx answer (its form's, or its poll's)."""
    if not is_htmx():
        return None
    return asked_version(request.form if request.method == "POST" else request.args)


def asked_version(values: Any) -> int | None:
    """The ``version`` a form or a query carries; None when missing or when no game could have
    it."""
    version = values.get("version", type=int)
    return version if version is not None and 0 <= version <= LARGEST_INTEGER else None


def answer_key(seen: tuple[Any, ...]) -> tuple[Any, ...]:
    """A kept answer's key: the look, and the version the phone shows (an htmx answer leaves
    out the rows that phone already shows)."""
    return (*seen, is_htmx(), version_shown())


def shared_request() -> bool:
    """Is this request's answer one that could be kept for every phone? (a GET, or an htmx
    answer that says nothing of the form that was posted, asked with plain arguments)"""
    posted_page = request.method == "POST" and not is_htmx()
    return not posted_page and SHARED_ARGUMENTS.issuperset(request.args)


def kept_game_page(game_id: int, *, readonly: bool, **token: str) -> str | None:
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
    return kept_page(answer_key(look_of(game_id, created, version, ended, readonly=readonly)))


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
