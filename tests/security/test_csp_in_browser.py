"""The Content-Security-Policy in a real browser (Debian's chromium): the bank screen works under
it — htmx posts, forms clear themselves after a payment, Undo closes its preview, the live stream
updates the page — and the browser reports no violation of the policy at all."""

from __future__ import annotations

import json
import shutil
import urllib.request

import pytest

from tests.e2e.conftest import CHROMIUM_FLAGS, PHONE, Server

pytestmark = pytest.mark.browser

WATCH = """
window.__violations = [];
document.addEventListener("securitypolicyviolation", (e) => {
  window.__violations.push(e.violatedDirective + " " + (e.blockedURI || e.sample || ""));
});
"""


def api(server, path, body, token=None):
    headers = {"Content-Type": "application/json", **({"Authorization": f"Bearer {token}"} if token else {})}
    request = urllib.request.Request(server.url + path, data=json.dumps(body).encode(), headers=headers)
    with urllib.request.urlopen(request) as response:
        return json.load(response)


def test_the_bank_screen_works_under_the_csp_without_a_single_violation(tmp_path, database_url):
    from playwright.sync_api import expect, sync_playwright

    executable = shutil.which("chromium")
    if executable is None:
        pytest.fail(
            "Browser tests need Debian's chromium (apt-get install -y chromium); .ci/run installs it."
        )
    server = Server(tmp_path, database_url)
    server.start()
    try:
        game = api(server, "/api/games", {"players": ["Ann", "Bob"]})
        with sync_playwright() as playwright:
            browser = playwright.chromium.launch(executable_path=executable, args=CHROMIUM_FLAGS)
            try:
                page = browser.new_context(viewport=PHONE).new_page()
                console = []
                page.on("console", lambda message: console.append(message.text))
                page.add_init_script(WATCH)
                page.goto(f"{server.url}/seat/{game['banker_token']}")
                expect(page.locator("#acting")).to_be_visible()
                policy = page.evaluate(
                    "() => fetch(location.href).then(r => r.headers.get('content-security-policy'))"
                )
                assert "script-src 'self'" in policy

                form = page.locator("form", has=page.locator('input[value="pay_bank"]'))
                form.get_by_label("Amount").fill("75")
                form.get_by_role("button", name="Pay").click()
                expect(page.locator("#toast")).to_contain_text("Ann paid the bank $75", timeout=3000)
                expect(form.get_by_label("Amount")).to_have_value("", timeout=3000)  # the form cleared itself

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
                expect(page.locator('.cash[data-player="1"]')).to_have_text("$1,505", timeout=3000)

                assert page.evaluate("window.__violations") == []
                assert not [line for line in console if "Content Security Policy" in line], console
            finally:
                browser.close()
    finally:
        server.stop()
