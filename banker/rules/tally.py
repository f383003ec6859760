"""The end of a game and the tally everyone trusts.

Net worth = cash + the printed price of each unmortgaged deed + half the price of each mortgaged
one + the house cost of each house + for a hotel its cost and the houses it replaced (as many as
the rules' houses before a hotel: 4, or 3 in the short game). A debt still open (a payment the
rules imposed that the debtor has not raised yet, see debts.py) is counted as paid, as the table
settles it at the tally: less what the player owes (a player, the bank or the Free Parking pot),
plus what other players owe them, so no money is lost or made by ending the game before it is
paid; but no further than what the debtor has, their oldest debts first: one who could never pay
would be bankrupt, the player owed getting what they have and no more, and nobody ends below
nothing. A mortgaged deed received whose keep-or-lift choice is still open when the game ends
(the bankruptcy that ends a short game hands such deeds over) owes the bank its 10% fee, the
cheaper choice. Players still in the game are ranked by net worth, equal totals sharing a rank; players out
of the game follow, in the order they left. Where the rules say the richest is the one with the
most cash (`richest_by="cash"`, Monopoly Millionaire) the ranks follow cash instead (its debts
counted as paid too), and the screens lead with it; every line still holds the net worth.

A game ends when the banker ends it (by agreement), when a preset's end condition fires (the
clock of a timed game, the second bankruptcy of a short game, ...: see endings.py), or when one
player is left. The richest wins; a tie at the top has no single winner and the tally shows it.
"""

from __future__ import annotations

from collections.abc import Collection
from dataclasses import dataclass, replace

from banker.rules.base import Command, Event, require
from banker.rules.state import BANK, GameState, Player
from banker.rules.text import Parts, Plural, Text

OVERTIME = Text("The game's time is up and its end was undone: the bank ends it with End game.")
LONGEST_LEFT = 24 * 3600  # seconds: a timed game set up on a phone lasts at most 1,440 minutes
END_REASONS = {
    "agreed": Text("The table agreed to end the game"),
    "time": Text("Time is up"),
    "bankruptcies": Text("A bankruptcy ends this game"),
    "cash_target": Text("The cash target is reached"),
    "monopolies": Text("The monopolies target is reached"),
}


@dataclass(frozen=True)
class TallyLine:
    player: Player
    cash: int
    deeds: int  # at price, mortgaged ones at half
    buildings: int  # at cost
    owed: int  # what other players still owe them, as far as their debtors have it
    owes: int  # what they still owe, as far as they have it
    total: int  # the net worth: all of the above, the debts counted as paid
    standing: int  # the figure the ranks follow: the total, or where the most cash wins the cash
    rank: int = 0
    owed_whole: int = 0  # what other players owe them, all of it
    owes_whole: int = 0  # what they owe, all of it


def building_cost(state: GameState, position: int) -> int:
    """What every building on the lot cost to build: a hotel with the houses it replaced."""
    deed = state.deed(position)
    holding = state.holding(position)
    if holding.hotel:
        return deed.hotel_cost + state.rules.houses_before_hotel * deed.house_cost
    return holding.houses * deed.house_cost


def worth(state: GameState, player: Player) -> tuple[int, int, int]:
    """(cash, deeds, buildings) of the player, valued as the module says."""
    deeds = buildings = 0
    for position, holding in state.holdings.items():
        if holding.owner != player.id:
            continue
        deed = state.deed(position)
        deeds += deed.price // 2 if holding.mortgaged else deed.price
        buildings += building_cost(state, position)
    return player.cash, deeds, buildings


def standings(state: GameState) -> tuple[int, ...]:
    """Each player's figure the tally ranks by (0 for a player out of the game), in seat order:
    the net worth, or the cash where the richest is the one with the most cash, the debts counted
    as paid."""
    return tuple(
        0 if p.bankrupt else line.standing for p, line in zip(state.players, seat_lines(state), strict=True)
    )


def seat_lines(state: GameState) -> tuple[TallyLine, ...]:
    """Every player's line of the tally, not ranked, in seat order."""
    debts = counted_debts(state)
    return tuple(_line(state, p, debts) for p in state.players)


def counted_debts(state: GameState) -> list[tuple[int, int, int, int]]:
    """(debtor, creditor, amount counted, amount) of each debt the tally counts as paid, as the
    module says: the open debts, each as far as what its debtor has goes (what others pay them
    included: Cy's $50 to Ann pays Ann's $25 to Bob), and the fees of the keep-or-lift choices
    still open."""
    fees = [(p, BANK, state.deed(position).transfer_fee) for p, position in state.mortgage_choices]
    owing = [(d.debtor, d.creditor, d.amount) for d in state.debts] + fees
    worths = {debtor: sum(worth(state, state.player(debtor))) for debtor, _, _ in owing}
    paid = [0] * len(owing)
    # what a debtor is paid lets them pay more, which may pay another: settled again while that
    # moves anything. A chain of debts settles in as many rounds as it has debts; a ring (Ann owes
    # Bob, Bob owes Ann) stops there too. Each round only raises what is paid, on what the round
    # before paid in, so nobody pays out more than they have and were paid.
    for _ in range(len(owing) + 1):
        has = dict(worths)
        for (_, creditor, _), counted in zip(owing, paid, strict=True):
            if creditor in has:
                has[creditor] += counted
        settled = []
        for debtor, _, amount in owing:
            settled.append(min(amount, max(has[debtor], 0)))
            has[debtor] -= settled[-1]
        if settled == paid:
            break
        paid = settled
    return [(d, c, p, a) for (d, c, a), p in zip(owing, paid, strict=True)]


def _line(state: GameState, player: Player, debts: list[tuple[int, int, int, int]]) -> TallyLine:
    """The player's line of the tally, not ranked yet; `debts` as `counted_debts` gives them."""
    cash, deeds, buildings = worth(state, player)
    owed = sum(counted for _, creditor, counted, _ in debts if creditor == player.id)
    owes = sum(counted for debtor, _, counted, _ in debts if debtor == player.id)
    paid_up = cash + owed - owes
    total = paid_up + deeds + buildings
    ranked_by = paid_up if state.rules.richest_by == "cash" else total
    owed_whole = sum(amount for _, creditor, _, amount in debts if creditor == player.id)
    owes_whole = sum(amount for debtor, _, _, amount in debts if debtor == player.id)
    line = TallyLine(player, cash, deeds, buildings, owed, owes, total, ranked_by)
    return replace(line, owed_whole=owed_whole, owes_whole=owes_whole)


def tally(state: GameState) -> list[TallyLine]:
    """Everyone, richest first; equal figures share a rank; the bankrupt follow in leaving order.
    A game won by reaching a target (a cash target, five monopolies) is led by its winner, who may
    not be the richest; the rest follow by their figures."""
    debts = counted_debts(state)
    won = state.winner
    ranked = sorted(
        (_line(state, p, debts) for p in state.players if not p.bankrupt),
        key=lambda line: (line.player.id != won, -line.standing),
    )
    lines: list[TallyLine] = []
    for index, line in enumerate(ranked):
        above = ranked[index - 1] if index else None
        tied_above = above is not None and line.standing == above.standing and above.player.id != won
        lines.append(replace(line, rank=lines[-1].rank if tied_above else index + 1))
    # `place` is where a player finished among those seated then ("3 of 3"); a late player seated
    # since moves nobody's, so the leaving order is how many had left before them (those of one
    # card's bankruptcy leaving together, in the places they share out)
    out = [p for p in state.players if p.bankrupt]
    left_before = {p.id: p.out_of - p.place for p in out}
    for p in sorted(out, key=lambda p: -left_before[p.id]):
        later = sum(left_before[q.id] > left_before[p.id] for q in out)
        lines.append(TallyLine(p, 0, 0, 0, 0, 0, 0, 0, len(ranked) + 1 + later))
    return lines


def leaders(state: GameState) -> list[Player]:
    """The player(s) ranked first."""
    return [line.player for line in tally(state) if line.rank == 1 and not line.player.bankrupt]


@dataclass(frozen=True)
class GameEnded(Event):
    """The game is over; `winner` is None when the top of the tally is shared."""

    type = "game_ended"
    is_news = True
    reason: str
    winner: int | None = None
    called_off: Text | None = None  # what the end cut short, in words (see `cut_short`)

    def apply(self, state: GameState) -> GameState:
        return replace(state, ended=True, winner=self.winner, auction=None, auction_queue=(), trades=())

    def describe(self, state: GameState) -> Text:
        why = END_REASONS.get(self.reason, self.reason)
        if self.winner is None:
            over = Text("%(why)s: the game is over, and the top of the tally is shared", why=why)
        else:
            over = Text(
                "%(why)s: the game is over, and %(player)s wins", why=why, player=state.name_of(self.winner)
            )
        return Parts([over, self.called_off]) if self.called_off else over


def cut_short(state: GameState) -> Text | None:
    """What an end now calls off, in words, or None: the auction under way (its high bid not
    taken: what was on sale stays with the bank), the deeds waiting for theirs, and the open
    trade offers. A clock running out mid-auction left the table asking who had won it."""
    said: list[Text] = []
    auction = state.auction
    if auction is not None:
        if auction.kind == "deed" and auction.deed is not None:
            what: str = state.deed(auction.deed).name
        else:
            what = Text("a house") if auction.kind == "house" else Text("a hotel")
        off = Text("the auction of %(what)s is called off", what=what)
        if auction.high_bidder is not None:
            off = Text(
                "%(called_off)s, %(player)s's bid of %(amount)s not taken",
                called_off=off,
                player=state.name_of(auction.high_bidder),
                amount=state.money(auction.high_bid),
            )
        said.append(off)
    if state.auction_queue:
        said.append(
            Plural(
                "%(n)s deed waiting for its auction stays with the bank",
                "%(n)s deeds waiting for their auctions stay with the bank",
                len(state.auction_queue),
            )
        )
    if state.trades:
        said.append(
            Plural("%(n)s open trade offer lapses", "%(n)s open trade offers lapse", len(state.trades))
        )
    return Parts(said) if said else None


def game_over(state: GameState, reason: str, among: Collection[int] | None = None) -> GameEnded:
    """The end of the game now, the richest winning (no one when the top is shared); with `among`,
    the richest of those players (who reached a target)."""
    if among is None:
        top = leaders(state)
    else:
        lines = [line for line in tally(state) if line.player.id in among]
        top = [line.player for line in lines if line.rank == lines[0].rank]
    return GameEnded(reason=reason, winner=top[0].id if len(top) == 1 else None, called_off=cut_short(state))


@dataclass(frozen=True)
class EndGame(Command):
    """The banker ends the game by the table's agreement: the tally decides."""

    type = "end_game"
    banker_only = True

    def decide(self, state: GameState, now: float) -> list[Event]:
        return [game_over(state, "time" if state.overtime else "agreed")]


@dataclass(frozen=True)
class EndSignalled(Event):
    """The banker has signalled the end (JMA, 002 ゲーム終了): open trades and any auction are called
    off, and until the banker ends the game no trade or building is taken; rent, taxes and cards are
    still charged through the final turn."""

    type = "end_signalled"
    is_news = True

    def apply(self, state: GameState) -> GameState:
        return replace(state, ending=True, auction=None, auction_queue=(), trades=())

    def describe(self, state: GameState) -> Text:
        return Text(
            "The end of the game is signalled: the final turn is played out, with no trades or building"
        )


@dataclass(frozen=True)
class SignalEnd(Command):
    """The banker signals the end; `end_game` closes the final turn with the tally."""

    type = "signal_end"
    banker_only = True

    def decide(self, state: GameState, now: float) -> list[Event]:
        require(
            state.rules.signalled_end,
            Text("This game ends with the tally at once: there is no end to signal."),
        )
        require(not state.ending, Text("The end of the game has already been signalled."))
        return [EndSignalled()]


@dataclass(frozen=True)
class TimeUp(Command):
    """A timed game's clock has run out: the server ends it, and the tally decides."""

    type = "time_up"
    banker_only = True

    def decide(self, state: GameState, now: float) -> list[Event]:
        end_at = state.rules.end_at
        require(bool(end_at), Text("This game has no end time."))
        require(not state.overtime, OVERTIME)
        minutes = int(end_at - now) // 60 + 1
        require(
            now >= end_at,
            Plural(
                "The game ends in %(n)s minute, not yet.", "The game ends in %(n)s minutes, not yet.", minutes
            ),
        )
        return [game_over(state, "time")]


@dataclass(frozen=True)
class ClockResumed(Event):
    """A timed game's time ran out while no server kept its clock (stopped, asleep, the game still
    in its file): nobody could play then, so it goes on with the `left` seconds it had at its last
    action, to `end_at`."""

    type = "clock_resumed"
    is_news = True
    end_at: int
    left: int

    def apply(self, state: GameState) -> GameState:
        return replace(state, rules=replace(state.rules, end_at=self.end_at))

    def describe(self, state: GameState) -> Text:
        minutes = max(1, (self.left + 30) // 60)  # to the nearest minute: 1:10 left is 1 minute
        return Plural(
            "Nobody could play while the bank was away: the game goes on with %(n)s minute left",
            "Nobody could play while the bank was away: the game goes on with %(n)s minutes left",
            minutes,
        )


@dataclass(frozen=True)
class ResumeClock(Command):
    """The server's, for a timed game whose end came while no server kept its clock
    (banker/service/clocks.py): `left` is the seconds it had at its last action."""

    type = "resume_clock"
    banker_only = True
    left: int

    def decide(self, state: GameState, now: float) -> list[Event]:
        end_at = state.rules.end_at
        require(bool(end_at), Text("This game has no end time."))
        require(not state.overtime, OVERTIME)
        require(now >= end_at, Text("The game's clock is still running."))
        require(
            0 < self.left <= LONGEST_LEFT,
            Text("A game goes on with 1 second to 1,440 minutes left."),
        )
        return [ClockResumed(end_at=int(now) + self.left, left=self.left)]
