"""Building and selling houses and hotels: whole groups, evenness, the 32/12 supply."""

from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st

from banker.rules import BANK, fold, start_game
from banker.rules.board import edition_to_json
from banker.rules.buildings import Build, BuildingsChanged, SellBuilding
from banker.rules.editions import custom_edition, load_edition
from banker.rules.money import Paid
from banker.rules.mortgages import Mortgage
from tests.support.rules import (
    ANN,
    BOB,
    BROWN,
    DARK_BLUE,
    GREEN,
    LIGHT_BLUE,
    NAMES,
    PINK,
    RED,
    YELLOW,
    assert_building_supply,
    built,
    cash,
    new_game,
    owning,
    refusal,
    run,
    shortage,
)


def rich_game(**options):
    return new_game(starting_cash=50_000, **options)


def houses(state, *positions):
    return tuple(state.holding(p).houses for p in positions)


def test_a_house_costs_the_printed_house_cost_and_comes_from_the_bank():
    state = owning(rich_game(), ANN, *DARK_BLUE)
    events = Build(deed=39).decide(state, 0)
    assert events == [Paid(ANN, BANK, 200, "a house on Boardwalk"), BuildingsChanged(39, 1)]
    assert events[1].describe(state) == "Boardwalk now has 1 house"
    state = run(state, Build(deed=39))
    assert (state.houses, houses(state, 37, 39)) == (31, (0, 1))
    assert cash(state, ANN) == 50_000 - 750 - 200
    assert_building_supply(state)


def test_building_needs_the_whole_group():
    state = owning(owning(rich_game(), ANN, 39), BOB, 37)
    message = refusal(state, Build(deed=39))
    assert message == "Building needs the whole dark blue group: Park Place is owned by Bob."
    assert (
        refusal(owning(rich_game(), ANN, 39), Build(deed=39))
        == "Building needs the whole dark blue group: Park Place is owned by the bank."
    )


def test_building_is_refused_while_a_lot_of_the_group_is_mortgaged():
    state = run(owning(rich_game(), ANN, *GREEN), Mortgage(deed=32))
    assert (
        refusal(state, Build(deed=31))
        == "North Carolina Avenue is mortgaged: lift the mortgage before building in the green group."
    )


def test_only_streets_take_houses():
    state = owning(rich_game(), ANN, 5, 15, 25, 35)
    assert refusal(state, Build(deed=5)) == "Only streets take houses; Reading Railroad is a railroad."


def test_houses_are_built_evenly():
    state = run(owning(rich_game(), ANN, *DARK_BLUE), Build(deed=37), Build(deed=39), Build(deed=39))
    assert houses(state, 37, 39) == (1, 2)
    assert refusal(state, Build(deed=39)) == "Build evenly: Park Place has 1 house, build there first."
    state = run(owning(rich_game(), ANN, *GREEN), Build(deed=34))
    message = refusal(state, Build(deed=34))
    assert message == "Build evenly: Pacific Avenue has no buildings, build there first."


def test_a_hotel_needs_four_houses_on_every_lot_and_sends_them_back_to_the_bank():
    state = built(owning(rich_game(), ANN, *GREEN), GREEN, 4)
    state = run(state, Build(deed=31))
    assert state.houses == 32 - 12 + 4 and state.hotels == 11
    assert state.holding(31).hotel and state.holding(31).houses == 0
    assert refusal(state, Build(deed=31)) == "Pacific Avenue already has a hotel."
    assert cash(state, ANN) == 50_000 - 920 - 12 * 200 - 200
    assert_building_supply(state)


def test_a_hotel_waits_for_the_whole_group_to_have_four_houses():
    state = built(owning(rich_game(), ANN, *GREEN), GREEN, 3)
    state = run(state, Build(deed=31), Build(deed=32))
    assert (
        refusal(state, Build(deed=31)) == "Build evenly: Pennsylvania Avenue has 3 houses, build there first."
    )


def test_the_short_game_builds_hotels_after_three_houses():
    state = built(owning(rich_game(houses_before_hotel=3), ANN, *DARK_BLUE), DARK_BLUE, 4)
    assert all(state.holding(p).hotel for p in DARK_BLUE)
    assert (state.houses, state.hotels) == (32, 10)


def test_the_thirty_third_house_is_refused():
    state = owning(rich_game(), ANN, *GREEN, *DARK_BLUE, *YELLOW, *BROWN)
    state = built(state, GREEN + DARK_BLUE + YELLOW, 4)
    assert state.houses == 0
    assert refusal(state, Build(deed=1)) == "The bank has no houses left (0/32)."
    assert_building_supply(state)


def test_the_thirteenth_hotel_is_refused():
    state = owning(rich_game(), ANN, *RED, *YELLOW, *GREEN, *DARK_BLUE, *BROWN)
    for group in (RED, YELLOW, GREEN, DARK_BLUE):
        state = built(state, group, 5)
    state = built(state, BROWN, 4)
    state = run(state, Build(deed=1))
    assert state.hotels == 0
    assert refusal(state, Build(deed=3)) == "The bank has no hotels left (0/12)."
    assert_building_supply(state)


def test_a_house_sells_back_for_half_its_cost():
    state = built(owning(rich_game(), ANN, *DARK_BLUE), DARK_BLUE, 2)
    before = cash(state, ANN)
    events = SellBuilding(deed=39).decide(state, 0)
    assert events == [BuildingsChanged(39, 1), Paid(BANK, ANN, 100, "sold a house on Boardwalk")]
    state = run(state, SellBuilding(deed=39))
    assert cash(state, ANN) == before + 100
    assert state.houses == 29


def test_houses_are_sold_evenly():
    state = run(built(owning(rich_game(), ANN, *DARK_BLUE), DARK_BLUE, 2), SellBuilding(deed=37))
    assert refusal(state, SellBuilding(deed=37)) == "Sell evenly: Boardwalk has 2 houses, sell there first."


def test_a_lot_without_buildings_has_nothing_to_sell():
    state = owning(rich_game(), ANN, *DARK_BLUE)
    assert refusal(state, SellBuilding(deed=39)) == "Boardwalk has no buildings to sell."


def test_a_hotel_sells_for_half_its_cost_and_breaks_back_down_to_four_houses():
    state = built(owning(rich_game(), ANN, *DARK_BLUE), DARK_BLUE, 5)
    before = cash(state, ANN)
    events = SellBuilding(deed=37).decide(state, 0)
    assert events == [BuildingsChanged(37, 4), Paid(BANK, ANN, 100, "sold the hotel on Park Place")]
    state = run(state, SellBuilding(deed=37))
    assert cash(state, ANN) == before + 100
    assert (state.houses, state.hotels) == (28, 11)
    assert houses(state, 37, 39) == (4, 0) and state.holding(39).hotel
    assert_building_supply(state)


def test_with_too_few_houses_in_the_bank_every_hotel_of_the_group_is_sold_keeping_the_bank_houses():
    state = shortage(built(owning(rich_game(), ANN, *GREEN), GREEN, 5), bank_houses=2)
    before = cash(state, ANN)
    events = SellBuilding(deed=32).decide(state, 0)
    refund = (3 * 200 + (3 * 4 - 2) * 200) // 2
    assert events == [
        BuildingsChanged(31, 0),
        BuildingsChanged(32, 1),
        BuildingsChanged(34, 1),
        Paid(BANK, ANN, refund, "sold 3 hotels in the green group; the bank had 2 houses to break them down"),
    ]
    state = run(state, SellBuilding(deed=32))
    assert cash(state, ANN) == before + 1300
    assert houses(state, *GREEN) == (0, 1, 1)
    assert (state.houses, state.hotels) == (0, 12)
    assert_building_supply(state)


def test_a_lone_hotel_short_of_houses_takes_houses_from_its_neighbours_to_stay_even():
    state = built(owning(rich_game(), ANN, *GREEN), GREEN, 4)
    state = shortage(run(state, Build(deed=31)), bank_houses=2)
    before = cash(state, ANN)
    state = run(state, SellBuilding(deed=31))
    assert houses(state, *GREEN) == (3, 3, 4)
    # The group held a hotel (cost + 4 houses) and 8 houses; it keeps 10 houses: it gave up 3 x $200.
    assert cash(state, ANN) == before + 300
    assert (state.houses, state.hotels) == (0, 12)
    assert_building_supply(state)


def test_with_no_houses_in_the_bank_a_group_of_hotels_goes_to_bare_land():
    state = shortage(built(owning(rich_game(), ANN, *GREEN), GREEN, 5), bank_houses=0)
    before = cash(state, ANN)
    state = run(state, SellBuilding(deed=34))
    assert houses(state, *GREEN) == (0, 0, 0)
    assert not any(state.holding(p).hotel for p in GREEN)
    assert cash(state, ANN) == before + (3 * 200 + 12 * 200) // 2
    assert_building_supply(state)


def test_under_the_jma_hotel_sale_principle_an_all_hotel_group_short_of_houses_goes_to_bare_land():
    # 001: 「すべての土地にホテルが建っている場合 すべての土地を一旦更地にして、銀行から家7.5軒分の建設費を受け取る」
    state = shortage(built(owning(rich_game(preset="jma"), ANN, *GREEN), GREEN, 5), bank_houses=2)
    before = cash(state, ANN)
    events = SellBuilding(deed=32).decide(state, 0)
    assert events == [
        BuildingsChanged(31, 0),
        BuildingsChanged(32, 0),
        BuildingsChanged(34, 0),
        Paid(
            BANK,
            ANN,
            1500,
            "sold 3 hotels in the green group; under the JMA rules the group keeps only the houses it had",
        ),
    ]
    state = run(state, SellBuilding(deed=32))
    assert cash(state, ANN) == before + 1500 == before + 15 * 200 // 2  # 7.5 houses at $200
    assert houses(state, *GREEN) == (0, 0, 0)
    assert (state.houses, state.hotels) == (2, 12)
    assert_building_supply(state)


def test_under_the_hotel_sale_principle_dark_blue_goes_to_bare_land_for_five_houses():
    state = built(owning(rich_game(hotel_sale_principle=True), ANN, *DARK_BLUE), DARK_BLUE, 5)
    state = shortage(state, bank_houses=3)
    before = cash(state, ANN)
    state = run(state, SellBuilding(deed=39))
    assert houses(state, *DARK_BLUE) == (0, 0)
    assert not any(state.holding(p).hotel for p in DARK_BLUE)
    assert cash(state, ANN) == before + 1000  # 2 hotels and the 8 houses they replaced, $200 each, half
    assert (state.houses, state.hotels) == (3, 12)
    assert_building_supply(state)


def test_a_group_priced_apart_sells_its_hotels_at_each_lots_own_costs():
    """A board of a table's own prices Park Place's buildings at $100 and Boardwalk's at $300: the
    group's hotels cost $500 and $1,500, and sold at once they fetch half, $1,000, whichever lot is
    tapped (each was paid at the tapped lot's prices: $500 or $1,500)."""
    data = edition_to_json(load_edition("us"))
    for deed in data["properties"]:
        if deed["position"] in DARK_BLUE:
            deed["house_cost"] = deed["hotel_cost"] = 100 if deed["position"] == 37 else 300
    start = fold(
        [(1, [start_game(NAMES[:3], "classic", custom_edition(data), {"hotel_sale_principle": True})])]
    )
    state = built(owning(start.with_player(ANN, cash=5000), ANN, *DARK_BLUE), DARK_BLUE, 5)
    before = cash(state, ANN)
    for tapped in DARK_BLUE:
        sold = run(state, SellBuilding(deed=tapped))
        assert cash(sold, ANN) == before + 1000 and houses(sold, *DARK_BLUE) == (0, 0)


def test_under_the_hotel_sale_principle_a_lone_hotel_spreads_only_the_houses_the_group_had():
    # 001: 「ホテルが1軒だけ建っている場合 ホテルを売却し、銀行から家2.5軒分の建設費を受け取る。
    # 残る家8軒を同一カラーグループ上で均等に再配置する。」
    state = built(owning(rich_game(preset="jma"), ANN, *GREEN), GREEN, 4)
    state = shortage(run(state, Build(deed=31)), bank_houses=2)
    before = cash(state, ANN)
    state = run(state, SellBuilding(deed=31))
    assert houses(state, *GREEN) == (2, 3, 3)
    assert cash(state, ANN) == before + 500  # 2.5 houses at $200
    assert (state.houses, state.hotels) == (2, 12)
    assert_building_supply(state)


def test_classic_keeps_the_bank_houses_on_a_group_sold_short():
    state = shortage(built(owning(rich_game(preset="classic"), ANN, *GREEN), GREEN, 5), bank_houses=2)
    assert run(state, SellBuilding(deed=32)).houses == 0


def test_nobody_builds_on_an_unknown_or_unowned_deed():
    assert refusal(rich_game(), Build(deed=30)) == "There is no title deed at board position 30."
    assert refusal(rich_game(), Build(deed=39)) == "Nobody owns Boardwalk."
    assert refusal(rich_game(), SellBuilding(deed=39)) == "Nobody owns Boardwalk."


def test_building_needs_the_cash_for_the_house():
    state = owning(new_game(starting_cash=800), ANN, *DARK_BLUE)
    assert refusal(state, Build(deed=39)) == "Ann has $50 and needs $150 more to pay $200."


def worth_of_buildings(state, group) -> int:
    """What the group's buildings cost, a hotel counting with the 4 houses it replaced."""
    deed = state.deed(group[0])
    lots = [state.holding(p) for p in group]
    return sum(
        lot.houses * deed.house_cost + lot.hotel * (deed.hotel_cost + 4 * deed.house_cost) for lot in lots
    )


@settings(max_examples=40, deadline=None)
@given(
    group=st.sampled_from([BROWN, LIGHT_BLUE, PINK, GREEN, DARK_BLUE]),
    hotels=st.integers(min_value=1, max_value=3),
    bank_houses=st.integers(min_value=0, max_value=3),
    pick=st.integers(min_value=0, max_value=2),
    principle=st.booleans(),
)
def test_a_hotel_sold_short_of_houses_leaves_the_group_even_and_pays_half_what_it_gave_up(
    group, hotels, bank_houses, pick, principle
):
    hotels = min(hotels, len(group))
    state = built(owning(rich_game(hotel_sale_principle=principle), ANN, *group), group, 4)
    state = shortage(run(state, *(Build(deed=p) for p in group[:hotels])), bank_houses)
    before = state
    state = run(state, SellBuilding(deed=group[pick % hotels]))
    levels = houses(state, *group)
    assert not any(state.holding(p).hotel for p in group)
    assert max(levels) - min(levels) <= 1 and list(levels) == sorted(levels)
    kept_from_the_bank = 0 if principle else bank_houses
    assert sum(levels) == kept_from_the_bank + sum(houses(before, *group))
    assert state.houses == bank_houses - kept_from_the_bank
    gave_up = worth_of_buildings(before, group) - worth_of_buildings(state, group)
    assert cash(state, ANN) - cash(before, ANN) == gave_up // 2
    assert_building_supply(state)
