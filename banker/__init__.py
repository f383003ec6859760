"""Banker: the bank of a real Monopoly table, on everybody's phone."""

from __future__ import annotations

import threading
import time
from pathlib import Path
from typing import Any

from flask import Flask
from werkzeug.middleware.proxy_fix import ProxyFix

from banker import config
from banker.extensions import csrf, htmx
from banker.service import GameService
from banker.service.broker import Broker, PostgresBroker
from banker.store.db import make_engine, migrate

ROOT = Path(__file__).resolve().parent.parent


def create_app(test_config: dict[str, Any] | None = None) -> Flask:
    from banker.web import App, register

    if not (ROOT / "templates").is_dir():
        # a wheel holds the package alone: every page would answer 500
        raise SystemExit(
            f"Banker runs from its source folder, beside its templates/ and static/, which are not in"
            f" {ROOT}: install it from the checkout with `pip install -e .`."
        )
    app = App(
        __name__,
        instance_path=str(ROOT / "instance"),
        instance_relative_config=True,
        template_folder=str(ROOT / "templates"),
        static_folder=str(ROOT / "static"),
    )
    if test_config and "INSTANCE_PATH" in test_config:
        app.instance_path = test_config["INSTANCE_PATH"]
    app.config.from_mapping(config.defaults(app.instance_path))
    if test_config is None:
        app.config.from_pyfile("config.py", silent=True)
    else:
        app.config.from_mapping(test_config)

    if proxies := app.config["TRUSTED_PROXIES"]:
        app.wsgi_app = ProxyFix(app.wsgi_app, x_for=proxies, x_proto=proxies, x_host=proxies)  # type: ignore[method-assign]
    engine = make_engine(app.config["DATABASE_URL"])
    migrate(engine)  # a database saved by an older Banker is brought up to date first
    # on PostgreSQL several server processes may share the database: changes travel by NOTIFY
    broker = PostgresBroker(engine) if engine.dialect.name == "postgresql" else Broker()
    service = GameService(
        engine,
        broker,
        clock=app.config.get("CLOCK") or time.time,
        games_kept=app.config["GAMES_KEPT"],
        workers=app.config["WORKERS"],
        waiting=app.config["WORKER_QUEUE"],
    )
    app.extensions["banker"] = service
    if app.config["TIMER"]:
        # closes each auction and ends each timed game on time, even if no phone is asking just then
        threading.Thread(
            target=service.clocks.run,
            args=(threading.Event(), service.settle_all_due),
            name="timer",
            daemon=True,
        ).start()
    htmx.init_app(app)
    csrf.init_app(app)
    register(app)
    return app
