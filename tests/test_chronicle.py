"""The chronicle kept with each game (standings for the chart, the biggest moments, each player's
latest money moved) is what a
replay of the whole log would say, however it was built: folded from the log at once, or extended
one command at a time, undos included."""

from __future__ import annotations

from functools import partial

from banker.rules import apply_action
from banker.rules.auctions import AuctionClosed
from banker.rules.money import Paid
from banker.rules.receipts import receipts, undone
from banker.rules.tally import standings
from banker.rules.undo import Undone
from banker.service import GameService
from banker.service.broker import Broker
from banker.service.chronicle import SAMPLES

PARK_PLACE, BOARDWALK = 37, 39


def play(service, rounds: int) -> str:
    """A game of deeds bought, rents, houses built and sold, auctions and undos."""
    game = service.create_game(["Ann", "Bob", "Cy", "Di"])
    game_id, banker = game.game.id, game.banker.token

    def run(**command):
        service.run(game_id, banker, command)

    for player, deed in ((1, PARK_PLACE), (1, BOARDWALK), (2, 1), (2, 3)):
        run(type="buy", player=player, deed=deed)
    for bid, deed in ((120, 5), (310, 15), (180, 25)):
        run(type="decline", player=3, deed=deed)
        run(type="bid", player=4, amount=bid)
        run(type="close_auction")
    run(type="undo")  # the last sale is taken back and sold again for less
    run(type="close_auction")
    for r in range(rounds):
        run(type="build", deed=BOARDWALK)
        run(type="pay_rent", player=2 + r % 3, deed=BOARDWALK)
        run(type="sell_building", deed=BOARDWALK)
        run(type="pay_rent", player=1, deed=3)
        if r % 7 == 3:
            run(type="undo")
        if r % 2:
            run(type="pass_go", player=2 + r % 3)
    return game_id


def replayed(service, game_id):
    """What a replay of the whole log says: each player's net worth after every action, the
    largest rent and the dearest sale (the first, on a tie), each with the state just after, and
    each player's last money moved with the time of its action."""
    state, worths, rent, sale, money = None, {}, None, None, {}
    for action in service.log.after(game_id, 0):
        seq, events = action.seq, action.events
        undoable = {entry.seq: entry.events for entry in state.undo} if state else {}
        state = apply_action(state, seq, events, action.sent)
        for p in state.players:
            back = [
                r for e in events if isinstance(e, Undone) for r in undone(state, e, undoable[e.seq], p.id)
            ]
            if moved := back + receipts(state, events, p.id):
                money[p.id] = (moved[-1], action.sent.at)
        worths[seq] = standings(state)
        for e in events:
            if isinstance(e, Paid) and e.reason.startswith("rent for") and (not rent or e.amount > rent[0]):
                rent = (e.amount, e.describe(state))
            if isinstance(e, AuctionClosed) and e.outcome == "sold" and (not sale or e.amount > sale[0]):
                sale = (e.amount, e.sale(state))
    return state, worths, rent, sale, money


def test_a_long_game_keeps_a_bounded_sample_of_the_net_worths_a_replay_gives(service):
    game_id = play(service, rounds=160)
    kept = service.chronicle(game_id)
    state, worths, rent, sale, money = replayed(service, game_id)
    assert kept.state == state and state.seq > 2 * SAMPLES
    points = kept.standings()
    assert SAMPLES // 2 <= len(points) <= SAMPLES + 1
    assert points[0][0] == 1 and points[-1][0] == state.seq
    assert {seq: values for seq, values in points} == {seq: worths[seq] for seq, _ in points}
    assert {b - a for (a, _), (b, _) in zip(points[:-2], points[1:-1], strict=True)} == {kept.stride}
    assert (kept.rent.amount, kept.rent.words) == rent
    assert (kept.sale.amount, kept.sale.words) == sale == (310, "Di bought Pennsylvania Railroad for $310")
    assert {p.id: kept.latest_money(p.id) for p in state.players} == {
        p.id: money.get(p.id) for p in state.players
    }


def test_extended_command_by_command_or_folded_at_once_the_chronicle_is_the_same(service):
    game_id = play(service, rounds=90)
    extended = service.chronicle(game_id)
    folded = GameService(service.engine, Broker()).chronicle(game_id)  # a restarted server
    assert folded == extended


def rents_paid(service, *commands):
    """Ann's dark blues with a house each, Cy paying $175 for Park Place, then `commands`: the
    game's id and a function running one more command."""
    game = service.create_game(["Ann", "Bob", "Cy"])
    run = partial(service.run, game.game.id, game.banker.token)
    for command in (
        {"type": "buy", "player": 1, "deed": PARK_PLACE},
        {"type": "buy", "player": 1, "deed": BOARDWALK},
        {"type": "build", "deed": PARK_PLACE},
        {"type": "build", "deed": BOARDWALK},
        {"type": "pay_rent", "player": 3, "deed": PARK_PLACE},
        *commands,
    ):
        run(command)
    return game.game.id, run


def test_a_rent_settled_by_the_tenants_bankruptcy_counts_as_the_rent_the_owner_was_owed(service):
    """Bob could not pay the $200 rent on Boardwalk and went bankrupt to Ann, who took all he had
    for it. Only rents paid in cash counted, so Cy's $175 read as the biggest."""
    game_id, _ = rents_paid(
        service,
        {"type": "pay_bank", "player": 2, "amount": 1400, "reason": "losses"},
        {"type": "pay_rent", "player": 2, "deed": BOARDWALK},
        {"type": "declare_bankruptcy", "player": 2},
    )
    rent = service.chronicle(game_id).rent
    assert (rent.amount, rent.words) == (
        200,
        "Bob went bankrupt owing Ann $200 (rent for Boardwalk with 1 house)",
    )


def test_a_rent_undone_is_no_longer_the_biggest(service):
    """The bank undid a $200 rent paid by mistake: the tally still named it as the biggest, over
    the $175 that was paid and stands."""
    game_id, run = rents_paid(service, {"type": "pay_rent", "player": 2, "deed": BOARDWALK})
    assert service.chronicle(game_id).rent.amount == 200
    run({"type": "undo"})
    rent = service.chronicle(game_id).rent
    assert (rent.amount, rent.words) == (175, "Cy paid Ann $175 (rent for Park Place with 1 house)")
    run({"type": "undo"})  # Cy's rent too: no rent is left to name
    assert service.chronicle(game_id).rent is None
