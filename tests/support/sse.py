"""A phone's live stream read as the browser reads it: messages of `id:`, `event:` and `data:`
lines, each ended by a blank line; comments (keepalives) and a lone `retry:` are not messages.
And the out-of-band fragments an update message carries, one by one."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from html.parser import HTMLParser


@dataclass(frozen=True)
class Message:
    id: str | None
    event: str
    data: str


def next_message(readline: Callable[[], bytes]) -> Message:
    """The next message on a stream whose lines `readline` gives, one at a time."""
    message = _read(readline)
    assert message is not None, "the stream ended"
    return message


def messages(body: bytes) -> list[Message]:
    """Every message of a stream that has ended."""
    readline = lines_of([body])
    found = []
    while (message := _read(readline)) is not None:
        found.append(message)
    return found


def _read(readline: Callable[[], bytes]) -> Message | None:
    fields: dict[str, str] = {}
    data: list[str] = []
    while True:
        raw = readline()
        if not raw:
            return None
        line = raw.decode().rstrip("\r\n")
        if not line:
            if fields or data:
                return Message(fields.get("id"), fields.get("event", "message"), "\n".join(data))
            continue
        if line.startswith(":"):
            continue
        name, _, value = line.partition(":")
        value = value.removeprefix(" ")
        if name == "data":
            data.append(value)
        elif name in ("id", "event"):
            fields[name] = value


def lines_of(chunks) -> Callable[[], bytes]:
    """A `readline` over a response that arrives in chunks of any size (the test client's)."""
    pending = b""
    chunks = iter(chunks)

    def readline() -> bytes:
        nonlocal pending
        while b"\n" not in pending:
            chunk = next(chunks, b"")
            if not chunk:
                line, pending = pending, b""
                return line
            pending += chunk if isinstance(chunk, bytes) else chunk.encode()
        line, _, pending = pending.partition(b"\n")
        return line + b"\n"

    return readline


class _TopLevel(HTMLParser):
    """The top-level elements of an HTML fragment, each as its `hx-swap-oob` target and its source."""

    VOID = {"br", "hr", "img", "input", "meta", "link", "wbr", "source", "col", "area", "base"}

    def __init__(self, html: str) -> None:
        super().__init__(convert_charrefs=False)
        self.html = html
        self.starts = [0] + [i + 1 for i, c in enumerate(html) if c == "\n"]
        self.depth = 0
        self.begin = 0
        self.target = ""
        self.found: list[tuple[str, str]] = []

    def _offset(self) -> int:
        row, column = self.getpos()
        return self.starts[row - 1] + column

    def handle_starttag(self, tag, attrs):
        if self.depth == 0:
            self.begin = self._offset()
            values = dict(attrs)
            oob = values.get("hx-swap-oob") or ""
            self.target = oob.partition(":")[2] if ":" in oob else f"#{values.get('id')}"
        if tag in self.VOID:
            if self.depth == 0:
                self.found.append(
                    (self.target, self.html[self.begin : self._offset() + len(self.get_starttag_text())])
                )
            return
        self.depth += 1

    def handle_endtag(self, tag):
        self.depth -= 1
        if self.depth == 0:
            end = self.html.index(">", self._offset()) + 1
            self.found.append((self.target, self.html[self.begin : end]))


def fragments(html: str) -> list[tuple[str, str]]:
    """Each out-of-band fragment of an update: (what it swaps, e.g. ".cash-2" or "#space-5", its html)."""
    parser = _TopLevel(html)
    parser.feed(html)
    parser.close()
    return parser.found
