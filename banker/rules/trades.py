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

Whether an offer can be carried out, each side in words and the tournament limits (the
`trade_limits` option): trade_offers.py.
"""

from __future__ import annotations

from dataclasses import dataclass, replace
from typing import Any

from banker.rules.base import PARTY_FIELDS, Command, Event, MortgageChoices, require
from banker.rules.debt_trades import agreed_trades, check_creditor_offer, check_debt_trade
from banker.rules.debts import owed
from banker.rules.errors import RuleError
from banker.rules.jail import settled_by_card
from banker.rules.mortgages import MORTGAGE_CHOICES, received_mortgaged
from banker.rules.state import GameState, Trade, TradeSide
from banker.rules.text import ITEMS, Parts, Text
from banker.rules.trade_offers import check_offer, side_text


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
    after: GameState, player_id: int, choices: dict[int, str], received: tuple[int, ...]
) -> tuple[list[Event], GameState]:
    """The fees (or lifts) the player pays for the mortgaged deeds received, from the cash they
    have once the trade has moved; refused naming the shortfall. Under temporary bankruptcy (the
    JMA rules, 002, 抵当: 「同時に取得した資産をこの支払に充てることができます」) the fees may be
    owed as far as the bare deeds `received` beside them would mortgage for: they are raised so."""
    deeds = {position: after.deed(position) for position in choices}
    costs = {
        p: deed.transfer_fee if choices[p] == "keep" else deed.unmortgage_cost for p, deed in deeds.items()
    }
    player = after.player(player_id)
    short = sum(costs.values()) - player.cash
    if short > 0 and not (
        after.rules.temporary_bankruptcy
        and all(choice == "keep" for choice in choices.values())
        and short <= sum(after.deed(p).mortgage for p in received if not after.holding(p).mortgaged)
    ):
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
        paid, after = _mortgage_payments(after, player, due, received.deeds)
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
