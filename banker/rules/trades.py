"""Trades between two players: any mix of deeds, cash and Get Out of Jail Free cards.

The proposer offers `give` for `get`; the partner accepts, declines, or (in the screens) declines
and proposes back. Nothing moves until the partner accepts; then everything moves in one event,
and each mortgaged deed received costs its new owner the 10% fee, or value + 10% to lift it now
(see mortgages.py), paid from their cash after the trade. The proposer makes that choice with the
offer (keep unless they say lift), the partner with the answer.

A deed can be traded only while no lot of its colour group held by its owner, or by the player
receiving it (built under `build_without_group`), has a building (buildings never change hands,
and a group is built evenly) and while it is not on the auction block. An offer is checked again
when it is accepted: anything that changed since it was made (a deed sold or traded elsewhere,
buildings put up, cash spent, a deed of the partner's mortgaged) makes it out of date, and the
accept is refused saying what changed. Trades stay open to a player in debt: trading is one way
to raise the money (under the JMA rules, only to clear it: see debt_trades.py); a debtor's cash
goes to the debt first, so their side of a trade holds none, and a mortgage they receive is kept.
A Get Out of Jail Free card received by a player owing the jail fine settles it
(`jail_fine_rescue`, see jail.py).

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
Loans and promises cannot be put in an offer at all.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass, replace
from typing import Any

from banker.rules.base import PARTY_FIELDS, Command, Event, MortgageChoices, require
from banker.rules.board import DECK_NAMES
from banker.rules.debt_trades import agreed_trades, check_creditor_offer, check_debt_trade
from banker.rules.debts import claims, owed, require_no_debt
from banker.rules.deeds import built_names, first_built, lots_of, owners_lots
from banker.rules.errors import RuleError
from banker.rules.jail import settled_by_card
from banker.rules.money import require_round
from banker.rules.mortgages import MORTGAGE_CHOICES, received_mortgaged, require_chosen
from banker.rules.state import GameState, Player, Trade, TradeSide
from banker.rules.text import ITEMS, Parts, Plural, Text, listing

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


def open_trade(state: GameState, trade_id: int) -> Trade:
    trade = next((t for t in state.trades if t.id == trade_id), None)
    if trade is None:
        raise RuleError(
            Text(
                "There is no open trade offer #%(trade)s: it may have been answered or withdrawn.",
                trade=trade_id,
            )
        )
    return trade


@dataclass(frozen=True)
class TradeContents(Event):
    """A trade's parties and both sides, as plain fields so the stored JSON reads back the same."""

    between_turns = True
    trade: int
    proposer: int
    partner: int
    give_cash: int = 0
    give_deeds: tuple[int, ...] = ()
    give_jail_cards: tuple[str, ...] = ()
    get_cash: int = 0
    get_deeds: tuple[int, ...] = ()
    get_jail_cards: tuple[str, ...] = ()
    give_claims: tuple[tuple[int, int], ...] = ()
    get_claims: tuple[tuple[int, int], ...] = ()

    @property
    def give(self) -> TradeSide:
        return TradeSide(self.give_cash, self.give_deeds, self.give_jail_cards, self.give_claims)

    def parties(self, fields: tuple[str, ...] = PARTY_FIELDS) -> tuple[int, ...]:
        """The two sides, and the debtor of each claim traded: their debt is owed to someone else now."""
        named = super().parties(fields)
        if "debtor" not in fields:
            return named
        return named + tuple(debtor for debtor, _ in (*self.give_claims, *self.get_claims))

    @property
    def get(self) -> TradeSide:
        return TradeSide(self.get_cash, self.get_deeds, self.get_jail_cards, self.get_claims)


def _contents(trade: Trade) -> dict[str, Any]:
    return {
        "trade": trade.id,
        "proposer": trade.proposer,
        "partner": trade.partner,
        "give_cash": trade.give.cash,
        "give_deeds": trade.give.deeds,
        "give_jail_cards": trade.give.jail_cards,
        "get_cash": trade.get.cash,
        "get_deeds": trade.get.deeds,
        "get_jail_cards": trade.get.jail_cards,
        "give_claims": trade.give.claims,
        "get_claims": trade.get.claims,
    }


def _closed(state: GameState, trade_id: int) -> GameState:
    return replace(state, trades=tuple(t for t in state.trades if t.id != trade_id))


@dataclass(frozen=True)
class TradeProposed(TradeContents):
    """An open offer; `proposer_mortgages` holds the proposer's keep-or-lift choice for every
    deed they would receive that was mortgaged when they made it."""

    type = "trade_proposed"
    is_news = True
    proposer_mortgages: tuple[tuple[int, str], ...] = ()

    def apply(self, state: GameState) -> GameState:
        trade = Trade(
            id=self.trade,
            proposer=self.proposer,
            partner=self.partner,
            give=self.give,
            get=self.get,
            proposer_mortgages=self.proposer_mortgages,
        )
        return replace(state, trades=(*state.trades, trade), next_trade=self.trade + 1)

    def describe(self, state: GameState) -> Text:
        names = {"proposer": state.name_of(self.proposer), "partner": state.name_of(self.partner)}
        give, get = side_text(state, self.give), side_text(state, self.get)
        if self.get.empty:
            return Text("%(proposer)s offers %(partner)s %(give)s for nothing in return", give=give, **names)
        if self.give.empty:
            return Text("%(proposer)s asks %(partner)s for %(get)s, for nothing in return", get=get, **names)
        return Text("%(proposer)s offers %(partner)s %(give)s for %(get)s", give=give, get=get, **names)

    def describe_to(self, state: GameState, you: int) -> Text:
        give, get = side_text(state, self.give), side_text(state, self.get)
        if you == self.partner:  # the offer on the phone it is made to: "Ann offers you $100 for…"
            proposer = state.name_of(self.proposer)
            if self.get.empty:
                return Text(
                    "%(proposer)s offers you %(give)s for nothing in return", proposer=proposer, give=give
                )
            if self.give.empty:
                return Text(
                    "%(proposer)s asks you for %(get)s, for nothing in return", proposer=proposer, get=get
                )
            return Text("%(proposer)s offers you %(give)s for %(get)s", proposer=proposer, give=give, get=get)
        if you != self.proposer:
            return self.describe(state)
        partner = state.name_of(self.partner)
        if self.get.empty:
            return Text("You offer %(partner)s %(give)s for nothing in return", partner=partner, give=give)
        if self.give.empty:
            return Text("You ask %(partner)s for %(get)s, for nothing in return", partner=partner, get=get)
        return Text("You offer %(partner)s %(give)s for %(get)s", partner=partner, give=give, get=get)


@dataclass(frozen=True)
class TradeCompleted(TradeContents):
    """The partner accepted: deeds (mortgaged or not), cash and cards all change hands at once.
    The fees for mortgaged deeds follow as their own payments."""

    type = "trade_completed"
    is_news = True
    take_back_refusal = Text(
        "A trade both players agreed to cannot be taken back by one of them; the banker can undo it."
    )

    def apply(self, state: GameState) -> GameState:
        state = _hand_over(state, self.proposer, self.partner, self.give)
        state = _hand_over(state, self.partner, self.proposer, self.get)
        done = Trade(self.trade, self.proposer, self.partner, self.give, self.get)
        others = tuple(
            t for t in state.last_trades if {t.proposer, t.partner} != {self.proposer, self.partner}
        )
        return replace(_closed(state, self.trade), last_trades=(*others, done))

    def describe(self, state: GameState) -> Text:
        proposer, partner = state.name_of(self.proposer), state.name_of(self.partner)
        received = Parts(
            Text("%(player)s gets %(what)s", player=name, what=side_text(state, side))
            for name, side in ((proposer, self.get), (partner, self.give))
            if not side.empty
        )
        return Text("%(partner)s accepted: %(received)s", partner=partner, received=received)

    def describe_to(self, state: GameState, you: int) -> Text:
        if you not in (self.proposer, self.partner):
            return self.describe(state)
        mine, theirs = (self.get, self.give) if you == self.proposer else (self.give, self.get)
        other = state.name_of(self.partner if you == self.proposer else self.proposer)
        received = Parts(
            part
            for part, side in (
                (Text("you get %(what)s", what=side_text(state, mine)), mine),
                (Text("%(player)s gets %(what)s", player=other, what=side_text(state, theirs)), theirs),
            )
            if not side.empty
        )
        if you == self.partner:
            return Text("You accepted: %(received)s", received=received)
        return Text("%(partner)s accepted your offer: %(received)s", partner=other, received=received)


def _hand_over(state: GameState, giver: int, taker: int, side: TradeSide) -> GameState:
    for position in side.deeds:
        state = state.with_holding(position, owner=taker)
    for debtor, _ in side.claims:  # owed to the taker now; to the debtor themself, it is forgiven
        debts = (
            replace(d, creditor=taker) if d.debtor == debtor and d.creditor == giver else d
            for d in state.debts
        )
        state = replace(state, debts=tuple(d for d in debts if d.debtor != d.creditor))
    cards = list(state.player(giver).jail_cards)
    for deck in side.jail_cards:
        cards.remove(deck)
    state = state.with_player(giver, cash=state.player(giver).cash - side.cash, jail_cards=tuple(cards))
    receiver = state.player(taker)
    return state.with_player(
        taker, cash=receiver.cash + side.cash, jail_cards=(*receiver.jail_cards, *side.jail_cards)
    )


@dataclass(frozen=True)
class TradeAgreed(Event):
    """Under temporary bankruptcy the partner accepted a trade that brings `debtor` nearer to
    paying without clearing the debt alone: nothing moves yet. It goes through with the debtor's
    other agreed trades once together they clear it, and lapses if the debtor goes bankrupt."""

    type = "trade_agreed"
    is_news = True
    between_turns = True
    trade: int
    proposer: int
    partner: int
    debtor: int
    partner_mortgages: tuple[tuple[int, str], ...] = ()

    def apply(self, state: GameState) -> GameState:
        return replace(
            state,
            trades=tuple(
                replace(t, agreed_for=self.debtor, partner_mortgages=self.partner_mortgages)
                if t.id == self.trade
                else t
                for t in state.trades
            ),
        )

    def describe(self, state: GameState) -> Text:
        return Text(
            "%(partner)s agreed to %(proposer)s's offer: it goes through once %(debtor)s's agreed trades "
            "clear the debt",
            partner=state.name_of(self.partner),
            proposer=state.name_of(self.proposer),
            debtor=state.name_of(self.debtor),
        )

    def describe_to(self, state: GameState, you: int) -> Text:
        if you != self.partner:
            return self.describe(state)
        if you == self.debtor:
            return Text(
                "You agreed to %(proposer)s's offer: it goes through once your agreed trades clear the debt",
                proposer=state.name_of(self.proposer),
            )
        return Text(
            "You agreed to %(proposer)s's offer: it goes through once %(debtor)s's agreed trades clear "
            "the debt",
            proposer=state.name_of(self.proposer),
            debtor=state.name_of(self.debtor),
        )


@dataclass(frozen=True)
class _TradeClosed(Event):
    """An offer taken off the table with nothing exchanged: news, as the offer was (its maker
    would otherwise see it vanish from the screen without a word)."""

    is_news = True
    between_turns = True
    trade: int
    proposer: int
    partner: int

    def apply(self, state: GameState) -> GameState:
        return _closed(state, self.trade)


@dataclass(frozen=True)
class TradeDeclined(_TradeClosed):
    type = "trade_declined"

    def describe(self, state: GameState) -> Text:
        return Text(
            "%(partner)s declined %(proposer)s's offer",
            partner=state.name_of(self.partner),
            proposer=state.name_of(self.proposer),
        )

    def describe_to(self, state: GameState, you: int) -> Text:
        if you == self.proposer:
            return Text("%(partner)s declined your offer", partner=state.name_of(self.partner))
        if you != self.partner:
            return self.describe(state)
        return Text("You declined %(proposer)s's offer", proposer=state.name_of(self.proposer))


@dataclass(frozen=True)
class TradeCancelled(_TradeClosed):
    type = "trade_cancelled"

    def describe(self, state: GameState) -> Text:
        return Text(
            "%(proposer)s withdrew the offer to %(partner)s",
            proposer=state.name_of(self.proposer),
            partner=state.name_of(self.partner),
        )

    def describe_to(self, state: GameState, you: int) -> Text:
        if you == self.partner:
            return Text("%(proposer)s withdrew the offer to you", proposer=state.name_of(self.proposer))
        if you != self.proposer:
            return self.describe(state)
        return Text("You withdrew the offer to %(partner)s", partner=state.name_of(self.partner))


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


def _chosen(
    state: GameState, player_id: int, received: TradeSide, choices: MortgageChoices
) -> dict[int, str]:
    """The keep-or-lift choices of the player receiving `received`, each for a mortgaged deed in it."""
    chosen = {}
    for position, choice in choices:
        deed = state.deed(position)
        require(
            position in received.deeds,
            Text(
                "%(deed)s is not part of what %(player)s receives in this trade.",
                deed=deed.name,
                player=state.name_of(player_id),
            ),
            (player_id, Text("%(deed)s is not part of what you receive in this trade.", deed=deed.name)),
        )
        require(
            state.holding(position).mortgaged,
            Text("%(deed)s is not mortgaged: there is nothing to keep or lift.", deed=deed.name),
        )
        require(
            choice in MORTGAGE_CHOICES,
            Text("For %(deed)s, choose keep (pay the 10%% fee) or lift the mortgage.", deed=deed.name),
        )
        chosen[position] = choice
    return chosen


def _mortgage_payments(
    after: GameState, player_id: int, choices: dict[int, str]
) -> tuple[list[Event], GameState]:
    """The fees (or lifts) the player pays for the mortgaged deeds received, from the cash they
    have once the trade has moved; refused naming the shortfall."""
    deeds = {position: after.deed(position) for position in choices}
    costs = {
        p: deed.transfer_fee if choices[p] == "keep" else deed.unmortgage_cost for p, deed in deeds.items()
    }
    player = after.player(player_id)
    short = sum(costs.values()) - player.cash
    if short > 0:
        what = Parts(
            (
                Text("%(cost)s to keep %(deed)s mortgaged", cost=after.money(costs[p]), deed=deed.name)
                if choices[p] == "keep"
                else Text(
                    "%(cost)s to lift the mortgage on %(deed)s", cost=after.money(costs[p]), deed=deed.name
                )
                for p, deed in deeds.items()
            ),
            separator=ITEMS,
        )
        figures = {"cash": after.money(player.cash), "short": after.money(short), "what": what}
        raise RuleError(
            Text(
                "After the trade %(player)s would have %(cash)s and needs %(short)s more "
                "for the mortgaged deeds: %(what)s.",
                player=player.name,
                **figures,
            ),
            (
                player.id,
                Text(
                    "After the trade you would have %(cash)s and need %(short)s more "
                    "for the mortgaged deeds: %(what)s.",
                    **figures,
                ),
            ),
        )
    events: list[Event] = []
    for position, choice in choices.items():
        for event in received_mortgaged(after, player_id, position, choice):
            events.append(event)
            after = event.apply(after)
    return events, after


@dataclass(frozen=True)
class ProposeTrade(Command):
    """`player` offers `to` what is in `give` for what is in `get`; `mortgages` says, for each
    mortgaged deed in `get`, "keep" (the default) or "lift". A counter-offer names the open offer
    from `to` it answers (`counter`): that one is declined and this one made in one action, so one
    undo takes back both."""

    type = "propose_trade"
    closed_when_ending = True
    player: int
    to: int
    give: TradeSide = TradeSide()
    get: TradeSide = TradeSide()
    mortgages: MortgageChoices = ()
    counter: int | None = None

    def decide(self, state: GameState, now: float) -> list[Event]:
        declined = self._declined(state)
        for event in declined:
            state = event.apply(state)
        return [*declined, self._offer(state)]

    def _offer(self, state: GameState) -> Event:
        require(
            state.rules.trading,
            Text("There is no trading in this game: buy a deed from its owner at its printed price instead.")
            if state.rules.buy_from_owner
            else Text("There is no trading in this game."),
        )
        proposer = state.active_player(self.player)
        partner = state.player(self.to)
        require(
            partner.id != proposer.id,
            Text("A trade is between two players: %(player)s cannot trade alone.", player=proposer.name),
            (proposer.id, Text("A trade is between two players: you cannot trade alone.")),
        )
        require(
            not partner.bankrupt,
            Text("%(player)s is out of the game: there is no trading with them.", player=partner.name),
        )
        require(
            not (self.give.empty and self.get.empty),
            Text("This offer is empty: put something on at least one side."),
        )
        trade = Trade(
            id=state.next_trade, proposer=proposer.id, partner=partner.id, give=self.give, get=self.get
        )
        check_offer(state, trade)
        chosen = _chosen(state, proposer.id, self.get, self.mortgages)
        mortgaged = [p for p in self.get.deeds if state.holding(p).mortgaged]
        choices = tuple((p, chosen.get(p, "keep")) for p in mortgaged)
        check_debt_trade(state, replace(trade, proposer_mortgages=choices), {})
        check_creditor_offer(state, trade)
        return TradeProposed(**_contents(trade), proposer_mortgages=choices)

    def _declined(self, state: GameState) -> list[Event]:
        """The offer a counter-offer answers, declined (none for a plain offer)."""
        if self.counter is None:
            return []
        answered = _addressed(state, self.counter, self.player, "decline")
        require(
            answered.proposer == self.to,
            Text(
                "A counter-offer goes back to whoever made the offer: this one came from %(player)s.",
                player=state.name_of(answered.proposer),
            ),
        )
        return [TradeDeclined(trade=answered.id, proposer=answered.proposer, partner=answered.partner)]


@dataclass(frozen=True)
class AcceptTrade(Command):
    """The partner agrees: everything moves now. `mortgages` is the partner's choice for each
    mortgaged deed they receive, "keep" (the default) or "lift"."""

    type = "accept_trade"
    closed_when_ending = True
    player: int
    trade: int
    mortgages: MortgageChoices = ()

    def decide(self, state: GameState, now: float) -> list[Event]:
        trade = _addressed(state, self.trade, self.player, "accept")
        require(
            not trade.agreed,
            Text(
                "%(partner)s has already agreed to this trade: it goes through with the other agreed "
                "trades once together they clear the debt.",
                partner=state.name_of(trade.partner),
            ),
            (
                trade.partner,
                Text(
                    "You have already agreed to this trade: it goes through with the other agreed trades "
                    "once together they clear the debt."
                ),
            ),
        )
        try:
            check_offer(state, trade, again=True)
            proposer_choices = dict(trade.proposer_mortgages)
            for position in trade.get.deeds:
                require(
                    not state.holding(position).mortgaged or position in proposer_choices,
                    Text(
                        "%(deed)s has been mortgaged since the offer was made.",
                        deed=state.deed(position).name,
                    ),
                )
        except RuleError as changed:
            raise changed.reworded(
                lambda why: Text("This offer is out of date: %(why)s", why=why),
                lambda _, why: Text("This offer is out of date. %(why)s", why=why),
            ) from None
        partner_choices = _chosen(state, trade.partner, trade.give, self.mortgages)
        debtor = check_debt_trade(state, trade, partner_choices, accepting=True)
        check_creditor_offer(state, trade, accepting=True)
        if debtor is None:  # it clears a debt alone, or there is none: the agreed trades join it
            debtor = next((p for p in (trade.proposer, trade.partner) if agreed_trades(state, p)), None)
        if debtor is None:
            return _completed(state, trade, partner_choices)[0]
        agreed = TradeAgreed(
            trade=trade.id,
            proposer=trade.proposer,
            partner=trade.partner,
            debtor=debtor,
            partner_mortgages=tuple(partner_choices.items()),
        )
        events, after = _all_agreed(agreed.apply(state), debtor)
        return events if after.player(debtor).cash >= owed(after, debtor) else [agreed]


def _completed(
    state: GameState, trade: Trade, partner_choices: dict[int, str]
) -> tuple[list[Event], GameState]:
    """Everything changes hands, then each mortgaged deed received is kept (10% fee) or lifted and
    a jail card received settles a jail fine owed; with the state after it."""
    completed = TradeCompleted(**_contents(trade))
    after = completed.apply(state)
    events: list[Event] = [completed]
    for player, received, chosen in (
        (trade.proposer, trade.get, dict(trade.proposer_mortgages)),
        (trade.partner, trade.give, partner_choices),
    ):
        due = {p: chosen.get(p, "keep") for p in received.deeds if after.holding(p).mortgaged}
        paid, after = _mortgage_payments(after, player, due)
        settled = settled_by_card(after, player, received.jail_cards)
        events += [*paid, *settled]
        for event in settled:
            after = event.apply(after)
    return events, after


def _all_agreed(state: GameState, debtor: int) -> tuple[list[Event], GameState]:
    """The debtor's agreed trades completed one after another, with the state after them; one
    that has gone out of date meanwhile is refused, named."""
    events: list[Event] = []
    after = state
    for trade in agreed_trades(state, debtor):
        try:
            check_offer(after, trade, again=True)
        except RuleError as changed:
            raise _out_of_date(state, trade, changed) from None
        done, after = _completed(after, trade, dict(trade.partner_mortgages))
        events += done
    return events, after


def _out_of_date(state: GameState, trade: Trade, changed: RuleError) -> RuleError:
    """An agreed trade gone out of date, named: why, as each side reads it on their own phone."""
    return changed.reworded(
        lambda why: Text(
            "The agreed trade between %(proposer)s and %(partner)s is out of date: %(why)s",
            proposer=state.name_of(trade.proposer),
            partner=state.name_of(trade.partner),
            why=why,
        ),
        lambda you, why: Text(
            "Your agreed trade with %(player)s is out of date. %(why)s",
            player=state.name_of(trade.partner if you == trade.proposer else trade.proposer),
            why=why,
        ),
    )


@dataclass(frozen=True)
class CompleteAgreedTrades(Command):
    """The debtor's agreed trades go through together, once with the cash raised meanwhile
    (mortgages, buildings sold) they clear the debt."""

    type = "complete_agreed_trades"
    player: int

    def decide(self, state: GameState, now: float) -> list[Event]:
        player = state.active_player(self.player)
        require(
            bool(agreed_trades(state, player.id)),
            Text("%(player)s has no agreed trades waiting.", player=player.name),
            (player.id, Text("You have no agreed trades waiting.")),
        )
        events, after = _all_agreed(state, player.id)
        figures = {
            "cash": state.money(after.player(player.id).cash),
            "owed": state.money(owed(after, player.id)),
        }
        require(
            after.player(player.id).cash >= owed(after, player.id),
            Text(
                "Together the agreed trades would leave %(player)s %(cash)s for the %(owed)s owed: "
                "raise the rest first, or agree another trade.",
                player=player.name,
                **figures,
            ),
            (
                player.id,
                Text(
                    "Together the agreed trades would leave you %(cash)s for the %(owed)s owed: "
                    "raise the rest first, or agree another trade.",
                    **figures,
                ),
            ),
        )
        return events


def _addressed(state: GameState, trade_id: int, player: int, answer: str) -> Trade:
    trade = open_trade(state, trade_id)
    names = {"proposer": state.name_of(trade.proposer), "partner": state.name_of(trade.partner)}
    partner = names["partner"]
    them, you = (
        (
            Text("This offer from %(proposer)s is for %(partner)s: only they can accept it.", **names),
            Text("Your offer is for %(partner)s: only they can accept it.", partner=partner),
        )
        if answer == "accept"
        else (
            Text("This offer from %(proposer)s is for %(partner)s: only they can decline it.", **names),
            Text("Your offer is for %(partner)s: only they can decline it.", partner=partner),
        )
    )
    require(player == trade.partner, them, (trade.proposer, you))
    return trade


@dataclass(frozen=True)
class DeclineTrade(Command):
    type = "decline_trade"
    player: int
    trade: int

    def decide(self, state: GameState, now: float) -> list[Event]:
        trade = _addressed(state, self.trade, self.player, "decline")
        return [TradeDeclined(trade=trade.id, proposer=trade.proposer, partner=trade.partner)]


@dataclass(frozen=True)
class CancelTrade(Command):
    """The proposer withdraws an offer not yet answered."""

    type = "cancel_trade"
    player: int
    trade: int

    def decide(self, state: GameState, now: float) -> list[Event]:
        trade = open_trade(state, self.trade)
        require(
            self.player == trade.proposer,
            Text(
                "Only %(player)s, who made this offer, can withdraw it.", player=state.name_of(trade.proposer)
            ),
        )
        return [TradeCancelled(trade=trade.id, proposer=trade.proposer, partner=trade.partner)]
