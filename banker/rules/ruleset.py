"""The rule options a table plays with, and the named presets that bundle them.

Every option is independent and every house rule is off by default; a preset is a named set of
options, and a table's own options go on top of its preset. The presets:

- `classic`: the rules in the box; the last player standing wins.
- `jma`: Japan Monopoly Association tournament rules: auctions in $10 steps, trade limits,
  temporary bankruptcy (only trades that clear a debt), the jail fine's rescues.
- `speed`: the speed-die game's money: everyone starts with $2,500; auctions as its source (000)
  holds them: the bank names the opening price, and a lot nobody bid for is auctioned again from
  the least bid.
- `short`: the bank deals 2 random deeds to each player, who pay their price; a hotel after 3
  houses; the game ends at the second bankruptcy, which hands the creditor the buildings as they
  stand, and the tally decides.
- `timed`: 2 deeds dealt each as in the short game; the game ends at `end_at` (server time in
  seconds since the epoch, required) and the tally decides.
- `monopoly2`: "Monopoly 2.0": deeds come from a face-up market of 4 (see market.py), a deed not
  in a monopoly can be bought from its owner at the printed price, no auctions, no mortgages, no
  trading, every amount rounded up to $5, a house or hotel bought for a whole monopoly at once,
  nothing sold back to the bank, debts paid with deeds (see property_payment.py), cards kept in
  hand and played on any player (see cards.py), no jail fine (out by doubles, a card, or at the end
  of a second turn in jail; see jail.py), and 5 monopolies win.
- `millionaire`: Monopoly Millionaire's money on the classic board, in the electronic-banking
  style of currency `MK`: 372K each (the published game deals two of each note, 1K to 100K: the
  seed texts give no figure), a 150K salary, token levels bought at GO (50K each, up to level 3,
  salary 150K / 200K / 250K), the first to M1 (a million) in cash wins, and the game ends at the
  first bankruptcy with the richest in cash winning; auctions as in the speed game (the same
  source, 000, plays them "as in the original"). Millionaire shares `MK` with any table that
  picks it rather than keeping a K-only style of its own: its amounts stay under 1,000 (372K,
  150K, 50K) until the target, which reads as the million it is.

The figures printed on an edition's board (starting cash, salary, taxes, jail fine, currency)
stand in for the classic ones wherever the preset keeps the classic value: the UK board reads in
pounds, a custom board with other prices starts with its own cash.
"""

from __future__ import annotations

from dataclasses import asdict, dataclass, fields, replace
from functools import cache
from typing import Any

from banker.rules.errors import InvalidCommand
from banker.rules.inputs import MAX_AMOUNT
from banker.rules.text import Text

MOST_ON_TWO_DICE = 12
MOST_WITH_SPEED_DIE = 15  # 6 + 6 + 3: the bus and Mr. Monopoly count 0 in a utility's re-roll

# How amounts read: (before, after, times). Amounts stay whole numbers; this is only how they show
# (see state.format_money).
CURRENCIES: dict[str, tuple[str, str, int]] = {
    "USD": ("$", "", 1),  # $1,500
    "GBP": ("£", "", 1),  # £1,500
    "EUR": ("€", "", 1),  # €1,500
    "KRW": ("₩", "", 1000),  # ₩1,500,000: Korean editions print every amount a thousand times larger
    # ¥1,500, not multiplied: we could not confirm what Japanese editions print (the JMA plays
    # with the US figures), so an amount reads as the same number
    "JPY": ("¥", "", 1),
    # The electronic-banking style, each amount counted in thousands: under 1,000 in K (200 ->
    # 200K), from 1,000 up in millions with M in front (1,500 -> M1.5, 1,000 -> M1)
    "MK": ("M", "K", 1),
}


def reading(currency: str, in_thousands: bool = False) -> tuple[str, str, int]:
    """How amounts read in `currency`: (before, after, times). A game that counts in thousands
    (the Millionaire preset's and board's 372K, M1), read in a currency of whole figures, reads
    each amount a thousand times larger: 372 is ¥372,000, not ¥372."""
    before, after, times = CURRENCIES.get(currency, CURRENCIES["USD"])
    return before, after, times * 1000 if in_thousands and currency != "MK" else times


@dataclass(frozen=True)
class RuleSet:
    preset: str = "classic"
    starting_cash: int = 1500
    salary: int = 200  # for passing GO (with token levels: the first level's)
    jail_fine: int = 50
    income_tax: int = 200
    luxury_tax: int = 100
    # RULES.md default: a mortgaged lot elsewhere in the group keeps the doubling;
    # the stricter reading (newer rulebooks) is this switch.
    mortgaged_lot_cancels_double_rent: bool = False
    houses_before_hotel: int = 4
    auctions: bool = True  # off: a declined deed simply stays with the bank
    auction_step: int = 1  # the opening bid and the least raise
    auction_seconds: int = 20  # the clock when an auction opens
    auction_extension_seconds: int = 8  # every bid leaves at least this long on the clock
    auction_opening_price: bool = False  # 000: the bank names an opening price; lower bids are refused
    decliner_barred: bool = False  # 003 (first section): the player who declined to buy may not bid
    no_unsold_lots: bool = (
        False  # 000: nobody bid at the opening price: the auction runs again from the least bid
    )
    end_at: int = 0  # a timed game ends at this server time (seconds since the epoch); 0: no clock
    bank_only_free_amounts: bool = False  # JMA: a typed-in payment or collect is the banker's alone
    signalled_end: bool = False  # JMA: the end is signalled, the final turn played without trades or building
    trade_limits: bool = False  # JMA: no gifts, no deed at or below its mortgage value, no jail card for $50+
    # JMA (001, 002): a hotel sold leaves no more houses on its group than were built (not in a debt)
    hotel_sale_principle: bool = False
    # JMA (002, 仮破産): while a player owes more than their cash, only trades that clear it
    temporary_bankruptcy: bool = False
    # JMA (001, 002): a jail card bought in a trade settles a jail fine owed; bankrupt on the fine,
    # the player owed rent where the piece landed may pay the fine and take the deeds
    jail_fine_rescue: bool = False
    # House rules
    free_parking_jackpot: bool = False  # taxes, the jail fine and card payments go into a pot
    # what goes into the pot: "payments" (taxes, the jail fine, card payments) or "taxes" (Income Tax
    # and Luxury Tax only, 001: 「所得税、物品税でプレイヤーが支払った税金をプールしておき」)
    jackpot_from: str = "payments"
    jackpot_seed: int = 0  # the bank's money in the pot at the start and after each collection
    just_go: bool = False  # landing exactly on GO pays double the salary
    phone_dice: bool = False  # a phone may roll the dice, for a table that lost one
    speed_die: bool = False  # a utility's re-roll is all three dice, bus and Mr. Monopoly 0: 2-15 (000)
    income_tax_percent: int = 0  # income tax: the lower of income_tax or this % of net worth; 0: off
    build_without_group: bool = False  # build on a lot without owning its whole colour group
    uneven_building: bool = False  # build and sell in any order within a group
    # Rule systems
    deal_deeds: int = 0  # deeds the bank deals each player at the start, paid at their price
    end_at_bankruptcies: int = 0  # the game ends at this many bankruptcies; 0: last player standing
    # 003 short game: the bankruptcy that ends the game hands the creditor the buildings as they stand
    final_bankruptcy_keeps_buildings: bool = False
    cash_target: int = 0  # the first to hold this much cash wins; 0: no target
    richest_by: str = "worth"  # who is richest at the end: by "worth" (the tally) or "cash"
    win_monopolies: int = 0  # whoever holds this many whole groups wins; 0: no such win
    build_whole_group: bool = False  # Monopoly 2.0: one purchase builds on every lot of the group
    sell_back: bool = True  # buildings go back to the bank at half price; off: nothing is sold back
    pay_with_property: bool = False  # Monopoly 2.0: a debt may be paid with deeds at their printed price
    card_hands: bool = False  # Monopoly 2.0: a card drawn is kept in hand, played later on any player
    # Monopoly 2.0 (004): no jail fine; out by doubles, a Get Out of Jail Free card, or free at the
    # end of a second turn in jail
    jail_two_turns: bool = False
    market_size: int = 0  # deeds face up in the bank's market (Monopoly 2.0); 0: bought on landing
    buy_from_owner: bool = False  # a deed not in a monopoly can be bought from its owner at its price
    mortgages: bool = True
    trading: bool = True
    round_to: int = 1  # every amount the rules charge or pay is rounded up to a multiple of this
    token_levels: int = 1  # levels a token can reach, bought at GO (Millionaire); 1: none to buy
    level_cost: int = 50  # the price of each token level
    level_salary_step: int = 50  # each level above the first adds this to the salary
    currency: str = "USD"  # how amounts read: a key of CURRENCIES

    def as_dict(self) -> dict[str, Any]:
        return asdict(self)

    @property
    def dice_totals(self) -> range:
        """The totals a roll for a utility's rent can show: two dice, or three with the speed die."""
        return range(2, (MOST_WITH_SPEED_DIE if self.speed_die else MOST_ON_TWO_DICE) + 1)

    def level_salary(self, level: int) -> int:
        """The GO salary of a token at `level` (1 without token levels)."""
        return self.salary + (level - 1) * self.level_salary_step


PRESETS: dict[str, RuleSet] = {
    "classic": RuleSet(),
    "jma": RuleSet(
        preset="jma",
        auction_step=10,
        trade_limits=True,
        bank_only_free_amounts=True,
        hotel_sale_principle=True,
        signalled_end=True,
        temporary_bankruptcy=True,
        jail_fine_rescue=True,
    ),
    "speed": RuleSet(
        preset="speed", starting_cash=2500, speed_die=True, auction_opening_price=True, no_unsold_lots=True
    ),
    "short": RuleSet(
        preset="short",
        deal_deeds=2,
        houses_before_hotel=3,
        end_at_bankruptcies=2,
        final_bankruptcy_keeps_buildings=True,
    ),
    "timed": RuleSet(preset="timed", deal_deeds=2),
    "monopoly2": RuleSet(
        preset="monopoly2",
        market_size=4,
        buy_from_owner=True,
        auctions=False,
        mortgages=False,
        trading=False,
        round_to=5,
        win_monopolies=5,
        build_whole_group=True,
        sell_back=False,
        pay_with_property=True,
        card_hands=True,
        jail_two_turns=True,
    ),
    "millionaire": RuleSet(
        preset="millionaire",
        starting_cash=372,
        salary=150,
        token_levels=3,
        level_cost=50,
        level_salary_step=50,
        cash_target=1000,
        end_at_bankruptcies=1,
        richest_by="cash",
        currency="MK",
        auction_opening_price=True,
        no_unsold_lots=True,
    ),
}
# The range a table may set each number to; anything outside it makes no game. Amounts go up to
# the most the bank handles in one amount.
_AMOUNTS = (
    "starting_cash",
    "salary",
    "jail_fine",
    "income_tax",
    "luxury_tax",
    "auction_step",
    "jackpot_seed",
    "cash_target",
    "round_to",
    "level_cost",
    "level_salary_step",
)
# the cash dealt at the start and the pot's seed: not payments, yet on the game's step (round_to)
DEALT_AMOUNTS = ("starting_cash", "jackpot_seed")
_RANGES = {
    **{name: (0, MAX_AMOUNT) for name in _AMOUNTS},
    "auction_step": (1, MAX_AMOUNT),
    "round_to": (1, MAX_AMOUNT),
    "houses_before_hotel": (1, 4),  # a deed's rent table runs to 4 houses
    "auction_seconds": (5, 24 * 60 * 60),
    "auction_extension_seconds": (1, 60 * 60),
    "end_at": (0, 253_402_300_799),  # the last second of the year 9999, which dates can still show
    "income_tax_percent": (0, 100),
    "deal_deeds": (0, 28),  # a board's title deeds
    "end_at_bankruptcies": (0, 7),  # all but the last of 8 players
    "win_monopolies": (0, 8),  # a board's colour groups
    "market_size": (0, 28),
    "token_levels": (1, 10),
}
_CHOICES = {
    "currency": tuple(CURRENCIES),
    "richest_by": ("worth", "cash"),
    "jackpot_from": ("payments", "taxes"),
}
# Renamed options: stored games keep their old names.
RENAMED = {"auction_extension": "auction_extension_seconds"}

_OPTION_NAMES = tuple(f.name for f in fields(RuleSet) if f.name != "preset")


def ruleset_for(
    preset: str, options: dict[str, Any] | None = None, printed: dict[str, Any] | None = None
) -> RuleSet:
    """The preset's rules with the table's own options on top; bad names are refused.

    `printed`: the edition's own figures, taken where the preset keeps the classic value."""
    if not isinstance(preset, str):
        raise InvalidCommand(Text("The preset is one of: %(presets)s.", presets=", ".join(PRESETS)))
    if preset not in PRESETS:
        raise InvalidCommand(
            Text(
                "There is no preset called %(preset)r. Choose one of: %(presets)s.",
                preset=preset,
                presets=", ".join(PRESETS),
            )
        )
    options = options or {}
    unknown = sorted(set(options) - set(_OPTION_NAMES))
    if unknown:
        raise InvalidCommand(
            Text(
                "Unknown option %(unknown)s. Valid options: %(valid)s.",
                unknown=", ".join(unknown),
                valid=", ".join(_OPTION_NAMES),
            )
        )
    base, classic = PRESETS[preset], PRESETS["classic"]
    kept = {
        name: value
        for name, value in (printed or {}).items()
        if getattr(base, name) == getattr(classic, name)
    }
    base = replace(base, **kept)
    checked = {}
    for name, value in options.items():
        expected = type(getattr(base, name))
        if expected is int:
            _check_number(name, value)
        if expected is bool and not isinstance(value, bool):
            raise InvalidCommand(Text("Option %(option)s must be true or false.", option=name))
        if expected is str and value not in _CHOICES.get(name, ()):
            raise InvalidCommand(
                Text(
                    "Option %(option)s must be one of: %(choices)s.",
                    option=name,
                    choices=", ".join(_CHOICES.get(name, ())),
                )
            )
        checked[name] = value
    rules = replace(base, **checked)
    _check_together(rules)
    return rules


def _check_number(name: str, value: Any) -> None:
    if isinstance(value, bool) or not isinstance(value, int):
        raise InvalidCommand(Text("Option %(option)s must be a whole number.", option=name))
    least, most = _RANGES[name]
    if value < least:
        raise InvalidCommand(Text("Option %(option)s must be at least %(least)s.", option=name, least=least))
    if value > most:
        raise InvalidCommand(
            Text("Option %(option)s must be at most %(most)s.", option=name, most=f"{most:,}")
        )


def _check_together(rules: RuleSet) -> None:
    """Options that make no game in combination."""
    if rules.preset == "timed" and not rules.end_at:
        raise InvalidCommand(Text("A timed game needs its end time: set the option end_at."))
    if rules.jackpot_seed and not rules.free_parking_jackpot:
        raise InvalidCommand(
            Text("Option jackpot_seed needs the Free Parking jackpot (free_parking_jackpot) on.")
        )
    if rules.jackpot_from != "payments" and not rules.free_parking_jackpot:
        raise InvalidCommand(
            Text("Option jackpot_from needs the Free Parking jackpot (free_parking_jackpot) on.")
        )
    if rules.cash_target and rules.cash_target <= rules.starting_cash:
        raise InvalidCommand(Text("Option cash_target must be more than the starting cash."))
    # every payment is rounded to the step; the cash dealt at the start and the pot's seed are not
    # payments, and off the step they left every sum after them off it too
    for name in DEALT_AMOUNTS:
        if getattr(rules, name) % rules.round_to:
            raise InvalidCommand(
                Text(
                    "Amounts here go in steps of %(step)s (round_to): option %(option)s must be a multiple "
                    "of it.",
                    step=rules.round_to,
                    option=name,
                )
            )
    if rules.market_size and rules.auctions:
        raise InvalidCommand(
            Text("A deed market (market_size) sells deeds instead of auctions: set auctions off.")
        )


def rules_from_stored(stored: dict[str, Any]) -> RuleSet:
    """The RuleSet a stored game started with, reading options under their old names too."""
    return RuleSet(**{RENAMED.get(name, name): value for name, value in stored.items()})


@cache
def counted_in_thousands(preset: str, printed: str) -> bool:
    """Whether a game of `preset` on a board whose money is `printed` counts its amounts in
    thousands, as its own money (the preset's, or where it keeps the classic one the board's) reads."""
    own = PRESETS.get(preset, PRESETS["classic"]).currency
    return (printed if own == PRESETS["classic"].currency else own) == "MK"
