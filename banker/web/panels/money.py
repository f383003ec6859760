"""What a player who owes money sees: how much, to whom, and every way to raise it with the
amount each brings; Pay once the cash covers it, bankruptcy only when nothing else can. A jail
fine owed is settled with a Get Out of Jail Free card held, which comes before any bankruptcy. Under
the JMA rules it says which trades are open, and a jail fine that bankrupts its debtor offers the
player they owe for the landing the deeds for the fine (on that player's phone, `fines_to_take`).

Paying a debt with property (Monopoly 2.0, see rules/property_payment.py): the screen the debt
panel opens, each deed with what it pays (its printed price, and what the buildings of its group
that go with it cost), the running total with the cash part, and one confirm. Each tick fetches
the screen again with the new total (no script): the rules work out every amount.

Where a player stands shows beside it (`standing`): the game's end and its final turn, a player
out, and the mortgaged deeds a player received, each to keep mortgaged or lift."""

from __future__ import annotations

from dataclasses import dataclass

from banker.rules import BANK, GameState, Player
from banker.rules.bankruptcy import DeclareBankruptcy, fine_takers
from banker.rules.board import Deed
from banker.rules.buildings import level
from banker.rules.debt_trades import promised
from banker.rules.debts import claims, owed, owes_purchase, property_creditors, property_value
from banker.rules.jail import card_settles_the_fine
from banker.rules.money import with_reason
from banker.rules.payable import can_pay
from banker.rules.text import Text
from banker.web.panels import Region, players_shown
from banker.web.panels.offers import Confirm, Offer, offer


@dataclass(frozen=True)
class DebtPanel:
    player: Player
    owed: int
    short: int  # what is still to raise; 0 when the cash covers it
    lines: tuple[str, ...]  # "Ann $2,000 (rent for Boardwalk with a hotel)"
    pay: Offer
    jail_card: Offer | None  # a Get Out of Jail Free card held settles the jail fine owed
    raise_money: tuple[Offer, ...]  # sell a building, mortgage a deed
    with_property: bool  # deeds may pay it (Monopoly 2.0): the screen to choose them is offered
    bankrupt: Offer | None  # offered only when everything raisable is not enough
    bankrupt_by_banker: str  # why only the bank screen offers it (JMA): said on the player's phone
    trades_note: str  # under the JMA temporary bankruptcy: which trades are open
    fine_taker: Offer | None  # the creditor who may pay the jail fine and take the deeds (JMA)


def debt_panel(state: GameState, player: Player, yours: bool = False) -> DebtPanel | None:
    """What `player` owes and the ways out, as their own phone (`yours`) or the bank reads it."""
    debts = state.debts_of(player.id)
    if not debts or player.bankrupt:
        return None
    total = owed(state, player.id)
    lines = tuple(
        with_reason(
            Text("%(creditor)s %(amount)s", creditor=state.name_of(d.creditor), amount=state.money(d.amount)),
            d.reason,
        )
        for d in debts
    )
    pay = offer(
        state,
        {"type": "pay_debt", "player": player.id},
        Text("Pay %(amount)s", amount=state.money(total)),
        "primary",
        with_amount=False,
    )
    jail_card = None
    if card_settles_the_fine(state, player.id):
        card = {"type": "use_jail_card", "player": player.id}
        jail_card = offer(state, card, Text("Settle the jail fine with Get Out of Jail Free"), "primary")
    bankrupt = None
    if not (jail_card or can_pay(state, player.id)):
        bankrupt = Offer(
            Text("Declare bankruptcy"),
            {"type": "declare_bankruptcy", "player": player.id},
            None,
            "danger",
            confirm=bankruptcy_confirm(state, player, yours),
        )
    short = max(0, total - player.cash)
    trades_note = ""
    if short and state.rules.temporary_bankruptcy and state.rules.trading:
        if owes_purchase(state, player.id):
            trades_note = Text("Tournament rules: a purchase is paid in cash, raised without trading.")
        else:
            trades_note = Text(
                "Tournament rules: trade only to clear this debt, with one player or several at once; "
                "no one else trades meanwhile."
            )

    takers = [creditor for creditor, debtor in fine_takers(state) if debtor == player.id]
    return DebtPanel(
        player=player,
        owed=total,
        short=short,
        lines=lines,
        pay=pay,
        jail_card=jail_card,
        raise_money=ways_to_raise(state, player),
        with_property=state.rules.pay_with_property
        and bool(property_creditors(state, player.id))
        and any(h.owner == player.id and not h.mortgaged for h in state.holdings.values()),
        bankrupt=bankrupt,
        bankrupt_by_banker=DeclareBankruptcy(player.id).refused_to_players(state) or "",
        trades_note=trades_note,
        fine_taker=fine_offer(state, takers[0], player) if takers else None,
    )


def bankruptcy_confirm(state: GameState, player: Player, yours: bool = False) -> Confirm:
    """The sheet before a bankruptcy, naming who takes what the debtor has; on the debtor's own
    phone (`yours`) in the first person ("Declare Ann bankrupt" read as making her bankrupt)."""
    creditors = {d.creditor for d in state.debts_of(player.id)}
    (creditor,) = creditors if len(creditors) == 1 else (None,)
    if yours:
        question = Text("Everything you have goes to the creditors. Only the banker can undo it.")
        if creditor is None:
            return Confirm(question, Text("Declare bankruptcy to the creditors"))
        if creditor == BANK:
            return Confirm(question, Text("Declare bankruptcy to the bank"))
        return Confirm(question, Text("Declare bankruptcy to %(creditor)s", creditor=state.name_of(creditor)))
    question = Text(
        "Everything %(player)s has goes to the creditors. Only the banker can undo it.", player=player.name
    )
    if creditor is None:
        return Confirm(question, Text("Declare %(player)s bankrupt to the creditors", player=player.name))
    if creditor == BANK:
        return Confirm(question, Text("Declare %(player)s bankrupt to the bank", player=player.name))
    to = Text(
        "Declare %(player)s bankrupt to %(creditor)s", player=player.name, creditor=state.name_of(creditor)
    )
    return Confirm(question, to)


def fine_offer(state: GameState, creditor: int, debtor: Player, yours: bool = False) -> Offer:
    """The creditor's button: pay the debtor's jail fine and take their deeds; `yours` words it
    for the creditor's own phone."""
    fine = state.money(next(d.amount for d in state.debts_of(debtor.id) if d.jail_fine))
    payload = {"type": "pay_fine_take_deeds", "player": creditor, "debtor": debtor.id}
    if yours:
        label = Text("Pay %(debtor)s's %(fine)s jail fine, take the deeds", debtor=debtor.name, fine=fine)
    else:
        label = Text(
            "%(creditor)s pays %(debtor)s's %(fine)s jail fine, takes the deeds",
            creditor=state.name_of(creditor),
            debtor=debtor.name,
            fine=fine,
        )
    return offer(state, payload, label, "primary", with_amount=False)


def fines_to_take(state: GameState, player: Player) -> tuple[Offer, ...]:
    """The offers to `player` to pay a jail fine that bankrupts its debtor and take the deeds."""
    return tuple(
        fine_offer(state, creditor, state.player(debtor), yours=True)
        for creditor, debtor in fine_takers(state)
        if creditor == player.id
    )


def creditor_lines(state: GameState, player: Player) -> tuple[str, ...]:
    """What others owe this player: "Cat owes you $2,000"."""
    return tuple(
        Text("%(player)s owes you %(amount)s", player=state.name_of(d.debtor), amount=state.money(d.amount))
        for d in state.debts
        if d.creditor == player.id
    )


@dataclass(frozen=True)
class DeedChoice:
    deed: Deed
    buildings: int  # what the buildings of its group that go with it cost
    checked: bool


@dataclass(frozen=True)
class PropertyPayment:
    player: Player
    to: int  # the creditor the deeds go to
    creditors: tuple[tuple[int, str], ...]  # (party, name) of each creditor, to choose from
    choices: tuple[DeedChoice, ...]
    summary: str  # "Deeds and buildings $160 of the $1,400 owed: $1,240 in cash."
    confirm: Offer


def property_payment(
    state: GameState, player: Player, chosen: list[int], to: int | None
) -> PropertyPayment | None:
    """The screen for `player` with the deeds at `chosen` ticked, paying creditor `to` (the first
    one when not theirs); None where debts are paid in cash or nothing is owed that deeds may pay."""
    creditors = property_creditors(state, player.id)
    if not state.rules.pay_with_property or not creditors or player.bankrupt:
        return None
    to = to if to in creditors else creditors[0]
    owned = [
        deed
        for deed in state.edition.deeds
        if state.holding(deed.position).owner == player.id and not state.holding(deed.position).mortgaged
    ]
    ticked = tuple(deed.position for deed in owned if deed.position in chosen)
    deeds, buildings = property_value(state, ticked)
    owed = claims(state, to)[player.id]
    money = state.money
    if deeds + buildings >= owed:
        summary = Text(
            "Deeds and buildings: %(value)s of the %(owed)s owed. No cash, and no change.",
            value=money(deeds + buildings),
            owed=money(owed),
        )
    else:
        summary = Text(
            "Deeds and buildings: %(value)s of the %(owed)s owed. The other %(cash)s in cash.",
            value=money(deeds + buildings),
            owed=money(owed),
            cash=money(owed - deeds - buildings),
        )
    payload = {
        "type": "pay_with_property",
        "player": player.id,
        "deeds": ",".join(map(str, ticked)),
        "to": to,
    }
    label = Text("Pay with these deeds")
    confirm = (
        offer(state, payload, label, "primary")
        if ticked
        else Offer(label, payload, Text("Tick the deeds to hand over."), "primary")
    )
    choices = tuple(
        DeedChoice(deed, property_value(state, (deed.position,))[1], deed.position in ticked)
        for deed in owned
    )
    named = tuple((creditor, state.name_of(creditor)) for creditor in creditors)
    return PropertyPayment(player, to, named, choices, summary, confirm)


def ways_to_raise(state: GameState, player: Player, then_space: int | None = None) -> tuple[Offer, ...]:
    """Each building that may be sold now (evenly) and each deed that may be mortgaged now, with
    what it brings; `then_space` is the space whose sheet opens again once it is done."""
    ways = []
    back = {} if then_space is None else {"then_space": then_space}
    agreed = promised(state)
    for deed in state.edition.deeds:
        holding = state.holding(deed.position)
        if holding.owner != player.id or deed.position in agreed:
            continue
        if level(state, deed.position):
            sell = (
                Text("Sell the hotel on %(deed)s", deed=deed.name)
                if holding.hotel
                else Text("Sell a house on %(deed)s", deed=deed.name)
            )
            ways.append(offer(state, {"type": "sell_building", "deed": deed.position, **back}, sell))
        elif not holding.mortgaged:
            mortgage = Text("Mortgage %(deed)s", deed=deed.name)
            ways.append(offer(state, {"type": "mortgage", "deed": deed.position, **back}, mortgage))
    return tuple(way for way in ways if way.refused is None)


def settle_offer(state: GameState, player_id: int, position: int, choice: str) -> Offer:
    """Keep a mortgaged deed received in a bankruptcy (10% fee) or lift its mortgage now."""
    payload = {"type": "settle_mortgage", "player": player_id, "deed": position, "choice": choice}
    label = Text("Keep it mortgaged") if choice == "keep" else Text("Lift the mortgage now")
    return offer(state, payload, label, "primary" if choice == "keep" else "")


def _standing(state: GameState, you: int | None) -> tuple:
    # keeping or lifting a mortgage received turns on the new owner's cash
    choices = state.mortgage_choices and (state.players, state.debts)
    out = you and (state.player(you).bankrupt, state.player(you).place)
    return (state.ended, state.ending, state.winner, state.mortgage_choices, choices, out)


def _debt(state: GameState, you: int | None) -> tuple:
    owes = state.debts if you is None else tuple(d for d in state.debts if d.debtor == you)
    # the panel says what a debtor has and could raise (a hotel sold back needs the bank's houses),
    # and offers a Get Out of Jail Free card held for a jail fine owed
    raising = owes and (
        tuple((p.cash, p.jail_cards) for p in state.players),
        state.holdings,
        state.houses,
        state.hotels,
    )
    # a jail fine that bankrupts its debtor offers their creditor the deeds (JMA); a deed promised
    # in an agreed trade is not offered for mortgage
    rescue = fine_takers(state) if state.rules.jail_fine_rescue else ()
    return (owes, raising, players_shown(state), rescue, owes and promised(state), state.ended)


REGIONS = (
    Region("standing", ("player", "bank"), "money/_standing.html", _standing),
    Region("debt", ("player", "bank"), "money/_debts.html", _debt),
)
TEMPLATE_GLOBALS = {
    "debt_panel": debt_panel,
    "creditor_lines": creditor_lines,
    "fines_to_take": fines_to_take,
    "settle_offer": settle_offer,
}
