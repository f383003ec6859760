"""Drafts: an edition with blanks, the built-in Millionaire board among them. A draft is checked
as any edition is, lists what is still to type, takes what is typed field by field (every bad
input refused with its reason, nothing changed) and plays once nothing is missing."""

from __future__ import annotations

from typing import Any

import pytest

from banker.rules import fold, start_game
from banker.rules.board import edition_to_json
from banker.rules.editions import custom_edition, load_edition
from banker.rules.editions.check import InvalidEdition, check_edition
from banker.rules.editions.draft import (
    Refused,
    add_card,
    built_in_draft,
    draft_from_json,
    edit,
    missing,
    playable,
    remove_card,
)
from banker.rules.money import PayTax
from banker.rules.rent import PayRent
from tests.support.millionaire_box import JAIL_FINE, filled
from tests.support.rules import ANN, BOB, cash, owning, run

MILLIONAIRE_BOARD = [  # (position, name, type, colour group, price in K): seed 000 and the sources' 32
    (0, "GO", "go", None, None),
    (1, "Motor Drive", "street", "brown", 5),
    (2, "Millionaire Lifestyle", "lifestyle", None, None),
    (3, "Gadget Wharf", "street", "brown", 5),
    (4, "Surfer's Cove", "street", "light_blue", 15),
    (5, "Chance", "chance", None, None),
    (6, "Aqua Park Resort", "street", "light_blue", 15),
    (7, "Lakeside Marina", "street", "light_blue", 20),
    (8, "Jail / Just Visiting", "jail", None, None),
    (9, "Castle View", "street", "pink", 35),
    (10, "Dream Avenue", "street", "pink", 35),
    (11, "Palace Gardens", "street", "pink", 40),
    (12, "Adventure Park", "street", "orange", 55),
    (13, "Millionaire Lifestyle", "lifestyle", None, None),
    (14, "Themepark City", "street", "orange", 55),
    (15, "Movie District", "street", "orange", 60),
    (16, "Free Parking", "free_parking", None, None),
    (17, "Style Square", "street", "red", 80),
    (18, "Chance", "chance", None, None),
    (19, "Party Plaza", "street", "red", 80),
    (20, "Showtime Boulevard", "street", "red", 90),
    (21, "Sunshine Bay", "street", "yellow", 115),
    (22, "Bling Beach", "street", "yellow", 115),
    (23, "Yacht Harbor", "street", "yellow", 120),
    (24, "Go to Jail", "go_to_jail", None, None),
    (25, "Treetop Retreat", "street", "green", 145),
    (26, "Ski Mountain", "street", "green", 145),
    (27, "Millionaire Lifestyle", "lifestyle", None, None),
    (28, "Diamond Hills", "street", "green", 150),
    (29, "Chance", "chance", None, None),
    (30, "Fortune Valley", "street", "dark_blue", 170),
    (31, "Paradise Island", "street", "dark_blue", 200),
]


def millionaire() -> dict[str, Any]:
    return built_in_draft("millionaire")


def us() -> dict[str, Any]:
    return draft_from_json(edition_to_json(load_edition("us")))


def refused(draft: dict[str, Any], **changes: str) -> dict[str, str]:
    with pytest.raises(Refused) as refusal:
        edit(draft, {path.replace("__", "."): typed for path, typed in changes.items()})
    return refusal.value.reasons


# --- the Millionaire draft -----------------------------------------------------------------------


def test_the_millionaire_draft_has_the_32_spaces_in_order_and_the_22_deeds_at_their_prices():
    draft = millionaire()
    prices = {deed["position"]: deed["price"] for deed in draft["properties"]}
    board = [
        (s["position"], s["name"], s["type"], s.get("group"), prices.get(s["position"]))
        for s in draft["spaces"]
    ]
    assert board == MILLIONAIRE_BOARD
    assert [deed["name"] for deed in draft["properties"]] == [
        n for _, n, t, _, _ in MILLIONAIRE_BOARD if t == "street"
    ]
    assert draft["currency"] == "MK" and draft["edition"] == "Monopoly Millionaire"


def test_the_millionaire_draft_gives_the_sources_bank_figures_and_the_boxs_decks():
    draft = millionaire()
    assert draft["bank"] == {
        "starting_cash_per_player": 372,  # 372K (P2, P4)
        "go_salary": 150,  # 150K at level 1 (seed 000: 1단계 말은 150K); the preset raises it by level
        "jail_fine": None,  # no rule text gives it
        "houses": 32,
        "hotels": 12,
    }
    assert {deck: len(draft[deck]) for deck in ("chance", "lifestyle", "fortune")} == {
        "chance": 14,
        "lifestyle": 14,
        "fortune": 22,
    }
    assert "community_chest" not in draft


def test_the_millionaire_draft_leaves_every_figure_no_source_gives_blank():
    draft = millionaire()
    for deed in draft["properties"]:
        assert (deed["mortgage"], deed["house_cost"], deed["hotel_cost"]) == (None, None, None), deed["name"]
        assert deed["rent"] == [None] * 6, deed["name"]
    cards = draft["chance"] + draft["lifestyle"] + draft["fortune"]
    assert all(card["text"] is None and card["action"] is None for card in cards)
    gaps = missing(draft)
    assert len(gaps) == 22 * 9 + 1 + 50 * 2
    assert [(g.field, g.label) for g in gaps[:9]] == [  # in the order a title deed prints them
        ("deed.1.rent.0", "Rent, site only"),
        ("deed.1.rent.1", "Rent with 1 house"),
        ("deed.1.rent.2", "Rent with 2 houses"),
        ("deed.1.rent.3", "Rent with 3 houses"),
        ("deed.1.rent.4", "Rent with 4 houses"),
        ("deed.1.rent.5", "Rent with a hotel"),
        ("deed.1.mortgage", "Mortgage value"),
        ("deed.1.house_cost", "House cost"),
        ("deed.1.hotel_cost", "Hotel cost"),
    ]
    assert ("bank.jail_fine", "bank") in [(g.field, g.item) for g in gaps]
    assert [g.field for g in gaps[-2:]] == ["card.lifestyle.13.text", "card.lifestyle.13.action"]


def test_the_millionaire_draft_does_not_play_until_the_table_has_typed_its_figures():
    with pytest.raises(InvalidEdition) as refusal:
        playable(millionaire())
    assert (
        refusal.value.message
        == "Motor Drive's mortgage value must be a whole number from 1 to 1,000,000, not null."
    )
    with pytest.raises(InvalidEdition):
        check_edition(millionaire())


def test_the_millionaire_board_typed_in_plays_its_own_printed_figures():
    edition = playable(filled(millionaire()))
    state = fold([(1, [start_game(["Ann", "Bob"], "millionaire", edition=edition)])])
    assert state.edition.deed_at[31].rent == (50, 150, 300, 500, 600, 750)  # the box's: base 50K
    assert (state.edition.jail_fine, state.rules.jail_fine) == (JAIL_FINE, JAIL_FINE)
    state = run(owning(state, ANN, 30, 31), PayRent(player=BOB, deed=31))
    assert (cash(state, ANN), cash(state, BOB)) == (
        372 - 170 - 200 + 100,
        372 - 100,
    )  # doubled: a whole group
    assert state.money(cash(state, ANN)) == "102K"


# --- a complete edition is a draft with nothing missing ------------------------------------------


def test_a_complete_edition_is_a_draft_with_nothing_missing_and_plays_as_it_is():
    draft = us()
    assert missing(draft) == []
    assert playable(draft) == custom_edition(edition_to_json(load_edition("us")))


def test_a_file_with_blanks_is_checked_as_any_edition_and_kept_to_the_keys_the_app_uses():
    data = edition_to_json(load_edition("us"))
    data["properties"][0]["rent"] = None
    data["properties"][0]["note"] = "a note"
    data["edition"] = "   " + "S" * 80 + "   "  # a title of 80 characters once its spaces are cut
    draft = draft_from_json(data)
    assert draft["properties"][0]["rent"] == [None] * 6 and "note" not in draft["properties"][0]
    assert draft["edition"] == "S" * 80
    del data["spaces"]
    with pytest.raises(InvalidEdition) as refusal:
        draft_from_json(data)
    assert refusal.value.message == (
        'The edition file has no "spaces". It needs edition, properties, spaces, bank and the decks of cards.'
    )


def test_a_name_is_never_blank_in_a_file():
    data = edition_to_json(load_edition("us"))
    data["properties"][0]["name"] = None
    with pytest.raises(InvalidEdition) as refusal:
        draft_from_json(data)
    assert refusal.value.message == 'Entry 1 of "properties" needs a name of 1 to 40 characters.'


# --- typing into a draft --------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("typed", "cost"),
    [("1,500", 1500), ("$60", 60), (" 75 ", 75), ("１５００", 1500), ("", None)],
)
def test_a_figure_is_typed_as_the_bank_counts_it_or_left_blank(typed, cost):
    assert edit(us(), {"deed.39.hotel_cost": typed})["properties"][-1]["hotel_cost"] == cost


def test_in_thousands_a_figure_may_be_typed_with_its_k_or_in_millions_as_the_game_prints_it():
    draft = edit(
        millionaire(),
        {"deed.1.rent.0": "7K", "deed.1.rent.1": "15k", "deed.1.rent.4": "M1.5", "deed.1.rent.5": "2M"},
    )
    assert draft["properties"][0]["rent"][:2] == [7, 15]
    assert draft["properties"][0]["rent"][4:] == [1500, 2000]
    with pytest.raises(Refused, match='not "M1.2345"'):  # a part of a thousand
        edit(millionaire(), {"deed.1.rent.5": "M1.2345"})
    for typed in ("M" + "1" * 5000, "1" * 5000 + "M"):  # refused as a figure, not past Python's 4,300 digits
        with pytest.raises(Refused, match="must be a whole number from 1 to 1,000,000"):
            edit(millionaire(), {"bank.go_salary": typed})


@pytest.mark.parametrize(
    ("field", "typed", "reason"),
    [
        ("deed.39.price", "abc", 'Boardwalk\'s price must be a whole number from 1 to 1,000,000, not "abc".'),
        ("deed.39.price", "0", "Boardwalk's price must be a whole number from 1 to 1,000,000, not 0."),
        (
            "deed.39.mortgage",
            "-5",
            "Boardwalk's mortgage value must be a whole number from 1 to 1,000,000, not -5.",
        ),
        ("deed.39.price", "1.5", 'Boardwalk\'s price must be a whole number from 1 to 1,000,000, not "1.5".'),
        ("deed.39.price", "2,5", 'Boardwalk\'s price must be a whole number from 1 to 1,000,000, not "2,5".'),
        (
            "deed.3.rent.1",
            "1,50",
            'Baltic Avenue: Rent with 1 house must be a whole number from 1 to 1,000,000, not "1,50".',
        ),
        (
            "deed.39.hotel_cost",
            "1000001",
            "Boardwalk's hotel cost must be a whole number from 1 to 1,000,000, not 1000001.",
        ),
        (
            "deed.39.rent.2",
            "many",
            'Boardwalk: Rent with 2 houses must be a whole number from 1 to 1,000,000, not "many".',
        ),
        ("bank.houses", "5000", "The bank's houses must be a whole number from 1 to 1,000, not 5000."),
        ("space.4.amount", "x", 'Income Tax\'s amount must be a whole number from 1 to 1,000,000, not "x".'),
        (
            "deed.39.name",
            "  ",
            "Boardwalk's name has nothing visible in it: write it in letters people can read.",
        ),
        ("deed.39.name", "B" * 41, "Boardwalk's name is at most 40 characters."),
        (
            "deed.39.name",
            "Board\x07walk",
            "Boardwalk's name holds an invisible control character (U+0007): type it again without it.",
        ),
        ("title", "", "The edition's title has nothing visible in it: write it in letters people can read."),
        (
            "deed.39.group",
            "purple",
            "A colour group is one of: brown, light_blue, pink, orange, red, yellow, green, dark_blue.",
        ),
        ("deed.5.group", "brown", "This edition has no field deed.5.group."),
        ("deed.2.price", "60", "This edition has no field deed.2."),
        ("deed.39.rent.6", "60", "This edition has no field deed.39.rent.6."),
        ("space.5.amount", "60", "This edition has no field space.5.amount."),
        ("currency", "DEM", "How money reads is one of: USD, GBP, EUR, KRW, JPY, MK."),
        ("bank.salary", "200", "This edition has no field bank.salary."),
        ("card.chance.0.action", "fly", "Choose what Chance card 1 does."),
        ("card.chance.16.text", "Hi", "This edition has no field card.chance.16.text."),
        ("card.fortune.0.text", "Hi", "This edition has no field card.fortune."),
        ("card.chance.0.amount", "10", "This edition has no field card.chance.0.amount."),
        ("card.chance.0.target", "40", "Choose the space Chance card 1 moves to."),
        (
            "card.chance.9.spaces",
            "0",
            "Chance card 10 moves a whole number of spaces from -39 to 39 other than 0, not 0.",
        ),
        ("card.chance.7.text", "x" * 301, "The words of Chance card 8 are at most 300 characters."),
        # places past the 4,300 digits Python reads as a number: refused as places, not a crash
        (f"deed.{'1' * 5000}.price", "60", f"This edition has no field deed.{'1' * 55}."),
        (f"deed.39.rent.{'0' * 5000}", "60", f"This edition has no field deed.39.rent.{'0' * 47}."),
        (f"card.chance.{'0' * 5000}.text", "Hi", f"This edition has no field card.chance.{'0' * 48}."),
        ("card.\u202echance", "Hi", "This edition has no field card.\\u202echance."),  # shown, not obeyed
    ],
)
def test_a_bad_input_is_refused_with_its_fields_reason_and_changes_nothing(field, typed, reason):
    draft = us()
    before = us()
    assert refused(draft, **{field.replace(".", "__"): typed}) == {field: reason}
    assert draft == before


def test_of_several_changes_one_refused_refuses_them_all():
    draft = us()
    reasons = refused(draft, deed__39__price="450", deed__37__price="lots")
    assert reasons == {
        "deed.37.price": 'Park Place\'s price must be a whole number from 1 to 1,000,000, not "lots".'
    }
    assert draft == us()


def above_price(price: int, mortgage: int) -> str:
    return f"Mediterranean Avenue's mortgage value must be at most its price, {price}, not {mortgage}."


@pytest.mark.parametrize(
    ("changes", "reasons"),
    [
        ({"deed.1.mortgage": "100"}, {"deed.1.mortgage": above_price(60, 100)}),
        ({"deed.1.price": "20"}, {"deed.1.price": above_price(20, 30)}),
        (
            {"deed.1.price": "20", "deed.1.mortgage": "25"},
            {"deed.1.price": above_price(20, 25), "deed.1.mortgage": above_price(20, 25)},
        ),
    ],
    ids=["mortgage", "price", "both"],
)
def test_a_mortgage_value_above_its_deeds_price_is_refused_at_the_figure_typed(changes, reasons):
    draft = us()
    with pytest.raises(Refused) as refusal:
        edit(draft, changes)
    assert refusal.value.reasons == reasons
    assert draft == us()


def test_a_price_and_its_mortgage_value_lowered_in_one_save_are_kept_and_a_blank_price_bounds_nothing():
    lowered = edit(us(), {"deed.1.price": "20", "deed.1.mortgage": "10"})["properties"][0]
    assert (lowered["price"], lowered["mortgage"]) == (20, 10)
    unpriced = edit(us(), {"deed.1.price": ""})
    assert edit(unpriced, {"deed.1.mortgage": "100"})["properties"][0]["mortgage"] == 100


def test_a_file_mortgaging_a_deed_above_its_price_is_kept_as_a_draft_but_does_not_play():
    data = edition_to_json(load_edition("us"))
    data["properties"][-1]["mortgage"] = 900
    draft = draft_from_json(data)
    assert missing(draft) == []
    with pytest.raises(InvalidEdition) as refusal:
        playable(draft)
    assert refusal.value.message == "Boardwalk's mortgage value must be at most its price, 400, not 900."


def test_a_rent_typed_below_the_one_before_is_kept_while_typing_but_the_board_does_not_play():
    draft = edit(us(), {"deed.1.rent.3": "5", "deed.1.rent.5": "1"})
    assert draft["properties"][0]["rent"] == [2, 10, 30, 5, 160, 1]
    with pytest.raises(InvalidEdition) as refusal:
        playable(draft)
    assert refusal.value.message == (
        "Mediterranean Avenue: Rent with 3 houses is 5, but Rent with 2 houses is 30; each rent must be "
        "more than the one before."
    )
    rising = playable(edit(draft, {"deed.1.rent.3": "90", "deed.1.rent.5": "250"}))
    assert rising["properties"][0]["rent"] == [2, 10, 30, 90, 160, 250]


@pytest.mark.parametrize("typed", ["Boardwalk", "  boardwalk "])
def test_a_deed_named_as_another_is_refused_at_its_name(typed):
    draft = us()
    assert refused(draft, deed__37__name=typed) == {
        "deed.37.name": "Boardwalk is already the name of space 39; give each deed a name of its own."
    }
    assert draft == us()


def test_two_deeds_names_swapped_in_one_save_are_kept():
    swapped = edit(us(), {"deed.37.name": "Boardwalk", "deed.39.name": "Park Place"})
    assert [swapped["spaces"][position]["name"] for position in (37, 39)] == ["Boardwalk", "Park Place"]


def test_renaming_a_deed_renames_its_space_and_keeps_its_figures():
    draft = edit(us(), {"deed.39.name": "  Evergreen   Terrace ", "title": "Springfield"})
    assert draft["properties"][-1]["name"] == draft["spaces"][39]["name"] == "Evergreen Terrace"
    assert draft["properties"][-1]["rent"] == [50, 200, 600, 1400, 1700, 2000]
    # the narrow spaces print the new name, not the old one's abbreviation
    assert "short" not in draft["properties"][-1] and draft["properties"][0]["short"] == "Medit. Ave"
    edition = playable(draft)
    assert (
        edition["edition"] == "Springfield"
        and load_edition("us").deed_at[39].price == edition["properties"][-1]["price"]
    )


def test_a_street_moved_into_a_full_group_is_refused_but_two_swapped_at_once_are_saved():
    draft = us()
    assert refused(draft, deed__39__group="green") == {
        "": "The green group has 4 streets; a colour group has 2 or 3."
    }
    swapped = edit(draft, {"deed.39.group": "green", "deed.34.group": "dark_blue"})
    assert [swapped["spaces"][p]["group"] for p in (34, 39)] == ["dark_blue", "green"]
    assert [d["group"] for d in swapped["properties"] if d["position"] in (34, 39)] == ["dark_blue", "green"]


def test_choosing_what_a_card_does_asks_for_that_actions_figures():
    draft = edit(millionaire(), {"card.chance.2.text": "Speeding ticket.", "card.chance.2.action": "pay"})
    card = draft["chance"][2]
    assert card == {"id": "CH03", "text": "Speeding ticket.", "action": "pay", "amount": None}
    assert [g.field for g in missing(draft) if g.item == "card.chance.2"] == ["card.chance.2.amount"]
    draft = edit(draft, {"card.chance.2.action": "repairs"})
    assert draft["chance"][2] == {
        "id": "CH03",
        "text": "Speeding ticket.",
        "action": "repairs",
        "per_house": None,
        "per_hotel": None,
    }
    draft = edit(draft, {"card.chance.2.action": "go_to_jail"})
    assert [g for g in missing(draft) if g.item == "card.chance.2"] == []
    draft = edit(draft, {"card.chance.2.action": ""})  # not chosen yet, as a page's Save sends it
    assert draft["chance"][2] == {"id": "CH03", "text": "Speeding ticket.", "action": None}


def test_what_a_card_does_chosen_again_keeps_its_figures():
    draft = edit(millionaire(), {"card.chance.2.action": "pay", "card.chance.2.amount": "15"})
    assert edit(draft, {"card.chance.2.action": "pay"})["chance"][2]["amount"] == 15


def test_a_cards_amounts_by_token_level_stand_for_its_one_amount_until_all_are_cleared():
    draft = edit(millionaire(), {"card.lifestyle.0.action": "collect", "card.lifestyle.0.text": "Jet ski."})
    draft = edit(draft, {"card.lifestyle.0.level.1": "40"})
    assert draft["lifestyle"][0]["level_amounts"] == [None, 40, None]
    assert [g.field for g in missing(draft) if g.item == "card.lifestyle.0"] == [
        "card.lifestyle.0.level.0",
        "card.lifestyle.0.level.2",
    ]
    draft = edit(draft, {"card.lifestyle.0.level.0": "20", "card.lifestyle.0.level.2": "60"})
    assert [g for g in missing(draft) if g.item == "card.lifestyle.0"] == []
    cleared = edit(draft, {f"card.lifestyle.0.level.{n}": "" for n in range(3)})
    assert "level_amounts" not in cleared["lifestyle"][0]
    assert [g.field for g in missing(cleared) if g.item == "card.lifestyle.0"] == ["card.lifestyle.0.amount"]


def test_cards_are_added_and_removed_within_a_decks_bounds():
    draft = millionaire()
    added = add_card(draft, "chance")
    assert added["chance"][-1] == {"id": "CH15", "text": None, "action": None}
    for _ in range(13):
        draft = remove_card(draft, "chance", 0)
    assert [card["id"] for card in draft["chance"]] == ["CH14"]
    with pytest.raises(Refused) as refusal:
        remove_card(draft, "chance", 0)
    assert refusal.value.reasons == {"": "The Chance deck has 0 cards; it needs 1 to 32."}
    full = millionaire()
    for _ in range(18):
        full = add_card(full, "chance")
    with pytest.raises(Refused) as refusal:
        add_card(full, "chance")
    assert refusal.value.reasons == {"": "The Chance deck has 33 cards; it needs 1 to 32."}


def test_a_tax_is_renamed_and_its_amount_typed():
    draft = edit(us(), {"space.4.name": "City Tax", "space.4.amount": "150"})
    state = fold([(1, [start_game(["Ann", "Bob"], edition=playable(draft))])])
    assert state.edition.space_at[4].name == "City Tax"
    state = run(state, PayTax(player=ANN, space=4))
    assert cash(state, ANN) == 1500 - 150
