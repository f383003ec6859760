"""Money coming in is felt on the receiver's phone, and a phone shows its connection: a bar while
the live stream is down, "Not sent" with Retry for a tap that did not get through, and a retry
that applies once."""

from __future__ import annotations

from playwright.sync_api import expect

from tests.support.browser import SETTLE, api, banker_does, open_tab, shoot, take_seat

CONNECTION_SEEN = 2000  # ms: the bar shows this soon after the server goes away


def seated(phone, server, game, player_id, locale=None):
    page = phone(locale)
    take_seat(page, server, game["players"][player_id - 1]["token"])
    expect(page.locator(".wallet .balance")).to_be_visible()
    return page


def pay(page, whom: str, amount: str) -> None:
    open_tab(page, "Pay")
    form = page.locator("form", has=page.locator('input[value="pay_player"]'))
    form.locator("label.chip", has_text=whom).click()
    form.get_by_label("Amount").fill(amount)
    form.get_by_role("button", name="Pay").click()


def cash(server, game, player_id) -> int:
    state = api(server, f"/api/games/{game['id']}", token=game["banker_token"])
    return state["players"][player_id - 1]["cash"]


def test_bobs_payment_flashes_on_anns_phone_as_money_in(server, phone, shots):
    game = api(server, "/api/games", {"players": ["Ann", "Bob", "Cy"]})
    ann, bob, cy = (seated(phone, server, game, n) for n in (1, 2, 3))

    pay(bob, "Ann", "90")
    expect(bob.locator("#toast .toast")).to_contain_text("You paid Ann $90")
    flash = ann.locator("#toast .money")
    expect(flash).to_have_text("+$90 from Bob", timeout=SETTLE)
    expect(flash).to_be_in_viewport()
    expect(ann.get_by_label("Your cash")).to_have_text("$1,590", timeout=SETTLE)
    expect(ann.locator("#history li").first).to_have_text("Bob paid Ann $90")
    shoot(ann, path=shots / "money_in.png")
    expect(cy.get_by_label("Your cash")).to_have_text("$1,500")
    expect(cy.locator("#history li").first).to_have_text("Bob paid Ann $90", timeout=SETTLE)
    expect(cy.locator("#toast .money")).to_have_count(0)

    banker_does(server, game, {"type": "pass_go", "player": 1})
    expect(flash).to_have_text("+$200 from the bank · Passed GO", timeout=SETTLE)
    expect(ann.get_by_label("Your cash")).to_have_text("$1,790", timeout=SETTLE)


def test_the_sound_switch_is_off_at_first_and_remembered_on_the_phone(server, phone):
    game = api(server, "/api/games", {"players": ["Ann", "Bob"]})
    ann = seated(phone, server, game, 1)
    errors = []
    ann.on("pageerror", lambda error: errors.append(error))
    switch = ann.get_by_role("button", name="Sound when money comes in")
    expect(switch).to_have_attribute("aria-pressed", "false")
    switch.click()
    expect(switch).to_have_attribute("aria-pressed", "true")
    banker_does(server, game, {"type": "pass_go", "player": 1})  # the chime plays with the flash
    expect(ann.locator("#toast .money")).to_have_text("+$200 from the bank · Passed GO", timeout=SETTLE)
    assert errors == []
    ann.reload()
    expect(ann.get_by_role("button", name="Sound when money comes in")).to_have_attribute(
        "aria-pressed", "true"
    )


# Whether the page's top and the toast start below the "Reconnecting…" bar
BELOW_THE_BAR = """() => { const bar = document.getElementById('reconnecting').getBoundingClientRect().bottom;
  return { page: parseFloat(getComputedStyle(document.body).paddingTop) >= bar,
           toast: document.querySelector('#toast .toast').getBoundingClientRect().top >= bar }; }"""


def test_a_tap_with_the_server_stopped_says_not_sent_and_retry_applies_it_once(own_server, phone, shots):
    game = api(own_server, "/api/games", {"players": ["Ann", "Bob", "Cy"]})
    ann = seated(phone, own_server, game, 1)
    bar = ann.get_by_role("status").filter(has_text="Reconnecting…")
    expect(bar).to_be_hidden()

    own_server.stop()
    expect(bar).to_be_visible(timeout=CONNECTION_SEEN)
    ann.get_by_role("button", name="Passed GO").click()
    not_sent = ann.get_by_role("alert")
    expect(not_sent).to_contain_text("Not sent: no connection to the bank.")
    assert ann.evaluate(BELOW_THE_BAR) == {"page": True, "toast": True}  # the page made room for the bar
    expect(ann.get_by_label("Your cash")).to_have_text("$1,500")
    shoot(ann, path=shots / "not_sent.png")
    not_sent.get_by_role("button", name="Retry").click()  # still down: said again, nothing lost
    expect(not_sent.get_by_role("button", name="Retry")).to_be_enabled()

    own_server.start()
    not_sent.get_by_role("button", name="Retry").click()
    expect(ann.locator("#toast .toast")).to_contain_text("You collected $200 from the bank (Passed GO)")
    expect(ann.get_by_label("Your cash")).to_have_text("$1,700", timeout=SETTLE)
    expect(bar).to_be_hidden(timeout=SETTLE)
    assert cash(own_server, game, 1) == 1700
    history = api(own_server, f"/api/games/{game['id']}/history", token=game["banker_token"])["lines"]
    assert [line["text"] for line in history].count("Ann collected $200 from the bank (Passed GO)") == 1


def test_a_space_tapped_with_the_server_stopped_says_not_sent_and_retry_opens_it(own_server, phone):
    game = api(own_server, "/api/games", {"players": ["Ann", "Bob", "Cy"]})
    ann = seated(phone, own_server, game, 1)
    own_server.stop()
    expect(ann.get_by_role("status").filter(has_text="Reconnecting…")).to_be_visible(timeout=CONNECTION_SEEN)
    ann.locator('.space[aria-label^="Boardwalk"]').click()
    not_sent = ann.get_by_role("alert")
    expect(not_sent).to_contain_text("Not sent: no connection to the bank.")
    expect(ann.locator("#sheet .sheet-card")).to_have_count(0)
    own_server.start()
    not_sent.get_by_role("button", name="Retry").click()
    expect(ann.locator("#sheet .sheet-card")).to_contain_text("Boardwalk")
    expect(ann.get_by_role("alert")).to_have_count(0)


def test_a_tap_whose_answer_was_lost_is_retried_without_applying_twice(server, phone):
    game = api(server, "/api/games", {"players": ["Ann", "Bob", "Cy"]})
    ann = phone()
    # no live stream either, which would have shown the tap stored (tests/e2e/test_moments.py)
    ann.route("**/stream?**", lambda route: route.abort())
    take_seat(ann, server, game["players"][0]["token"])
    sent = []

    def answer_lost(route):
        sent.append(route.request.post_data)
        route.fetch()  # the server runs it...
        route.abort("connectionreset")  # ...and its answer never reaches the phone

    ann.route("**/do", answer_lost, times=1)
    ann.get_by_role("button", name="Passed GO").click()
    expect(ann.get_by_role("alert")).to_contain_text("Not sent")
    assert cash(server, game, 1) == 1700
    ann.get_by_role("alert").get_by_role("button", name="Retry").click()
    expect(ann.locator("#toast .toast")).to_contain_text("You collected $200 from the bank (Passed GO)")
    expect(ann.get_by_label("Your cash")).to_have_text("$1,700", timeout=SETTLE)
    assert cash(server, game, 1) == 1700
    assert "request_id=" in sent[0]


def test_not_sent_stays_when_money_comes_in_until_retry_applies_it_or_it_is_closed(server, phone):
    """Money pushed to the phone brings its own toast: it joins "Not sent", never replaces it (the
    tap would be lost without a word). A tap that went through, or the ✕, ends it."""
    game = api(server, "/api/games", {"players": ["Ann", "Bob", "Cy"]})
    ann = seated(phone, server, game, 1)
    ann.route("**/do", lambda route: route.fulfill(status=503), times=1)
    ann.get_by_role("button", name="Passed GO").click()
    not_sent = ann.locator("#toast .not-sent")
    expect(not_sent).to_contain_text("Not sent")

    banker_does(server, game, {"type": "pay_player", "player": 2, "to": 1, "amount": 10})
    expect(ann.locator("#toast .money")).to_have_text("+$10 from Bob", timeout=SETTLE)
    expect(not_sent).to_be_visible()
    not_sent.get_by_role("button", name="Retry").click()
    expect(ann.locator("#toast")).to_contain_text("You collected $200 from the bank (Passed GO)")
    expect(not_sent).to_have_count(0)
    expect(ann.get_by_label("Your cash")).to_have_text("$1,710", timeout=SETTLE)
    assert cash(server, game, 1) == 1710

    banker_does(server, game, {"type": "pay_player", "player": 2, "to": 1, "amount": 5})
    expect(ann.locator("#toast .money")).to_have_text("+$5 from Bob", timeout=SETTLE)
    expect(not_sent).to_have_count(0)  # applied: not said again

    ann.route("**/space/**", lambda route: route.fulfill(status=503), times=1)
    ann.locator('.space[aria-label^="Boardwalk"]').click()
    not_sent.get_by_role("button", name="Close").click()
    banker_does(server, game, {"type": "pay_player", "player": 2, "to": 1, "amount": 7})
    expect(ann.locator("#toast .money")).to_have_text("+$7 from Bob", timeout=SETTLE)
    expect(not_sent).to_have_count(0)  # closed by its player
    assert cash(server, game, 1) == 1722


# every figure the balance shows, counted or not
WATCH_BALANCE = """() => {
  window.figures = [];
  new MutationObserver(() => {
    const balance = document.querySelector('.balance');
    const figure = balance && (balance.dataset.counting || balance.textContent);
    if (figure && window.figures[window.figures.length - 1] !== figure) window.figures.push(figure);
  }).observe(document.body, {subtree: true, childList: true, characterData: true, attributes: true});
}"""


def test_the_balance_counts_up_to_the_money_in_unless_the_phone_asks_for_less_motion(server, phone):
    game = api(server, "/api/games", {"players": ["Ann", "Bob", "Cy"]})
    ann, cy = seated(phone, server, game, 1), seated(phone, server, game, 3)
    cy.emulate_media(reduced_motion="reduce")
    for page in (ann, cy):
        page.evaluate(WATCH_BALANCE)
    banker_does(server, game, {"type": "pay_player", "player": 2, "to": 1, "amount": 90})
    banker_does(server, game, {"type": "pay_player", "player": 2, "to": 3, "amount": 90})
    for page in (ann, cy):
        expect(page.get_by_label("Your cash")).to_have_text("$1,590", timeout=SETTLE)
        expect(page.locator("#toast .money")).to_have_text("+$90 from Bob")
    expect(ann.locator(".balance[data-counting]")).to_have_count(0)  # the count is over
    counted = ann.evaluate("window.figures")
    assert counted[-1] == "$1,590", counted
    between = [figure for figure in counted if figure not in ("$1,500", "$1,590")]
    assert between and all(figure.startswith("$1,5") for figure in between), counted
    assert set(cy.evaluate("window.figures")) <= {"$1,500", "$1,590"}  # straight to the new figure
    # and its money toast goes when read without sliding away (it slid, whatever the phone asked)
    slide = "(toast) => toast.getAnimations().flatMap((a) => a.effect.getKeyframes()).map((k) => k.transform)"
    assert "translateY(-120%)" in ann.locator("#toast .money").evaluate(slide)
    assert set(cy.locator("#toast .money").evaluate(slide)) <= {"none", None}
