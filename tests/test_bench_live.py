"""The bench's reading of what a phone receives: the stream's messages off the wire, the bytes
each costs, the balances it carries. (Its timings are measured by `python -m tests.bench`, never here.)"""

from __future__ import annotations

from tests.bench.phones import EventStream, display_cash, parse_event, reply_complete, shown_cash


def chunk(text: str) -> bytes:
    """One chunk of a chunked HTTP body, as the server sends each part of the stream."""
    data = text.encode()
    return f"{len(data):x}\r\n".encode() + data + b"\r\n"


UPDATE = (
    'id: 302\nevent: update\ndata: <b hx-swap-oob="innerHTML:.cash-1"><data value="1410">$1,410</data></b>\n'
    'data: <b hx-swap-oob="innerHTML:.cash-12"><data value="90">&#8361;90</data></b>\n\n'
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


def test_the_browser_bench_times_each_payment_to_its_last_page_on_one_clock():
    from tests.bench.live_updates import latencies

    run = {
        "sent": [1000.0, 1250.0],
        "expected": ["$1,499", "$1,497"],
        # each page's first reading is the balance before the payments; page 2's clock runs 5 ms ahead
        "seen": [
            [["$1,500", 0.0], ["$1,499", 1010.0], ["$1,497", 1270.0]],
            [["$1,500", 5.0], ["$1,499", 1045.0], ["$1,497", 1265.0]],
        ],
        "offsets": [(0.0, 0.1), (5.0, 0.1)],
    }
    assert latencies(run) == ([40.0, 20.0], 0)


def test_the_browser_bench_splits_each_payment_at_its_message_reaching_the_pages_script():
    from tests.bench.live_updates import where_it_goes

    run = {
        "sent": [1000.0, 1250.0],
        "seqs": [7, 8],
        "expected": ["$1,499", "$1,497"],
        "seen": [
            [["$1,500", 0.0], ["$1,499", 1010.0], ["$1,497", 1270.0]],
            [["$1,500", 5.0], ["$1,499", 1045.0], ["$1,497", 1265.0]],
        ],
        # page 2's clock runs 5 ms ahead; a message of another seq (the page's first) is no payment's
        "arrived": [[["6", 990.0], ["7", 1008.0], ["8", 1262.0]], [["7", 1037.0], ["8", 1264.0]]],
        "offsets": [(0.0, 0.1), (5.0, 0.1)],
    }
    reached, last, drawn = where_it_goes(run)
    assert reached == [8.0, 32.0, 12.0, 9.0]
    assert last == [32.0, 12.0]
    assert drawn == [2.0, 8.0, 8.0, 1.0]


def test_the_browser_bench_counts_a_skipped_or_reordered_balance():
    from tests.bench.live_updates import latencies

    run = {
        "sent": [1000.0, 1250.0, 1500.0],
        "expected": ["$1,499", "$1,497", "$1,494"],
        "seen": [
            [["$1,500", 0.0], ["$1,499", 1010.0], ["$1,494", 1520.0]],  # never showed $1,497
            [["$1,500", 0.0], ["$1,497", 1260.0], ["$1,499", 1261.0], ["$1,494", 1510.0]],  # out of order
        ],
        "offsets": [(0.0, 0.1), (0.0, 0.1)],
    }
    samples, wrong = latencies(run)
    assert samples == [261.0, 20.0]  # the payment a page never showed has no time
    assert wrong == 2


def test_a_display_update_tells_each_changed_cards_cash_without_its_spoken_label():
    cards = (
        '<article id="player-1" class="player" hx-swap-oob="true" data-party="1">'
        '<p class="cash" data-fit><span class="sr-only">Cash </span>$1,410</p></article>'
        '<article id="player-12" class="player" hx-swap-oob="true" data-party="12">'
        '<p class="cash"><span class="sr-only">현금 </span>&#8361;90</p></article>'
    )
    assert (display_cash(cards, 1), display_cash(cards, 12), display_cash(cards, 2)) == (
        "$1,410",
        "₩90",
        None,
    )
