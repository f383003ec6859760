"""Money as a moment on the phones: others' moves flash the amount in its way's colour (in, out by
another's card, an undo, a large amount typed in) and leave a receipt line under the balance; a
tap's toast leads with what happened to you; the stream tells a phone which of its taps were
stored; nothing asks the browser's confirm(); the table display's voice says what happened."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from tests.support.sse import fragments, messages
from tests.support.web import (
    HTMX,
    KO,
    as_banker,
    display_link,
    do,
    join,
    open_display,
    page,
    readable,
    seq,
    state,
    text,
)

ROOT = Path(__file__).resolve().parent.parent.parent
BIRTHDAY = {"type": "card", "player": 1, "deck": "community_chest", "card": "CC09", "from_space": 2}


def flash(body: str) -> list[tuple[str, str]]:
    """The money flash's rows: (their way, the words read)."""
    found = re.search(r'<div class="toast money[^>]*>(.*?)</ul>', body, re.S)
    rows = re.findall(r'<li class="([^"]*)">(.*?)</li>', found.group(1), re.S) if found else []
    return [(way, readable(words)) for way, words in rows]


def receipt(body: str) -> str:
    found = re.search(r'<p id="receipt"[^>]*>(.*?)</p>', body, re.S)
    return readable(found.group(1)) if found else ""


def pushed(phone, game_id: str, since: int) -> str:
    """Everything the stream sends a phone that shows the game at `since` (the test app's stream ends at once)."""
    sent = messages(phone.get(f"/g/{game_id}/stream?seq={since}&view=player").get_data())
    return "".join(m.data for m in sent)


def test_money_to_and_from_the_bank_reads_as_to_a_place_in_korean(app, table):
    # "은행에게" (to the bank as to a person): Korean says 은행에 / 은행에서
    game_id = table["id"]
    as_banker(app, game_id, {"type": "pay_bank", "player": 1, "amount": 100, "reason": "tax"})
    korean = text(table["Ann"].get(f"/g/{game_id}", headers=KO))
    assert receipt(korean).startswith("−$100 은행에 · tax")
    as_banker(app, game_id, {"type": "pay_player", "player": 3, "to": 1, "amount": 90, "reason": "rent"})
    assert receipt(text(table["Ann"].get(f"/g/{game_id}", headers=KO))).startswith("+$90 Cy에게서 · rent")


def test_money_others_move_flashes_its_amount_and_way_and_stays_under_the_balance(app, table):
    game_id = table["id"]
    start = seq(app, game_id)
    as_banker(app, game_id, {"type": "pay_player", "player": 3, "to": 1, "amount": 90, "reason": "rent"})
    assert flash(pushed(table["Ann"], game_id, start)) == [("gain", "+$90 from Cy · rent")]
    assert flash(pushed(table["Bob"], game_id, start)) == []  # not his money
    assert receipt(page(table["Ann"], game_id)) == "+$90 from Cy · rent · just now"

    # a card of Ann's takes $10 from each other player: the payers are told, in the other colour
    start = seq(app, game_id)
    as_banker(app, game_id, BIRTHDAY)
    assert flash(pushed(table["Bob"], game_id, start)) == [("spend", "−$10 to Ann · Community Chest card")]
    assert flash(pushed(table["Ann"], game_id, start)) == [
        ("gain", "+$10 from Bob · Community Chest card"),
        ("gain", "+$10 from Cy · Community Chest card"),
    ]

    # the bank undoes it: each phone hears what moved back, and it stays until dismissed
    start = seq(app, game_id)
    as_banker(app, game_id, {"type": "undo"})
    bob = pushed(table["Bob"], game_id, start)
    assert 'class="toast money stays" role="alert"' in bob
    assert [p.cash for p in state(app, game_id).players] == [1590, 1500, 1410]

    # a large amount typed in by hand says so
    start = seq(app, game_id)
    as_banker(app, game_id, {"type": "pay_player", "player": 3, "to": 1, "amount": 900, "reason": "loan"})
    ann = pushed(table["Ann"], game_id, start)
    assert flash(ann) == [("gain big", "Large amount +$900 from Cy · loan")]
    assert 'class="toast ok"' not in ann  # the flash tells it: no second toast over the screen


def test_a_large_amount_among_the_payments_summed_still_says_so_and_stays(app, table):
    # a phone back from a pocket, more than IN_TURN changes behind: one message, the rest summed
    game_id = table["id"]
    start = seq(app, game_id)
    as_banker(app, game_id, {"type": "pay_player", "player": 3, "to": 1, "amount": 900, "reason": "loan"})
    for amount in range(1, 10):
        do(table["Bob"], game_id, type="pay_player", player=2, to=1, amount=amount)
    ann = pushed(table["Ann"], game_id, start)
    assert flash(ann) == [
        ("earlier gain big", "Large amount +$921 in 7 earlier payments"),  # 900 + 1 + 2 + ... + 6
        ("gain", "+$7 from Bob"),
        ("gain", "+$8 from Bob"),
        ("gain", "+$9 from Bob"),
    ]
    assert 'class="toast money stays" role="alert"' in ann


def test_money_an_undo_moved_back_flashes_on_a_phone_whose_stream_is_down(app, table):
    # polling every 5 s, Ann saw Bob's $600 come in; the bank undid it, and her next poll took
    # the $600 off her balance without a word, where the stream flashes it and it stays
    game_id = table["id"]
    do(table["Bob"], game_id, type="pay_player", player=2, to=1, amount=600, reason="rent")
    seen = seq(app, game_id)
    as_banker(app, game_id, {"type": "undo"}, {"type": "pass_go", "player": 3})
    polled = text(table["Ann"].get(f"/g/{game_id}/live?view=player&seq={seen}", headers=HTMX))
    assert flash(polled) == [("spend undone", "−$600 Undone: Bob paid Ann $600 (rent)")]
    assert flash(polled) == flash(pushed(table["Ann"], game_id, seen))
    assert 'class="toast money stays" role="alert"' in polled
    # the stream of a phone further behind tells it the same, in one message
    for amount in range(1, 10):
        do(table["Cy"], game_id, type="pay_player", player=3, to=2, amount=amount)
    assert flash(pushed(table["Ann"], game_id, seen)) == flash(polled)


def test_the_receipt_says_how_long_ago(app, clock, table):
    game_id = table["id"]
    do(table["Bob"], game_id, type="pay_player", player=2, to=1, amount=50)
    clock.advance(185)
    assert receipt(page(table["Ann"], game_id)) == "+$50 from Bob · 3 min ago"
    assert receipt(page(table["Bob"], game_id)) == "−$50 to Ann · 3 min ago"  # his own too
    assert receipt(page(table["Cy"], game_id)) == ""


def test_your_own_tap_leads_with_its_money_and_what_happened_to_you(app, table):
    game_id = table["id"]
    bought = text(do(table["Ann"], game_id, type="buy", player=1, deed=39))
    assert '<b class="sum spend">−$400</b>' in bought
    assert "data-more><span>You now own Boardwalk</span></button>" in bought  # the whole on a tap
    assert receipt(bought) == "−$400 to the bank · bought Boardwalk · just now"
    card = {"type": "card", "player": 1, "deck": "chance", "card": "CH11", "from_space": 7}
    jailed = text(do(table["Ann"], game_id, **card))
    assert "data-more><span>You went to jail</span></button>" in jailed
    assert "Go to Jail" in readable(jailed)  # the card's wording, a tap away


def test_a_bid_and_a_win_read_in_the_second_person_on_the_bidders_phone(app, clock, table):
    game_id = table["id"]
    do(table["Cy"], game_id, type="decline", player=3, deed=39)
    assert (
        toast(do(table["Ann"], game_id, type="bid", player=1, amount=160))
        == "You bid $160 for Boardwalk Undo"
    )
    as_banker(app, game_id, {"type": "bid", "player": 2, "amount": 170})  # the bank bids for Bob
    start = seq(app, game_id)
    clock.advance(30)  # the stream's request notices the auction's time is up
    # the winner's flash tells the sale (no second toast); everyone else hears the news
    assert flash(pushed(table["Bob"], game_id, start)) == [
        ("news", "Sold! Bob bought Boardwalk for $170"),
        ("spend", "−$170 to the bank · won the auction for Boardwalk"),
    ]
    assert "Sold! Bob bought Boardwalk for $170" in toast(pushed(table["Ann"], game_id, start))


def toast(response) -> str:
    body = response if isinstance(response, str) else text(response)
    found = re.search(r'<p class="toast ok[^"]*" role="status">(.*?)</p>', body, re.S)
    return readable(found.group(1)) if found else ""


def test_the_stream_tells_a_phone_which_of_its_taps_were_stored_and_no_one_else(app, table):
    game_id = table["id"]
    start = seq(app, game_id)
    do(table["Ann"], game_id, type="pass_go", player=1, request_id="tap-7")
    assert '<i id="sent" hidden hx-swap-oob="true" data-ids="tap-7"></i>' in pushed(
        table["Ann"], game_id, start
    )
    assert "tap-7" not in pushed(table["Bob"], game_id, start)


def test_a_bankruptcy_asks_on_the_apps_own_sheet_naming_the_creditor(app, table):
    game_id = table["id"]
    as_banker(
        app,
        game_id,
        {"type": "buy", "player": 2, "deed": 39},
        {"type": "pay_bank", "player": 1, "amount": 1490, "reason": "tax"},
        {"type": "pay_rent", "player": 1, "deed": 39},
    )
    # her own phone asks in her words: "Declare Ann bankrupt" read as another's act
    wallet = page(table["Ann"], game_id)
    assert 'data-confirm-do="Declare bankruptcy to Bob"' in wallet
    assert 'data-confirm="Everything you have goes to the creditors. Only the banker can undo it."' in wallet
    assert "hx-confirm" not in wallet
    bank = page(table["host"], game_id, "/bank")
    assert 'data-confirm-do="Declare Ann bankrupt to Bob"' in bank


def test_no_screen_asks_the_browsers_confirm():
    screens = [*ROOT.joinpath("templates").rglob("*.html"), *ROOT.joinpath("static").glob("js/*.js")]
    assert [
        p.name for p in screens if re.search(r"hx-confirm|window\.confirm|\bconfirm\(", p.read_text())
    ] == []


@pytest.mark.parametrize(
    ("language", "lines"),
    [
        (
            "en",
            [
                "Bob paid Ann $50, rent for Boardwalk",
                "Sold to Ann for $160",
                "Cy paid the bank $1,490, tax",
                "Cy paid Ann $10, bankruptcy",
                "Cy is bankrupt",
            ],
        ),
        (
            "ko",
            [
                "Bob 님이 Ann 님에게 $50 지불, Boardwalk 임대료",
                "Ann에게 $160에 낙찰",
                "Cy 님이 은행에 $1,490 지불, tax",
                "Cy 님이 Ann 님에게 $10 지불, 파산",
                "Cy 파산",
            ],
        ),
        (
            "ja",
            [
                "BobがAnnに$50を支払いました、Boardwalkのレンタル料",
                "Annが$160で落札",
                "Cyが銀行に$1,490を支払いました、tax",
                "CyがAnnに$10を支払いました、破産",
                "Cyが破産",
            ],
        ),
    ],
)
def test_the_display_says_a_payment_a_sale_and_a_bankruptcy(app, clock, table, language, lines):
    game_id = table["id"]
    display = open_display(app, game_id, display_link(table["host"], game_id) + f"?lang={language}")

    def said(*commands: dict, wait: float = 0) -> list[str]:
        start = seq(app, game_id)
        as_banker(app, game_id, *commands)
        clock.advance(wait)
        sent = messages(display.get(f"/g/{game_id}/stream?seq={start}&view=display").get_data())
        drawn = (dict(fragments(m.data)).get("#say", "") for m in sent)
        return [readable(line) for html in drawn for line in re.findall(r"<li>(.*?)</li>", html, re.S)]

    as_banker(app, game_id, {"type": "buy", "player": 1, "deed": 39})
    assert said({"type": "pay_rent", "player": 2, "deed": 39}) == lines[:1]
    # the server closes the auction once its time is up: the sale's own payment goes unsaid
    assert (
        said(
            {"type": "decline", "player": 3, "deed": 37}, {"type": "bid", "player": 1, "amount": 160}, wait=30
        )
        == lines[1:2]
    )
    assert (
        said(
            {"type": "pay_bank", "player": 3, "amount": 1490, "reason": "tax"},
            {"type": "pay_rent", "player": 3, "deed": 39},
            {"type": "declare_bankruptcy", "player": 3},
        )
        == lines[2:]
    )


def test_a_take_back_puts_the_money_back_on_the_receipt_line(app, table):
    game_id = table["id"]
    paid = do(table["Ann"], game_id, type="pay_player", player=1, to=2, amount=50)
    assert receipt(text(paid)) == "−$50 to Bob · just now"
    back = do(table["Ann"], game_id, type="take_back", player=1, seq=seq(app, game_id))
    # on her own phone, as its toast says it: not "Ann took back" in the line under it
    assert receipt(text(back)) == "+$50 You took back: Ann paid Bob $50 · just now"
    assert receipt(page(table["Ann"], game_id)) == receipt(text(back))  # as a fresh page reads it
    assert receipt(page(table["Bob"], game_id)) == "−$50 Ann took back: Ann paid Bob $50 · just now"


def test_a_short_games_deal_is_each_phones_first_receipt(app, clock):
    """The deeds dealt at the start took their price from each player's cash with nothing under the
    balance to say why: the table saw $1,500 less its deeds and had to look in the history."""
    service = app.extensions["banker"]
    game = service.create_game(["Ann", "Bob"], preset="short")
    game_id, dealt = game.game.id, service.state(game.game.id)
    ann = app.test_client()
    join(ann, game.game.join_code, 1)
    price = sum(dealt.deed(p).price for p, h in dealt.holdings.items() if h.owner == 1)
    assert price == 1500 - dealt.player(1).cash and len(dealt.holdings) == 4
    # short, as the line under the balance has room for little: the deeds are in the player's list
    assert receipt(page(ann, game_id)) == f"−${price:,} to the bank · deeds dealt · just now"
    clock.advance(125)
    assert receipt(page(ann, game_id)).endswith(" · 2 min ago")
    classic = service.create_game(["Ann", "Bob"])
    cy = app.test_client()
    join(cy, classic.game.join_code, 1)
    assert receipt(page(cy, classic.game.id)) == ""  # nothing dealt, nothing paid
