"""The floor of one change on Banker's stack: a server that does only what any change of a game
must, with the pieces `banker serve` is built of, so that the phones part of `python -m
tests.bench` can set Banker's cost of a payment beside the least this stack can spend on one.

Per payment (the Pay form's htmx POST to `/g/<game>/do`): the request read by Banker's own HTTP
handler (banker/cli/server.py), the Flask session opened and its CSRF token checked, one action
appended to a SQLite log in its own committed transaction (Banker's engine, WAL, synchronous
NORMAL), the two balances moved, the change told through Banker's broker; then every stream of
the game woken, one message drawn by Jinja once per view and written the same to each, and a
short answer drawn for the sender. No rules, no seats, no regions: what is left is Flask, gevent,
SQLAlchemy, Jinja and the sockets.

Started by tests/bench/figures.py's `Server` as `python -m tests.bench.floor_server serve --host
H --port P --quiet`, the database from BANKER_DATABASE_URL, as `banker serve` is started."""

from gevent import monkey

monkey.patch_all()

import argparse  # noqa: E402 (gevent patches the standard library before anything imports it)
import os  # noqa: E402
import tempfile  # noqa: E402
from datetime import UTC, datetime  # noqa: E402

import gevent  # noqa: E402
from flask import Flask, Response, render_template, request, session, stream_with_context  # noqa: E402
from flask_wtf.csrf import CSRFProtect, generate_csrf  # noqa: E402
from jinja2 import DictLoader  # noqa: E402
from sqlalchemy import JSON, Column, DateTime, Integer, MetaData, String, Table, UniqueConstraint  # noqa: E402

from banker.cli.server import listen, serve  # noqa: E402
from banker.config import defaults  # noqa: E402
from banker.service.broker import Broker  # noqa: E402
from banker.store.db import make_engine  # noqa: E402

PLAYERS = 8
START = 1500
KEEPALIVE = 15.0

METADATA = MetaData()
ACTIONS = Table(
    "action",
    METADATA,
    Column("id", Integer, primary_key=True),
    Column("game_id", String(16), nullable=False),
    Column("seq", Integer, nullable=False),
    Column("events", JSON, nullable=False),
    Column("created_at", DateTime, nullable=False),
    UniqueConstraint("game_id", "seq"),
)

# what a phone's page is pushed: the two balances the payment moved, out of band, and a history line
MESSAGE = (
    '{% for id, cash in balances %}<b hx-swap-oob="innerHTML:.cash-{{ id }}">${{ "{:,}".format(cash) }}</b>'
    '{% endfor %}<li hx-swap-oob="afterbegin:#history">{{ payer }} paid {{ payee }} ${{ amount }}</li>'
)
ANSWER = '<div id="toast" class="toast ok" role="status">You paid {{ payee }} ${{ amount }}.</div>'
PAGE = '<html><body hx-headers=\'{"X-CSRFToken": "{{ token }}"}\'>the Pay form</body></html>'


def floor_app(database_url: str) -> Flask:
    app = Flask(__name__)
    app.jinja_loader = DictLoader({"message.html": MESSAGE, "answer.html": ANSWER, "page.html": PAGE})
    with tempfile.TemporaryDirectory(prefix="banker-floor-") as instance:
        app.config.update(defaults(instance))
    app.config["SECRET_KEY"] = os.environ["BANKER_SECRET_KEY"]
    CSRFProtect(app)
    engine = make_engine(database_url)
    METADATA.create_all(engine)
    broker = Broker()
    game = {"seq": 0, "cash": dict.fromkeys(range(1, PLAYERS + 1), START), "drawn": {}, "drawn_at": 0}

    @app.get("/")
    def started():
        return "ready"

    @app.get("/g/<game_id>")
    def page(game_id: str):
        session["seat"] = game_id
        return render_template("page.html", token=generate_csrf())

    @app.post("/g/<game_id>/do")
    def do(game_id: str):
        payer, payee = request.form.get("player", type=int), request.form.get("to", type=int)
        amount = request.form.get("amount", type=int)
        if session.get("seat") != game_id or payer not in game["cash"] or payee not in game["cash"]:
            return "no such seat", 400
        seq = game["seq"] + 1
        event = {"type": "paid", "payer": payer, "payee": payee, "amount": amount}
        with engine.begin() as connection:
            row = {"game_id": game_id, "seq": seq, "events": [event], "created_at": datetime.now(UTC)}
            connection.execute(ACTIONS.insert(), row)
        game["cash"][payer] -= amount
        game["cash"][payee] += amount
        game["seq"] = seq
        game["change"] = (payer, payee, amount)
        broker.publish(game_id, seq)
        gevent.sleep(0)  # as Banker's recorder does: the streams go first
        return render_template("answer.html", payee=payee, amount=amount)

    def drawn(seq: int, view: str) -> str:
        """The message of change `seq` for `view`, drawn once for every stream of that view."""
        if game["drawn_at"] != seq:
            game["drawn"], game["drawn_at"] = {}, seq
        if view not in game["drawn"]:
            payer, payee, amount = game["change"]
            balances = [(p, game["cash"][p]) for p in (payer, payee)]
            data = render_template("message.html", balances=balances, payer=payer, payee=payee, amount=amount)
            game["drawn"][view] = f"id: {seq}\nevent: update\ndata: {data}\n\n"
        return game["drawn"][view]

    @app.get("/g/<game_id>/stream")
    def stream(game_id: str):
        view = request.args.get("view", "player")
        shown = request.args.get("seq", 0, type=int)

        def events():
            nonlocal shown
            yield "retry: 1000\n\n"
            while True:
                seq = broker.wait(game_id, shown, KEEPALIVE)
                if seq > shown:
                    shown = seq
                    yield drawn(seq, view)
                else:
                    yield ": keepalive\n\n"

        return Response(
            stream_with_context(events()), mimetype="text/event-stream", headers={"Cache-Control": "no-cache"}
        )

    return app


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("command", choices=["serve"])
    parser.add_argument("--host", default="127.0.0.1")
    parser.add_argument("--port", type=int, required=True)
    parser.add_argument("--quiet", action="store_true")
    args = parser.parse_args()
    serve(floor_app(os.environ["BANKER_DATABASE_URL"]), listen(args.host, args.port))


if __name__ == "__main__":
    main()
