"""Editions: the US and UK boards built in, and a table's own board from a JSON file."""

from __future__ import annotations

from banker.rules import event_from_json, fold, start_game
from banker.rules.board import edition_to_json
from banker.rules.cards import DrawCard
from banker.rules.editions import _us_data, custom_edition, load_edition
from banker.rules.money import PassGo, PayTax
from banker.rules.rent import PayRent
from banker.rules.ruleset import counted_in_thousands
from banker.rules.state import format_money
from tests.support.rules import ANN, BOB, NAMES, built, cash, owning, run
from tests.support.small_board import small_board


def uk_game(**options: object):
    return fold([(1, [start_game(NAMES[:2], edition="uk", options=options or None)])])


def test_the_uk_board_has_the_london_names():
    uk = load_edition("uk")
    assert uk.title == "UK standard (London) edition"
    assert [uk.deed_at[p].name for p in (1, 3, 5, 37, 39)] == [
        "Old Kent Road",
        "Whitechapel Road",
        "Kings Cross Station",
        "Park Lane",
        "Mayfair",
    ]
    assert uk.space_at[39].name == "Mayfair" and uk.space_at[5].name == "Kings Cross Station"


def test_a_narrow_space_prints_the_short_names_each_board_gives():
    us, uk = load_edition("us"), load_edition("uk")
    assert [us.deed_at[p].short for p in (1, 5, 12, 39)] == [
        "Medit. Ave",
        "Reading RR",
        "Electric",
        "Board\u00adwalk",
    ]
    assert [uk.deed_at[p].short for p in (1, 5, 12, 39)] == ["", "Kings Cross Stn", "Electric", ""]


def test_the_uk_board_has_super_tax_where_the_us_board_has_luxury_tax():
    assert load_edition("us").space_at[38].name == "Luxury Tax"
    super_tax = load_edition("uk").space_at[38]
    assert (super_tax.name, super_tax.type, super_tax.amount) == ("Super Tax", "luxury_tax", 100)


def test_the_uk_cards_name_london_streets_and_stations_in_pounds():
    card = load_edition("uk").card
    assert card["CH01"].text == "Advance to Mayfair."
    assert card["CH03"].text == "Advance to Trafalgar Square. If you pass Go, collect £200."
    assert card["CH14"].text == "Take a trip to Kings Cross Station. If you pass Go, collect £200."
    assert card["CH05"].text.startswith("Advance to the nearest Station.")
    assert card["CC02"].text == "Bank error in your favor. Collect £200."


def test_the_uk_board_has_the_us_prices_rents_and_cards():
    us, uk = load_edition("us"), load_edition("uk")
    figures = [(d.position, d.kind, d.group, d.price, d.mortgage, d.rent, d.house_cost) for d in us.deeds]
    assert figures == [
        (d.position, d.kind, d.group, d.price, d.mortgage, d.rent, d.house_cost) for d in uk.deeds
    ]
    assert [(s.type, s.amount) for s in us.spaces] == [(s.type, s.amount) for s in uk.spaces]
    assert [(c.id, c.action, c.amount, c.target) for c in us.cards] == [
        (c.id, c.action, c.amount, c.target) for c in uk.cards
    ]
    assert (uk.salary, uk.jail_fine, uk.houses, uk.hotels) == (200, 50, 32, 12)


def test_a_uk_game_reads_in_pounds_unless_the_game_sets_its_currency():
    state = uk_game()
    assert state.rules.currency == "GBP" and state.money(1500) == "£1,500"
    assert uk_game(currency="USD").money(1500) == "$1,500"
    assert fold([(1, [start_game(NAMES[:2], "millionaire", edition="uk")])]).rules.currency == "MK"


def test_a_uk_game_pays_super_tax_by_its_name():
    state = run(uk_game(), PayTax(player=ANN, space=38))
    assert state.player(ANN).cash == 1400
    assert state.undo[-1].events[0].describe(state) == "Ann paid the bank £100 (Super Tax)"


def test_the_us_file_itself_is_a_valid_custom_edition_and_plays_the_same_board():
    data = custom_edition(_us_data())  # its notes and UK names are not kept
    assert set(data) == {"edition", "currency", "properties", "spaces", "chance", "community_chest", "bank"}
    assert data == edition_to_json(load_edition("us"))
    assert custom_edition(data) == data


def test_a_custom_game_carries_its_board_and_the_figures_printed_on_it():
    data = edition_to_json(load_edition("us"))
    data["edition"] = "Springfield"
    data["properties"][-1]["name"] = data["spaces"][39]["name"] = "Evergreen Terrace"
    data["properties"][-1]["price"] = 450
    data["bank"]["starting_cash_per_player"] = 2000
    data["currency"] = "EUR"
    started = start_game(NAMES[:2], edition=data)
    assert started.edition == "custom" and started.edition_data == data
    state = fold([(1, [event_from_json(started.to_json())])])
    assert state.edition.title == "Springfield" and state.deed(39).name == "Evergreen Terrace"
    assert state.deed(39).price == 450 and state.player(BOB).cash == 2000
    assert state.money(state.rules.starting_cash) == "€2,000"
    assert edition_to_json(state.edition) == data


def test_a_game_stored_before_editions_were_kept_loads_on_the_us_board():
    stored = start_game(NAMES[:2]).to_json()
    assert "edition_data" not in stored and stored["edition"] == "us"
    state = fold([(1, [event_from_json(stored)])])
    assert state.edition == load_edition("us")


def test_money_styles_read_exactly():
    amounts = (1500, 200, 1000, 2500)
    assert [format_money(n, "USD") for n in amounts] == ["$1,500", "$200", "$1,000", "$2,500"]
    assert [format_money(n, "GBP") for n in amounts] == ["£1,500", "£200", "£1,000", "£2,500"]
    assert [format_money(n, "EUR") for n in amounts] == ["€1,500", "€200", "€1,000", "€2,500"]
    assert [format_money(n, "KRW") for n in amounts] == ["₩1,500,000", "₩200,000", "₩1,000,000", "₩2,500,000"]
    assert [format_money(n, "JPY") for n in amounts] == ["¥1,500", "¥200", "¥1,000", "¥2,500"]
    assert [format_money(n, "MK") for n in amounts] == ["M1.5", "200K", "M1", "M2.5"]


def test_a_game_counted_in_thousands_reads_them_in_a_currency_of_whole_figures():
    """The Millionaire preset's 372K read "¥372" in yen: each amount is a thousand times larger."""

    def millionaire(**options: object):
        return fold([(1, [start_game(NAMES[:2], "millionaire", options=options or None)])])

    assert [millionaire().money(n) for n in (372, 1500)] == ["372K", "M1.5"]
    assert [millionaire(currency="JPY").money(n) for n in (372, 1500)] == ["¥372,000", "¥1,500,000"]
    assert millionaire(currency="USD").money(150) == "$150,000"
    assert millionaire(currency="KRW").money(372) == "₩372,000,000"
    # the classic game reads its figures as they are
    assert fold([(1, [start_game(NAMES[:2], options={"currency": "JPY"})])]).money(1500) == "¥1,500"
    assert [format_money(-372, c, in_thousands=True) for c in ("EUR", "MK")] == ["-€372,000", "-372K"]
    # counted in thousands by the preset, or by a board whose money the classic preset keeps
    assert [counted_in_thousands(*game) for game in GAMES] == [True, True, False, False]


GAMES = [("millionaire", "GBP"), ("classic", "MK"), ("classic", "USD"), ("speed", "KRW")]


def test_the_electronic_banking_style_keeps_every_thousand_and_the_sign():
    assert [format_money(n, "MK") for n in (0, 5, 999, 1250, 1001, 12_000, 1_000_000)] == [
        "0K",
        "5K",
        "999K",
        "M1.25",
        "M1.001",
        "M12",
        "M1,000",
    ]
    assert [format_money(-1500, c) for c in ("USD", "KRW", "MK")] == ["-$1,500", "-₩1,500,000", "-M1.5"]


def test_money_is_only_how_amounts_read():
    won = fold([(1, [start_game(NAMES[:2], options={"currency": "KRW"})])])
    state = run(won, PayTax(player=ANN, space=4))
    assert state.player(ANN).cash == 1300 and state.rules.income_tax == 200
    assert state.undo[-1].events[0].describe(state) == "Ann paid the bank ₩200,000 (Income Tax)"


def test_a_board_of_32_spaces_plays_its_own_deeds_cards_and_corners():
    """Millionaire's size: 8 to a side, no railroads, utilities or taxes (tests/support/small_board.py)."""
    started = start_game(NAMES[:2], edition=custom_edition(small_board()))
    state = fold([(1, [started])])
    assert len(state.edition.spaces) == 32 and len(state.edition.deeds) == 22
    brown = state.edition.groups["brown"]
    assert brown == (1, 3)
    state = owning(state, ANN, *brown)
    state = built(state, brown, 1)
    state = run(state, PayRent(player=BOB, deed=3))
    assert cash(state, BOB) == 1500 - 20  # Baltic's figures, on position 3 of the small board
    state = run(state, DrawCard(player=BOB, deck="chance", card="CH11"))
    assert state.player(BOB).in_jail
    state = run(state, DrawCard(player=ANN, deck="chance", card="CH02"), PassGo(player=BOB))
    assert cash(state, ANN) == 1500 - 120 - 100 + 20 + 200
