"""Text: the rules' words read as English, and keep what a screen needs to say them in any
language, also after a trip through the log's JSON."""

from __future__ import annotations

import copy
import json

from hypothesis import given
from hypothesis import strategies as st

from banker.rules import decide, describe_action
from banker.rules.jail import GoToJail
from banker.rules.money import PayTax
from banker.rules.state import TradeSide
from banker.rules.text import ITEMS, Parts, Plural, Text, from_data, listing, say, to_data
from banker.rules.trades import ProposeTrade
from tests.support.rules import ANN, BOB, CAT, new_game, owning

names = st.text(alphabet=st.characters(blacklist_categories=("Cs",)), max_size=12)
LEAVES = st.one_of(
    st.builds(lambda who, amount: Text("%(payer)s paid %(amount)s", payer=who, amount=amount), names, names),
    st.builds(lambda n: Plural("%(n)s house", "%(n)s houses", n), st.integers(0, 5)),
    st.builds(lambda deed: Text("rent for %(deed)s%(how)s", deed=deed, how=Text(" with a hotel")), names),
)
TEXTS = st.recursive(
    LEAVES,
    lambda inner: st.one_of(
        st.builds(lambda said, reason: Text("%(said)s (%(reason)s)", said=said, reason=reason), inner, inner),
        st.builds(lambda parts: Parts(parts), st.lists(inner, min_size=1, max_size=3)),
        st.builds(lambda parts: Parts(parts, ITEMS), st.lists(inner, min_size=1, max_size=3)),
    ),
    max_leaves=6,
)


def translated(text: Text) -> str:
    """In a made-up language that puts every message in «quotes»."""
    return say(
        text, lambda msgid: f"«{msgid}»", lambda singular, plural, n: f"«{singular if n == 1 else plural}»"
    )


def test_a_text_reads_as_its_english_sentence():
    paid = Text("%(payer)s paid %(payee)s %(amount)s", payer="Ann", payee="Bob", amount="$50")
    assert paid == "Ann paid Bob $50" and isinstance(paid, str)
    assert Plural("%(n)s house", "%(n)s houses", 1) == "1 house"
    assert Plural("%(n)s house", "%(n)s houses", 3) == "3 houses"
    assert listing(["A", "B", "C"]) == "A, B and C" and listing(["A"]) == "A"


def test_a_text_is_translated_with_its_parameters_translated_too():
    said = Text(
        "%(player)s now has %(buildings)s", player="Ann", buildings=Plural("%(n)s house", "%(n)s houses", 2)
    )
    catalogue = {
        "%(player)s now has %(buildings)s": "%(player)s: %(buildings)s",
        "%(n)s houses": "%(n)s HOUSES",
    }
    assert (
        say(said, lambda m: catalogue.get(m, m), lambda s, p, n: catalogue.get(p if n != 1 else s))
        == "Ann: 2 HOUSES"
    )
    assert say("typed by a player", str.upper, None) == "typed by a player"


@given(TEXTS)
def test_a_text_survives_the_logs_json_and_a_copy(text):
    stored = from_data(json.loads(json.dumps(to_data(text))))
    assert stored == text and type(stored) is type(text)
    assert translated(stored) == translated(text)
    copied = copy.deepcopy(text)
    assert copied == text and translated(copied) == translated(text)


def test_a_sentence_that_ends_itself_takes_only_the_separators_spacing():
    assert Parts(["Speeding fine $15.", "Ann paid"]) == "Speeding fine $15. Ann paid"
    assert Parts(["Ann paid", "Bob owns it"]) == "Ann paid; Bob owns it"
    assert Parts(["J.R.", "Ann"], ITEMS) == "J.R., Ann"  # a list's items are not sentences
    japanese = {"; ": "。", "Fine.": "罰金。", "Paid": "支払い"}
    line = say(Parts([Text("Fine."), Text("Paid")]), lambda m: japanese.get(m, m), None)
    assert line == "罰金。支払い"


def test_an_offer_reads_as_made_to_you_on_its_partners_phone():
    state = owning(new_game(), BOB, 37)
    for give, get, partner_reads in (
        (TradeSide(cash=100), TradeSide(deeds=(37,)), "Ann offers you $100 for Park Place"),
        (TradeSide(cash=100), TradeSide(), "Ann offers you $100 for nothing in return"),
        (TradeSide(), TradeSide(deeds=(37,)), "Ann asks you for Park Place, for nothing in return"),
    ):
        events = decide(state, ProposeTrade(player=ANN, to=BOB, give=give, get=get))
        after = events[0].apply(state)
        assert describe_action(after, events, you=BOB) == partner_reads
        assert describe_action(after, events, you=CAT) == partner_reads.replace("you", "Bob", 1)


def test_your_own_jail_trade_and_debt_lines_read_in_the_second_person():
    state = owning(new_game(), BOB, 37)
    offer = ProposeTrade(player=ANN, to=BOB, give=TradeSide(cash=100), get=TradeSide(deeds=(37,)))
    short = state.with_player(ANN, cash=100)
    for before, command, yours, theirs in (
        (state, GoToJail(player=ANN), "You went to jail", "Ann went to jail"),
        (state, offer, "You offer Bob $100 for Park Place", "Ann offers Bob $100 for Park Place"),
        (
            short,
            PayTax(player=ANN, space=4),
            "You owe the bank $200 (Income Tax): not enough cash yet",
            "Ann owes the bank $200 (Income Tax): not enough cash yet",
        ),
    ):
        events = decide(before, command)
        after = before
        for event in events:
            after = event.apply(after)
        assert (describe_action(after, events, you=ANN), describe_action(after, events, you=CAT)) == (
            yours,
            theirs,
        )
