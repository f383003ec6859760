"""The built-in cards on a screen: word for word as printed, in the game's money and the reader's
language; a custom edition's cards as its file words them."""

from __future__ import annotations

import gettext
from pathlib import Path

import pytest

from banker.rules import decide, describe_action, fold, start_game
from banker.rules.board import edition_to_json
from banker.rules.card_texts import TITLES, WORDING, card_text, card_title
from banker.rules.cards import DrawCard
from banker.rules.editions import custom_edition, load_edition
from banker.rules.text import say
from banker.web.http.i18n import compile_catalogues
from tests.support.rules import NAMES

TRANSLATIONS = Path(__file__).resolve().parents[2] / "banker" / "translations"


def game(edition="us", **options):
    return fold([(1, [start_game(NAMES[:2], "classic", edition, options=options or None)])])


def card(state, card_id):
    return state.edition.card[card_id]


def in_language(text, language):
    compile_catalogues(TRANSLATIONS)
    catalogue = gettext.translation("messages", TRANSLATIONS, [language])
    return say(text, catalogue.gettext, catalogue.ngettext)


def test_every_built_in_card_has_its_wording():
    assert sorted(WORDING) == sorted(c.id for c in load_edition("us").cards)


@pytest.mark.parametrize("edition", ["us", "uk"])
def test_in_the_editions_own_money_every_card_reads_as_printed(edition):
    state = game(edition)
    for printed in state.edition.cards:
        assert card_text(state, printed) == printed.text


def test_the_amounts_follow_the_games_money_and_salary():
    won = game(currency="KRW")
    assert card_text(won, card(won, "CC02")) == "Bank error in your favor. Collect ₩200,000."
    assert card_text(won, card(won, "CH12")) == (
        "Make general repairs on all your property: for each house pay ₩25,000, for each hotel pay ₩100,000."
    )
    k = game(currency="MK", salary=400)
    assert card_text(k, card(k, "CH03")) == (
        "Advance to Illinois Avenue. If you pass Go, collect 400K."  # the table's salary, as it pays
    )


def test_the_jail_card_offers_no_sale_where_nothing_is_traded():
    cards = ("CH09", "CC05")
    classic = game()
    assert {card_text(classic, card(classic, c)) for c in cards} == {
        "Get Out of Jail Free (keep until needed, or trade/sell)."
    }
    untraded = fold([(1, [start_game(NAMES[:2], "monopoly2", "us", seed=7)])])
    assert not untraded.rules.trading
    assert {card_text(untraded, card(untraded, c)) for c in cards} == {
        "Get Out of Jail Free (keep until needed)."
    }
    assert (
        in_language(card_text(untraded, card(untraded, "CH09")), "ko")
        == "감옥 탈출 카드 (필요할 때까지 갖고 있을 수 있습니다)."
    )
    assert (
        in_language(card_text(untraded, card(untraded, "CC05")), "ja")
        == "刑務所釈放カード（使うまで持っておける）。"
    )


def test_a_korean_or_japanese_phone_reads_the_card_in_its_language():
    won = game(currency="KRW")
    assert in_language(card_text(won, card(won, "CC02")), "ko") == "은행 실수로 이득. ₩200,000 받으세요."
    assert in_language(card_text(won, card(won, "CH01")), "ko") == "Boardwalk까지 가세요."
    uk = game("uk")
    assert in_language(card_text(uk, card(uk, "CH05")), "ja").startswith("いちばん近い駅まで進む。")


def test_a_custom_editions_cards_read_as_its_file_words_them():
    data = edition_to_json(load_edition("us"))
    data["edition"] = "서울"
    data["chance"][7]["text"] = "은행 배당금 5만 원을 받으세요."
    state = fold([(1, [start_game(NAMES[:2], "classic", custom_edition(data))])])
    assert card_text(state, card(state, "CH08")) == "은행 배당금 5만 원을 받으세요."


def test_a_board_copied_from_a_built_in_one_reads_its_untouched_cards_as_the_built_in_does():
    """A copy of the US board lost every card's translation and its titles ("Advance to the
    nearest…" twice in the picker); its untouched cards read as the US board's, with its own names."""
    data = edition_to_json(load_edition("us"))
    data["edition"] = "Busan"
    data["spaces"][39]["name"] = data["properties"][-1]["name"] = "Haeundae Beach"
    data["chance"][7]["text"] = "The bank pays you a dividend of fifty."  # rewritten: as written
    state = fold([(1, [start_game(NAMES[:2], "classic", custom_edition(data), options={"currency": "KRW"})])])
    assert card_text(state, card(state, "CH01")) == "Advance to Haeundae Beach."
    assert in_language(card_text(state, card(state, "CH01")), "ko") == "Haeundae Beach까지 가세요."
    assert in_language(card_text(state, card(state, "CC02")), "ja") == in_language(
        card_text(game(currency="KRW"), card(game(), "CC02")), "ja"
    )
    assert card_title(state, card(state, "CH05")) == "Nearest Railroad"
    assert card_title(state, card(state, "CH06")) == "Nearest Railroad (2nd)"
    assert card_text(state, card(state, "CH08")) == "The bank pays you a dividend of fifty."


def test_a_cards_full_stop_ends_its_sentence_once_before_what_it_did():
    state = game()
    drawn = decide(state, DrawCard(player=1, deck="chance", card="CH13"))  # Speeding fine $15.
    line = describe_action(state, drawn)
    assert line == "Ann drew Chance: Speeding fine $15. Ann paid the bank $15 (Chance card)"
    assert in_language(line, "ko").startswith("Ann 님이 찬스 카드를 뽑음: 과속 벌금 $15. Ann 님이")
    assert in_language(line, "ja").startswith("Annがチャンスを引きました: スピード違反の罰金$15。Annが")


def test_every_built_in_card_has_a_short_title_for_the_picker():
    assert sorted(TITLES) == sorted(WORDING)
    uk = game("uk")
    assert card_title(uk, card(uk, "CH01")) == "To Mayfair"
    assert card_title(uk, card(uk, "CH05")) == "Nearest Station"
    assert in_language(card_title(game(), card(game(), "CC09")), "ko") == "생일"
    assert in_language(card_title(game(), card(game(), "CH14")), "ja") == "Reading Railroadへの旅"


def test_a_custom_cards_title_is_the_start_of_its_wording():
    data = edition_to_json(load_edition("us"))
    data["chance"][7]["text"] = "The bank pays you a dividend of fifty."
    data["chance"][8]["text"] = "Dividend."
    data["chance"][9]["text"] = "Abcdefghijklmnopqrstuvwxyz long"
    state = fold([(1, [start_game(NAMES[:2], "classic", custom_edition(data))])])
    assert card_title(state, card(state, "CH08")) == "The bank pays you a…"
    assert card_title(state, card(state, "CH09")) == "Dividend."
    assert card_title(state, card(state, "CH10")) == "Abcdefghijklmnopqrstuvwx…"
