"""The end of a game on the phones: the tally, the chart, the history to download."""

from __future__ import annotations

import csv
import html as html_lib
import io
import itertools
import json
import re

import pytest

from banker.web.panels.tally import clock_text
from tests.support.sse import messages
from tests.support.web import (
    JA,
    KO,
    as_banker,
    buttons,
    display_link,
    do,
    open_display,
    page,
    refusals,
    seq,
    take_seat,
    tally_rows,
    tap,
    text,
)

PARK_PLACE, BOARDWALK = 37, 39
# Ann buys the dark blues and puts a house on each
DARK_BLUES_BUILT = (
    {"type": "buy", "player": 1, "deed": PARK_PLACE},
    {"type": "buy", "player": 1, "deed": BOARDWALK},
    {"type": "build", "deed": PARK_PLACE},
    {"type": "build", "deed": BOARDWALK},
)


@pytest.fixture
def played(app, table):
    """Ann owns the dark blues with a house each; Bob and Cy paid her rent; Cy won Reading Railroad
    at auction."""
    as_banker(
        app,
        table["id"],
        *DARK_BLUES_BUILT,
        {"type": "pay_rent", "player": 2, "deed": BOARDWALK},
        {"type": "pay_rent", "player": 3, "deed": PARK_PLACE},
        {"type": "decline", "player": 2, "deed": 5},
        {"type": "bid", "player": 3, "amount": 230},
        {"type": "close_auction"},
    )
    return table


def test_the_banker_ends_the_game_and_every_phone_points_to_the_tally(app, played):
    response = do(played["host"], played["id"], "bank", type="end_game")
    assert "The table agreed to end the game: the game is over, and Ann wins" in text(response)
    for name in ("Ann", "Bob", "Cy"):
        html = page(played[name], played["id"])
        assert "Game over" in html and "Ann wins!" in html and "The tally, the biggest moments" in html
        assert html.count("<polyline") == 3 and "<strong>$1,875</strong>" in html


def test_an_ended_game_offers_the_bank_the_tally_history_and_files_not_its_actions(app, played):
    do(played["host"], played["id"], "bank", type="end_game")
    bank = page(played["host"], played["id"], "/bank")
    actions = ("pass_go", "pay_player", "pay_tax", "pay_bank", "collect_from_bank", "start_building_auction")
    for action in actions:
        assert f'"type": "{action}"' not in bank and f'value="{action}"' not in bank
    assert "Acting for" not in bank and 'id="tab-pay"' not in bank and 'id="tab-trade"' not in bank
    assert "Where did you land?" not in bank and "Tap where the player landed." not in bank
    still = ("The tally, the biggest moments and the history", ">New game</a>", "Download the game", "Undo")
    assert all(offered in bank for offered in still)


def test_no_phone_of_an_ended_game_is_asked_where_it_landed_nor_offered_to_pay(app, played):
    do(played["host"], played["id"], "bank", type="resign", player=3)  # Cy is out before the end
    do(played["host"], played["id"], "bank", type="end_game")
    for name in ("Ann", "Cy"):
        phone = page(played[name], played["id"])
        assert "Game over" in phone and "Where did you land?" not in phone and "Passed GO" not in phone
        assert 'id="tab-pay"' not in phone and '"type": "pay_tax"' not in phone
        assert "Tap where you landed." not in phone and "Tap a deed to build or mortgage." not in phone


def test_a_tap_on_the_board_of_an_ended_game_shows_the_deed_and_offers_nothing(app, played):
    do(played["host"], played["id"], "bank", type="end_game")
    for phone, view in ((played["Ann"], "player"), (played["host"], "bank")):
        for position in (BOARDWALK, 1, 4):  # her own, the bank's, a tax
            sheet = tap(phone, played["id"], position, view)
            assert buttons(sheet) == ["✕"] and "This game has ended." not in refusals(sheet)
    assert "Title deed · dark blue group" in tap(played["Ann"], played["id"], BOARDWALK)


def test_only_the_banker_ends_the_game(app, played):
    response = do(played["Bob"], played["id"], type="end_game")
    assert response.status_code == 403 and "Only the banker can do that." in text(response)


def test_the_tally_ranks_everyone_with_cash_deeds_and_buildings(app, played):
    do(played["host"], played["id"], "bank", type="end_game")
    html = page(played["Bob"], played["id"], "/tally")
    # Ann: $1,500 - $750 - $400 + $200 + $175 rent = $725 cash; deeds $750; two houses $400
    assert tally_rows(html) == [
        "1 Ann Cash $725 Deeds $750 Buildings $400 $1,875",
        "2 Bob Cash $1,300 Deeds $0 Buildings $0 $1,300",
        "3 Cy Cash $1,095 Deeds $200 Buildings $0 $1,295",
    ]
    assert 'role="img" aria-label="Net worth over the game"' in html and html.count("<polyline") == 3
    assert "Biggest rent: Bob paid Ann $200 (rent for Boardwalk with 1 house)" in html
    assert "Dearest auction: Cy bought Reading Railroad for $230" in html


def ended_with_bob_owing_rent(app, table, losses: int) -> None:
    """Bob, left $1,500 - `losses`, could not pay the $200 rent on Ann's Boardwalk when the game ended."""
    as_banker(
        app,
        table["id"],
        *DARK_BLUES_BUILT,
        {"type": "pay_bank", "player": 2, "amount": losses, "reason": "losses"},
        {"type": "pay_rent", "player": 2, "deed": BOARDWALK},
        {"type": "end_game"},
    )


def test_a_debt_still_owed_at_the_end_is_in_the_tally_of_both_players(app, table):
    """Bob could not pay the $200 rent on Boardwalk when the game ended: the tally counts it as
    paid, against him and for Ann, as far as his $100 goes (all he has), and says so under their
    names."""
    ended_with_bob_owing_rent(app, table, 1400)
    html = page(table["Cy"], table["id"], "/tally")
    assert tally_rows(html) == [
        "1 Ann Cash $350 Deeds $750 Buildings $400 Is owed $200, gets $100 $1,600",
        "2 Cy Cash $1,500 Deeds $0 Buildings $0 $1,500",
        "3 Bob Cash $100 Deeds $0 Buildings $0 Owes $200, pays $100 $0",
    ]
    headers = {"Authorization": f"Bearer {app.extensions['banker'].seats.of(table['id'])[0].token}"}
    body = app.test_client().get(f"/api/games/{table['id']}/tally", headers=headers).get_json()
    assert [(p["name"], p["cash"], p["owed"], p["owes"], p["total"]) for p in body["players"]] == [
        ("Ann", 350, 100, 0, 1600),
        ("Cy", 1500, 0, 0, 1500),
        ("Bob", 100, 0, 100, 0),
    ]


def test_a_debt_open_at_the_end_is_the_tallys_not_a_card_asking_to_raise_it(app, table):
    """Once the game was over, Bob's phone and the bank's still showed his debt's card ("raise $100
    more ... a trade may still help"), though nothing can be traded or paid any more and the tally
    has counted it."""
    game_id = table["id"]
    as_banker(
        app, game_id, *DARK_BLUES_BUILT, {"type": "pay_bank", "player": 2, "amount": 1400, "reason": "x"}
    )
    as_banker(app, game_id, {"type": "pay_rent", "player": 2, "deed": BOARDWALK})
    assert "Pay $200 once raised" in page(table["Bob"], game_id)
    since = seq(app, game_id)
    as_banker(app, game_id, {"type": "end_game"})
    sent = "".join(
        m.data for m in messages(table["Bob"].get(f"/g/{game_id}/stream?seq={since}&view=player").get_data())
    )
    assert "Game over" in sent and "once raised" not in sent  # the card goes as the game ends
    for html in (page(table["Bob"], game_id), page(table["host"], game_id, "/bank")):
        assert "Game over" in html and 'class="card debt"' not in html and "once raised" not in html
        assert "Owes $200, pays $100" in html  # the tally's line says it instead


def test_a_debt_its_debtor_pays_nothing_of_is_still_said_on_both_lines(app, table):
    # with nothing at all, Bob's $200 showed on neither line: as if nobody had owed anything
    ended_with_bob_owing_rent(app, table, 1500)
    rows = tally_rows(page(table["Cy"], table["id"], "/tally"))
    assert rows[0] == "1= (tied) Ann Cash $350 Deeds $750 Buildings $400 Is owed $200, gets $0 $1,500"
    assert rows[-1] == "3 Bob Cash $0 Deeds $0 Buildings $0 Owes $200, pays $0 $0"


def test_players_whose_worth_went_the_same_way_each_draw_a_line_that_shows(app, table):
    """Buying at the printed price keeps a player's worth: all three stayed at $1,500, and their
    lines were drawn exactly over each other, only the last one to be seen."""
    as_banker(
        app,
        table["id"],
        {"type": "buy", "player": 1, "deed": BOARDWALK},
        {"type": "buy", "player": 2, "deed": 5},
    )
    do(table["host"], table["id"], "bank", type="end_game")
    html = page(table["Ann"], table["id"], "/tally")
    lines = re.findall(
        r'<polyline points="([^"]+)" fill="none" stroke="([^"]+)" stroke-width="([\d.]+)"', html
    )
    assert len(lines) == 3 and len({colour for _, colour, _ in lines}) == 3
    drawn = [[tuple(map(float, point.split(","))) for point in points.split()] for points, _, _ in lines]
    width = float(lines[0][2])
    for one, other in itertools.combinations(drawn, 2):
        assert [x for x, _ in one] == [x for x, _ in other]
        assert all(abs(y - their_y) > width for (_, y), (_, their_y) in zip(one, other, strict=True))


def test_a_tie_at_the_top_is_shown_as_a_tie(app, table):
    do(table["host"], table["id"], "bank", type="end_game")
    html = page(table["Ann"], table["id"], "/tally")
    assert "A tie at the top: Ann, Bob and Cy" in html
    assert html.count('1=<span class="sr-only"> (tied)</span>') == 3


def test_a_game_where_little_changed_hands_charts_it_as_little(app, table):
    """$2 of rent drew the axis from $1,498 to $1,502: a leap on the screen, and the lines of equal
    players, drawn side by side, looked dollars apart. The axis spans at least a tenth of the amounts."""
    as_banker(
        app,
        table["id"],
        {"type": "buy", "player": 1, "deed": 1},
        {"type": "pay_rent", "player": 2, "deed": 1},
        {"type": "end_game"},
    )
    screen = page(table["Ann"], table["id"], "/tally")
    ticks = re.findall(r'<text class="tick"[^>]*>([^<]+)</text>', screen)
    assert ticks == ["$1,400", "$1,450", "$1,500", "$1,550", "$1,600"]


def test_a_game_won_on_cash_ranks_and_charts_the_cash_on_every_screen(app):
    """Millionaire: the first bankruptcy ends it and the most cash wins. The table led with the net
    worth (Ann 372K above Bob, who won on 272K cash) and the chart drew it: the winner looked wrong."""
    service = app.extensions["banker"]
    game_id = service.create_game(["Ann", "Bob", "Cat"], preset="millionaire").game.id
    as_banker(
        app,
        game_id,
        {"type": "buy", "player": 1, "deed": PARK_PLACE},  # Ann: 22K cash and a 350K deed
        {"type": "pay_bank", "player": 2, "amount": 100, "reason": "x"},  # Bob: 272K cash
        {"type": "pay_bank", "player": 3, "amount": 1000, "reason": "x"},
        {"type": "declare_bankruptcy", "player": 3},
    )
    bank, ann = app.test_client(), app.test_client()
    bank_seat, ann_seat = service.seats.of(game_id)[:2]
    take_seat(bank, f"/seat/{bank_seat.token}")
    take_seat(ann, f"/seat/{ann_seat.token}")
    display = open_display(app, game_id, display_link(bank, game_id))
    ranked = [
        "1 Bob Deeds 0K Buildings 0K Net worth 272K 272K",
        "2 Ann Deeds 350K Buildings 0K Net worth 372K 22K",
        "3 Cat bankrupt",
    ]
    for screen in (page(ann, game_id, "/tally"), page(ann, game_id), page(bank, game_id, "/bank")):
        assert "Bob wins!" in screen and tally_rows(screen) == ranked
        assert "<caption>The most cash wins; net worth is shown under each name.</caption>" in screen
        assert '<th scope="col">Cash</th>' in screen and 'aria-label="Cash over the game"' in screen
    # the money axis reads round amounts, as the game's money reads, not where the lines end (Cat,
    # owing the bank 1,000K on 372K cash before her bankruptcy, counts at nothing, not below)
    assert re.findall(r'<text class="tick"[^>]*>([^<]+)</text>', screen) == ["0K", "200K", "400K"]
    shown = text(display.get(f"/g/{game_id}/display"))
    assert tally_rows(shown) == ranked and "<h2>Cash over the game</h2>" in shown
    assert end_reason(shown) == end_reason(screen) == "A bankruptcy ends this game"  # Millionaire's first
    for language, caption, column in (
        (KO, "현금이 가장 많은 사람이 이깁니다. 순자산은 이름 아래에 있습니다.", "현금"),
        (JA, "現金がいちばん多い人の勝ちです。純資産は名前の下にあります。", "現金"),
    ):
        html = text(ann.get(f"/g/{game_id}/tally", headers=language))
        assert f"<caption>{caption}</caption>" in html and f'<th scope="col">{column}</th>' in html
    headers = {"Authorization": f"Bearer {bank_seat.token}"}
    body = app.test_client().get(f"/api/games/{game_id}/tally", headers=headers).get_json()
    assert body["ranked_by"] == "cash"
    assert [(p["name"], p["cash"], p["total"], p["rank"]) for p in body["players"][:2]] == [
        ("Bob", 272, 272, 1),
        ("Ann", 22, 372, 2),
    ]


def test_the_history_filters_by_player_and_downloads(app, played):
    everyone = page(played["Ann"], played["id"], "/history")
    only_cy = page(played["Ann"], played["id"], "/history?player=3")
    assert "Bob paid Ann $200" in everyone and "Bob paid Ann $200" not in only_cy
    assert "Cy paid Ann $175" in only_cy
    download = played["Ann"].get(f"/g/{played['id']}/history.csv?player=3").data
    assert download.startswith(b"\xef\xbb\xbf")  # UTF-8's mark: a spreadsheet reads "₩" and "김" aright
    rows = list(csv.reader(io.StringIO(download.decode("utf-8-sig"))))
    assert rows[0] == ["seq", "what happened", "undone"] and any("Cy paid Ann $175" in r[1] for r in rows)
    data = json.loads(played["Ann"].get(f"/g/{played['id']}/history.json").text)
    assert data[0]["seq"] == 1 and "New game for Ann, Bob, Cy" in data[0]["text"]


def test_a_stranger_sees_no_tally_or_history(app, played):
    stranger = app.test_client()
    for path in ("/tally", "/history", "/history.csv"):
        assert stranger.get(f"/g/{played['id']}{path}").status_code == 403


def test_a_timed_game_ends_by_itself_when_any_phone_looks(app, clock):
    from tests.support.web import join

    game = app.extensions["banker"].create_game(["Ann", "Bob"], options={"end_at": int(clock() + 3600)})
    phone = app.test_client()
    join(phone, game.game.join_code, 1)
    assert "Game over" not in page(phone, game.game.id)
    clock.advance(3600)
    html = page(phone, game.game.id)
    assert "Game over" in html and "A tie at the top!" in html


def test_a_timed_games_clock_reads_hours_and_minutes_from_an_hour():
    """Ninety minutes read "90:00", two hours "120:00"."""
    shown = [clock_text(s) for s in (0, 59.9, 540, 3599, 3600, 5400, 7199, 36000)]
    assert shown == ["0:00", "0:59", "9:00", "59:59", "1:00:00", "1:30:00", "1:59:59", "10:00:00"]


def test_a_timed_games_end_undone_tells_the_bank_to_end_it(app, clock):
    service = app.extensions["banker"]
    game = service.create_game(["Ann", "Bob"], options={"end_at": int(clock() + 3600)})
    bank = app.test_client()
    take_seat(bank, f"/seat/{game.banker.token}")
    clock.advance(3600)
    assert "Game over" in page(bank, game.game.id, "/bank")
    as_banker(app, game.game.id, {"type": "undo"})
    html = page(bank, game.game.id, "/bank")
    assert "Game over" not in html
    assert "Time is up, and its end was undone: mend what needs mending, then end the game." in html
    # every screen's clock says so, where it read 0:00 in red as if stuck
    clock_of = re.compile(
        r'<span id="game-clock" class="game-clock ending" role="timer" aria-label="([^"]*)">([^<]*)</span>'
    )
    assert clock_of.findall(html) == [("Time is up", "Over")]
    korean = text(bank.get(f"/g/{game.game.id}/bank", headers=KO))
    assert clock_of.findall(korean) == [("시간이 다 되었습니다", "종료")]


def test_the_api_gives_the_tally_and_the_history(client, app, played):
    token = app.extensions["banker"].seats.of(played["id"])[0].token
    headers = {"Authorization": f"Bearer {token}"}
    body = client.get(f"/api/games/{played['id']}/tally", headers=headers).get_json()
    assert body["ranked_by"] == "worth"
    assert [(p["name"], p["total"], p["rank"]) for p in body["players"]] == [
        ("Ann", 1875, 1),
        ("Bob", 1300, 2),
        ("Cy", 1295, 3),
    ]
    history = client.get(f"/api/games/{played['id']}/history?player=2", headers=headers).get_json()
    assert history["older"] is None and all("Bob" in line["text"] for line in history["lines"][1:])


def test_finished_games_stay_in_the_archive_with_their_tally(app, played):
    do(played["host"], played["id"], "bank", type="end_game")
    home = text(played["host"].get("/"))
    assert "Your games on this phone" in home
    assert f'href="/g/{played["id"]}/tally"' in home and "Over · Ann won" in home
    assert played["host"].get(f"/g/{played['id']}/tally").status_code == 200


def test_the_bankrupt_players_card_does_not_say_the_game_goes_on_once_it_has_ended(app):
    """Millionaire: the first bankruptcy ends the game; Cat's card said to stay and watch it."""
    service = app.extensions["banker"]
    game_id = service.create_game(["Ann", "Bob", "Cat"], preset="millionaire").game.id
    as_banker(
        app,
        game_id,
        {"type": "pay_bank", "player": 3, "amount": 1000, "reason": "x"},
        {"type": "declare_bankruptcy", "player": 3},
    )
    assert service.state(game_id).ended
    cat = app.test_client()
    take_seat(cat, f"/seat/{service.seats.of(game_id)[3].token}")
    for language, out, finished, going_on in (
        ({}, "You're out", "You finished 3 of 3.", "Stay and watch"),
        (KO, "탈락", "3명 중 3위로 마쳤습니다.", "계속 지켜보세요"),
        (JA, "脱落", "3人中3位でした。", "観戦"),
    ):
        screen = text(cat.get(f"/g/{game_id}", headers=language))
        assert out in screen and finished in screen and going_on not in screen, language


def end_reason(html: str) -> str:
    found = re.search(r'<p class="end-reason">(.*?)</p>', html, re.S)
    return html_lib.unescape(found.group(1).strip()) if found else ""


def test_the_finale_says_why_the_game_ended_and_what_the_end_called_off(app, clock):
    """The phones went from the game to "Game over" with only a passing toast to say why: a clock
    running out mid-auction left the table asking who had won the deed."""
    from tests.support.web import join

    service = app.extensions["banker"]
    game = service.create_game(["Ann", "Bob"], options={"end_at": int(clock() + 3600), "auction_seconds": 60})
    game_id = game.game.id
    phone = app.test_client()
    join(phone, game.game.join_code, 1)
    clock.advance(3590)
    as_banker(
        app,
        game_id,
        {"type": "decline", "player": 1, "deed": BOARDWALK},
        {"type": "bid", "player": 2, "amount": 300},
    )
    assert end_reason(page(phone, game_id)) == ""  # no end yet
    clock.advance(10)
    html = page(phone, game_id)
    why = "Time is up; the auction of Boardwalk is called off, Bob's bid of $300 not taken"
    assert "Game over" in html and end_reason(html) == why
    assert end_reason(text(phone.get(f"/g/{game_id}/tally"))) == why
    assert service.state(game_id).holding(BOARDWALK).owner == 0
    agreed = service.create_game(["Ann", "Bob"])
    cy = app.test_client()
    join(cy, agreed.game.join_code, 2)
    as_banker(app, agreed.game.id, {"type": "end_game"})
    assert end_reason(page(cy, agreed.game.id)) == "The table agreed to end the game"
    assert (
        end_reason(text(cy.get(f"/g/{agreed.game.id}/tally", headers=KO)))
        == "모두 합의하여 게임을 끝냈습니다"
    )
