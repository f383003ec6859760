"""The rules page: the rules this table plays by, as players say them, and only those in play.

Each line is a sentence about something that happens in this game, with its amounts in the game's
money: what everyone starts with and collects, what costs what, how deeds, houses, auctions and
trades go, and how the game is won. A house rule that is off, a feature the preset leaves out
and the settings of a feature not in play are not mentioned."""

from __future__ import annotations

from banker.rules.state import GameState
from banker.rules.text import Plural, Text
from banker.rules.trade_offers import JAIL_CARD_CEILING

Section = tuple[Text, list[Text]]


def rule_sections(state: GameState) -> list[Section]:
    """(heading, lines) for each part of the rules that has something in play."""
    sections = [
        (Text("Cash and payments"), _money(state)),
        (Text("Deeds and buildings"), _deeds(state)),
        (Text("Auctions and trades"), _auctions_and_trades(state)),
        (Text("Cards"), _cards(state)),
        (Text("How the game is won"), _winning(state)),
    ]
    return [(heading, lines) for heading, lines in sections if lines]


def _money(state: GameState) -> list[Text]:
    rules, money = state.rules, state.money
    lines = [
        Text("Everyone starts with %(cash)s.", cash=money(rules.starting_cash)),
        Text("Passing GO pays %(salary)s.", salary=money(rules.salary)),
    ]
    if rules.just_go:
        lines.append(Text("Landing exactly on GO pays double: %(amount)s.", amount=money(2 * rules.salary)))
    if rules.token_levels > 1:
        lines.append(
            Text(
                "At GO you may raise your token a level, up to level %(top)s, for %(cost)s: each level "
                "adds %(step)s to your salary.",
                top=rules.token_levels,
                cost=money(rules.level_cost),
                step=money(rules.level_salary_step),
            )
        )
    for tax in state.edition.spaces:
        if tax.type == "income_tax" and rules.income_tax_percent:
            lines.append(
                Text(
                    "%(tax)s costs %(amount)s or %(percent)s%% of your net worth, whichever is less.",
                    tax=tax.name,
                    amount=money(rules.income_tax),
                    percent=rules.income_tax_percent,
                )
            )
        elif tax.type in ("income_tax", "luxury_tax"):
            lines.append(
                Text("%(tax)s costs %(amount)s.", tax=tax.name, amount=money(getattr(rules, tax.type)))
            )
    if rules.jail_two_turns:
        lines.append(
            Text(
                "Jail has no fine: you are out by rolling doubles, with a Get Out of Jail Free card, or"
                " at the end of your second turn there."
            )
        )
    else:
        lines.append(Text("The jail fine is %(fine)s.", fine=money(rules.jail_fine)))
    if rules.card_hands:
        lines.append(
            Text(
                "A Chance or Community Chest card drawn is kept in your hand, unseen by the others, and"
                " played later on any player, who gets what it says."
            )
        )
    if rules.free_parking_jackpot and rules.jackpot_from == "taxes":
        lines.append(Text("Income Tax and Luxury Tax go into a pot on Free Parking: landing there takes it."))
    elif rules.free_parking_jackpot:
        lines.append(
            Text("Taxes, fines and card payments go into a pot on Free Parking: landing there takes it.")
        )
        if rules.jackpot_seed:
            lines.append(
                Text(
                    "The bank puts %(amount)s in the pot at the start and after each win.",
                    amount=money(rules.jackpot_seed),
                )
            )
    if rules.round_to > 1:
        lines.append(Text("Every amount is rounded up to %(step)s.", step=money(rules.round_to)))
    if rules.phone_dice:
        lines.append(
            Text(
                "Lost a die? Any phone can roll the dice: every phone sees the roll, and a utility's rent"
                " takes the payer's last roll."
            )
        )
    return lines


# Millionaire's Fortune cards kept until needed, as the rules page says what each does
_KEPT = {
    "free_house": Text(
        "Free house: one house on a lot of yours, where the building rules allow it, at no cost."
    ),
    "sly_deal": Text("Sly Deal: take one deed from another player, not from a group they own whole."),
    "forced_deal": Text(
        "Forced Deal: swap one of your deeds for one of another player's, not from a group they own whole."
    ),
    "just_say_no": Text(
        "Just Say No: refuse a deal played on you, or the rent or card payment you have just made."
    ),
}


def _cards(state: GameState) -> list[Text]:
    """The cards of a board that has more than Chance and Community Chest (Monopoly Millionaire)."""
    cards = state.edition.cards
    lines = []
    if any(card.level_amounts for card in cards):
        lines.append(Text("Some cards pay or cost more the higher your token's level."))
    kept = [action for action in _KEPT if any(card.action == action for card in cards)]
    if kept:
        lines.append(
            Text("Fortune cards marked Keep Until Needed stay in your hand until you play them, once:")
        )
        lines += [_KEPT[action] for action in kept]
    return lines


def _deeds(state: GameState) -> list[Text]:
    rules = state.rules
    lines = []
    if rules.speed_die:
        lines.append(
            Text(
                "For a utility's rent, roll all three dice: the bus and Mr. Monopoly count 0, so the "
                "total is 2 to 15."
            )
        )
        lines.append(
            Text(
                "Mr. Monopoly takes you on to the nearest deed nobody owns, or with none left to the nearest"
                " unmortgaged deed of another player, for its rent; triples move you to any space, with no"
                " salary unless you choose GO."
            )
        )
    if rules.deal_deeds:
        lines.append(
            Plural(
                "At the start the bank deals everyone %(n)s deed, paid at its price.",
                "At the start the bank deals everyone %(n)s deeds, paid at their price.",
                rules.deal_deeds,
            )
        )
    if rules.market_size:
        lines.append(
            Text(
                "Deeds are bought from the %(n)s face up in the bank's market, one a turn, not by landing on"
                " them, unless a card says you may.",
                n=rules.market_size,
            )
        )
    if rules.buy_from_owner:
        lines.append(
            Text(
                "In your turn you may buy another player's deed at its printed price, unless it is part"
                " of a whole group or has buildings or a mortgage."
            )
        )
    lines.append(
        Plural(
            "A hotel comes after %(n)s house on a lot.",
            "A hotel comes after %(n)s houses on a lot.",
            rules.houses_before_hotel,
        )
    )
    if rules.build_whole_group:
        lines.append(
            Text(
                "One purchase builds a house, or a hotel, on every lot of a group at once, for the sum of"
                " their costs; one piece from the bank stands in the middle of the group for them all."
            )
        )
    if not rules.sell_back:
        lines.append(Text("Houses and hotels are never sold back to the bank."))
    if rules.pay_with_property:
        lines.append(
            Text(
                "A debt may be paid with deeds at their printed price, the buildings of their group going"
                " with them at their cost; no change is given for deeds worth more."
            )
        )
    if rules.build_without_group:
        lines.append(Text("You may build without owning the whole colour group."))
    if rules.uneven_building:
        lines.append(Text("Houses go up and come down in any order within a group."))
    if rules.hotel_sale_principle:
        lines.append(
            Text(
                "A hotel sold takes the group's other hotels with it and leaves only the houses the group"
                " had, spread evenly (a group of hotels goes to bare land); while you cannot pay a debt in"
                " cash, hotels sell one at a time."
            )
        )
    if not rules.mortgages:
        lines.append(Text("Nothing can be mortgaged."))
    elif rules.mortgaged_lot_cancels_double_rent:
        lines.append(Text("A mortgaged lot in a group stops the double rent on the others."))
    return lines


def _auctions_and_trades(state: GameState) -> list[Text]:
    rules, money = state.rules, state.money
    lines = []
    if rules.auctions:
        lines.append(
            Text(
                "A deed nobody buys goes to auction: %(seconds)s seconds on the clock, and at least"
                " %(extension)s left after each bid.",
                seconds=rules.auction_seconds,
                extension=rules.auction_extension_seconds,
            )
        )
        if rules.auction_step > 1:
            lines.append(Text("Bids go up by at least %(step)s.", step=money(rules.auction_step)))
        if rules.auction_opening_price:
            lines.append(Text("The bank may name an auction's opening price before the first bid."))
        if rules.no_unsold_lots:
            lines.append(Text("Nobody bids at the opening price? The auction runs again from the least bid."))
        if rules.decliner_barred:
            lines.append(Text("A player who declines to buy a deed may not bid for it."))
    elif not rules.market_size:
        lines.append(Text("No auctions: a deed nobody buys stays with the bank."))
    if not rules.trading:
        lines.append(Text("No trading between players."))
    elif rules.trade_limits:
        lines.append(
            Text(
                "Tournament trades: no gifts, no deed for its mortgage value or less, no Get Out of Jail"
                " Free card for %(ceiling)s or more, and no deed bought straight back at another price.",
                ceiling=money(JAIL_CARD_CEILING),
            )
        )
    if rules.bank_only_free_amounts:
        lines.append(Text("No loans or gifts: only the banker can pay out or move a sum no rule fixes."))
    if rules.temporary_bankruptcy and rules.trading:
        lines.append(
            Text(
                "While a player owes more than their cash, trades are only with them and must clear the"
                " debt, with one player or several together; the one they owe joins in only after another"
                " player has offered such a trade. They may not choose bankruptcy: the banker declares it"
                " when no trade will clear the debt."
            )
        )
        lines.append(
            Text(
                "In a trade, what another player owes you counts as cash: you may hand it over, or forgive it"
                " for their deeds."
            )
        )
    if rules.jail_fine_rescue:
        lines.append(
            Text(
                "A Get Out of Jail Free card bought in a trade settles a jail fine owed. Bankrupt on the"
                " fine, a player's deeds may go to whoever they owe rent where they landed, who pays the"
                " fine."
            )
        )
    return lines


def _winning(state: GameState) -> list[Text]:
    rules, money = state.rules, state.money
    lines = []
    if rules.cash_target:
        lines.append(Text("The first to hold %(target)s in cash wins.", target=money(rules.cash_target)))
    if rules.win_monopolies:
        lines.append(
            Plural(
                "Whoever holds %(n)s whole group wins.",
                "Whoever holds %(n)s whole groups wins.",
                rules.win_monopolies,
            )
        )
    if rules.end_at:
        lines.append(Text("The game ends when its clock runs out."))
    if rules.end_at_bankruptcies == 1:
        lines.append(Text("The game ends when a player goes bankrupt."))
    elif rules.end_at_bankruptcies:
        lines.append(
            Text("The game ends once %(n)s players have gone bankrupt.", n=rules.end_at_bankruptcies)
        )
    elif rules.end_at:  # "the last player wins" after "ends when its clock runs out" read as two ends
        lines.append(Text("Should all but one player go bankrupt before then, that one wins."))
    else:
        lines.append(Text("The last player who is not bankrupt wins."))
    if rules.final_bankruptcy_keeps_buildings:
        lines.append(
            Text(
                "The bankruptcy that ends the game hands the creditor everything as it stands, houses and"
                " hotels included."
            )
        )
    # the bank can always end the game early, with the table's agreement
    if rules.signalled_end:
        lines.append(
            Text(
                "The banker signals the end first: the final turn is played out, rent, taxes and cards"
                " still charged, with no trades or building; then the tally."
            )
        )
    if rules.richest_by == "cash":
        lines.append(Text("Should the game end with players still in, the one with the most cash wins."))
    else:
        lines.append(
            Text(
                "Should the game end with players still in, the richest wins: cash, deeds at their price"
                " (mortgaged at half) and buildings at cost."
            )
        )
    return lines


TEMPLATE_GLOBALS = {"rule_sections": rule_sections}
