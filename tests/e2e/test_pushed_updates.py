"""What the stream puts on an open page equals what a fresh load of that page shows, after every
kind of event the rules know, on phones in English, Korean and Japanese and on the bank's screen.

The pages stay open for the whole game. After each command every page must reach the new seq by
itself; then what it shows (its live part: balances, the board's owners, buildings and mortgages,
the bank's supply, the wallet, the open auction, debts and offers; the deeds list; the newest
history lines) is compared with the same page loaded afresh: drawn by the server for the page's
own cookies and language, and, while an auction is open (which the page's script makes its own
player's), loaded for real in a tab beside it."""

from __future__ import annotations

import difflib
import time

import pytest
from playwright.sync_api import expect

from banker.rules import EVENTS
from banker.rules.board import edition_to_json
from banker.rules.editions import load_edition
from tests.support.browser import SETTLE, api, take_seat
from tests.support.properties import profile
from tests.support.servers import seated_phone, send_form
from tests.support.small_board import FORTUNE

# Produced by creating a game, not by a command: no page is open yet to be updated.
# the game's start; an auction or a timed game's clock resumed, made only when the server was away
# at its end (their pushes: tests/web/test_pushed_changes.py)
NOT_BY_A_COMMAND = {"game_started", "auction_resumed", "clock_resumed"}
HISTORY_LINES = 10  # the newest lines compared; a fresh load shows a page of them
# a timed game's length in the long form: its pages must open and its actions reach them before
# its clock runs out, on a busy machine too (in the suite the bank ends it: a timed game's end
# reaching every phone by itself is tests/e2e/test_timed_game_flow.py's)
TIMED_GAME_SECONDS = 40 if profile() == "long" else None

# Reads a document into comparable lines: each element of the compared parts as its tag, id,
# classes and attributes, each text as its words. Left out: what the page's own script changes as
# time passes (the auction clock's seconds and its "Going once…", the count-up of a balance, which
# clocks have started; the receipt line under the balance, which the page keeps from its money
# flashes and its own replies, and a fresh load reads from the latest actions: these commands are
# sent through the API, whose answers no page sees), htmx's working classes and the out-of-band
# mark it takes off what it swaps in, the live part's own polling address, the dock's fold
# buttons and folds (this phone's own choice), and the size the page fits a long figure to.
SNAPSHOT = """
(doc) => {
  const skipAttrs = new Set(["class", "hx-swap-oob", "data-started", "data-counting", "data-felt", "data-ends-in", "data-fitted"]);
  const kept = (el) => [...el.classList].filter((c) => !c.startsWith("htmx-") && c !== "ending" && c !== "folded");
  const masked = (el) => el.matches(".auction .clock, .auction .going");
  const lines = (root) => {
    const out = [];
    const walk = (node) => {
      if (node.nodeType === 3) {
        const words = node.textContent.replace(/\\s+/g, " ").trim();
        if (words) out.push("  " + words);
        return;
      }
      if (node.nodeType !== 1 || node.matches("[data-dock] .fold") || node.id === "receipt") return;
      const classes = kept(node);
      const attrs = [...node.attributes]
        .filter((a) => !skipAttrs.has(a.name) && !(node.hasAttribute("data-live") && a.name.startsWith("hx-")))
        .filter((a) => !(node.hasAttribute("data-fit") && a.name === "style"))
        .map((a) => `${a.name}=${a.value}`)
        .sort();
      out.push(`<${node.localName}${classes.length ? "." + classes.sort().join(".") : ""} ${attrs.join(" ")}>`);
      if (!masked(node)) node.childNodes.forEach(walk);
    };
    if (root) walk(root);
    return out;
  };
  const live = doc.querySelector("[data-live]");
  const history = [...doc.querySelectorAll("#history ol > li")].slice(0, HISTORY_LINES);
  return {
    seq: live ? live.dataset.seq : null,
    live: lines(live),
    holdings: lines(doc.querySelector("#holdings")),
    history: history.map((li) => `(${kept(li).join(" ")}) ${li.textContent.trim()}`),
  };
}
""".replace("HISTORY_LINES", str(HISTORY_LINES))
# Started on every open page at once, then awaited page by page, so the pages (and the server
# drawing them afresh) work side by side: wait until the page is at `seq` and htmx has settled
# what it swapped in (for a moment after a swap an element keeps the class and style it
# replaced); read what it shows; and, unless an auction is open (see Table._fresh_tab), fetch the
# page as the server draws it now, by the page itself (its cookies, its language), and read that.
CHECK = """
async ([seq, url, timeout]) => {
  const snapshot = SNAPSHOT;
  const live = () => document.querySelector("[data-live]");
  const since = performance.now();
  while (live().dataset.seq !== String(seq) || document.querySelector(".htmx-swapping, .htmx-settling, .htmx-added")) {
    if (performance.now() - since > timeout) throw new Error(`still at seq ${live().dataset.seq}, not ${seq}`);
    await new Promise((done) => setTimeout(done, 10));
  }
  const shown = snapshot(document);
  if (document.querySelector(".auction")) return { shown, fresh: null };
  const answer = await fetch(url, { cache: "no-store" });
  return { shown, fresh: snapshot(new DOMParser().parseFromString(await answer.text(), "text/html")) };
}
""".replace("SNAPSHOT", SNAPSHOT.strip())
START = f"(args) => {{ window.pushedCheck = ({CHECK})(args); }}"
SHOWN = f"() => ({SNAPSHOT})(document)"


class Table:
    """A game played through the API while its pages stay open, each checked after every change."""

    def __init__(self, server, phone, game):
        self.server, self.phone, self.game = server, phone, game
        self.pages = []  # (label, page)
        self.fresh_tabs = {}  # page: the tab beside it that loads it afresh
        self.seq = self.state()["seq"]  # the game's start
        self.produced = set()

    def token(self, player=None):
        return self.game["banker_token"] if player is None else self.game["players"][player - 1]["token"]

    def state(self):
        return api(self.server, f"/api/games/{self.game['id']}", token=self.token())

    def open_bank(self, locale):
        page = self.phone(locale)
        take_seat(page, self.server, self.token())
        self._opened(f"bank {locale}", page)

    def join(self, player, locale):
        """The player's phone joins with the game's code (a `joined` event every open page hears)."""
        page = self.phone(locale)
        page.goto(f"{self.server.url}/join/{self.game['join_code']}")
        page.locator(f'button[name="player"][value="{player}"]').click()
        page.wait_for_url(f"{self.server.url}/g/{self.game['id']}")
        history = api(self.server, f"/api/games/{self.game['id']}/history", token=self.token())
        assert history["lines"][-1]["text"].endswith("joined on their phone")
        self._changed(self.state()["seq"], {"joined"})
        self._opened(f"{self.game['players'][player - 1]['name']} {locale}", page)

    def _opened(self, label, page):
        expect(page.locator("html")).to_have_attribute("lang", label.split()[-1][:2])
        self.pages.append((label, page))
        self._check(f"opening {label}")

    def do(self, command, by=None):
        """Send `command` with the banker's token (or player `by`'s); every page must follow."""
        answer = api(self.server, f"/api/games/{self.game['id']}/commands", command, token=self.token(by))
        self._changed(answer["seq"], {event["type"] for event in answer["events"]})
        self._check(command)
        return answer

    def new_qr_code(self, player):
        """The bank's page gives a player a new QR code for a lost phone (no command sends it), by
        a phone of its own: a player's page open here would stop acting for the player."""
        bank, _ = seated_phone(self.server.url, self.token())
        send_form(bank, f"{self.server.url}/g/{self.game['id']}/seats/{player}")
        self._changed(self.state()["seq"], {"key_replaced"})
        self._check(f"a new QR code for player {player}")

    def wait_for_the_clock(self, seconds):
        """The server's own timer ends the game (no command, no request): every page must follow."""
        if self.pages:
            _, first = self.pages[0]
            first.wait_for_function(
                "seq => +document.querySelector('[data-live]').dataset.seq > seq",
                arg=self.seq,
                timeout=seconds * 1000 + SETTLE,
            )
        else:  # no page to watch: the API tells
            deadline = time.monotonic() + seconds + SETTLE / 1000
            while not self.state()["ended"] and time.monotonic() < deadline:
                time.sleep(0.1)
        state = self.state()
        assert state["ended"], "the game's clock ran out, yet the game goes on"
        self._changed(state["seq"], {"game_ended"})
        self._check("the end of the game's time")

    def _changed(self, seq, types):
        assert seq > self.seq, f"the game did not change: seq {seq}"
        self.seq = seq
        self.produced |= types

    def _fresh_tab(self, page):
        """What a fresh load of `page` shows while an auction is open, which the page's script
        makes its own player's (which bids, which note): loaded for real in a tab beside it.
        Otherwise the script changes none of the compared parts, and the page as the server draws
        it is enough (and much quicker)."""
        if page not in self.fresh_tabs:
            fresh = self.fresh_tabs[page] = page.context.new_page()
            fresh.route("**/stream?*", lambda route: route.abort())  # only looked at: nothing moves it on
            page.bring_to_front()  # a tab behind another runs its timers (htmx's settling) slowly
        fresh = self.fresh_tabs[page]
        fresh.goto(page.url, wait_until="domcontentloaded")
        return fresh.evaluate(SHOWN)

    def _check(self, what):
        for _, page in self.pages:
            page.evaluate(START, [self.seq, page.url, SETTLE])
        for label, page in self.pages:
            seen = page.evaluate("() => window.pushedCheck")
            if seen["fresh"] is None:
                seen["fresh"] = self._fresh_tab(page)
            assert seen["fresh"]["seq"] == str(self.seq), f"{label}: a fresh load is at another seq"
            parts = ("live", "history") if label.startswith("bank") else ("live", "holdings", "history")
            assert all(seen["fresh"][part] for part in parts), f"{label}: a part to compare is missing"
            for part in ("live", "holdings", "history"):
                shown, fresh = seen["shown"][part], seen["fresh"][part]
                assert shown == fresh, (
                    f"after {what}, the {part} of {label}'s page is not what a fresh load shows:\n"
                    + "\n".join(difflib.unified_diff(fresh, shown, "fresh load", "pushed", lineterm="", n=2))
                )


def started(server, phone, players, options, edition="us"):
    game = api(server, "/api/games", {"players": players, "options": options, "edition": edition})
    return Table(server, phone, game)


def seated(table, pages):
    """The bank's screen(s) first, then each player's phone joins in its language."""
    for who, locale in pages:
        if who == "bank":
            table.open_bank(locale)
        else:
            table.join(who, locale)


def new_trade(answer):
    (proposed,) = [e for e in answer["events"] if e["type"] == "trade_proposed"]
    return proposed["trade"]


def play_the_classic_game(t):
    """Ann (1), Bob (2), Cy (3) and Dee (4), with the jackpot, token levels, buying from owners,
    dice on the phones and the speed die's moves."""
    ann, bob, cy, dee = 1, 2, 3, 4
    t.do({"type": "roll_dice", "player": bob, "speed": True}, by=bob)
    t.do({"type": "mr_monopoly", "player": bob, "from_space": 7}, by=bob)
    t.do({"type": "triples_move", "player": cy, "to": 39})
    # GO, a token level, the turn
    t.do({"type": "pass_go", "player": ann})
    t.do({"type": "buy_level", "player": ann})
    t.do({"type": "next_turn", "player": ann})
    # deeds, buildings, mortgages
    t.do({"type": "buy", "player": ann, "deed": 1})
    t.do({"type": "buy", "player": ann, "deed": 3})
    t.do({"type": "build", "deed": 1})
    t.do({"type": "sell_building", "deed": 1})
    t.do({"type": "buy", "player": bob, "deed": 5})
    t.do({"type": "mortgage", "deed": 5})
    t.do({"type": "unmortgage", "deed": 5})
    t.do({"type": "buy_from_owner", "player": cy, "deed": 5})
    t.do({"type": "pay_rent", "player": bob, "deed": 5})
    # an auction the bank closes
    t.do({"type": "decline", "player": cy, "deed": 6})
    t.do({"type": "bid", "player": bob, "amount": 60, "deed": 6})
    t.do({"type": "bid", "player": ann, "amount": 80, "deed": 6})
    t.do({"type": "close_auction"})
    # the bank names the opening price (000); nobody bids $300, so Boardwalk goes again from the least bid
    t.do({"type": "decline", "player": cy, "deed": 39})
    t.do({"type": "set_opening_price", "amount": 300})
    t.do({"type": "close_auction"})
    t.do({"type": "cancel_auction"})
    # tax into the jackpot, which Cy collects; out of jail by the fine, a card and doubles
    t.do({"type": "pay_tax", "player": bob, "space": 4})
    t.do({"type": "free_parking", "player": cy})
    t.do({"type": "go_to_jail", "player": bob})
    t.do({"type": "pay_jail_fine", "player": bob})
    t.do({"type": "card", "player": cy, "deck": "community_chest", "card": "CC05", "from_space": 2})
    t.do({"type": "go_to_jail", "player": cy})
    t.do({"type": "use_jail_card", "player": cy})
    t.do({"type": "go_to_jail", "player": ann})
    t.do({"type": "leave_jail_by_doubles", "player": ann})
    # trades: declined, cancelled, countered, completed
    offer = {"type": "propose_trade", "player": ann, "to": bob, "give": {"cash": 20}, "get": {"cash": 10}}
    trade = new_trade(t.do(offer))
    t.do({"type": "decline_trade", "player": bob, "trade": trade})
    trade = new_trade(t.do({**offer, "give": {"cash": 30}}))
    t.do({"type": "cancel_trade", "player": ann, "trade": trade})
    trade = new_trade(
        t.do({"type": "propose_trade", "player": cy, "to": ann, "give": {"cash": 150}, "get": {"deeds": [6]}})
    )
    trade = new_trade(
        t.do(
            {
                "type": "propose_trade",
                "player": ann,
                "to": cy,
                "give": {"deeds": [6]},
                "get": {"cash": 250},
                "counter": trade,
            }
        )
    )
    t.do({"type": "accept_trade", "player": cy, "trade": trade})
    # the bank's undo, and a player taking back their own slip
    t.do({"type": "pay_player", "player": ann, "to": bob, "amount": 5})
    t.do({"type": "undo"})
    slip = t.do({"type": "pay_player", "player": bob, "to": ann, "amount": 7}, by=bob)
    t.do({"type": "take_back", "player": bob, "seq": slip["seq"]}, by=bob)
    # Dee's phone is lost: the bank gives her a new QR code
    t.new_qr_code(dee)
    # Ann builds on the browns; a card, a debt paid off
    t.do({"type": "build", "deed": 1})
    t.do({"type": "build", "deed": 3})
    t.do({"type": "buy", "player": dee, "deed": 8})
    t.do({"type": "card", "player": dee, "deck": "chance", "card": "CH09", "from_space": 7})
    dee_cash = next(p["cash"] for p in t.state()["players"] if p["id"] == dee)
    t.do({"type": "pay_player", "player": dee, "to": bob, "amount": dee_cash - 40})
    t.do({"type": "pay_tax", "player": dee, "space": 38})
    t.do({"type": "collect_from_bank", "player": dee, "amount": 100, "reason": "Beauty contest"})
    t.do({"type": "pay_debt", "player": dee})
    # Cy bids, then cannot pay: the auction runs again without Cy, and the bank calls it off
    t.do({"type": "decline", "player": bob, "deed": 9})
    cy_cash = next(p["cash"] for p in t.state()["players"] if p["id"] == cy)
    t.do({"type": "mortgage", "deed": 5})
    t.do({"type": "mortgage", "deed": 6})
    t.do({"type": "pay_player", "player": cy, "to": ann, "amount": cy_cash + 50 - 20})
    t.do({"type": "bid", "player": cy, "amount": 110, "deed": 9})
    t.do({"type": "pay_player", "player": cy, "to": ann, "amount": 15})
    t.do({"type": "close_auction"})
    t.do({"type": "cancel_auction"})
    # Dee goes bankrupt to the bank: her deed is auctioned, her card goes back
    t.do({"type": "pay_tax", "player": dee, "space": 4})
    t.do({"type": "declare_bankruptcy", "player": dee})
    t.do({"type": "bid", "player": ann, "amount": 20, "deed": 8})
    t.do({"type": "close_auction"})
    # Bob, down to $10, owes Ann and Cy $50 each for a card; Cy goes bankrupt to Ann, who chooses
    # what to do with the mortgaged railroad and is owed Bob's $50 to Cy now
    bob_cash = next(p["cash"] for p in t.state()["players"] if p["id"] == bob)
    t.do({"type": "pay_player", "player": bob, "to": ann, "amount": bob_cash - 10})
    t.do({"type": "card", "player": bob, "deck": "chance", "card": "CH15", "from_space": 7})
    t.do({"type": "pay_player", "player": cy, "to": ann, "amount": 100})
    t.do({"type": "pay_rent", "player": cy, "deed": 3})
    t.do({"type": "declare_bankruptcy", "player": cy})
    t.do({"type": "settle_mortgage", "player": ann, "deed": 5, "choice": "keep"})
    t.do({"type": "settle_mortgage", "player": ann, "deed": 6, "choice": "lift"})
    # Bob, the last but Ann, goes too: Ann wins
    t.do({"type": "pay_tax", "player": bob, "space": 4})
    t.do({"type": "declare_bankruptcy", "player": bob})


def play_without_auctions(t):
    """Fortune cards kept and played: Bob's Sly Deal takes Ann's deed, and Ann's Just Say No takes it
    back; a deed not bought stays with the bank; Dee, short of the jail fine, settles it with a jail
    card bought from Cy; the bank seats Eve late, renames Dee and lets her go; one birthday card
    bankrupts Bob and Cy together (ranked by the cash they had), Eve's trade with Bob agreed in
    between; the banker signals the end and the table ends the game."""
    ann, bob, cy, dee = 1, 2, 3, 4
    t.do({"type": "card", "player": bob, "deck": "fortune", "card": "F2", "from_space": 1})
    t.do({"type": "card", "player": ann, "deck": "fortune", "card": "F4", "from_space": 3})
    t.do({"type": "buy", "player": ann, "deed": 1})
    t.do({"type": "play_card", "player": bob, "card": "F2", "deed": 1})
    t.do({"type": "play_card", "player": ann, "card": "F4"})
    t.do({"type": "decline", "player": bob, "deed": 39})
    t.do({"type": "pay_player", "player": dee, "to": ann, "amount": 1480})
    t.do({"type": "go_to_jail", "player": dee})
    t.do({"type": "pay_jail_fine", "player": dee})
    t.do({"type": "card", "player": cy, "deck": "chance", "card": "CH09", "from_space": 7})
    card = {"type": "propose_trade", "player": dee, "to": cy, "give": {"cash": 10}}
    trade = new_trade(t.do({**card, "get": {"jail_cards": ["chance"]}}))
    t.do({"type": "accept_trade", "player": cy, "trade": trade})
    t.do({"type": "add_player", "name": "Eve", "piece": "Dog"})
    t.do({"type": "change_player", "player": dee, "name": "Dot", "piece": "Boot"})
    t.do({"type": "resign", "player": dee})
    for player, keeps in ((bob, 5), (cy, 3)):
        cash = next(p["cash"] for p in t.state()["players"] if p["id"] == player)
        t.do({"type": "pay_player", "player": player, "to": ann, "amount": cash - keeps})
    t.do({"type": "card", "player": ann, "deck": "community_chest", "card": "CC09"})
    # Eve's $2 brings Bob ($5 for $10 owed) nearer but does not clear it: agreed, it waits, then lapses
    trade = new_trade(t.do({"type": "propose_trade", "player": 5, "to": bob, "give": {"cash": 2}}))
    t.do({"type": "accept_trade", "player": bob, "trade": trade})
    t.do({"type": "declare_bankruptcy", "player": cy})
    t.do({"type": "declare_bankruptcy", "player": bob})
    t.do({"type": "signal_end"})
    t.do({"type": "end_game"})


def play_the_market_game(t):
    """A deed market, Monopoly 2.0's way of selling deeds (which declines none), its cards kept in
    hand and played on another player or on oneself, a deed a card lets its player buy, a debt
    paid with a deed, and a jail without a fine."""
    deed = t.state()["market"][0]
    t.do({"type": "buy_from_market", "player": 1, "deed": deed})
    t.do({"type": "card", "player": 2, "deck": "community_chest", "card": "CC11"})
    t.do({"type": "play_card", "player": 2, "card": "CC11", "on": 3})
    ann_cash = next(p["cash"] for p in t.state()["players"] if p["id"] == 1)
    t.do({"type": "pay_player", "player": 1, "to": 3, "amount": ann_cash - 150})
    t.do({"type": "pay_tax", "player": 1, "space": 4})  # $200 with $150: owed
    t.do({"type": "pay_with_property", "player": 1, "deeds": [deed]})
    # a nearest railroad card played lets Bob buy the railroad from the bank, face up or not
    railroad = next(p for p in (5, 15, 25, 35) if p != deed)
    t.do({"type": "card", "player": 2, "deck": "chance", "card": "CH05"})
    t.do({"type": "play_card", "player": 2, "card": "CH05", "on": 2, "from_space": railroad - 1})
    t.do({"type": "buy", "player": 2, "deed": railroad})
    t.do({"type": "go_to_jail", "player": 3})
    t.do({"type": "leave_jail_after_two_turns", "player": 3})


CLASSIC = {
    "free_parking_jackpot": True,
    "jackpot_seed": 100,
    "token_levels": 3,
    "buy_from_owner": True,
    "phone_dice": True,
    "speed_die": True,
    "auction_opening_price": True,
    "no_unsold_lots": True,
    "auction_seconds": 24 * 60 * 60,  # only the bank closes the auctions here
}
NO_AUCTIONS = {
    "auctions": False,
    "signalled_end": True,
    "jail_fine_rescue": True,
    "temporary_bankruptcy": True,
}
WITH_FORTUNE = {**edition_to_json(load_edition("us")), "fortune": FORTUNE}
MARKET = {
    "market_size": 4,
    "auctions": False,
    "card_hands": True,
    "pay_with_property": True,
    "jail_two_turns": True,
}
# The pages open during each game: in the suite, the bank and two players, the three languages
# shared out between the games (the player pages' Japanese in the other two); in the long form,
# more phones in each game.
LONG = profile() == "long"
CLASSIC_PAGES = [("bank", "ja-JP"), (1, "en-US"), (2, "ko-KR")] + (
    [(3, "ja-JP"), ("bank", "en-US")] if LONG else []
)
OTHERS = [("bank", "ko-KR"), (1, "en-US"), (3, "ja-JP")] + ([(2, "ko-KR")] if LONG else [])


def classic_game(server, phone, pages):
    table = started(server, phone, ["Ann", "Bob", "Cy", "Dee"], CLASSIC)
    seated(table, pages)
    play_the_classic_game(table)
    return table


def game_without_auctions(server, phone, pages):
    table = started(server, phone, ["Ann", "Bob", "Cy", "Dee"], NO_AUCTIONS, WITH_FORTUNE)
    seated(table, pages)
    play_without_auctions(table)
    return table


def market_game(server, phone, pages, seconds):
    """The market game, timed to end `seconds` after its pages have opened (None: the bank ends it)."""
    if seconds is None:
        table = started(server, phone, ["Ann", "Bob", "Cy"], MARKET)
        seated(table, pages)
        play_the_market_game(table)
        table.do({"type": "end_game"})
        return table
    opening = time.monotonic()
    end_at = int(time.time() + seconds)
    table = started(server, phone, ["Ann", "Bob", "Cy"], {**MARKET, "end_at": end_at})
    seated(table, pages)
    opening = time.monotonic() - opening
    assert time.time() < end_at, f"the pages took {opening:.0f} s to open, longer than the game lasts"
    play_the_market_game(table)
    table.wait_for_the_clock(end_at - time.time())
    return table


# The three games are three tests, so that the suite's processes share them out; a fourth plays
# them with no page open, quickly, to show that together they make every kind of event.


@pytest.mark.long_form
def test_the_classic_game_pushed_to_open_pages_equals_a_fresh_load(server, phone):
    table = classic_game(server, phone, CLASSIC_PAGES)
    expect(table.pages[1][1].locator(".finale h2")).to_have_text("Ann wins!")


@pytest.mark.long_form
def test_a_game_without_auctions_pushed_to_open_pages_equals_a_fresh_load(server, phone):
    game_without_auctions(server, phone, OTHERS)


@pytest.mark.long_form
def test_the_market_game_pushed_to_open_pages_equals_a_fresh_load(server, phone):
    market_game(server, phone, OTHERS, TIMED_GAME_SECONDS)


def test_the_three_games_make_every_kind_of_event(server):
    produced = set()
    for table in (classic_game(server, None, []), game_without_auctions(server, None, [])):
        produced |= table.produced
    produced |= market_game(server, None, [], 3).produced
    expected = set(EVENTS) - NOT_BY_A_COMMAND - {"joined"}  # the phones' joining, in the tests above
    assert produced == expected, f"never produced: {sorted(expected - produced)}"


def test_a_phone_back_from_a_pocket_many_changes_later_shows_what_a_fresh_load_shows(server, phone):
    """A phone whose stream was away for more changes than come one by one (an undo among them) is
    sent them all in one message (banker/web/screens/table.py): its screen is then what a fresh
    load shows."""
    table = started(server, phone, ["Ann", "Bob", "Cy", "Dee"], CLASSIC)
    seated(table, [("bank", "en-US"), (2, "ko-KR")])
    bank, (label, bob) = table.pages
    held = []
    bob.route("**/stream?*", lambda route: held.append(route))  # its stream waits, as in a pocket
    bob.route("**/live?*", lambda route: held.append(route))  # and so does its poll
    bob.reload()
    table.pages = [bank]  # the bank's screen follows each change meanwhile
    ann, cy = 1, 3
    for command in (
        {"type": "pass_go", "player": ann},
        {"type": "buy", "player": ann, "deed": 1},
        {"type": "buy", "player": ann, "deed": 3},
        {"type": "build", "deed": 1},
        {"type": "buy", "player": 2, "deed": 5},
        {"type": "mortgage", "deed": 5},
        {"type": "unmortgage", "deed": 5},
        {"type": "buy_from_owner", "player": cy, "deed": 5},
        {"type": "pay_rent", "player": 2, "deed": 5},
        {"type": "undo"},
        {"type": "pay_tax", "player": 2, "space": 4},
        {"type": "free_parking", "player": cy},
        {"type": "go_to_jail", "player": 2},
    ):
        table.do(command)
    table.pages.append((label, bob))
    (stream,) = [route for route in held if "/stream?" in route.request.url]
    stream.continue_()
    table._check("thirteen changes while Bob's phone was away")
