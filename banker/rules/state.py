"""The game state that folding the event log produces: players, deeds, the bank's supply."""

from __future__ import annotations

from dataclasses import dataclass, field, replace
from typing import Any

from banker.rules.board import Deed, Edition
from banker.rules.errors import RuleError
from banker.rules.ruleset import RuleSet, counted_in_thousands, reading
from banker.rules.text import Text

BANK = 0  # the party id of the bank in money movements; players are 1..8
FREE_PARKING = -1  # the party id of the Free Parking pot (the jackpot house rule)

# (name, hex) pairs: colour names go next to the swatch so no one depends on colour alone.
PLAYER_COLOURS: tuple[tuple[str, str], ...] = (
    (Text("Red"), "#d7263d"),
    (Text("Blue"), "#1b6ee0"),
    (Text("Green"), "#1e9e4a"),
    (Text("Purple"), "#8e44ad"),
    (Text("Orange"), "#e67e22"),
    (Text("Teal"), "#12a0a0"),
    (Text("Pink"), "#d63384"),
    (Text("Grey"), "#6c757d"),
)


@dataclass(frozen=True)
class Roll:
    """A roll of the dice on a phone: two dice, and `face` on the speed die ("" without it)."""

    dice: tuple[int, int]
    face: str = ""


@dataclass(frozen=True)
class Player:
    id: int
    name: str
    colour: str
    token: str = ""
    cash: int = 0
    in_jail: bool = False
    jail_cards: tuple[str, ...] = ()  # the decks of the Get Out of Jail Free cards held
    bankrupt: bool = False  # out of the game: bankrupt, or resigned
    resigned: bool = False  # left of their own accord (seating.py)
    place: int = 0  # where a bankrupt player finished: 3 of 3 for the first one out
    out_of: int = 0  # the players seated when they went out (a late player seated since does not count)
    level: int = 1  # the token's level (Monopoly Millionaire): the salary grows with it
    # cards kept to play later, by id: Millionaire's Fortune cards kept until needed (fortune.py),
    # Monopoly 2.0's cards in hand (cards.py)
    hand: tuple[str, ...] = ()
    # bankrupt on a card that took from every player: (the card's draw, the cash they had then, the
    # place they left in, which a shared rank may since have changed)
    card_bankruptcy: tuple[int, int, int] | None = None
    roll: Roll | None = None  # the last roll of the dice on a phone (the phone_dice switch)

    @property
    def colour_name(self) -> str:
        return dict((hex_, name) for name, hex_ in PLAYER_COLOURS).get(self.colour, "")


@dataclass(frozen=True)
class Holding:
    """What is on one title deed at the moment; a deed nobody holds belongs to the bank."""

    owner: int = BANK
    mortgaged: bool = False
    houses: int = 0
    hotel: bool = False


@dataclass(frozen=True)
class Auction:
    """The bank's auction under way: one deed, or one building in a shortage.

    `deadline` is on the server's clock. In a building auction each bid names the bidder's lot,
    where the building goes; `lot` is the lot of the high bid."""

    kind: str  # "deed", "house" or "hotel"
    deadline: float
    deed: int | None = None  # the deed on sale (deed auctions)
    high_bid: int = 0
    high_bidder: int | None = None
    lot: int | None = None
    # winners who could not take the lot (the rerun goes on without them), and a barred decliner
    excluded: tuple[int, ...] = ()
    opening: int = 0  # the opening price the bank named (auction_opening_price); 0: none
    declined_by: int | None = None  # the player who declined to buy the deed
    # nobody bid at the opening price: it runs again from the least bid, no price named (no_unsold_lots)
    reopened: bool = False


@dataclass(frozen=True)
class TradeSide:
    """What one side of a trade hands over."""

    cash: int = 0
    deeds: tuple[int, ...] = ()  # board positions
    jail_cards: tuple[str, ...] = ()  # the decks of the Get Out of Jail Free cards
    claims: tuple[tuple[int, int], ...] = ()  # (debtor, amount): all that debtor owes the giver

    @property
    def empty(self) -> bool:
        return not (self.cash or self.deeds or self.jail_cards or self.claims)

    @property
    def money(self) -> int:
        """The cash and the claims, which count as cash (JMA, 002: 債権は「現金」と同様にみなします)."""
        return self.cash + sum(amount for _, amount in self.claims)


@dataclass(frozen=True)
class Trade:
    """An offer waiting for the partner's answer: `give` goes from proposer to partner, `get`
    from partner to proposer. `proposer_mortgages` is the proposer's choice, made with the offer,
    for each mortgaged deed they would receive: "keep" (pay the 10% fee) or "lift". A trade
    `agreed_for` a debtor was accepted while it could not clear their debt on its own (JMA
    temporary bankruptcy, see debt_trades.py): it waits, with the partner's choices in
    `partner_mortgages`."""

    id: int
    proposer: int
    partner: int
    give: TradeSide
    get: TradeSide
    proposer_mortgages: tuple[tuple[int, str], ...] = ()
    agreed_for: int | None = None
    partner_mortgages: tuple[tuple[int, str], ...] = ()

    @property
    def agreed(self) -> bool:
        return self.agreed_for is not None


@dataclass(frozen=True)
class Debt:
    """A payment the debtor could not cover in cash, owed until they raise it or go bankrupt."""

    debtor: int
    creditor: int  # BANK or a player
    amount: int
    reason: str
    card_draw: int | None = None  # the draw of a card that took from every player
    cash_then: int = 0  # the debtor's cash when that card was drawn
    jail_fine: bool = False  # the fine for leaving jail (a Get Out of Jail Free card can settle it)
    purchase: bool = False  # a purchase owed under the JMA rules: no debt (money.purchase)


@dataclass(frozen=True)
class Sent:
    """Who sent an action and when, as the log records it: the player whose phone sent it (BANK
    for the banker's seat) and the server's clock. A player may take back their own slip by it."""

    by: int
    at: float


@dataclass(frozen=True)
class UndoEntry:
    """The state just before an action, kept so the banker can restore it exactly."""

    seq: int
    prior: GameState
    events: tuple[Any, ...]  # the action's events, to say what an undo reverses
    sent: Sent | None = None  # unknown when the log was folded without it (a replay, a test)


@dataclass(frozen=True)
class GameState:
    edition: Edition
    rules: RuleSet
    players: tuple[Player, ...]
    holdings: dict[int, Holding] = field(default_factory=dict)  # by board position
    houses: int = 32  # in the bank
    hotels: int = 12
    seq: int = 0
    played: int = 0  # the last action's seq but for phones taking their seats (see undo.TakeBack)
    undo: tuple[UndoEntry, ...] = ()
    ended: bool = False
    ending: bool = False  # the end is signalled: the final turn is played out, then the tally
    # a timed game's end by the clock was undone (a slip to mend first): the bank ends it by hand
    overtime: bool = False
    auction: Auction | None = None
    auction_queue: tuple[int, ...] = ()  # deeds of a player bankrupt to the bank, sold in turn
    trades: tuple[Trade, ...] = ()
    next_trade: int = 1
    last_trades: tuple[Trade, ...] = ()  # the last trade completed between each two players
    debts: tuple[Debt, ...] = ()
    # mortgaged deeds received in a bankruptcy or by a Fortune deal, whose new owner must still
    # choose: keep or lift
    mortgage_choices: tuple[tuple[int, int], ...] = ()  # (player, deed)
    winner: int | None = None
    free_parking: int = 0  # the jackpot pot (house rule)
    market: tuple[int, ...] = ()  # deeds face up in the bank's market (Monopoly 2.0), slot by slot
    deck: tuple[int, ...] = ()  # the face-down deeds behind the market, top first
    market_buyer: int | None = None  # who bought from the market this turn (see market.py)
    at_go: int | None = None  # who has just collected the GO salary and may buy a token level
    # (player, deed): a card lets them buy it in a market game, each card its own, until the turn moves on
    card_buys: tuple[tuple[int, int], ...] = ()
    fortunes_turned: tuple[int, ...] = ()  # the deeds whose Fortune card was drawn (Millionaire)
    # (player, name, token level) when an older action happened, to word its history line with
    # (banker/service/history.py): a player renamed since, a late seat undone and given again
    then: tuple[tuple[int, str, int], ...] = ()

    def has_player(self, player_id: Any) -> bool:
        """Whether `player_id` is a player of the game (a late player's undone seating is not)."""
        return any(player.id == player_id for player in self.players)

    def player(self, player_id: Any) -> Player:
        for player in self.players:
            if player.id == player_id:
                return player
        raise RuleError(Text("There is no player %(player)s in this game.", player=player_id))

    def active_player(self, player_id: Any) -> Player:
        """The player, refusing one who has gone bankrupt."""
        player = self.player(player_id)
        if player.bankrupt:
            raise RuleError(
                Text("%(player)s is out of the game.", player=player.name),
                (player.id, Text("You are out of the game.")),
            )
        return player

    def name_of(self, party: int) -> str:
        if party == FREE_PARKING:
            return Text("Free Parking")
        if party == BANK:
            return Text("the bank")
        for player, name, _ in self.then:
            if player == party:
                return name
        named = [p.name for p in self.players if p.id == party]
        return named[0] if named else Text("player %(number)s", number=party)

    def level_of(self, party: int) -> int:
        """The player's token level (see `then`); 0 for a place no one holds."""
        for player, _, level in self.then:
            if player == party:
                return level
        return next((p.level for p in self.players if p.id == party), 0)

    def deed(self, position: Any) -> Deed:
        deed = self.edition.deed_at.get(position)
        if deed is None:
            raise RuleError(Text("There is no title deed at board position %(position)s.", position=position))
        return deed

    def holding(self, position: int) -> Holding:
        return self.holdings.get(position, Holding())

    def with_player(self, player_id: int, **changes: Any) -> GameState:
        return replace(
            self,
            players=tuple(replace(p, **changes) if p.id == player_id else p for p in self.players),
        )

    def with_holding(self, position: int, **changes: Any) -> GameState:
        holdings = dict(self.holdings)
        holdings[position] = replace(self.holding(position), **changes)
        return replace(self, holdings=holdings)

    def debts_of(self, player_id: int) -> tuple[Debt, ...]:
        return tuple(debt for debt in self.debts if debt.debtor == player_id)

    def money(self, amount: int) -> str:
        """An amount as this game shows it: "$1,500", "£1,500", "₩1,500,000", or "M1.5"."""
        return format_money(amount, self.rules.currency, self.in_thousands)

    @property
    def in_thousands(self) -> bool:
        """Whether this game counts its amounts in thousands (see ruleset.reading)."""
        return counted_in_thousands(self.rules.preset, self.edition.currency)


def format_money(amount: int, currency: str = "USD", in_thousands: bool = False) -> str:
    """How a whole amount reads in `currency` (a key of CURRENCIES), in a game counted in
    thousands or not (see ruleset.reading); display only."""
    before, after, times = reading(currency, in_thousands)
    sign = "-" if amount < 0 else ""
    if currency == "MK":  # the electronic-banking style: 200K, then M1, M1.5, M2.25
        if abs(amount) < 1000:
            return f"{sign}{abs(amount)}{after}"
        millions, thousands = divmod(abs(amount), 1000)
        decimals = f".{thousands:03d}".rstrip("0") if thousands else ""
        return f"{sign}{before}{millions:,}{decimals}"
    return f"{sign}{before}{abs(amount) * times:,}{after}"
