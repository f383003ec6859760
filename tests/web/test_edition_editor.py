"""The edition editor on the screens and in the API: a board of your own made from a built-in one
or a file, typed in field by field (htmx) or a page at a time, every bad input refused with its
reason and nothing saved; the Millionaire board typed in before its game starts."""

from __future__ import annotations

import io
import json
import re

import pytest
from sqlalchemy import func, select

from banker.rules.board import edition_to_json
from banker.rules.editions import load_edition
from banker.rules.editions.draft import DRAFTS, built_in_draft, draft_from_json
from banker.service import editions
from banker.store.models import SavedEdition
from banker.web.panels import editions as panel
from tests.support.counting import counting
from tests.support.millionaire_box import typed
from tests.support.web import HTMX, csrf_token


def start(client, board: str = "us") -> str:
    """Make your own, from `board`: the new edition's id."""
    response = client.post("/editions/new", data={"csrf_token": csrf_token(client), "start": board})
    assert response.status_code == 303, response.get_data(as_text=True)
    return response.headers["Location"].rsplit("/", 1)[1]


def saved(app, edition_id: str):
    return app.extensions["banker"].editions.get(edition_id)


def typing(client, edition_id: str, page: str, **fields: str):
    """One field typed, as htmx posts it when it changes (`__` for the field's dots)."""
    data = {path.replace("__", "."): value for path, value in fields.items()}
    return client.post(
        f"/editions/{edition_id}/fields",
        data={**data, "page": page, "request_id": "tap-1"},  # as table.js sends every tap
        headers={**HTMX, "X-CSRFToken": csrf_token(client)},
    )


def save_page(client, edition_id: str, page: str, fields: dict[str, str]):
    """A page's Save, every field at once, as a browser without htmx sends it."""
    data = {"csrf_token": csrf_token(client), "page": page, **fields}
    return client.post(f"/editions/{edition_id}/fields", data=data)


def text(response) -> str:
    return response.get_data(as_text=True)


# --- making one ----------------------------------------------------------------------------------


def test_make_your_own_starts_from_a_built_in_board_and_new_game_lists_it(app, client):
    edition_id = start(client, "uk")
    assert saved(app, edition_id).data == draft_from_json(edition_to_json(load_edition("uk")))
    page = text(client.get(f"/editions/{edition_id}"))
    assert "Ready to play: nothing is missing." in page and "Start a game on it" in page
    new_game = text(client.get("/new"))
    assert f'value="{edition_id}"' in new_game and "Your edition, ready to play." in new_game
    assert f'value="{edition_id}" checked' in text(client.get(f"/new?edition={edition_id}"))
    assert 'href="/editions/new"' in new_game  # Make your own board
    other_phone = app.test_client()
    assert f'value="{edition_id}"' not in text(other_phone.get("/new"))
    assert f'value="{edition_id}" checked' in text(other_phone.get(f"/new?edition={edition_id}"))  # its link


def test_a_renamed_board_is_typed_a_name_at_a_time_and_each_is_saved_as_it_changes(app, client):
    edition_id = start(client)
    response = typing(client, edition_id, "names", deed__39__name="Evergreen Terrace")
    assert response.status_code == 200
    answer = text(response)
    assert 'id="f-deed-39-name"' in answer and 'value="Evergreen Terrace"' in answer
    assert 'id="todo" class="card todo ready" hx-swap-oob="true"' in answer
    assert 'id="head-deed-39"' not in answer  # the names page shows no deed headings
    assert "dark blue · $400" in answer  # a name is labelled by its colour and price there
    edition = saved(app, edition_id)
    assert edition.version == 2 and edition.data["spaces"][39]["name"] == "Evergreen Terrace"
    assert edition.data["properties"][-1]["rent"] == [50, 200, 600, 1400, 1700, 2000]


def test_a_change_without_the_pages_csrf_token_is_refused_and_nothing_saved(app, client):
    edition_id = start(client)
    response = client.post(f"/editions/{edition_id}/fields", data={"title": "Springfield"}, headers=HTMX)
    assert response.status_code == 400 and "This page is out of date." in text(response)
    assert saved(app, edition_id).version == 1


def test_the_names_page_saves_every_name_at_once_without_htmx(app, client):
    edition_id = start(client)
    page = text(client.get(f"/editions/{edition_id}/names"))
    assert page.count('class="field') == 1 + 28 and "Keep the amounts, type the names" in page
    names = {f"deed.{deed.position}.name": f"Street {deed.position}" for deed in load_edition("us").deeds}
    response = save_page(client, edition_id, "names", {"title": "Springfield", **names})
    assert response.status_code == 303 and response.headers["Location"] == f"/editions/{edition_id}"
    edition = saved(app, edition_id)
    assert edition.title == "Springfield" and edition.version == 2
    assert [deed["name"] for deed in edition.data["properties"]][:2] == ["Street 1", "Street 3"]


@pytest.mark.parametrize(
    ("field", "typed_in", "reason"),
    [
        (
            "deed.39.price",
            "four hundred",
            "Boardwalk&#39;s price must be a whole number from 1 to 1,000,000, not &#34;four hundred&#34;.",
        ),
        ("deed.39.price", "0", "Boardwalk&#39;s price must be a whole number from 1 to 1,000,000, not 0."),
        (
            "deed.39.mortgage",
            "-200",
            "Boardwalk&#39;s mortgage value must be a whole number from 1 to 1,000,000, not -200.",
        ),
        (
            "deed.39.rent.5",
            "2,000,001",
            "Boardwalk: Rent with a hotel must be a whole number from 1 to 1,000,000, not 2000001.",
        ),
        (
            "deed.39.name",
            "",
            "Boardwalk&#39;s name has nothing visible in it: write it in letters people can read.",
        ),
        ("deed.39.name", "x" * 41, "Boardwalk&#39;s name is at most 40 characters."),
        (
            "deed.39.group",
            "gold",
            "A colour group is one of: brown, light_blue, pink, orange, red, yellow, green, dark_blue.",
        ),
        (
            "bank.go_salary",
            "lots",
            "The GO salary must be a whole number from 1 to 1,000,000, not &#34;lots&#34;.",
        ),
        ("bank.hotels", "1001", "The bank&#39;s hotels must be a whole number from 1 to 1,000, not 1001."),
        (
            "space.38.amount",
            "-1",
            "Luxury Tax&#39;s amount must be a whole number from 1 to 1,000,000, not -1.",
        ),
        (
            "title",
            " ",
            "The edition&#39;s title has nothing visible in it: write it in letters people can read.",
        ),
        ("currency", "XYZ", "How money reads is one of: USD, GBP, EUR, KRW, JPY, MK."),
        (
            "card.chance.7.amount",
            "1.5",
            "Chance card 8: Amount must be a whole number from 1 to 1,000,000, not &#34;1.5&#34;.",
        ),
        (
            "card.chance.9.spaces",
            "40",
            "Chance card 10 moves a whole number of spaces from -39 to 39 other than 0, not 40.",
        ),
        ("deed.39.group", "green", "The green group has 4 streets; a colour group has 2 or 3."),
        (
            "deed.39.mortgage",
            "900",
            "Boardwalk&#39;s mortgage value must be at most its price, 400, not 900.",
        ),
        (
            "deed.37.name",
            "Boardwalk ",
            "Boardwalk is already the name of space 39; give each deed a name of its own.",
        ),
    ],
)
def test_every_bad_input_is_answered_at_its_field_and_nothing_is_saved(app, client, field, typed_in, reason):
    edition_id = start(client)
    page = "bank" if field.split(".")[0] in ("bank", "space", "title", "currency") else "deeds"
    response = typing(client, edition_id, page, **{field.replace(".", "__"): typed_in})
    assert response.status_code == 400
    answer = text(response)
    assert reason in answer and 'aria-invalid="true"' in answer and 'role="alert"' in answer
    assert f'id="f-{field.replace(".", "-")}"' in answer
    assert saved(app, edition_id).version == 1


# the last three are keys a stored board holds, or a card may, that no page has an input for:
# refused by the edit, they were then drawn as a field with no label, and answered 500
@pytest.mark.parametrize(
    "bogus",
    [
        "deed.99.price",
        "card.chance.x.text",
        "bank",
        "deed.1.rent.9",
        "space.4.position",
        "deed.1.kind",
        "card.chance.0.foo",
    ],
)
def test_a_field_no_edition_has_is_refused_in_words_and_nothing_saved(app, client, bogus):
    edition_id = start(client)
    response = typing(client, edition_id, "deeds", **{bogus.replace(".", "__"): "5"})
    assert response.status_code == 400 and response.headers["HX-Retarget"] == "#toast"
    assert "This edition has no field" in text(response)
    page = save_page(client, edition_id, "deeds", {"deed.39.price": "450", bogus: "5"})
    assert page.status_code == 400 and "This edition has no field" in text(page)
    assert saved(app, edition_id).version == 1


def test_a_field_of_another_page_typed_from_the_names_page_is_answered_as_its_own_page_draws_it(app, client):
    """Saved, it was drawn as a deed's name, whose deed it could not find: answered 500 "Nothing
    was changed" though the salary was saved."""
    edition_id = start(client)
    response = typing(client, edition_id, "names", bank__go_salary="300")
    assert response.status_code == 200 and 'id="f-bank-go_salary"' in text(response)
    assert saved(app, edition_id).data["bank"]["go_salary"] == 300
    refused = typing(client, edition_id, "names", bank__go_salary="x")
    assert refused.status_code == 400 and 'aria-invalid="true"' in text(refused)
    assert saved(app, edition_id).data["bank"]["go_salary"] == 300


def test_a_page_saved_with_one_bad_field_saves_nothing_and_keeps_what_was_typed(app, client):
    edition_id = start(client)
    fields = {"deed.39.price": "450", "deed.37.price": "lots", "deed.39.name": "Evergreen Terrace"}
    response = save_page(client, edition_id, "deeds", fields)
    assert response.status_code == 400
    page = text(response)
    assert "Park Place&#39;s price must be a whole number from 1 to 1,000,000, not &#34;lots&#34;." in page
    assert 'value="lots"' in page and 'value="450"' in page and 'value="Evergreen Terrace"' in page
    assert saved(app, edition_id).version == 1


def test_a_deck_saved_as_it_stands_keeps_its_blank_cards_blank(app, client):
    edition_id = start(client, "millionaire")
    blank = {f"card.chance.{place}.{key}": "" for place in range(14) for key in ("text", "action")}
    response = save_page(client, edition_id, "cards/chance", blank)
    assert response.status_code == 303
    edition = saved(app, edition_id)
    assert edition.version == 2 and edition.data == built_in_draft("millionaire")


def test_two_streets_swapped_between_full_groups_in_one_save_are_kept(app, client):
    edition_id = start(client)
    refused = save_page(client, edition_id, "deeds", {"deed.39.group": "green"})
    assert refused.status_code == 400
    assert "The green group has 4 streets; a colour group has 2 or 3." in text(refused)
    response = save_page(
        client, edition_id, "deeds", {"deed.39.group": "green", "deed.34.group": "dark_blue"}
    )
    assert response.status_code == 303
    assert [space.get("group") for space in saved(app, edition_id).data["spaces"][34:40:5]] == [
        "dark_blue",
        "green",
    ]


def test_what_a_card_does_redraws_the_card_with_the_figures_it_asks_for(app, client):
    edition_id = start(client, "millionaire")
    response = typing(client, edition_id, "cards/lifestyle", card__lifestyle__0__action="collect")
    assert response.status_code == 200
    answer = text(response)
    assert answer.lstrip().startswith('<details class="edit-item card" id="card-lifestyle-0" open>')
    for field in ("amount", "level-0", "level-1", "level-2"):
        assert f'id="f-card-lifestyle-0-{field}"' in answer
    assert "Still to type: 299" in answer  # what it does typed; its amount now asked for
    response = typing(client, edition_id, "cards/lifestyle", card__lifestyle__0__level__1="40")
    assert 'id="head-card-lifestyle-0" hx-swap-oob="true"' in text(response)
    assert saved(app, edition_id).data["lifestyle"][0] == {
        "id": "L01",
        "text": None,
        "action": "collect",
        "amount": None,
        "level_amounts": [None, 40, None],
    }


def test_cards_are_added_and_removed_and_the_last_of_a_deck_stays(app, client):
    edition_id = start(client)
    token = csrf_token(client)
    added = client.post(f"/editions/{edition_id}/cards/chance/add", data={"csrf_token": token})
    assert added.status_code == 303 and added.headers["Location"].endswith(
        "open=card.chance.16#card-chance-16"
    )
    assert len(saved(app, edition_id).data["chance"]) == 17
    for _ in range(16):
        removed = client.post(f"/editions/{edition_id}/cards/chance/0/remove", data={"csrf_token": token})
        assert removed.status_code == 303
    last = client.post(f"/editions/{edition_id}/cards/chance/0/remove", data={"csrf_token": token})
    assert last.status_code == 400 and "The Chance deck has 0 cards; it needs 1 to 32." in text(last)
    assert len(saved(app, edition_id).data["chance"]) == 1


def test_an_edition_is_downloaded_and_opened_again_from_its_file(app, client):
    edition_id = start(client)
    typing(client, edition_id, "names", title="Springfield")
    download = client.get(f"/editions/{edition_id}/edition.json")
    assert download.headers["Content-Disposition"] == 'attachment; filename="banker-edition-springfield.json"'
    data = {
        "csrf_token": csrf_token(client),
        "start": "file",
        "edition_file": (io.BytesIO(download.data), "s.json"),
    }
    opened = client.post("/editions/new", data=data, content_type="multipart/form-data")
    assert opened.status_code == 303
    copy = opened.headers["Location"].rsplit("/", 1)[1]
    assert copy != edition_id and saved(app, copy).data == saved(app, edition_id).data


@pytest.mark.parametrize("board", sorted(DRAFTS))
def test_a_built_in_draft_typed_in_downloads_as_a_file_new_game_plays(app, client, board):
    # a table's own box for each built-in draft; the Millionaire one gives its Lifestyle cards
    # an amount for each token level only, their one amount left blank
    box = {"millionaire": typed}[board]
    edition_id = start(client, board)
    for changes in box(saved(app, edition_id).data):
        assert save_page(client, edition_id, "", changes).status_code == 303
    assert saved(app, edition_id).complete
    download = client.get(f"/editions/{edition_id}/edition.json").data
    game = client.post("/api/games", json={"players": ["Ann", "Bob"], "edition": json.loads(download)})
    assert game.status_code == 201, game.get_json()
    form = {
        "csrf_token": csrf_token(client),
        "name": ["Ann", "Bob"],
        "edition": "file",
        "edition_file": (io.BytesIO(download), "board.json"),
    }
    started = client.post("/new", data=form, content_type="multipart/form-data")
    assert started.status_code == 303 and "/lobby" in started.headers["Location"], text(started)
    data = {
        "csrf_token": csrf_token(client),
        "start": "file",
        "edition_file": (io.BytesIO(download), "b.json"),
    }
    opened = client.post("/editions/new", data=data, content_type="multipart/form-data")
    assert saved(app, opened.headers["Location"].rsplit("/", 1)[1]).complete  # and the editor opens it ready


def test_a_rent_typed_below_the_one_before_is_saved_and_the_board_is_not_ready_until_it_rises(app, client):
    edition_id = start(client)
    response = typing(client, edition_id, "deeds", deed__1__rent__3="5")
    assert response.status_code == 200 and saved(app, edition_id).version == 2
    answer = text(response)
    assert "Not ready to play" in answer and "Ready to play" not in answer
    assert (
        "Mediterranean Avenue: Rent with 3 houses is 5, but Rent with 2 houses is 30; each rent must be more "
        "than the one before." in answer
    )
    # Mediterranean's heading, and Title deeds on the overview, say so too: they read ✓ beside it
    head = re.search(r'<span class="item-head" id="head-deed-1".*?</span>\s*</span>', answer, re.S).group(0)
    assert "1 to correct" in head and "✓" not in head
    overview = text(client.get(f"/editions/{edition_id}"))
    assert "Start a game on it" not in overview
    deeds_line = re.search(r"<strong>Title deeds</strong>.*?</a>", overview, re.S).group(0)
    assert "1 to correct" in deeds_line and "✓" not in deeds_line
    fixed = text(typing(client, edition_id, "deeds", deed__1__rent__3="90"))
    assert "Ready to play: nothing is missing." in fixed and "to correct" not in fixed


def test_a_file_mortgaging_a_deed_above_its_price_opens_saying_so_and_its_game_waits(app, client):
    data = edition_to_json(load_edition("us"))
    data["properties"][-1]["mortgage"] = 900
    upload = {
        "csrf_token": csrf_token(client),
        "start": "file",
        "edition_file": (io.BytesIO(json.dumps(data).encode()), "dear.json"),
    }
    opened = client.post("/editions/new", data=upload, content_type="multipart/form-data")
    assert opened.status_code == 303
    edition_id = opened.headers["Location"].rsplit("/", 1)[1]
    page = text(client.get(opened.headers["Location"]))
    assert "Not ready to play" in page and "Ready to play" not in page and "Start a game on it" not in page
    assert "Boardwalk&#39;s mortgage value must be at most its price, 400, not 900." in page
    assert "Your edition: to correct before playing." in text(client.get("/new"))
    game = client.post(
        "/new", data={"csrf_token": csrf_token(client), "name": ["Ann", "Bob"], "edition": edition_id}
    )
    assert game.status_code == 303 and game.headers["Location"] == f"/editions/{edition_id}"
    typing(client, edition_id, "deeds", deed__39__mortgage="200")
    assert "Start the game for Ann and Bob" in text(client.get(f"/editions/{edition_id}"))


@pytest.mark.parametrize(
    ("upload", "reason"),
    [
        (b"{not json", "That edition file is not valid JSON"),
        (json.dumps({"edition": "x"}).encode(), "The edition file has no &#34;properties&#34;."),
        (None, "Choose your edition&#39;s JSON file."),
    ],
)
def test_a_file_that_is_no_edition_is_refused_and_nothing_is_kept(app, client, upload, reason):
    data = {"csrf_token": csrf_token(client), "start": "file"}
    if upload is not None:
        data["edition_file"] = (io.BytesIO(upload), "bad.json")
    response = client.post("/editions/new", data=data, content_type="multipart/form-data")
    assert response.status_code == 400 and reason in text(response)
    with app.extensions["banker"].engine.connect() as connection:
        assert connection.execute(select(func.count()).select_from(SavedEdition)).scalar_one() == 0


def test_an_address_keeps_so_many_editions(client, monkeypatch):
    monkeypatch.setattr(editions, "MOST_PER_ADDRESS", 1)
    start(client)
    response = client.post("/editions/new", data={"csrf_token": csrf_token(client), "start": "us"})
    assert response.status_code == 409
    assert "1 editions have been saved from this address" in text(response)


def test_an_edition_is_deleted_after_asking_and_leaves_new_game(app, client):
    edition_id = start(client)
    asked = text(client.get(f"/editions/{edition_id}/delete"))
    assert "Delete US standard (Atlantic City) edition, post-Sept-2008 values?" in asked
    assert "Games already started on it keep their board." in asked
    response = client.post(f"/editions/{edition_id}/delete", data={"csrf_token": csrf_token(client)})
    assert response.status_code == 303
    assert client.get(f"/editions/{edition_id}").status_code == 404
    assert f'value="{edition_id}"' not in text(client.get("/new"))


# --- the Millionaire board: typed in, then its game starts ---------------------------------------


def new_millionaire_game(client):
    data = {
        "csrf_token": csrf_token(client),
        "name": ["Ann", "Bob"],
        "preset": "millionaire",
        "edition": "millionaire",
    }
    return client.post("/new", data=data)


def test_the_millionaire_board_opens_the_editor_and_its_game_starts_once_the_figures_are_in(app, client):
    response = new_millionaire_game(client)
    assert response.status_code == 303 and response.headers["Location"].startswith("/editions/")
    edition_id = response.headers["Location"].rsplit("/", 1)[1]
    page = text(client.get(response.headers["Location"]))
    assert "Still to type: 299" in page and "Type these from your title deeds and cards." in page
    assert "Your new game waits for these" in page and "Start the game for" not in page
    assert new_millionaire_game(client).headers["Location"] == f"/editions/{edition_id}"  # the same copy
    draft = saved(app, edition_id).data
    for changes in typed(draft):
        assert save_page(client, edition_id, "", changes).status_code == 303
    page = text(client.get(f"/editions/{edition_id}"))
    assert "Start the game for Ann and Bob" in page
    form = dict(
        re.findall(
            r'<input type="hidden" name="([^"]+)" value="([^"]*)">',
            page.split('class="start-waiting"')[1].split("</form>")[0],
        )
    )
    assert (form["preset"], form["edition"]) == ("millionaire", edition_id)
    started = client.post("/new", data={**form, "name": ["Ann", "Bob"]})
    assert started.status_code == 303 and "/lobby" in started.headers["Location"]
    state = app.extensions["banker"].state(started.headers["Location"].split("/")[2])
    assert state.rules.preset == "millionaire" and state.edition.deed_at[31].rent == (
        50,
        150,
        300,
        500,
        600,
        750,
    )
    assert "Start the game for" not in text(client.get(f"/editions/{edition_id}"))  # no game waits now


def test_a_saved_draft_chosen_on_new_game_opens_the_editor(app, client):
    edition_id = start(client, "millionaire")
    data = {"csrf_token": csrf_token(client), "name": ["Ann", "Bob"], "edition": edition_id}
    response = client.post("/new", data=data)
    assert response.status_code == 303 and response.headers["Location"] == f"/editions/{edition_id}"
    assert "Your edition: 299 to type first." in text(client.get("/new"))


# --- the API -------------------------------------------------------------------------------------


def test_the_api_keeps_an_edition_with_blanks_and_plays_it_once_they_are_typed(client):
    draft = client.get("/api/editions/millionaire").get_json()
    assert draft == built_in_draft("millionaire")
    created = client.post("/api/editions", json=draft)
    assert created.status_code == 201
    body = created.get_json()
    assert body["complete"] is False and len(body["missing"]) == 299
    assert body["missing"][0] == {"field": "deed.1.rent.0", "what": "Rent, site only"}
    game = client.post(
        "/api/games", json={"players": ["Ann", "Bob"], "preset": "millionaire", "edition": body["id"]}
    )
    assert game.status_code == 400
    assert (
        game.get_json()["error"]
        == "Monopoly Millionaire has 299 figures still to type: finish it in the edition editor first."
    )
    refused = client.post(
        f"/api/editions/{body['id']}/fields", json={"bank.jail_fine": 50, "deed.1.price": "cheap"}
    )
    assert refused.status_code == 400
    assert refused.get_json()["fields"] == {
        "deed.1.price": 'Motor Drive\'s price must be a whole number from 1 to 1,000,000, not "cheap".'
    }
    for changes in typed(draft):
        assert client.post(f"/api/editions/{body['id']}/fields", json=changes).status_code == 200
    assert client.get(f"/api/editions/{body['id']}").get_json()["bank"]["jail_fine"] == 50
    game = client.post(
        "/api/games", json={"players": ["Ann", "Bob"], "preset": "millionaire", "edition": body["id"]}
    )
    assert game.status_code == 201
    assert client.delete(f"/api/editions/{body['id']}").status_code == 204
    assert client.get(f"/api/editions/{body['id']}").status_code == 404


@pytest.mark.parametrize(
    ("body", "reason"),
    [
        ({"edition": "x"}, 'The edition file has no "properties".'),
        ([], "Send a JSON object"),
    ],
)
def test_the_api_refuses_an_edition_file_that_is_no_edition(client, body, reason):
    response = client.post("/api/editions", json=body)
    assert response.status_code == 400 and reason in response.get_json()["error"]


def test_the_api_refuses_a_mortgage_value_above_the_price_and_plays_no_board_holding_one(client):
    board = client.get("/api/editions/us").get_json()
    edition_id = client.post("/api/editions", json=board).get_json()["id"]
    why = "Boardwalk's mortgage value must be at most its price, 400, not 900."
    response = client.post(f"/api/editions/{edition_id}/fields", json={"deed.39.mortgage": 900})
    assert response.status_code == 400 and response.get_json()["fields"] == {"deed.39.mortgage": why}
    assert client.get(f"/api/editions/{edition_id}").get_json()["properties"][-1]["mortgage"] == 200
    board["properties"][-1]["mortgage"] = 900
    kept = client.post("/api/editions", json=board).get_json()
    assert kept["complete"] is False and kept["faults"] == [{"item": "deed.39", "why": why}]
    for edition in (kept["id"], board):
        game = client.post("/api/games", json={"players": ["Ann", "Bob"], "edition": edition})
        assert game.status_code == 400 and game.get_json()["error"].startswith(why)


def test_the_api_asks_for_a_field_as_a_number_or_text(client):
    edition_id = client.post("/api/editions", json=client.get("/api/editions/us").get_json()).get_json()["id"]
    response = client.post(f"/api/editions/{edition_id}/fields", json={"deed.1.price": [60]})
    assert response.status_code == 400
    assert (
        response.get_json()["error"]
        == "Send each field's value as a number, text, true or false, or null for blank."
    )
    assert (
        client.post("/api/games", json={"players": ["Ann", "Bob"], "edition": "millionaire"})
        .get_json()["error"]
        .startswith("The Monopoly Millionaire board is a draft")
    )


@pytest.mark.parametrize("page", ["deeds", "cards/chance"])
def test_a_long_editor_page_lets_waiting_commands_in_between_its_items(app, client, page, monkeypatch):
    """The title deeds are some 140 kB of fields, some 20 ms of the server's one loop in one piece:
    a seam (`turn()`, where `banker serve` steps aside for waiting commands) after each item, each
    item made (its fields worked out) only when the page reaches it."""
    edition_id = start(client)
    made = counting(monkeypatch, panel, "deed_item" if page == "deeds" else "card_item")
    seams = []  # how many items were made at each seam
    monkeypatch.setitem(app.jinja_env.globals, "turn", lambda: seams.append(made.count) or "")
    shown = text(client.get(f"/editions/{edition_id}/{page}"))
    items = shown.count('<details class="edit-item')
    assert items >= 16 and seams == list(range(1, items + 1))
