"""Choosing how to play at "New game": presets, house rules, a timed game's clock."""

from __future__ import annotations

import re

import pytest

from tests.support.web import csrf_token, join, join_code, readable, text


def start(client, **fields):
    data = {"csrf_token": csrf_token(client), "name": ["Ann", "Bob"], **fields}
    return client.post("/new", data=data)


def game_of(app, response):
    game_id = response.headers["Location"].split("/")[2]
    return game_id, app.extensions["banker"].state(game_id)


def test_the_form_offers_every_preset_with_a_line_on_each(client):
    html = text(client.get("/new"))
    for label in (
        "Classic",
        "JMA tournament",
        "Speed die",
        "Short game",
        "Timed game",
        "Monopoly 2.0",
        "Millionaire",
    ):
        assert f"<strong>{label}</strong>" in html
    assert "House rules" in html and "No auctions: a declined deed stays with the bank" in html
    # no dollars in a house rule's words: the game may count pounds or won, its salary another
    assert "Just Go: twice the salary for landing exactly on GO" in html and "$400" not in html
    assert "Income tax: the lower of the flat tax or 10% of net worth" in readable(html)


def test_a_house_rule_switch_and_amounts_reach_the_rules(app, client):
    response = start(client, preset="classic", no_auctions="1", starting_cash="2,000", salary="$250")
    assert response.status_code == 303, text(response)
    _, state = game_of(app, response)
    assert state.rules.auctions is False and state.rules.starting_cash == 2000 and state.rules.salary == 250


def test_a_timed_game_gets_its_end_time_from_the_minutes(app, client, clock):
    _, state = game_of(app, start(client, preset="timed", minutes="45"))
    assert state.rules.end_at == int(clock() + 45 * 60)
    _, state = game_of(app, start(client, preset="timed"))
    assert state.rules.end_at == int(clock() + 90 * 60)  # the default


def test_the_rules_of_a_timed_game_say_how_it_ends_in_one_reading(app, client):
    """ "The game ends when its clock runs out." then "The last player who is not bankrupt wins."
    read as two ends that contradict each other."""
    rules = rules_page(app, client, preset="timed", minutes="45")
    won = rules[rules.index("How the game is won") + 1 :]
    assert won == [
        "The game ends when its clock runs out.",
        "Should all but one player go bankrupt before then, that one wins.",
        "Should the game end with players still in, the richest wins: cash, deeds at their price"
        " (mortgaged at half) and buildings at cost.",
    ]
    assert "At the start the bank deals everyone 2 deeds, paid at their price." in rules


def test_minutes_typed_for_a_timed_game_do_not_time_another(app, client):
    # the form hides the minutes once another preset is ticked, but still sends them
    _, state = game_of(app, start(client, preset="classic", minutes="45"))
    assert state.rules.end_at == 0


@pytest.mark.parametrize(
    ("fields", "message"),
    [
        ({"preset": "timed", "minutes": "2"}, "A timed game lasts 5 to 1,440 minutes."),
        ({"starting_cash": "lots"}, "Starting cash must be a whole number."),
        # the form's words, not the API's ("Option starting_cash must be at most 1,000,000.")
        ({"starting_cash": "2000000"}, "Starting cash must be at most 1,000,000."),
        (
            {"preset": "monopoly2", "starting_cash": "1502"},
            "Starting cash must be a multiple of 5, as every amount in this game.",
        ),
        ({"jackpot_seed": "500"}, "A jackpot seed needs a Free Parking jackpot: choose one above it."),
        ({"preset": "poker"}, "There is no preset called &#39;poker&#39;"),
    ],
)
def test_bad_choices_are_refused_on_the_form_and_kept(client, fields, message):
    response = start(client, **fields)
    assert response.status_code == 400
    assert message in response.get_data(as_text=True)
    assert 'value="Ann"' in response.get_data(as_text=True)
    # a field under House rules that was set comes back in sight, House rules open
    opened = '<details class="house-rules" open>' in response.get_data(as_text=True)
    assert opened == any(name in fields for name in ("starting_cash", "jackpot_seed"))


def rules_page(app, client, **fields) -> list[str]:
    """The rules page of a new game started with `fields`, as its lines read."""
    game_id, _ = game_of(app, start(client, **fields))
    page = text(client.get(f"/g/{game_id}/rules?view=bank"))
    return [readable(line) for line in re.findall(r"<(?:h2|li)>(.*?)</(?:h2|li)>", page, re.S)]


def test_every_screen_shows_the_rules_badge_and_the_rules_page_lists_them(app, client):
    game_id, _ = game_of(app, start(client, preset="jma"))
    bank = text(client.get(f"/g/{game_id}/bank"))
    assert ">JMA tournament</span></a>" in bank
    # the badge's link, from the bank's phone that seats no player: it answered 403, "no seat"
    badge = re.search(r'<a class="badge" href="([^"]+)"', bank).group(1)
    from_the_bank = client.get(badge)
    assert from_the_bank.status_code == 200
    assert "<h1>JMA tournament</h1>" in text(from_the_bank)
    rules = rules_page(app, client, preset="jma")
    assert "Bids go up by at least $10." in rules
    assert (
        "Tournament trades: no gifts, no deed for its mortgage value or less, no Get Out of Jail Free card"
        " for $50 or more, and no deed bought straight back at another price." in rules
    )
    assert "No loans or gifts: only the banker can pay out or move a sum no rule fixes." in rules
    assert (
        "A hotel sold takes the group's other hotels with it and leaves only the houses the group had,"
        " spread evenly (a group of hotels goes to bare land); while you cannot pay a debt in cash, hotels"
        " sell one at a time." in rules
    )
    assert (
        "The banker signals the end first: the final turn is played out, rent, taxes and cards still"
        " charged, with no trades or building; then the tally." in rules
    )
    assert (
        "While a player owes more than their cash, trades are only with them and must clear the debt, with"
        " one player or several together; the one they owe joins in only after another player has offered"
        " such a trade. They may not choose bankruptcy: the banker declares it when no trade will clear"
        " the debt." in rules
    )
    assert (
        "In a trade, what another player owes you counts as cash: you may hand it over, or forgive it for"
        " their deeds." in rules
    )
    assert (
        "A Get Out of Jail Free card bought in a trade settles a jail fine owed. Bankrupt on the fine, a"
        " player's deeds may go to whoever they owe rent where they landed, who pays the fine." in rules
    )


def test_the_monopoly2_rules_page_says_how_groups_are_built_and_debts_paid(app, client):
    rules = rules_page(app, client, preset="monopoly2")
    assert (
        "One purchase builds a house, or a hotel, on every lot of a group at once, for the sum of their"
        " costs; one piece from the bank stands in the middle of the group for them all." in rules
    )
    assert "Houses and hotels are never sold back to the bank." in rules
    assert (
        "A Chance or Community Chest card drawn is kept in your hand, unseen by the others, and played"
        " later on any player, who gets what it says." in rules
    )
    assert (
        "A debt may be paid with deeds at their printed price, the buildings of their group going with"
        " them at their cost; no change is given for deeds worth more." in rules
    )
    assert "Houses and hotels are never sold back to the bank." not in rules_page(app, client)


def test_the_rules_page_says_only_what_is_in_play_in_players_words(app, client):
    # it listed all 29 options, "Deed market size off" among them
    assert rules_page(app, client, preset="classic") == [
        "Cash and payments",
        "Everyone starts with $1,500.",
        "Passing GO pays $200.",
        "Income Tax costs $200.",
        "Luxury Tax costs $100.",
        "The jail fine is $50.",
        "Deeds and buildings",
        "A hotel comes after 4 houses on a lot.",
        "Auctions and trades",
        "A deed nobody buys goes to auction: 20 seconds on the clock, and at least 8 left after each bid.",
        "How the game is won",
        "The last player who is not bankrupt wins.",
        "Should the game end with players still in, the richest wins: cash, deeds at their price"
        " (mortgaged at half) and buildings at cost.",
    ]
    house_rules = rules_page(
        app,
        client,
        preset="classic",
        currency="KRW",
        jackpot="payments",
        jackpot_seed="500",
        no_auctions="1",
    )
    assert "Everyone starts with ₩1,500,000." in house_rules and "The jail fine is ₩50,000." in house_rules
    assert (
        "Taxes, fines and card payments go into a pot on Free Parking: landing there takes it." in house_rules
    )
    assert "The bank puts ₩500,000 in the pot at the start and after each win." in house_rules
    assert "No auctions: a deed nobody buys stays with the bank." in house_rules
    short = rules_page(app, client, preset="short")
    assert "The game ends once 2 players have gone bankrupt." in short
    assert (
        "The bankruptcy that ends the game hands the creditor everything as it stands, houses and hotels"
        " included." in short
    )
    millionaire = rules_page(app, client, preset="millionaire")
    assert (
        "At GO you may raise your token a level, up to level 3, for 50K: each level adds 50K to your salary."
        in millionaire
    )
    assert "The first to hold M1 in cash wins." in millionaire
    assert "The game ends when a player goes bankrupt." in millionaire
    assert "Should the game end with players still in, the one with the most cash wins." in millionaire


def test_every_house_rule_switch_sets_its_option(app, client):
    switches = (
        "just_go",
        "income_tax_percent",
        "build_without_group",
        "uneven_building",
    )
    response = start(
        client, preset="classic", jackpot="payments", jackpot_seed="500", **{name: "1" for name in switches}
    )
    assert response.status_code == 303, text(response)
    _, state = game_of(app, response)
    rules = state.rules
    assert (rules.free_parking_jackpot, rules.just_go, rules.build_without_group, rules.uneven_building) == (
        True,
        True,
        True,
        True,
    )
    assert rules.income_tax_percent == 10 and rules.jackpot_seed == 500 and state.free_parking == 500
    assert rules.jackpot_from == "payments"


def test_the_jackpot_is_a_choice_of_none_the_wider_pot_or_the_two_taxes_only(app, client):
    """001, ジャックポット: 「所得税、物品税でプレイヤーが支払った税金をプールしておき」: the pot of the two
    taxes only, beside the wider pot of taxes, fines and card payments."""
    form = text(client.get("/new"))
    radios = re.findall(
        r'<input type="radio" name="jackpot" value="(\w*)" ?(checked)?>\s*<span>([^<]+)', form
    )
    assert radios == [
        ("", "checked", "No jackpot"),
        ("payments", "", "Taxes, fines and card payments go into a pot"),
        ("taxes", "", "Only Income Tax and Luxury Tax go into the pot, as played in Japan"),
    ]
    _, state = game_of(app, start(client, preset="classic"))
    assert state.rules.free_parking_jackpot is False
    _, state = game_of(app, start(client, preset="jma", jackpot="taxes"))
    assert (state.rules.free_parking_jackpot, state.rules.jackpot_from) == (True, "taxes")
    rules = rules_page(app, client, preset="classic", jackpot="taxes")
    assert "Income Tax and Luxury Tax go into a pot on Free Parking: landing there takes it." in rules
    assert not any(line.startswith("Taxes, fines and card payments") for line in rules)
    refused = start(client, preset="classic", jackpot="rent")
    assert refused.status_code == 400
    page = text(refused)
    assert "Option jackpot_from must be one of: payments, taxes." in page
    assert 'value="Ann"' in page and '<details class="house-rules" open>' in page


def test_under_the_tournament_rules_a_phone_offers_no_free_form_payment_and_the_bank_still_does(app, client):
    game_id, _ = game_of(app, start(client, preset="jma"))
    ann = app.test_client()
    join(ann, join_code(client, game_id), 1)
    wallet = text(ann.get(f"/g/{game_id}"))
    assert 'value="pay_player"' not in wallet and 'value="collect_from_bank"' not in wallet
    assert "No loans or gifts: only the banker can pay out or move a sum no rule fixes." in wallet
    assert 'value="pay_bank"' in wallet  # what the rules fix is still paid from the phone
    bank = text(client.get(f"/g/{game_id}/bank"))
    assert 'value="pay_player"' in bank and 'value="collect_from_bank"' in bank
