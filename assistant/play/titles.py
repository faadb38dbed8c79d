"""A table as the pages title it: the evening's own page, and the circle's list of its
evenings."""

from __future__ import annotations

from flask_babel import format_date

from ..games.tonight import TableSeen
from ..i18n import gettext


def table_title(table: TableSeen) -> str:
    """The table's name, else its players; with its date."""
    name = table.name or ", ".join(table.players)
    return gettext("%(name)s, %(date)s", name=name, date=format_date(table.created, "medium"))
