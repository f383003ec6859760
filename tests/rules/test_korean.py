"""Korean particles after a filled-in word chosen by its sound (banker/rules/korean.py)."""

from __future__ import annotations

import pytest

from banker.rules.korean import choose_particles, typed_keys
from banker.rules.text import Text


@pytest.mark.parametrize(
    ("written", "read"),
    [
        ("$200을(를) 냄", "$200를 냄"),  # 200달러를
        ("₩200,000을(를) 냄", "₩200,000을 냄"),  # 20만 원을
        ("¥500이(가) 있음", "¥500이 있음"),  # 500엔이
        ("£5은(는)", "£5는"),  # 5파운드는
        ("+€50과(와)", "+€50와"),  # 50유로와
        ("서울은(는)", "서울은"),
        ("부산(으)로", "부산으로"),
        ("서울(으)로", "서울로"),  # after ㄹ as after a vowel
        ("종로(으)로", "종로로"),
        ('"앤"이(가) 두 번', '"앤"이 두 번'),  # a closing quote is not a sound
        ("앤(이)라는", "앤이라는"),
        ("마리오(이)라는", "마리오라는"),
        ("칸 10(으)로", "칸 10으로"),  # 십으로
        ("칸 7(으)로", "칸 7로"),  # 칠로
        ("3이(가)", "3이"),  # 삼이
        ("2을(를)", "2를"),  # 이를
    ],
)
def test_a_word_whose_sound_is_known_takes_its_particle(written, read):
    assert choose_particles(written) == read


@pytest.mark.parametrize(
    "written", ["Boardwalk은(는)", "200K을(를)", "M1.5을(를)", "x2이(가)", "을(를) 먼저"]
)
def test_a_word_whose_sound_the_letters_do_not_tell_keeps_both(written):
    assert choose_particles(written) == written


def test_text_without_a_two_way_particle_is_the_same_text():
    english = "Ann could raise $40 (cash, mortgages and half the buildings)."
    assert choose_particles(english) is english


def test_a_translated_message_chooses_after_its_words_are_filled_in():
    korean = {"%(player)s cannot pay %(amount)s.": "%(player)s 님은 %(amount)s을(를) 낼 수 없습니다."}
    said = Text("%(player)s cannot pay %(amount)s.", player="앤", amount="₩3,000,000")
    assert (
        said.translate(lambda s: korean.get(s, s), lambda s, p, n: s)
        == "앤 님은 ₩3,000,000을 낼 수 없습니다."
    )
    dollars = Text("%(player)s cannot pay %(amount)s.", player="Ann", amount="$300")
    assert (
        dollars.translate(lambda s: korean.get(s, s), lambda s, p, n: s) == "Ann 님은 $300를 낼 수 없습니다."
    )


@pytest.mark.parametrize(
    ("typed", "keys"),
    [
        ("ㅏㅈ72테", "kw72xp"),  # KW72XP: ㅌ and ㅔ make one syllable
        ("각", "rkr"),  # a syllable with a final consonant
        ("ㅘㅞ", "hknp"),  # vowels the keyboard joins: ㅗ+ㅏ, ㅜ+ㅔ
        ("한ㅄ", "gksqt"),  # consonants it joins: ㅂ+ㅅ
        ("ㄲㅉ", "rw"),  # Shift doubles a consonant: R and W, as a code is shown
        ("AB 3-", "AB 3-"),  # what is not Korean is kept
    ],
)
def test_a_code_typed_with_the_keyboard_in_hangul_mode_reads_as_its_keys(typed, keys):
    assert typed_keys(typed) == keys
