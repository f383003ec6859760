"""Languages: every screen in English, Korean or Japanese.

The language is the phone's own (its Accept-Language) until the player picks one with the
switcher at the foot of every screen, which is then kept in a cookie. The JSON API speaks to
programs, not people: its data (history lines, reasons) stays in English, and only its error
messages follow the request's Accept-Language, so a tool that sends none always reads English.

The rules core words its messages as `Text` (banker/rules/text.py): English that remembers its
message id. Templates print them through Jinja's `finalize`, which translates every Text on its
way out, so a rule's refusal, a history line or a button label reads in the screen's language
without each template asking for it.

The catalogues are banker/translations/<lang>/LC_MESSAGES/messages.po; their compiled .mo files
are not kept in git: `compile_catalogues` builds any that is missing or older than its .po when
the app starts (a fresh clone, `pip install -e .`, or a .po just edited)."""

from __future__ import annotations

import logging
import os
import tempfile
from functools import lru_cache
from pathlib import Path
from typing import Any
from urllib.parse import urlsplit

from babel.messages.mofile import write_mo
from babel.messages.pofile import read_po
from babel.support import NullTranslations, Translations
from flask import Blueprint, Flask, current_app, g, redirect, request
from flask_babel import get_locale, get_translations
from jinja2 import Environment, pass_context
from jinja2.runtime import Context
from werkzeug.datastructures import LanguageAccept
from werkzeug.http import parse_accept_header

from banker.extensions import babel
from banker.rules.korean import choose_particles
from banker.rules.text import Text, listing, say

log = logging.getLogger(__name__)

LANGUAGES = {"en": "English", "ko": "한국어", "ja": "日本語"}  # as the switcher shows each
DEFAULT = "en"
COOKIE = "lang"
YEAR = 365 * 24 * 60 * 60
TRANSLATIONS = Path(__file__).resolve().parents[2] / "translations"
LANG_KEPT, TRANSLATIONS_KEPT = "banker_lang", "banker_translations"  # per request, in `g`
_catalogues: dict[tuple[str, str], Translations | NullTranslations] = {}  # (folder, language)

bp = Blueprint("i18n", __name__)


def choose_locale() -> str:
    """The screen's language: the switcher's choice, else the phone's; the API goes by the
    request's Accept-Language alone."""
    chosen = request.cookies.get(COOKIE)
    if chosen in LANGUAGES and not request.path.startswith("/api/"):
        return chosen
    return _asked_for(request.headers.get("Accept-Language", ""))


@lru_cache(maxsize=1024)
def _asked_for(accept_language: str) -> str:
    """The first of our languages an Accept-Language header asks for: a table's phones send a
    handful of distinct headers, each read once."""
    return parse_accept_header(accept_language, LanguageAccept).best_match(LANGUAGES, default=DEFAULT)


def lang() -> str:
    if not g:
        return str(get_locale() or DEFAULT)
    found = g.get(LANG_KEPT)
    if found is None:
        found = choose_locale()
        setattr(g, LANG_KEPT, found)
    return found


def translations() -> Translations | NullTranslations:
    """The request's catalogue, looked up once per request (a screen asks it for every word) and
    once per language for all requests."""
    if not g:
        return get_translations()
    found = g.get(TRANSLATIONS_KEPT)
    if found is None:
        key = (current_app.config["BABEL_TRANSLATION_DIRECTORIES"], lang())
        found = _catalogues.get(key)
        if found is None:
            found = _catalogues[key] = get_translations()
        setattr(g, TRANSLATIONS_KEPT, found)
    return found


def translate(value: Any) -> Any:
    """A Text in the current language; anything else as it is."""
    if not isinstance(value, Text):
        return value
    catalogue = translations()
    return say(value, catalogue.ugettext, catalogue.ungettext)


@bp.post("/language")
def switch():
    """The switcher: remember the language picked and go back to the screen it was picked on."""
    chosen = request.form.get("lang", DEFAULT)
    back = request.form.get("next", "/")
    if urlsplit(back).netloc or not back.startswith("/") or back.startswith("//") or "\\" in back:
        back = "/"  # only back to a page of this server
    response = redirect(back, 303)
    if chosen in LANGUAGES:
        response.set_cookie(COOKIE, chosen, max_age=YEAR, samesite="Lax", httponly=True)
    return response


def compile_catalogues(directory: Path = TRANSLATIONS) -> None:
    """Build each catalogue's .mo from its .po when the .mo is missing or older."""
    for po in directory.glob("*/LC_MESSAGES/messages.po"):
        mo = po.with_suffix(".mo")
        if mo.exists() and mo.stat().st_mtime >= po.stat().st_mtime:
            continue
        with po.open("rb") as file:
            catalog = read_po(file)
        try:
            with tempfile.NamedTemporaryFile("wb", dir=mo.parent, delete=False) as out:
                write_mo(out, catalog)
            os.replace(out.name, mo)
        except OSError:  # a read-only install: that language falls back to English
            log.warning("could not compile %s", po)


def _choose_particles_after(env: Environment, *names: str) -> None:
    """A template's own message chooses its Korean particles once its words are filled in (see
    banker/rules/korean.py); Jinja fills them in its gettext, so the choice wraps that."""
    for name in names:
        fill = env.globals[name]

        @pass_context
        def filled(context: Context, *args: Any, _fill: Any = fill, **variables: Any) -> str:
            said = _fill(context, *args, **variables)
            chosen = choose_particles(said)
            return said if chosen is said else type(said)(chosen)

        env.globals[name] = filled


def register(app: Flask) -> None:
    compile_catalogues()
    app.config.setdefault("BABEL_TRANSLATION_DIRECTORIES", str(TRANSLATIONS))
    babel.init_app(app, locale_selector=choose_locale)
    app.jinja_env.install_gettext_callables(
        gettext=lambda s: translations().ugettext(s),
        ngettext=lambda s, p, n: translations().ungettext(s, p, n),
        newstyle=True,
        pgettext=lambda c, s: translations().upgettext(c, s),
        npgettext=lambda c, s, p, n: translations().unpgettext(c, s, p, n),
    )
    _choose_particles_after(app.jinja_env, "gettext", "ngettext")
    app.jinja_env.finalize = translate
    app.jinja_env.filters["say"] = translate  # a Text passed into a template's own message
    app.jinja_env.globals["listing"] = listing
    app.register_blueprint(bp)
    app.context_processor(lambda: {"lang": lang(), "languages": LANGUAGES})
