"""The `banker` command: `banker serve` runs the table's bank on the local network."""

from __future__ import annotations

import argparse
import gc
import socket
import sys


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="banker", description="The bank of a Monopoly table.")
    commands = parser.add_subparsers(dest="command", required=True)
    serve = commands.add_parser("serve", help="run the bank; phones join by QR code")
    serve.add_argument("--host", default="0.0.0.0", help="interface to listen on (default: all)")
    serve.add_argument("--port", type=int, default=5000, help="port (default: 5000)")
    serve.add_argument("--quiet", action="store_true", help="do not draw the QR code")
    # its options are banker.bench's own (banker bench --help); imported only when asked for, so
    # that `serve` patches the standard library before anything else loads it
    commands.add_parser("bench", help="measure the performance figures; prints one table", add_help=False)
    args, rest = parser.parse_known_args(argv)
    if args.command == "bench":
        from banker import bench as benchmark

        return benchmark.main(rest)
    if rest:
        parser.error(f"unrecognized arguments: {' '.join(rest)}")
    return _serve(args.host, args.port, args.quiet)


def _serve(host: str, port: int, quiet: bool) -> int:
    # gevent must patch the standard library before anything else imports it: every open
    # phone holds a live stream, and greenlets make thousands of them cheap.
    from gevent import monkey

    monkey.patch_all()
    from gevent.pywsgi import WSGIHandler, WSGIServer

    from banker import create_app, qr

    class _OneSendHandler(WSGIHandler):
        """gevent sends a response's headers and the first part of its body separately: two
        packets where one does, and a server stopped between them leaves a phone holding
        headers without a body. Here they leave together."""

        _holding = False
        _held = b""

        def _write_with_headers(self, data):
            self._holding = True
            try:
                super()._write_with_headers(data)
            finally:
                self._holding = False
                held, self._held = self._held, b""
                if held:
                    super()._sendall(held)

        def _sendall(self, data):
            if self._holding:
                self._held += data
            else:
                super()._sendall(data)

    class _NoDelayServer(WSGIServer):
        """Each write goes out at once: with Nagle's algorithm on, a write waits for the phone's
        delayed ACK of the one before (40 ms on every kept-alive request, and a live update can
        wait behind the previous one the same way)."""

        handler_class = _OneSendHandler

        def handle(self, sock, address):
            sock.setsockopt(socket.IPPROTO_TCP, socket.TCP_NODELAY, 1)
            super().handle(sock, address)

    address = f"http://{_lan_address() if host in ('0.0.0.0', '::') else host}:{port}"
    app = create_app()
    # Everything made at start lives as long as the server: the garbage collector's full passes
    # skip it from now on. They scanned all of it (100,000 objects, some 100 ms on a small
    # machine) while every table waited.
    gc.collect()
    gc.freeze()
    app.config["PUBLIC_URL"] = app.config["PUBLIC_URL"] or address
    public = app.config["PUBLIC_URL"]
    print(f"Banker is running. Phones on this network join at:\n\n    {public}\n", flush=True)
    if not quiet:
        print(qr.terminal(public), flush=True)
    print("Stop it with Ctrl+C. Games are kept in", app.config["DATABASE_URL"], flush=True)
    server = _NoDelayServer((host, port), app, log=None)
    try:
        server.serve_forever()
    except KeyboardInterrupt:
        server.stop()
    return 0


def _lan_address() -> str:
    """This machine's address on the local network (a UDP connect sends no packet)."""
    with socket.socket(socket.AF_INET, socket.SOCK_DGRAM) as probe:
        try:
            probe.connect(("192.0.2.1", 9))  # TEST-NET-1: only picks the outgoing interface
            return probe.getsockname()[0]
        except OSError:
            return "127.0.0.1"


if __name__ == "__main__":
    sys.exit(main())
