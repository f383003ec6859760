"""Building or selling round a colour group in one go: one command, one payment, one undo."""

from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st

from banker.rules import BANK, RuleError, describe_action, parse_command
from banker.rules.build_plans import BuildGroup
from banker.rules.buildings import BuildingsChanged, level
from banker.rules.errors import InvalidCommand
from banker.rules.money import Paid
from banker.rules.undo import Undo
from tests.support.rules import (
    ANN,
    BOB,
    GREEN,
    LIGHT_BLUE,
    ORANGE,
    PINK,
    assert_building_supply,
    built,
    cash,
    new_game,
    owning,
    refusal,
    run,
    shortage,
)


def plan(deed, **levels):
    return BuildGroup(deed=deed, levels=tuple(sorted((int(p[1:]), n) for p, n in levels.items())))


def rich_orange(**options):
    return owning(new_game(starting_cash=50_000, **options), ANN, *ORANGE)


def test_a_house_on_each_lot_is_one_payment_of_their_sum():
    state = rich_orange()
    events = plan(16, p16=1, p18=1, p19=1).decide(state, 0)
    assert events == [
        Paid(ANN, BANK, 300, "building in the orange group"),
        BuildingsChanged(16, 1),
        BuildingsChanged(18, 1),
        BuildingsChanged(19, 1),
    ]
    after = run(state, plan(16, p16=1, p18=1, p19=1))
    assert cash(after, ANN) == cash(state, ANN) - 300 and after.houses == 29
    assert run(after, Undo()).holdings == state.holdings  # one action: one undo takes it all back


def test_several_rounds_and_a_hotel_at_once_cost_every_building_and_return_the_replaced_houses():
    state = rich_orange()
    after = run(state, plan(18, p16=5, p18=4, p19=4))
    assert [level(after, p) for p in ORANGE] == [5, 4, 4]
    assert cash(state, ANN) - cash(after, ANN) == 12 * 100 + 100  # twelve houses, then the hotel
    assert (after.houses, after.hotels) == (32 - 8, 11)
    assert_building_supply(after)


def test_selling_round_the_group_pays_half_of_each_building():
    state = built(rich_orange(), ORANGE, 3)
    after = run(state, plan(16, p16=1, p18=2, p19=2))
    assert [level(after, p) for p in ORANGE] == [1, 2, 2]
    assert cash(after, ANN) - cash(state, ANN) == 4 * 50
    line = describe_action(state, after.undo[-1].events)
    assert line == (
        "Ann collected $200 from the bank (sold buildings in the orange group); St. James Place now has 1 house; "
        "Tennessee Avenue now has 2 houses; New York Avenue now has 2 houses"
    )


def test_selling_a_hotel_and_building_elsewhere_in_one_plan_pays_the_difference():
    state = built(rich_orange(), ORANGE, 4)
    state = run(state, plan(16, p16=5, p18=5, p19=5))
    after = run(state, plan(16, p16=4, p18=4, p19=5))
    assert cash(after, ANN) - cash(state, ANN) == 2 * 50  # two hotels sold at half of $100
    assert after.houses == state.houses - 8 and after.hotels == state.hotels + 2


def test_an_uneven_plan_is_refused_saying_what_the_plan_would_leave():
    """Refused as the single build half way through it would be, it read "Tennessee Avenue has 1
    house", of a lot that had none."""
    assert refusal(rich_orange(), plan(16, p16=3, p18=1, p19=1)) == (
        "Build evenly: the lots of a group may differ by one house at most; this plan gives "
        "St. James Place 3 houses and Tennessee Avenue 1 house."
    )
    assert refusal(run(rich_orange(), plan(16, p16=4, p18=4, p19=4)), plan(16, p16=5, p18=3)) == (
        "Build evenly: the lots of a group may differ by one house at most; this plan gives "
        "St. James Place a hotel and Tennessee Avenue 3 houses."
    )
    assert refusal(rich_orange(), plan(16, p16=2)) == (
        "Build evenly: the lots of a group may differ by one house at most; this plan gives "
        "St. James Place 2 houses and Tennessee Avenue no buildings."
    )


def test_the_cash_is_checked_against_the_whole_plan():
    state = owning(new_game(), ANN, *ORANGE)  # $1,500 - $560 = $940
    state = run(state, pay_player_command(ANN, BOB, 700))
    assert refusal(state, plan(16, p16=1, p18=1, p19=1)) == "Ann has $240 and needs $60 more to pay $300."
    assert cash(run(state, plan(16, p16=1, p18=1)), ANN) == 40


def pay_player_command(payer, payee, amount):
    return parse_command({"type": "pay_player", "player": payer, "to": payee, "amount": amount})


def test_the_bank_supply_limits_the_plan():
    state = shortage(owning(new_game(starting_cash=50_000), ANN, *LIGHT_BLUE), bank_houses=2)
    assert refusal(state, plan(6, p6=1, p8=1, p9=1)) == "The bank has no houses left (0/32)."


def test_a_plan_needs_the_whole_group_and_only_its_lots():
    state = owning(owning(new_game(), ANN, 16, 18), BOB, 19)
    assert refusal(state, plan(16, p16=1)) == (
        "Building needs the whole orange group: New York Avenue is owned by Bob."
    )
    assert refusal(rich_orange(), plan(16, p21=1)) == "The plan is for Ann's lots of the orange group only."
    assert refusal(rich_orange(), plan(16, p16=6)) == "A lot takes 0 to 5 houses, the last one a hotel."
    assert refusal(rich_orange(), plan(16, p16=0)) == (
        "The plan changes nothing: every lot already stands as planned."
    )


def test_a_hotel_sale_that_would_take_the_group_past_the_plan_is_refused():
    state = shortage(built(owning(new_game(starting_cash=50_000), ANN, *GREEN), GREEN, 5), bank_houses=2)
    message = refusal(state, plan(31, p31=4, p32=5, p34=5))
    assert (
        message == "The bank has too few houses to break a hotel down to that: sell the hotels one at a time."
    )


def test_the_api_reads_a_plan_as_an_object_or_as_the_text_a_form_posts():
    expected = BuildGroup(deed=16, levels=((16, 1), (18, 2)))
    assert parse_command({"type": "build_group", "deed": 16, "levels": {"18": 2, "16": 1}}) == expected
    assert parse_command({"type": "build_group", "deed": "16", "levels": '{"16": 1, "18": 2}'}) == expected
    for bad in ("[1, 2]", "{", {}, [16]):
        try:
            parse_command({"type": "build_group", "deed": 16, "levels": bad})
        except InvalidCommand as error:
            assert "The levels must be an object" in error.message
        else:
            raise AssertionError(bad)


def test_the_round_to_rule_rounds_each_building_as_single_builds_would():
    state = owning(new_game(starting_cash=50_000, round_to=5), ANN, *ORANGE)
    after = run(state, plan(16, p16=1, p18=1, p19=1))
    assert cash(state, ANN) - cash(after, ANN) == 300


@settings(max_examples=60, deadline=None)
@given(
    group=st.sampled_from([LIGHT_BLUE, PINK, GREEN]),  # Bob builds the shortage on the others
    start=st.integers(min_value=0, max_value=5),
    top=st.integers(min_value=0, max_value=5),
    lower=st.lists(st.integers(min_value=0, max_value=1), min_size=3, max_size=3),  # mostly even plans
    bank_houses=st.sampled_from([32, 6, 2, 0]),
    cash_left=st.integers(min_value=0, max_value=2000),
)
def test_a_plan_keeps_the_group_even_the_supply_whole_and_the_money_counted(
    group, start, top, lower, bank_houses, cash_left
):
    targets = [max(top - down, 0) for down in lower]
    state = built(owning(new_game(starting_cash=50_000), ANN, *group), group, start)
    if bank_houses < 32:
        state = shortage(state, min(bank_houses, state.houses))
    state = run(state, pay_player_command(ANN, BOB, cash(state, ANN) - cash_left))
    command = BuildGroup(deed=group[0], levels=tuple(zip(group, targets, strict=True)))
    try:
        after = run(state, command)
    except RuleError:  # refused: decide raised, nothing was stored
        return
    levels = [level(after, p) for p in group]
    assert levels == targets and max(levels) - min(levels) <= 1
    assert after.houses >= 0 and after.hotels >= 0
    assert_building_supply(after)
    money = sum(p.cash for p in after.players) + after.free_parking
    assert money - sum(p.cash for p in state.players) - state.free_parking == _bank_paid(state, after)
    assert cash(after, ANN) >= 0


def _bank_paid(before, after) -> int:
    """What the bank paid out (less what it took) in the action that led to `after`."""
    (entry,) = after.undo[-1:]
    return sum(
        (e.amount if e.payer == BANK else -e.amount if e.payee == BANK else 0)
        for e in entry.events
        if isinstance(e, Paid)
    )
