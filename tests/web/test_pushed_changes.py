"""What the live stream pushes after a change: the shared parts, the same bytes for every phone
that only watches, and a phone's own parts only when the change was its own."""

from __future__ import annotations

import queue
import re
import threading

import pytest
from flask import template_rendered

from banker.web.panels import regions
from tests.support.web import as_banker, do, join, page, readable, seq, text


@pytest.fixture
def opened(app):
    """Opens a phone's live stream at seq `now`, read by a thread of its own (as a server gives each
    stream its own): message(stream) is its next message. Each stream is closed by its own thread
    when the test ends, before the game's database goes: one left waiting would look at its seat
    again in a database gone."""
    app.config.update(STREAM_SECONDS=5.0, STREAM_KEEPALIVE_SECONDS=0.1)
    done = threading.Event()
    readers: list[threading.Thread] = []

    def open_stream(client, game_id: str, now: int, view: str) -> queue.Queue:
        into: queue.Queue = queue.Queue()

        def read() -> None:
            response = client.get(f"/g/{game_id}/stream?seq={now}&view={view}", buffered=False)
            for chunk in response.response:
                if done.is_set():
                    break
                if chunk != b": keepalive\n\n":
                    into.put(chunk.decode())
            response.close()

        readers.append(threading.Thread(target=read, daemon=True))
        readers[-1].start()
        assert into.get(timeout=5) == "retry: 1000\n\n"
        return into

    yield open_stream
    done.set()
    for reader in readers:
        reader.join(timeout=5)
        assert not reader.is_alive(), "a stream still open after its test"


@pytest.fixture
def streams(app, table, opened):
    """Each player's live stream, opened at the current seq."""
    now = seq(app, table["id"])
    return {name: opened(table[name], table["id"], now, "player") for name in ("Ann", "Bob", "Cy")}


def message(stream: queue.Queue) -> str:
    return stream.get(timeout=5)


def test_each_screen_draws_the_own_regions_its_panels_declare_for_it(table):
    """What the stream pushes of a phone's own is what its page drew: each own part of a screen
    is declared by its panel, with the model that says when it changed (the auction is shared)."""
    for phone, path, view in ((table["Ann"], "", "player"), (table["host"], "/bank", "bank")):
        page = phone.get(f"/g/{table['id']}{path}").get_data(as_text=True)
        drawn = re.findall(r'<div id="([a-z-]+)" class="region"', page)
        assert sorted(drawn) == sorted(["auction", *(region.name for region in regions(view))])


def test_a_payment_pushes_the_same_few_bytes_to_a_phone_that_watches(app, table, streams):
    do(table["Ann"], table["id"], type="pay_player", player=1, to=2, amount=90)
    now = seq(app, table["id"])
    cy = message(streams["Cy"])
    assert cy.startswith(f"id: {now}\nevent: update\ndata: ")
    assert '<b hx-swap-oob="innerHTML:.cash-1"><data value="1410">$1,410</data></b>' in cy
    assert '<b hx-swap-oob="innerHTML:.cash-2"><data value="1590">$1,590</data></b>' in cy
    assert '<ol hx-swap-oob="afterbegin:#history ol"><li>Ann paid Bob $90</li></ol>' in cy
    assert "wallet" not in cy and 'id="toast"' not in cy  # a payment between players is no news
    assert len(cy.encode()) <= 250


def test_the_payee_also_hears_of_the_money_and_nothing_else_is_drawn_again(app, table, streams):
    do(table["Ann"], table["id"], type="pay_player", player=1, to=2, amount=90)
    ann, bob, cy = message(streams["Ann"]), message(streams["Bob"]), message(streams["Cy"])
    assert ann == cy  # her own reply told her, with Undo; her balance is .cash-1 like anyone's
    shared = cy[: -len("\n\n")]  # a message's html is its one data line
    assert bob.startswith(shared) and 'id="wallet"' not in bob  # the same, then its own toast:
    assert bob[len(shared) :].startswith(' <div hx-swap-oob="innerHTML:#toast">')
    assert "+$90 from Ann" in readable(bob[len(shared) :])
    assert len(bob.encode()) <= 400  # the amount and its words each their own part, to colour and size


def test_news_is_drawn_once_for_every_phone_it_does_not_name(app, table, streams):
    toasts = []

    def drawn(_app, template, **_context) -> None:
        if template.name == "shared/_toast.html":
            toasts.append(template.name)

    game_id, bank = table["id"], table["host"]
    with template_rendered.connected_to(drawn, app):
        do(bank, game_id, "bank", type="decline", player=2, deed=1)
        ann, bob, cy = message(streams["Ann"]), message(streams["Bob"]), message(streams["Cy"])
        assert "Bob did not buy Mediterranean Avenue; the bank auctions it" in readable(ann)
        # the bank's own answer, and one for the three phones: it reads the same to Bob
        assert ann == bob == cy and len(toasts) == 2
        toasts.clear()
        as_banker(app, game_id, {"type": "propose_trade", "player": 1, "to": 2, "give": {"cash": 100}})
        ann, bob, cy = message(streams["Ann"]), message(streams["Bob"]), message(streams["Cy"])
    assert "You offer Bob $100 for nothing in return" in readable(ann)
    assert "Ann offers you $100 for nothing in return" in readable(bob)
    assert "Ann offers Bob $100 for nothing in return" in readable(cy) and "You offer" not in readable(cy)
    # the offer names Ann and Bob: theirs drawn for each; Cy's would be shared by every other phone
    assert len(toasts) == 3  # (sent through the API: no answer drawn)


def test_a_purchase_redraws_the_buyers_wallet_and_deeds_only(app, table, streams):
    do(table["Ann"], table["id"], type="buy", player=1, deed=39)
    ann, cy = message(streams["Ann"]), message(streams["Cy"])
    assert 'id="space-39" hx-swap-oob="true"' in cy and 'id="wallet"' not in cy
    assert 'id="wallet" class="region" hx-swap-oob="true"' in ann and 'id="my-deeds"' in ann


def test_a_phone_is_pushed_no_part_its_page_has_no_place_for(app, table, streams, opened):
    """A player's screen shows them larger above everyone else's rows, so it has no row of its
    own: a change to that row (in jail, out again) was pushed to it all the same, and htmx logged
    oobErrorNoTarget. What the page does show of it (the wallet's way out of jail) still comes."""
    game_id = table["id"]
    streams["bank"] = opened(table["host"], game_id, seq(app, game_id), "bank")
    screens = {"Ann": "", "Bob": "", "Cy": "", "bank": "/bank"}
    for command in ("go_to_jail", "pay_jail_fine"):
        do(table["host"], game_id, "bank", type=command, player=1)
        pushed = {name: message(streams[name]) for name in screens}
        for name, path in screens.items():
            shown = page(table["host" if name == "bank" else name], game_id, path)
            assert [p for p in places(pushed[name]) if not on_page(shown, p)] == [], (command, name)
        assert ".person-1" in pushed["Cy"] and ".person-1" in pushed["bank"]
        assert 'id="jail" class="region" hx-swap-oob="true"' in pushed["Ann"]


def places(pushed: str) -> list[str]:
    """Where each out-of-band part of a pushed message goes: the selector its swap names, else
    its own id."""
    found = []
    for tag in re.finditer(r'<[^>]* hx-swap-oob="([^"]*)"[^>]*>', pushed):
        swap = tag.group(1)
        found.append(
            swap.split(":", 1)[1] if ":" in swap else "#" + re.search(r' id="([^"]+)"', tag.group(0))[1]
        )
    return found


def on_page(html: str, selector: str) -> bool:
    """Whether a page has the element a selector's first part names (an id, or a class)."""
    name = selector.split()[0]
    found = rf' id="{name[1:]}"' if name[0] == "#" else rf' class="(?:[^"]* )?{name[1:]}[ "]'
    return re.search(found, html) is not None


def test_changes_arrive_one_message_each_in_order(app, table, streams):
    for amount in (10, 20):
        do(table["Ann"], table["id"], type="pay_player", player=1, to=2, amount=amount)
    now = seq(app, table["id"])
    first, second = message(streams["Cy"]), message(streams["Cy"])
    assert first.startswith(f"id: {now - 1}\n") and second.startswith(f"id: {now}\n")


def test_a_stream_that_wakes_two_changes_late_still_shows_each_balance(app, table):
    """A busy server may run a phone's stream only after two payments: each comes in turn."""
    app.config.update(STREAM_SECONDS=5.0, STREAM_KEEPALIVE_SECONDS=30.0)
    service, game_id = app.extensions["banker"], table["id"]
    now = seq(app, game_id)
    ann = next(s.token for s in service.seats.of(game_id) if s.player_id == 1)
    chunks = iter(table["Cy"].get(f"/g/{game_id}/stream?seq={now}&view=player", buffered=False).response)
    assert next(chunks) == b"retry: 1000\n\n"
    for amount in (10, 20):  # while the stream waits its turn
        service.run(game_id, ann, {"type": "pay_player", "player": 1, "to": 2, "amount": amount})
    first, second = next(chunks).decode(), next(chunks).decode()
    assert first.startswith(f"id: {now + 1}\n") and '<data value="1490">$1,490</data>' in first
    assert second.startswith(f"id: {now + 2}\n") and '<data value="1470">$1,470</data>' in second
    chunks.close()


def test_a_change_that_alters_nothing_a_screen_shows_still_tells_its_seq(app, table):
    """The lobby shows who joined: a payment changes nothing there, yet its page learns the seq."""
    app.config.update(STREAM_SECONDS=5.0, STREAM_KEEPALIVE_SECONDS=30.0)
    service, game_id = app.extensions["banker"], table["id"]
    now = seq(app, game_id)
    chunks = iter(table["host"].get(f"/g/{game_id}/stream?seq={now}&view=lobby", buffered=False).response)
    assert next(chunks) == b"retry: 1000\n\n"
    service.run(game_id, service.seats.of(game_id)[0].token, {"type": "pay_bank", "player": 1, "amount": 10})
    assert next(chunks).decode() == f"id: {now + 1}\nevent: update\ndata:\n\n"
    chunks.close()


def test_a_bid_pushes_the_high_bid_the_bids_and_the_clock_alone(app, table, streams):
    do(table["Ann"], table["id"], type="decline", player=1, deed=39)
    assert 'id="auction" class="region" hx-swap-oob="true"' in message(streams["Cy"])  # the panel opens
    do(table["Bob"], table["id"], type="bid", player=2, amount=100)
    cy = message(streams["Cy"])
    assert 'id="auction"' not in cy and 'id="auction-high" hx-swap-oob="true" data-high="2"' in cy
    assert (
        'id="auction-bids" hx-swap-oob="true"' in cy and 'id="auction-clock" class="clock" hx-swap-oob' in cy
    )
    assert '<span class="amount">$100</span>' in cy and 'data-amount="110"' in cy


def test_an_auction_resumed_after_the_server_was_away_pushes_its_clock_again_and_says_why(
    app, table, streams, clock
):
    do(table["Ann"], table["id"], type="decline", player=1, deed=39)
    do(table["Bob"], table["id"], type="bid", player=2, amount=100)
    for _ in range(2):
        message(streams["Cy"])
    service = app.extensions["banker"]
    clock.advance(300)  # asleep past the clock's end
    service.clocks.woke(slept_at=clock() - 300, asked=20)
    assert service.settle_due(table["id"]) is not None
    cy = message(streams["Cy"])
    assert 'id="auction-clock" class="clock" hx-swap-oob="true" data-ends-in="20.00"' in cy
    assert "Nobody could bid while the bank was away: the auction of Boardwalk goes on" in readable(cy)
    assert '<span class="amount">$100</span>' in cy  # the bid stands


def test_a_timed_games_clock_resumed_after_the_server_was_away_is_pushed_to_every_clock(app, clock, opened):
    """Every open screen counted the old end down to a red 0:00 and kept it: the clock in the
    header is outside the parts a change redraws."""
    service = app.extensions["banker"]
    game = service.create_game(["Ann", "Bob"], options={"end_at": int(clock()) + 600})
    ann = app.test_client()
    join(ann, game.game.join_code, 1)
    game_id = game.game.id
    clock.advance(60)
    as_banker(app, game_id, {"type": "pass_go", "player": 1})  # 9 minutes left
    stream = opened(ann, game_id, seq(app, game_id), "player")
    clock.advance(3600)
    service.clocks.woke(slept_at=clock() - 3600, asked=60)  # the machine asleep past the end
    assert service.settle_due(game_id) is not None
    pushed = message(stream)
    assert '<span id="game-clock" class="game-clock" hx-swap-oob="true" role="timer"' in pushed
    assert 'data-ends-in="540">9:00</span>' in pushed
    assert "Nobody could play while the bank was away: the game goes on with 9 minutes left" in readable(
        pushed
    )
    clock.advance(540)
    assert service.settle_due(game_id) is not None  # watched now: over on time
    assert "Game over" in readable(message(stream)) and "game-clock" not in page(ann, game_id)
    as_banker(app, game_id, {"type": "undo"})  # its end undone: "Over", not a stuck 0:00
    assert re.search(
        r'<span id="game-clock" class="game-clock ending" hx-swap-oob="true"[^>]*>Over<', message(stream)
    )


def test_a_late_player_seated_by_the_bank_reaches_every_phone_with_a_row_of_their_own(app, table, streams):
    do(table["host"], table["id"], "bank", type="add_player", name="Dan", piece="Dog")
    cy = message(streams["Cy"])
    assert 'id="live"' in cy and "person-4" in cy and "Dan" in cy  # the screen whole: a new row
    assert "Dan joins the game with $1,500 from the bank" in cy  # news to every phone


def test_the_pay_and_trade_tabs_of_every_phone_offer_a_late_player_at_once(app, table, streams):
    do(table["host"], table["id"], "bank", type="add_player", name="Dan", piece="Dog")
    cy = message(streams["Cy"])
    assert 'id="panel-pay"' in cy and 'id="panel-trade"' in cy
    assert 'name="to" value="4"' in cy  # Cy can pay Dan without reloading


def test_the_banks_end_of_game_card_offers_no_end_once_the_game_is_over(app, table, opened):
    """The game's end redraws the bank's screen whole: its End of the game card (on the More tab,
    outside the live part) comes too, or the bank would still offer to end a game that is over."""
    bank = opened(table["host"], table["id"], seq(app, table["id"]), "bank")
    do(table["host"], table["id"], "bank", type="end_game")
    pushed = message(bank)
    endgame = pushed[pushed.index('<div id="endgame" class="region" hx-swap-oob="true">') :]
    card = endgame.split("</section>")[0]
    assert ">Tally</a>" in card and "end_game" not in card


def test_the_games_end_takes_the_actions_off_every_open_screen(app, table, streams, opened):
    """The end reaches open screens whole with their tabs: nothing left to pay, trade or auction,
    and the bank acts for nobody, as a fresh load of them shows."""
    bank = opened(table["host"], table["id"], seq(app, table["id"]), "bank")
    do(table["host"], table["id"], "bank", type="end_game")
    cy, bank = message(streams["Cy"]), message(bank)
    for pushed in (cy, bank):
        assert '<nav id="tabbar" class="tabbar" role="tablist" hx-swap-oob="true"' in pushed
        assert 'id="tab-pay"' not in pushed and 'id="tab-trade"' not in pushed and 'data-hint=""' in pushed
        assert 'data-panel="pay" hx-swap-oob="true"></div>' in pushed and "Where did you land?" not in pushed
    assert "Passed GO" not in cy
    assert (
        '<div id="acting" hx-swap-oob="true"></div>' in bank
        and '<div id="shortage" hx-swap-oob="true"></div>' in bank
    )
    assert "pass_go" not in bank and "start_building_auction" not in bank


def test_a_phone_taking_its_seat_leaves_a_players_undo_standing(app, table, opened):
    # Dan's phone joining after Ann's slip withdrew her Undo and refused it, as if someone had acted
    game_id = table["id"]
    do(table["host"], game_id, "bank", type="add_player", name="Dan", piece="Dog")
    ann = opened(table["Ann"], game_id, seq(app, game_id), "player")
    do(table["Ann"], game_id, type="pay_player", player=1, to=2, amount=90)
    paid = seq(app, game_id)
    assert f"id: {paid}\n" in message(ann)
    join(app.test_client(), table["code"], 4)
    pushed = message(ann)
    assert f"id: {paid + 1}\n" in pushed
    assert (
        f'<i id="quiet" hidden hx-swap-oob="true" data-seq="{paid + 1}" data-played="{paid}"></i>' in pushed
    )
    taken = do(table["Ann"], game_id, type="take_back", player=1, seq=paid)
    assert taken.status_code == 200, readable(text(taken))
    assert [p.cash for p in app.extensions["banker"].state(game_id).players][:2] == [1500, 1500]
    assert 'id="quiet"' not in message(ann)  # the take-back itself moved the game on
