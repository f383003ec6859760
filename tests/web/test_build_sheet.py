"""The building sheet of a colour group: every lot with + / −, an even round ready, one confirm."""

from __future__ import annotations

from tests.support.web import HTMX, KO, buttons, do, readable, refusals, state, tap, text


def test_your_own_deed_opens_the_groups_building_sheet_with_an_even_round_ready(bought):
    sheet = tap(bought["Ann"], bought["id"], 1)
    assert "Houses in the brown group" in sheet and "Your deed." in sheet
    assert "Build · −$100" in buttons(sheet)  # a house on each of the two browns, one payment
    assert buttons(sheet)[-1] == "Mortgage · +$30"
    assert sheet.count('class="plan-row"') == 2 and sheet.count("now no buildings") == 2


def test_the_bank_acting_for_the_owner_reads_whose_deed_it_is(bought):
    sheet = tap(bought["host"], bought["id"], 1, view="bank", player=1)
    assert "Ann's deed." in sheet and "Your deed." not in sheet
    assert "Build · −$100" in buttons(sheet)


def test_the_building_sheet_counts_a_changed_plan_before_anything_is_spent(app, bought):
    sheet = tap(bought["Ann"], bought["id"], 1, plan="2,1")
    assert "Build · −$150" in buttons(sheet)
    assert "/space/1?view=player&plan=1,1" in sheet  # − on Mediterranean Avenue
    assert "/space/1?view=player&plan=3,2" in sheet  # +1 house on each
    uneven = tap(bought["Ann"], bought["id"], 1, plan="2,0")
    assert (
        "Build evenly: the lots of a group may differ by one house at most; this plan gives "
        "Mediterranean Avenue 2 houses and Baltic Avenue no buildings."
    ) in refusals(uneven)
    assert state(app, bought["id"]).player(1).cash == 1500 - 60 - 60 - 200  # nothing was spent
    for nonsense in ("9,9", "1", "a,b", "²,1", "-1,0"):  # not a plan for these lots: the next even round
        assert "Build · −$100" in buttons(tap(bought["Ann"], bought["id"], 1, plan=nonsense))


def test_one_confirm_builds_the_plan_as_one_action(app, bought):
    response = do(bought["Ann"], bought["id"], type="build_group", deed=1, levels='{"1": 2, "3": 1}')
    assert response.status_code == 200
    game = state(app, bought["id"])
    assert (game.holding(1).houses, game.holding(3).houses, game.houses) == (2, 1, 29)
    assert game.player(1).cash == 1500 - 320 - 150
    assert "You paid the bank $150 (building in the brown group)" in text(response)
    sheet = tap(bought["Ann"], bought["id"], 3)  # the next even round: Baltic up to 2
    assert "Build · −$50" in buttons(sheet) and "now 2 houses" not in sheet
    assert "Sell · +$25" in buttons(tap(bought["Ann"], bought["id"], 3, plan="1,1"))


def test_a_round_sold_is_offered_beside_the_round_built_and_alone_once_the_group_is_full(app, bought):
    """Selling a round took four taps (the lot, −1 on each twice, Sell): it is on the sheet as it
    opens, as building is."""
    do(bought["Ann"], bought["id"], type="build_group", deed=1, levels='{"1": 2, "3": 1}')
    # Baltic up to 2, or Mediterranean down to 1
    assert plan_buttons(tap(bought["Ann"], bought["id"], 1)) == ["Build · −$50", "Sell evenly · +$25"]
    response = do(bought["Ann"], bought["id"], type="build_group", deed=1, levels='{"1": 1, "3": 1}')
    assert response.status_code == 200 and state(app, bought["id"]).player(1).cash == 1500 - 320 - 150 + 25
    assert plan_buttons(tap(bought["Ann"], bought["id"], 1)) == ["Build · −$100", "Sell evenly · +$50"]
    do(bought["Ann"], bought["id"], type="build_group", deed=1, levels='{"1": 5, "3": 5}')
    assert plan_buttons(tap(bought["Ann"], bought["id"], 3)) == ["Sell · +$50"]  # a hotel off each
    assert plan_buttons(tap(bought["Ann"], bought["id"], 5)) == []  # a railroad takes no buildings


def plan_buttons(sheet: str) -> list[str]:
    return [label for label in buttons(sheet) if label.startswith(("Build", "Sell"))]


def test_a_refused_plan_is_shown_with_its_reason(bought):
    do(bought["Ann"], bought["id"], type="mortgage", deed=3)
    sheet = tap(bought["Ann"], bought["id"], 1)
    assert "Baltic Avenue is mortgaged: lift the mortgage before building in the brown group." in refusals(
        sheet
    )
    assert "plan-row" not in tap(bought["Ann"], bought["id"], 5)  # a railroad takes no houses


def test_a_group_not_whole_shows_why_and_no_plan_to_change(bought):
    """+ and − and a house drawn on each lot read as a plan that could be built, refused only at
    the last button: with nothing built and the group not whole, only the reason is shown."""
    for deed in (6, 8):
        do(bought["host"], bought["id"], "bank", type="buy", player=2, deed=deed)
    sheet = tap(bought["Bob"], bought["id"], 6)
    assert "Building needs the whole light blue group: Connecticut Avenue is owned by the bank." in refusals(
        sheet
    )
    assert "plan-row" not in sheet and "+1 house on each" not in sheet and "Houses in the light blue" in sheet


def test_a_korean_phone_reads_the_group_in_korean_on_the_building_sheet(bought):
    response = bought["Ann"].get(
        f"/g/{bought['id']}/space/1", query_string={"view": "player"}, headers={**HTMX, **KO}
    )
    sheet = text(response)
    assert "갈색 그룹의 주택" in sheet and "짓기 · −$100" in readable(sheet)


def test_the_bank_plans_a_round_for_the_player_it_acts_for(bought):
    sheet = tap(bought["host"], bought["id"], 3, view="bank", player=1)
    assert "Build · −$100" in buttons(sheet)
    assert "/space/3?view=bank&plan=2,1" in sheet  # + on Mediterranean, sent with the acting player
    assert 'hx-include="#acting"' in sheet[sheet.index('class="plan"') :]
