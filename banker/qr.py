"""QR codes for joining: an SVG for screens and text blocks for the terminal."""

from __future__ import annotations

import io

import qrcode
from qrcode.image.svg import SvgPathImage

from banker.lru import LRU

# drawing one takes some 5 ms of a core, and every screen of a game shows the same few links
_drawn: LRU[str, str] = LRU(256)


def svg(data: str) -> str:
    drawn = _drawn.get(data)
    if drawn is None:
        image = qrcode.make(data, image_factory=SvgPathImage, border=2)
        drawn = image.to_string(encoding="unicode")
        _drawn.put(data, drawn)
    return drawn


def terminal(data: str, colours: bool) -> str:
    """The code in half blocks, two rows of modules to a line of text. With `colours`, its dark
    and light drawn in black and white whatever the terminal's own (a light terminal showed the
    code inverted, which phones' cameras may not read); without, light on dark, for a terminal
    whose colours are not known to be dark on light either way (a log, a service's journal)."""
    code = qrcode.QRCode(border=2)
    code.add_data(data)
    if not colours:
        out = io.StringIO()
        code.print_ascii(out=out, invert=True)
        return out.getvalue()
    rows = code.get_matrix()
    rows += [[False] * len(rows[0])] * (len(rows) % 2)  # an even count: the last half light
    lines = (
        "".join(_HALVES[top, bottom] for top, bottom in zip(upper, lower, strict=True))
        for upper, lower in zip(rows[::2], rows[1::2], strict=True)
    )
    return "\n".join(f"{_BLACK_ON_WHITE}{line}{_PLAIN}" for line in lines) + "\n"


# 256-colour codes from the colour cube (16: black, 231: white), which themes do not remap as
# they do the 16 named colours; each half block's upper half is drawn in the text's colour
_BLACK_ON_WHITE, _PLAIN = "\x1b[38;5;16;48;5;231m", "\x1b[0m"
_HALVES = {(True, True): "█", (True, False): "▀", (False, True): "▄", (False, False): " "}
