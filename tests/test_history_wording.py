"""A game's history reads the same whenever it is worded: by the server that played it, line by
line as the game went, or afresh by a server that restarted (banker/service/history.py). Each
line names the players as they were just after its action: a player renamed since keeps the name
they had, a late player whose seat was undone is not named after whoever took the place next,
and a token level bought since does not change what reaching GO said."""

from __future__ import annotations

from banker.service import GameService
from banker.service.broker import Broker
from banker.service.chronicle import PLAYERS_THEN


def worded(service: GameService, game_id: str) -> list[str]:
    return [line.text for line in reversed(service.history(game_id, limit=None))]


def test_a_restarted_server_words_every_line_as_it_read_when_it_happened(service):
    game = service.create_game(["Ann", "Bob"], "millionaire")
    game_id, bank = game.game.id, game.banker.token
    as_played = []
    for command in (
        {"type": "add_player", "name": "Dee"},
        {"type": "pay_player", "player": 3, "to": 1, "amount": 10},
        {"type": "pass_go", "player": 3},
        {"type": "undo"},
        {"type": "undo"},
        {"type": "undo"},
        {"type": "add_player", "name": "Eve"},
        {"type": "pass_go", "player": 1},
        {"type": "buy_level", "player": 1},
        {"type": "change_player", "player": 1, "name": "Anna"},
    ):
        service.run(game_id, bank, command)
        as_played.append(worded(service, game_id)[-1])
    assert as_played == [
        "Dee joins the game with 372K from the bank",
        "Dee paid Ann 10K",
        "Dee collected 150K from the bank (Passed GO); Dee may buy a token level at GO",
        "Undone: Dee collected 150K from the bank (Passed GO); Dee may buy a token level at GO",
        "Undone: Dee paid Ann 10K",
        "Undone: Dee joins the game with 372K from the bank",
        "Eve joins the game with 372K from the bank",
        "Ann collected 150K from the bank (Passed GO); Ann may buy a token level at GO",
        "Ann paid the bank 50K (token level 2); Ann's token is now level 2: a salary of 200K",
        "Ann is now called Anna",
    ]
    restarted = GameService(service.engine, Broker())
    assert worded(restarted, game_id)[1:] == as_played
    assert worded(service, game_id)[1:] == as_played


def test_a_game_renamed_over_and_over_keeps_a_bounded_record_of_its_names(service):
    """A game file may hold thousands of renames: the server keeps the newest PLAYERS_THEN, and
    the lines they cover still read as they did."""
    game = service.create_game(["Ann", "Bob"])
    game_id, bank = game.game.id, game.banker.token
    for turn in range(PLAYERS_THEN + 10):
        service.run(game_id, bank, {"type": "change_player", "player": 2, "name": f"Bob {turn}"})
        service.run(game_id, bank, {"type": "pay_player", "player": 2, "to": 1, "amount": 1})
    assert len(service.states.current(game_id).players_then) == PLAYERS_THEN
    restarted = GameService(service.engine, Broker())
    assert worded(restarted, game_id)[-3:] == [
        f"Bob {PLAYERS_THEN + 8} paid Ann $1",
        f"Bob {PLAYERS_THEN + 8} is now called Bob {PLAYERS_THEN + 9}",
        f"Bob {PLAYERS_THEN + 9} paid Ann $1",
    ]
