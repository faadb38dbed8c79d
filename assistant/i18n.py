"""Language: the table's, else the browser's; engine messages translated here."""

from __future__ import annotations

from typing import Any

from babel import support
from flask import Flask, current_app, g, has_request_context, request, session
from flask_babel import get_locale, get_translations, gettext
from wtforms.i18n import messages_path

from .games.base import Message, RuleError


def select_locale() -> str | None:
    languages = current_app.config["LANGUAGES"]
    chosen = request.args.get("lang") or session.get("lang") or getattr(g, "table_language", None)
    if chosen in languages:
        return chosen
    return request.accept_languages.best_match(languages)


def say(message: Message | RuleError, *, with_round: bool = False) -> str:
    """An engine's message in the reader's language (the template is translated, then filled).

    Next to a form field the round goes without saying; for a whole record (an import) it is
    named.
    """
    number = message.round if isinstance(message, RuleError) else None
    if isinstance(message, RuleError):
        message = message.message
    params = {name: _said(value) for name, value in message.params.items()}
    text = gettext(message.template).format(**params)
    if with_round and number is not None:
        return gettext("round %(number)s: %(text)s", number=number, text=text)
    return text


def _said(value: object) -> object:
    """A parameter that is itself a message ("Undone: {what}") is said in the reader's language;
    stored in a change it is the dict ``{"template": ..., "params": ...}``."""
    if isinstance(value, Message):
        return say(value)
    if isinstance(value, dict) and isinstance(value.get("template"), str):
        return say(Message(value["template"], value.get("params") or {}))
    return value


def translations() -> Any:
    """The reader's catalog, found once per request: Flask-Babel looks it up anew for every
    ``_()``, and a game page says some fifty."""
    if not has_request_context():
        return get_translations()
    environ = request.environ
    found = environ.get(TRANSLATIONS)
    if found is None:
        found = environ[TRANSLATIONS] = get_translations()
    return found


TRANSLATIONS = "assistant.translations"


def form_translations() -> Any:
    """WTForms' own catalog in the reader's language, read once per language in this process:
    Flask-WTF reads and parses the file again in every request that builds a form (a field
    without a label asks for it): some 6 % of a save."""
    language = str(get_locale())
    found = FORM_CATALOGS.get(language)
    if found is None:
        found = FORM_CATALOGS[language] = support.Translations.load(
            messages_path(), [language], domain="wtforms"
        )
    return found


FORM_CATALOGS: dict[str, Any] = {}


def setup_i18n(app: Flask) -> None:
    app.jinja_env.globals["say"] = say
    app.jinja_env.install_gettext_callables(  # type: ignore[attr-defined]
        gettext=lambda s: translations().ugettext(s),
        ngettext=lambda s, p, n: translations().ungettext(s, p, n),
        newstyle=True,
        pgettext=lambda c, s: translations().upgettext(c, s),
        npgettext=lambda c, s, p, n: translations().unpgettext(c, s, p, n),
    )

    @app.before_request
    def remember_language() -> None:
        if (lang := request.args.get("lang")) in app.config["LANGUAGES"]:
            session["lang"] = lang
