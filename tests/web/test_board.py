"""The board map and the sheet a tap opens: the action that fits, its amount shown, and refusals."""

from __future__ import annotations

import html
import re

import pytest

from banker.rules import rent_due
from banker.rules.board import edition_to_json
from banker.rules.editions import custom_edition, load_edition
from banker.web.panels.board import rent_now
from banker.web.panels.lettering import hyphenated
from tests.support.rules import ANN, new_game, owning
from tests.support.small_board import small_board
from tests.support.web import (
    HTMX,
    as_banker,
    buttons,
    csrf_token,
    do,
    join,
    readable,
    refusal,
    refusals,
    seated,
    sent_by,
    seq,
    state,
    tap,
    text,
)


def test_every_player_sees_the_board_and_the_banks_supply(table):
    page = text(table["Bob"].get(f"/g/{table['id']}"))
    assert page.count('class="space ') == 40
    assert "Houses 32/32" in page and "Hotels 12/12" in page
    assert 'aria-label="Boardwalk, dark blue group, for sale $400"' in page


def test_an_unowned_deed_offers_buying_at_its_price_or_an_auction(table):
    sheet = tap(table["Ann"], table["id"], 39)
    assert buttons(sheet)[1:3] == ["Buy for $400", "Don't buy · auction it"]
    assert "Rent" in sheet and "$2,000" in sheet and "Mortgage value" in sheet


def test_the_banks_sheet_says_whose_move_its_buttons_make(table):
    income_tax, oriental = 4, 6
    for position in (income_tax, oriental):
        sheet = tap(table["host"], table["id"], position, view="bank", player=3)
        assert "Acting for Cy" in readable(sheet)  # its buttons read "Pay Income Tax", "Buy for $100"
    assert "Acting for" not in readable(tap(table["Cy"], table["id"], oriental))


def test_with_auctions_off_not_buying_just_closes_the_sheet(app):
    game = app.extensions["banker"].create_game(["Ann", "Bob"], options={"auctions": False})
    phone = app.test_client()
    join(phone, game.game.join_code, 1)
    sheet = tap(phone, game.game.id, 39)
    assert buttons(sheet)[1:3] == ["Buy for $400", "Don't buy"]


def test_buying_takes_the_price_and_the_map_shows_the_owner(app, table):
    response = do(table["Ann"], table["id"], type="buy", player=1, deed=39)
    assert response.status_code == 200
    assert "You paid the bank $400 (bought Boardwalk)" in text(response)
    assert state(app, table["id"]).player(1).cash == 1100
    page = text(table["Bob"].get(f"/g/{table['id']}"))
    assert (
        'aria-label="Boardwalk, dark blue group, Ann&#39;s"' in page
        or 'aria-label="Boardwalk, dark blue group, Ann\'s"' in page
    )


def test_someone_elses_deed_offers_the_computed_rent(bought):
    sheet = tap(bought["Cy"], bought["id"], 15)
    assert "Pay Bob rent · −$50" in buttons(sheet)
    assert "Rent now <strong>$50, 2 railroads owned</strong>" in sheet


def test_a_whole_unbuilt_group_doubles_the_rent_on_the_sheet(bought):
    sheet = tap(bought["Bob"], bought["id"], 3)
    assert "Pay Ann rent · −$8" in buttons(sheet)


@pytest.mark.parametrize(
    ("preset", "ladder"),
    [
        ("classic", "With 3 houses $1,400 With 4 houses $1,700 With a hotel $2,000"),
        ("short", "With 3 houses $1,400 With a hotel $2,000"),
    ],
)
def test_a_deed_lists_the_rents_its_game_can_charge(app, preset, ladder):
    """The short game's hotel comes after 3 houses: Boardwalk's $1,700 with 4 houses is never charged."""
    game_id, ann, _, _ = seated(app, preset)
    sheet = readable(tap(ann, game_id, 39))
    assert ladder in sheet
    assert ("With 4 houses" in sheet) == (preset == "classic")


def test_paying_rent_moves_the_amount_from_the_sheet(app, bought):
    response = do(bought["Cy"], bought["id"], type="pay_rent", player=3, deed=15)
    assert response.status_code == 200
    assert state(app, bought["id"]).player(3).cash == 1450
    assert state(app, bought["id"]).player(2).cash == 1500 - 200 - 200 - 150 + 50


def test_a_utility_asks_for_the_dice_total_on_a_keypad_with_every_amount_worked_out(bought):
    sheet = tap(bought["Ann"], bought["id"], 12)
    keypad = buttons(sheet[sheet.index('<div class="keypad">') :])
    assert keypad == [f"{dice} −${4 * dice}" for dice in range(2, 13)]  # 2 to 12: the dice the rules take


def test_a_mortgaged_deed_offers_lifting_it_and_charges_no_rent(app, bought):
    do(bought["Ann"], bought["id"], type="mortgage", deed=5)
    assert "Lift the mortgage · −$110" in buttons(tap(bought["Ann"], bought["id"], 5))
    assert "mortgaged: no rent" in tap(bought["Cy"], bought["id"], 5)


@pytest.mark.parametrize(
    ("position", "label"),
    [(4, "Pay Income Tax · −$200"), (38, "Pay Luxury Tax · −$100"), (0, "Collect the salary · +$200")],
)
def test_tax_and_go_spaces_offer_their_fixed_amount(table, position, label):
    assert label in buttons(tap(table["Ann"], table["id"], position))


def test_go_to_jail_then_the_wallet_offers_the_fine(app, table):
    assert "Go to jail (no salary)" in buttons(tap(table["Ann"], table["id"], 30))
    assert do(table["Ann"], table["id"], type="go_to_jail", player=1).status_code == 200
    page = text(table["Ann"].get(f"/g/{table['id']}"))
    assert "In jail" in page and "Pay the fine · −$50" in readable(page)
    assert "Ann is in jail." in tap(table["Ann"], table["id"], 10)


def test_a_jailed_player_who_rolled_doubles_is_out_in_one_tap_with_no_money_moved(app, table):
    """003: "if you have a double on both cubes in one of these moves, you can get out of prison";
    001: 「ゾロ目が出た場合は$50の支払いや釈放券を使用せずに出所となり」."""
    game_id = table["id"]
    do(table["Ann"], game_id, type="go_to_jail", player=1)
    wallet = text(table["Ann"].get(f"/g/{game_id}"))
    wallet = wallet[wallet.index('class="card in-jail"') :]  # docked under the board
    assert buttons(wallet)[:2] == ["Pay the fine · −$50", "Rolled doubles — I'm out"]
    assert '"type": "leave_jail_by_doubles", "view": "player"' in wallet
    assert "Rolled doubles — I'm out" in buttons(tap(table["host"], game_id, 10, view="bank"))
    response = do(table["Ann"], game_id, type="leave_jail_by_doubles", player=1)
    assert response.status_code == 200 and "You rolled doubles and are out of jail" in text(response)
    state = app.extensions["banker"].state(game_id)
    assert not state.player(1).in_jail and [p.cash for p in state.players] == [1500, 1500, 1500]
    assert "In jail" not in text(table["Ann"].get(f"/g/{game_id}"))
    assert "Ann rolled doubles and is out of jail" in text(table["Bob"].get(f"/g/{game_id}"))
    again = do(table["Ann"], game_id, type="leave_jail_by_doubles", player=1)
    assert again.status_code == 409 and refusal(again) == "You are not in jail."  # Ann's own phone


def test_a_monopoly2_player_in_jail_is_offered_no_fine_and_leaves_after_a_second_turn_in_one_tap(app):
    """004: no fine; "at the end of a second turn in Jail, they become 'Just Visiting'"."""
    game_id, ann, bob, _ = seated(app, preset="monopoly2")
    do(ann, game_id, type="go_to_jail", player=1)
    wallet = text(ann.get(f"/g/{game_id}"))
    wallet = wallet[wallet.index('class="card in-jail"') :]
    assert buttons(wallet)[:2] == ["Second turn in jail over — I'm out", "Rolled doubles — I'm out"]
    assert "Pay the fine" not in wallet
    rules = readable(text(ann.get(f"/g/{game_id}/rules")))
    assert "Jail has no fine: you are out by rolling doubles" in rules and "The jail fine is" not in rules
    fine = do(ann, game_id, type="pay_jail_fine", player=1)
    assert fine.status_code == 409 and refusal(fine).startswith("This game's jail has no fine")
    out = do(ann, game_id, type="leave_jail_after_two_turns", player=1)
    assert out.status_code == 200 and "Your second turn in jail is over: you are out of jail" in text(out)
    assert [p.cash for p in state(app, game_id).players] == [1500, 1500]
    assert "Ann's second turn in jail is over: out of jail" in text(bob.get(f"/g/{game_id}"))


def test_a_chance_space_lists_its_sixteen_cards_by_short_titles_with_their_amounts(table):
    sheet = tap(table["Ann"], table["id"], 7)
    titles = buttons(sheet[sheet.index('<ol class="cards">') :])
    assert len(titles) == 16
    assert titles[:2] == ["To Boardwalk", "To GO +$200"] and "Speeding fine −$15" in titles
    assert "Advance to Go" not in sheet  # the wording shows once the card is applied


def test_a_birthday_a_player_cannot_pay_yet_shows_what_comes_now_and_what_is_owed(app, table):
    """Cy has nothing: Ann's birthday brings $10 from Bob now and $10 owed by Cy, where the card
    read "+$10" as if that were all of it."""
    as_banker(app, table["id"], {"type": "pay_bank", "player": 3, "amount": 1500, "reason": "losses"})
    sheet = tap(table["Ann"], table["id"], 2)
    assert "Birthday +$10, +$10 owed" in buttons(sheet[sheet.index('<ol class="cards">') :])


def test_a_cards_title_applies_it_in_one_tap_and_the_toast_tells_its_whole_wording(app, table):
    sheet = tap(table["Ann"], table["id"], 7)
    assert sent_by(sheet[sheet.index('<ol class="cards">') :], "Speeding fine") == {
        "type": "card",
        "player": 1,
        "deck": "chance",
        "card": "CH13",
        "from_space": 7,
        "view": "player",
    }
    response = do(table["Ann"], table["id"], type="card", player=1, deck="chance", card="CH13", from_space=7)
    assert response.status_code == 200 and state(app, table["id"]).player(1).cash == 1485
    assert "You drew Chance: Speeding fine $15." in readable(text(response))


def test_a_card_that_sends_the_piece_to_a_deed_opens_that_deed_next(bought):
    response = do(
        bought["Cy"],
        bought["id"],
        type="card",
        player=3,
        deck="chance",
        card="CH05",
        from_space=7,
        then_space=15,
        then_card="nearest_railroad",
    )
    assert response.status_code == 200
    body = text(response)
    assert 'id="sheet" class="sheet" hx-swap-oob="true"' in body
    assert "Pay Bob rent · −$100" in buttons(body)  # twice the $50 for two railroads


def test_the_deed_a_nearest_railroad_card_leads_to_shows_the_twice_rent_it_charges(app, bought):
    """The sheet said "Rent now $50" under a button charging $100: the payer could not see why."""
    reply = do(bought["Cy"], bought["id"], **sent_by(tap(bought["Cy"], bought["id"], 7), "Nearest Railroad"))
    sheet = text(reply)
    assert "Rent now <strong>$100, 2 railroads owned, x2 by the card</strong>" in sheet
    do(bought["Cy"], bought["id"], **sent_by(sheet, "Pay Bob rent · −$100"))
    after = state(app, bought["id"])
    assert (after.player(3).cash, after.player(2).cash) == (1500 - 100, 950 + 100)  # Bob's deeds: $550


def test_the_twice_rent_of_the_card_holds_when_its_sheet_is_closed_and_the_railroad_tapped_again(app, bought):
    """Closed by mistake, the sheet opened again on the railroad offered the plain $50."""
    do(bought["Cy"], bought["id"], **sent_by(tap(bought["Cy"], bought["id"], 7), "Nearest Railroad"))
    again = tap(bought["Cy"], bought["id"], 15)
    assert "Pay Bob rent · −$100" in buttons(again) and "x2 by the card" in again
    assert "Pay Bob rent · −$50" in buttons(tap(bought["Ann"], bought["id"], 15))  # Ann drew nothing
    assert "Pay Bob rent · −$50" in buttons(tap(bought["host"], bought["id"], 15, view="bank", player=1))
    do(bought["Cy"], bought["id"], **sent_by(again, "Pay Bob rent · −$100"))
    assert "Pay Bob rent · −$50" in buttons(tap(bought["Cy"], bought["id"], 15))  # paid: the card is spent
    assert state(app, bought["id"]).player(3).cash == 1500 - 100


def test_a_nearest_card_the_board_does_not_have_opens_the_next_sheet_at_the_plain_rent(app):
    """A board of a table's own without the nearest-railroad card: a tap naming it stored its
    command, then answered 500 "Nothing was changed" while drawing the next sheet."""
    data = edition_to_json(load_edition("us"))
    data["chance"] = [card for card in data["chance"] if card["action"] != "advance_to_nearest"]
    game_id, ann, bob, service = seated(app, edition=custom_edition(data))
    as_banker(app, game_id, {"type": "buy", "player": 1, "deed": 5})
    at = seq(app, game_id)
    reply = do(bob, game_id, type="pass_go", player=2, then_space=5, then_card="nearest_railroad")
    assert reply.status_code == 200 and seq(app, game_id) == at + 1
    sheet = text(reply)
    assert "Rent now <strong>$25, 1 railroad owned</strong>" in sheet
    assert "This board has no card that leads to the nearest railroad." in refusals(sheet)


def test_the_utility_a_nearest_utility_card_leads_to_shows_ten_times_the_dice(app, bought):
    """Its sheet named no rent at all, while its keypad charged ten times the dice, not four."""
    reply = do(bought["Cy"], bought["id"], **sent_by(tap(bought["Cy"], bought["id"], 7), "Nearest utility"))
    sheet = text(reply)
    assert "Rent now <strong>10 × dice, by the card</strong>" in sheet  # Bob holds one: 4 × without it
    do(bought["Cy"], bought["id"], **sent_by(sheet[sheet.index('class="keypad"') :], "7"))
    assert state(app, bought["id"]).player(3).cash == 1500 - 70


@pytest.mark.parametrize(
    ("railroads", "card", "shown", "charged"),
    [
        ((5,), "", "$25, 1 railroad owned", 25),
        ((5,), "nearest_railroad", "$50, 1 railroad owned, x2 by the card", 50),
        ((5, 15, 25), "nearest_railroad", "$200, 3 railroads owned, x2 by the card", 200),
    ],
)
def test_a_railroads_rent_now_is_the_rent_the_card_that_sent_the_piece_there_charges(
    railroads, card, shown, charged
):
    game = owning(new_game(), ANN, *railroads)
    assert rent_now(game, game.deed(5), card) == shown
    assert rent_due(game, 5, card=card) == charged


@pytest.mark.parametrize(
    ("utilities", "card", "shown", "charged_on_7"),
    [
        ((12,), "", "", 28),  # the dice decide, four times them: the deed's table says so
        ((12,), "nearest_utility", "10 × dice, by the card", 70),
        ((12, 28), "nearest_utility", "10 × dice, by the card", 70),
    ],
)
def test_a_utilitys_rent_now_is_ten_times_the_dice_after_the_nearest_utility_card(
    utilities, card, shown, charged_on_7
):
    game = owning(new_game(), ANN, *utilities)
    assert rent_now(game, game.deed(12), card) == shown
    assert rent_due(game, 12, dice=7, card=card) == charged_on_7


def test_the_banker_sees_the_sheet_for_the_player_it_acts_for(bought):
    sheet = tap(bought["host"], bought["id"], 15, view="bank", player=3)
    assert "Pay Bob rent · −$50" in buttons(sheet)


@pytest.mark.parametrize("position", [-1, 40, 99])
def test_closing_or_a_space_off_the_board_leaves_the_sheet_empty(table, position):
    assert "sheet-card" not in tap(table["Ann"], table["id"], position)


def test_the_banks_sheet_closes_as_the_bank_and_a_refusal_never_replaces_the_sheet(app):
    game = app.extensions["banker"].create_game(["Ann", "Bob"], options={"auctions": False})
    host = app.test_client()
    host.post(
        f"/seat/{game.banker.token}", data={"csrf_token": csrf_token(host, f"/seat/{game.banker.token}")}
    )
    sheet = tap(host, game.game.id, 39, view="bank", player=2)
    closes = re.findall(r'<button class="btn ghost[^"]*" hx-get="([^"]+)" hx-target="#sheet"', sheet)
    assert len(closes) == 2  # ✕ and Don't buy
    for close in closes:
        closed = host.get(html.unescape(close), headers=HTMX)
        assert closed.status_code == 200 and "sheet-card" not in text(closed)
    # a refusal goes to the toast, whatever the request was to replace: the sheet stays usable
    refused = host.get(f"/g/{game.game.id}/space/-1", headers=HTMX)  # no view: a player's seat
    assert refused.status_code == 403
    assert (refused.headers["HX-Retarget"], refused.headers["HX-Reswap"]) == ("#toast", "outerHTML")


BAD = [
    ({"type": "buy", "player": 1, "deed": 15}, 409, "Pennsylvania Railroad is already owned by Bob."),
    ({"type": "pay_rent", "player": 1, "deed": 1}, 409, "You own Mediterranean Avenue"),
    ({"type": "pay_rent", "player": 1, "deed": 12}, 409, "Enter the dice total"),
    ({"type": "pay_rent", "player": 1, "deed": 12, "dice": 13}, 409, "A dice total is between 2 and 12."),
    ({"type": "pay_rent", "player": 1, "deed": 12, "dice": 16}, 400, "A dice total is between 2 and 15."),
    ({"type": "buy", "player": 1, "deed": 7}, 409, "There is no title deed at board position 7."),
    ({"type": "buy", "player": 1, "deed": 77}, 409, "There is no title deed at board position 77."),
    ({"type": "mortgage", "deed": 15}, 403, "This phone belongs to Ann"),
    ({"type": "build", "deed": 5}, 409, "railroad"),
    ({"type": "card", "player": 1, "deck": "chance", "card": "CH99"}, 409, "CH99"),
]


@pytest.mark.parametrize(("payload", "status", "message"), BAD, ids=[str(b[0]) for b in BAD])
def test_a_bad_board_action_gets_a_clear_message_and_changes_nothing(app, bought, payload, status, message):
    before = seq(app, bought["id"])
    response = do(bought["Ann"], bought["id"], **payload)
    assert response.status_code == status, text(response)
    assert message in text(response)
    assert seq(app, bought["id"]) == before


def test_a_groups_colour_also_carries_its_name(app, bought):
    wallet = text(bought["Ann"].get(f"/g/{bought['id']}"))
    assert 'Mediterranean Avenue<small class="group">brown group</small>' in wallet
    assert 'Reading Railroad<small class="group">railroad group</small>' in wallet
    assert "Title deed · light blue group" in tap(bought["Ann"], bought["id"], 6)
    korean = bought["Ann"].get(
        f"/g/{bought['id']}/space/6",
        headers={**HTMX, "Accept-Language": "ko"},
        query_string={"view": "player"},
    )
    assert "증서 · 하늘색 그룹" in text(korean)


def test_a_board_of_32_spaces_draws_eight_to_a_side(app):
    game = app.extensions["banker"].create_game(["Ann", "Bob"], edition=custom_edition(small_board()))
    phone = app.test_client()
    join(phone, game.game.join_code, 1)
    page = text(phone.get(f"/g/{game.game.id}"))
    assert page.count('class="space ') == 32
    assert (
        '<div class="spaces" style="--row: 4; --side: 8">' in page
    )  # two rows a side, 8 a row on a wide screen
    shaded = re.findall(r'id="space-(\d+)" class="space [a-z_]+ alt', page)
    assert [int(p) for p in shaded] == [*range(8, 16), *range(24, 32)]
    sheet = tap(phone, game.game.id, 31)
    assert buttons(sheet)[1] == "Buy for $400" and "Lot 31" in sheet


def test_a_space_prints_the_short_name_its_board_gives_its_deed(app, table):
    """The US board's own (us.json), or a board file's, or none: then the name whole."""
    data = edition_to_json(load_edition("us"))
    data["properties"][0]["short"] = "Med."
    del data["properties"][1]["short"]
    game = app.extensions["banker"].create_game(["Ann", "Bob"], edition=custom_edition(data))
    phone = app.test_client()
    join(phone, game.game.join_code, 1)
    for page, names in (
        (text(table["Ann"].get(f"/g/{table['id']}")), ["Medit. Ave", "Baltic Ave", "Board\u00adwalk"]),
        (text(phone.get(f"/g/{game.game.id}")), ["Med.", "Baltic Avenue", "Board\u00adwalk"]),
    ):
        printed = dict(re.findall(r'id="space-(\d+)".*?<span class="name"[^>]*>([^<]*)</span>', page, re.S))
        assert [printed[p] for p in ("1", "3", "39")] == names


@pytest.mark.parametrize(
    ("word", "syllables"),
    [
        ("Gyeongbokgung", "Gyeong-bok-gung"),
        ("Namdaemunsijang", "Nam-dae-mun-si-jang"),
        ("Promenade", "Pro-me-nade"),  # the last three letters stay together
        ("Northumberland", "Nor-thum-ber-land"),  # "th" begins a syllable
        ("Élysées", "Ély-sées"),  # the first two letters stay together
        ("해운대해수욕장", "해운대해수욕장"),  # Korean breaks as a Korean phone breaks it
    ],
)
def test_a_word_too_long_for_a_tile_may_break_only_between_its_syllables(word, syllables):
    assert hyphenated(word).replace("\u00ad", "-") == syllables


def test_the_classic_board_keeps_five_to_a_row_from_the_stylesheet(table):
    page = text(table["Bob"].get(f"/g/{table['id']}"))
    assert '<div class="spaces">' in page
    shaded = re.findall(r'id="space-(\d+)" class="space [a-z_]+ alt', page)
    assert [int(p) for p in shaded] == [*range(10, 20), *range(30, 40)]
