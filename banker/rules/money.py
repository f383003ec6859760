"""Cash moving between players and the bank: salary, taxes, fines, payments.

Two kinds of payment. One the player chooses (buying, building, paying another player a sum
they agreed) is refused when the cash is short: `payment`. One the rules impose (rent, tax, a
card, a fine, an auction won) is never refused for want of cash: `charge` records a debt instead,
which the player pays once they have raised the money, or goes bankrupt over."""

from __future__ import annotations

from dataclasses import dataclass, replace

from banker.rules.base import Amount, Command, Event, require
from banker.rules.errors import RuleError
from banker.rules.state import BANK, Debt, GameState


@dataclass(frozen=True)
class Paid(Event):
    """`amount` moved from `payer` to `payee`; either may be the bank (BANK)."""

    type = "paid"
    payer: int
    payee: int
    amount: int
    reason: str = ""

    def apply(self, state: GameState) -> GameState:
        for party, delta in ((self.payer, -self.amount), (self.payee, self.amount)):
            if party != BANK:
                state = state.with_player(party, cash=state.player(party).cash + delta)
        return state

    def describe(self, state: GameState) -> str:
        amount = state.money(self.amount)
        reason = f" ({self.reason})" if self.reason else ""
        if self.payer == BANK:
            return f"{state.name_of(self.payee)} collected {amount} from the bank{reason}"
        return f"{state.name_of(self.payer)} paid {state.name_of(self.payee)} {amount}{reason}"


@dataclass(frozen=True)
class DebtIncurred(Event):
    """`debtor` could not cover a payment the rules impose; they owe it until it is paid."""

    type = "debt_incurred"
    is_news = True
    debtor: int
    creditor: int
    amount: int
    reason: str = ""

    def apply(self, state: GameState) -> GameState:
        debt = Debt(debtor=self.debtor, creditor=self.creditor, amount=self.amount, reason=self.reason)
        return replace(state, debts=(*state.debts, debt))

    def describe(self, state: GameState) -> str:
        reason = f" ({self.reason})" if self.reason else ""
        return (
            f"{state.name_of(self.debtor)} owes {state.name_of(self.creditor)} "
            f"{state.money(self.amount)}{reason}: not enough cash yet"
        )


def charge(state: GameState, payer: int, payee: int, amount: int, reason: str) -> Event:
    """A payment the rules impose: made now, or owed as a debt when the payer's cash is short."""
    if payer != BANK and state.active_player(payer).cash < amount:
        if payee != BANK:
            state.active_player(payee)
        require(payer != payee, "A player cannot pay themselves.")
        return DebtIncurred(debtor=payer, creditor=payee, amount=amount, reason=reason)
    return payment(state, payer, payee, amount, reason)


def payment(state: GameState, payer: int, payee: int, amount: int, reason: str) -> Paid:
    """A payment both parties can take part in; the payer must have the cash."""
    for party in (payer, payee):
        if party != BANK:
            state.active_player(party)
    require(payer != payee, "A player cannot pay themselves.")
    if payer != BANK:
        require_cash(state, payer, amount)
    return Paid(payer=payer, payee=payee, amount=amount, reason=reason)


def require_cash(state: GameState, player: int, amount: int) -> None:
    """Refuse, naming the shortfall, unless `player` has `amount` in cash."""
    cash = state.player(player).cash
    require(
        cash >= amount,
        f"{state.name_of(player)} has {state.money(cash)} and needs "
        f"{state.money(amount - cash)} more to pay {state.money(amount)}.",
    )


@dataclass(frozen=True)
class PassGo(Command):
    type = "pass_go"
    player: int

    def decide(self, state: GameState, now: float) -> list[Event]:
        return [payment(state, BANK, self.player, state.rules.salary, "Passed GO")]


@dataclass(frozen=True)
class PayBank(Command):
    type = "pay_bank"
    player: int
    amount: Amount
    reason: str = ""

    def decide(self, state: GameState, now: float) -> list[Event]:
        return [charge(state, self.player, BANK, self.amount, self.reason)]


@dataclass(frozen=True)
class CollectFromBank(Command):
    type = "collect_from_bank"
    player: int
    amount: Amount
    reason: str = ""

    def decide(self, state: GameState, now: float) -> list[Event]:
        return [payment(state, BANK, self.player, self.amount, self.reason)]


@dataclass(frozen=True)
class PayPlayer(Command):
    type = "pay_player"
    spends = True
    player: int
    to: int
    amount: Amount
    reason: str = ""

    def decide(self, state: GameState, now: float) -> list[Event]:
        state.player(self.to)
        return [payment(state, self.player, self.to, self.amount, self.reason)]


@dataclass(frozen=True)
class PayTax(Command):
    type = "pay_tax"
    player: int
    space: int

    def decide(self, state: GameState, now: float) -> list[Event]:
        space = state.edition.space_at.get(self.space)
        if space is None or space.type not in ("income_tax", "luxury_tax"):
            where = space.name if space else f"space {self.space}"
            raise RuleError(f"There is no tax to pay on {where}.")
        # The space type names the rule option that holds the amount (rules.income_tax, ...).
        amount = getattr(state.rules, space.type)
        return [charge(state, self.player, BANK, amount, space.name)]
