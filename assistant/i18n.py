"""Language: this phone's choice, else the table's, else the browser's; engine messages
translated here."""

from __future__ import annotations

from collections.abc import Iterator, Mapping
from contextlib import contextmanager
from typing import Any
from urllib.parse import urlencode

from babel import Locale, localedata, support
from flask import Flask, current_app, g, has_request_context, request, session
from flask_babel import force_locale, get_locale, get_translations, refresh
from jinja2 import pass_context
from jinja2.runtime import Context
from markupsafe import Markup
from wtforms.i18n import messages_path

from .games.base import Message, RuleError
from .keeping import made_once

# Asked with ``?lang=`` without being a choice of the phone: a manifest is fetched without
# cookies, so its link carries the page's language.
NOT_REMEMBERED = frozenset({"pwa.manifest"})


def select_locale() -> str | None:
    """``?lang=`` or the language chosen on this phone, then the table's, then Accept-Language;
    written the reader's way where the browser names a region for it (en-GB: 1 Dec 2026)."""
    languages = current_app.config["LANGUAGES"]
    for chosen in (request.args.get("lang"), session.get("lang"), g.get("table_language")):
        if chosen in languages:
            return with_region(str(chosen))
    found = request.accept_languages.best_match(languages)
    return with_region(found) if found else None


def with_region(language: str) -> str:
    """``language`` with the region the browser asks for it in ("en" → "en_GB" for an en-GB
    phone), where Babel knows that locale; the catalog stays the language's own."""
    for tag, _quality in request.accept_languages:
        base, _, region = tag.replace("_", "-").partition("-")
        region = region.partition("-")[0]
        if base.lower() == language and len(region) == 2 and region.isalpha():
            candidate = f"{language}_{region.upper()}"
            if localedata.exists(candidate):
                return candidate
    return language


def current_language() -> str:
    """The language of this request's page ("sv"): a new table takes it as its own, kept
    answers are keyed by it. Found once per request (Flask-Babel looks it up anew for every
    ask, and a save asks some fifteen times)."""
    if not has_request_context():
        return language_of(get_locale())
    environ = request.environ
    found: str | None = environ.get(LANGUAGE)
    if found is None:
        found = environ[LANGUAGE] = language_of(get_locale())
    return found


def language_of(locale: Locale | None) -> str:
    """The language of a reader's locale ("en" of en_GB): what the catalogs are kept by."""
    return locale.language if locale else str(current_app.config["BABEL_DEFAULT_LOCALE"])


def reader_locale() -> str:
    """The reader's locale with its region ("en_GB"): what a page's dates and money depend on."""
    return str(get_locale() or current_app.config["BABEL_DEFAULT_LOCALE"])


LANGUAGE = "assistant.language"


def use_table_language(language: str | None) -> None:
    """The page is at a table whose language is ``language``: a phone without a choice of its
    own reads it in the table's language (anything said before the table was found is said
    again in it)."""
    if language and language != g.get("table_language"):
        g.table_language = language
        refresh()
        request.environ.pop(TRANSLATIONS, None)
        request.environ.pop(LANGUAGE, None)


@contextmanager
def in_language(language: str | None) -> Iterator[None]:
    """What is said inside is said in ``language`` (a table's: the text it sends to its group
    chat, whatever this phone reads), its numbers and dates too; None: the reader's own."""
    if not language or not has_request_context() or language == current_language():
        yield
        return
    environ = request.environ
    saved = {key: environ.pop(key, None) for key in (TRANSLATIONS, LANGUAGE)}
    try:
        with force_locale(with_region(language)):
            yield
    finally:
        for key, value in saved.items():
            environ.pop(key, None)
            if value is not None:
                environ[key] = value


def own_name(code: str) -> str:
    """A language named in itself: "Svenska", "Deutsch", "Español"."""
    name = Locale.parse(code).get_display_name(code) or code
    return name[:1].upper() + name[1:]


def languages() -> list[tuple[str, str]]:
    """The shipped languages, each with its own name."""
    return [(code, own_name(code)) for code in current_app.config["LANGUAGES"]]


def language_link(code: str) -> str:
    """This page in language ``code`` (its other query parameters kept); the choice is then
    remembered on this phone. Only the query: the link leads to the page it is on, whatever
    its path (``/\\evil.example/`` in a link is another host for a browser)."""
    args = {name: value for name, value in request.args.items() if name != "lang"}
    return f"?{urlencode({**args, 'lang': code})}"


def say(message: Message | RuleError, *, with_round: bool = False) -> str:
    """An engine's message in the reader's language (the template is translated, then filled).

    Next to a form field the round goes without saying; for a whole record (an import) it is
    named.
    """
    number = message.round if isinstance(message, RuleError) else None
    if isinstance(message, RuleError):
        message = message.message
    params = {name: _said(value) for name, value in message.params.items()}
    if message.plural is None:
        template = gettext(message.template)
    else:
        template = translations().ungettext(message.template, message.plural, message.plural_number)
    text = template.format(**params)
    if with_round and number is not None:
        return gettext("round %(number)s: %(text)s", number=number, text=text)
    return text


def _said(value: object) -> object:
    """A parameter that is itself a message ("Undone: {what}") is said in the reader's language.
    Only a Message is: any other value is shown as it is, whatever it looks like (a record may
    hold ``{"template": "{a:>999999999}"}`` where a name belongs; text from outside is text)."""
    if isinstance(value, Message):
        return say(value)
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


def gettext(string: str, **variables: Any) -> str:
    """Flask-Babel's ``gettext``, from the catalog found once per request (``translations``)."""
    text: str = translations().ugettext(string)
    return text % variables if variables else text


def pgettext(context: str, string: str) -> str:
    """Flask-Babel's ``pgettext`` (a text said in ``context``), from the same catalog."""
    text: str = translations().upgettext(context, string)
    return text


def ngettext(singular: str, plural: str, num: int, **variables: Any) -> str:
    """Flask-Babel's ``ngettext`` (``%(num)s`` is the number), from the same catalog."""
    text: str = translations().ungettext(singular, plural, num)
    return text % {"num": num, **variables}


def form_translations() -> Any:
    """WTForms' own catalog in the reader's language, read once per language in this process:
    Flask-WTF reads and parses the file again in every request that builds a form (a field
    without a label asks for it): some 6 % of a save."""
    return made_once(_form_catalog, current_language())


def _form_catalog(language: str) -> Any:
    return support.Translations.load(messages_path(), [language], domain="wtforms")


@pass_context
def template_gettext(context: Context, string: str, **variables: Any) -> str:
    """As Jinja's newstyle gettext: the translation is always a format string ("%%" is "%"),
    its variables escaped where the template escapes. A text without variables is made once
    per language (an answer says some thirty)."""
    escaped = context.eval_ctx.autoescape
    if variables or not escaped:
        return _filled(translations().ugettext(string), escaped, variables)
    return made_once(_plain_text, current_language(), string)


def _plain_text(language: str, string: str) -> str:
    """A text without variables as an escaping template shows it, in ``language`` (the
    request's own: ``translations()`` is its catalog)."""
    return _filled(translations().ugettext(string), True, {})


def _filled(text: str, escaped: bool, variables: dict[str, Any]) -> str:
    if escaped:
        # Our own catalog's text, trusted as Jinja's i18n extension trusts it.
        text = Markup(text)  # noqa: S704  # nosec B704
    if "%" not in text:
        return text
    return text % variables


def setup_i18n(app: Flask) -> None:
    app.jinja_env.globals.update(
        say=say, languages=languages, language_link=language_link, own_name=own_name
    )
    app.jinja_env.install_gettext_callables(  # type: ignore[attr-defined]
        gettext=lambda s: translations().ugettext(s),
        ngettext=lambda s, p, n: translations().ungettext(s, p, n),
        newstyle=True,
        pgettext=lambda c, s: translations().upgettext(c, s),
        npgettext=lambda c, s, p, n: translations().unpgettext(c, s, p, n),
    )
    # ``_()`` in a template: in one call, where Jinja's alias calls its gettext, which calls
    # the catalog's (a save says some thirty: the two layers cost it about 1 %).
    app.jinja_env.globals.update(_=template_gettext, gettext=template_gettext)

    @app.before_request
    def remember_language() -> None:
        chosen = request.args.get("lang")
        if chosen in app.config["LANGUAGES"] and request.endpoint not in NOT_REMEMBERED:
            session["lang"] = chosen


def stored_message(summary: Mapping[str, Any]) -> Message:
    """A change's summary as the app stored it (``_dump``), its nested messages made again:
    only the change log is read this way, never a record or anything else from outside."""
    params = {
        name: stored_message(value) if _is_dumped(value) else value
        for name, value in (summary.get("params") or {}).items()
    }
    return Message(str(summary.get("template", "")), params)


def _is_dumped(value: Any) -> bool:
    return isinstance(value, Mapping) and isinstance(value.get("template"), str)
