"""Cash moving between players and the bank: salary, taxes, fines, payments.

Two kinds of payment. One the player chooses (buying, building, paying another player a sum
they agreed) is refused when the cash is short: `payment`. One the rules impose (rent, tax, a
card, a fine, an auction won) is never refused for want of cash: `charge` records a debt instead,
which the player pays once they have raised the money, or goes bankrupt over.

With the Free Parking jackpot house rule, taxes go into the pot instead of the bank (`tax_payee`),
and so do the jail fine and card payments unless the pot holds the two taxes only (`fines_payee`,
`jackpot_from`): the pot is a party to payments like the bank, FREE_PARKING.
With `round_to` (Monopoly 2.0: $5) every amount the rules charge or pay is rounded up to it, and
an amount typed in must already be a multiple."""

from __future__ import annotations

from dataclasses import dataclass, replace

from banker.rules.base import Amount, Command, Event, require
from banker.rules.errors import RuleError
from banker.rules.state import BANK, FREE_PARKING, Debt, GameState
from banker.rules.tally import worth
from banker.rules.text import Text

NOT_PLAYERS = (BANK, FREE_PARKING)


@dataclass(frozen=True)
class Paid(Event):
    """`amount` moved from `payer` to `payee`; either may be the bank (BANK)."""

    type = "paid"
    payer: int
    payee: int
    amount: int
    reason: str = ""
    big: bool | None = None  # a big amount typed in by hand (see `typed_in`): every phone is told

    @property
    def is_news(self) -> bool:  # type: ignore[override]
        return bool(self.big)

    def apply(self, state: GameState) -> GameState:
        for party, delta in ((self.payer, -self.amount), (self.payee, self.amount)):
            if party == FREE_PARKING:
                state = replace(state, free_parking=state.free_parking + delta)
            elif party != BANK:
                state = state.with_player(party, cash=state.player(party).cash + delta)
        return state

    def describe(self, state: GameState) -> Text:
        amount = state.money(self.amount)
        if self.payee == FREE_PARKING:
            if self.payer == BANK:
                said = Text("The bank put %(amount)s on Free Parking", amount=amount)
            else:
                payer = state.name_of(self.payer)
                said = Text("%(payer)s paid %(amount)s into the Free Parking pot", payer=payer, amount=amount)
        elif self.payer == FREE_PARKING:
            said = Text(
                "%(payee)s collected %(amount)s from Free Parking",
                payee=state.name_of(self.payee),
                amount=amount,
            )
        elif self.payer == BANK:
            said = Text(
                "%(payee)s collected %(amount)s from the bank", payee=state.name_of(self.payee), amount=amount
            )
        elif self.payee == BANK:  # the bank is no person: its own wording, where names take particles
            said = Text("%(payer)s paid the bank %(amount)s", payer=state.name_of(self.payer), amount=amount)
        else:
            said = Text(
                "%(payer)s paid %(payee)s %(amount)s",
                payer=state.name_of(self.payer),
                payee=state.name_of(self.payee),
                amount=amount,
            )
        return with_reason(said, self.reason)

    def describe_to(self, state: GameState, you: int) -> Text:
        amount = state.money(self.amount)
        if you == self.payer:
            if self.payee == FREE_PARKING:
                said = Text("You paid %(amount)s into the Free Parking pot", amount=amount)
            elif self.payee == BANK:
                said = Text("You paid the bank %(amount)s", amount=amount)
            else:
                said = Text("You paid %(payee)s %(amount)s", payee=state.name_of(self.payee), amount=amount)
        elif you == self.payee:
            if self.payer == FREE_PARKING:
                said = Text("You collected %(amount)s from Free Parking", amount=amount)
            elif self.payer == BANK:
                said = Text("You collected %(amount)s from the bank", amount=amount)
            else:
                said = Text("%(payer)s paid you %(amount)s", payer=state.name_of(self.payer), amount=amount)
        else:
            return self.describe(state)
        return with_reason(said, self.reason)


def with_reason(said: Text, reason: str) -> Text:
    """ "Ann paid Bob $50 (rent for Boardwalk)"; the reason is a Text, or words a player typed."""
    return Text("%(said)s (%(reason)s)", said=said, reason=reason) if reason else said


@dataclass(frozen=True)
class DebtIncurred(Event):
    """`debtor` could not cover a payment the rules impose; they owe it until it is paid."""

    type = "debt_incurred"
    is_news = True
    debtor: int
    creditor: int
    amount: int
    reason: str = ""
    card_draw: int | None = None  # the draw of a card that took from every player (a shared bankruptcy)
    jail_fine: bool | None = None  # True for the fine for leaving jail (left out of the log otherwise)
    # True for a purchase owed under temporary bankruptcy: no debt (see `purchase`)
    purchase: bool | None = None

    def apply(self, state: GameState) -> GameState:
        debt = Debt(
            self.debtor,
            self.creditor,
            self.amount,
            self.reason,
            jail_fine=bool(self.jail_fine),
            purchase=bool(self.purchase),
        )
        if self.card_draw is not None:
            debt = replace(debt, card_draw=self.card_draw, cash_then=state.player(self.debtor).cash)
        return replace(state, debts=(*state.debts, debt))

    def describe(self, state: GameState) -> Text:
        debtor, amount = state.name_of(self.debtor), state.money(self.amount)
        if self.creditor == BANK:
            owes = Text("%(debtor)s owes the bank %(amount)s", debtor=debtor, amount=amount)
        elif self.creditor == FREE_PARKING:
            owes = Text("%(debtor)s owes Free Parking %(amount)s", debtor=debtor, amount=amount)
        else:
            creditor = state.name_of(self.creditor)
            owes = Text(
                "%(debtor)s owes %(creditor)s %(amount)s", debtor=debtor, creditor=creditor, amount=amount
            )
        return Text("%(owes)s: not enough cash yet", owes=with_reason(owes, self.reason))

    def describe_to(self, state: GameState, you: int) -> Text:
        if you != self.debtor:
            return self.describe(state)
        amount = state.money(self.amount)
        if self.creditor == BANK:
            owes = Text("You owe the bank %(amount)s", amount=amount)
        elif self.creditor == FREE_PARKING:
            owes = Text("You owe Free Parking %(amount)s", amount=amount)
        else:
            creditor = state.name_of(self.creditor)
            owes = Text("You owe %(creditor)s %(amount)s", creditor=creditor, amount=amount)
        return Text("%(owes)s: not enough cash yet", owes=with_reason(owes, self.reason))


def rounded(state: GameState, amount: int) -> int:
    """`amount` rounded up to the rules' `round_to` (a multiple of $5 in Monopoly 2.0)."""
    step = state.rules.round_to
    return -(-amount // step) * step


def require_round(state: GameState, amount: int) -> None:
    """Refuse a typed amount that is not a multiple of the rules' `round_to`."""
    step = state.rules.round_to
    require(amount % step == 0, Text("Amounts go in %(step)s steps in this game.", step=state.money(step)))


def tax_payee(state: GameState) -> int:
    """Who takes Income Tax and Luxury Tax: the Free Parking pot under the jackpot house rule, else
    the bank."""
    return FREE_PARKING if state.rules.free_parking_jackpot else BANK


def fines_payee(state: GameState) -> int:
    """Who takes the jail fine and card payments: the pot when the jackpot takes more than the
    taxes, else the bank."""
    return tax_payee(state) if state.rules.jackpot_from == "payments" else BANK


def charge(state: GameState, payer: int, payee: int, amount: int, reason: str) -> Event:
    """A payment the rules impose: made now, or owed as a debt when the payer's cash is short."""
    amount = rounded(state, amount)
    if payer != BANK and state.active_player(payer).cash < amount:
        if payee not in NOT_PLAYERS:
            state.active_player(payee)
        require(payer != payee, Text("A player cannot pay themselves."))
        return DebtIncurred(debtor=payer, creditor=payee, amount=amount, reason=reason)
    return payment(state, payer, payee, amount, reason)


def purchase(state: GameState, payer: int, amount: int, reason: str) -> Event:
    """A purchase from the bank (a deed or building won at auction, the fee on a mortgaged deed a
    trade brought): paid now, or owed where the cash falls short. Under temporary bankruptcy (the
    JMA rules) what is owed so is no debt: raised by mortgaging and selling buildings, never by
    trading (002, 負債とは: 「権利書の購入や家・ホテルの建設、交渉により入手した抵当入り権利書の税金の
    支払などは「負債」ではありません」; see debt_trades.py)."""
    paid = charge(state, payer, BANK, amount, reason)
    if isinstance(paid, DebtIncurred) and state.rules.temporary_bankruptcy:
        return replace(paid, purchase=True)
    return paid


def payment(state: GameState, payer: int, payee: int, amount: int, reason: str) -> Paid:
    """A payment both parties can take part in; the payer must have the cash."""
    amount = rounded(state, amount)
    for party in (payer, payee):
        if party not in NOT_PLAYERS:
            state.active_player(party)
    require(payer != payee, Text("A player cannot pay themselves."))
    if payer not in NOT_PLAYERS:
        require_cash(state, payer, amount)
    return Paid(payer=payer, payee=payee, amount=amount, reason=reason)


def require_cash(state: GameState, player: int, amount: int) -> None:
    """Refuse, naming the shortfall, unless `player` has `amount` in cash."""
    cash = state.player(player).cash
    figures = {"cash": state.money(cash), "short": state.money(amount - cash), "amount": state.money(amount)}
    require(
        cash >= amount,
        Text(
            "%(player)s has %(cash)s and needs %(short)s more to pay %(amount)s.",
            player=state.name_of(player),
            **figures,
        ),
        (player, Text("You have %(cash)s and need %(short)s more to pay %(amount)s.", **figures)),
    )


@dataclass(frozen=True)
class GoReached(Event):
    """`player` has just collected the GO salary: with token levels they may buy one now."""

    type = "go_reached"
    player: int

    def apply(self, state: GameState) -> GameState:
        return replace(state, at_go=self.player)

    def describe(self, state: GameState) -> Text:
        if state.level_of(self.player) >= state.rules.token_levels:
            return Text("%(player)s is at GO with a top-level token", player=state.name_of(self.player))
        return Text("%(player)s may buy a token level at GO", player=state.name_of(self.player))


def salary(state: GameState, player_id: int) -> int:
    """The GO salary the player's token earns (its level's, with token levels)."""
    return state.rules.level_salary(state.player(player_id).level)


def go_salary(state: GameState, player_id: int, reason: Text, amount: int | None = None) -> list[Event]:
    """The salary for reaching GO (or `amount` instead), and with token levels, the chance to buy
    one (which passes from whoever reached GO before)."""
    events: list[Event] = [payment(state, BANK, player_id, amount or salary(state, player_id), reason)]
    if state.rules.token_levels > 1:
        events.append(GoReached(player=player_id))
    return events


@dataclass(frozen=True)
class PassGo(Command):
    """The salary for passing GO; `landed` exactly on GO pays double under the Just Go house rule."""

    type = "pass_go"
    player: int
    landed: bool = False

    def decide(self, state: GameState, now: float) -> list[Event]:
        state.active_player(self.player)
        if self.landed and state.rules.just_go:
            return go_salary(
                state, self.player, Text("Landed on GO: Just Go pays double"), 2 * salary(state, self.player)
            )
        return go_salary(state, self.player, Text("Landed on GO") if self.landed else Text("Passed GO"))


def free_amounts_refusal(state: GameState) -> Text | None:
    """With `bank_only_free_amounts` (the JMA tournament rules: no loans, no gifts) a sum no rule
    fixes moves only by the banker's hand, as a correction."""
    if not state.rules.bank_only_free_amounts:
        return None
    return Text(
        "No loans or gifts under the tournament rules: money moves between players only by trades and "
        "the payments the rules fix. The banker can make a correction."
    )


def big_amount(state: GameState) -> int:
    """From how much a sum typed in by hand is told to every phone: a third of the starting cash,
    $500 in the classic game, so it scales with the game's money (₩500,000 in won, 124K in
    Millionaire, $833 with the speed die's $2,500)."""
    return state.rules.starting_cash // 3


def typed_in(state: GameState, event: Event) -> Event:
    """A payment whose amount a player typed in: a big one is marked for every phone to see (an
    amount no rule fixes is where a slip or a cheat hides); a debt is told to everyone anyway."""
    if isinstance(event, Paid) and event.amount >= big_amount(state):
        return replace(event, big=True)
    return event


@dataclass(frozen=True)
class PayBank(Command):
    type = "pay_bank"
    player: int
    amount: Amount
    reason: str = ""

    def decide(self, state: GameState, now: float) -> list[Event]:
        require_round(state, self.amount)
        return [typed_in(state, charge(state, self.player, BANK, self.amount, self.reason))]


@dataclass(frozen=True)
class CollectFromBank(Command):
    type = "collect_from_bank"
    player: int
    amount: Amount
    reason: str = ""

    def refused_to_players(self, state: GameState) -> Text | None:
        return free_amounts_refusal(state)

    def decide(self, state: GameState, now: float) -> list[Event]:
        require(
            bool(self.reason),
            Text("Say what the bank pays for (a card, a prize…): every phone sees the reason."),
        )
        require_round(state, self.amount)
        return [typed_in(state, payment(state, BANK, self.player, self.amount, self.reason))]


@dataclass(frozen=True)
class PayPlayer(Command):
    type = "pay_player"
    spends = True
    player: int
    to: int
    amount: Amount
    reason: str = ""

    def refused_to_players(self, state: GameState) -> Text | None:
        return free_amounts_refusal(state)

    def decide(self, state: GameState, now: float) -> list[Event]:
        # both are players: the bank paying (player 0) is collect_from_bank, which says what for
        state.player(self.player)
        state.player(self.to)
        require_round(state, self.amount)
        return [typed_in(state, payment(state, self.player, self.to, self.amount, self.reason))]


@dataclass(frozen=True)
class PayTax(Command):
    type = "pay_tax"
    player: int
    space: int

    def decide(self, state: GameState, now: float) -> list[Event]:
        space = state.edition.space_at.get(self.space)
        if space is None or space.type not in ("income_tax", "luxury_tax"):
            where = space.name if space else Text("space %(position)s", position=self.space)
            raise RuleError(Text("There is no tax to pay on %(space)s.", space=where))
        # The space type names the rule option that holds the amount (rules.income_tax, ...).
        amount, reason = getattr(state.rules, space.type), space.name
        percent = state.rules.income_tax_percent
        if space.type == "income_tax" and percent:
            amount, reason = income_tax(state, self.player)
            require(
                amount > 0,
                Text(
                    "%(player)s owes no tax: %(reason)s comes to nothing.",
                    player=state.name_of(self.player),
                    reason=reason,
                ),
                (self.player, Text("You owe no tax: %(reason)s comes to nothing.", reason=reason)),
            )
        return [charge(state, self.player, tax_payee(state), amount, reason)]


def income_tax(state: GameState, player_id: int) -> tuple[int, Text]:
    """With `income_tax_percent`: the lower of the flat tax and that percent of the player's net
    worth (whole dollars, rounded down), and why."""
    rules = state.rules
    net_worth = sum(worth(state, state.active_player(player_id)))
    share = net_worth * rules.income_tax_percent // 100
    if share <= rules.income_tax:  # equal, the percentage says it: "less than" it was not
        return share, Text(
            "Income Tax: %(percent)s%% of %(worth)s net worth",
            percent=rules.income_tax_percent,
            worth=state.money(net_worth),
        )
    return rules.income_tax, Text(
        "Income Tax: %(tax)s, less than %(percent)s%% of %(worth)s net worth",
        tax=state.money(rules.income_tax),
        percent=rules.income_tax_percent,
        worth=state.money(net_worth),
    )
