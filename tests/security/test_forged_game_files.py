"""A game file is a claim, not a fact: each forgery an attack run got imported and then played on
(a payment near 10^15, a negative payment, cash below zero, one deed owned twice, 1,000 houses on a
street nobody owns, dice of -1 and 100, an auction that never closes, two players of one name, a
name of 5,000 characters, a reason nested hundreds deep) is refused with a 400 naming the action
the rules would not have made, and nothing is stored. A forger who knows the format writes the
digest again, so every forgery here does; and changes the command as well as its events, where
that is what it takes."""

from __future__ import annotations

import json

import pytest

from banker.service import game_files
from tests.support.game_files import refused, rewritten

BEARER = "Authorization"


def not_the_rules(seq: int, why: str = "its events are not the ones its command makes.") -> str:
    return f"The game file's action {seq} is not what the rules give: {why}"


@pytest.fixture
def exported(app, client):
    """Ann and Bob, dice on the phones: Ann pays Bob $100 for lunch (action 2), buys Boardwalk
    (3), rolls (4); Bob declines Park Place, which goes to auction (5)."""
    service = app.extensions["banker"]
    created = service.create_game(["Ann", "Bob"], options={"phone_dice": True})
    game, bank = created.game.id, created.banker.token
    for command in (
        {"type": "pay_player", "player": 1, "to": 2, "amount": 100, "reason": "Lunch"},
        {"type": "buy", "player": 1, "deed": 39},
        {"type": "roll_dice", "player": 1},
        {"type": "decline", "player": 2, "deed": 37},
    ):
        service.run(game, bank, command)
    return client.get(f"/api/games/{game}/export", headers={BEARER: f"Bearer {bank}"}).get_data()


def action(data: dict, seq: int) -> dict:
    return data["actions"][seq - 1]


def forged(seq: int, command: dict | None = None, **event) -> object:
    """The change that makes action `seq` claim its command (when given) and its first event's
    fields as `event` says."""

    def change(data: dict) -> None:
        if command is not None:
            action(data, seq)["command"] = command
        action(data, seq)["events"][0].update(event)

    return change


PAY = {"type": "pay_player", "player": 1, "to": 2, "reason": "Lunch"}
PLENTY = 10**15 - 1  # the most digits a number in a file may have


@pytest.mark.parametrize(
    ("change", "error"),
    [
        (forged(2, amount=PLENTY), not_the_rules(2)),
        (
            forged(2, {**PAY, "amount": PLENTY}, amount=PLENTY),
            not_the_rules(2, "999,999,999,999,999 is more than the bank handles (at most 1,000,000)."),
        ),
        (
            forged(2, {**PAY, "amount": -500}, amount=-500),
            not_the_rules(2, "The amount must be more than 0."),
        ),
        # Ann, who has $1,500, pays $100,000 and holds $-98,500
        (
            forged(2, {**PAY, "amount": 100_000}, amount=100_000),
            not_the_rules(2, "Ann has $1,500 and needs $98,500 more to pay $100,000."),
        ),
        # Bob buys Boardwalk, which Ann bought at action 3
        (
            forged(5, {"type": "buy", "player": 2, "deed": 39}, type="deed_bought", player=2, deed=39),
            not_the_rules(5, "Boardwalk is already owned by Ann."),
        ),
        # 1,000 houses on Mediterranean Avenue, which nobody owns
        (
            forged(
                5, {"type": "build", "deed": 1}, type="buildings_changed", deed=1, houses=1000, hotel=False
            ),
            not_the_rules(5, "Nobody owns Mediterranean Avenue."),
        ),
        (forged(4, dice=[-1, 100]), not_the_rules(4)),
        (
            forged(4, {"type": "roll_dice", "player": 1, "dice": [-1, 100]}, dice=[-1, 100]),
            not_the_rules(4, "Two dice show 1 to 6 each."),
        ),
    ],
    ids=[
        "payment near 10^15",
        "payment near 10^15, command too",
        "negative payment",
        "cash below zero",
        "deed owned twice",
        "1000 houses",
        "dice -1 and 100",
        "dice -1 and 100, command too",
    ],
)
def test_a_forged_action_is_refused_naming_it(app, client, exported, change, error):
    assert refused(client, app, rewritten(exported, change)) == error


def test_an_auction_that_never_closes_is_refused_by_its_deadline_or_its_date(app, client, exported):
    auction = action(json.loads(exported), 5)["events"][-1]
    assert auction["type"] == "auction_opened"
    never = rewritten(exported, lambda data: action(data, 5)["events"][-1].update(deadline=1e18))
    assert refused(client, app, never) == not_the_rules(5)
    # the deadline a bid or a decline sets follows the action's time: a time far ahead is no time
    future = rewritten(exported, lambda data: action(data, 5).update(at="9000-01-01T00:00:00+00:00"))
    assert refused(client, app, future) == (
        "The game file is damaged at actions[4].at: 9000-01-01T00:00:00+00:00 is no time a game was "
        "played at: it is before 1970 or after now."
    )


@pytest.mark.parametrize(
    ("players", "error"),
    [
        ([["Ann", ""], ["Ann", ""]], "Two players are called Ann; give each a different name."),
        ([["Ann", ""], ["B" * 5000, ""]], "Names are at most 20 characters: " + "B" * 20 + "… is too long."),
    ],
    ids=["duplicate names", "a 5,000-character name"],
)
def test_a_start_with_names_no_table_could_have_is_refused(app, client, exported, players, error):
    def change(data: dict) -> None:
        action(data, 1)["events"][0]["players"] = players

    assert refused(client, app, rewritten(exported, change)) == (
        f"The game in the file is not one Banker can set up: {error}"
    )


def test_a_late_player_of_5000_characters_is_refused_naming_the_action(app, client, exported):
    def change(data: dict) -> None:
        action(data, 5).update(
            command={"type": "add_player", "name": "C" * 5000},
            events=[{"type": "player_added", "player": 3, "name": "C" * 5000, "token": "", "cash": 1500}],
        )

    assert refused(client, app, rewritten(exported, change)).startswith(
        not_the_rules(5, "Names are at most 20 characters: ")
    )


def test_a_reason_nested_hundreds_deep_is_refused_naming_the_action(app, client, exported):
    """An import of this was accepted, and the bank screen, the history and its CSV then answered
    500 under `banker serve`."""
    nested: object = "Lunch"
    for _ in range(200):
        nested = {"parts": [nested]}
    body = rewritten(exported, lambda data: action(data, 2)["events"][0].update(texts={"reason": nested}))
    assert refused(client, app, body) == not_the_rules(2)


def test_a_file_whose_events_are_true_but_whose_command_is_another_is_refused(app, client, exported):
    """The command is the claim the events are checked against: Ann's lunch said to be Bob's."""
    body = rewritten(exported, lambda data: action(data, 2)["command"].update(player=2, to=1))
    assert refused(client, app, body) == not_the_rules(2)


def test_a_file_a_player_could_not_have_sent_is_refused(app, client, exported):
    """Action 2 was the bank's: sent from Bob's phone, a payment of Ann's is not Bob's to send."""
    body = rewritten(exported, lambda data: action(data, 2).update(by=2))
    assert refused(client, app, body) == not_the_rules(
        2, "This phone belongs to Bob; it can only act for them."
    )


def test_the_genuine_file_imports(client, exported):
    answer = client.post("/api/games/import", data=exported, content_type="application/json")
    assert answer.status_code == 201, answer.get_data(as_text=True)
    assert game_files.VERSION == json.loads(exported)["version"] == 3


def test_a_start_holding_a_rule_twice_is_refused(app, client, exported):
    """Read as a table it is two games: one starting with $1,500, one with $5,000."""

    def change(data: dict) -> None:
        action(data, 1)["events"][0]["rules"].append(["starting_cash", 5000])

    assert refused(client, app, rewritten(exported, change)) == (
        "The game in the file is not one Banker can set up: its start is not the one Banker makes for "
        "that table."
    )


DEEP = 850  # as deep as this test's own stack lets it write the file


def test_what_a_file_adds_to_a_command_is_not_kept(app, client, exported):
    """A command's key the rules do not read came back in every export; nested some 980 deep, the
    import answered 500 (storing it overflowed the encoder's recursion)."""
    nested: object = "leaf"
    for _ in range(DEEP):
        nested = [nested]
    body = rewritten(exported, lambda data: action(data, 2)["command"].update(nest=nested, note="\ud800"))
    answer = client.post("/api/games/import", data=body, content_type="application/json")
    assert answer.status_code == 201, answer.get_data(as_text=True)
    again = client.get(
        f"/api/games/{answer.get_json()['id']}/export",
        headers={BEARER: f"Bearer {answer.get_json()['banker_token']}"},
    )
    assert action(json.loads(again.get_data()), 2)["command"] == action(json.loads(exported), 2)["command"]
