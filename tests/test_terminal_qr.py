"""The QR code `banker serve` prints in the host's terminal."""

from __future__ import annotations

import io

import qrcode

from banker import qr
from banker.cli import main

LINK = "http://192.168.1.20:5000"
TOP = {"█": (True, True), "▀": (True, False), "▄": (False, True), " ": (False, False)}


def modules(drawn: str) -> list[list[bool]]:
    """The dark (True) and light modules a colour drawing shows, two rows to a line."""
    rows = []
    for line in drawn.splitlines():
        assert line.startswith("\x1b[38;5;16;48;5;231m") and line.endswith("\x1b[0m"), repr(line)
        halves = [TOP[c] for c in line.removeprefix("\x1b[38;5;16;48;5;231m").removesuffix("\x1b[0m")]
        rows += [[top for top, _ in halves], [bottom for _, bottom in halves]]
    return rows


def test_in_a_terminal_the_code_is_black_on_white_whatever_the_terminals_colours():
    # it was drawn light on dark, for a dark terminal: on a light one phones saw it inverted
    code = qrcode.QRCode(border=2)
    code.add_data(LINK)
    matrix = code.get_matrix()
    shown = modules(qr.terminal(LINK, colours=True))
    assert shown[: len(matrix)] == matrix
    assert all(not any(row) for row in shown[len(matrix) :])  # an odd row count ends in light


def test_without_colours_it_is_drawn_as_before_light_on_dark():
    out = io.StringIO()
    code = qrcode.QRCode(border=2)
    code.add_data(LINK)
    code.print_ascii(out=out, invert=True)
    assert qr.terminal(LINK, colours=False) == out.getvalue()
    assert "\x1b" not in out.getvalue()


class Terminal(io.StringIO):
    def isatty(self) -> bool:
        return True


def test_colours_only_in_a_terminal_that_takes_them(monkeypatch):
    monkeypatch.delenv("NO_COLOR", raising=False)
    monkeypatch.setenv("TERM", "xterm-256color")
    monkeypatch.setattr("sys.stdout", Terminal())
    assert main._colours()
    monkeypatch.setenv("NO_COLOR", "1")
    assert not main._colours()
    monkeypatch.delenv("NO_COLOR")
    monkeypatch.setenv("TERM", "dumb")
    assert not main._colours()
    monkeypatch.setenv("TERM", "xterm-256color")
    monkeypatch.setattr("sys.stdout", io.StringIO())  # a log file, a service's journal
    assert not main._colours()
