"""Under `banker serve` the table display's stream draws a change after the phones' streams and
the sender's answer: it is a screen across the table, where a person holding a phone waits for
theirs (its message is the largest of a change to draw)."""

from __future__ import annotations

import selectors
import time

from tests.bench.figures import Http, api, new_game, seat_cookie
from tests.bench.phones import Payer, Phone, display_cookie
from tests.support.servers import ServeProcess

PAYMENTS = 20
# a table's pace: a script paying as fast as it is answered is a game going faster than any
# table, whose pushes take turns instead (banker/service/shares.py)
BETWEEN = 0.05


def test_the_display_gets_a_change_after_the_phones_and_the_senders_answer(tmp_path):
    server = ServeProcess(f"sqlite:///{tmp_path / 'banker.sqlite3'}", tmp_path / "server.log")
    server.start()
    watching: list[Phone] = []
    payer = None
    try:
        with Http(server.port) as http:
            game = new_game(http, 3)
            cookies = [seat_cookie(http, p["token"]) for p in game["players"]]
            display = display_cookie(http, game["id"], game["banker_token"])
            seq = api(http, f"/api/games/{game['id']}", token=game["banker_token"])["seq"]
        # the display watches first: in the order the streams wait, it would be drawn first
        watching.append(Phone(server.port, game["id"], display, seq, view="display"))
        watching += [Phone(server.port, game["id"], cookie, seq) for cookie in cookies]
        payer = Payer(server.port, game["id"], game["players"][0]["id"], cookies[0])
        selector = selectors.DefaultSelector()
        for phone in watching:
            selector.register(phone.http.sock, selectors.EVENT_READ, phone)
        selector.register(payer.http.sock, selectors.EVENT_READ, payer)
        last = 0
        for n in range(PAYMENTS):
            time.sleep(BETWEEN)
            seq += 1
            sample = payer.pay(selector, watching, payee=2 + n % 2, amount=1, seq=seq)
            on_display, phones = sample.arrived[0], sample.arrived[1:]
            last += on_display > max(*phones, sample.answered)
        # (a payment whose reads this process could not tell apart may count against it)
        assert last >= PAYMENTS * 3 // 4, f"the display's update came last for {last} of {PAYMENTS} payments"
    finally:
        for phone in watching:
            phone.close()
        if payer is not None:
            payer.http.sock.close()
        server.stop()
