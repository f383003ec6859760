"""What the live stream pushes after a change: the shared parts, the same bytes for every phone
that only watches, and a phone's own parts only when the change was its own."""

from __future__ import annotations

import queue
import threading

import pytest

from tests.web.helpers import do, seq


@pytest.fixture
def streams(app, table):
    """Each player's live stream, opened at the current seq and read by a thread of its own (as a
    server gives each stream its own): message(stream) is its next message."""
    app.config.update(STREAM_SECONDS=5.0, STREAM_KEEPALIVE_SECONDS=30.0)
    now = seq(app, table["id"])
    opened = {}

    def read(name: str, into: queue.Queue) -> None:
        response = table[name].get(f"/g/{table['id']}/stream?seq={now}&view=player", buffered=False)
        for chunk in response.response:
            into.put(chunk.decode())
        response.close()

    for name in ("Ann", "Bob", "Cy"):
        opened[name] = queue.Queue()
        threading.Thread(target=read, args=(name, opened[name]), daemon=True).start()
        assert opened[name].get(timeout=5) == "retry: 1000\n\n"
    return opened


def message(stream: queue.Queue) -> str:
    return stream.get(timeout=5)


def test_a_payment_pushes_the_same_few_bytes_to_a_phone_that_watches(app, table, streams):
    do(table["Ann"], table["id"], type="pay_player", player=1, to=2, amount=90)
    now = seq(app, table["id"])
    cy = message(streams["Cy"])
    assert cy.startswith(f"id: {now}\nevent: update\ndata: ")
    assert '<b hx-swap-oob="innerHTML:.cash-1">$1,410</b>' in cy
    assert '<b hx-swap-oob="innerHTML:.cash-2">$1,590</b>' in cy
    assert '<ol hx-swap-oob="afterbegin:#history ol"><li>Ann paid Bob $90</li></ol>' in cy
    assert "wallet" not in cy and 'id="toast"' not in cy  # a payment between players is no news
    assert len(cy.encode()) <= 250


def test_the_payer_and_the_payee_also_get_their_wallets(app, table, streams):
    do(table["Ann"], table["id"], type="pay_player", player=1, to=2, amount=90)
    ann, bob = message(streams["Ann"]), message(streams["Bob"])
    assert 'data-cash="1410"' in ann and 'id="toast"' not in ann  # her own reply told her, with Undo
    assert 'data-cash="1590"' in bob and "+$90 from Ann" in bob
    assert "my-deeds" not in ann + bob  # nothing of their deeds changed


def test_changes_arrive_one_message_each_in_order(app, table, streams):
    for amount in (10, 20):
        do(table["Ann"], table["id"], type="pay_player", player=1, to=2, amount=amount)
    now = seq(app, table["id"])
    first, second = message(streams["Cy"]), message(streams["Cy"])
    assert first.startswith(f"id: {now - 1}\n") and second.startswith(f"id: {now}\n")
