"""Saving and resuming a game on the screens: the bank's Download the game link, and the New game
screen's form that resumes a downloaded game here, the uploading browser taking its bank."""

from __future__ import annotations

import io
import json

from banker.web.http import delivery
from tests.support.databases import rows
from tests.support.web import as_banker, csrf_token, do, text


def resume(client, body: bytes, filename: str = "banker-game.json"):
    token = csrf_token(client)
    return client.post(
        "/import",
        data={"csrf_token": token, "game_file": (io.BytesIO(body), filename)},
        content_type="multipart/form-data",
    )


def test_the_bank_downloads_the_whole_game_as_one_file(app, table):
    host, game_id = table["host"], table["id"]
    assert do(host, game_id, "bank", type="buy", player=1, deed=39).status_code == 200
    bank = host.get(f"/g/{game_id}/bank").get_data(as_text=True)
    assert f'href="/g/{game_id}/game.json" download>Download the game</a>' in bank
    response = host.get(f"/g/{game_id}/game.json")
    assert response.status_code == 200
    assert (
        response.headers["Content-Disposition"] == f'attachment; filename="banker-game-{table["code"]}.json"'
    )
    assert response.get_data() == app.extensions["banker"].export_game(game_id)
    assert json.loads(response.get_data())["actions"][-1]["events"][-1] == {
        "type": "deed_bought",
        "player": 1,
        "deed": 39,
    }


def test_a_long_games_file_is_compressed_once_per_seq_and_a_download_again_may_be_answered_304(
    app, table, monkeypatch
):
    host, game_id = table["host"], table["id"]
    as_banker(app, game_id, *({"type": "pay_bank", "player": 1, "amount": 1} for _ in range(20)))
    packed = []
    monkeypatch.setattr(delivery, "_compress", lambda data, encoding, best: packed.append(data) or b"x" * 10)
    browser = {"Accept-Encoding": "br"}
    first, second = (host.get(f"/g/{game_id}/game.json", headers=browser) for _ in range(2))
    assert first.headers["Content-Encoding"] == "br" and first.data == second.data and len(packed) == 1
    with host.get(
        f"/g/{game_id}/game.json", headers={**browser, "If-None-Match": first.headers["ETag"]}
    ) as again:
        assert again.status_code == 304 and not again.data
    as_banker(app, game_id, {"type": "pay_bank", "player": 1, "amount": 1, "reason": "one more"})
    assert host.get(f"/g/{game_id}/game.json", headers=browser).headers["ETag"] != first.headers["ETag"]
    assert len(packed) == 2  # a new seq, new bytes: compressed again


def test_a_players_phone_cannot_download_the_game(table):
    game_id = table["id"]
    assert "Download the game" not in table["Ann"].get(f"/g/{game_id}").get_data(as_text=True)
    response = table["Ann"].get(f"/g/{game_id}/game.json")
    assert response.status_code == 403
    assert "Only the banker&#39;s phone can open the bank." in response.get_data(as_text=True)


def test_a_downloaded_game_resumes_on_the_new_game_screen_as_a_new_bank(app, table):
    host, game_id = table["host"], table["id"]
    assert do(host, game_id, "bank", type="buy", player=2, deed=1).status_code == 200
    saved = host.get(f"/g/{game_id}/game.json").get_data()

    elsewhere = app.test_client()  # another browser, as on another server
    page = elsewhere.get("/new").get_data(as_text=True)
    assert 'action="/import" enctype="multipart/form-data"' in page
    assert 'name="game_file" accept=".json,application/json" required' in page
    response = resume(elsewhere, saved)
    assert response.status_code == 303
    new_id = response.headers["Location"].split("/")[2]
    assert response.headers["Location"] == f"/g/{new_id}/bank"
    assert new_id != game_id
    service = app.extensions["banker"]
    assert service.state(new_id) == service.state(game_id)
    bank = elsewhere.get(f"/g/{new_id}/bank")
    assert bank.status_code == 200
    assert "Mediterranean Avenue" in text(bank)
    # the bank there plays on; the game it came from does not move
    assert do(elsewhere, new_id, "bank", type="pay_rent", player=1, deed=1).status_code == 200
    assert service.state(new_id).player(1).cash < service.state(game_id).player(1).cash


def test_a_damaged_game_file_shows_the_form_again_saying_what_is_wrong(app, table):
    saved = table["host"].get(f"/g/{table['id']}/game.json").get_data()
    client = app.test_client()
    before = rows(app)
    for body, error in (
        (saved[: len(saved) // 2], "The game file ends too soon: it was cut short"),
        (saved.replace(b'"Ann"', b'"Amy"'), "its content does not match its SHA-256 digest"),
        (b'{"edition": "Springfield"}', "This is not a Banker game file."),
    ):
        response = resume(client, body)
        assert response.status_code == 400
        page = text(response)
        assert error in page
        assert '<form id="resume"' in page
    response = client.post(
        "/import", data={"csrf_token": csrf_token(client)}, content_type="multipart/form-data"
    )
    assert response.status_code == 400
    assert "Choose the game&#39;s file: the one the bank screen downloads." in response.get_data(as_text=True)
    assert rows(app) == before


def test_resuming_a_game_needs_the_forms_csrf_token(app, table):
    saved = table["host"].get(f"/g/{table['id']}/game.json").get_data()
    client = app.test_client()
    before = rows(app)
    response = client.post(
        "/import", data={"game_file": (io.BytesIO(saved), "game.json")}, content_type="multipart/form-data"
    )
    assert response.status_code == 400
    assert rows(app) == before


def test_the_form_is_translated(app):
    page = app.test_client().get("/new", headers={"Accept-Language": "ko"}).get_data(as_text=True)
    assert "저장한 게임 이어하기" in page
