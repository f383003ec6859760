"""A phone's live stream carries each change itself, in order: two payments in a row are two
messages with consecutive ids, and a phone that missed more changes than are kept gets its whole
screen at once."""

from __future__ import annotations

import itertools
import threading
import time
from collections.abc import Callable, Iterator
from contextlib import contextmanager

from flask import template_rendered

from banker.service.shares import HURRIED, WINDOW
from banker.service.states import STATES_KEPT
from banker.web import push
from banker.web.http import turns
from tests.support.sse import fragments, lines_of, messages, next_message
from tests.support.web import do, new_game, readable, seq


def ticking(step: float) -> Callable[[], float]:
    """A clock that moves `step` seconds at each look, starting a minute after the real one: the
    time the table's setting up took (on the real clock, and as long as a slow machine makes it)
    has faded by then, as it would have at a table."""
    start, readings = time.perf_counter() + 60, itertools.count()
    return lambda: start + next(readings) * step


def pay_bob(table, amount):
    response = do(table["Ann"], table["id"], type="pay_player", player="1", to="2", amount=str(amount))
    assert response.status_code == 200


@contextmanager
def waiting_stream(app, table) -> Iterator[tuple[Callable[[], bytes], int]]:
    """Cy's live stream, opened at the game's seq and read up to its first keepalive (it is
    waiting for a change): its `readline` and that seq. Open while the test pays; closed after."""
    app.config["STREAM_SECONDS"] = 5
    before = seq(app, table["id"])
    response = table["Cy"].get(f"/g/{table['id']}/stream?seq={before}&view=player", buffered=False)
    try:
        readline = lines_of(response.response)
        while not readline().startswith(b":"):
            pass
        yield readline, before
    finally:
        response.close()


def test_two_payments_in_a_row_arrive_as_two_messages_in_order(app, table):
    with waiting_stream(app, table) as (readline, before):
        pay_bob(table, 10)
        first = next_message(readline)
        pay_bob(table, 25)
        second = next_message(readline)
    assert [(m.id, m.event) for m in (first, second)] == [
        (str(before + 1), "update"),
        (str(before + 2), "update"),
    ]
    for message, ann, bob, line in ((first, "$1,490", "$1,510", "$10"), (second, "$1,465", "$1,535", "$25")):
        parts = dict(fragments(message.data))
        assert ann in parts[".cash-1"] and bob in parts[".cash-2"]
        assert f"Ann paid Bob {line}" in parts["#history ol"]


def test_a_phone_that_missed_a_few_changes_is_brought_through_each(app, table):
    game_id = table["id"]
    start = seq(app, game_id)
    pay_bob(table, 10)
    pay_bob(table, 25)
    now = seq(app, game_id)
    stream = f"/g/{game_id}/stream?seq={start}&view=player"  # the seq of the page when it loaded
    # a page that reconnects: the browser sends the id of the last message it had, else the page's seq
    for headers, missed in (({}, [start + 1, now]), ({"Last-Event-ID": str(start + 1)}, [now])):
        sent = messages(table["Bob"].get(stream, headers=headers).get_data())
        assert [int(m.id) for m in sent] == missed
        assert '<data value="1535">' in dict(fragments(sent[-1].data))[".cash-2"]


def test_a_phone_that_missed_many_changes_gets_its_whole_screen_at_the_current_seq(app, table):
    game_id = table["id"]
    start = seq(app, game_id)
    for _ in range(STATES_KEPT):
        pay_bob(table, 5)
    pay_bob(table, 10)
    pay_bob(table, 25)
    now = seq(app, game_id)
    stream = f"/g/{game_id}/stream?seq={start}&view=player"
    (message,) = messages(table["Bob"].get(stream).get_data())
    assert (message.id, message.event) == (str(now), "update")
    live = dict(fragments(message.data))["#live"]
    assert f'data-seq="{now}"' in live and f'<data value="{1535 + 5 * STATES_KEPT}">' in live
    newer, older = message.data.index("Ann paid Bob $25"), message.data.index("Ann paid Bob $10")
    assert newer < older  # the history newest first, as a fresh load shows it
    # a phone that had the last change already is sent nothing
    assert messages(table["Bob"].get(stream, headers={"Last-Event-ID": str(now)}).get_data()) == []


def test_a_phone_many_changes_behind_is_brought_all_of_them_in_one_message(app, table):
    # a phone back from a pocket, or the stream of a game a script pays on 80 times a second: its
    # screen drawn whole each time (20 times a change's cost) kept such streams falling behind
    game_id = table["id"]
    start = seq(app, game_id)
    for amount in range(1, 25):
        pay_bob(table, amount)
    sent = messages(table["Bob"].get(f"/g/{game_id}/stream?seq={start}&view=player").get_data())
    assert [int(m.id) for m in sent] == [start + 24]
    parts = dict(fragments(sent[0].data))
    assert "#live" not in parts  # not the screen whole: what changed, from the screen it shows
    assert '<data value="1800">' in parts[".cash-2"]  # 1,500 + 1 + 2 + ... + 24
    assert all(f"Ann paid Bob ${n}<" in parts["#history ol"] for n in (1, 12, 24))
    # the money that came meanwhile: the newest three, the rest summed first, so it adds up
    money = readable(parts["#toast"])
    assert money.startswith("+$231 in 21 earlier payments +$22 from Ann +$23 from Ann +$24 from Ann")


def test_phones_of_one_screen_far_behind_share_its_whole_drawing_while_it_is_fresh(app, table, clock):
    game_id = table["id"]
    start = seq(app, game_id)
    for _ in range(STATES_KEPT + 1):
        pay_bob(table, 5)
    drawn = []
    template_rendered.connect(lambda _, template, **__: drawn.append(template.name), app, weak=False)
    tab = app.test_client()  # Bob's phone and his second tab: one screen
    tab.set_cookie("session", table["Bob"].get_cookie("session").value)
    stream = f"/g/{game_id}/stream?seq={start}&view=player"
    bob, bob_again = (messages(client.get(stream).get_data()) for client in (table["Bob"], tab))
    assert bob == bob_again and len(bob) == 1 and "#live" in dict(fragments(bob[0].data))
    assert drawn.count("player/_live.html") == 1
    clock.advance(60)  # a minute on, its "just now" would be wrong: drawn anew
    (later,) = messages(tab.get(stream).get_data())
    assert drawn.count("player/_live.html") == 2 and "1 min ago" in later.data


class Reading(threading.Thread):
    """A live stream opened at seq `at` and read in a thread of its own, as every stream runs in
    a greenlet of its own under `banker serve` (a request's context is its thread's): once it
    waits for a change (its first keepalive), `ready` is set; then it reads its first message,
    if one comes before the stream ends."""

    def __init__(self, client, game_id, at):
        super().__init__(daemon=True)
        self.client, self.path = client, f"/g/{game_id}/stream?seq={at}&view=player"
        self.ready, self.message = threading.Event(), None

    def run(self):
        response = self.client.get(self.path, buffered=False)
        try:
            readline = lines_of(response.response)
            while not readline().startswith(b":"):
                pass
            self.ready.set()
            rest = b"".join(iter(readline, b""))
            self.message = next(iter(messages(rest)), None)
        finally:
            response.close()


def test_every_stream_of_one_screen_is_sent_the_same_bytes_drawn_once(app, table, monkeypatch):
    game_id = table["id"]
    app.config["STREAM_SECONDS"] = 1  # long enough to see the payment, then each stream ends
    drawn = []
    message = push.message
    monkeypatch.setattr(push, "message", lambda *args: drawn.append(args[4]) or message(*args))
    tab = app.test_client()  # Cy's phone with the game open in a second tab: the same seat
    tab.set_cookie("session", table["Cy"].get_cookie("session").value)
    at = seq(app, game_id)
    streams = [Reading(client, game_id, at) for client in (table["Cy"], tab, table["Bob"])]
    for stream in streams:
        stream.start()
        assert stream.ready.wait(5)
    pay_bob(table, 10)
    for stream in streams:
        stream.join(5)
    cy, cy_again, bob = (stream.message for stream in streams)
    assert cy == cy_again and cy != bob and cy is not None  # Bob, the payee, hears of his money too
    assert sorted(seat.player_id for seat in drawn) == [2, 3]  # once per screen, not per stream


def test_a_game_holds_a_bounded_number_of_streams_and_a_refused_one_is_told_to_poll(app, table):
    game_id = table["id"]
    app.config["STREAM_SECONDS"] = 3  # held through what follows on a busy machine, then each ends
    slots = app.extensions["banker_streams"]
    slots.per_game = 2
    at = seq(app, game_id)
    held = [Reading(table[name], game_id, at) for name in ("Ann", "Bob")]
    for stream in held:
        stream.start()
        assert stream.ready.wait(5)
    refused = table["Cy"].get(f"/g/{game_id}/stream?seq={at}&view=player")
    assert refused.status_code == 503 and refused.headers["Retry-After"] == "5"
    assert "checks for changes instead" in refused.get_data(as_text=True)
    other = new_game(app.test_client(), "Di", "Eve")  # another game's streams are its own
    assert slots.held(game_id) == 2 and slots.held(other) == 0
    for stream in held:
        stream.join(10)  # each ends when its time is up, with no change to read
    assert slots.held(game_id) == 0  # a stream that ended gives its slot back
    assert table["Cy"].get(f"/g/{game_id}/stream?seq={at}&view=player").status_code == 200


def test_the_streams_of_a_game_going_faster_than_any_table_push_in_turn(app, table, monkeypatch):
    """Under `banker serve` such a game's streams push in slices, each once the server has nothing
    else to do (turns.push_in_turn): its 40 streams woken together kept another table's command
    waiting for all of them. A table's streams push at once."""
    game_id = table["id"]
    waited = []
    app.extensions[turns.PUSH_LINE] = lambda: waited.append(seq(app, game_id))
    shares = app.extensions["banker"].shares
    shares.add(game_id, HURRIED * WINDOW)  # its setting up took long, on a busy machine
    monkeypatch.setattr(shares, "clock", ticking(0.001))
    with waiting_stream(app, table) as (readline, before):
        pay_bob(table, 10)
        assert next_message(readline).id == str(before + 1)
        assert waited == []  # a table's pace
        shares.add(game_id, 2 * HURRIED * WINDOW)
        pay_bob(table, 25)
        assert next_message(readline).id == str(before + 2)
        assert waited == [before + 2]  # it waited its turn before pushing the change


def test_a_streams_pushes_count_as_its_games_work(app, table, monkeypatch):
    shares = app.extensions["banker"].shares
    monkeypatch.setattr(shares, "clock", ticking(0.001))
    start = seq(app, table["id"])
    pay_bob(table, 10)
    app.config["STREAM_SECONDS"] = 0  # it brings the phone up to now, then ends
    paid = shares.share(table["id"])
    sent = messages(table["Bob"].get(f"/g/{table['id']}/stream?seq={start}&view=player").get_data())
    assert [m.id for m in sent] == [str(start + 1)]
    assert shares.share(table["id"]) > paid


def test_a_phone_reading_slowly_does_not_make_its_game_look_busy(app, table, monkeypatch):
    # a phone on a poor connection takes its messages slowly, and its stream's write waits for it
    # meanwhile, doing nothing: its table is not to be made to wait its turn for that
    shares = app.extensions["banker"].shares
    now = [50.0]
    monkeypatch.setattr(shares, "clock", lambda: now[0])
    start = seq(app, table["id"])
    for amount in (1, 2, 3):
        pay_bob(table, amount)
    app.config["STREAM_SECONDS"] = 0
    stream = table["Bob"].get(f"/g/{table['id']}/stream?seq={start}&view=player", buffered=False)
    taken = []
    for chunk in stream.response:
        taken.append(chunk)
        now[0] += 2.0  # the phone reads each message 2 s after it was written
    stream.close()
    assert [m.id for m in messages(b"".join(taken))] == [str(start + n) for n in (1, 2, 3)]
    assert not shares.hurried(table["id"])
