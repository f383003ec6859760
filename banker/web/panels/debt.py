"""What a player who owes money sees: how much, to whom, and every way to raise it with the
amount each brings; Pay once the cash covers it, bankruptcy only when nothing else can."""

from __future__ import annotations

from dataclasses import dataclass

from banker.rules import GameState, Player
from banker.rules.debts import owed, payable
from banker.rules.money import with_reason
from banker.rules.text import Text
from banker.web.panels.offers import Offer, offer, ways_to_raise


@dataclass(frozen=True)
class DebtPanel:
    player: Player
    owed: int
    short: int  # what is still to raise; 0 when the cash covers it
    lines: tuple[str, ...]  # "Ann $2,000 (rent for Boardwalk with a hotel)"
    pay: Offer
    raise_money: tuple[Offer, ...]  # sell a building, mortgage a deed
    with_property: bool  # deeds may pay it (Monopoly 2.0): the screen to choose them is offered
    bankrupt: Offer | None  # offered only when everything raisable is not enough


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
    bankrupt = None
    if payable(state, player.id) < total:
        bankrupt = Offer(
            Text("Declare bankruptcy"), {"type": "declare_bankruptcy", "player": player.id}, None, "danger"
        )
    return DebtPanel(
        player=player,
        owed=total,
        short=max(0, total - player.cash),
        lines=lines,
        pay=pay,
        raise_money=ways_to_raise(state, player),
        with_property=state.rules.pay_with_property
        and any(h.owner == player.id and not h.mortgaged for h in state.holdings.values()),
        bankrupt=bankrupt,
    )


def creditor_lines(state: GameState, player: Player) -> tuple[str, ...]:
    """What others owe this player: "Cat owes you $2,000"."""
    return tuple(
        Text("%(player)s owes you %(amount)s", player=state.name_of(d.debtor), amount=state.money(d.amount))
        for d in state.debts
        if d.creditor == player.id
    )


TEMPLATE_GLOBALS = {"debt_panel": debt_panel, "creditor_lines": creditor_lines}
