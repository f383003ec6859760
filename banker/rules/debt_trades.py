"""Trades while a player owes more than their cash.

Under every rule system a debtor trades to raise the money (RULES.md), not to hand it to a friend:
a trade may not leave them worth less (cash, deeds at their mortgage value, mortgaged or not, and
half their buildings) while that is short of what they owe, unless the trade is with the only one
they owe, who then takes less by their own choice. Deeds given away for nothing would otherwise be
out of reach of the bankruptcy that follows.

Temporary bankruptcy (仮破産), as the JMA tournament rules (002) write it, under the
`temporary_bankruptcy` option (on in the jma preset), asks more:

- While a player owes more than their cash, trades are only between that player and the others
  (交渉は…負債を負ったプレーヤーと他のプレーヤーの間でのみ可).
- A player who owes money trades only to clear the debt: each trade must bring them nearer to
  covering what they owe once it is done and the fees on the mortgaged deeds it brings are paid
  (a Get Out of Jail Free card received settling a jail fine owed, under `jail_fine_rescue`).
  They may negotiate with several players at once (複数のプレーヤーと同時に並行して交渉することが
  できます): a trade that clears the debt goes through; one that only helps is agreed and waits
  (`TradeAgreed`, trades.py) until the debtor's agreed trades together clear it, when they all go
  through at once. If the debtor goes bankrupt instead, the agreed trades lapse with the open ones
  (結果的に仮破産状態を脱することができなかった場合、…交渉は無効). Mortgaging and selling buildings
  stay open, so the rest can be raised meanwhile, and the agreed trades then completed.
- The creditor (the player who would take the estate, `debts.heir`) may trade with their debtor
  only once a third player has offered the debtor a trade that would clear the debt
  (第三者から破産を免れる条件の交渉が提示されない場合、債権者は…交渉することができません).
- The debtor may not choose bankruptcy (自ら破産を選択することはできません): only the banker
  declares it, once no trade will clear the debt (`DeclareBankruptcy.refused_to_players`).
- A purchase owed (a deed or building won at auction beyond the winner's cash, the fee on a
  mortgaged deed a trade brought: `money.purchase`) is no debt (「権利書の購入や家・ホテルの建設、
  交渉により入手した抵当入り権利書の税金の支払などは「負債」ではありません」): it is raised by
  mortgaging and selling buildings, and its buyer trades nothing until it is paid (「…交渉は
  できません」); nobody else's trades wait for it.
"""

from __future__ import annotations

from collections.abc import Iterator, Mapping
from contextlib import contextmanager

from banker.rules.base import require
from banker.rules.debts import heir, owed, raisable, short_of_cash
from banker.rules.errors import RuleError
from banker.rules.jail import fine_owed
from banker.rules.state import GameState, Trade, TradeSide
from banker.rules.text import Text, listing


def cash_after(state: GameState, trade: Trade, player_id: int, choices: Mapping[int, str]) -> int:
    """The player's cash once the trade is done and the mortgaged deeds they receive are kept
    (the 10% fee) or lifted, as `choices` says (keep unless named)."""
    give, get = (trade.give, trade.get) if player_id == trade.proposer else (trade.get, trade.give)
    fees = sum(
        state.deed(p).transfer_fee if choices.get(p, "keep") == "keep" else state.deed(p).unmortgage_cost
        for p in get.deeds
        if state.holding(p).mortgaged
    )
    return state.player(player_id).cash - give.cash + get.cash - fees


def _owed_after(state: GameState, trade: Trade, player_id: int) -> int:
    """What the player owes once the trade is done: less a jail fine a card received settles, and
    less what they owe the other side, when the trade hands them that claim (it is forgiven)."""
    get = trade.get if player_id == trade.proposer else trade.give
    forgiven = sum(amount for debtor, amount in get.claims if debtor == player_id)
    return owed(state, player_id) - forgiven - (fine_owed(state, player_id) if get.jail_cards else 0)


def _shortfall(state: GameState, trade: Trade, player_id: int, choices: Mapping[int, str]) -> int:
    return _owed_after(state, trade, player_id) - cash_after(state, trade, player_id, choices)


def clears(state: GameState, trade: Trade, player_id: int, choices: Mapping[int, str]) -> bool:
    return _shortfall(state, trade, player_id, choices) <= 0


def check_debt_trade(
    state: GameState, trade: Trade, partner_choices: Mapping[int, str], accepting: bool = False
) -> int | None:
    """Refuse a trade a debtor may not make (see the module); `accepting` words it for an offer
    made earlier, which is void. Returns the debtor whose debt the trade brings nearer to paid
    without clearing it alone (it is agreed, and waits), else None."""
    with _void_when(accepting):
        if state.rules.temporary_bankruptcy:
            for player_id in (trade.proposer, trade.partner):
                _check_no_purchase(state, player_id)
            return _check(state, trade, partner_choices)
        for player_id in (trade.proposer, trade.partner):
            _check_giving_away(state, trade, player_id)
        return None


def _check_giving_away(state: GameState, trade: Trade, player_id: int) -> None:
    other = trade.partner if player_id == trade.proposer else trade.proposer
    if not short_of_cash(state, player_id) or {d.creditor for d in state.debts_of(player_id)} == {other}:
        return
    before, after = _worth(state, player_id), _worth_after(state, trade, player_id)
    figures = {
        "owed": state.money(owed(state, player_id)),
        "after": state.money(after),
        "before": state.money(before),
    }
    require(
        after >= before or after >= _owed_after(state, trade, player_id),
        Text(
            "%(player)s owes %(owed)s and cannot pay it: a trade may not leave %(player)s worth less "
            "(%(after)s instead of %(before)s), which would take it from whoever is owed.",
            player=state.name_of(player_id),
            **figures,
        ),
        (
            player_id,
            Text(
                "You owe %(owed)s and cannot pay it: a trade may not leave you worth less "
                "(%(after)s instead of %(before)s), which would take it from whoever is owed.",
                **figures,
            ),
        ),
    )


def _worth(state: GameState, player_id: int) -> int:
    """What the player could raise, and each mortgaged deed at its mortgage value: a creditor
    takes it so in a bankruptcy, and it is given away all the same (its fee on receipt is the
    bank's, not a gift)."""
    mortgaged = sum(
        state.deed(p).mortgage for p, h in state.holdings.items() if h.owner == player_id and h.mortgaged
    )
    return raisable(state, player_id) + mortgaged


def _worth_after(state: GameState, trade: Trade, player_id: int) -> int:
    """`_worth` once the trade is done: the deeds of a trade are bare, each at its mortgage value."""
    give, get = (trade.give, trade.get) if player_id == trade.proposer else (trade.get, trade.give)

    def value(side: TradeSide) -> int:
        return side.cash + (sum(state.deed(p).mortgage for p in side.deeds) if state.rules.mortgages else 0)

    return _worth(state, player_id) - value(give) + value(get)


@contextmanager
def _void_when(accepting: bool) -> Iterator[None]:
    """A refusal of an offer being accepted says the offer is void: it was allowed when made."""
    try:
        yield
    except RuleError as refused:
        if not accepting:
            raise
        raise refused.reworded(lambda why: Text("This offer is void. %(why)s", why=why)) from None


def _check_no_purchase(state: GameState, player_id: int) -> None:
    bought = next((debt for debt in state.debts_of(player_id) if debt.purchase), None)
    if bought is None:
        return
    figures = {"amount": state.money(bought.amount), "reason": bought.reason}
    raise RuleError(
        Text(
            "Under the tournament rules a purchase is paid in cash: %(player)s raises the %(amount)s "
            "(%(reason)s) by mortgaging or selling buildings, not by trading.",
            player=state.name_of(player_id),
            **figures,
        ),
        (
            player_id,
            Text(
                "Under the tournament rules a purchase is paid in cash: raise the %(amount)s (%(reason)s) "
                "by mortgaging or selling buildings, not by trading.",
                **figures,
            ),
        ),
    )


def _check(state: GameState, trade: Trade, partner_choices: Mapping[int, str]) -> int | None:
    parties = (trade.proposer, trade.partner)
    debtors = [
        p.id
        for p in state.players
        if not p.bankrupt and short_of_cash(state, p.id) and not all(d.purchase for d in state.debts_of(p.id))
    ]
    if debtors and not any(p in debtors for p in parties):
        raise RuleError(
            Text(
                "Under the tournament rules, while %(debtors)s cannot pay a debt in cash, "
                "trades are only with them.",
                debtors=listing([state.name_of(d) for d in debtors]),
            )
        )
    waiting = None
    for player_id, choices in (
        (trade.proposer, dict(trade.proposer_mortgages)),
        (trade.partner, partner_choices),
    ):
        if not state.debts_of(player_id) or clears(state, trade, player_id, choices):
            continue
        short_now = owed(state, player_id) - state.player(player_id).cash
        figures = {
            "owed": state.money(_owed_after(state, trade, player_id)),
            "cash": state.money(cash_after(state, trade, player_id, choices)),
        }
        require(
            _shortfall(state, trade, player_id, choices) < short_now,
            Text(
                "Under the tournament rules a trade must bring %(player)s nearer to paying the %(owed)s "
                "owed, and after this one %(player)s would have %(cash)s.",
                player=state.name_of(player_id),
                **figures,
            ),
            (
                player_id,
                Text(
                    "Under the tournament rules a trade must bring you nearer to paying the %(owed)s "
                    "owed, and after this one you would have %(cash)s.",
                    **figures,
                ),
            ),
        )
        waiting = player_id
    return waiting


def agreed_trades(state: GameState, debtor: int) -> tuple[Trade, ...]:
    """The debtor's trades agreed while they could not clear the debt alone, oldest first."""
    return tuple(t for t in state.trades if t.agreed_for == debtor)


def promised(state: GameState) -> frozenset[int]:
    """The deeds in agreed trades: they go as they were agreed, so they are not to mortgage."""
    return frozenset(p for t in state.trades if t.agreed for p in (*t.give.deeds, *t.get.deeds))


def check_creditor_offer(state: GameState, trade: Trade, accepting: bool = False) -> None:
    """A creditor's offer to (or from) their debtor in temporary bankruptcy waits for a third
    player's offer to the debtor that would clear the debt, and is void once none stands (the
    third player withdrew it, or it no longer clears the debt)."""
    if not state.rules.temporary_bankruptcy:
        return
    with _void_when(accepting):
        _check_creditor(state, trade)


def _check_creditor(state: GameState, trade: Trade) -> None:
    """The creditor here is the player who would take the debtor's estate (`heir`): players owed
    by "pay each player $50" would get nothing from the bankruptcy (特殊な破産-1), so they trade
    with the debtor as any third player does (in a game of three nobody else could)."""
    for debtor, other in ((trade.proposer, trade.partner), (trade.partner, trade.proposer)):
        if other != heir(state, debtor) or not short_of_cash(state, debtor):
            continue
        rescued = any(
            t.partner == debtor and t.proposer != other and clears(state, t, debtor, {}) for t in state.trades
        )
        require(
            rescued,
            Text(
                "Under the tournament rules %(creditor)s, who is owed by %(debtor)s, may trade with "
                "%(debtor)s only once another player has offered %(debtor)s a trade that clears the debt.",
                creditor=state.name_of(other),
                debtor=state.name_of(debtor),
            ),
        )
