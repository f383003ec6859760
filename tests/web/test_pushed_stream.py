"""A phone's live stream carries each change itself, in order: two payments in a row are two
messages with consecutive ids, and a phone that missed changes gets its whole screen at once."""

from __future__ import annotations

from banker.service.states import STATES_KEPT
from tests.support.sse import fragments, lines_of, messages, next_message
from tests.support.web import do, seq


def pay_bob(table, amount):
    response = do(table["Ann"], table["id"], type="pay_player", player="1", to="2", amount=str(amount))
    assert response.status_code == 200


def test_two_payments_in_a_row_arrive_as_two_messages_in_order(app, table):
    game_id = table["id"]
    app.config["STREAM_SECONDS"] = 5  # open while the test pays twice; it closes the stream itself
    before = seq(app, game_id)
    response = table["Cy"].get(f"/g/{game_id}/stream?seq={before}&view=player", buffered=False)
    try:
        readline = lines_of(response.response)
        while not readline().startswith(b":"):
            pass  # up to the first keepalive: the stream is waiting for a change
        pay_bob(table, 10)
        first = next_message(readline)
        pay_bob(table, 25)
        second = next_message(readline)
    finally:
        response.close()
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
