"""What a player who owes money sees: how much, to whom, and every way to raise it with the
amount each brings; Pay once the cash covers it, bankruptcy only when nothing else can. A jail
fine owed is settled with a Get Out of Jail Free card held, which comes before any bankruptcy. Under
the JMA rules it says which trades are open, and a jail fine that bankrupts its debtor offers the
player they owe for the landing the deeds for the fine (on that player's phone, `fines_to_take`)."""

from __future__ import annotations

from dataclasses import dataclass

from banker.rules import GameState, Player
from banker.rules.bankruptcy import DeclareBankruptcy, fine_takers
from banker.rules.debts import owed, property_creditors
from banker.rules.jail import card_settles_the_fine
from banker.rules.money import with_reason
from banker.rules.payable import can_pay
from banker.rules.text import Text
from banker.web.panels.offers import Offer, offer, ways_to_raise


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


def debt_panel(state: GameState, player: Player) -> DebtPanel | None:
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
            Text("Declare bankruptcy"), {"type": "declare_bankruptcy", "player": player.id}, None, "danger"
        )
    short = max(0, total - player.cash)
    trades_note = ""
    if short and state.rules.temporary_bankruptcy and state.rules.trading:
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


TEMPLATE_GLOBALS = {
    "debt_panel": debt_panel,
    "creditor_lines": creditor_lines,
    "fines_to_take": fines_to_take,
}
