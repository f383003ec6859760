"""A tap sent twice applies once; money coming in is flashed on the receiver's phone; a phone
reads its own actions in the second person; a late bid says how the auction ended."""

from __future__ import annotations

import re

from banker.web.push import NEWS_ACTIONS
from tests.support.web import HTMX, as_banker, do, readable, refusal, seq, text

BOARDWALK = 39


def cash(app, game_id: str) -> list[int]:
    return [p.cash for p in app.extensions["banker"].state(game_id).players]


def toast_lines(response) -> list[str]:
    """The lines of a reply's or live update's toast area, as read."""
    found = re.search(r'<div id="toast"[^>]*>(.*?)</div>', text(response), re.S)
    assert found, text(response)
    return [readable(line) for line in re.findall(r"<p[^>]*>(.*?)</p>", found.group(1), re.S)]


def money_in(response) -> list[str]:
    """The money flash's rows, as read: "+$90 from Bob · rent"."""
    flash = re.search(r'<div class="toast money[^>]*>(.*?)</ul>', text(response), re.S)
    return (
        [readable(row) for row in re.findall(r"<li[^>]*>(.*?)</li>", flash.group(1), re.S)] if flash else []
    )


def live(phone, game_id: str, known: int, language: str = "en"):
    return phone.get(
        f"/g/{game_id}/live?view=player&seq={known}", headers={**HTMX, "Accept-Language": language}
    )


def bob_pays_ann(table, amounts) -> None:
    for amount in amounts:
        do(table["Bob"], table["id"], type="pay_player", player=2, to=1, amount=amount)


def test_a_tap_sent_again_with_its_request_id_answers_the_same_and_changes_nothing(app, table):
    game_id = table["id"]
    first = do(
        table["Ann"], game_id, type="pay_player", player=1, to=2, amount=90, reason="rent", request_id="t1"
    )
    assert first.status_code == 200 and cash(app, game_id) == [1410, 1590, 1500]
    after = seq(app, game_id)
    again = do(
        table["Ann"], game_id, type="pay_player", player=1, to=2, amount=90, reason="rent", request_id="t1"
    )
    assert again.status_code == 200
    assert toast_lines(again) == toast_lines(first) == ["−$90 You paid Bob $90 (rent) Undo"]
    assert seq(app, game_id) == after and cash(app, game_id) == [1410, 1590, 1500]
    # a new tap is a new id: it applies
    do(table["Ann"], game_id, type="pay_player", player=1, to=2, amount=90, reason="rent", request_id="t2")
    assert cash(app, game_id) == [1320, 1680, 1500]


def test_a_request_id_used_for_another_command_or_holding_a_control_character_is_refused(app, table):
    game_id = table["id"]
    do(table["Ann"], game_id, type="pass_go", player=1, request_id="t1")
    before = seq(app, game_id)
    other = do(table["Ann"], game_id, type="pay_bank", player=1, amount=50, reason="tax", request_id="t1")
    assert other.status_code == 409
    assert refusal(other).startswith("This request_id was already used for another command")
    broken = do(table["Ann"], game_id, type="pass_go", player=1, request_id="t\x07")
    assert broken.status_code == 400
    assert refusal(broken) == (
        "The request_id holds an invisible control character (U+0007): type it again without it."
    )
    assert seq(app, game_id) == before


def test_the_receiver_sees_the_money_come_in_and_nobody_else_does(app, table):
    game_id = table["id"]
    known = seq(app, game_id)
    do(table["Bob"], game_id, type="pay_player", player=2, to=1, amount=90, reason="rent")
    as_banker(app, game_id, {"type": "pass_go", "player": 1})
    # one toast, so it stays over the header and covers no button
    assert money_in(live(table["Ann"], game_id, known)) == [
        "+$90 from Bob · rent",
        "+$200 from the bank · Passed GO",
    ]
    assert money_in(live(table["Cy"], game_id, known)) == []
    assert money_in(live(table["Bob"], game_id, known)) == []  # Bob paid: his own toast said so
    assert money_in(live(table["Ann"], game_id, seq(app, game_id) - 1)) == ["+$200 from the bank · Passed GO"]


def test_a_phone_back_from_a_pocket_is_told_what_came_before_the_newest_summed(app, table):
    game_id = table["id"]
    known = seq(app, game_id)
    bob_pays_ann(table, (10, 20, 30))
    do(table["Cy"], game_id, type="pay_player", player=3, to=1, amount=400, reason="rent")
    as_banker(app, game_id, {"type": "pay_bank", "player": 1, "amount": 100, "reason": "tax"})
    as_banker(app, game_id, {"type": "pass_go", "player": 1})
    back = live(table["Ann"], game_id, known)
    # 10 + 20 + 30 earlier; the three rows and the sum add up to her balance's change, +$560, and
    # no news line tells the payments summed again
    assert money_in(back) == [
        "+$60 in 3 earlier payments",
        "+$400 from Cy · rent",
        "−$100 to the bank · tax",
        "+$200 from the bank · Passed GO",
    ]
    assert cash(app, game_id)[0] == 1500 + 560
    assert money_in(live(table["Ann"], game_id, seq(app, game_id) - 3)) == [
        "+$400 from Cy · rent",
        "−$100 to the bank · tax",
        "+$200 from the bank · Passed GO",
    ]


def test_a_phone_away_longer_than_the_news_reads_back_is_not_told_a_sum_of_part_of_it(app, table):
    game_id = table["id"]
    known = seq(app, game_id)
    bob_pays_ann(table, range(1, 26))  # more than the actions a toast's news reads back
    assert seq(app, game_id) - known > NEWS_ACTIONS
    assert money_in(live(table["Ann"], game_id, known)) == [
        "+$23 from Bob",
        "+$24 from Bob",
        "+$25 from Bob",
    ]


def test_a_sum_of_earlier_payments_reads_in_the_phones_language(app, table):
    game_id = table["id"]
    known = seq(app, game_id)
    bob_pays_ann(table, (10, 20, 30, 40))
    assert money_in(live(table["Ann"], game_id, known, "ko"))[0] == "+$10 이전 결제 1건"


def test_your_own_action_reads_in_the_second_person_and_everyone_else_reads_your_name(app, table):
    game_id = table["id"]
    known = seq(app, game_id)
    paid = do(table["Ann"], game_id, type="pay_player", player=1, to=2, amount=90, reason="rent")
    assert toast_lines(paid) == ["−$90 You paid Bob $90 (rent) Undo"]
    bought = do(table["Ann"], game_id, type="buy", player=1, deed=BOARDWALK)
    # the headline first, the whole on a tap
    assert toast_lines(bought)[0].startswith(
        "−$400 You now own Boardwalk You paid the bank $400 (bought Boardwalk); You now own Boardwalk"
    )
    history = text(table["Cy"].get(f"/g/{game_id}"))
    assert "Ann paid Bob $90 (rent)" in history and "You paid" not in history
    # the bank's screen acting for Ann names her
    banked = do(table["host"], game_id, "bank", type="pass_go", player=1)
    assert toast_lines(banked) == ["Ann collected $200 from the bank (Passed GO)"]  # no amount of its own
    assert known < seq(app, game_id)


def test_a_card_paid_by_every_player_leads_with_the_card_not_with_one_payment(app, table):
    game_id = table["id"]
    birthday = {"type": "card", "deck": "community_chest", "card": "CC09", "from_space": 2}
    drawn = do(table["Ann"], game_id, player=1, **birthday)
    # "+$20 Cy paid you $10" told one payment as the whole
    card = "drew Community Chest: It is your birthday. Collect $10 from every player."
    assert toast_lines(drawn)[0].startswith(f"+$20 You {card} ")
    banked = do(table["host"], game_id, "bank", player=2, **birthday)
    assert toast_lines(banked)[0].startswith(f"Bob {card} ")
    assert cash(app, game_id) == [1520 - 10, 1490 + 20, 1490 - 10]


def test_a_bid_after_the_auction_closed_says_who_won_it(app, clock, table):
    game_id = table["id"]
    do(table["Ann"], game_id, type="decline", player=1, deed=BOARDWALK)
    do(table["Bob"], game_id, type="bid", player=2, amount=220)
    clock.advance(20)
    before = seq(app, game_id)
    late = do(table["Cy"], game_id, type="bid", player=3, amount=230, deed=BOARDWALK)
    assert late.status_code == 409
    assert refusal(late) == "Too late: the auction closed. Bob bought Boardwalk for $220."
    assert seq(app, game_id) == before
