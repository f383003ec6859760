"""The live stream sends a phone's own region again only when its model changed (each panel
declares its regions: banker/web/panels, Region), and the shared parts only for what changed
(banker/web/push.py). Played through every command the table property test plays, each change
alone and the last ten together (what a stream that far behind is sent in one message): whenever
a model says "unchanged", the region must draw exactly as before, or a phone would keep showing
what is no longer true."""

from __future__ import annotations

import re

import pytest
from flask import Flask, render_template

from banker.rules import GameState
from banker.rules.cards import DrawCard
from banker.rules.money import PayPlayer
from banker.rules.trades import AcceptTrade
from banker.web import push
from banker.web.panels import regions
from tests.support.databases import sqlite_url
from tests.support.properties import searched
from tests.support.rules import ANN, BOB, CAT, READING, buys, new_game, run, short_bob
from tests.support.table import Table

NOW = 1_000.0  # the auction clock drawn at one moment on both sides of a change
ATTENTION = re.compile(r' data-attention="[^"]*"')  # names the game's seq-free moments; not shown
# a player's cash, wherever shown, is swapped by everyone's .cash-N (shared_changes.cash)
CASH = re.compile(r'(<[^>]*\bcash-\d+"[^>]*>)<data value="-?\d+">[^<]*</data>')


@pytest.fixture(scope="module")
def drawing(tmp_path_factory) -> Flask:
    from banker import create_app

    folder = tmp_path_factory.mktemp("push-keys")
    app = create_app(
        {
            "TESTING": True,
            "SECRET_KEY": "test",
            "INSTANCE_PATH": str(folder),
            "DATABASE_URL": sqlite_url(folder / "db.sqlite3"),
            "TIMER": False,
        }
    )
    return app


def region(state: GameState, view: str, name: str, you: int | None) -> str:
    me = state.player(you) if you else None
    html = render_template(
        "shared/_regions.html",
        changed=[name],
        game_id="g",
        view=view,
        state=state,
        me=me,
        now=NOW,
        lines=None,
        receipt=lambda: None,  # the line under the balance: read from the log, kept fresh by the flash
    )
    return CASH.sub(r"\1", ATTENTION.sub("", html))


def shared(state: GameState, view: str) -> dict[str, str]:
    """Every shared part of a screen, by what the push swaps: a player's row and cash, a space, the
    supply, the auction."""
    parts = {
        f"row {p.id}": render_template("shared/_person.html", p=p, state=state, view=view, joined=set())
        for p in state.players
    }
    for space in state.edition.spaces:
        parts[f"space {space.position}"] = render_template(
            "board/_spaces.html", game_id="g", view=view, state=state, only={space.position}
        )
    parts["supply"] = render_template("board/_supply.html", state=state)
    parts["auction"] = render_template("auction/_region.html", game_id="g", view=view, state=state, now=NOW)
    return {key: ATTENTION.sub("", html) for key, html in parts.items()}


def pushed(before: GameState, after: GameState) -> set[str]:
    """What push.py sends again for the change, in the names of `shared` (a row's cash goes alone)."""
    changed = push.shared_changes(before, after)
    sent = {f"row {p.id}" for p in changed.rows + changed.cash} | {f"space {p}" for p in changed.spaces}
    return sent | ({"supply"} if changed.supply else set()) | ({"auction"} if changed.auction else set())


def model(name: str):
    """The model of the region `name`, as its panel declares it."""
    return next(r.model for r in regions("player") + regions("bank") if r.name == name)


class PushedTable(Table):
    """Each change checked as pushed to a stream in step, and the changes since SPAN actions back
    as pushed in one message to a stream that far behind (banker/web/screens/table.py)."""

    app: Flask
    SPAN = 10

    def __init__(self) -> None:
        super().__init__()
        self.states: list[GameState] = []  # the latest SPAN + 1, oldest first

    def act(self, command) -> None:
        before = self.state
        super().act(command)
        if self.state is before:
            return
        self.states = [*(self.states or [before]), self.state][-self.SPAN - 1 :]
        with self.app.test_request_context():
            self.pushed_as_drawn(before, self.state, command)
            if len(self.states) > self.SPAN:
                self.pushed_as_drawn(self.states[0], self.state, ("since", self.SPAN, command))

    @staticmethod
    def pushed_as_drawn(before: GameState, after: GameState, command) -> None:
        if push.seating(before) != push.seating(after):
            return  # someone seated, renamed or gone: the screen is pushed whole
        for view, seats in (("player", [p.id for p in after.players]), ("bank", [None])):
            for you in seats:
                for own in regions(view):
                    if own.model(before, you) == own.model(after, you):
                        name = own.name
                        assert region(before, view, name, you) == region(after, view, name, you), (
                            view,
                            name,
                            you,
                            command,
                        )
            old, new = shared(before, view), shared(after, view)
            sent = pushed(before, after)
            assert {k for k in old if old[k] != new[k]} <= sent, (view, command)


@pytest.mark.hypothesis  # a state machine, run by hand
def test_a_region_whose_key_did_not_change_draws_as_before(drawing):
    PushedTable.app = drawing
    PushedTable.TestCase.settings = searched(8, 200, stateful_step_count=30)
    PushedTable.TestCase().runTest()


def test_a_trade_agreed_under_temporary_bankruptcy_redraws_the_debtors_panel(drawing):
    before = run(short_bob(), buys(CAT, BOB, READING, 150))
    after = run(before, AcceptTrade(player=BOB, trade=1))  # agreed: nothing moves, the panel changes
    debt = model("debt")
    assert debt(before, BOB) != debt(after, BOB)
    with drawing.test_request_context():
        assert region(before, "player", "debt", BOB) != region(after, "player", "debt", BOB)


def test_a_payment_draws_no_hand_again_where_no_card_is_held():
    """Monopoly 2.0 keeps cards in hand: a phone whose player holds none, or a bank whose players
    hold none, has nothing in its hand region for a payment to change."""
    hand = model("hand")
    empty = new_game(card_hands=True)
    paid = run(empty, PayPlayer(player=ANN, to=BOB, amount=10))
    assert hand(empty, ANN) == hand(paid, ANN) and hand(empty, None) == hand(paid, None)
    holding = run(empty, DrawCard(player=ANN, deck="community_chest", card="CC11"))  # kept in hand
    paid = run(holding, PayPlayer(player=ANN, to=BOB, amount=10))
    assert hand(holding, BOB) == hand(paid, BOB)  # Bob holds none
    assert hand(holding, ANN) != hand(paid, ANN) and hand(holding, None) != hand(paid, None)
