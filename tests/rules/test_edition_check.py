"""Checking an edition file: each kind of invalid file is refused with a message that says what
is wrong and where, and nothing invalid ever starts a game."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import pytest

from banker.rules import InvalidCommand, start_game
from banker.rules.board import edition_to_json
from banker.rules.editions import load_edition
from banker.rules.editions.check import InvalidEdition, check_edition
from tests.support.small_board import small_board

Data = dict[str, Any]


def us() -> Data:
    """A fresh copy of the US board in the edition file format, to spoil."""
    return edition_to_json(load_edition("us"))


def refusal(data: Any) -> str:
    with pytest.raises(InvalidEdition) as refused:
        check_edition(data)
    return refused.value.message


def spoiled(change: Callable[[Data], object]) -> Data:
    data = us()
    change(data)
    return data


def deed(data: Data, position: int) -> Data:
    return next(p for p in data["properties"] if p["position"] == position)


def space(data: Data, position: int) -> Data:
    return data["spaces"][position]


def no_deed_at(data: Data, position: int, becomes: str = "free_parking") -> None:
    """The space at `position` stops being a deed: another kind of space, and no title deed."""
    data["properties"].remove(deed(data, position))
    space(data, position).pop("group")
    space(data, position)["type"] = becomes


def becomes_railroad(data: Data, position: int) -> None:
    deed(data, position).update(kind="railroad", group="railroad", rent=[25, 50, 100, 200])
    space(data, position).update(type="railroad", group="railroad")


def becomes_utility(data: Data, position: int) -> None:
    deed(data, position).update(kind="utility", group="utility", rent=[4, 10])
    space(data, position).update(type="utility", group="utility")


def test_the_built_in_boards_pass():
    check_edition(us())
    check_edition(edition_to_json(load_edition("uk")))


def test_a_file_that_is_not_an_object_is_refused():
    assert refusal([]) == (
        "An edition file holds one JSON object with edition, properties, spaces, bank and the decks of cards."
    )


@pytest.mark.parametrize(
    ("change", "message"),
    [
        (
            lambda d: d.pop("bank"),
            'The edition file has no "bank". It needs edition, properties, spaces, bank and the decks '
            "of cards.",
        ),
        (
            lambda d: d.pop("community_chest"),
            'The board has Community Chest spaces, but the file has no "community_chest" deck.',
        ),
        (lambda d: deed(d, 1).pop("price"), 'Entry 1 of "properties" has no "price".'),
        (
            lambda d: deed(d, 39).pop("house_cost"),
            'Entry 28 of "properties" (Boardwalk) has no "house_cost".',
        ),
        (lambda d: space(d, 7).pop("type"), 'Entry 8 of "spaces" has no "type".'),
        (lambda d: d["chance"][4].pop("action"), 'Entry 5 of "chance" has no "action".'),
        (lambda d: d["chance"][7].pop("amount"), 'Card CH08 (collect) has no "amount".'),
        (lambda d: d["bank"].pop("houses"), '"bank" has no "houses".'),
        (lambda d: space(d, 38).pop("amount"), 'Space 38 (Luxury Tax) has no "amount".'),
    ],
    ids=["top", "deck", "deed", "street", "space", "card", "card-action", "bank", "tax"],
)
def test_a_missing_key_is_named_with_where_it_is_missing(change, message):
    assert refusal(spoiled(change)) == message


@pytest.mark.parametrize(
    ("size", "message"),
    [
        (39, "a multiple of 4 (40 on the classic board); this file has 39."),
        (12, "a multiple of 4 (40 on the classic board); this file has 12."),
        (68, "a multiple of 4 (40 on the classic board); this file has 68."),
    ],
)
def test_a_board_has_four_equal_sides_of_16_to_64_spaces(size, message):
    data = us()
    data["spaces"] = (data["spaces"] * 2)[:size]
    assert refusal(data) == "A board has four equal sides: 16 to 64 spaces, " + message


def test_a_board_of_32_spaces_without_railroads_utilities_or_taxes_passes():
    data = small_board()
    check_edition(data)
    assert len(data["spaces"]) == 32 and len(data["properties"]) == 22
    data["spaces"][31]["position"] = 39
    assert refusal(data) == 'Space positions run from 0 to 31; entry 32 of "spaces" has 39.'
    data = small_board()
    data["chance"][1]["target"] = 32
    assert refusal(data) == "Card CH08 sends the piece to 32, which is not on the board (0 to 31)."


@pytest.mark.parametrize(
    ("change", "message"),
    [
        (lambda d: space(d, 1).update(position=0), 'Position 0 is in "spaces" twice: each of 0 to 39 once.'),
        (
            lambda d: space(d, 39).update(position=40),
            'Space positions run from 0 to 39; entry 40 of "spaces" has 40.',
        ),
        (
            lambda d: space(d, 39).update(position="39"),
            'Space positions run from 0 to 39; entry 40 of "spaces" has "39".',
        ),
    ],
    ids=["twice", "off-the-board", "not-a-number"],
)
def test_each_position_from_0_to_39_is_on_the_board_once(change, message):
    assert refusal(spoiled(change)) == message


def test_an_unknown_space_type_is_refused_with_the_known_ones():
    assert refusal(spoiled(lambda d: space(d, 7).update(type="bonus"))) == (
        'Space 7 (Chance) has the unknown type "bonus". Known types: go, street, railroad, utility, '
        "chance, community_chest, lifestyle, income_tax, luxury_tax, jail, free_parking, go_to_jail."
    )


@pytest.mark.parametrize(
    ("change", "message"),
    [
        (lambda d: space(d, 20).update(type="jail"), 'A board has one "jail" space; this file has 2.'),
        (
            lambda d: space(d, 2).update(type="luxury_tax", amount=75),
            'A board has at most one "luxury_tax" space; this file has 2.',
        ),
        (
            lambda d: (space(d, 0).update(type="free_parking"), space(d, 20).update(type="go")),
            'Space 0 must be GO (type "go"): the salary is paid for passing it.',
        ),
    ],
    ids=["two-jails", "two-luxury-taxes", "go-elsewhere"],
)
def test_the_corners_and_taxes_are_there_once(change, message):
    assert refusal(spoiled(change)) == message


@pytest.mark.parametrize(
    ("change", "message"),
    [
        (
            lambda d: deed(d, 1).update(kind="hotel"),
            'Mediterranean Avenue has the unknown kind "hotel". Kinds: street, railroad, utility.',
        ),
        (
            lambda d: deed(d, 1).update(group="purple"),
            'Mediterranean Avenue is in the unknown colour group "purple". Colour groups: brown, '
            "light_blue, pink, orange, red, yellow, green, dark_blue.",
        ),
        (
            lambda d: deed(d, 5).update(group="brown"),
            'Reading Railroad is a railroad, so its group must be "railroad".',
        ),
        (
            lambda d: deed(d, 39).update(name="Mayfair"),
            'Space 39 is called Boardwalk in "spaces" but Mayfair in "properties".',
        ),
        (
            lambda d: deed(d, 39).update(position=38),
            'Boardwalk is a street at position 38, but "spaces" has Luxury Tax (luxury_tax) there.',
        ),
        (
            lambda d: deed(d, 39).update(position=41),
            "Boardwalk is at position 41, which is not on the board (0 to 39).",
        ),
        (
            lambda d: space(d, 39).update(group="green"),
            'Boardwalk is in the group "dark_blue" in "properties" but "green" in "spaces".',
        ),
        (
            lambda d: d["properties"].remove(deed(d, 39)),
            'Space 39 (Boardwalk) is a street but has no title deed in "properties".',
        ),
    ],
    ids=["kind", "colour", "railroad-group", "name", "position", "off-board", "group", "no-deed"],
)
def test_title_deeds_match_their_spaces(change, message):
    assert refusal(spoiled(change)) == message


@pytest.mark.parametrize(
    ("change", "message"),
    [
        (lambda d: no_deed_at(d, 1), "The brown group has 1 street; a colour group has 2 or 3."),
        (
            lambda d: (deed(d, 11).update(group="red"), space(d, 11).update(group="red")),
            "The red group has 4 streets; a colour group has 2 or 3.",
        ),
        (
            lambda d: becomes_railroad(d, 12),
            "The board has 5 railroads; a railroad's rent runs to 4 owned.",
        ),
        (
            lambda d: becomes_utility(d, 35),
            "The board has 3 utilities; a utility's rent runs to 2 owned.",
        ),
    ],
    ids=["small-group", "big-group", "railroads", "utilities"],
)
def test_group_sizes(change, message):
    assert refusal(spoiled(change)) == message


@pytest.mark.parametrize(
    ("change", "message"),
    [
        (
            lambda d: deed(d, 39)["rent"].pop(),
            "Boardwalk's rent must be 6 whole numbers above 0 (unimproved, 1 to 4 houses, a hotel), "
            "not [50, 200, 600, 1400, 1700].",
        ),
        (
            lambda d: deed(d, 39).update(rent=[50, 200, 600, 1400, 1700, "2000"]),
            "Boardwalk's rent must be 6 whole numbers above 0 (unimproved, 1 to 4 houses, a hotel), "
            'not [50, 200, 600, 1400, 1700, "2000"].',
        ),
        (
            lambda d: deed(d, 5)["rent"].pop(),
            "Reading Railroad's rent must be 4 whole numbers above 0 (1 to 4 railroads owned), not [25, 50, 100].",
        ),
        (
            lambda d: deed(d, 12).update(rent=[4]),
            "Electric Company's rent must be 2 dice multipliers above 0 (one utility owned, both), not [4].",
        ),
    ],
    ids=["street", "street-text", "railroad", "utility"],
)
def test_rent_tables(change, message):
    assert refusal(spoiled(change)) == message


@pytest.mark.parametrize(
    ("change", "message"),
    [
        (
            lambda d: deed(d, 39).update(price=0),
            "Boardwalk's price must be a whole number from 1 to 1,000,000, not 0.",
        ),
        (
            lambda d: deed(d, 39).update(price=399.5),
            "Boardwalk's price must be a whole number from 1 to 1,000,000, not 399.5.",
        ),
        (
            lambda d: deed(d, 39).update(mortgage=-200),
            "Boardwalk's mortgage value must be a whole number from 1 to 1,000,000, not -200.",
        ),
        (
            lambda d: deed(d, 39).update(house_cost="200"),
            'Boardwalk\'s house cost must be a whole number from 1 to 1,000,000, not "200".',
        ),
        (
            lambda d: deed(d, 39).update(hotel_cost=True),
            "Boardwalk's hotel cost must be a whole number from 1 to 1,000,000, not true.",
        ),
        (
            lambda d: space(d, 4).update(amount=0),
            "Income Tax's amount must be a whole number from 1 to 1,000,000, not 0.",
        ),
        (
            lambda d: d["bank"].update(houses=0),
            "The bank's houses must be a whole number from 1 to 1,000, not 0.",
        ),
        (
            lambda d: d["bank"].update(go_salary=-200),
            "The GO salary must be a whole number from 1 to 1,000,000, not -200.",
        ),
    ],
    ids=[
        "zero-price",
        "fraction",
        "mortgage",
        "house-cost-text",
        "hotel-cost-bool",
        "tax",
        "houses",
        "salary",
    ],
)
def test_prices_and_amounts_are_whole_numbers_above_zero(change, message):
    assert refusal(spoiled(change)) == message


@pytest.mark.parametrize(
    ("change", "message"),
    [
        (lambda d: d["chance"].clear(), "The Chance deck has 0 cards; it needs 1 to 32."),
        (
            lambda d: d["community_chest"].extend(
                dict(d["community_chest"][0], id=f"X{n}") for n in range(17)
            ),
            "The Community Chest deck has 33 cards; it needs 1 to 32.",
        ),
        (
            lambda d: d["chance"][2].update(action="teleport"),
            'Card CH03 has the unknown action "teleport". Known actions: advance_to, advance_to_nearest, '
            "collect, collect_from_each_player, forced_deal, free_house, get_out_of_jail_free, go_to_jail, "
            "just_say_no, move_relative, pay, pay_each_player, repairs, sly_deal.",
        ),
        (
            lambda d: d["chance"][0].update(target=45),
            "Card CH01 sends the piece to 45, which is not on the board (0 to 39).",
        ),
        (
            lambda d: d["chance"][4]["derived_targets"].update({"7": -1}),
            "Card CH05 sends the piece to -1, which is not on the board (0 to 39).",
        ),
        (
            lambda d: d["chance"][4].update(target_kind="station"),
            'Card CH05 must advance to the nearest "railroad" or "utility", not "station".',
        ),
        (
            lambda d: d["chance"][7].update(amount=0),
            "Card CH08's amount must be a whole number from 1 to 1,000,000, not 0.",
        ),
        (
            lambda d: d["community_chest"][0].update(id="CH01"),
            "Card id CH01 is used twice: each card needs an id of its own.",
        ),
        (lambda d: d["chance"][0].update(text=""), "Card CH01's text must be 1 to 300 characters."),
    ],
    ids=["short-deck", "long-deck", "action", "target", "derived-target", "nearest", "amount", "id", "text"],
)
def test_cards(change, message):
    assert refusal(spoiled(change)) == message


def test_names_and_the_title_are_short_text():
    assert refusal(spoiled(lambda d: d.update(edition=""))) == (
        '"edition" must be the edition\'s title: text of 1 to 80 characters.'
    )
    assert refusal(spoiled(lambda d: deed(d, 1).update(name="x" * 41))) == (
        'Entry 1 of "properties" needs a name of 1 to 40 characters.'
    )
    assert refusal(spoiled(lambda d: d.update(currency="DEM"))) == (
        '"currency" must be one of: USD, GBP, EUR, KRW, JPY, MK.'
    )


@pytest.mark.parametrize(
    ("short", "shown"), [("", '""'), ("Medit." * 7, '"' + "Medit." * 7 + '"'), (7, "7"), (["Ave"], '["Ave"]')]
)
def test_a_deeds_short_name_is_short_text(short, shown):
    assert refusal(spoiled(lambda d: deed(d, 1).update(short=short))) == (
        'Mediterranean Avenue\'s "short" is the name a narrow board space prints instead: text of 1 to 40 '
        f"characters, not {shown}."
    )
    check_edition(spoiled(lambda d: deed(d, 1).pop("short")))  # a deed prints its name whole


@pytest.mark.parametrize(
    ("change", "message"),
    [
        (
            lambda d: d.update(edition="Spring\ud800field"),
            'The text "Spring\\ud800field" in the edition file holds a broken character (U+D800): type it again.',
        ),
        (
            lambda d: space(d, 0).update(name="GO\x00"),
            'The text "GO\\u0000" in the edition file holds an invisible control character (U+0000): '
            "type it again without it.",
        ),
        (
            lambda d: d["chance"][0].update(text="Advance \u202eto GO"),
            'The text "Advance \\u202eto GO" in the edition file holds an invisible control character '
            "(U+202E): type it again without it.",
        ),
        (
            lambda d: d.update(notes={"\udfff": "a key the app does not use"}),
            'The text "\\udfff" in the edition file holds a broken character (U+DFFF): type it again.',
        ),
        (
            lambda d: deed(d, 1).update(name="\u200b\u200d"),
            'Entry 1 of "properties" needs a name of 1 to 40 characters.',
        ),
    ],
    ids=["surrogate-title", "control-name", "bidi-card", "surrogate-key", "invisible-name"],
)
def test_every_text_in_the_file_is_one_a_screen_can_show(change, message):
    assert refusal(spoiled(change)) == message


@pytest.mark.parametrize(
    ("change", "message"),
    [
        (lambda d: d.update(currency=["USD"]), '"currency" must be one of: USD, GBP, EUR, KRW, JPY, MK.'),
        (
            lambda d: d["chance"][2].update(action={"go": 1}),
            'Card CH03 has the unknown action {"go": 1}. Known actions: advance_to, advance_to_nearest, '
            "collect, collect_from_each_player, forced_deal, free_house, get_out_of_jail_free, go_to_jail, "
            "just_say_no, move_relative, pay, pay_each_player, repairs, sly_deal.",
        ),
        (
            lambda d: d["chance"][4]["derived_targets"].update({"²": 5}),
            'Card CH05\'s derived_targets names "²", which is not on the board.',
        ),
        (
            lambda d: d["chance"][4]["derived_targets"].update({"7" * 5000: 5}),
            "Card CH05's derived_targets names \"" + "7" * 59 + "…, which is not on the board.",
        ),
        (
            lambda d: d["chance"][0].update(target=[0] * 5000),
            "Card CH01 sends the piece to [" + "0, " * 19 + "0,…, which is not on the board (0 to 39).",
        ),
    ],
    ids=["currency-list", "action-object", "unicode-digit-key", "huge-key", "long-value"],
)
def test_values_of_any_kind_or_size_are_refused_in_words(change, message):
    assert refusal(spoiled(change)) == message


@pytest.mark.parametrize(
    ("position", "rent", "message"),
    [
        (
            1,
            [2, 10, 30, 5, 160, 1],
            "Mediterranean Avenue: Rent with 3 houses is 5, but Rent with 2 houses is 30",
        ),
        (
            39,
            [50, 200, 600, 1400, 1700, 1700],
            "Boardwalk: Rent with a hotel is 1700, but Rent with 4 houses is 1700",
        ),
        (
            5,
            [25, 50, 50, 200],
            "Reading Railroad: Rent, 3 railroads owned is 50, but Rent, 2 railroads owned is 50",
        ),
        (
            12,
            [10, 4],
            "Electric Company: Dice times, 2 utilities owned is 4, but Dice times, 1 utility owned is 10",
        ),
    ],
    ids=["street", "hotel", "railroad", "utility"],
)
def test_rents_rise_with_each_house_and_the_hotel_and_each_railroad_or_utility_owned(position, rent, message):
    assert refusal(spoiled(lambda d: deed(d, position).update(rent=rent))) == (
        message + "; each rent must be more than the one before."
    )


def test_two_deeds_may_not_have_one_name_compared_as_players_names_are():
    def boardwalk_twice(data: Data) -> None:
        deed(data, 37)["name"] = space(data, 37)["name"] = " BOARDWALK"

    assert refusal(spoiled(boardwalk_twice)) == (
        "Boardwalk is already the name of space 39; give each deed a name of its own."
    )


def test_a_nearest_card_needs_a_deed_of_its_kind_on_the_board():
    """The US deck's "advance to the nearest Railroad" on a board of no railroads: drawing it
    answered 500 (the nearest of nothing)."""
    no_railroads = spoiled(lambda d: [no_deed_at(d, p) for p in (5, 15, 25, 35)])
    assert refusal(no_railroads) == (
        "Card CH05 leads to the nearest railroad, and the board has none: take the card out or make a "
        "space a railroad."
    )
    no_utilities = spoiled(lambda d: [no_deed_at(d, p) for p in (12, 28)])
    assert refusal(no_utilities) == (
        "Card CH07 leads to the nearest utility, and the board has none: take the card out or make a "
        "space a utility."
    )
    fine = spoiled(lambda d: [no_deed_at(d, p) for p in (12, 28)])
    fine["chance"] = [card for card in fine["chance"] if card.get("target_kind") != "utility"]
    check_edition(fine)


def test_a_mortgage_value_may_be_the_price_but_not_above_it():
    check_edition(spoiled(lambda d: deed(d, 39).update(mortgage=400)))
    assert refusal(spoiled(lambda d: deed(d, 39).update(mortgage=900))) == (
        "Boardwalk's mortgage value must be at most its price, 400, not 900."
    )


def test_a_deed_that_mortgages_for_more_than_it_costs_starts_no_game():
    """Bought for $60 and mortgaged for $100, it would make $40 from nothing, again and again."""
    with pytest.raises(InvalidCommand) as refused:
        start_game(["Ann", "Bob"], edition=spoiled(lambda d: deed(d, 1).update(mortgage=100)))
    assert refused.value.message == (
        "Mediterranean Avenue's mortgage value must be at most its price, 60, not 100."
    )


def test_an_invalid_file_starts_no_game():
    with pytest.raises(InvalidCommand) as refused:
        start_game(["Ann", "Bob"], edition=spoiled(lambda d: d["spaces"].pop()))
    assert refused.value.message.endswith("(40 on the classic board); this file has 39.")


@pytest.mark.parametrize(
    ("edition", "message"),
    [
        (
            "mars",
            "There is no edition called 'mars'. Choose us or uk, or send a custom edition's JSON object.",
        ),
        (
            7,
            "The edition is a name or a JSON object. Choose us or uk, or send a custom edition's JSON object.",
        ),
    ],
)
def test_an_edition_that_is_neither_built_in_nor_a_file_is_refused(edition, message):
    with pytest.raises(InvalidCommand) as refused:
        start_game(["Ann", "Bob"], edition=edition)
    assert refused.value.message == message


def test_a_deck_holds_one_get_out_of_jail_free_card():
    """A kept card is known by its deck: a second in the same deck could never be drawn while the
    first was held ("Ann holds the Chance Get Out of Jail Free card, so it is not in the deck")."""
    second = {"id": "CH99", "text": "Get Out of Jail Free", "action": "get_out_of_jail_free"}
    assert refusal(spoiled(lambda d: d["chance"].append(second))) == (
        "The Chance deck has more than one Get Out of Jail Free card (CH09, CH99): a deck holds one."
    )
