"""Screens in English, Korean and Japanese: chosen from the phone's language or by the switcher,
with the rules' refusals, the history and the toasts in the same language."""

from __future__ import annotations

import json
import re

import pytest

from banker.rules.editions import load_edition
from tests.support.web import HTMX, JA, KO, as_banker, csrf_token, do, join, page, readable, take_seat, text


def switch(client, lang: str, back: str = "/"):
    return client.post("/language", data={"csrf_token": csrf_token(client), "lang": lang, "next": back})


def test_a_korean_phone_reads_korean_screens(table):
    home = table["Ann"].get("/", headers=KO)
    assert '<html lang="ko">' in text(home) and "새 게임" in text(home)
    wallet = text(table["Ann"].get(f"/g/{table['id']}", headers=KO))
    assert '<html lang="ko">' in wallet
    for words in ("내 증서", "어디에 멈췄나요?", "은행에 지불", "GO 통과", "무료주차장", "찬스"):
        assert words in wallet
    assert "Where did you land?" not in wallet and "My deeds" not in wallet


def test_the_built_in_boards_title_reads_in_the_phones_language(table):
    bank = text(table["host"].get(f"/g/{table['id']}/bank", headers=JA))
    assert "米国標準版（アトランティックシティ）、2008年9月以降の価格。" in bank


def test_without_a_language_of_ours_the_screens_stay_english(table):
    wallet = text(table["Ann"].get(f"/g/{table['id']}", headers={"Accept-Language": "fr-FR,de;q=0.8"}))
    assert '<html lang="en">' in wallet and "Where did you land?" in wallet


def test_the_switcher_changes_the_language_and_it_sticks(table):
    ann = table["Ann"]
    response = switch(ann, "ja", f"/g/{table['id']}")
    assert response.status_code == 303 and response.headers["Location"] == f"/g/{table['id']}"
    for headers in ({}, KO):  # the choice outranks the phone's own language
        wallet = text(ann.get(f"/g/{table['id']}", headers=headers))
        assert '<html lang="ja">' in wallet and "持ち物件" in wallet
    assert switch(ann, "en").status_code == 303
    assert "My deeds" in page(ann, table["id"])


def test_every_screen_offers_the_switcher_in_each_language_own_words(table):
    for path in ("/", "/new", f"/join/{table['code']}", f"/g/{table['id']}/bank", f"/g/{table['id']}/tally"):
        html = text(table["host"].get(path))
        assert all(name in html for name in ("English", "한국어", "日本語")), path


@pytest.mark.parametrize(
    "back",
    ["https://elsewhere.example/", "//elsewhere.example/x", "/\\elsewhere.example", "javascript:alert(1)"],
)
def test_the_switcher_only_goes_back_to_this_server(client, back):
    assert switch(client, "ko", back).headers["Location"] == "/"


def test_the_jail_fine_chip_reads_in_each_phones_language(table):
    """Pay the bank's Jail fine sent the tapping phone's words as the payment's reason: a Korean
    bank's tap read "(보석금)" in every phone's history, a Japanese one's included."""
    game_id = table["id"]
    bank = text(table["host"].get(f"/g/{game_id}/bank", headers=KO))
    sent = json.loads(re.search(r"hx-vals='([^']*pay_fine[^']*)'", bank).group(1))
    assert sent == {"type": "pay_fine", "view": "bank"}  # the rules fix the amount and the words
    assert do(table["host"], game_id, player=2, **sent).status_code == 200
    assert "Bobが銀行に$50を支払いました（釈放料）" in text(
        table["Ann"].get(f"/g/{game_id}/history", headers=JA)
    )
    assert "Bob paid the bank $50 (jail fine)" in page(table["Cy"], game_id, "/history")
    assert "Bob 님이 은행에 $50 지불 (보석금)" in text(table["Bob"].get(f"/g/{game_id}/history", headers=KO))


def test_a_refused_command_reads_in_japanese(table):
    switch(table["Ann"], "ja")
    refused = do(table["Ann"], table["id"], type="pay_player", player=1, to=2, amount=5000)
    assert refused.status_code == 409
    message = re.search(r'role="alert"><p>(.*?)</p>', text(refused)).group(1)
    assert message == "所持金は$1,500で、$5,000を払うにはあと$3,500必要です。"  # Ann's own phone: hers


def test_the_toast_and_the_history_read_in_the_phones_language(table):
    switch(table["Ann"], "ko")
    paid = do(table["Ann"], table["id"], type="pay_player", player=1, to=2, amount=50)
    assert readable(text(paid).split("</div>")[0]) == "−$50 Bob 님에게 $50 지불했습니다 되돌리기"  # and Undo
    assert "Ann 님이 Bob 님에게 $50 지불" in page(table["Ann"], table["id"])
    assert "Annが Bobに" not in page(table["Bob"], table["id"])
    assert "Ann paid Bob $50" in page(table["Bob"], table["id"])
    assert "AnnがBobに$50を支払いました" in text(table["Cy"].get(f"/g/{table['id']}", headers=JA))


def test_a_reason_the_rules_worded_is_translated_from_the_log(app, table):
    do(table["Ann"], table["id"], type="buy", player=1, deed=1)
    do(table["Bob"], table["id"], type="pay_rent", player=2, deed=1)
    history = text(table["Bob"].get(f"/g/{table['id']}/history", headers=JA))
    assert "BobがAnnに$2を支払いました（Mediterranean Avenueのレンタル料）" in history
    assert "Ann、Bob、Cyの新しいゲーム" in history  # the names listed as Japanese lists them, not "Ann, Bob"


def test_the_board_is_rendered_once_per_language(table):
    english = page(table["Ann"], table["id"])
    korean = text(table["Bob"].get(f"/g/{table['id']}", headers=KO))
    assert 'aria-label="Mediterranean Avenue, brown group, for sale $60"' in english
    assert 'aria-label="Mediterranean Avenue, 갈색 그룹, 판매 중 $60"' in korean


def test_the_api_speaks_english_unless_asked_otherwise(app, client):
    body = {"players": ["Ann"]}
    assert client.post("/api/games", json=body).get_json()["error"] == (
        "A game needs 2 to 8 players; you named 1."
    )
    assert client.post("/api/games", json=body, headers=KO).get_json()["error"] == (
        "게임에는 2~8명이 필요한데 1명을 입력했습니다."
    )
    switch(client, "ja")  # the screens' cookie is not the API's business
    assert client.post("/api/games", json=body).get_json()["error"].startswith("A game needs")


# Refusals a phone can meet at the table, each a different rule's message.
REFUSALS = [
    {"type": "pay_player", "to": 2, "amount": 5000},
    {"type": "pay_player", "to": 2, "amount": "12.5"},
    {"type": "pay_bank", "amount": 0},
    {"type": "buy", "deed": 3},
    {"type": "mortgage", "deed": 39},
    {"type": "build", "deed": 1},
    {"type": "sell_building", "deed": 1},
    {"type": "unmortgage", "deed": 1},
    {"type": "pay_jail_fine"},
    {"type": "use_jail_card"},
    {"type": "bid", "amount": 10},
    {"type": "free_parking"},
    {"type": "pay_tax", "space": 5},
    {"type": "pay_rent", "deed": 1},
    {"type": "decline_trade", "trade": 9},
    {"type": "declare_bankruptcy"},
    {"type": "end_game"},
    {"type": "buy_level"},
    {"type": "pay_debt"},
    {"type": "propose_trade", "to": 2},
    {"type": "pay_player", "amount": 5},  # a field missing is named in the phone's words: "to 값이 없습니다"
    {"type": "pay_bank", "reason": "tax"},
]
US = load_edition("us")
NAMES = {"Ann", "Bob", "Cy", "GO"} | {
    word for deed in US.deeds for word in re.findall(r"[A-Za-z]+", deed.name)
}


@pytest.mark.parametrize("language", [KO, JA], ids=["ko", "ja"])
def test_the_rules_refusals_read_in_the_phones_language(table, language):
    ann = table["Ann"]
    do(ann, table["id"], type="buy", player=1, deed=1)
    do(table["Bob"], table["id"], type="buy", player=2, deed=3)
    token = csrf_token(ann)
    for fields in REFUSALS:
        refused = ann.post(
            f"/g/{table['id']}/do",
            data={"view": "player", "player": 1, **fields},
            headers={**HTMX, **language, "X-CSRFToken": token},
        )
        assert refused.status_code in (400, 403, 409), fields
        message = readable(text(refused))
        english = set(re.findall(r"[A-Za-z]+", message)) - NAMES
        assert message and not english, (fields, message)


def test_news_from_other_phones_reads_in_this_phones_language(app, table):
    known = app.extensions["banker"].state(table["id"]).seq
    do(table["Bob"], table["id"], type="decline", player=2, deed=1)  # the bank auctions it: news
    live = table["Ann"].get(f"/g/{table['id']}/live?view=player&seq={known}", headers={**HTMX, **JA})
    toast = re.search(r'<p class="toast ok"[^>]*><span class="said">(.*?)</span>', text(live)).group(1)
    assert toast == "BobはMediterranean Avenueを買いませんでした。銀行が競売にかけます"


def test_a_piece_reads_alike_on_every_screen_in_the_phones_language(app):
    host = app.test_client()
    form = text(host.get("/new", headers=KO))
    assert '<option value="Dog">강아지</option>' in form  # shown in Korean, stored in English
    token = csrf_token(host)
    created = host.post(
        "/new", data={"csrf_token": token, "name": ["Ann", "Bob"], "piece": ["Dog", "Top hat"]}, headers=KO
    )
    game_id = created.headers["Location"].split("/")[2]
    assert app.extensions["banker"].state(game_id).player(1).token == "Dog"
    lobby = readable(text(host.get(f"/g/{game_id}/lobby", headers=KO)))
    assert "Ann 빨강 · 강아지" in lobby and "Bob 파랑 · 실크햇" in lobby  # the lobby said only "빨강"
    assert "Ann 赤 · イヌ" in readable(text(host.get(f"/g/{game_id}/bank", headers=JA)))
    code = app.extensions["banker"].seats.join_code(game_id)
    ann = app.test_client()
    join(ann, code, 1)
    assert "Ann Red · Dog" in readable(text(ann.get(f"/g/{game_id}")))


def test_a_piece_stored_in_korean_reads_in_english_and_any_other_piece_as_typed(app):
    game = app.extensions["banker"].create_game(["Ann", "Bob"], tokens=["강아지", "Tardis"])
    host = app.test_client()
    take_seat(host, f"/seat/{game.banker.token}")
    bank = readable(text(host.get(f"/g/{game.game.id}/bank")))
    assert "Ann Red · Dog" in bank and "Bob Blue · Tardis" in bank


def test_a_lot_nobody_bid_for_takes_its_particle_in_korean(app, table):
    """ "입찰 없음: 주택 은행에 남음" read as the name of a bank (주택은행), the lot with no particle."""
    as_banker(app, table["id"], {"type": "decline", "player": 1, "deed": 3}, {"type": "close_auction"})
    history = readable(text(table["Bob"].get(f"/g/{table['id']}/history", headers=KO)))
    assert "입찰 없음: Baltic Avenue은(는) 은행에 남음" in history  # a Latin name's sound is not known: both


def test_korean_particles_follow_the_amount_filled_in(table):
    """A template's own message reads "$1,500를" (1,500달러를), not "을(를)" (a rule's: the
    translation of a Text, tests/rules/test_korean.py)."""
    bank = text(table["host"].get(f"/g/{table['id']}/bank", headers=KO))
    assert "은행에서 $1,500를 받고 시작하며" in bank and "을(를)" not in bank
