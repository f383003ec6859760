"""How much a debtor could pay, which decides whether bankruptcy is open, when debts may be paid
with property: the best mix of deeds handed over and money raised. US deeds: Mediterranean $60
(mortgage $30), Boardwalk $400 ($200), two railroads rent $50, Income Tax $200."""

from __future__ import annotations

import itertools

from hypothesis import given
from hypothesis import strategies as st

from banker.rules import decide
from banker.rules.bankruptcy import DeclareBankruptcy
from banker.rules.buildings import SellBuilding
from banker.rules.debts import PayDebt
from banker.rules.deeds import Buy
from banker.rules.errors import RuleError
from banker.rules.market import BuyFromMarket, NextTurn
from banker.rules.money import PayBank, PayTax
from banker.rules.mortgages import Mortgage
from banker.rules.payable import can_pay
from banker.rules.property_payment import PayWithProperty
from banker.rules.rent import PayRent
from banker.rules.state import BANK, FREE_PARKING, GameState
from tests.support.properties import searched
from tests.support.rules import ANN, BOB, CAT, built, cash, new_game, refusal, refusals, run

MEDITERRANEAN, BALTIC, READING, ORIENTAL, VERMONT, PENNSYLVANIA, BOARDWALK = 1, 3, 5, 6, 8, 15, 39
ST_CHARLES, INCOME_TAX, LUXURY_TAX, ATLANTIC = 11, 4, 38, 26


def test_one_deed_pays_one_creditor_and_the_pot_takes_a_mortgage():
    """Ann, $0 cash, owes Bob $50 rent and the pot $200: Mediterranean to Bob pays him ($10 over,
    no change), Boardwalk mortgaged pays the pot. Neither route alone pays."""
    state = new_game(pay_with_property=True, free_parking_jackpot=True)
    state = run(state, Buy(player=ANN, deed=MEDITERRANEAN), Buy(player=ANN, deed=BOARDWALK))
    state = run(state, Buy(player=BOB, deed=READING), Buy(player=BOB, deed=PENNSYLVANIA))
    state = run(state, PayBank(player=ANN, amount=1040, reason="earlier losses"))
    state = run(state, PayRent(player=ANN, deed=READING), PayTax(player=ANN, space=INCOME_TAX))
    assert [(d.creditor, d.amount) for d in state.debts] == [(BOB, 50), (FREE_PARKING, 200)]
    assert can_pay(state, ANN)
    assert not can_pay(run(state, PayBank(player=ANN, amount=5, reason="a card")), ANN)
    assert refusals(state, DeclareBankruptcy(player=ANN), ANN) == (
        "Ann could still pay the $250 owed: hand over deeds (pay with property), sell buildings or mortgage first.",
        "You could still pay the $250 owed: hand over deeds (pay with property), sell buildings or mortgage first.",
    )
    state = run(state, PayWithProperty(player=ANN, deeds=(MEDITERRANEAN,)), Mortgage(deed=BOARDWALK))
    state = run(state, PayDebt(player=ANN))
    assert state.debts == () and cash(state, ANN) == 0 and state.free_parking == 200


def test_a_deed_pays_one_creditor_only_so_two_cannot_share_it():
    """Monopoly 2.0, Ann with $0 and the browns ($60 each): she owes Bob $25 rent and the bank $95.
    The browns come to $120, the debts too, but a payment settles one creditor with no change:
    both to the bank pay $95, and Bob's $25 has nothing left to pay it."""
    state = new_game(preset="monopoly2", seed=192)
    state = run(state, BuyFromMarket(player=ANN, deed=MEDITERRANEAN), NextTurn())
    state = run(state, BuyFromMarket(player=ANN, deed=BALTIC), PayBank(player=ANN, amount=1380, reason="x"))
    state = run(state, BuyFromMarket(player=BOB, deed=ATLANTIC), PayRent(player=ANN, deed=ATLANTIC))
    state = run(state, PayBank(player=ANN, amount=95, reason="a card"))
    assert cash(state, ANN) == 0 and [(d.creditor, d.amount) for d in state.debts] == [(BOB, 25), (BANK, 95)]
    assert not can_pay(state, ANN)
    assert run(state, DeclareBankruptcy(player=ANN)).player(ANN).bankrupt


def in_debt_with_built_browns(to_the_bank: int) -> GameState:
    """Ann, $0 cash, her browns with a house each ($60 a deed, $50 a house), owes Bob $50 rent (two
    railroads) and the bank `to_the_bank`."""
    state = new_game(pay_with_property=True)
    state = built(run(state, Buy(player=ANN, deed=MEDITERRANEAN), Buy(player=ANN, deed=BALTIC)), (1, 3), 1)
    state = run(state, Buy(player=BOB, deed=READING), Buy(player=BOB, deed=PENNSYLVANIA))
    state = run(state, PayBank(player=ANN, amount=1280, reason="x"), PayRent(player=ANN, deed=READING))
    return run(state, PayBank(player=ANN, amount=to_the_bank, reason="a card"))


def test_a_groups_buildings_go_with_its_first_deed_handed_over():
    """Baltic and both houses pay the bank's $160; Mediterranean pays Bob's $50 ($10 over). Bob
    paid first would take the houses with Mediterranean, and Baltic alone leaves $100 to pay."""
    state = in_debt_with_built_browns(160)
    assert [(d.creditor, d.amount) for d in state.debts] == [(BOB, 50), (BANK, 160)]
    assert can_pay(state, ANN)
    assert not can_pay(in_debt_with_built_browns(165), ANN)
    assert refusal(state, DeclareBankruptcy(player=ANN)) == (
        "Ann could still pay the $210 owed: hand over deeds (pay with property), sell buildings or "
        "mortgage first."
    )
    bob_first = run(state, PayWithProperty(player=ANN, deeds=(MEDITERRANEAN,), to=BOB))
    assert refusals(bob_first, PayWithProperty(player=ANN, deeds=(BALTIC,), to=BANK), ANN) == (
        "The deeds come to $60 of the $160 owed: the other $100 is more than Ann's $0 in cash. Choose more deeds.",
        "The deeds come to $60 of the $160 owed: the other $100 is more than your $0 in cash. Choose more deeds.",
    )
    state = run(state, PayWithProperty(player=ANN, deeds=(BALTIC,), to=BANK))
    state = run(state, PayWithProperty(player=ANN, deeds=(MEDITERRANEAN,), to=BOB))
    assert state.debts == () and cash(state, ANN) == 0


# The property: `can_pay` says yes exactly when some way of paying with the real commands does. The ways are tried by brute force over a few deeds.

ANNS = (MEDITERRANEAN, BALTIC, ORIENTAL, VERMONT, BOARDWALK)


@st.composite
def debtors(draw) -> GameState:
    options = {
        "pay_with_property": True,
        "mortgages": draw(st.booleans()),
        "sell_back": draw(st.booleans()),
        "free_parking_jackpot": draw(st.booleans()),
        "starting_cash": 3000,
    }
    state = new_game(**options)
    deeds = draw(st.lists(st.sampled_from(ANNS), min_size=1, max_size=4, unique=True))
    state = run(state, *(Buy(player=ANN, deed=deed) for deed in deeds))
    if {MEDITERRANEAN, BALTIC} <= set(deeds):
        state = built(state, (MEDITERRANEAN, BALTIC), draw(st.integers(0, 2)))
    mortgaged = draw(st.lists(st.sampled_from(deeds), unique=True))
    state = run(state, *(Mortgage(deed=d) for d in mortgaged if may_mortgage(state, d)))
    state = run(state, Buy(player=BOB, deed=READING), Buy(player=CAT, deed=ST_CHARLES))
    state = run(state, PayBank(player=ANN, amount=cash(state, ANN) - draw(st.integers(0, 150)), reason="x"))
    for debt in draw(st.lists(st.sampled_from(("bob", "cat", "tax", "bank")), min_size=1, max_size=4)):
        if debt == "bob":
            state = run(state, PayRent(player=ANN, deed=READING))
        elif debt == "cat":
            state = run(state, PayRent(player=ANN, deed=ST_CHARLES))
        elif debt == "tax":
            state = run(state, PayTax(player=ANN, space=LUXURY_TAX))
        else:
            state = run(state, PayBank(player=ANN, amount=draw(st.integers(1, 300)), reason="a card"))
    return state


def paid_somehow(state: GameState) -> bool:
    """Whether some way of selling buildings, mortgaging deeds, then handing deeds over to the
    creditors in some order pays all Ann owes (the order in which `can_pay` weighs them)."""
    creditors = tuple(dict.fromkeys(d.creditor for d in state.debts_of(ANN) if d.creditor != FREE_PARKING))
    lots = [p for p, h in state.holdings.items() if h.owner == ANN and not h.mortgaged]
    ways = itertools.product(
        (False, True),
        itertools.product((None, *creditors), repeat=len(lots)),
        itertools.permutations(creditors),
    )
    for sell, where, order in ways:
        after: GameState | None = state
        while sell and after and any(after.holding(p).houses for p in lots):
            after = tried(after, SellBuilding(deed=max(lots, key=lambda p: after.holding(p).houses)))
        kept = [lot for lot, to in zip(lots, where, strict=True) if to is None]
        after = after and tried(after, *(Mortgage(deed=lot) for lot in kept if may_mortgage(after, lot)))
        for creditor in order:
            handed = tuple(lot for lot, to in zip(lots, where, strict=True) if to == creditor)
            if handed:
                after = after and tried(after, PayWithProperty(player=ANN, deeds=handed, to=creditor))
        if after and (not after.debts_of(ANN) or tried(after, PayDebt(player=ANN))):
            return True
    return False


def tried(state: GameState, *commands) -> GameState | None:
    try:
        return run(state, *commands)
    except RuleError:
        return None


def may_mortgage(state: GameState, lot: int) -> bool:
    try:
        decide(state, Mortgage(deed=lot), 0.0)
    except RuleError:
        return False
    return True


@searched(100, 3000)
@given(debtors())
def test_a_debtor_can_pay_exactly_when_some_way_pays(state):
    assert can_pay(state, ANN) == paid_somehow(state)
