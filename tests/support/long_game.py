"""A long game, played through the rules in memory and written as a game file with its commands:
as long as a file may be (game_files.MAX_ACTIONS actions, within MAX_BYTES), for the tests and
benches that import one. Four players buy, pay, collect rent, build, mortgage, trade and undo,
one action a second, the bank sending each command."""

from __future__ import annotations

import random
from datetime import UTC, datetime

from banker.rules import RuleError, apply_action, decide, parse_command, start_game
from banker.rules.state import BANK, GameState, Sent
from banker.service import game_files
from banker.service.acting import BANKER
from banker.service.game_files import FileAction, GameFile

START = 1_000_000.0  # the time of the game's start, seconds since the epoch (the tests' FakeClock)


def long_game_file(actions: int = game_files.MAX_ACTIONS, seed: int = 0) -> bytes:
    """A game file of `actions` actions, the start included, or fewer if MAX_BYTES comes first."""
    chance = random.Random(seed)
    started = start_game(["Ann", "Bob", "Cy", "Di"])
    state = apply_action(None, 1, [started])
    log = [FileAction(seq=1, by=BANKER, at=_at(0), events=(started.to_json(),))]
    size = len(game_files.write(GameFile(actions=tuple(log))))
    alone = len(game_files.write(GameFile(actions=())))  # a file's own bytes around its actions
    while len(log) < actions:
        command = parse_command(_command(state, chance))
        now = _at(len(log)).timestamp()
        try:
            events = decide(state, command, now)
        except RuleError:
            continue
        state = apply_action(state, state.seq + 1, events, Sent(by=BANKER, at=now))
        action = FileAction(
            seq=state.seq,
            by=BANKER,
            at=_at(len(log)),
            events=tuple(event.to_json() for event in events),
            command=command.to_json(),
        )
        size += len(game_files.write(GameFile(actions=(action,)))) - alone + 1  # and a comma
        if size > game_files.MAX_BYTES:
            break
        log.append(action)
    return game_files.write(GameFile(actions=tuple(log)))


def _at(seconds: int) -> datetime:
    return datetime.fromtimestamp(START + seconds, UTC)


def _command(state: GameState, chance: random.Random) -> dict:
    """A command a table might send next: mostly money changing hands."""
    player = chance.randint(1, 4)
    other = player % 4 + 1
    owned = [p for p, holding in state.holdings.items() if holding.owner == player]
    unowned = [d.position for d in state.edition.deeds if state.holding(d.position).owner == BANK]
    deed = chance.choice(owned or [1])
    choices: list[dict] = [
        {
            "type": "pay_player",
            "player": player,
            "to": other,
            "amount": chance.randint(1, 300),
            "reason": "Lunch",
        },
        {"type": "pass_go", "player": player},
        {"type": "pay_rent", "player": other, "deed": deed, "dice": 7},
        {"type": "collect_from_bank", "player": player, "amount": 200},
        {"type": "pay_bank", "player": player, "amount": 50, "reason": "Tax"},
        {"type": "build", "deed": deed},
        {"type": "sell_building", "deed": deed},
        {"type": "mortgage", "deed": deed},
        {"type": "unmortgage", "deed": deed},
        {"type": "propose_trade", "player": player, "to": other, "give": {"cash": 10}},
        *({"type": "decline_trade", "player": t.partner, "trade": t.id} for t in state.trades[:1]),
        {"type": "undo"},
    ]
    if unowned:
        choices.append({"type": "buy", "player": player, "deed": chance.choice(unowned)})
    return chance.choice(choices)
