"""Bankruptcy: a debtor who cannot raise what they owe leaves the game.

To a player (every open debt is owed to that one player): the buildings go back to the bank at
half price (at their cost where debts are paid with property, see property_payment.py), then all
the cash, the deeds and the Get Out of Jail Free cards go to the creditor. The bankruptcy that ends
the short game hands the buildings over too, standing as they are (`final_bankruptcy_keeps_buildings`,
003: "The player who became bankrupt, transfers to his creditor (bank or another player) everything
that owns, including buildings"), and the tally counts them at cost. For each mortgaged deed
received the creditor then chooses (`settle_mortgage`): pay the 10% fee and keep it mortgaged, or
lift the mortgage now (value + 10%).

To the bank (a debt to the bank or to the Free Parking pot, or debts to several players at once,
as "pay each player $50" leaves): the cash and the buildings go to the bank, the Get Out of Jail
Free cards back under their decks, and the deeds, unmortgaged, are auctioned one after another in
board order from GO (with auctions off they simply return to the bank; in a market game they go
under the deed deck, in board order, and fill any empty places in the market).

Nobody is bankrupt while they owe the jail fine and hold a Get Out of Jail Free card, which settles
it (jail.py). Bankrupt on the jail fine, under the JMA rules the player owed for the space the
piece landed on may pay the fine and take the deeds (`PayFineTakeDeeds`).

Debts owed to the bankrupt player go to a player creditor with the cash (that creditor's own is
forgiven), and to the bank are forgiven; their open trades lapse. They keep watching.
When one player is left the game ends, and that player wins.
"""

from __future__ import annotations

from dataclasses import dataclass, replace
from typing import ClassVar

from banker.rules.auctions import AuctionsQueued, next_in_line
from banker.rules.base import Command, Event, require
from banker.rules.buildings import BuildingsChanged
from banker.rules.debts import building_value, heir, owed, raisable, require_no_debt, ways_to_raise
from banker.rules.deeds import refilled
from banker.rules.errors import RuleError
from banker.rules.jail import card_settles_the_fine
from banker.rules.money import Paid, charge, payment
from banker.rules.mortgages import MORTGAGE_CHOICES, keep_fee_reason, received_mortgaged
from banker.rules.payable import can_pay
from banker.rules.state import BANK, GameState, Player
from banker.rules.tally import building_cost
from banker.rules.text import ITEMS, Parts, Plural, Text, listing


@dataclass(frozen=True)
class DeedsHandedOver(Event):
    """The bankrupt player's deeds go to the creditor as they are, or back to the bank
    unmortgaged; a creditor owes a choice on each mortgaged one."""

    type = "deeds_handed_over"
    player: int
    to: int
    deeds: tuple[int, ...]
    # the buildings handed over standing on them (the short game's last bankruptcy); None: none
    houses: int | None = None
    hotels: int | None = None

    def apply(self, state: GameState) -> GameState:
        # a choice the bankrupt player still owed goes with the deed (to the creditor, or unmortgaged)
        choices = [c for c in state.mortgage_choices if c[0] != self.player]
        for position in self.deeds:
            if self.to == BANK:
                state = state.with_holding(position, owner=BANK, mortgaged=False)
            else:
                if state.holding(position).mortgaged:
                    choices.append((self.to, position))
                state = state.with_holding(position, owner=self.to)
        state = replace(state, mortgage_choices=tuple(choices))
        if self.to == BANK and state.rules.market_size:
            state = refilled(replace(state, deck=(*state.deck, *self.deeds)))
        return state

    def describe(self, state: GameState) -> Text:
        names = Parts([state.deed(p).name for p in self.deeds], ITEMS)
        if self.to == BANK:
            return Text(
                "%(player)s's deeds go back to the bank: %(deeds)s",
                player=state.name_of(self.player),
                deeds=names,
            )
        if self.houses or self.hotels:  # not sold to the bank at half, as a bankruptcy's are
            standing = [Plural("%(n)s house", "%(n)s houses", self.houses)] if self.houses else []
            standing += [Plural("%(n)s hotel", "%(n)s hotels", self.hotels)] if self.hotels else []
            return Text(
                "%(to)s takes over %(player)s's deeds with the %(buildings)s standing on them: %(deeds)s",
                to=state.name_of(self.to),
                player=state.name_of(self.player),
                buildings=listing(standing),
                deeds=names,
            )
        return Text(
            "%(to)s takes over %(player)s's deeds: %(deeds)s",
            to=state.name_of(self.to),
            player=state.name_of(self.player),
            deeds=names,
        )


@dataclass(frozen=True)
class ClaimsHandedOver(Event):
    """What other players owe the bankrupt player is owed to the player creditor now, as the cash
    is (under the JMA rules a claim counts as cash, 002); the creditor's own debt is forgiven."""

    type = "claims_handed_over"
    player: int
    to: int
    claims: tuple[tuple[int, int], ...]  # (debtor, amount) as owed to the player, for the history

    def apply(self, state: GameState) -> GameState:
        debts = [replace(d, creditor=self.to) if d.creditor == self.player else d for d in state.debts]
        return replace(state, debts=tuple(d for d in debts if d.debtor != d.creditor))

    def describe(self, state: GameState) -> Text:
        return Text(
            "%(to)s takes over what is owed to %(player)s: %(claims)s",
            to=state.name_of(self.to),
            player=state.name_of(self.player),
            claims=Parts(
                (f"{state.name_of(debtor)} {state.money(amount)}" for debtor, amount in self.claims), ITEMS
            ),
        )


@dataclass(frozen=True)
class JailCardsHandedOver(Event):
    """To a creditor, or (to the bank) back under their decks."""

    type = "jail_cards_handed_over"
    player: int
    to: int

    def apply(self, state: GameState) -> GameState:
        cards = state.player(self.player).jail_cards
        state = state.with_player(self.player, jail_cards=())
        if self.to != BANK:
            state = state.with_player(self.to, jail_cards=(*state.player(self.to).jail_cards, *cards))
        return state

    def describe(self, state: GameState) -> Text:
        if self.to == BANK:
            return Text(
                "%(player)s's Get Out of Jail Free cards go back under their decks",
                player=state.name_of(self.player),
            )
        return Text(
            "%(to)s takes %(player)s's Get Out of Jail Free cards",
            to=state.name_of(self.to),
            player=state.name_of(self.player),
        )


@dataclass(frozen=True)
class WentBankrupt(Event):
    type = "went_bankrupt"
    is_news = True
    cash_reason: ClassVar[Text] = Text("bankruptcy")  # why the cash goes to the creditor
    # it hands a player's cash and deeds to others and may end the game
    take_back_refusal = Text(
        "A bankruptcy cannot be taken back from a player's phone; the banker can undo it."
    )
    player: int
    creditor: int

    def apply(self, state: GameState) -> GameState:
        gone = self.player
        place = sum(not p.bankrupt for p in state.players)
        shared = [(d.card_draw, d.cash_then, place) for d in state.debts_of(gone) if d.card_draw is not None]
        card_bankruptcy = shared[0] if shared else None
        state = state.with_player(
            gone,
            bankrupt=True,
            in_jail=False,
            place=place,
            out_of=len(state.players),
            card_bankruptcy=card_bankruptcy,
            hand=(),
        )
        return replace(
            state,
            debts=tuple(d for d in state.debts if gone not in (d.debtor, d.creditor)),
            trades=tuple(t for t in state.trades if gone not in (t.proposer, t.partner)),
        )

    def describe(self, state: GameState) -> Text:
        if self.creditor == BANK:
            return Text(
                "%(player)s is bankrupt to the bank and out of the game", player=state.name_of(self.player)
            )
        return Text(
            "%(player)s is bankrupt to %(creditor)s and out of the game",
            player=state.name_of(self.player),
            creditor=state.name_of(self.creditor),
        )

    def describe_to(self, state: GameState, you: int) -> Text:
        return Text("You are bankrupt and out of the game") if you == self.player else self.describe(state)


@dataclass(frozen=True)
class RankedByCash(Event):
    """Players bankrupted by one card that took from every player share the places they fill,
    the one with more cash when it was drawn above (JMA rules, 特殊な破産-2), the same cash sharing
    the higher place, as equal tallies share a rank; `players` best first, the same cash in the
    order they declared; `cash` what each had then."""

    type = "ranked_by_cash"
    players: tuple[int, ...]
    cash: tuple[int, ...]

    def apply(self, state: GameState) -> GameState:
        filled = sorted(state.player(p).card_bankruptcy[2] for p in self.players)  # type: ignore[index]
        for player, cash in zip(self.players, self.cash, strict=True):
            state = state.with_player(player, place=filled[self.cash.index(cash)])
        return state

    def describe(self, state: GameState) -> Text:
        each = zip(self.players, self.cash, strict=True)
        cash = Parts((f"{state.name_of(p)} {state.money(c)}" for p, c in each), ITEMS)
        return Text(
            "Bankrupt on the same card, ranked by the cash each had when it was drawn: %(cash)s", cash=cash
        )


def ranked_by_cash(state: GameState, gone: int) -> list[RankedByCash]:
    """Who `gone` (just out) went bankrupt with on one card, ranked (`state` after their bankruptcy)."""
    shared = state.player(gone).card_bankruptcy
    if shared is None:
        return []
    draw = shared[0]
    group = [p for p in state.players if p.card_bankruptcy is not None and p.card_bankruptcy[0] == draw]
    if len(group) < 2:
        return []
    ranked = sorted(((p.card_bankruptcy[1], p.place, p.id) for p in group), key=lambda r: (-r[0], r[1]))
    return [RankedByCash(players=tuple(r[2] for r in ranked), cash=tuple(r[0] for r in ranked))]


@dataclass(frozen=True)
class GameWon(Event):
    type = "game_won"
    is_news = True
    player: int

    def apply(self, state: GameState) -> GameState:
        return replace(state, ended=True, winner=self.player, auction=None, auction_queue=())

    def describe(self, state: GameState) -> Text:
        return Text(
            "%(player)s is the last player standing and wins the game!", player=state.name_of(self.player)
        )


@dataclass(frozen=True)
class MortgageChoiceMade(Event):
    type = "mortgage_choice_made"
    between_turns = True
    player: int
    deed: int

    def apply(self, state: GameState) -> GameState:
        left = tuple(c for c in state.mortgage_choices if c != (self.player, self.deed))
        return replace(state, mortgage_choices=left)

    def describe(self, state: GameState) -> Text:
        return Text(
            "%(player)s has settled the mortgage on %(deed)s",
            player=state.name_of(self.player),
            deed=state.deed(self.deed).name,
        )


@dataclass(frozen=True)
class DeclareBankruptcy(Command):
    type = "declare_bankruptcy"
    player: int

    def refused_to_players(self, state: GameState) -> Text | None:
        """Under the JMA rules a debtor in temporary bankruptcy may not choose bankruptcy (002,
        仮破産: 「自ら破産を選択することはできません」): they must make a trade that clears the
        debt, and when no one offers one the banker rules them bankrupt."""
        if not (state.rules.temporary_bankruptcy and state.rules.trading):
            return None
        return Text(
            "Under the tournament rules a player who cannot pay may not choose bankruptcy: make a trade "
            "that clears the debt. When no one will, the banker declares it."
        )

    def decide(self, state: GameState, now: float) -> list[Event]:
        player = state.active_player(self.player)
        total = owed(state, player.id)
        require(
            total > 0,
            Text("%(player)s owes nothing: there is no bankruptcy to declare.", player=player.name),
            (player.id, Text("You owe nothing: there is no bankruptcy to declare.")),
        )
        require(
            not card_settles_the_fine(state, player.id),
            Text(
                "%(player)s holds a Get Out of Jail Free card: it settles the jail fine, so use it first.",
                player=player.name,
            ),
            (
                player.id,
                Text("You hold a Get Out of Jail Free card: it settles the jail fine, so use it first."),
            ),
        )
        require(not can_pay(state, player.id), *_still_payable(state, player, total))
        return hand_over(state, player.id, heir(state, player.id), now)


def _still_payable(state: GameState, player: Player, total: int) -> tuple[Text, tuple[int, Text]]:
    """Why a debtor who could still pay may not declare bankruptcy, and the words for their phone."""
    raising = raisable(state, player.id)
    figures = {"owed": state.money(total)}
    if raising == player.cash < total:  # only handing deeds over pays it (Monopoly 2.0)
        them = Text(
            "%(player)s could still pay the %(owed)s owed with cash and deeds: pay with property first.",
            player=player.name,
            **figures,
        )
        you = Text(
            "You could still pay the %(owed)s owed with cash and deeds: pay with property first.", **figures
        )
    elif raising < total:  # deeds handed over and money raised pay it together
        them = Text(
            "%(player)s could still pay the %(owed)s owed: hand over deeds (pay with property), "
            "sell buildings or mortgage first.",
            player=player.name,
            **figures,
        )
        you = Text(
            "You could still pay the %(owed)s owed: hand over deeds (pay with property), "
            "sell buildings or mortgage first.",
            **figures,
        )
    elif player.cash >= total:
        figures["cash"] = state.money(player.cash)
        them = Text(
            "%(player)s has %(cash)s, enough to pay the %(owed)s owed: pay it instead.",
            player=player.name,
            **figures,
        )
        you = Text("You have %(cash)s, enough to pay the %(owed)s owed: pay it instead.", **figures)
    else:
        figures |= {"could": state.money(raising), "ways": ways_to_raise(state, player.id)}
        them = Text(
            "%(player)s could still raise %(could)s towards the %(owed)s owed: %(ways)s first.",
            player=player.name,
            **figures,
        )
        you = Text("You could still raise %(could)s towards the %(owed)s owed: %(ways)s first.", **figures)
    return them, (player.id, you)


@dataclass(frozen=True)
class PayFineTakeDeeds(Command):
    """Bankrupt on the jail fine (the `jail_fine_rescue` option; 001: 「出所後に止まったマスに家や
    権利書を持つ債権者は、出所料$50による負債を銀行に支払うことで破産したプレイヤーの権利書を入手
    できる」): the player the debtor owes for the space the piece landed on, and no one else, pays
    the fine and takes the deeds as they are (a mortgaged one with its keep-or-lift choice); the
    rest goes as in a bankruptcy to the bank, which the fine makes it (the cash to the bank, the
    buildings sold, the cards under their decks)."""

    type = "pay_fine_take_deeds"
    spends = True
    player: int
    debtor: int

    def decide(self, state: GameState, now: float) -> list[Event]:
        require(
            state.rules.jail_fine_rescue,
            Text(
                "In this game a player bankrupt on the jail fine is bankrupt to the bank: "
                "nobody pays the fine for the deeds."
            ),
        )
        creditor = state.active_player(self.player)
        debtor = state.active_player(self.debtor)
        fine = next((d for d in state.debts_of(debtor.id) if d.jail_fine), None)
        require(fine is not None, Text("%(debtor)s owes no jail fine.", debtor=debtor.name))
        assert fine is not None
        require(
            {d.creditor for d in state.debts_of(debtor.id) if not d.jail_fine} == {creditor.id},
            Text(
                "Only the player %(debtor)s owes for the space the piece landed on may pay the jail fine "
                "and take the deeds.",
                debtor=debtor.name,
            ),
        )
        require(
            not card_settles_the_fine(state, debtor.id),
            Text(
                "%(debtor)s holds a Get Out of Jail Free card, which settles the jail fine: nobody pays it "
                "for the deeds.",
                debtor=debtor.name,
            ),
        )
        total, could = owed(state, debtor.id), raisable(state, debtor.id)
        require(
            could < total,
            Text(
                "%(debtor)s could still raise %(could)s towards the %(owed)s owed: not bankrupt yet.",
                debtor=debtor.name,
                could=state.money(could),
                owed=state.money(total),
            ),
        )
        reason = Text("%(player)s's jail fine, for the deeds", player=debtor.name)
        paid = payment(state, creditor.id, fine.creditor, fine.amount, reason)
        return [paid, *hand_over(paid.apply(state), debtor.id, BANK, now, deeds_to=creditor.id)]


def fine_takers(state: GameState) -> tuple[tuple[int, int], ...]:
    """(creditor, debtor) for each player bankrupt on the jail fine whose deeds the creditor may
    take by paying it now (`PayFineTakeDeeds`)."""
    pairs = []
    for debt in state.debts:
        others = {d.creditor for d in state.debts_of(debt.debtor) if not d.jail_fine}
        if debt.jail_fine and len(others) == 1:
            creditor = others.pop()
            try:
                require_no_debt(state, creditor)
                PayFineTakeDeeds(player=creditor, debtor=debt.debtor).decide(state, 0.0)
            except RuleError:
                continue
            pairs.append((creditor, debt.debtor))
    return tuple(pairs)


def hand_over(
    state: GameState,
    player_id: int,
    creditor: int,
    now: float,
    deeds_to: int | None = None,
    leaving: WentBankrupt | None = None,
) -> list[Event]:
    """Everything the bankrupt player has goes to `creditor` (a player, or BANK) as the module
    says; `deeds_to`: the player who takes the deeds of a bankruptcy to the bank instead of the
    auction (the jail fine paid for them); `leaving` is how they leave (a resignation,
    seating.py), else bankrupt to `creditor`."""
    deeds_to = creditor if deeds_to is None else deeds_to
    player = state.player(player_id)
    deeds = tuple(sorted(p for p, h in state.holdings.items() if h.owner == player_id))
    went = leaving or WentBankrupt(player=player_id, creditor=creditor)
    left = [p for p in state.players if not p.bankrupt and p.id != player_id]
    standing = (
        deeds_to != BANK
        and state.rules.final_bankruptcy_keeps_buildings
        and _ends(state, left, bankruptcy=leaving is None)
    )
    events: list[Event] = []
    refund = 0
    at_cost = state.rules.pay_with_property  # handed over as in a payment with property, at cost
    for position in deeds:
        holding = state.holding(position)
        if (holding.houses or holding.hotel) and not standing:
            refund += building_cost(state, position) if at_cost else building_value(state, position)
            events.append(BuildingsChanged(deed=position, houses=0, hotel=False))
    cash = player.cash
    if creditor != BANK and refund:  # to the bank, the bank would only pay itself
        reason = (
            Text("buildings handed over in a payment, exchanged with the bank")
            if at_cost
            else Text("buildings sold to the bank")
        )
        events.append(Paid(payer=BANK, payee=player_id, amount=refund, reason=reason))
        cash += refund
    if cash:
        events.append(Paid(payer=player_id, payee=creditor, amount=cash, reason=went.cash_reason))
    if deeds:
        houses = sum(state.holding(p).houses for p in deeds) if standing else 0
        hotels = sum(state.holding(p).hotel for p in deeds) if standing else 0
        events.append(
            DeedsHandedOver(player_id, deeds_to, deeds, houses=houses or None, hotels=hotels or None)
        )
    if player.jail_cards:  # with cards in hand (004) a card has no value: none goes to a creditor
        events.append(JailCardsHandedOver(player=player_id, to=BANK if state.rules.card_hands else creditor))
    claims = tuple((d.debtor, d.amount) for d in state.debts if d.creditor == player_id)
    if creditor != BANK and claims:
        events.append(ClaimsHandedOver(player=player_id, to=creditor, claims=claims))
    events += [went, *ranked_by_cash(went.apply(state), player_id)]
    if len(left) == 1:
        return [*events, GameWon(player=left[0].id)]
    if deeds_to == BANK and deeds and state.rules.auctions:
        events += _auction_in_turn(state, deeds, now)
    return events


def _ends(state: GameState, left: list[Player], bankruptcy: bool) -> bool:
    """Whether a player leaving (by `bankruptcy`, or resigning) ends the game: one player is left
    standing, or it is the bankruptcy the rules end at (endings.py: a resignation is none)."""
    gone = sum(p.bankrupt and not p.resigned for p in state.players) + bankruptcy
    return len(left) == 1 or 0 < state.rules.end_at_bankruptcies <= gone


def _auction_in_turn(state: GameState, deeds: tuple[int, ...], now: float) -> list[Event]:
    queued = AuctionsQueued(deeds=deeds)
    return [queued] if state.auction is not None else [queued, *next_in_line(queued.apply(state), now)]


@dataclass(frozen=True)
class SettleMortgage(Command):
    """The new owner of a mortgaged deed from a bankruptcy or a Fortune deal: "keep" pays the 10%
    fee (owed as a debt if the cash is short), "lift" pays value + 10% and lifts the mortgage."""

    type = "settle_mortgage"
    player: int
    deed: int
    choice: str = "keep"

    def decide(self, state: GameState, now: float) -> list[Event]:
        deed = state.deed(self.deed)
        player = state.active_player(self.player)
        require(
            (player.id, self.deed) in state.mortgage_choices and state.holding(self.deed).owner == player.id,
            Text("%(player)s has no choice to make on %(deed)s.", player=player.name, deed=deed.name),
            (player.id, Text("You have no choice to make on %(deed)s.", deed=deed.name)),
        )
        require(
            self.choice in MORTGAGE_CHOICES,
            Text("For %(deed)s, choose keep (pay the 10%% fee) or lift.", deed=deed.name),
        )
        if self.choice == "keep":
            fee = charge(state, player.id, BANK, deed.transfer_fee, keep_fee_reason(deed))
            return [fee, MortgageChoiceMade(player=player.id, deed=self.deed)]
        return [
            *received_mortgaged(state, player.id, self.deed, "lift"),
            MortgageChoiceMade(player.id, self.deed),
        ]
