"""Where a player who went out finished: the place and the count they left among, kept when a
late player is seated; a player who left is ranked with the bankrupt but named as having left."""

from __future__ import annotations

from tests.support.web import as_banker, display_link, do, open_display, page, readable, tally_rows, text


def test_a_late_player_seated_after_a_bankruptcy_leaves_its_place_of_three(app, table):
    game_id = table["id"]
    as_banker(app, game_id, {"type": "pay_bank", "player": 3, "amount": 1500, "reason": "setup"})
    as_banker(app, game_id, {"type": "pay_bank", "player": 3, "amount": 1, "reason": "tax"})
    reply = do(table["Cy"], game_id, type="declare_bankruptcy", player=3)
    assert "You are bankrupt and out of the game" in text(reply)  # said to Cy, on her own phone
    assert "You finished 3 of 3." in page(table["Cy"], game_id)
    do(table["host"], game_id, "bank", type="add_player", name="Dan", piece="Dog")
    assert "You finished 3 of 3." in page(table["Cy"], game_id)  # it became "3 of 4"
    state = app.extensions["banker"].state(game_id)
    assert (state.player(3).place, state.player(3).out_of, len(state.players)) == (3, 3, 4)


def test_a_player_who_left_is_ranked_with_the_bankrupt_and_named_as_having_left(app, table):
    game_id = table["id"]
    as_banker(app, game_id, {"type": "pay_bank", "player": 3, "amount": 1500, "reason": "setup"})
    as_banker(app, game_id, {"type": "pay_bank", "player": 3, "amount": 1, "reason": "tax"})
    do(table["Cy"], game_id, type="declare_bankruptcy", player=3)
    reply = do(table["Bob"], game_id, type="resign", player=2)
    assert "You left the game" in text(reply)
    assert "You finished 2 of 3." in page(table["Bob"], game_id)
    do(table["host"], game_id, "bank", type="end_game")
    assert tally_rows(page(table["Ann"], game_id, "/tally")) == [
        "1 Ann Cash $1,500 Deeds $0 Buildings $0 $1,500",
        "2 Bob left the game",
        "3 Cy bankrupt",
    ]


def test_the_table_display_names_a_player_who_left_and_one_bankrupt_apart(app, table):
    game_id = table["id"]
    as_banker(app, game_id, {"type": "pay_bank", "player": 3, "amount": 1501, "reason": "setup"})
    do(table["Cy"], game_id, type="declare_bankruptcy", player=3)
    do(table["Bob"], game_id, type="resign", player=2)
    display = open_display(app, game_id, display_link(table["host"], game_id))
    screen = readable(display.get(f"/g/{game_id}/display").get_data(as_text=True))
    assert "Bob" in screen and "left the game" in screen and "bankrupt" in screen
    bob = screen.split("Bob", 1)[1].split("Cy", 1)[0]
    assert "left the game" in bob and "bankrupt" not in bob
