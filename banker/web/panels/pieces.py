"""The pieces a player can pick at New game, and how a player is told apart on every screen: their
colour and their piece, in the screen's language.

A piece picked on the form is stored by its English name (the message id), so one game reads
"Dog" on an English phone and "イヌ" on a Japanese one. Any other piece (typed through the API)
reads as written."""

from __future__ import annotations

from functools import cache

from babel.support import Translations

from banker.rules.game import MAX_NAME
from banker.rules.state import Player
from banker.rules.text import Parts, Text
from banker.web.http.i18n import LANGUAGES, TRANSLATIONS

PIECES = (
    Text("Car"),
    Text("Dog"),
    Text("Top hat"),
    Text("Boot"),
    Text("Ship"),
    Text("Iron"),
    Text("Thimble"),
    Text("Cat"),
    Text("Penguin"),
    Text("T-Rex"),
    Text("Duck"),
    Text("Wheelbarrow"),
)


@cache
def _known() -> dict[str, Text]:
    """Each piece by its name in every language of the screens: the form once stored the name it
    showed, so a game started on a Korean phone holds "강아지" for the dog."""
    known = {}
    for language in LANGUAGES:
        catalogue = Translations.load(str(TRANSLATIONS), [language])
        for piece in PIECES:
            known[catalogue.ugettext(piece.msgid).casefold()] = piece
    return known


def piece_name(token: str) -> str:
    """A stored piece as a Text when it is one of the form's, else as written."""
    return _known().get(token.casefold(), token)


def looks(player: Player) -> str:
    """ "Red · Dog": the player's colour, and their piece if they have one."""
    if not player.token:
        return player.colour_name
    return Parts([player.colour_name, piece_name(player.token)], separator=" · ")


TEMPLATE_GLOBALS = {"looks": looks, "max_name": MAX_NAME}
