"""Trades while a player owes more than their cash: temporary bankruptcy (仮破産), as the JMA
tournament rules (002) write it, under the `temporary_bankruptcy` option (on in the jma preset).

- While a player owes more than their cash, trades are only between that player and the others
  (交渉は…負債を負ったプレーヤーと他のプレーヤーの間でのみ可).
- A player who owes money trades only to clear the debt: once the trade is done and the fees on
  the mortgaged deeds it brings are paid, their cash covers what they owe (a Get Out of Jail Free
  card received settling a jail fine owed, under `jail_fine_rescue`). An offer that no longer
  clears it when it is accepted is void (結果的に仮破産状態を脱することができなかった場合、…交渉は
  無効): a debtor may keep several offers open at once, and only one that clears the debt goes
  through. Mortgaging and selling buildings stay open, so the rest can be raised first.
- The creditor may trade with their debtor only once a third player has offered the debtor a
  trade that would clear the debt (第三者から破産を免れる条件の交渉が提示されない場合、債権者は…
  交渉することができません).
- The debtor may not choose bankruptcy (自ら破産を選択することはできません): only the banker
  declares it, once no trade will clear the debt (`DeclareBankruptcy.refused_to_players`).
"""

from __future__ import annotations

from collections.abc import Mapping

from banker.rules.base import require
from banker.rules.debts import owed, short_of_cash
from banker.rules.errors import RuleError
from banker.rules.jail import fine_owed
from banker.rules.state import BANK, FREE_PARKING, GameState, Trade
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
    get = trade.get if player_id == trade.proposer else trade.give
    return owed(state, player_id) - (fine_owed(state, player_id) if get.jail_cards else 0)


def clears(state: GameState, trade: Trade, player_id: int, choices: Mapping[int, str]) -> bool:
    return cash_after(state, trade, player_id, choices) >= _owed_after(state, trade, player_id)


def check_debt_trade(
    state: GameState, trade: Trade, partner_choices: Mapping[int, str], accepting: bool = False
) -> None:
    """Refuse a trade the temporary-bankruptcy rules do not allow (see the module); `accepting`
    words it for an offer made earlier, which is void."""
    if not state.rules.temporary_bankruptcy:
        return
    try:
        _check(state, trade, partner_choices)
    except RuleError as refused:
        if not accepting:
            raise
        raise RuleError(Text("This offer is void: %(why)s", why=refused.message)) from None


def _check(state: GameState, trade: Trade, partner_choices: Mapping[int, str]) -> None:
    parties = (trade.proposer, trade.partner)
    debtors = [p.id for p in state.players if not p.bankrupt and short_of_cash(state, p.id)]
    if debtors and not any(p in debtors for p in parties):
        raise RuleError(
            Text(
                "Under the tournament rules, while %(debtors)s cannot pay a debt in cash, "
                "trades are only with them.",
                debtors=listing([state.name_of(d) for d in debtors]),
            )
        )
    for player_id, choices in (
        (trade.proposer, dict(trade.proposer_mortgages)),
        (trade.partner, partner_choices),
    ):
        if not state.debts_of(player_id) or clears(state, trade, player_id, choices):
            continue
        raise RuleError(
            Text(
                "Under the tournament rules a trade must clear %(player)s's debt of %(owed)s, and after "
                "this one %(player)s would have %(cash)s: raise the rest first (mortgage or sell "
                "buildings) or ask for more.",
                player=state.name_of(player_id),
                owed=state.money(_owed_after(state, trade, player_id)),
                cash=state.money(cash_after(state, trade, player_id, choices)),
            )
        )


def check_creditor_offer(state: GameState, trade: Trade) -> None:
    """A creditor's offer to (or from) their debtor in temporary bankruptcy waits for a third
    player's offer to the debtor that would clear the debt."""
    if not state.rules.temporary_bankruptcy:
        return
    for debtor, other in ((trade.proposer, trade.partner), (trade.partner, trade.proposer)):
        creditors = {d.creditor for d in state.debts_of(debtor)} - {BANK, FREE_PARKING}
        if other not in creditors or not short_of_cash(state, debtor):
            continue
        rescued = any(
            t.partner == debtor and t.proposer not in creditors and clears(state, t, debtor, {})
            for t in state.trades
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
