"""The JSON API: the same commands as the screens, with bearer tokens and JSON errors."""

from __future__ import annotations

import pytest
from werkzeug.datastructures import MultiDict

from banker.rules.editions import custom_edition
from tests.support.small_board import millionaire_board
from tests.support.web import HTMX, session_token, take_seat, text


def create(client, **body):
    return client.post("/api/games", json={"players": ["Ann", "Bob", "Cy"], **body})


@pytest.fixture
def game(client):
    response = create(client, preset="classic", edition="us")
    assert response.status_code == 201
    return response.get_json()


def command(client, game, token, **body):
    return client.post(
        f"/api/games/{game['id']}/commands", json=body, headers={"Authorization": f"Bearer {token}"}
    )


def state(client, game, token=None):
    token = token or game["banker_token"]
    return client.get(f"/api/games/{game['id']}", headers={"Authorization": f"Bearer {token}"})


def cash(client, game):
    return [p["cash"] for p in state(client, game).get_json()["players"]]


def token_of(game, player_id):
    return game["players"][player_id - 1]["token"]


def test_creating_a_game_returns_ids_codes_and_a_token_per_seat(game):
    assert [(p["id"], p["name"]) for p in game["players"]] == [(1, "Ann"), (2, "Bob"), (3, "Cy")]
    tokens = {game["banker_token"], *(p["token"] for p in game["players"])}
    assert len(tokens) == 4 and all(len(t) >= 32 for t in tokens)
    assert len(game["join_code"]) == 6 and game["id"]


def test_the_state_lists_players_deeds_and_the_banks_supply(client, game):
    body = state(client, game, token_of(game, 2)).get_json()
    assert body["seq"] == 1
    assert [(p["id"], p["name"], p["cash"]) for p in body["players"]] == [
        (1, "Ann", 1500),
        (2, "Bob", 1500),
        (3, "Cy", 1500),
    ]
    assert len(body["deeds"]) == 28 and body["deeds"][0]["name"] == "Mediterranean Avenue"
    assert body["bank"] == {"houses": 32, "hotels": 12}
    assert body["rules"]["preset"] == "classic"


@pytest.mark.parametrize(
    ("body", "message"),
    [
        ({"players": ["Ann"]}, "A game needs 2 to 8 players; you named 1."),
        ({"players": "Ann,Bob"}, "Players must be a list of names."),
        ({"players": ["Ann", "Bob"], "preset": "monopoly9"}, "There is no preset called 'monopoly9'"),
        ({"players": ["Ann", "Bob"], "edition": "mars"}, "There is no edition called 'mars'."),
        ({"players": ["Ann", "Bob"], "options": {"free_money": 1}}, "Unknown option free_money."),
        (
            {"players": ["Ann", "Bob"], "options": {"starting_cash": "lots"}},
            "Option starting_cash must be a whole number.",
        ),
    ],
)
def test_a_bad_game_is_refused_with_a_readable_error(client, body, message):
    response = client.post("/api/games", json=body)
    assert response.status_code == 400
    assert message in response.get_json()["error"]


def test_a_body_that_is_not_json_is_refused(client):
    response = client.post("/api/games", data="players=Ann", content_type="text/plain")
    assert response.status_code == 400
    assert "Send a JSON object" in response.get_json()["error"]


def test_a_name_given_twice_is_refused_the_same_by_the_api_and_the_screens(client, game, app):
    # the API's JSON read the last of the two, a screen's form the first: 10 or 1,000 paid
    body = b'{"type": "pay_bank", "player": 1, "amount": 1000, "amount": 10, "reason": "x"}'
    response = client.post(
        f"/api/games/{game['id']}/commands",
        data=body,
        content_type="application/json",
        headers={"Authorization": f"Bearer {token_of(game, 1)}"},
    )
    assert response.status_code == 400
    assert response.get_json()["error"] == 'The request names "amount" twice: give each name once.'
    ann = app.test_client()
    take_seat(ann, f"/seat/{token_of(game, 1)}")
    form = MultiDict(
        [("type", "pay_bank"), ("player", "1"), ("amount", "1000"), ("amount", "10"), ("reason", "x")]
    )
    refused = ann.post(f"/g/{game['id']}/do", data=form, headers={**HTMX, "X-CSRFToken": session_token(ann)})
    assert 'The form names "amount" twice: give each name once.' in text(refused)
    assert cash(client, game) == [1500, 1500, 1500]


def test_a_body_with_json_slips_says_what_is_wrong_in_the_phones_language(client):
    response = client.post("/api/games", data=b'{"players": ["Ann", ]}', content_type="application/json")
    assert (
        response.get_json()["error"]
        == "The request is not valid JSON: a value was expected at line 1, column 21."
    )
    japanese = client.post(
        "/api/games",
        data=b'{"players" ["Ann"]}',
        content_type="application/json",
        headers={"Accept-Language": "ja"},
    )
    assert "Expecting" not in japanese.get_json()["error"]


def test_each_step_one_command_moves_the_right_money(client, game):
    ann = token_of(game, 1)
    assert command(client, game, ann, type="pass_go", player=1).get_json()["seq"] == 2
    command(client, game, ann, type="pay_bank", player=1, amount=200, reason="Income Tax")
    command(client, game, ann, type="collect_from_bank", player=1, amount=50, reason="Dividend")
    response = command(client, game, ann, type="pay_player", player=1, to=3, amount=100)
    assert response.status_code == 200
    assert response.get_json() == {
        "seq": 5,
        "events": [{"type": "paid", "payer": 1, "payee": 3, "amount": 100, "reason": ""}],
    }
    assert cash(client, game) == [1450, 1500, 1600]


def test_undo_is_the_bankers_and_restores_the_balances(client, game):
    command(client, game, token_of(game, 2), type="pay_player", player=2, to=1, amount=300)
    refused = command(client, game, token_of(game, 1), type="undo")
    assert refused.status_code == 403 and refused.get_json()["error"] == "Only the banker can do that."
    undone = command(client, game, game["banker_token"], type="undo")
    assert undone.status_code == 200
    (event,) = undone.get_json()["events"]
    assert {k: v for k, v in event.items() if k != "texts"} == {
        "type": "undone",
        "seq": 2,
        "summary": "Bob paid Ann $300",
    }
    assert event["texts"]["summary"] == {
        "parts": [
            {
                "msgid": "%(payer)s paid %(payee)s %(amount)s",
                "params": {"payer": "Bob", "payee": "Ann", "amount": "$300"},
            }
        ]
    }
    assert cash(client, game) == [1500, 1500, 1500]


def test_a_player_takes_back_their_own_last_action_with_their_token(client, game):
    paid = command(client, game, token_of(game, 2), type="pay_player", player=2, to=1, amount=300)
    taken = command(client, game, token_of(game, 2), type="take_back", player=2, seq=paid.get_json()["seq"])
    assert taken.status_code == 200
    (event,) = taken.get_json()["events"]
    assert (event["type"], event["seq"], event["by"]) == ("undone", paid.get_json()["seq"], 2)
    assert cash(client, game) == [1500, 1500, 1500]
    again = command(client, game, token_of(game, 2), type="take_back", player=2, seq=taken.get_json()["seq"])
    assert again.status_code == 409
    assert again.get_json()["error"] == "There is nothing of yours to take back."


def test_the_banker_can_act_for_any_player(client, game):
    command(client, game, game["banker_token"], type="pay_player", player=3, to=2, amount=7)
    assert cash(client, game) == [1500, 1507, 1493]


BAD_COMMANDS = [
    ({"type": "pay_bank", "player": 1, "amount": 0}, 400, "The amount must be more than 0."),
    ({"type": "pay_bank", "player": 1, "amount": -20}, 400, "The amount must be more than 0."),
    ({"type": "pay_bank", "player": 1, "amount": 2.5}, 400, "Amounts are whole numbers: no decimals."),
    ({"type": "pay_bank", "player": 1, "amount": "ten"}, 400, "The amount must be a whole number."),
    ({"type": "pay_bank", "player": 1, "amount": True}, 400, "The amount must be a whole number."),
    ({"type": "pay_bank", "player": 1, "amount": 10**9}, 400, "more than the bank handles"),
    ({"type": "pay_bank", "player": 1}, 400, "The amount is missing."),
    (
        {"type": "pay_player", "player": 1, "to": 2, "amount": 1600},
        409,
        "Ann has $1,500 and needs $100 more to pay $1,600.",
    ),
    ({"type": "pay_player", "player": 1, "to": 42, "amount": 5}, 409, "There is no player 42 in this game."),
    ({"type": "pay_player", "player": 1, "to": 1, "amount": 5}, 409, "A player cannot pay themselves."),
    (
        {"type": "pay_player", "player": 1, "to": [2], "amount": 5},
        400,
        "The other player must be a whole number.",
    ),
    ({"type": "pass_go", "player": 2}, 403, "This phone belongs to Ann; it can only act for them."),
    ({"type": "teleport", "player": 1}, 400, "Unknown command: teleport."),
    ({"player": 1}, 400, 'A command needs its "type". Known commands: accept_trade,'),
    ({"type": {"a": 1}}, 400, 'A command needs its "type".'),
    (
        {"type": "\u202egive" + "x" * 50},
        400,
        "Unknown command: \\u202egive" + "x" * 35 + "…. Known commands:",
    ),
    ({"type": "mortgage", "deed": 39}, 409, "Nobody owns Boardwalk."),  # not "This phone belongs to Ann"
    ({"type": "build", "deed": 99}, 409, "There is no title deed at board position 99."),
]


@pytest.mark.parametrize(("body", "status", "message"), BAD_COMMANDS)
def test_a_bad_command_is_refused_and_changes_nothing(client, game, body, status, message):
    response = command(client, game, token_of(game, 1), **body)
    assert response.status_code == status
    assert message in response.get_json()["error"]
    assert state(client, game).get_json()["seq"] == 1
    assert cash(client, game) == [1500, 1500, 1500]


def test_no_seat_writes_that_a_player_joined_not_even_the_banks(client, game):
    # the server records a join when a phone takes its seat; sent as a command it would be a false line
    for token in (game["banker_token"], token_of(game, 2)):
        response = command(client, game, token, type="join", player=2)
        assert response.status_code == 400
        assert response.get_json()["error"] == (
            "A player joins by taking their seat on the join screen, not by a command."
        )
    assert state(client, game).get_json()["seq"] == 1


@pytest.mark.parametrize(
    ("body", "message"),
    [
        ({"type": "replace_key", "player": 2}, "on the page of that player's QR code, not by a command."),
        # it read "on the page of that player's QR code" for the bank's own key too
        ({"type": "replace_bank_key"}, "on the page of its own QR code, not by a command."),
    ],
)
def test_no_seat_makes_a_new_qr_code_by_a_command_not_even_the_bank(client, game, body, message):
    """A new key goes with the page that shows it (the bank keeps its seat under the new one)."""
    keys = [game["banker_token"], *(p["token"] for p in game["players"])]
    for token in (game["banker_token"], token_of(game, 2)):
        response = command(client, game, token, **body)
        assert response.status_code == 400 and response.get_json()["error"].endswith(message)
    assert state(client, game).get_json()["seq"] == 1
    assert all(state(client, game, key).status_code == 200 for key in keys)


def test_a_command_that_is_not_an_object_is_refused(client, game):
    response = client.post(
        f"/api/games/{game['id']}/commands",
        json=[1, 2],
        headers={"Authorization": f"Bearer {game['banker_token']}"},
    )
    assert response.status_code == 400 and "Send a JSON object" in response.get_json()["error"]


def test_a_token_from_another_game_is_refused(client, game):
    other = create(client).get_json()
    response = command(client, game, other["banker_token"], type="pass_go", player=1)
    assert response.status_code == 403
    assert "not valid for this game" in response.get_json()["error"]
    assert state(client, game, other["banker_token"]).status_code == 403
    assert cash(client, game) == [1500, 1500, 1500]


def test_no_token_or_a_made_up_one_is_refused(client, game):
    assert client.get(f"/api/games/{game['id']}").status_code == 403
    response = client.post(f"/api/games/{game['id']}/commands", json={"type": "pass_go", "player": 1})
    assert response.status_code == 403 and "Authorization: Bearer" in response.get_json()["error"]
    assert command(client, game, "made-up", type="pass_go", player=1).status_code == 403


def test_an_unknown_game_is_not_found(client, game):
    response = client.get("/api/games/nope", headers={"Authorization": f"Bearer {game['banker_token']}"})
    assert response.status_code == 404
    assert response.get_json()["error"] == "There is no such game. Check the link or the join code."


def test_a_repeated_request_id_applies_once_and_returns_the_first_result(client, game):
    ann = token_of(game, 1)
    first = command(client, game, ann, type="pay_player", player=1, to=2, amount=40, request_id="tap-1")
    again = command(client, game, ann, type="pay_player", player=1, to=2, amount=40, request_id="tap-1")
    assert first.get_json() == again.get_json()
    assert cash(client, game) == [1460, 1540, 1500]


def test_a_request_id_belongs_to_its_seat(client, game):
    """Bob's command was dropped, and Ann's events came back to him, when he reused her id."""
    ann, bob = token_of(game, 1), token_of(game, 2)
    command(client, game, ann, type="pay_player", player=1, to=3, amount=40, request_id="tap-1")
    bobs = command(client, game, bob, type="pay_player", player=2, to=3, amount=25, request_id="tap-1")
    assert bobs.status_code == 200
    assert [(e["type"], e["payer"], e["amount"]) for e in bobs.get_json()["events"]] == [("paid", 2, 25)]
    assert cash(client, game) == [1460, 1475, 1565]
    again = command(client, game, bob, type="pay_player", player=2, to=3, amount=25, request_id="tap-1")
    assert again.get_json() == bobs.get_json()


def test_a_request_id_sent_again_with_another_command_is_refused(client, game):
    ann = token_of(game, 1)
    command(client, game, ann, type="pay_player", player=1, to=2, amount=40, request_id="tap-1")
    other = command(client, game, ann, type="pay_player", player=1, to=2, amount=400, request_id="tap-1")
    assert other.status_code == 409
    assert other.get_json()["error"] == (
        "This request_id was already used for another command from this seat. "
        "Send each new command with a new request_id."
    )
    assert cash(client, game) == [1460, 1540, 1500]


def test_a_request_id_too_long_empty_or_not_text_is_refused_and_changes_nothing(client, game):
    """Cut to its first 64 characters, a second id of the same start answered the first's result
    and its payment was never made."""
    ann = token_of(game, 1)
    first = command(client, game, ann, type="pay_bank", player=1, amount=10, reason="a", request_id="A" * 64)
    assert first.status_code == 200
    for odd in ("A" * 64 + "2", "", 5, ["t"], {"id": "t"}):
        refused = command(client, game, ann, type="pay_bank", player=1, amount=10, reason="b", request_id=odd)
        assert refused.status_code == 400, odd
        assert refused.get_json()["error"] == "A request_id is text of 1 to 64 characters."
    assert cash(client, game) == [1490, 1500, 1500]


def test_no_request_ever_answers_with_a_stack_trace(client, game):
    for body in ({"type": {"x": 1}}, {"type": "pay_bank", "player": {"id": 1}, "amount": 5}, {"type": None}):
        response = command(client, game, game["banker_token"], **body)
        assert response.status_code == 400
        assert "Traceback" not in response.get_data(as_text=True)


def test_step_two_commands_buy_build_rent_and_mortgage_through_the_api(client, game):
    ann, bob = token_of(game, 1), token_of(game, 2)
    for deed in (1, 3):
        assert command(client, game, ann, type="buy", player=1, deed=deed).status_code == 200
    assert command(client, game, ann, type="build", deed=3).status_code == 200
    paid = command(client, game, bob, type="pay_rent", player=2, deed=3).get_json()
    assert paid["events"][0] == {
        "texts": {
            "reason": {
                "msgid": "rent for %(deed)s%(how)s",
                "params": {
                    "deed": "Baltic Avenue",
                    "how": {
                        "msgid": " with %(buildings)s",
                        "params": {
                            "buildings": {
                                "msgid": "%(n)s house",
                                "plural": "%(n)s houses",
                                "params": {"n": 1},
                            }
                        },
                    },
                },
            }
        },
        "type": "paid",
        "payer": 2,
        "payee": 1,
        "amount": 20,
        "reason": "rent for Baltic Avenue with 1 house",
    }
    body = state(client, game).get_json()
    baltic = next(d for d in body["deeds"] if d["position"] == 3)
    assert baltic == {
        "position": 3,
        "name": "Baltic Avenue",
        "owner": 1,
        "mortgaged": False,
        "houses": 1,
        "hotel": False,
    }
    assert body["bank"] == {"houses": 31, "hotels": 12}
    assert [p["cash"] for p in body["players"]] == [1500 - 60 - 60 - 50 + 20, 1480, 1500]


def test_owner_only_commands_are_refused_from_another_players_token(client, game):
    command(client, game, token_of(game, 1), type="buy", player=1, deed=39)
    response = command(client, game, token_of(game, 2), type="mortgage", deed=39)
    assert response.status_code == 403
    assert "Bob" in response.get_json()["error"]
    assert state(client, game).get_json()["deeds"][-1]["mortgaged"] is False


def test_a_get_out_of_jail_free_card_is_listed_with_its_holder(client, game):
    command(client, game, token_of(game, 3), type="card", player=3, deck="chance", card="CH09")
    players = state(client, game).get_json()["players"]
    assert players[2]["jail_cards"] == ["chance"]


def test_debts_and_the_winner_are_in_the_state(client, game):
    banker = game["banker_token"]
    command(client, game, banker, type="pay_bank", player=3, amount=1600, reason="fines")
    body = state(client, game).get_json()
    assert body["debts"] == [
        {"debtor": 3, "creditor": 0, "amount": 1600, "reason": "fines", "purchase": False}
    ]
    command(client, game, banker, type="declare_bankruptcy", player=3)
    body = state(client, game).get_json()
    assert body["debts"] == [] and body["players"][2]["bankrupt"] and body["players"][2]["place"] == 3
    assert body["winner"] is None and body["ended"] is False


def test_a_trade_through_the_api_is_listed_until_accepted(client, game):
    ann, bob = token_of(game, 1), token_of(game, 2)
    command(client, game, ann, type="buy", player=1, deed=39)
    offered = command(
        client, game, ann, type="propose_trade", player=1, to=2, give={"deeds": [39]}, get={"cash": 450}
    )
    assert offered.status_code == 200, offered.get_json()
    trades = state(client, game).get_json()["trades"]
    assert trades == [
        {
            "id": 1,
            "proposer": 1,
            "partner": 2,
            "give": {"cash": 0, "deeds": [39], "jail_cards": [], "claims": []},
            "get": {"cash": 450, "deeds": [], "jail_cards": [], "claims": []},
            "agreed": False,
        }
    ]
    assert command(client, game, bob, type="accept_trade", player=2, trade=1).status_code == 200
    body = state(client, game).get_json()
    assert body["trades"] == [] and body["deeds"][-1]["owner"] == 2
    assert [p["cash"] for p in body["players"]] == [1500 - 400 + 450, 1500 - 450, 1500]


def test_a_tournament_purchase_owed_is_told_from_a_debt_in_the_state(client):
    game = create(client, preset="jma").get_json()
    banker = game["banker_token"]
    for body in (
        {"type": "buy", "player": 1, "deed": 5},
        {"type": "pay_bank", "player": 1, "amount": 1300, "reason": "x"},
        {"type": "decline", "player": 2, "deed": 39},
        {"type": "bid", "player": 1, "amount": 100},
        {"type": "close_auction"},
    ):
        assert command(client, game, banker, **body).status_code == 200
    assert state(client, game).get_json()["debts"] == [
        {
            "debtor": 1,
            "creditor": 0,
            "amount": 100,
            "reason": "won the auction for Boardwalk",
            "purchase": True,
        }
    ]


def test_the_jackpot_and_the_effective_rules_are_in_the_state(client):
    game = create(
        client, preset="short", options={"free_parking_jackpot": True, "jackpot_seed": 500}
    ).get_json()
    body = state(client, game).get_json()
    assert body["free_parking"] == 500 and body["rules"]["houses_before_hotel"] == 3
    assert body["rules"]["free_parking_jackpot"] is True and body["rules"]["preset"] == "short"
    assert sum(d["owner"] is not None for d in body["deeds"]) == 6  # two deeds dealt to each of three


def test_the_state_shows_the_final_turn_from_the_signal_to_the_end(client):
    """002 ゲーム終了: once the end is signalled the final turn is played out, then the tally."""
    game = create(client, preset="jma").get_json()
    body = state(client, game).get_json()
    assert (body["ending"], body["ended"]) == (False, False)
    assert command(client, game, game["banker_token"], type="signal_end").status_code == 200
    body = state(client, game).get_json()
    assert (body["ending"], body["ended"]) == (True, False)
    assert command(client, game, game["banker_token"], type="end_game").status_code == 200
    body = state(client, game).get_json()
    assert (body["ending"], body["ended"]) == (True, True)


@pytest.mark.parametrize("preset", ["timed", "classic"])
def test_a_game_whose_end_time_has_passed_is_refused_not_started_over(app, client, clock, preset):
    past = create(client, preset=preset, options={"end_at": int(clock() - 3600)})
    assert past.status_code == 400
    assert past.get_json() == {
        "error": "The game's end time (option end_at) has passed: set one still to come."
    }
    assert app.extensions["banker"].seats.newest(1) == []
    assert create(client, preset=preset, options={"end_at": int(clock() + 60)}).status_code == 201


def test_an_unknown_option_is_refused_with_the_valid_names(client):
    response = create(client, options={"free_lunch": True})
    assert response.status_code == 400
    assert "Unknown option free_lunch." in response.get_json()["error"]
    assert "auction_extension_seconds" in response.get_json()["error"]


def test_a_round_of_houses_is_one_api_command_with_each_lots_level(client, game):
    ann = token_of(game, 1)
    for deed in (1, 3):
        assert command(client, game, ann, type="buy", player=1, deed=deed).status_code == 200
    built = command(client, game, ann, type="build_group", deed=1, levels={"1": 2, "3": 2})
    assert built.status_code == 200
    events = built.get_json()["events"]
    assert [e["type"] for e in events] == ["paid", "buildings_changed", "buildings_changed"]
    assert events[0]["amount"] == 200 and events[2] == {
        "type": "buildings_changed",
        "deed": 3,
        "houses": 2,
        "hotel": False,
    }
    uneven = command(client, game, ann, type="build_group", deed=1, levels={"1": 4})
    assert uneven.status_code == 409
    assert uneven.get_json() == {
        "error": "Build evenly: the lots of a group may differ by one house at most; this plan gives "
        "Mediterranean Avenue 4 houses and Baltic Avenue 2 houses."
    }
    malformed = command(client, game, ann, type="build_group", deed=1, levels=[1, 3])
    assert malformed.status_code == 400
    assert malformed.get_json()["error"].startswith("The levels must be an object")


def test_the_hotel_sale_principle_is_an_option_on_for_jma_and_off_for_classic(client):
    def principle(preset, **options):
        game = create(client, preset=preset, **({"options": options} if options else {})).get_json()
        return state(client, game).get_json()["rules"]["hotel_sale_principle"]

    assert principle("jma") is True and principle("classic") is False
    assert principle("classic", hotel_sale_principle=True) is True
    assert principle("jma", hotel_sale_principle=False) is False


def test_temporary_bankruptcy_and_the_jail_fine_rescue_are_options_on_for_jma_and_off_for_classic(client):
    def rules(preset, **options):
        game = create(client, preset=preset, **({"options": options} if options else {})).get_json()
        found = state(client, game).get_json()["rules"]
        return found["temporary_bankruptcy"], found["jail_fine_rescue"]

    assert rules("jma") == (True, True) and rules("classic") == (False, False)
    assert rules("classic", temporary_bankruptcy=True, jail_fine_rescue=True) == (True, True)
    assert rules("jma", temporary_bankruptcy=False) == (False, True)


def test_a_kept_fortune_card_is_in_the_players_hand_and_played_through_the_api(client):
    game = create(
        client, preset="millionaire", edition=custom_edition(millionaire_board()), players=["Ann", "Bob"]
    ).get_json()
    ann, bob = (p["token"] for p in game["players"])
    assert (
        command(client, game, ann, type="card", player=1, deck="fortune", card="F3", from_space=4).status_code
        == 200
    )
    command(client, game, bob, type="buy", player=2, deed=4)
    command(client, game, ann, type="buy", player=1, deed=9)
    assert state(client, game).get_json()["players"][0]["hand"] == ["F3"]
    assert state(client, game).get_json()["fortunes_turned"] == [4]  # Lot 4's card is gone
    refused = command(client, game, ann, type="play_card", player=1, card="F3", deed=4)
    assert refused.status_code == 409
    assert refused.get_json() == {"error": "Say which of Ann's deeds the Forced Deal hands over."}
    assert (
        command(client, game, bob, type="play_card", player=1, card="F3", deed=4, give=9).status_code == 403
    )
    played = command(client, game, ann, type="play_card", player=1, card="F3", deed=4, give=9)
    assert played.status_code == 200
    body = state(client, game).get_json()
    assert body["players"][0]["hand"] == []
    owners = {d["position"]: d["owner"] for d in body["deeds"]}
    assert (owners[4], owners[9]) == (1, 2)
