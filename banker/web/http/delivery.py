"""Fewer bytes to every phone: responses compressed by the server itself (brotli, else gzip),
and static files named by a hash of their content and cached for a year.

The live stream (text/event-stream) is never compressed or buffered: each update goes out the
moment it happens. Static files are made ready once (the app's own scripts and styles without
their comments, then compressed at the best ratio) and kept in memory; pages and fragments are
compressed as they go out, at a cheaper setting.
"""

from __future__ import annotations

import gzip
import hashlib
import mimetypes
import os
from functools import lru_cache

import rcssmin
import rjsmin
from flask import Flask, Response, current_app, request
from werkzeug.security import safe_join

from banker.lru import LRU

try:  # brotli is a dependency; gzip alone still works if a platform lacks its wheel
    import brotli
except ImportError:  # pragma: no cover
    brotli = None

COMPRESSIBLE = frozenset(
    {
        "text/html",
        "text/css",
        "text/plain",
        "text/javascript",
        "application/javascript",
        "application/json",
        "application/manifest+json",
        "image/svg+xml",
    }
)
# the app's own scripts and styles keep their comments for people; the phones get them without
# (vendored files come minified already)
MINIFIERS = {".js": rjsmin.jsmin, ".css": rcssmin.cssmin}
MIN_SIZE = 400  # below this the encoding's framing eats the gain
# a body drawn for one request (no strong ETag to keep its compressed bytes by) goes as it is below
# this: with its headers it fits one packet either way, and compressing it (a command's answer,
# some 650 bytes) costs the server more than the bytes it saves
ONE_PACKET = 1000
YEAR = 365 * 24 * 60 * 60
# (path, strong ETag, encoding) -> the compressed body: a response whose strong ETag says it is
# the same bytes every time (a long game's history download, a megabyte) is compressed once
_compressed: LRU[tuple[str, str, str], bytes] = LRU(4 << 20, weight=len)


def register(app: Flask) -> None:
    app.url_defaults(_version_static_urls)
    app.after_request(_deliver)


# --- static files: a version in the URL, cached for a year ---------------------------------


def _version_static_urls(endpoint: str, values: dict) -> None:
    """url_for('static', filename=...) gains ?v=<content hash>: a changed file is a new URL."""
    if endpoint == "static" and "filename" in values and "v" not in values:
        version = static_version(values["filename"])
        if version:
            values["v"] = version


def static_version(filename: str) -> str | None:
    path = _static_path(filename)
    if path is None:
        return None
    try:
        stat = os.stat(path)
    except OSError:
        return None
    return _digest(path, stat.st_mtime_ns, stat.st_size)


def _static_path(filename: str) -> str | None:
    folder = current_app.static_folder
    return safe_join(folder, filename) if folder else None


@lru_cache(maxsize=256)
def _digest(path: str, mtime_ns: int, size: int) -> str:
    with open(path, "rb") as file:
        return hashlib.sha256(file.read()).hexdigest()[:12]


def _cache_static(response: Response) -> None:
    """A URL carrying the file's current version never changes: cache it for a year. Any other
    static URL keeps Flask's default, a revalidation by ETag."""
    filename = (request.view_args or {}).get("filename", "")
    version = request.args.get("v")
    if version and response.status_code in (200, 304) and version == static_version(filename):
        response.cache_control.public = True
        response.cache_control.max_age = YEAR
        response.cache_control.immutable = True
        response.cache_control.no_cache = None


# --- compression ---------------------------------------------------------------------


def _deliver(response: Response) -> Response:
    if request.endpoint == "static":
        _cache_static(response)
    elif response.mimetype == "text/html" and "Cache-Control" not in response.headers:
        # a page is the game as it stood: Back fetches it again rather than show the old copy,
        # whose auction clock counted from the seconds left when it was drawn
        response.cache_control.no_store = True
    if response.mimetype not in COMPRESSIBLE or "Content-Encoding" in response.headers:
        return response  # the live stream (text/event-stream) is left alone
    response.vary.add("Accept-Encoding")
    if response.status_code < 200 or response.status_code in (204, 206, 304):
        _weaken_etag(response)  # a 304 names the compressed variant the phone holds
        return response
    encoding = _choose_encoding(request.headers.get("Accept-Encoding", ""))
    # a static file's own bytes (an OPTIONS request to its URL is answered with no file at all)
    if request.endpoint == "static" and response.status_code == 200 and request.method != "OPTIONS":
        path = _static_path((request.view_args or {}).get("filename", ""))
        if path is None:
            return response
        stat = os.stat(path)
        body = _static_body(path, stat.st_mtime_ns, stat.st_size, encoding)
        if body is None:
            return response
        response.direct_passthrough = False
        if hasattr(response.response, "close"):
            response.response.close()  # the open file Flask would have sent
    elif encoding is None or response.is_streamed:
        return response  # nothing to compress to, or a stream, which is never held back
    else:
        data = response.get_data()
        etag, weak = response.get_etag()
        kept = etag is not None and not weak
        if len(data) < (MIN_SIZE if kept else ONE_PACKET):
            return response
        body = _compressed_once(data, encoding, etag if kept else None)
    response.set_data(body)  # for HEAD the server sends the length and not the body
    if encoding is not None:
        response.headers["Content-Encoding"] = encoding
        _weaken_etag(response)
    return response


def _compressed_once(data: bytes, encoding: str, etag: str | None) -> bytes:
    if etag is None:
        return _compress(data, encoding, best=False)
    key = (request.path, etag, encoding)
    body = _compressed.get(key)
    if body is None:
        body = _compress(data, encoding, best=False)
        _compressed.put(key, body)
    return body


def _weaken_etag(response: Response) -> None:
    """The compressed bytes are not the file's bytes: the ETag becomes weak (as nginx does), and
    a revalidation still matches it by the weak comparison that If-None-Match uses."""
    etag, weak = response.get_etag()
    if etag and not weak:
        response.set_etag(etag, weak=True)


def _choose_encoding(accept: str) -> str | None:
    offered: dict[str, float] = {}
    for part in accept.split(","):
        name, _, params = part.strip().partition(";")
        quality = 1.0
        params = params.strip()
        if params.startswith("q="):
            try:
                quality = float(params[2:])
            except ValueError:
                quality = 0.0
        offered[name.strip().lower()] = quality
    for encoding in ("br", "gzip"):
        if encoding == "br" and brotli is None:
            continue
        if offered.get(encoding, offered.get("*", 0.0)) > 0:
            return encoding
    return None


def prepare_static(app: Flask) -> None:
    """Every static file a phone's screen loads, as it goes out in each encoding, made before the
    server takes its first request: compressed at the best ratio, htmx alone takes some 60 ms of
    a core, which the first phone after a start would hold every table's requests up for."""
    folder = app.static_folder
    if not folder:
        return
    with app.app_context():  # the same paths, and so the same kept bodies, as a request's
        for root, _, names in os.walk(folder):
            for name in names:
                if mimetypes.guess_type(name)[0] not in COMPRESSIBLE:
                    continue
                filename = os.path.relpath(os.path.join(root, name), folder).replace(os.sep, "/")
                static_version(filename)
                path = _static_path(filename)
                stat = os.stat(path)
                for encoding in ("br" if brotli else None, "gzip", None):
                    _static_body(path, stat.st_mtime_ns, stat.st_size, encoding)


@lru_cache(maxsize=128)
def _static_body(path: str, mtime_ns: int, size: int, encoding: str | None) -> bytes | None:
    """A static file as it goes out: the app's own scripts and styles without their comments
    and layout (5 of the 44 kB a player's first load took), compressed at the best ratio when
    the phone takes it so; None when that is the file as it is."""
    minify = None if ".min." in os.path.basename(path) else MINIFIERS.get(os.path.splitext(path)[1])
    if minify is None and encoding is None:
        return None
    with open(path, "rb") as file:
        data = file.read()
    if minify is not None:
        data = minify(data)
    return data if encoding is None else _compress(data, encoding, best=True)


def _compress(data: bytes, encoding: str, best: bool) -> bytes:
    if encoding == "br":
        return brotli.compress(data, quality=11 if best else 5, mode=brotli.MODE_TEXT)
    return gzip.compress(data, compresslevel=9 if best else 6, mtime=0)
