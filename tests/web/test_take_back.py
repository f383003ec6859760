"""On a player's phone: Undo in the toast takes back their own last action for ten seconds, and
every other phone sees it; a big amount typed in by hand flashes on every other phone."""

from __future__ import annotations

import re

from tests.support.web import HTMX, as_banker, do, page, readable, refusal, seq, text


def undo_button(response) -> dict[str, str] | None:
    """The toast's Undo: what it would post, and how long it lasts."""
    found = re.search(
        r'<button class="btn undo-slip" hx-post="[^"]+" hx-vals=\'([^\']+)\'[^>]*'
        r'data-expires-in="([^"]+)">([^<]+)</button>',
        text(response),
    )
    if found is None:
        return None
    vals, expires, label = found.groups()
    return {"vals": vals, "expires_in": expires, "label": label}


def take_back(phone, game_id: str, player: int, seq_: int):
    return do(phone, game_id, type="take_back", player=player, seq=seq_)


def live(phone, game_id: str, known: int) -> str:
    return text(phone.get(f"/g/{game_id}/live?view=player&seq={known}", headers=HTMX))


def toast_of(markup: str) -> str | None:
    """The words of the toast a live update carries, if it carries one."""
    found = re.search(r'<div hx-swap-oob="innerHTML:#toast"><p class="toast[^"]*"[^>]*>(.*?)</p>', markup)
    return readable(found.group(1)) if found else None


def cash(app, game_id: str) -> list[int]:
    return [p.cash for p in app.extensions["banker"].state(game_id).players]


def test_a_player_pays_taps_undo_and_every_phone_sees_the_money_back(app, table):
    game_id = table["id"]
    before = seq(app, game_id)
    paid = do(table["Ann"], game_id, type="pay_player", player=1, to=2, amount=90, reason="rent")
    offer = undo_button(paid)
    assert offer == {
        "vals": f'{{"type": "take_back", "player": 1, "seq": {before + 1}, "view": "player"}}',
        "expires_in": "10.0",
        "label": "Undo",
    }
    assert cash(app, game_id) == [1410, 1590, 1500]
    taken = take_back(table["Ann"], game_id, 1, before + 1)
    assert taken.status_code == 200
    assert readable(text(taken).split("</div>")[0]) == "You took back: Ann paid Bob $90 (rent)"  # hers
    assert undo_button(taken) is None  # a take-back is not taken back in turn
    assert cash(app, game_id) == [1500, 1500, 1500]
    update = live(table["Bob"], game_id, before + 1)
    # his money went back: the flash says how much and why, and stays, as on his stream
    money = re.search(r'<div class="toast money stays" role="alert"><ul>(.*?)</ul>', update, re.S)
    assert readable(money.group(1)) == "−$90 Ann took back: Ann paid Bob $90 (rent)"
    assert toast_of(live(table["Cy"], game_id, before + 1)) == "Ann took back: Ann paid Bob $90 (rent)"
    assert re.search(r'data-player="2"[^>]*><data value="1500">\$1,500<', update)
    assert '<li class="undone"' in update and "Ann took back: Ann paid Bob $90 (rent)" in update


def test_undo_is_refused_once_ten_seconds_have_passed(app, clock, table):
    game_id = table["id"]
    do(table["Ann"], game_id, type="pay_player", player=1, to=2, amount=90)
    clock.advance(6)
    paid_again = do(table["Ann"], game_id, type="pay_bank", player=1, amount=20, reason="Fee")
    assert undo_button(paid_again)["expires_in"] == "10.0"
    clock.advance(10.5)
    refused = take_back(table["Ann"], game_id, 1, seq(app, game_id))
    assert refused.status_code == 409
    assert refusal(refused) == (
        "Too late to take it back: that was more than 10 seconds ago. The banker can undo it."
    )
    assert cash(app, game_id) == [1390, 1590, 1500]


def test_undo_is_refused_once_someone_else_acted(app, table):
    game_id = table["id"]
    do(table["Ann"], game_id, type="pay_player", player=1, to=2, amount=90)
    mine = seq(app, game_id)
    do(table["Cy"], game_id, type="pass_go", player=3)
    refused = take_back(table["Ann"], game_id, 1, mine)
    assert refused.status_code == 409
    assert refusal(refused) == (
        "Something else has happened since, so it cannot be taken back here; the banker can undo it."
    )
    assert cash(app, game_id) == [1410, 1590, 1700]


def test_undo_is_refused_for_an_action_this_phone_did_not_send(app, table):
    game_id = table["id"]
    as_banker(app, game_id, {"type": "collect_from_bank", "player": 1, "amount": 100, "reason": "Prize"})
    refused = take_back(table["Ann"], game_id, 1, seq(app, game_id))
    assert refused.status_code == 409
    assert refusal(refused) == "Only the phone that sent it can take it back; the banker can undo it."
    do(table["Ann"], game_id, type="pay_player", player=1, to=2, amount=90)
    # Bob's phone acts for Bob only: it cannot take back Ann's payment, even the money he got
    as_ann = take_back(table["Bob"], game_id, 1, seq(app, game_id))
    assert as_ann.status_code == 403
    assert take_back(table["Bob"], game_id, 2, seq(app, game_id)).status_code == 409
    assert cash(app, game_id) == [1510, 1590, 1500]


def test_the_bank_screen_keeps_its_own_undo_and_gets_none_in_the_toast(app, table):
    paid = do(table["host"], table["id"], view="bank", type="pay_player", player=1, to=2, amount=90)
    assert paid.status_code == 200 and undo_button(paid) is None


def test_a_trade_accepted_offers_no_undo(app, table):
    game_id = table["id"]
    service = app.extensions["banker"]
    ann = service.seats.of(game_id)[1].token
    service.run(game_id, ann, {"type": "propose_trade", "player": 1, "to": 2, "give": {"cash": 100}})
    trade = service.state(game_id).trades[0].id
    accepted = do(table["Bob"], game_id, type="accept_trade", player=2, trade=trade)
    assert accepted.status_code == 200 and undo_button(accepted) is None


def test_a_big_collect_flashes_on_every_other_phone_with_its_reason(app, table):
    game_id = table["id"]
    before = seq(app, game_id)
    do(table["Ann"], game_id, type="collect_from_bank", player=1, amount=600, reason="Beauty contest")
    said = "Ann collected $600 from the bank (Beauty contest)"
    assert toast_of(live(table["Bob"], game_id, before)) == said
    assert toast_of(live(table["Cy"], game_id, before)) == said
    assert toast_of(live(table["Ann"], game_id, before)) is None  # her own toast says it (with Undo)


def test_a_payment_just_under_the_mark_stays_in_the_history_only(app, table):
    game_id = table["id"]
    before = seq(app, game_id)
    do(table["Ann"], game_id, type="pay_player", player=1, to=2, amount=499, reason="Loan")
    update = live(table["Cy"], game_id, before)
    assert toast_of(update) is None and "Ann paid Bob $499 (Loan)" in update
    do(table["Ann"], game_id, type="pay_player", player=1, to=2, amount=500, reason="Loan")
    assert toast_of(live(table["Cy"], game_id, before + 1)) == "Ann paid Bob $500 (Loan)"


def test_collecting_without_a_reason_is_refused_and_changes_nothing(app, table):
    game_id = table["id"]
    before = seq(app, game_id)
    refused = do(table["Ann"], game_id, type="collect_from_bank", player=1, amount=600, reason="")
    assert refused.status_code == 409
    assert refusal(refused) == "Say what the bank pays for (a card, a prize…): every phone sees the reason."
    assert seq(app, game_id) == before


def test_the_bank_screen_still_hears_what_the_server_did_by_itself(app, clock, table):
    game_id = table["id"]
    as_banker(app, game_id, {"type": "decline", "player": 1, "deed": 39})
    before = seq(app, game_id)
    clock.advance(30)  # the auction's clock runs out: the server closes it under the bank's seat
    update = text(table["host"].get(f"/g/{game_id}/live?view=bank&seq={before}", headers=HTMX))
    assert toast_of(update) == "Nobody bid: Boardwalk stays with the bank"


def test_a_players_own_history_keeps_the_undo_of_their_action(app, table):
    # "My history" showed Bob's payment struck through with no word of who took it back, or why
    game_id = table["id"]
    do(table["Bob"], game_id, type="pay_player", player=2, to=1, amount=90)
    assert "Bob paid Ann $90" in page(table["Bob"], game_id, "/history?player=2")  # worded up to here
    take_back(table["Bob"], game_id, 2, seq(app, game_id))
    do(table["Cy"], game_id, type="pay_player", player=3, to=1, amount=20)
    as_banker(app, game_id, {"type": "undo"})
    lines = [
        readable(line)
        for line in re.findall(r"<li[^>]*>(.*?)</li>", page(table["Ann"], game_id, "/history?player=1"))
    ]
    assert lines[:4] == [
        "Undone: Cy paid Ann $20",
        "Cy paid Ann $20",
        "Bob took back: Bob paid Ann $90",
        "Bob paid Ann $90",
    ]
    bob = page(table["Bob"], game_id, "/history?player=2")
    assert "Bob took back: Bob paid Ann $90" in bob and "Cy paid Ann $20" not in bob
