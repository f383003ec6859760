"""Korean text: particles after a filled-in word ("%(amount)s을(를)" reads "₩200,000을" or
"$200를"), and a code typed on a Korean keyboard left in Hangul mode read back as its keys.

A Korean particle follows the sound of the word before it (을 after a final consonant, 를 after a
vowel), which a translation cannot know when it writes a placeholder; it writes both ("을(를)"),
and the word filled in chooses here. A word whose sound is not known from its letters (a name in
Latin letters, "200K") keeps both."""

from __future__ import annotations

import re
import unicodedata

# the particle written with both forms -> (after a final consonant, after a vowel)
_FORMS = {
    "을(를)": ("을", "를"),
    "를(을)": ("을", "를"),
    "이(가)": ("이", "가"),
    "가(이)": ("이", "가"),
    "은(는)": ("은", "는"),
    "는(은)": ("은", "는"),
    "(은)는": ("은", "는"),
    "과(와)": ("과", "와"),
    "와(과)": ("과", "와"),
    "(으)로": ("으로", "로"),
    "(이)": ("이", ""),
}
_PARTICLE = re.compile("|".join(re.escape(written) for written in _FORMS))
_CLOSING = "\"'’”」』)]"
_VOWEL, _CONSONANT, _RIEUL = 0, 1, 8  # a sound's final consonant: none, one, ㄹ (its own index)
# how an amount's currency is said after its figure: 달러, 유로, 파운드 end in a vowel; 원, 엔 not
_SAID_AFTER = {"$": _VOWEL, "€": _VOWEL, "£": _VOWEL, "₩": _CONSONANT, "¥": _CONSONANT}
# a figure's last sound by its last digit: 영 (or 십, 백, 천, 만), 일, 이, 삼, 사, 오, 육, 칠, 팔, 구
_V, _C, _R = _VOWEL, _CONSONANT, _RIEUL
_DIGIT_SAID = dict(zip("0123456789", (_C, _R, _V, _C, _V, _V, _C, _R, _R, _V), strict=True))


def choose_particles(text: str) -> str:
    """`text` with each two-way particle chosen by the sound before it, where that is known."""
    if "(" not in text:
        return text
    return _PARTICLE.sub(lambda found: _chosen(found.string, found.start(), found.group()), text)


def _chosen(text: str, at: int, written: str) -> str:
    final = _final_consonant(text[:at].rstrip(_CLOSING))
    if final is None:
        return written
    after_consonant, after_vowel = _FORMS[written]
    if written == "(으)로" and final == _RIEUL:
        return after_vowel
    return after_vowel if final == _VOWEL else after_consonant


def _final_consonant(before: str) -> int | None:
    """The final consonant of the last sound of `before`: _VOWEL, _RIEUL, another's index, or
    None where the letters do not tell."""
    last = before[-1:]
    if "가" <= last <= "힣":
        return (ord(last) - ord("가")) % 28
    if not last.isdigit():
        return None
    sign = re.search(r"([^\d.,\s]?)[\d.,]*$", before).group(1)
    if sign in _SAID_AFTER:
        return _SAID_AFTER[sign]
    if sign not in ("", "+", "-", "−"):
        return None  # "M1.5", "x2": a word, not a figure said in Korean
    return _DIGIT_SAID[last]


# The keys of the Korean keyboard (two-set, as phones and computers have it) under each letter it
# types, and the keys of the letters it composes; a doubled consonant is its key with Shift
_KEYS = dict(
    zip(
        "ㄱㄲㄳㄴㄵㄶㄷㄸㄹㄺㄻㄼㄽㄾㄿㅀㅁㅂㅃㅄㅅㅆㅇㅈㅉㅊㅋㅌㅍㅎㅏㅐㅑㅒㅓㅔㅕㅖㅗㅘㅙㅚㅛㅜㅝㅞㅟㅠㅡㅢㅣ",
        "r r rt s sw sg e e f fr fa fq ft fx fv fg a q q qt t t d w w c z x v g "
        "k o i o j p u p h hk ho hl y n nj np nl b m ml l".split(),
        strict=True,
    )
)
# a composed syllable's parts (Unicode's conjoining letters) as the letters above
_LEADS = "ㄱㄲㄴㄷㄸㄹㅁㅂㅃㅅㅆㅇㅈㅉㅊㅋㅌㅍㅎ"
_VOWELS = "ㅏㅐㅑㅒㅓㅔㅕㅖㅗㅘㅙㅚㅛㅜㅝㅞㅟㅠㅡㅢㅣ"
_TAILS = "ㄱㄲㄳㄴㄵㄶㄷㄹㄺㄻㄼㄽㄾㄿㅀㅁㅂㅄㅅㅆㅇㅈㅊㅋㅌㅍㅎ"
_LETTER = {
    **{chr(0x1100 + i): c for i, c in enumerate(_LEADS)},
    **{chr(0x1161 + i): c for i, c in enumerate(_VOWELS)},
    **{chr(0x11A8 + i): c for i, c in enumerate(_TAILS)},
}


def typed_keys(text: str) -> str:
    """`text` with its Korean letters as the keys that typed them: a join code typed with the
    keyboard in Hangul mode ("ㅏㅈ72테" for KW72XP) reads as the code. Other characters are kept."""
    letters = (_LETTER.get(c, c) for c in unicodedata.normalize("NFD", text))
    return "".join(_KEYS.get(c, c) for c in letters)
