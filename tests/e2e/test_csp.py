"""The Content-Security-Policy in a real browser (Debian's chromium): the bank screen works under
it — htmx posts, forms clear themselves after a payment, Undo closes its preview, the live stream
updates the page — and the browser reports no violation of the policy at all."""

from __future__ import annotations

from playwright.sync_api import expect

from tests.support.browser import api, open_tab, take_seat

WATCH = """
window.__violations = [];
document.addEventListener("securitypolicyviolation", (e) => {
  window.__violations.push(e.violatedDirective + " " + (e.blockedURI || e.sample || ""));
});
"""


def test_the_bank_screen_works_under_the_csp_without_a_single_violation(server, phone):
    game = api(server, "/api/games", {"players": ["Ann", "Bob"]})
    page = phone()
    console = []
    page.on("console", lambda message: console.append(message.text))
    page.add_init_script(WATCH)
    take_seat(page, server, game["banker_token"])
    expect(page.locator("#acting")).to_be_visible()
    policy = page.evaluate("() => fetch(location.href).then(r => r.headers.get('content-security-policy'))")
    assert "script-src 'self'" in policy

    open_tab(page, "Pay")
    form = page.locator("form", has=page.locator('input[value="pay_bank"]'))
    form.get_by_label("Amount").fill("75")
    form.get_by_role("button", name="Pay").click()
    expect(page.locator("#toast")).to_contain_text("Ann paid the bank $75", timeout=3000)
    expect(form.get_by_label("Amount")).to_have_value("", timeout=3000)  # the form cleared itself

    open_tab(page, "More")
    page.get_by_role("button", name="Undo last action…").click()
    expect(page.locator("#undo")).to_contain_text("This will reverse", timeout=3000)
    page.get_by_role("button", name="Undo it").click()
    # the preview closes by itself once the undo went through
    expect(page.get_by_role("button", name="Undo last action…")).to_be_visible(timeout=3000)

    # a change made elsewhere arrives over the live stream
    api(
        server,
        f"/api/games/{game['id']}/commands",
        {"type": "pay_player", "player": 2, "to": 1, "amount": 5},
        game["banker_token"],
    )
    open_tab(page, "Players")
    expect(page.locator('.cash[data-player="1"]')).to_have_text("$1,505", timeout=3000)

    assert page.evaluate("window.__violations") == []
    assert not [line for line in console if "Content Security Policy" in line], console
