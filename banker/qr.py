"""QR codes for joining: an SVG for screens and text blocks for the terminal."""

from __future__ import annotations

import io

import qrcode
from qrcode.image.svg import SvgPathImage


def svg(data: str) -> str:
    image = qrcode.make(data, image_factory=SvgPathImage, border=2)
    return image.to_string(encoding="unicode")


def terminal(data: str) -> str:
    code = qrcode.QRCode(border=2)
    code.add_data(data)
    out = io.StringIO()
    code.print_ascii(out=out, invert=True)
    return out.getvalue()
