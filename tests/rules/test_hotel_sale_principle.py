"""The JMA hotel-sale principle as seed 001 writes it, whatever the bank holds (単なる資金調達や
家止めの場合(原則)), with its exception for a player who cannot pay a debt in cash (001: 支払う現金
が不足した場合(例外); 002: 不足する現金を調達するための最低限度内において). The green lots' houses and
hotels cost $200, so 2.5 houses' cost is $500."""

from __future__ import annotations

from banker.rules.build_plans import BuildGroup
from banker.rules.buildings import Build, SellBuilding
from banker.rules.money import PayBank
from tests.support.rules import ANN, assert_building_supply, built, cash, new_game, owning, refusal, run

GREEN = (31, 32, 34)
DARK_BLUE = (37, 39)


def hotels_on(group, hotels: int):
    """Ann's group with 4 houses a lot and hotels on its first `hotels` lots; the bank has plenty."""
    state = built(owning(new_game(preset="jma", starting_cash=50_000), ANN, *group), group, 4)
    return run(state, *(Build(deed=p) for p in group[:hotels]))


def houses(state, *positions):
    return tuple(state.holding(p).houses for p in positions)


def test_one_hotel_sold_pays_two_and_a_half_houses_and_the_eight_houses_are_spread_evenly():
    # 001: 「ホテルを売却し、銀行から家2.5軒分の建設費を受け取る。残る家8軒を同一カラーグループ上で均等に再配置する。」
    state = hotels_on(GREEN, 1)
    before, bank = cash(state, ANN), state.houses
    state = run(state, SellBuilding(deed=31))
    assert houses(state, *GREEN) == (2, 3, 3) and not state.holding(31).hotel
    assert cash(state, ANN) == before + 500 and state.houses == bank == 24
    assert_building_supply(state)


def test_two_hotels_are_sold_together_for_five_houses_and_four_houses_stay():
    # 001: 「ホテル2軒を売却し、銀行から家5軒分の建設費を受け取る。残る家4軒を…均等に再配置する。」
    state = hotels_on(GREEN, 2)
    before = cash(state, ANN)
    state = run(state, SellBuilding(deed=32))
    assert houses(state, *GREEN) == (1, 1, 2)
    assert not any(state.holding(p).hotel for p in GREEN)
    assert cash(state, ANN) == before + 1000
    assert_building_supply(state)


def test_every_lot_with_a_hotel_goes_to_bare_land_for_seven_and_a_half_houses():
    state = hotels_on(GREEN, 3)
    before = cash(state, ANN)
    state = run(state, SellBuilding(deed=34))
    assert houses(state, *GREEN) == (0, 0, 0) and cash(state, ANN) == before + 1500


def test_a_plan_to_keep_four_houses_a_lot_is_refused_for_the_principle_not_the_banks_houses():
    """It read "The bank has too few houses…: sell the hotels one at a time", with 24 in the bank
    and one hotel sold taking the group to bare land all the same."""
    state = hotels_on(GREEN, 3)
    assert refusal(state, BuildGroup(deed=31, levels=tuple((p, 4) for p in GREEN))) == (
        "Under the JMA rules a hotel sold takes every hotel of the group with it, leaving only the houses "
        "the group had: it cannot stop at this plan."
    )


def test_on_a_two_lot_group_read_four_fewer_houses():
    # 001: 「土地が2つしかないカラーグループでは「残る家x軒」のxをそれぞれ4減らして読めばよい」
    state = hotels_on(DARK_BLUE, 1)
    before = cash(state, ANN)
    state = run(state, SellBuilding(deed=37))
    assert houses(state, *DARK_BLUE) == (2, 2) and cash(state, ANN) == before + 500


def test_a_player_who_cannot_pay_a_debt_sells_one_hotel_at_a_time_until_the_cash_covers_it():
    # 001: 「銀行に家が残っている限りの範囲で、ホテルから家4軒にするなど、1軒単位の売却が可能。」
    state = hotels_on(GREEN, 3)
    before = cash(state, ANN)
    state = run(state, PayBank(player=ANN, amount=before + 150, reason="rent elsewhere"))  # owed: $150 short
    state = run(state, SellBuilding(deed=31))  # $100: half the hotel, the lot back to 4 houses
    assert houses(state, *GREEN) == (4, 0, 0) and cash(state, ANN) == before + 100
    state = run(state, SellBuilding(deed=32))  # $200 more: the cash covers the debt now
    assert houses(state, *GREEN) == (4, 4, 0) and cash(state, ANN) == before + 200
    state = run(state, SellBuilding(deed=34))  # the principle again: the last hotel, 2.5 houses
    assert houses(state, *GREEN) == (2, 3, 3) and cash(state, ANN) == before + 700
    assert_building_supply(state)


def test_the_classic_game_breaks_a_hotel_down_to_four_houses():
    state = built(owning(new_game(starting_cash=50_000), ANN, *GREEN), GREEN, 4)
    state = run(state, Build(deed=31), SellBuilding(deed=31))
    assert houses(state, *GREEN) == (4, 4, 4)
