"""Any edition on the table, in the browser at phone size: a US board renamed city by city in under
two minutes of taps, then a rent paid on it; the Millionaire board typed in from the table's own
box and played to the million; the editor on the bank's wide screen; and every editor screen in
English, Korean and Japanese, with no serious accessibility fault and no target under 44 px."""

from __future__ import annotations

import re
import time
from dataclasses import dataclass
from urllib.parse import unquote

from flask import Flask
from flask.sessions import SecureCookieSessionInterface
from playwright.sync_api import expect

from banker.rules.editions import load_edition
from banker.rules.editions.draft import built_in_draft
from tests.support.browser import (
    SETTLE,
    SMALL_TARGETS,
    api,
    banker_does,
    no_sideways_scroll,
    shoot,
    violations,
)
from tests.support.millionaire_box import BOX, JAIL_FINE, card_fields, card_figures, deed_figures
from tests.support.servers import SECRET

# How long a person takes on a phone (the keystroke-level model's figures for a touch screen): a
# tap, finding its target first, about 0.7 s; typing, about 36 words a minute, 0.33 s a character.
TAP_SECONDS, CHARACTER_SECONDS = 0.7, 0.33
CITIES = [  # the 28 deeds of the US board in order, as a world edition renames them
    "Gdynia", "Taipei", "Tokyo", "Barcelona", "Athens", "Istanbul", "Kyiv", "Toronto", "Rome",
    "Shanghai", "Stockholm", "Riga", "Montreal", "Beijing", "Hong Kong", "Sydney", "Paris",
    "Amsterdam", "London", "Seoul", "Lisbon", "Cape Town",
]  # fmt: skip
STATIONS, UTILITIES = ["Heathrow", "Incheon", "Narita", "Kennedy"], ["Solar", "Wind"]


@dataclass
class Hands:
    """What a person does on the phone, counted: each tap (a key that moves to the next field
    counts as one) and each character typed."""

    page: object
    taps: int = 0
    characters: int = 0

    def tap(self, locator) -> None:
        self.taps += 1
        locator.click()

    def type(self, text: str) -> None:
        self.characters += len(text)
        self.page.keyboard.type(text)

    def next(self) -> None:
        self.taps += 1
        self.page.keyboard.press("Enter")

    @property
    def seconds(self) -> float:
        return self.taps * TAP_SECONDS + self.characters * CHARACTER_SECONDS


def us_names() -> list[str]:
    """The world edition's names for the US board's deeds, in board order."""
    by_kind = {"street": iter(CITIES), "railroad": iter(STATIONS), "utility": iter(UTILITIES)}
    return [next(by_kind[deed.kind]) for deed in load_edition("us").deeds]


def field(page, path: str):
    return page.locator(f"#f-{path.replace('.', '-')}")


def type_in(page, path: str, value: str) -> None:
    """A field typed into, then the keyboard's Next: htmx saves it, and it is no longer blank."""
    box = field(page, path)
    box.locator("input").fill(value)
    box.locator("input").press("Enter")
    expect(field(page, path)).not_to_have_class(re.compile(r"\bblank\b"))


def page_saved(page, values: dict[str, str]) -> None:
    """Fields filled in without a keystroke each (as a browser without htmx keeps them until
    Save), then the page's Save: every field sent at once, and the edition's overview again."""
    page.evaluate(
        "values => Object.entries(values).forEach(([path, value]) =>"
        " document.getElementById('f-' + path.replaceAll('.', '-') + '-in').value = value)",
        values,
    )
    page.locator(".editor-form > .btn.big").click()
    expect(page.locator("a.section").first).to_be_visible()


def bank_token(page, server, game_id: str) -> str:
    """The bank's seat of the game, as the host's browser holds it in its signed cookie."""
    cookie = next(c["value"] for c in page.context.cookies(server.url) if c["name"] == "session")
    app = Flask(__name__)
    app.secret_key = SECRET
    session = SecureCookieSessionInterface().get_signing_serializer(app).loads(unquote(cookie))
    return next(token for game, role, token in session["seats"] if game == game_id and role == "bank")


def join_as(page, link: str, name: str, cash: str) -> None:
    page.goto(link)
    page.get_by_role("button", name=name).click()
    expect(page.get_by_label("Your cash")).to_have_text(cash)


def tap_space(page, name: str):
    page.locator(f'.space[aria-label^="{name}"]').click()
    sheet = page.locator("#sheet .sheet-card")
    expect(sheet.get_by_role("heading", name=name)).to_be_visible()
    return sheet


# --- a renamed US board, in under two minutes of taps ---------------------------------------------


def test_a_renamed_us_edition_takes_under_two_minutes_of_taps_and_plays_a_rent(server, phone, shots):
    host = phone()
    hands = Hands(host)
    started = time.monotonic()
    host.goto(server.url + "/")
    hands.tap(host.get_by_role("link", name="New game"))
    hands.tap(host.get_by_role("link", name="Make your own board"))
    hands.tap(host.locator("button.start[value=us]"))
    expect(host.locator("#todo")).to_contain_text("Ready to play: nothing is missing.")
    hands.tap(host.locator("a.section", has_text="Names"))
    hands.tap(host.get_by_label("Title"))
    hands.type("World")
    names = us_names()
    for name in names:
        hands.next()
        hands.type(name)
    hands.next()
    shoot(host, path=str(shots / "editor-names-renamed-390.png"))
    hands.tap(host.get_by_role("button", name="Save"))
    expect(host.get_by_role("heading", name="World", exact=True)).to_be_visible()
    hands.tap(host.get_by_role("link", name="Start a game on it"))
    expect(host.get_by_role("radio", name=re.compile("^World"))).to_be_checked()
    for number, player in ((1, "Ann"), (2, "Bob")):
        hands.tap(host.get_by_placeholder(f"Player {number}", exact=True))
        hands.type(player)
    hands.tap(host.get_by_role("button", name="Start the game"))
    expect(host.get_by_role("heading", name="Scan to join")).to_be_visible()
    took = time.monotonic() - started
    (shots / "editor-renamed-us-taps.txt").write_text(
        f"{hands.taps} taps, {hands.characters} characters: about {hands.seconds:.0f} s for a person "
        f"({TAP_SECONDS} s a tap, {CHARACTER_SECONDS} s a character); {took:.1f} s in the browser\n"
    )
    assert hands.seconds < 120, (
        hands.taps,
        hands.characters,
        hands.seconds,
    )  # a person's time, not this machine's
    assert hands.taps <= 40

    link = host.locator(".lobby .hint a").get_attribute("href")
    ann, bob = phone(), phone()
    join_as(ann, link, "Ann", "$1,500")
    join_as(bob, link, "Bob", "$1,500")
    boardwalk = names[-1]
    assert boardwalk == "Cape Town"
    tap_space(ann, boardwalk)
    ann.locator("#sheet").get_by_role("button", name="Buy for $400", exact=True).click()
    expect(ann.get_by_label("Your cash")).to_have_text("$1,100")
    sheet = tap_space(bob, boardwalk)
    expect(sheet.locator(".rent-now")).to_have_text("Rent now $50")
    bob.locator("#sheet").get_by_role("button", name="Pay Ann rent · −$50", exact=True).click()
    expect(bob.get_by_label("Your cash")).to_have_text("$1,450")
    expect(ann.get_by_label("Your cash")).to_have_text("$1,150", timeout=SETTLE)
    expect(bob.locator("#history")).to_contain_text("Bob paid Ann $50 (rent for Cape Town)")
    shoot(bob, path=str(shots / "editor-renamed-us-rent-390.png"), full_page=True)


# --- the Millionaire board, typed in from the box and played to the million -----------------------


def test_the_millionaire_board_is_typed_in_from_the_box_and_played_to_the_million(server, phone, shots):
    host = phone()
    host.goto(server.url + "/new")
    for number, player in ((1, "Ann"), (2, "Bob")):
        host.get_by_placeholder(f"Player {number}", exact=True).fill(player)
    host.locator("label.preset", has_text="Amounts in K").click()
    expect(host.locator("input[name=edition][value=millionaire]")).to_be_checked()  # its board with it
    host.get_by_role("button", name="Start the game").click()
    todo = host.locator("#todo")
    expect(todo).to_contain_text("Still to type: 299")
    expect(todo).to_contain_text("Type these from your title deeds and cards.")
    expect(host.locator(".hint", has_text="Your new game waits for these")).to_be_visible()
    overview = host.url

    host.locator("a.section", has_text="Title deeds").click()
    draft = built_in_draft("millionaire")
    first, *rest = draft["properties"]
    for key, value in deed_figures(first).items():  # the first deed field by field, each saved as typed
        type_in(host, f"deed.{first['position']}.{key}", str(value))
    expect(todo).to_contain_text("189 on this page")
    page_saved(host, {f"deed.{d['position']}.{k}": str(v) for d in rest for k, v in deed_figures(d).items()})
    expect(todo).to_contain_text("Still to type: 101")
    host.goto(overview + "/bank")
    type_in(host, "bank.jail_fine", str(JAIL_FINE))
    host.goto(overview + "/cards/lifestyle")
    card = "card.lifestyle.0"  # the first card as a person types it: its words, what it does, amounts
    field(host, f"{card}.text").locator("textarea").fill(BOX["lifestyle"][0][0])
    field(host, f"{card}.text").locator("textarea").press("Tab")
    expect(field(host, f"{card}.text")).not_to_have_class(re.compile(r"\bblank\b"))
    field(host, f"{card}.action").locator("select").select_option("collect")
    for level, amount in enumerate(BOX["lifestyle"][0][2]["level"]):
        type_in(host, f"{card}.level.{level}", str(amount))
    expect(host.locator("#head-card-lifestyle-0")).to_contain_text("✓")
    for deck in BOX:  # the rest a page at a time: what each card does, then its figures
        host.goto(f"{overview}/cards/{deck}")
        page_saved(host, card_fields(deck))
        host.goto(f"{overview}/cards/{deck}")
        page_saved(host, card_figures(deck))
    host.goto(overview)
    expect(todo).to_contain_text("Ready to play: nothing is missing.")
    shoot(host, path=str(shots / "editor-millionaire-typed-in-390.png"), full_page=True)
    host.get_by_role("button", name="Start the game for Ann and Bob").click()
    expect(host.get_by_role("heading", name="Scan to join")).to_be_visible()

    game_id = host.url.split("/")[4]
    game = {"id": game_id, "banker_token": bank_token(host, server, game_id)}
    link = host.locator(".lobby .hint a").get_attribute("href")
    ann, bob = phone(), phone(locale="ko-KR")
    join_as(ann, link, "Ann", "372K")
    bob.goto(link)
    bob.get_by_role("button", name="Bob").click()
    wallet = ann.get_by_label("Your cash")
    banker_does(
        server,
        game,
        {"type": "buy", "player": 1, "deed": 30},  # Fortune Valley, 170K as the sources print it
        {"type": "buy", "player": 1, "deed": 31},  # Paradise Island, 200K
    )
    expect(wallet).to_have_text("2K", timeout=SETTLE)
    for cash in ("152K", "302K"):
        ann.locator(".wallet .go").click()  # Passed GO: 150K at level 1
        expect(wallet).to_have_text(cash)
    banker_does(server, game, {"type": "build", "deed": 30}, {"type": "build", "deed": 31})
    expect(wallet).to_have_text("117K", timeout=SETTLE)  # the box's house costs: 85K and 100K
    sheet = tap_space(bob, "Paradise Island")
    expect(sheet.locator(".rent-now")).to_contain_text("150K")  # the box's rent with 1 house
    bob.locator("#sheet button", has_text="150K").click()  # 임대료 내기, on Bob's Korean phone
    expect(wallet).to_have_text("267K", timeout=SETTLE)
    banker_does(server, game, {"type": "card", "player": 1, "deck": "chance", "card": "CH13"})
    expect(wallet).to_have_text("417K", timeout=SETTLE)  # "A film deal: collect 150K."
    for cash in ("567K", "717K", "867K"):
        ann.locator(".wallet .go").click()
        expect(wallet).to_have_text(cash)
    ann.locator(".wallet .go").click()  # 1,017K: past the million
    expect(ann.locator(".finale h2")).to_have_text("Ann wins!", timeout=SETTLE)
    tally = api(server, f"/api/games/{game_id}/tally", token=game["banker_token"])
    assert (tally["ended"], tally["winner"]) == (True, 1)
    assert [(p["name"], p["cash"]) for p in tally["players"]] == [("Ann", 1017), ("Bob", 222)]
    shoot(ann, path=str(shots / "editor-millionaire-won-390.png"), full_page=True)


# --- the host's laptop, and every screen in three languages ---------------------------------------


def millionaire_draft(page, server) -> str:
    page.goto(server.url + "/editions/new")
    page.locator("button.start[value=millionaire]").click()
    expect(page.locator("#todo h2")).to_contain_text("299")
    return page.url


def test_the_editor_on_the_banks_wide_screen_sets_the_list_beside_the_deeds(server, browser, shots):
    context = browser.new_context(viewport={"width": 1280, "height": 800})
    page = context.new_page()
    overview = millionaire_draft(page, server)
    shoot(page, path=str(shots / "editor-overview-1280.png"))
    page.goto(overview + "/deeds")
    todo, deed = page.locator("#todo").bounding_box(), page.locator("#deed-1").bounding_box()
    assert todo["x"] + todo["width"] <= deed["x"]  # what is still to type, left of the deeds
    rents = [field(page, f"deed.1.rent.{level}").bounding_box() for level in range(6)]
    assert len({round(box["y"]) for box in rents}) == 1  # the six rents on one line, as printed
    assert min(box["width"] for box in rents) >= 100
    assert page.evaluate("document.documentElement.scrollWidth") <= 1280
    type_in(page, "deed.1.rent.0", "1")
    expect(page.locator("#head-deed-1")).to_contain_text("8 to type")
    shoot(page, path=str(shots / "editor-deeds-1280.png"))
    assert violations(page) == []
    context.close()


def test_every_editor_screen_reads_in_three_languages_with_room_for_a_thumb(server, browser, shots):
    for locale, language in (("en-US", "en"), ("ko-KR", "ko"), ("ja-JP", "ja")):
        context = browser.new_context(
            viewport={"width": 390, "height": 844},
            device_scale_factor=1,
            is_mobile=True,
            has_touch=True,
            locale=locale,
        )
        page = context.new_page()
        page.goto(server.url + "/editions/new")
        shoot(page, path=str(shots / f"editor-start-{language}-390.png"), full_page=True)
        overview = millionaire_draft(page, server)
        screens = {
            "overview": overview,
            "names": overview + "/names",
            "deeds": overview + "/deeds",
            "bank": overview + "/bank",
            "cards": overview + "/cards/lifestyle",
            "new-game": server.url + "/new",
        }
        for name, url in screens.items():
            page.goto(url)
            shown = page.locator("main")
            if name == "cards":  # a card with what it does chosen: its amounts by token level
                field(page, "card.lifestyle.0.action").locator("select").select_option("collect")
                shown = page.locator("#card-lifestyle-0")
                expect(field(page, "card.lifestyle.0.level.2")).to_be_visible()
            if name == "deeds":  # a figure refused, at its field
                field(page, "deed.1.rent.0").locator("input").fill("7.5")
                field(page, "deed.1.rent.0").locator("input").press("Enter")
                expect(field(page, "deed.1.rent.0").locator(".why")).to_be_visible()
                shown = page.locator("#deed-1")
            if name == "new-game":
                shown = page.locator("fieldset", has=page.locator("input[name=edition]"))
            shoot(page, path=str(shots / f"editor-{name}-{language}-390.png"))
            shoot(shown, path=str(shots / f"editor-{name}-{language}-390-part.png"))
            assert no_sideways_scroll(page), (language, name)
            # the whole check in English; the targets in every language, whose words wrap apart
            found = violations(page) if language == "en" else page.evaluate(SMALL_TARGETS)
            assert found == [], (language, name)
        context.close()
