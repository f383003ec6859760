"""Editions and money on the screens and in the API: the UK board, a custom board uploaded at
"New game" or sent to the API, exported again, and the money style of each game."""

from __future__ import annotations

import io
import json

from banker.rules.board import edition_to_json
from banker.rules.editions import load_edition
from tests.support.web import csrf_token, text


def springfield() -> dict:
    data = edition_to_json(load_edition("us"))
    data["edition"] = "Springfield"
    data["properties"][-1]["name"] = data["spaces"][39]["name"] = "Evergreen Terrace"
    data["properties"][-1]["short"] = "Evergreen Ter."
    data["properties"][-1]["price"] = 450
    return data


def create(client, **body):
    return client.post("/api/games", json={"players": ["Ann", "Bob"], **body})


def api_state(client, game, token=None):
    headers = {"Authorization": f"Bearer {token or game['banker_token']}"}
    return client.get(f"/api/games/{game['id']}", headers=headers).get_json()


def exported(client, game, token):
    return client.get(f"/api/games/{game['id']}/edition", headers={"Authorization": f"Bearer {token}"})


def start(client, *, upload: bytes | None = None, **fields):
    data = {"csrf_token": csrf_token(client), "name": ["Ann", "Bob"], **fields}
    if upload is not None:
        data["edition_file"] = (io.BytesIO(upload), "springfield.json")
    return client.post("/new", data=data, content_type="multipart/form-data")


def game_of(app, response):
    game_id = response.headers["Location"].split("/")[2]
    return game_id, app.extensions["banker"].state(game_id)


# --- the API -----------------------------------------------------------------------------


def test_a_uk_game_through_the_api_has_london_names_and_pounds(client):
    game = create(client, edition="uk").get_json()
    body = api_state(client, game)
    assert body["edition"] == "uk" and body["rules"]["currency"] == "GBP"
    assert [d["name"] for d in body["deeds"]][-2:] == ["Park Lane", "Mayfair"]
    history = client.get(
        f"/api/games/{game['id']}/history", headers={"Authorization": f"Bearer {game['banker_token']}"}
    ).get_json()
    assert history["lines"][0]["text"] == "New game for Ann, Bob; everyone starts with £1,500"


def test_the_currency_option_takes_every_money_style(client):
    for code in ("USD", "GBP", "EUR", "KRW", "JPY", "MK"):
        game = create(client, options={"currency": code}).get_json()
        assert api_state(client, game)["rules"]["currency"] == code
    refused = create(client, options={"currency": "DEM"})
    assert refused.status_code == 400
    assert refused.get_json()["error"] == "Option currency must be one of: USD, GBP, EUR, KRW, JPY, MK."


def test_a_custom_edition_through_the_api_is_played_and_exported_as_it_came(client):
    created = create(client, edition=springfield())
    assert created.status_code == 201, created.get_json()
    game = created.get_json()
    body = api_state(client, game)
    assert body["edition"] == "custom" and body["deeds"][-1]["name"] == "Evergreen Terrace"
    player = game["players"][1]["token"]
    response = exported(client, game, player)
    assert response.status_code == 200 and response.get_json() == springfield()


def test_a_built_in_edition_exports_in_the_same_format_and_imports_again(client):
    uk = exported(client, create(client, edition="uk").get_json(), None)
    assert uk.status_code == 403
    game = create(client, edition="uk").get_json()
    data = exported(client, game, game["banker_token"]).get_json()
    assert data["edition"] == "UK standard (London) edition" and data["currency"] == "GBP"
    again = create(client, edition=data).get_json()
    assert exported(client, again, again["banker_token"]).get_json() == data


def test_another_games_token_cannot_export_an_edition(client):
    mine, other = create(client).get_json(), create(client).get_json()
    assert exported(client, mine, other["banker_token"]).status_code == 403


def test_an_invalid_custom_edition_is_a_400_saying_what_is_wrong(client):
    data = springfield()
    data["spaces"].pop()
    response = create(client, edition=data)
    assert response.status_code == 400
    assert response.get_json() == {
        "error": "A board has four equal sides: 16 to 64 spaces, a multiple of 4 (40 on the classic board); "
        "this file has 39."
    }


def test_the_check_endpoint_answers_ok_with_the_title_or_the_error(client):
    good = client.post("/api/editions/check", json=springfield())
    assert good.status_code == 200 and good.get_json() == {"ok": True, "title": "Springfield"}
    data = springfield()
    data["chance"].clear()
    bad = client.post("/api/editions/check", json=data)
    assert bad.status_code == 400
    assert bad.get_json() == {"error": "The Chance deck has 0 cards; it needs 1 to 32."}


# --- the screens -------------------------------------------------------------------------


def test_the_new_game_form_offers_the_boards_a_file_and_the_money_styles(client):
    html = text(client.get("/new"))
    assert 'enctype="multipart/form-data"' in html
    assert 'name="edition" value="us"' in html and 'name="edition" value="uk"' in html
    assert '<input type="file" name="edition_file" accept=".json,application/json">' in html
    for example in (
        "Dollars · $1,500",
        "Pounds · £1,500",
        "Euros · €1,500",
        "Won · ₩1,500,000",
    ):
        assert example in html
    assert "Yen · ¥1,500" in html and "Electronic banking · M1.5" in html


def test_the_uk_board_and_a_money_style_chosen_on_the_form(app, client):
    response = start(client, edition="uk")
    assert response.status_code == 303, text(response)
    _, state = game_of(app, response)
    assert state.edition.id == "uk" and state.rules.currency == "GBP"
    _, state = game_of(app, start(client, edition="uk", currency="EUR"))
    assert state.edition.id == "uk" and state.money(1500) == "€1,500"


def test_an_edition_file_uploaded_on_the_form_is_the_board(app, client):
    response = start(client, edition="file", upload=json.dumps(springfield()).encode())
    assert response.status_code == 303, text(response)
    _, state = game_of(app, response)
    assert state.edition.title == "Springfield" and state.deed(39).name == "Evergreen Terrace"


def test_a_file_chosen_before_another_board_was_ticked_is_left_out(app, client):
    # the form hides the file once US or UK is ticked, but still sends it
    response = start(client, edition="uk", upload=json.dumps(springfield()).encode())
    assert response.status_code == 303, text(response)
    _, state = game_of(app, response)
    assert state.edition.id == "uk"


def test_an_invalid_edition_file_is_refused_on_the_form_saying_why(app, client):
    data = springfield()
    data["properties"][0]["price"] = 0
    response = start(client, edition="file", upload=json.dumps(data).encode())
    assert response.status_code == 400
    html = text(response)
    assert (
        "That edition file cannot be played. Mediterranean Avenue's price must be a whole number "
        "from 1 to 1,000,000, not 0."
    ) in html
    assert 'value="Ann"' in html  # the names stay on the form


def test_a_file_that_is_not_json_or_missing_is_refused_on_the_form(client):
    response = start(client, edition="file", upload=b'{"edition": "Springfield",')
    assert response.status_code == 400
    assert "That edition file is not valid JSON: a name in double quotes was expected" in text(response)
    missing = start(client, edition="file")
    assert missing.status_code == 400
    assert "Choose your edition's JSON file, or pick the US or UK board." in text(missing)


def test_the_bank_screen_links_to_the_board_download(app, client):
    game_id, _ = game_of(app, start(client, edition="uk"))
    bank = text(client.get(f"/g/{game_id}/bank"))
    assert f'href="/g/{game_id}/edition.json" download>Download this board (JSON)</a>' in bank
    assert "UK standard (London) edition." in bank
    download = client.get(f"/g/{game_id}/edition.json")
    assert download.status_code == 200 and download.mimetype == "application/json"
    assert download.headers["Content-Disposition"] == f'attachment; filename="banker-{game_id}-edition.json"'
    assert json.loads(download.get_data()) == edition_to_json(load_edition("uk"))


def test_any_seat_may_download_the_board_but_a_stranger_may_not(app, client, table):
    phone = table["Ann"]
    download = phone.get(f"/g/{table['id']}/edition.json")
    assert download.status_code == 200 and json.loads(download.get_data())["edition"].startswith("US")
    assert app.test_client().get(f"/g/{table['id']}/edition.json").status_code == 403


def test_the_uk_board_names_super_tax_on_the_money_actions(app, client):
    game_id, _ = game_of(app, start(client, edition="uk"))
    bank = text(client.get(f"/g/{game_id}/bank"))
    assert "pays Super Tax</span> <span" in bank and "Luxury Tax" not in bank


def test_typed_amounts_say_which_unit_they_are_in(app, client):
    expected = {
        "USD": ("<span>Amount</span>", 'placeholder="$"'),
        "GBP": ("<span>Amount</span>", 'placeholder="£"'),
        "KRW": ("<span>Amount (₩1,000s)</span>", 'placeholder="e.g. 200"'),
        "MK": ("<span>Amount (K)</span>", 'placeholder="e.g. 200"'),
    }
    for currency, (label, placeholder) in expected.items():
        game_id, _ = game_of(app, start(client, currency=currency))
        bank = text(client.get(f"/g/{game_id}/bank"))
        assert bank.count(label) == 3 and bank.count(placeholder) == 3, currency
        trade = text(client.get(f"/g/{game_id}/trade/new?view=bank&player=1&to=2"))
        assert placeholder in trade, currency


def test_a_multiplied_currency_says_what_a_typed_number_means_in_every_language(app, client):
    game_id, _ = game_of(app, start(client, currency="KRW"))
    hints = {
        "en": "Type amounts in ₩1,000s: 200 is ₩200,000.",
        "ko": "금액은 ₩1,000 단위로 입력하세요: 200은 ₩200,000입니다.",
        "ja": "金額は₩1,000単位で入力してください: 200は₩200,000です。",
    }
    for language, hint in hints.items():
        bank = text(client.get(f"/g/{game_id}/bank", headers={"Accept-Language": language}))
        assert f'<p class="hint">{hint}</p>' in bank, language
    korean = text(client.get(f"/g/{game_id}/bank", headers={"Accept-Language": "ko"}))
    assert "<span>금액 (₩1,000 단위)</span>" in korean and 'placeholder="예: 200"' in korean
