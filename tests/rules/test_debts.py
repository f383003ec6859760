"""Debts: a payment the rules impose that the cash cannot cover is owed, not refused."""

from __future__ import annotations

import pytest

from banker.rules.auctions import Bid, Decline
from banker.rules.bankruptcy import DeclareBankruptcy
from banker.rules.buildings import Build, SellBuilding
from banker.rules.cards import DrawCard
from banker.rules.debts import PayDebt, raisable
from banker.rules.deeds import Buy
from banker.rules.errors import RuleError
from banker.rules.money import CollectFromBank, Paid, PayBank, PayPlayer, PayTax
from banker.rules.mortgages import Mortgage, Unmortgage
from banker.rules.rent import PayRent
from banker.rules.state import BANK, TradeSide
from banker.rules.trades import AcceptTrade, ProposeTrade
from banker.service.acting import BANKER, decide_for
from tests.support.rules import ANN, BOB, CAT, READING, built, cash, new_game, owning, refusal, refusals, run

BOARDWALK, PARK_PLACE = 39, 37


@pytest.fixture
def in_debt():
    """Cat (with the browns, one house each) landed on Ann's Boardwalk hotel: owes $2,000, has $1,220."""
    state = owning(new_game(starting_cash=3000), ANN, PARK_PLACE, BOARDWALK)
    state = built(state, (PARK_PLACE, BOARDWALK), 5)
    state = built(owning(state, CAT, 1, 3), (1, 3), 1)  # 60 + 60 + 50 + 50
    state = run(state, PayBank(player=CAT, amount=1560, reason="earlier losses"))
    return run(state, PayRent(player=CAT, deed=BOARDWALK))


def test_the_rent_is_owed_and_nothing_moves(in_debt):
    assert cash(in_debt, CAT) == 1220 and cash(in_debt, ANN) == 3000 - 750 - 2000
    assert [(d.debtor, d.creditor, d.amount) for d in in_debt.debts] == [(CAT, ANN, 2000)]


def test_paying_needs_the_whole_amount_in_cash(in_debt):
    assert refusals(in_debt, PayDebt(player=CAT), CAT) == (
        "Cat owes $2,000 and has $1,220: raise $780 more (sell buildings, mortgage or trade).",
        "You owe $2,000 and have $1,220: raise $780 more (sell buildings, mortgage or trade).",
    )


def test_once_raised_the_debt_is_paid_in_one_tap(in_debt):
    state = run(in_debt, CollectFromBank(player=CAT, amount=780, reason="found it"), PayDebt(player=CAT))
    assert cash(state, CAT) == 0 and cash(state, ANN) == 250 + 2000
    assert state.debts == ()


def test_a_debtor_may_sell_and_mortgage_to_raise_money(in_debt):
    state = run(in_debt, SellBuilding(deed=1), SellBuilding(deed=3), Mortgage(deed=1), Mortgage(deed=3))
    assert cash(state, CAT) == 1220 + 25 + 25 + 30 + 30


SPENDING = [Buy(player=CAT, deed=5), Build(deed=1), PayPlayer(player=CAT, to=BOB, amount=10)]


@pytest.mark.parametrize("command", SPENDING, ids=["buy", "build", "pay a player"])
def test_a_debtor_cannot_spend(in_debt, command):
    assert refusals(in_debt, command, CAT) == (
        "Cat owes $2,000: pay that first; raise $780 more (sell buildings, mortgage or trade).",
        "You owe $2,000: pay that first; raise $780 more (sell buildings, mortgage or trade).",
    )


@pytest.mark.parametrize(
    "command",
    [
        PayBank(player=CAT, amount=1300, reason="donation"),
        PayBank(player=CAT, amount=100, reason="a fine"),  # covered: the cash went before the debt
        PayTax(player=CAT, space=38),
        DrawCard(player=CAT, deck="chance", card="CH13"),  # Speeding fine $15
    ],
    ids=["beyond the cash", "within it", "a tax", "a card"],
)
def test_a_player_owing_a_player_pays_nothing_to_the_bank_first_from_their_phone(in_debt, command):
    """Cat, on her own phone, typed in a payment to the bank she could not cover (or paid a tax,
    drew a fine): the bank became a second creditor, and her bankruptcy then went to the bank
    whole, Ann (owed the rent) getting nothing. The banker may still charge her."""
    with pytest.raises(RuleError) as refused:
        decide_for(in_debt, CAT, command, 0.0)
    assert refused.value.message == "Cat owes $2,000: pay that first (sell buildings, mortgage or trade)."
    assert (
        refused.value.message_to(CAT) == "You owe $2,000: pay that first (sell buildings, mortgage or trade)."
    )
    assert refused.value.message_to(ANN) == refused.value.message
    assert decide_for(in_debt, BANKER, command, 0.0)
    state = run(in_debt, DeclareBankruptcy(player=CAT))
    assert cash(state, ANN) == 250 + 1220 + 2 * 25 and state.holding(1).owner == ANN  # the houses at half


def test_a_debtor_pays_the_bank_with_the_player_owed_in_one_tap(in_debt):
    state = run(in_debt, PayBank(player=CAT, amount=1300, reason="a fine"))  # charged by the banker
    assert [(d.creditor, d.amount) for d in state.debts] == [(ANN, 2000), (BANK, 1300)]
    state = run(state, CollectFromBank(player=CAT, amount=2080, reason="found it"))
    events = decide_for(state, CAT, PayDebt(player=CAT), 0.0)  # from her phone
    assert [(e.payee, e.amount) for e in events if isinstance(e, Paid)] == [(ANN, 2000), (BANK, 1300)]


def test_a_debtor_hands_no_cash_over_in_a_trade(in_debt):
    """Cat, owing Ann $2,000, gave her cash to Bob in a trade for next to nothing, then went
    bankrupt to Ann, who got what was left: a payment to a player waits, and a trade's cash too."""
    debt = "Cat owes $2,000: pay that first; raise $780 more (sell buildings, mortgage or trade)."
    to_bob = ProposeTrade(player=CAT, to=BOB, give=TradeSide(cash=1200), get=TradeSide(cash=1))
    assert refusal(in_debt, to_bob) == debt
    from_bob = ProposeTrade(player=BOB, to=CAT, give=TradeSide(cash=1), get=TradeSide(cash=1200))
    assert refusal(in_debt, from_bob) == debt
    # deeds still sell for what they bring: trading raises the money
    state = run(in_debt, SellBuilding(deed=1), SellBuilding(deed=3))
    sale = ProposeTrade(player=CAT, to=BOB, give=TradeSide(deeds=(1,)), get=TradeSide(cash=100))
    assert cash(run(state, sale, AcceptTrade(player=BOB, trade=1)), CAT) == 1220 + 50 + 100


def test_a_debtor_lifts_no_mortgage_on_a_deed_received(in_debt):
    state = run(owning(in_debt, BOB, READING), Mortgage(deed=READING))
    state = run(
        state, ProposeTrade(player=BOB, to=CAT, give=TradeSide(deeds=(READING,)), get=TradeSide(cash=0))
    )
    assert refusals(state, AcceptTrade(player=CAT, trade=1, mortgages=((READING, "lift"),)), CAT) == (
        "Cat owes $2,000: Reading Railroad is lifted only with cash to pay that too; keep it mortgaged for now.",
        "You owe $2,000: Reading Railroad is lifted only with cash to pay that too; keep it mortgaged for now.",
    )
    kept = run(state, AcceptTrade(player=CAT, trade=1, mortgages=((READING, "keep"),)))
    assert kept.holding(READING).owner == CAT and cash(kept, CAT) == 1220 - 10


def test_a_debtor_lifts_the_mortgage_on_a_deed_received_where_the_trade_brings_the_cash_for_both(in_debt):
    """002, 抵当: lifted at once, paid with what the trade brought ($110); kept instead, then lifted
    once the debt was paid, it cost the 10% twice ($10 + $110)."""
    state = run(owning(in_debt, BOB, READING), Mortgage(deed=READING))
    lift = ProposeTrade(player=BOB, to=CAT, give=TradeSide(deeds=(READING,), cash=900))
    state = run(state, lift, AcceptTrade(player=CAT, trade=1, mortgages=((READING, "lift"),)))
    assert (
        not state.holding(READING).mortgaged and cash(state, CAT) == 1220 + 900 - 110
    )  # $2,010: $2,000 owed


def test_a_debtor_cannot_bid(in_debt):
    state = run(in_debt, Decline(player=ANN, deed=5))
    assert refusal(state, Bid(player=CAT, amount=10)).startswith("Cat owes $2,000: pay that first")


def test_a_debtor_cannot_lift_a_mortgage(in_debt):
    state = run(in_debt, SellBuilding(deed=1), SellBuilding(deed=3), Mortgage(deed=1))
    assert refusal(state, Unmortgage(deed=1)).startswith("Cat owes $2,000: pay that first")


def test_other_players_are_not_held_up_by_a_debt(in_debt):
    assert cash(run(in_debt, Buy(player=BOB, deed=5)), BOB) == 2800


def test_a_second_imposed_payment_adds_a_second_debt_and_pay_settles_both(in_debt):
    state = run(in_debt, PayTax(player=CAT, space=4))
    assert cash(state, CAT) == 1020  # the tax could be paid from cash
    state = run(state, PayRent(player=CAT, deed=PARK_PLACE))
    assert [(d.creditor, d.amount) for d in state.debts] == [(ANN, 2000), (ANN, 1500)]
    state = run(state, CollectFromBank(player=CAT, amount=2480, reason="x"), PayDebt(player=CAT))
    assert cash(state, CAT) == 0 and state.debts == ()


def test_nothing_owed_nothing_to_pay():
    assert refusals(new_game(), PayDebt(player=ANN), ANN) == ("Ann owes nothing.", "You owe nothing.")


def test_what_a_player_could_raise_counts_cash_half_the_buildings_and_mortgage_values(in_debt):
    # $1,220 cash; two houses at half of $50; browns' mortgage values $30 + $30
    assert raisable(in_debt, CAT) == 1220 + 25 + 25 + 30 + 30
    # Ann: $250 cash; two hotels (each $200 + 4 houses of $200, at half: $500); mortgages $175 + $200
    assert raisable(in_debt, ANN) == 250 + 500 + 500 + 175 + 200


def test_without_selling_back_a_built_group_raises_nothing_and_its_owner_may_go_bankrupt():
    """With `sell_back` off the houses stay, and a lot of a group with houses cannot be mortgaged:
    Cat's browns raise nothing, Reading its $100 mortgage."""
    state = owning(new_game(starting_cash=3000, sell_back=False), ANN, PARK_PLACE, BOARDWALK)
    state = built(state, (PARK_PLACE, BOARDWALK), 5)
    state = built(owning(state, CAT, 1, 3, 5), (1, 3), 1)
    state = run(
        state, PayBank(player=CAT, amount=730, reason="earlier losses"), PayRent(player=CAT, deed=BOARDWALK)
    )
    assert cash(state, CAT) == 1850 and raisable(state, CAT) == 1850 + 100  # short of the $2,000
    assert refusal(state, Mortgage(deed=3)) == (
        "A group with buildings cannot be mortgaged, and buildings are not sold back in this game: "
        "Mediterranean Avenue has 1 house."
    )
    state = run(state, DeclareBankruptcy(player=CAT))
    assert state.player(CAT).bankrupt
