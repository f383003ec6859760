"""What an offer of a trade must be: each side in words, and the checks an offer meets when it
is made and again when it is accepted (see trades.py for what a trade moves).

Tournament limits (the `trade_limits` option, on in the JMA preset), read simply:
- no gifts: a side that hands something over gets something back, and not cash for cash (a gift or
  a loan);
- no deed at or below its mortgage value (抵当価格以下): a side that pays only cash or cards for
  deeds pays, less any cash it gets back, more than the total mortgage value of the unmortgaged
  deeds it gets, a card counting as the most it may sell for ($49): Park Place for a card alone
  would be sold for less than $50;
- no Get Out of Jail Free card for $50 or more: a side that hands over cards and no deeds gets,
  less any cash it adds, less than $50 per card;
- no buying back on the spot at another price (001, 交渉: 「権利書などを売ったその場で異なる価格で
  買い戻すこと」): when the next trade between the same two players brings a deed of their last
  one back the way it came, the money goes back as it came too, while the spot lasts: trades are
  made between turns (001: from the end of one turn until the next player's dice are thrown), so
  it lasts while the game records only what players do between turns (trades, mortgages,
  buildings) and ends at the next action the dice bring (rent, a card, a purchase, a tax).
- no trade while an auction runs: an auction is part of a turn, and trades are made between turns
  (002, アクションのタイミング: 「手番と手番の間」に「交渉」…);
Loans and promises cannot be put in an offer at all.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import replace

from banker.rules.base import Event, require
from banker.rules.board import DECK_NAMES
from banker.rules.debts import claims, require_no_debt
from banker.rules.deeds import built_names, first_built, lots_of, owners_lots
from banker.rules.errors import RuleError
from banker.rules.money import require_round
from banker.rules.mortgages import require_chosen
from banker.rules.state import GameState, Player, Trade, TradeSide
from banker.rules.text import Plural, Text, listing

JAIL_CARD_CEILING = 50  # tournament limit: a card sells for less than this


def side_text(state: GameState, side: TradeSide) -> str:
    """ "Boardwalk, $100 and the Chance Get Out of Jail Free card"; "nothing" for an empty side."""
    items = [state.deed(position).name for position in side.deeds]
    if side.cash:
        items.append(state.money(side.cash))
    items += [
        Text("the %(deck)s Get Out of Jail Free card", deck=DECK_NAMES[deck]) for deck in side.jail_cards
    ]
    items += [
        Text("the %(amount)s %(debtor)s owes", amount=state.money(amount), debtor=state.name_of(debtor))
        for debtor, amount in side.claims
    ]
    return listing(items) if items else Text("nothing")


def check_offer(state: GameState, trade: Trade, again: bool = False) -> None:
    """Refuse, saying why, an offer that cannot be carried out as it stands; `again` words the
    reasons for an offer made earlier ("no longer owns")."""
    for player, side, taker in (
        (trade.proposer, trade.give, trade.partner),
        (trade.partner, trade.get, trade.proposer),
    ):
        _check_side(state, player, side, again)
        for position in side.deeds:  # the taker's own lots of the group must be bare too
            _require_no_buildings(state, position, lots_of(state, taker, position))
    if state.rules.trade_limits:
        _check_limits(state, trade)


def _check_side(state: GameState, player_id: int, side: TradeSide, again: bool) -> None:
    player = state.active_player(player_id)
    for index, position in enumerate(side.deeds):
        deed = state.deed(position)
        require(position not in side.deeds[:index], Text("%(deed)s is in the offer twice.", deed=deed.name))
        require(
            state.auction is None or state.auction.deed != position,
            Text("%(deed)s is being auctioned: it cannot be traded.", deed=deed.name),
        )
        them, you = (
            (
                Text("%(player)s no longer owns %(deed)s.", player=player.name, deed=deed.name),
                Text("You no longer own %(deed)s.", deed=deed.name),
            )
            if again
            else (
                Text("%(player)s does not own %(deed)s.", player=player.name, deed=deed.name),
                Text("You do not own %(deed)s.", deed=deed.name),
            )
        )
        require(state.holding(position).owner == player.id, them, (player.id, you))
        require_chosen(state, position)
        _require_no_buildings(state, position, owners_lots(state, position))
    require(side.cash >= 0, Text("Cash in a trade cannot be negative."))
    require_round(state, side.cash)
    # a debtor's cash goes to the debt first, as a payment to another player waits: handed to a
    # friend in a trade, it was out of reach of the bankruptcy that followed (the tournament rules
    # have their own: only deals that clear the debt, see debt_trades.py)
    if side.cash and not state.rules.temporary_bankruptcy:
        require_no_debt(state, player.id)
    figures = {"cash": state.money(player.cash), "offered": state.money(side.cash)}
    require(
        player.cash >= side.cash,
        Text("%(player)s has %(cash)s, not the %(offered)s in the offer.", player=player.name, **figures),
        (player.id, Text("You have %(cash)s, not the %(offered)s in the offer.", **figures)),
    )
    _check_claims(state, player, side, again)
    for deck in dict.fromkeys(side.jail_cards):
        require(deck in DECK_NAMES, Text("There is no %(deck)s Get Out of Jail Free card.", deck=deck))
        name = DECK_NAMES[deck]
        them, you = (
            (
                Text(
                    "%(player)s no longer holds the %(deck)s Get Out of Jail Free card.",
                    player=player.name,
                    deck=name,
                ),
                Text("You no longer hold the %(deck)s Get Out of Jail Free card.", deck=name),
            )
            if again
            else (
                Text(
                    "%(player)s does not hold the %(deck)s Get Out of Jail Free card.",
                    player=player.name,
                    deck=name,
                ),
                Text("You do not hold the %(deck)s Get Out of Jail Free card.", deck=name),
            )
        )
        require(side.jail_cards.count(deck) <= player.jail_cards.count(deck), them, (player.id, you))


def _require_no_buildings(state: GameState, position: int, lots: Iterable[int]) -> None:
    """Refuse trading the deed at `position` while one of `lots` (of its group) has a building:
    buildings never change hands, and a group built under `build_without_group` would be uneven."""
    if (built := first_built(state, lots)) is not None:
        raise RuleError(
            Text(
                "%(deed)s cannot be traded while the %(group)s group has buildings: "
                "%(lot)s has %(buildings)s.",
                **built_names(state, position, built),
            )
        )


def _check_claims(state: GameState, player: Player, side: TradeSide, again: bool) -> None:
    """What others owe the giver, handed over whole, as the JMA rules count it: like cash."""
    if not side.claims:
        return
    require(
        state.rules.temporary_bankruptcy,
        Text("Debts are not traded in this game: only deeds, cash and Get Out of Jail Free cards."),
    )
    debtors = [debtor for debtor, _ in side.claims]
    for index, (debtor, amount) in enumerate(side.claims):
        name = state.name_of(debtor)
        require(
            debtor not in debtors[:index], Text("What %(debtor)s owes is in the offer twice.", debtor=name)
        )
        owed_to = claims(state, player.id).get(debtor, 0)
        them, you = (
            (
                Text("%(debtor)s no longer owes %(player)s anything.", debtor=name, player=player.name),
                Text("%(debtor)s no longer owes you anything.", debtor=name),
            )
            if again
            else (
                Text("%(debtor)s owes %(player)s nothing to hand over.", debtor=name, player=player.name),
                Text("%(debtor)s owes you nothing to hand over.", debtor=name),
            )
        )
        require(owed_to > 0, them, (player.id, you))
        figures = {"debtor": name, "owed": state.money(owed_to), "amount": state.money(amount)}
        require(
            owed_to == amount,
            Text(
                "%(debtor)s owes %(player)s %(owed)s, not the %(amount)s in the offer.",
                player=player.name,
                **figures,
            ),
            (player.id, Text("%(debtor)s owes you %(owed)s, not the %(amount)s in the offer.", **figures)),
        )


def _check_limits(state: GameState, trade: Trade) -> None:
    """The tournament limits, for each side in turn (see the module's reading of them)."""
    require(
        state.auction is None,
        Text(
            "Under the tournament rules trades are made between turns: this one waits until the auction ends."
        ),
    )
    _check_buying_back(state, trade)
    sides = (trade.give, trade.get)
    figures = {"given": side_text(state, trade.give), "got": side_text(state, trade.get)}
    require(
        not all(side.money and not (side.deeds or side.jail_cards) for side in sides),  # a claim is cash
        Text(
            "Cash for cash is a gift or a loan, which the tournament rules do not allow: "
            "%(player)s would give %(given)s and get %(got)s.",
            player=state.name_of(trade.proposer),
            **figures,
        ),
        (
            trade.proposer,
            Text(
                "Cash for cash is a gift or a loan, which the tournament rules do not allow: "
                "you would give %(given)s and get %(got)s.",
                **figures,
            ),
        ),
    )
    for giver, side, back in (
        (trade.proposer, trade.give, trade.get),
        (trade.partner, trade.get, trade.give),
    ):
        what = side_text(state, side)
        require(
            side.empty or not back.empty,
            Text(
                "No gifts under the tournament rules: %(player)s would give %(what)s and get nothing back.",
                player=state.name_of(giver),
                what=what,
            ),
            (
                giver,
                Text(
                    "No gifts under the tournament rules: you would give %(what)s and get nothing back.",
                    what=what,
                ),
            ),
        )
        if (side.money or side.jail_cards) and not side.deeds:  # a claim counts as cash
            _check_price(state, giver, side, back)
        if side.jail_cards and not side.deeds:
            cards = len(side.jail_cards)
            got = max(back.money - side.money, 0)
            figures = {"ceiling": state.money(JAIL_CARD_CEILING), "cash": state.money(got)}
            require(
                got < JAIL_CARD_CEILING * cards,
                Plural(
                    "A Get Out of Jail Free card sells for less than %(ceiling)s under the tournament rules: "
                    "%(player)s would get %(cash)s for %(n)s card.",
                    "A Get Out of Jail Free card sells for less than %(ceiling)s under the tournament rules: "
                    "%(player)s would get %(cash)s for %(n)s cards.",
                    cards,
                    player=state.name_of(giver),
                    **figures,
                ),
                (
                    giver,
                    Plural(
                        "A Get Out of Jail Free card sells for less than %(ceiling)s under the tournament "
                        "rules: you would get %(cash)s for %(n)s card.",
                        "A Get Out of Jail Free card sells for less than %(ceiling)s under the tournament "
                        "rules: you would get %(cash)s for %(n)s cards.",
                        cards,
                        **figures,
                    ),
                ),
            )


def _check_price(state: GameState, giver: int, side: TradeSide, back: TradeSide) -> None:
    """Refuse `side` paying for the deeds it gets at or below their mortgage value (抵当価格以下:
    at it is too low as well); money both ways counts on balance ($300 out and $150 back is $150
    paid), and a card as the most it may sell for."""
    unmortgaged = [state.deed(p) for p in back.deeds if not state.holding(p).mortgaged]
    least = sum(deed.mortgage for deed in unmortgaged)
    worth = (JAIL_CARD_CEILING - 1) * len(side.jail_cards)
    paid = max(side.money + worth - back.money, 0)
    if not unmortgaged or paid > least:
        return
    n = len(unmortgaged)
    named = {"deeds": listing([deed.name for deed in unmortgaged]), "least": state.money(least)}
    named["cash"] = state.money(paid)
    if not side.jail_cards:
        raise RuleError(
            Plural(
                "No deed is sold at or below its mortgage value under the tournament rules: "
                "%(deeds)s must bring more than %(least)s, and %(player)s would pay %(cash)s.",
                "No deed is sold at or below its mortgage value under the tournament rules: "
                "%(deeds)s together must bring more than %(least)s, and %(player)s would pay "
                "%(cash)s.",
                n,
                player=state.name_of(giver),
                **named,
            ),
            (
                giver,
                Plural(
                    "No deed is sold at or below its mortgage value under the tournament rules: "
                    "%(deeds)s must bring more than %(least)s, and you would pay %(cash)s.",
                    "No deed is sold at or below its mortgage value under the tournament rules: "
                    "%(deeds)s together must bring more than %(least)s, and you would pay %(cash)s.",
                    n,
                    **named,
                ),
            ),
        )
    named |= {"what": side_text(state, side), "ceiling": state.money(JAIL_CARD_CEILING)}
    raise RuleError(
        Plural(
            "No deed is sold at or below its mortgage value under the tournament rules: "
            "%(deeds)s must bring more than %(least)s, and %(player)s would give %(what)s, worth "
            "%(cash)s at most (a Get Out of Jail Free card sells for less than %(ceiling)s).",
            "No deed is sold at or below its mortgage value under the tournament rules: "
            "%(deeds)s together must bring more than %(least)s, and %(player)s would give %(what)s, "
            "worth %(cash)s at most (a Get Out of Jail Free card sells for less than %(ceiling)s).",
            n,
            player=state.name_of(giver),
            **named,
        ),
        (
            giver,
            Plural(
                "No deed is sold at or below its mortgage value under the tournament rules: "
                "%(deeds)s must bring more than %(least)s, and you would give %(what)s, worth "
                "%(cash)s at most (a Get Out of Jail Free card sells for less than %(ceiling)s).",
                "No deed is sold at or below its mortgage value under the tournament rules: "
                "%(deeds)s together must bring more than %(least)s, and you would give %(what)s, "
                "worth %(cash)s at most (a Get Out of Jail Free card sells for less than %(ceiling)s).",
                n,
                **named,
            ),
        ),
    )


def _check_buying_back(state: GameState, trade: Trade) -> None:
    """Refuse a deed coming back at another price: in the last trade between the same two players
    it went one way for some money, and this trade brings it back for other money."""
    pair = {trade.proposer, trade.partner}
    last = next((t for t in state.last_trades if {t.proposer, t.partner} == pair), None)
    if last is None:
        return
    receiving = {trade.proposer: trade.get.deeds, trade.partner: trade.give.deeds}
    back = [
        (seller, position)
        for seller, sold in ((last.proposer, last.give.deeds), (last.partner, last.get.deeds))
        for position in sold
        if position in receiving[seller]
    ]
    if not back:
        return
    seller = back[0][0]
    then, now = _net(last, seller), -_net(trade, seller)
    require(
        then == now,
        Text(
            "No buying back on the spot under the tournament rules: %(deeds)s went from %(seller)s to "
            "%(buyer)s for %(then)s in their last trade, and would come back for %(now)s.",
            deeds=listing([state.deed(position).name for who, position in back if who == seller]),
            seller=state.name_of(seller),
            buyer=state.name_of((pair - {seller}).pop()),
            then=state.money(then),
            now=state.money(now),
        ),
    )


def moment_passed(state: GameState, events: Sequence[Event]) -> GameState:
    """The state once an action's `events` are applied: an action of a turn (none of its events
    is taken between turns) ends the spot on which the last trades' deeds may not come back at
    another price. An undo restores the state as it was, the spot with it."""
    if state.last_trades and all(e.undoable and not e.between_turns for e in events):
        return replace(state, last_trades=())
    return state


def _net(trade: Trade, player: int) -> int:
    """The money (cash and claims) `player` gets in the trade, less what they hand over."""
    give, get = (trade.give, trade.get) if player == trade.proposer else (trade.get, trade.give)
    return get.money - give.money
