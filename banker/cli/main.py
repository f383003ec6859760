"""The `banker` command: `banker serve` runs the table's bank on the local network; `banker backup`
and `banker restore` move every game to another server; `banker prune` deletes the games nobody
has touched for a number of days."""

from __future__ import annotations

import argparse
import errno
import gc
import os
import socket
import struct
import sys
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import TYPE_CHECKING, Any

from banker.cli import counted

SIOCGIFADDR = 0x8915  # Linux's ioctl asking an interface's address

if TYPE_CHECKING:
    from flask import Flask


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="banker", description="The bank of a Monopoly table.")
    commands = parser.add_subparsers(dest="command", required=True)
    serve = commands.add_parser("serve", help="run the bank; phones join by QR code")
    serve.add_argument(
        "--host",
        help="interface to listen on (default: all; loopback only when BANKER_TRUSTED_PROXIES is set)",
    )
    serve.add_argument("--port", type=_port, default=5000, help="port (default: 5000)")
    serve.add_argument("--quiet", action="store_true", help="do not draw the QR code")
    link = commands.add_parser(
        "bank-link",
        help="print a game's bank link: the host's way back to the bank screen",
        description="Print a game's bank link: the host's way back to the bank screen. The link names"
        " the server's address, which this command cannot ask the server: give it the same --host and"
        " --port as `banker serve` (or the same BANKER_PUBLIC_URL).",
    )
    link.add_argument("game", help="the game's join code (or its id)")
    link.add_argument("--host", help="the --host given to `banker serve`, if any")
    link.add_argument(
        "--port", type=_port, default=5000, help="the --port given to `banker serve` (default: 5000)"
    )
    saved = commands.add_parser("backup", help="write every game to a folder, one file per game")
    saved.add_argument("folder", help="where to write the files (made if need be)")
    restored = commands.add_parser(
        "restore", help="read the games of a backup folder back, under their own ids and seats"
    )
    restored.add_argument("folder", help="a folder `banker backup` wrote")
    pruned = commands.add_parser(
        "prune", help="delete the games nobody has touched for some days, with their seats and log"
    )
    pruned.add_argument(
        "--days", type=_days, help="how many days untouched (1 or more; default: BANKER_KEEP_DAYS)"
    )
    pruned.add_argument("--dry-run", action="store_true", help="only say which games it would delete")
    args = parser.parse_args(argv)
    if args.command == "bank-link":
        return _bank_link(args.game, args.host, args.port)
    if args.command == "backup":
        return _backup(Path(args.folder))
    if args.command == "restore":
        return _restore(Path(args.folder))
    if args.command == "prune":
        return _prune(args.days, args.dry_run)
    return _serve(args.host, args.port, args.quiet)


def _serve(host: str | None, port: int, quiet: bool) -> int:
    # gevent must patch the standard library before anything else imports it: every open
    # phone holds a live stream, and greenlets make thousands of them cheap.
    from gevent import monkey

    monkey.patch_all()
    from banker import qr
    from banker.cli import bank_links, pruning, server
    from banker.web.http import delivery

    app = _app()
    host = _host(host, app.config["TRUSTED_PROXIES"])
    listener = _listen(host, port)  # before saying it is running: the port may be taken
    app.extensions["banker"].transfers.workers.start()  # ready before the first game file comes
    delivery.prepare_static(app)
    # Everything made at start lives as long as the server: the garbage collector's full passes
    # skip it from now on. They scanned all of it (100,000 objects, some 100 ms on a small
    # machine) while every table waited.
    gc.collect()
    gc.freeze()
    if host is None and app.config["TRUSTED_PROXIES"]:
        print(
            "BANKER_TRUSTED_PROXIES is set, so X-Forwarded-For is believed: listening on 127.0.0.1"
            " only, for the proxy (--host names another interface).",
            flush=True,
        )
    app.config["PUBLIC_URL"] = app.config["PUBLIC_URL"] or _address(host, port)
    public = app.config["PUBLIC_URL"]
    print(f"Banker is running. Phones on this network join at:\n\n    {public}\n", flush=True)
    if not quiet:
        print(qr.terminal(public, colours=_colours()), flush=True)
    print("Stop it with Ctrl+C. Games are kept in", _shown(app.config["DATABASE_URL"]), flush=True)
    pruning.keep_pruning(app)  # its first round before the games in progress are listed
    bank_links.announce(app)
    server.serve(app, listener)
    return 0


def _colours() -> bool:
    """Whether the QR code may be drawn in colours: a terminal, not a file, and no NO_COLOR."""
    return sys.stdout.isatty() and not os.environ.get("NO_COLOR") and os.environ.get("TERM") != "dumb"


def _app() -> Flask:
    """The app, or the reason it cannot start in a sentence (a database URL mistyped, a server
    not running, a folder it may not write): the host reads what to change, not a traceback."""
    from banker import create_app

    try:
        return create_app()
    except Exception as error:
        reason = _cannot_start(error)
        if reason is None:
            raise
        sys.exit(f"Banker cannot start: {reason}")


def _cannot_start(error: Exception) -> str | None:
    from sqlalchemy.exc import ArgumentError, NoSuchModuleError, OperationalError

    url = _shown(os.environ.get("BANKER_DATABASE_URL", "the default SQLite file"))
    if isinstance(error, (ArgumentError, NoSuchModuleError, ModuleNotFoundError)):
        return (
            f"BANKER_DATABASE_URL ({url}) is not a database Banker can use: give"
            " sqlite:////path/to/banker.sqlite3 or postgresql+psycopg://user:password@host/name."
        )
    if isinstance(error, OperationalError):
        cause = str(error.orig).strip().splitlines()[0] if error.orig else str(error)
        return f"the database {url} cannot be opened: {cause}."
    if isinstance(error, OSError):
        return f"{error.strerror or error} ({error.filename or url})."
    return None


def _listen(host: str, port: int) -> Any:
    """The server's listening socket, or the reason there can be none."""
    from banker.cli import server

    try:
        return server.listen(host, port)
    except OSError as error:
        if error.errno == errno.EADDRINUSE:
            sys.exit(
                f"Banker cannot start: port {port} is in use (another Banker, or another program)."
                " Stop it, or choose another port with --port."
            )
        if error.errno == errno.EADDRNOTAVAIL:
            sys.exit(f"Banker cannot start: this machine has no address {host} to listen on (--host).")
        sys.exit(f"Banker cannot start: cannot listen on {host} port {port}: {error.strerror or error}.")


def _shown(url: str) -> str:
    """A database URL as the terminal may show it: without its password."""
    from sqlalchemy.engine import make_url
    from sqlalchemy.exc import ArgumentError

    try:
        return make_url(url).render_as_string(hide_password=True)
    except ArgumentError:
        return url


@contextmanager
def _one_shot() -> Iterator[Flask]:
    """The app for a command that does one thing and ends: its game files are read and written
    in its own process (a worker process would only add its start-up); let go of when it is done."""
    os.environ.setdefault("BANKER_WORKERS", "0")
    app = _app()
    try:
        yield app
    finally:
        app.extensions["banker"].close()


def _bank_link(game: str, host: str | None, port: int) -> int:
    from banker.cli import bank_links
    from banker.service.errors import NotFound

    with _one_shot() as app:
        app.config["PUBLIC_URL"] = app.config["PUBLIC_URL"] or _address(
            _host(host, app.config["TRUSTED_PROXIES"]), port
        )
        try:
            print(bank_links.bank_link(app, game.strip()))
        except NotFound as error:
            print(error.message, file=sys.stderr)
            return 1
    return 0


def _backup(folder: Path) -> int:
    from banker.cli import backups

    with _one_shot() as app:
        written = sum(1 for _ in backups.backup(app.extensions["banker"], folder))
    print(f"Saved {counted(written, 'game')} to {folder}")
    return 0


def _restore(folder: Path) -> int:
    from banker.cli import backups

    if not folder.is_dir():
        print(f"There is no folder {folder}.", file=sys.stderr)
        return 1
    if not backups.game_files(folder):
        print(f"There are no game files (*.json) in {folder}: nothing to restore.", file=sys.stderr)
        return 1
    refused = 0
    with _one_shot() as app:
        for path, line in backups.restore(app.extensions["banker"], folder):
            refused += line.startswith("refused")
            print(f"{path.name}: {line}", file=sys.stderr if line.startswith("refused") else sys.stdout)
    return 1 if refused else 0


def _prune(days: int | None, dry_run: bool) -> int:
    from banker.cli import pruning

    with _one_shot() as app:
        days = days or app.config["KEEP_DAYS"]
        if not days:
            print("Say how many days untouched: --days N, or BANKER_KEEP_DAYS=N.", file=sys.stderr)
            return 2
        print("\n".join(pruning.prune(app.extensions["banker"], days, dry_run)))
    return 0


def _port(value: str) -> int:
    if not (value.isascii() and value.isdecimal()) or not 0 < int(value) < 65536:
        raise argparse.ArgumentTypeError(f"a port from 1 to 65535, not {value!r}")
    return int(value)


def _days(value: str) -> int:
    if not (value.isascii() and value.isdecimal()) or int(value) < 1:
        raise argparse.ArgumentTypeError(f"a whole number of days, 1 or more, not {value!r}")
    return int(value)


def _host(given: str | None, proxies: int) -> str:
    """Where `banker serve` listens: the --host given, else every interface, for the phones on the
    table's network, but only loopback behind trusted proxies: a server that believes
    X-Forwarded-For must be reached through them alone, or anyone could name any address."""
    if given:
        return given
    return "127.0.0.1" if proxies else "0.0.0.0"


def _address(host: str, port: int) -> str:
    """The address phones use to reach `banker serve` listening on `host` and `port`."""
    if host not in ("0.0.0.0", "::"):
        return f"http://{host}:{port}"
    found = _lan_address()
    if found is None:
        print(
            "No network was found on this machine: phones cannot reach it until it joins the"
            " table's Wi-Fi (or makes one). Start Banker again then, or give BANKER_PUBLIC_URL.",
            file=sys.stderr,
            flush=True,
        )
    return f"http://{found or '127.0.0.1'}:{port}"


def _lan_address() -> str | None:
    """This machine's address on the local network: the one its route out would use (a UDP
    connect sends no packet), else, on a network with no way out (a laptop's own hotspot, an
    offline router), the first address of an interface that is not loopback."""
    with socket.socket(socket.AF_INET, socket.SOCK_DGRAM) as probe:
        try:
            probe.connect(("192.0.2.1", 9))  # TEST-NET-1: only picks the outgoing interface
            return probe.getsockname()[0]
        except OSError:
            pass
    return next((address for address in _interface_addresses() if not address.startswith("127.")), None)


def _interface_addresses() -> Iterator[str]:
    """Each network interface's IPv4 address, where the system tells it (Linux)."""
    try:
        import fcntl
    except ImportError:  # Windows
        return
    with socket.socket(socket.AF_INET, socket.SOCK_DGRAM) as probe:
        for _, name in socket.if_nameindex():
            try:
                asked = fcntl.ioctl(probe.fileno(), SIOCGIFADDR, struct.pack("256s", name.encode()[:15]))
            except OSError:  # no IPv4 address, or not a system that answers this
                continue
            yield socket.inet_ntoa(asked[20:24])
