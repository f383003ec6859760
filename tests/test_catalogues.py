"""Every word a player reads is in the Korean and Japanese catalogues, and nothing on a screen
escapes them: the messages the code and the templates ask for, the committed template of the
catalogues, the placeholders of each translation, and the text left in the templates."""

from __future__ import annotations

import re
from html.parser import HTMLParser
from pathlib import Path

import pytest
from babel.messages.extract import extract_from_dir
from babel.messages.pofile import read_po

ROOT = Path(__file__).resolve().parent.parent
TRANSLATIONS = ROOT / "banker" / "translations"
LANGUAGES = ("ko", "ja")
# as README's pybabel commands: Text and Plural are the rules core's message keywords
KEYWORDS = {"_": None, "gettext": None, "ngettext": (1, 2), "Text": None, "Plural": (1, 2)}
METHODS = [("banker/**.py", "python"), ("templates/**.html", "jinja2")]
PLACEHOLDER = re.compile(r"%\((\w+)\)[sr]")
# What a screen may print outside a message: the app's name
NOT_WORDS = {"Banker"}
# attributes a person reads or hears; the auction's calls ride in data-* for the script
# templates that are a list of attributes for the tag that includes them, not markup
ATTRIBUTE_LISTS = {"shared/_live_attrs.html", "editions/_field_attrs.html"}
READ_ATTRIBUTES = {
    "placeholder",
    "aria-label",
    "title",
    "alt",
    "data-confirm",
    "data-confirm-do",
    "data-plain",
    "data-pay-label",
    "data-just-now",
    "data-minutes",
    "data-sold",
    "data-once",
    "data-twice",
}


def extracted() -> set[str | tuple[str, str]]:
    found = set()
    for _, _, message, _, _ in extract_from_dir(ROOT, METHODS, keywords=KEYWORDS):
        if isinstance(message, tuple):
            message = tuple(message[:2])
        if message:
            found.add(message)
    return found


def catalogue(name: str):
    path = (
        TRANSLATIONS / "messages.pot"
        if name == "pot"
        else TRANSLATIONS / name / "LC_MESSAGES" / "messages.po"
    )
    with path.open("rb") as file:
        return read_po(file)


def ids(catalog) -> set[str | tuple[str, str]]:
    return {tuple(m.id) if isinstance(m.id, tuple | list) else m.id for m in catalog if m.id}


@pytest.fixture(scope="module")
def messages() -> set[str | tuple[str, str]]:
    return extracted()


def test_the_committed_template_lists_exactly_the_messages_the_code_asks_for(messages):
    pot = ids(catalogue("pot"))
    assert not messages - pot, f"new messages missing from messages.pot: {sorted(map(str, messages - pot))}"
    assert not pot - messages, (
        f"messages.pot lists messages no longer used: {sorted(map(str, pot - messages))}"
    )


@pytest.mark.parametrize("language", LANGUAGES)
def test_a_catalogue_keeps_no_translation_of_a_message_no_longer_asked_for(messages, language):
    # a message reworded leaves its old translation behind, read by nobody
    kept = {m[0] if isinstance(m, tuple) else m for m in ids(catalogue(language))}
    asked = {m[0] if isinstance(m, tuple) else m for m in messages}
    assert not kept - asked, (
        f"{language}: translations of messages no longer used: {sorted(kept - asked)[:5]}"
    )


@pytest.mark.parametrize("language", LANGUAGES)
def test_a_catalogue_translates_each_message_once(language):
    # a message appended again below its first translation: the reader keeps one of the two, and
    # which one a screen shows is nobody's choice
    text = (TRANSLATIONS / language / "LC_MESSAGES" / "messages.po").read_text(encoding="utf-8")
    entries = re.findall(r'^(?:msgctxt "(.*)"\n)?msgid "(.*)"$', text, re.M)
    twice = sorted({entry for entry in entries if entries.count(entry) > 1})
    assert not twice, f"{language}: translated more than once: {twice[:5]}"


@pytest.mark.parametrize("language", LANGUAGES)
def test_every_message_has_a_finished_translation(messages, language):
    catalog = catalogue(language)
    untranslated = []
    for message in messages:
        entry = catalog.get(message[0] if isinstance(message, tuple) else message)
        strings = entry.string if entry is not None else ""
        strings = strings if isinstance(strings, tuple | list) else (strings,)
        if entry is None or entry.fuzzy or not all(strings):
            untranslated.append(message)
    assert not untranslated, (
        f"{language}: {len(untranslated)} untranslated, e.g. {sorted(map(str, untranslated))[:5]}"
    )


@pytest.mark.parametrize("language", LANGUAGES)
def test_each_translation_keeps_the_placeholders_of_its_message(language):
    for entry in catalogue(language):
        if not entry.id:
            continue
        wanted = set().union(*(PLACEHOLDER.findall(source) for source in _texts(entry.id)))
        for string in _texts(entry.string):
            assert set(PLACEHOLDER.findall(string)) == wanted, (language, entry.id, string)
            # a literal percent sign is doubled exactly where the message doubles it
            assert string.count("%%") == _texts(entry.id)[0].count("%%"), (language, entry.id, string)


class _Reader(HTMLParser):
    """What a person reads on a page: text between tags and the attributes they read or hear."""

    def __init__(self) -> None:
        super().__init__(convert_charrefs=True)
        self.read: list[str] = []
        self._skip = 0

    def handle_starttag(self, tag, attrs):
        if tag in ("script", "style"):
            self._skip += 1
        for name, value in attrs:
            if value and (
                name in READ_ATTRIBUTES
                or (tag == "input" and name == "value" and ("type", "submit") in attrs)
            ):
                self.read.append(value)

    def handle_endtag(self, tag):
        if tag in ("script", "style"):
            self._skip -= 1

    def handle_data(self, data):
        if not self._skip:
            self.read.append(data)


# A refusal names the JMA tournament rules with one word in each language: a player told "대회
# 규칙" by one refusal and "토너먼트 규칙" by the next would wonder whether they are two rule sets
TOURNAMENT_RULES = {"ko": "대회 규칙", "ja": "大会ルール"}


@pytest.mark.parametrize("language", LANGUAGES)
def test_the_tournament_rules_go_by_one_name_in_each_language(language):
    named = [
        string
        for entry in catalogue(language)
        if any("tournament rules" in source for source in _texts(entry.id))
        for string in _texts(entry.string)
    ]
    assert named and all(TOURNAMENT_RULES[language] in string for string in named), [
        string for string in named if TOURNAMENT_RULES[language] not in string
    ]


def _texts(field) -> tuple[str, ...]:
    return tuple(field) if isinstance(field, tuple | list) else (field,)


def words_outside_messages(source: str) -> list[str]:
    """Letters a template prints that no gettext call covers: Jinja's comments, statements and
    expressions are taken out first (every message is asked for inside one)."""
    source = re.sub(r"{#.*?#}", " ", source, flags=re.S)
    source = re.sub(r"{% block body_attrs %}.*?{% endblock %}", " ", source, flags=re.S)
    source = re.sub(r"{%.*?%}", " ", source, flags=re.S)
    source = re.sub(r"{{.*?}}", " ", source, flags=re.S)
    reader = _Reader()
    reader.feed(source)
    return [word for text in reader.read for word in re.findall(r"[^\W\d_]+", text) if word not in NOT_WORDS]


TEMPLATES = sorted(
    path.relative_to(ROOT / "templates").as_posix() for path in ROOT.glob("templates/**/*.html")
)


@pytest.mark.parametrize("template", [name for name in TEMPLATES if name not in ATTRIBUTE_LISTS])
def test_a_template_prints_no_words_outside_a_message(template):
    assert words_outside_messages((ROOT / "templates" / template).read_text("utf-8")) == []


def test_the_template_check_catches_a_word_left_untranslated():
    assert words_outside_messages('<p class="hint">{{ _("Pay") }} now</p>') == ["now"]
    assert words_outside_messages('<input placeholder="e.g. {{ code }}">') == ["e", "g"]
    assert words_outside_messages("<button title=\"{{ _('Close') }}\">✕</button>") == []
