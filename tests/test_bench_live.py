"""The bench's reading of what a phone receives: the stream's messages off the wire, the bytes
each costs, the balances it carries. (Its timings are measured by `banker bench`, never here.)"""

from __future__ import annotations

from banker.bench_live import EventStream, parse_event, reply_complete, shown_cash


def chunk(text: str) -> bytes:
    """One chunk of a chunked HTTP body, as the server sends each part of the stream."""
    data = text.encode()
    return f"{len(data):x}\r\n".encode() + data + b"\r\n"


UPDATE = (
    'id: 302\nevent: update\ndata: <b hx-swap-oob="innerHTML:.cash-1">$1,410</b>\n'
    'data: <b hx-swap-oob="innerHTML:.cash-12">&#8361;90</b>\n\n'
)


def test_a_message_split_across_reads_comes_whole_with_its_wire_bytes():
    stream = EventStream()
    wire = chunk(UPDATE)
    assert stream.feed(wire[:7]) == []
    assert stream.feed(wire[7:40]) == []
    (message,) = stream.feed(wire[40:])
    assert (message.id, message.event) == (302, "update")
    assert message.data.count("\n") == 1  # two data lines joined as EventSource joins them
    assert message.wire == len(wire) == len(UPDATE.encode()) + len(b"9b\r\n\r\n")


def test_keepalives_and_retry_cost_no_message_anything():
    stream = EventStream()
    assert stream.feed(chunk("retry: 1000\n\n") + chunk(": keepalive\n\n")) == []
    (message,) = stream.feed(chunk(UPDATE))
    assert message.wire == len(chunk(UPDATE))


def test_a_message_sent_in_several_chunks_costs_them_all():
    stream = EventStream()
    head, tail = UPDATE[:20], UPDATE[20:]
    (message,) = stream.feed(chunk(head) + chunk(tail))
    assert message.wire == len(chunk(head)) + len(chunk(tail))
    assert message.id == 302


def test_two_messages_in_one_read_come_in_order():
    stream = EventStream()
    second = UPDATE.replace("302", "303")
    first, then = stream.feed(chunk(UPDATE) + chunk(second))
    assert (first.id, then.id) == (302, 303)


def test_an_event_without_an_id_or_data():
    assert parse_event("event: changed\ndata: 7").id is None
    assert parse_event(": keepalive") is None
    assert parse_event("data:no space").data == "no space"


def test_the_balance_an_update_swaps_in_per_player():
    message = parse_event(UPDATE.strip())
    assert shown_cash(message.data, 1) == "$1,410"
    assert shown_cash(message.data, 12) == "₩90"  # entities read as the screen shows them
    assert shown_cash(message.data, 2) is None


def test_a_reply_is_complete_only_with_its_whole_body():
    head = b"HTTP/1.1 200 OK\r\nContent-Type: text/html\r\nContent-Length: 5\r\n\r\n"
    assert not reply_complete(head[:20])
    assert not reply_complete(head + b"abcd")
    assert reply_complete(head + b"abcde")
    assert reply_complete(b"HTTP/1.1 204 NO CONTENT\r\n\r\n")
