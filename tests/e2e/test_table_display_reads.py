"""The table display on a 1920x1080 screen, read from across the table: tile names large enough,
a bankrupt player's badge in full contrast, and a payment's pill beside the balances it moves."""

from __future__ import annotations

from playwright.sync_api import expect

from tests.support.browser import api, banker_does, take_seat

TV = {"width": 1920, "height": 1080}

# The contrast of an element's words on its own background (WCAG's ratio), its ancestors' opacity
# taken in (a faded card fades its badge)
CONTRAST = """(el) => {
  const rgb = (c) => c.match(/[\\d.]+/g).slice(0, 3).map(Number);
  const lum = ([r, g, b]) => [r, g, b].map((v) => { v /= 255; return v <= .03928 ? v / 12.92 : ((v + .055) / 1.055) ** 2.4; })
    .reduce((sum, v, i) => sum + v * [.2126, .7152, .0722][i], 0);
  let opacity = 1;
  for (let node = el; node; node = node.parentElement) opacity *= parseFloat(getComputedStyle(node).opacity);
  const style = getComputedStyle(el), back = rgb(style.backgroundColor);
  const ink = rgb(style.color).map((v, i) => v * opacity + back[i] * (1 - opacity));
  const [a, b] = [lum(ink), lum(back)].sort((x, y) => y - x);
  return (a + .05) / (b + .05);
}"""
# Each tile name's type size, and the names wider than their tile
NAMES = """() => { const names = [...document.querySelectorAll('.tile .name')];
  return {sizes: [...new Set(names.map((n) => parseFloat(getComputedStyle(n).fontSize)))],
    wider: names.filter((n) => n.scrollWidth > n.parentNode.clientWidth).map((n) => n.textContent)}; }"""
# Whether the flying pill, its flight paused at `share` of the way, covers the cash of `party`
PILL_COVERS = """([share, party]) => { const pill = document.querySelector('#flight .move');
  const [way] = pill.getAnimations(); way.pause();
  way.currentTime = way.effect.getComputedTiming().duration * share;
  const p = pill.getBoundingClientRect();
  const c = document.querySelector(`#players [data-party="${party}"] .cash`).getBoundingClientRect();
  return p.left < c.right && c.left < p.right && p.top < c.bottom && c.top < p.bottom; }"""


def test_the_display_reads_across_a_table(server, browser):
    game = api(server, "/api/games", {"players": ["Ann", "Bob", "Cy"]})
    banker_does(
        server,
        game,
        {"type": "pay_bank", "player": 3, "amount": 1501, "reason": "fine"},
        {"type": "declare_bankruptcy", "player": 3},
    )
    bank = browser.new_context().new_page()
    take_seat(bank, server, game["banker_token"])
    bank.goto(f"{server.url}/g/{game['id']}/display-link")
    bank.get_by_role("button", name="Make a display link").click()
    display = browser.new_context(viewport=TV).new_page()
    display.goto(bank.locator(".link").inner_text())
    badge = display.locator('#players [data-party="3"] .flag')
    expect(badge).to_have_text("bankrupt")
    assert badge.evaluate(CONTRAST) >= 4.5  # ~1.2:1, white on the chip under a faded card
    names = display.evaluate(NAMES)
    assert min(names["sizes"]) >= 24 and names["wider"] == []  # 13 px
    banker_does(server, game, {"type": "pay_player", "player": 2, "to": 1, "amount": 40})
    expect(display.locator("#flight .move")).to_have_text("Bob → Ann $40")
    assert display.evaluate(PILL_COVERS, [0.25, 2]) is False  # it waited over Bob's balance
    assert display.evaluate(PILL_COVERS, [0.75, 1]) is False
