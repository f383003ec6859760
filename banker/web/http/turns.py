"""Whose turn it is under `banker serve`, where one process runs every request: each one (a
greenlet) runs until it waits for the network, so a command, which a whole table waits for, would
queue behind every page being drawn at that moment (four phones reading a tally over and over
kept another table's commands waiting behind up to four pages each).

Here a page is drawn by one greenlet at a time, and it steps aside at its seams (before it
starts, before each template is rendered, between the big parts of a screen's page, where the
template calls `turn()`, before it is compressed) until the server has nothing else to do: a
command waits for one slice of one page at most. A table's commands never wait for a turn. Work
that no table waits for, a board being typed in the edition editor, takes turns as pages do
(`in_turn`): saving a whole page of a board's deeds is some 6 ms, and four clients saving over and
over kept every table's commands waiting behind a chain of them. So do the commands of a game
that is going faster than any table (banker/service/shares.py): a script paying on one game from
8 seats as fast as it could, some 700 commands a second, made every other table's commands wait
six times as long; in turns, they wait for one of its commands at most, and alone on the server
it still goes as fast as it asks. Such a command waits once, before it starts (`in_slices`).
A request that waits for time to pass rather than for work (a join the brake holds back) steps out
of its turns first (`step_out`): the pages' and its client's line (banker/cli/fairness.py). Under
threads (tests, `flask run`) the operating system takes turns instead, and nothing here applies."""

from __future__ import annotations

import time
from collections.abc import Callable, Iterable, Iterator
from typing import TypeVar

from flask import Flask, Response, before_render_template, current_app, g, request

from banker.service.pacing import in_turns
from banker.web.http import seats

PAGES = ("GET", "HEAD")
FIELDS_AT_ONCE = 40  # fields of a board set between seams: half a millisecond or so
PUSH_LINE = "banker.push_line"
GIVE_BACK = "banker.give_back"
# In a request's environ under `banker serve`: ends its turn in its client's line (banker/cli/fairness.py)
CLIENT_TURN = "banker.client_turn"
PUSH_SLICE = 0.0005  # s of a hurried game's streams' pushes between looks at the network
View = TypeVar("View", bound=Callable)
T = TypeVar("T")


def in_turn(view: View) -> View:
    """A view whose work, whatever its method, waits for its turn as a page's does."""
    view.in_turn = True  # type: ignore[attr-defined]
    return view


def waits_its_turn() -> bool:
    """Whether this request is drawn in turns under `banker serve`: a page, the editor's work, or
    a command of a game that is going faster than any table (banker/service/shares.py)."""
    if in_slices():
        return True
    game_id = (request.view_args or {}).get("game_id")
    return game_id is not None and seats.service().shares.hurried(game_id)


def in_slices() -> bool:
    """Whether this request's work is long and drawn in slices, stepping aside at each seam: a
    page or the editor's work. A hurried game's command is short (a millisecond): it waits its
    turn once, before it starts; a seam at each template it draws and after it would have it wait
    for every other table's work again and again (its own p95 some 60-80 ms, 14-42 after)."""
    view = current_app.view_functions.get(request.endpoint or "")
    return request.method in PAGES or getattr(view, "in_turn", False)


def seam() -> str:
    """A seam in work drawn in turns: under `banker serve` anything waiting (a command's request,
    a live update) goes first; otherwise nothing. Templates call it as `turn()`."""
    if g.get("drawing"):
        import gevent

        gevent.idle()
    return ""


def paced(items: Iterable[T], at_once: int = FIELDS_AT_ONCE) -> Iterator[T]:
    """`items` one by one, with a seam after every `at_once` of them."""
    return in_turns(items, at_once, lambda: seam())  # looked up when due: a test may replace it


def step_out() -> None:
    """This request waits for time to pass now, not for work: the pages waiting for their turn and
    its client's next requests go on, and it takes no turn again (what is left is a short answer).
    A join held back kept both while it waited: a right code from its address waited behind every
    held guess, and a guess waiting for a place in the waiting room held the pages' turn that the
    guesses in the room needed to answer."""
    end_client_turn = request.environ.get(CLIENT_TURN)
    if end_client_turn is not None:
        end_client_turn()
    give_back = current_app.extensions.get(GIVE_BACK)
    if give_back is not None:
        give_back()


def last_in_line() -> None:
    """Let every request and stream ready to run go first (under threads, nothing to do)."""
    from gevent import monkey

    if monkey.is_module_patched("socket"):
        import gevent

        gevent.sleep(0)


def push_in_turn(game_id: str) -> None:
    """Before a live stream pushes a change of a game that is going faster than any table: under
    `banker serve`, its streams push in slices of PUSH_SLICE, each once the server has nothing
    else to do. Woken together, the 40 streams a game may hold pushed one after another while
    every other table's requests waited for all of them (and 2,000 of them, with the cap lifted,
    for 20-70 ms); in slices, such a request waits for one slice at most, and the game that goes
    too fast waits for its own streams."""
    wait = current_app.extensions.get(PUSH_LINE)
    if wait is not None and seats.service().shares.hurried(game_id):
        wait()


class _PushLine:
    """Under `banker serve`: the pushes of hurried games' streams, a slice of PUSH_SLICE at a time
    (a push is some 50 us; a phone far behind is drawn its whole screen, some milliseconds)."""

    def __init__(self) -> None:
        from gevent.lock import Semaphore

        self._line = Semaphore()
        self._slice_began = 0.0  # when the server last had nothing else to do

    def __call__(self) -> None:
        import gevent

        with self._line:
            if time.perf_counter() - self._slice_began >= PUSH_SLICE:
                gevent.idle()
                self._slice_began = time.perf_counter()


def register(app: Flask) -> None:
    from gevent import monkey

    app.jinja_env.globals["turn"] = seam
    if not monkey.is_module_patched("socket"):
        return
    import gevent
    from gevent.lock import Semaphore

    turn = Semaphore()
    app.extensions[PUSH_LINE] = _PushLine()  # a line of its own: pages never wait behind streams

    def step_aside(*_: object, **__: object) -> None:
        seam()

    @app.before_request
    def take_turn() -> None:
        if waits_its_turn():
            turn.acquire()
            g.turn = True
            gevent.idle()
            g.drawing = in_slices()

    @app.after_request
    def end_turn(response: Response) -> Response:
        step_aside()  # before the response is compressed (delivery's after_request runs last)
        give_back()
        return response

    def give_back(*_: object) -> None:
        g.pop("drawing", None)
        if g.pop("turn", False):
            turn.release()

    app.extensions[GIVE_BACK] = give_back
    before_render_template.connect(step_aside, app, weak=False)
    app.teardown_request(give_back)  # a page that failed gives its turn back too
