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


def terminal(data: str) -> str:
    code = qrcode.QRCode(border=2)
    code.add_data(data)
    out = io.StringIO()
    code.print_ascii(out=out, invert=True)
    return out.getvalue()
