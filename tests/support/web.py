"""Driving the screens the way a phone does: forms, htmx headers, the CSRF token, a phone's
language; and reading what they show."""

from __future__ import annotations

import html
import json
import re
from urllib.parse import urlsplit
from weakref import WeakKeyDictionary

from flask.testing import FlaskClient

HTMX = {"HX-Request": "true"}
# a phone's language, as its browser asks for it
KO = {"Accept-Language": "ko-KR,ko;q=0.9,en;q=0.5"}
JA = {"Accept-Language": "ja-JP,ja;q=0.9"}


def csrf_token(client: FlaskClient, path: str = "/new") -> str:
    page = client.get(path).get_data(as_text=True)
    match = re.search(r'name="csrf_token" value="([^"]+)"', page) or re.search(
        r'"X-CSRFToken": "([^"]+)"', page
    )
    assert match, f"no CSRF token on {path}"
    return match.group(1)


# each client's session cookie, and the CSRF token its pages carry
_SESSION_TOKENS: WeakKeyDictionary[FlaskClient, tuple[str, str]] = WeakKeyDictionary()


def session_token(client: FlaskClient) -> str:
    """The CSRF token of the client's session (one per session, as every page of it carries),
    read from a page again only when the session cookie changed."""
    kept = _SESSION_TOKENS.get(client)
    if kept is None or kept[0] != _session_cookie(client):
        token = csrf_token(client)  # the page starts a session if the client had none
        kept = _SESSION_TOKENS[client] = (_session_cookie(client), token)
    return kept[1]


def _session_cookie(client: FlaskClient) -> str:
    cookie = client.get_cookie("session")
    return cookie.value if cookie else ""


def new_game(client: FlaskClient, *names: str) -> str:
    """The host starts a game on `client`; returns the game id (the host holds the bank)."""
    token = csrf_token(client)
    response = client.post("/new", data={"csrf_token": token, "name": list(names)})
    assert response.status_code == 303, response.get_data(as_text=True)
    return response.headers["Location"].split("/")[2]


def join_code(client: FlaskClient, game_id: str) -> str:
    """The game's join code, as the host's lobby shows it (tests/web/test_screens.py reads it
    there): asked of the service, as drawing the lobby's QR code took a tenth of a second of
    every test that seats a table."""
    return client.application.extensions["banker"].seats.join_code(game_id)


def join(client: FlaskClient, code: str, player_id: int) -> None:
    token = csrf_token(client, f"/join/{code}")
    response = client.post(f"/join/{code}", data={"csrf_token": token, "player": player_id})
    assert response.status_code == 303, response.get_data(as_text=True)


def take_seat(client: FlaskClient, link: str):
    """Open a seat link and tap its one button, as a phone takes its seat back."""
    token = csrf_token(client, link)
    return client.post(link, data={"csrf_token": token})


def do(client: FlaskClient, game_id: str, view: str = "player", **fields):
    """Post a command from a screen, as its htmx buttons and forms do."""
    return client.post(
        f"/g/{game_id}/do",
        data={"view": view, **fields},
        headers={**HTMX, "X-CSRFToken": session_token(client)},
    )


def seated(app, preset="classic", edition="us", **options):
    """A game for Ann and Bob; returns (game id, Ann's phone, Bob's phone, the service)."""
    service = app.extensions["banker"]
    game = service.create_game(["Ann", "Bob"], preset=preset, edition=edition, options=options or None)
    phones = []
    for player in (1, 2):
        phone = app.test_client()
        join(phone, game.game.join_code, player)
        phones.append(phone)
    return game.game.id, phones[0], phones[1], service


def state(app, game_id: str):
    return app.extensions["banker"].state(game_id)


def seq(app, game_id: str) -> int:
    """How many actions the game's log holds: unchanged means nothing happened."""
    return app.extensions["banker"].state(game_id).seq


def text(response) -> str:
    """The response body as a person reads it (entities such as &#39; decoded)."""
    return html.unescape(response.get_data(as_text=True))


def readable(markup: str) -> str:
    """Markup as the words on the screen: tags dropped, white space collapsed."""
    return " ".join(re.sub(r"<[^>]+>", " ", markup).split())


def refusal(response) -> str:
    """The words of the refusal toast a tap got back (without its close button)."""
    found = re.search(r'<div class="toast bad"[^>]*><p>(.*?)</p>', text(response), re.S)
    assert found, text(response)
    return readable(found.group(1))


def page(client: FlaskClient, game_id: str, path: str = "") -> str:
    """A screen of the game as this phone sees it, as text."""
    return text(client.get(f"/g/{game_id}{path}"))


def as_banker(app, game_id: str, *commands: dict) -> None:
    """Set the table up through the service with the banker's seat."""
    service = app.extensions["banker"]
    banker = service.seats.of(game_id)[0].token
    for command in commands:
        service.run(game_id, banker, command)


def tap(client: FlaskClient, game_id: str, position: int, view: str = "player", **extra) -> str:
    """The sheet a tap on the space at `position` opens, as text."""
    response = client.get(
        f"/g/{game_id}/space/{position}", query_string={"view": view, **extra}, headers=HTMX
    )
    assert response.status_code == 200, response.get_data(as_text=True)
    return text(response)


def buttons(sheet: str) -> list[str]:
    """The labels of the sheet's action buttons, in order, as they read."""
    return [readable(label) for label in re.findall(r"<button class=\"btn[^>]*>(.*?)</button>", sheet, re.S)]


def sent_by(sheet: str, label: str) -> dict:
    """What the sheet's button whose label begins with `label` sends when tapped."""
    for attributes, shown in re.findall(r"<button class=\"btn([^>]*)>(.*?)</button>", sheet, re.S):
        if readable(shown).startswith(label):
            return json.loads(html.unescape(re.search(r"hx-vals='([^']*)'", attributes).group(1)))
    raise AssertionError(f"No button reads {label}: {buttons(sheet)}")


def refusals(sheet: str) -> list[str]:
    """Why each of the sheet's actions that is not offered is not."""
    return re.findall(r"<small>([^<]+)</small>", sheet)


def debt_card(html: str) -> str:
    return re.search(r'<section class="card debt".*?</section>', html, re.S).group(0)


def display_link(client, game_id: str, link: str = "new") -> str | None:
    """The bank makes a new display link (or turns it off, "off"); its address, if any."""
    token = csrf_token(client, f"/g/{game_id}/display-link")
    response = client.post(f"/g/{game_id}/display-link", data={"csrf_token": token, "link": link})
    assert response.status_code == 303
    page = client.get(f"/g/{game_id}/display-link").get_data(as_text=True)
    found = re.search(r'<span class="link">([^<]+)</span>', page)
    return urlsplit(found.group(1)).path if found else None


def open_display(app, game_id: str, link: str):
    display = app.test_client()
    response = display.get(link)
    assert response.status_code == 302 and response.headers["Location"] == f"/g/{game_id}/display"
    return display


def tally_rows(html: str) -> list[str]:
    """Each row of the tally as it reads aloud: rank, name, what makes the total, the total."""
    body = html.split('<table class="tally">', 1)[1].split("</table>", 1)[0].split("<tbody>", 1)[1]
    return [" ".join(re.sub("<[^>]+>", " ", "<tr" + row).split()) for row in body.split("<tr")[1:]]
