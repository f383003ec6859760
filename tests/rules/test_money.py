"""Step 1 money moves: salary, paying the bank, collecting from it, paying a player."""

from __future__ import annotations

import dataclasses

import pytest

from banker.rules import BANK, COMMANDS, InvalidCommand, decide, parse_command
from banker.rules.money import CollectFromBank, Paid, PassGo, PayBank, PayPlayer, big_amount
from banker.rules.state import FREE_PARKING
from tests.support.rules import ANN, BOB, CAT, cash, new_game, refusal, run


def test_every_player_starts_with_the_starting_cash():
    state = new_game()
    assert [p.cash for p in state.players] == [1500, 1500, 1500]


def test_passing_go_pays_the_salary_from_the_bank():
    state = run(new_game(), PassGo(player=ANN))
    assert cash(state, ANN) == 1700


def test_passing_go_pays_the_tables_own_salary():
    state = run(new_game(salary=250), PassGo(player=BOB))
    assert cash(state, BOB) == 1750


def test_paying_the_bank_takes_exactly_the_amount():
    state = run(new_game(), PayBank(player=ANN, amount=200, reason="Income Tax"))
    assert cash(state, ANN) == 1300


def test_collecting_from_the_bank_adds_exactly_the_amount():
    state = run(new_game(), CollectFromBank(player=CAT, amount=45, reason="Stock"))
    assert cash(state, CAT) == 1545


def test_paying_a_player_moves_cash_between_them_only():
    state = run(new_game(), PayPlayer(player=ANN, to=BOB, amount=550))
    assert [p.cash for p in state.players] == [950, 2050, 1500]


def test_a_player_can_pay_everything_they_have():
    state = run(new_game(), PayPlayer(player=ANN, to=BOB, amount=1500))
    assert cash(state, ANN) == 0


def test_paying_more_than_you_have_names_the_shortfall():
    message = refusal(new_game(), PayPlayer(player=ANN, to=BOB, amount=1560))
    assert message == "Ann has $1,500 and needs $60 more to pay $1,560."


def test_paying_yourself_is_refused():
    assert refusal(new_game(), PayPlayer(player=ANN, to=ANN, amount=5)) == "A player cannot pay themselves."


def test_paying_an_unknown_player_is_refused():
    assert refusal(new_game(), PayPlayer(player=ANN, to=9, amount=5)) == "There is no player 9 in this game."
    # nor is the bank a payer here: its money comes with a reason (collect_from_bank), for every phone
    for payer in (0, -1):
        assert refusal(new_game(), PayPlayer(player=payer, to=BOB, amount=900)) == (
            f"There is no player {payer} in this game."
        )


def test_history_lines_read_as_sentences():
    state = new_game()
    assert Paid(payer=ANN, payee=BOB, amount=50).describe(state) == "Ann paid Bob $50"
    assert Paid(payer=ANN, payee=BANK, amount=200, reason="Income Tax").describe(state) == (
        "Ann paid the bank $200 (Income Tax)"
    )
    assert Paid(payer=BANK, payee=CAT, amount=1200, reason="Passed GO").describe(state) == (
        "Cat collected $1,200 from the bank (Passed GO)"
    )


@pytest.mark.parametrize(
    ("amount", "message"),
    [
        (0, "The amount must be more than 0."),
        (-1, "The amount must be more than 0."),
        (0.5, "Amounts are whole numbers: no decimals."),
        ("7.25", "Amounts are whole numbers: no decimals."),
        # a comma groups thousands; anywhere else it is no thousands' ("2,5" was read as 25)
        ("2,5", "Amounts are whole numbers: no decimals."),
        ("1,50", "Amounts are whole numbers: no decimals."),
        ("12,345,6", "The amount must be a whole number."),
        (",500", "The amount must be a whole number."),
        ("seven", "The amount must be a whole number."),
        (False, "The amount must be a whole number."),
        (1_000_001, "1,000,001 is more than the bank handles (at most 1,000,000)."),
        ("²", "The amount must be a whole number."),  # a digit to Python, no number to a bank
        ("④", "The amount must be a whole number."),
        ("1²", "The amount must be a whole number."),
        pytest.param(
            "1" * 5000,
            "A number of 5,000 digits is far too long: numbers here have at most 15 digits.",
            id="5,000 digits",
        ),
        ("-" + "9" * 16, "A number of 16 digits is far too long: numbers here have at most 15 digits."),
    ],
)
def test_amounts_must_be_whole_positive_and_sane(amount, message):
    with pytest.raises(InvalidCommand) as refused:
        parse_command({"type": "pay_bank", "player": 1, "amount": amount})
    assert refused.value.message == message


def test_form_amounts_may_carry_a_dollar_sign_and_commas():
    command = parse_command({"type": "pay_bank", "player": "1", "amount": "$1,200"})
    assert command == PayBank(player=1, amount=1200)
    command = parse_command({"type": "pay_bank", "player": "1", "amount": " 1,000,000 "})
    assert command == PayBank(player=1, amount=1_000_000)


def test_amounts_typed_in_another_scripts_digits_read():
    """A Japanese keyboard in full-width mode types １２００; Arabic-Indic digits read as well."""
    assert parse_command({"type": "pay_bank", "player": "１", "amount": "１,２００"}) == PayBank(
        player=1, amount=1200
    )
    assert parse_command({"type": "pay_bank", "player": 1, "amount": "٣٠٠"}) == PayBank(player=1, amount=300)


@pytest.mark.parametrize("field", ["player", "to"])
@pytest.mark.parametrize("number", ["²", "④", pytest.param("1" * 5000, id="5,000 digits")])
def test_ids_in_odd_digits_or_far_too_long_are_refused(field, number):
    with pytest.raises(InvalidCommand):
        parse_command({"type": "pay_player", "player": 1, "to": 2, "amount": 5, field: number})


@pytest.mark.parametrize(
    ("reason", "code", "what"),
    [
        ("\ud800", "U+D800", "a broken character"),
        ("Rent\udc00", "U+DC00", "a broken character"),
        ("Rent\x00", "U+0000", "an invisible control character"),
        ("\x07Rent", "U+0007", "an invisible control character"),
        ("Rent \u202edrawkcab", "U+202E", "an invisible control character"),
        ("\u2067Rent", "U+2067", "an invisible control character"),
    ],
)
def test_a_reason_holding_a_broken_or_control_character_is_refused(reason, code, what):
    for kind in ("pay_bank", "collect_from_bank"):
        with pytest.raises(InvalidCommand) as refused:
            parse_command({"type": kind, "player": 1, "amount": 5, "reason": reason})
        assert refused.value.message.startswith(f"The reason holds {what} ({code}): type it again")
    with pytest.raises(InvalidCommand):
        parse_command({"type": "pay_player", "player": 1, "to": 2, "amount": 5, "reason": reason})


def test_a_reason_keeps_its_words_on_one_line():
    command = parse_command({"type": "pay_bank", "player": 1, "amount": 5, "reason": " Income\n\tTax  "})
    assert command == PayBank(player=1, amount=5, reason="Income Tax")


def test_a_missing_field_is_named():
    with pytest.raises(InvalidCommand) as refused:
        parse_command({"type": "pay_player", "player": 1, "amount": 5})
    assert refused.value.message == "The other player is missing."


def test_collecting_from_the_bank_needs_a_reason():
    said = "Say what the bank pays for (a card, a prize…): every phone sees the reason."
    assert refusal(new_game(), CollectFromBank(player=ANN, amount=50)) == said
    blank = parse_command({"type": "collect_from_bank", "player": ANN, "amount": 50, "reason": "  \t "})
    assert refusal(new_game(), blank) == said


@pytest.mark.parametrize(
    "command",
    [
        lambda amount: PayBank(player=ANN, amount=amount, reason="Fine"),
        lambda amount: CollectFromBank(player=ANN, amount=amount, reason="Beauty contest"),
        lambda amount: PayPlayer(player=ANN, to=BOB, amount=amount, reason="Loan"),
    ],
    ids=["pay_bank", "collect_from_bank", "pay_player"],
)
def test_an_amount_typed_in_from_500_up_is_news_for_every_phone(command):
    (small,) = decide(new_game(), command(499))
    (big,) = decide(new_game(), command(500))
    assert not small.is_news and small.big is None
    assert big.is_news and big.big is True and big.amount == 500


@pytest.mark.parametrize(
    ("preset", "least"), [("classic", 500), ("speed", 833), ("millionaire", 124)], ids=str
)
def test_a_big_amount_is_a_third_of_the_starting_cash(preset, least):
    state = new_game(preset=preset)
    assert big_amount(state) == least
    assert decide(state, PayBank(player=ANN, amount=least, reason="Fine"))[0].is_news
    assert not decide(state, PayBank(player=ANN, amount=least - 1, reason="Fine"))[0].is_news


def test_a_big_amount_the_rules_fix_is_not_flagged_as_typed_in():
    # a debt for a big sum is news of its own; a rule-fixed payment (rent, tax, a card) is no slip
    (owed,) = decide(new_game(), PayBank(player=ANN, amount=1600, reason="Fine"))
    assert owed.type == "debt_incurred" and owed.is_news
    (salary, *_) = decide(new_game(salary=600), PassGo(player=ANN))
    assert salary.amount == 600 and not salary.is_news


def _with_player(command_type: type, player: int):
    """`command_type` acting for `player`, its other fields filled with values of their kind."""
    filled = {}
    for field in dataclasses.fields(command_type):
        if field.name == "player":
            filled["player"] = player
        elif field.default is dataclasses.MISSING and field.default_factory is dataclasses.MISSING:
            filled[field.name] = {"int": 1, "str": "keep"}.get(str(field.type), 1)
    return command_type(**filled)


PLAYER_COMMANDS = sorted(
    (name, cls) for name, cls in COMMANDS.items() if "player" in {f.name for f in dataclasses.fields(cls)}
)


@pytest.mark.parametrize("party", [BANK, FREE_PARKING])
@pytest.mark.parametrize(("name", "command_type"), PLAYER_COMMANDS, ids=[n for n, _ in PLAYER_COMMANDS])
def test_no_command_acts_for_the_bank_or_the_pot(name, command_type, party):
    """The banker's `buy` for player -1 made the jackpot pot own Boardwalk at -$400 (every screen of
    the game then answered 409), and `pay_tax` for player 0 had the bank pay tax into the pot."""
    state = new_game(free_parking_jackpot=True)
    assert refusal(state, _with_player(command_type, party)) == f"There is no player {party} in this game."
