"""A whole game file (banker/service/game_files.py) over HTTP: its download, and the requests that carry
one in, the API's import and the New game screen's. Every other request is held to
MAX_CONTENT_LENGTH (64 KB); these may carry a game file and the form around it. `banker serve`
reads their bodies up to that size (banker/cli/server.py), and the app lets Flask read them before the
CSRF check reads the form."""

from __future__ import annotations

from flask import Flask, Response, request

from banker.rules.text import Text
from banker.service.game_files import MAX_BYTES
from banker.web.http import seats

PATHS = ("/api/games/import", "/import")
MAX_BODY = MAX_BYTES + 64 * 1024  # the file and the rest of the form (its CSRF token, the boundary)


def body_limit(path: str, default: int) -> int:
    """The most a request to `path` may send."""
    return max(default, MAX_BODY) if path in PATHS else default


TOO_LARGE = Text("A game file is at most %(most)s MB: this one is larger.", most=MAX_BYTES >> 20)


def too_large() -> Text | None:
    """What a request to a game file's path over its bound is told (None: any other request)."""
    return TOO_LARGE if request.path in PATHS else None


def register(app: Flask) -> None:
    def lift():
        request.max_content_length = body_limit(request.path, app.config["MAX_CONTENT_LENGTH"])

    # before the CSRF check, which reads the form
    app.before_request_funcs.setdefault(None, []).insert(0, lift)


def download(game_id: str) -> Response:
    """The game as a file to save, named by its join code. Its ETag names the game's seq, so the
    bytes (kept by the service while the game stays at that seq) are compressed once, not on
    every download of a long game (delivery.py), and a download again may be answered 304."""
    service = seats.service()
    name = f"banker-game-{service.seats.join_code(game_id)}.json"
    seq = service.state(game_id).seq
    body = service.export_game(game_id)
    response = Response(
        body, mimetype="application/json", headers={"Content-Disposition": f'attachment; filename="{name}"'}
    )
    response.set_etag(f"{game_id}-{seq}-{len(body)}")
    return response.make_conditional(request)
