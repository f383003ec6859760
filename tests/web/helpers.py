"""Driving the screens the way a phone does: forms, htmx headers, the CSRF token."""

from __future__ import annotations

import html
import re

from flask.testing import FlaskClient

HTMX = {"HX-Request": "true"}


def csrf_token(client: FlaskClient, path: str = "/new") -> str:
    page = client.get(path).get_data(as_text=True)
    match = re.search(r'name="csrf_token" value="([^"]+)"', page) or re.search(
        r'"X-CSRFToken": "([^"]+)"', page
    )
    assert match, f"no CSRF token on {path}"
    return match.group(1)


def new_game(client: FlaskClient, *names: str) -> str:
    """The host starts a game on `client`; returns the game id (the host holds the bank)."""
    token = csrf_token(client)
    response = client.post("/new", data={"csrf_token": token, "name": list(names)})
    assert response.status_code == 303, response.get_data(as_text=True)
    return response.headers["Location"].split("/")[2]


def join_code(client: FlaskClient, game_id: str) -> str:
    page = client.get(f"/g/{game_id}/lobby").get_data(as_text=True)
    return re.search(r'aria-label="Join code">([A-Z0-9]+)<', page).group(1)


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
    token = csrf_token(client)  # one token per session, as every page of it carries
    return client.post(
        f"/g/{game_id}/do",
        data={"view": view, **fields},
        headers={**HTMX, "X-CSRFToken": token},
    )


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
