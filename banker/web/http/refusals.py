"""Requests that `banker serve` turns away before they reach a screen: one connection too many, or
a request that took too long to arrive or arrived broken. The server marks them in the WSGI
environ and leaves their bodies unread; they are answered here, in the phone's own language and
shape (a page, a toast or the API's JSON), like every other refusal."""

from __future__ import annotations

from collections.abc import Callable

from flask import Flask, Response, make_response, request

from banker.rules.text import Text
from banker.service.workers import BUSY as BUSY_WITH_FILES

REFUSED = "banker.refused"  # environ key: why the server refused the request
BUSY = "busy"  # too many connections open in all
CROWDED = "crowded"  # too many from this client's address
SLOW = "slow"  # its body did not arrive in time
FILES = "files"  # a game file, while as many are being read and checked as the workers can take
BROKEN = "broken"  # its body was cut short or broken (a chunk's size that is no number)
RETRY_SECONDS = 5

ANSWERS = {
    BUSY: (503, Text("The bank has too many connections open just now. Try again in a few seconds.")),
    CROWDED: (
        503,
        Text(
            "Too many connections from this network just now. Close other Banker tabs or try again"
            " in a few seconds."
        ),
    ),
    SLOW: (408, Text("That request took too long to arrive. Check the connection and try again.")),
    FILES: (503, BUSY_WITH_FILES),
    BROKEN: (400, Text("That request was not understood. Reload the page and try again.")),
}


Answer = tuple[str, int] | tuple[Response, int] | Response


def register(app: Flask, answer: Callable[[int, str], Answer]) -> None:
    """`answer(status, message)` is how every screen shows a refusal."""

    def refused():
        reason = request.environ.get(REFUSED)
        if reason is None:
            return None
        status, message = ANSWERS[reason]
        response = make_response(answer(status, message))
        if status == 503:
            response.headers["Retry-After"] = str(RETRY_SECONDS)
        return response

    # first of all: before the CSRF check, which would read the body
    app.before_request_funcs.setdefault(None, []).insert(0, refused)
