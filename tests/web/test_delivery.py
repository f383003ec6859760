"""What goes over the wire: compressed pages and files, static files cached by version, and a
live stream that is never compressed or held back."""

from __future__ import annotations

import gzip
import json
import re
from pathlib import Path

import brotli

from banker.web.http import delivery
from banker.web.http.delivery import ONE_PACKET
from tests.support.counting import counting
from tests.support.web import HTMX, session_token

BROWSER = {"Accept-Encoding": "gzip, deflate, br"}


def _static_urls(page: str) -> list[str]:
    return re.findall(r'(?:href|src)="(/static/[^"]+)"', page)


def test_a_phone_gets_its_screen_compressed_with_brotli_when_it_asks(table):
    plain = table["Ann"].get(f"/g/{table['id']}")
    packed = table["Ann"].get(f"/g/{table['id']}", headers=BROWSER)
    assert packed.headers["Content-Encoding"] == "br"
    assert "Accept-Encoding" in packed.headers["Vary"]
    assert len(packed.data) < len(plain.data) / 3
    assert brotli.decompress(packed.data).decode().count('id="live"') == plain.get_data(as_text=True).count(
        'id="live"'
    )


def test_gzip_when_brotli_is_not_offered_and_nothing_when_no_encoding_is(table):
    gzipped = table["Ann"].get(f"/g/{table['id']}", headers={"Accept-Encoding": "gzip"})
    assert gzipped.headers["Content-Encoding"] == "gzip"
    assert b'id="live"' in gzip.decompress(gzipped.data)
    plain = table["Ann"].get(f"/g/{table['id']}", headers={"Accept-Encoding": "identity"})
    assert "Content-Encoding" not in plain.headers and b'id="live"' in plain.data
    refused = table["Ann"].get(f"/g/{table['id']}", headers={"Accept-Encoding": "br;q=0, gzip;q=0"})
    assert "Content-Encoding" not in refused.headers


def test_a_small_answer_goes_as_it_is_and_a_screen_compressed(table):
    """A command's answer fits one packet with its headers either way: compressing it only cost
    the server (about a tenth of a millisecond per tap)."""
    ann = table["Ann"]
    answer = ann.post(
        f"/g/{table['id']}/do",
        data={"view": "player", "type": "pay_player", "player": 1, "to": 2, "amount": 50},
        headers={**HTMX, **BROWSER, "X-CSRFToken": session_token(ann)},
    )
    assert answer.status_code == 200 and "Content-Encoding" not in answer.headers
    assert "paid Bob $50" in answer.get_data(as_text=True) and len(answer.data) < ONE_PACKET
    screen = ann.get(f"/g/{table['id']}", headers=BROWSER)
    assert screen.headers["Content-Encoding"] == "br" and len(brotli.decompress(screen.data)) > ONE_PACKET
    # a small body whose compressed bytes are kept by its ETag is compressed once and for all
    manifest = ann.get("/manifest.webmanifest", headers=BROWSER)
    assert manifest.headers["Content-Encoding"] == "br" and len(brotli.decompress(manifest.data)) < ONE_PACKET


def test_the_apps_own_scripts_and_styles_go_out_without_their_comments(client):
    static = Path(__file__).resolve().parents[2] / "static"
    for name, comment, kept in (
        ("js/table.js", "// What the live screens do between server updates.", "function startClock"),
        ("css/app.css", "/* Banker: one thumb, arm's length", "--brand:#0f6b3a"),
    ):
        source = (static / name).read_text()
        packed = client.get(f"/static/{name}", headers=BROWSER)
        plain = client.get(f"/static/{name}", headers={"Accept-Encoding": "identity"})
        sent = plain.get_data(as_text=True)
        assert brotli.decompress(packed.data).decode() == sent  # the same file whichever way it goes
        assert comment in source and comment not in sent and kept in sent
        assert len(sent) < 0.8 * len(source)
    with client.get("/static/vendor/htmx.min.js", headers={"Accept-Encoding": "identity"}) as vendored:
        assert vendored.data == (static / "vendor/htmx.min.js").read_bytes()


def test_static_urls_carry_the_files_version_and_are_cached_for_a_year(app, table):
    page = table["Ann"].get(f"/g/{table['id']}").get_data(as_text=True)
    urls = _static_urls(page)
    assert any(url.startswith("/static/vendor/htmx.min.js?v=") for url in urls)
    assert all(re.search(r"\?v=[0-9a-f]{12}$", url) for url in urls), urls
    for url in urls:
        with table["Ann"].get(url) as response:
            assert response.status_code == 200
            assert response.cache_control.max_age == 365 * 24 * 60 * 60
            assert response.cache_control.immutable and response.cache_control.public


def test_a_static_url_with_a_stale_version_is_revalidated_not_cached(client):
    with client.get("/static/css/app.css?v=000000000000") as response:
        assert response.status_code == 200
        assert not response.cache_control.immutable and response.cache_control.max_age is None
        assert response.headers.get("ETag")


def test_static_files_are_compressed_once_and_still_revalidate(app, client):
    original = (app.static_folder + "/vendor/htmx.min.js").replace("//", "/")
    with open(original, "rb") as file:
        expected = file.read()
    packed = client.get("/static/vendor/htmx.min.js", headers=BROWSER)
    assert packed.headers["Content-Encoding"] == "br"
    assert brotli.decompress(packed.data) == expected
    assert int(packed.headers["Content-Length"]) == len(packed.data) < len(expected) / 3
    etag = packed.headers["ETag"]
    assert etag.startswith('W/"')  # the compressed bytes are not the file's bytes
    with client.get("/static/vendor/htmx.min.js", headers={**BROWSER, "If-None-Match": etag}) as again:
        assert again.status_code == 304 and not again.data


def test_an_options_request_to_a_static_url_is_answered_without_the_file(client):
    """Flask answers OPTIONS itself, with no file: compressing it as the file was a 500 for a
    file that is not there, and sent the whole file to one that is."""
    for path in ("/static/vendor/htmx.min.js", "/static/js/none-such.js"):
        with client.options(path, headers=BROWSER) as response:
            assert response.status_code == 200 and not response.data
            assert "GET" in response.headers["Allow"]


def test_images_are_sent_as_they_are(client):
    with client.get("/static/icons/icon-192.png", headers=BROWSER) as response:
        assert response.status_code == 200 and "Content-Encoding" not in response.headers


def test_the_live_stream_is_neither_compressed_nor_buffered(table):
    response = table["Bob"].get(f"/g/{table['id']}/stream?seq=1", headers=BROWSER, buffered=False)
    try:
        assert response.mimetype == "text/event-stream"
        assert "Content-Encoding" not in response.headers
        assert response.is_streamed
        first = next(iter(response.response))  # the first event is there before the stream ends
        assert (first if isinstance(first, str) else first.decode()).startswith("retry:")
    finally:
        response.close()


def test_api_answers_are_compressed_too(client):
    game = client.post("/api/games", json={"players": ["Ann", "Bob"]}).get_json()
    state = client.get(
        f"/api/games/{game['id']}", headers={**BROWSER, "Authorization": f"Bearer {game['banker_token']}"}
    )
    assert state.status_code == 200 and state.headers["Content-Encoding"] == "br"
    assert json.loads(brotli.decompress(state.data))["seq"] == 1


def test_a_started_server_has_its_static_files_ready_before_the_first_phone_asks(app, client, monkeypatch):
    """Compressing htmx at the best ratio takes some 60 ms of a core: done at start (`banker
    serve`), not while the first phone after a restart holds every table's requests up."""
    delivery._static_body.cache_clear()
    delivery.prepare_static(app)
    compressed = counting(monkeypatch, delivery, "_compress")
    urls = [u for u in _static_urls(client.get("/").get_data(as_text=True)) if ".png" not in u]
    assert any(url.startswith("/static/vendor/htmx") for url in urls) and len(urls) >= 4
    for encoding in ("br", "gzip", "identity"):
        for url in urls:
            with client.get(url, headers={"Accept-Encoding": encoding}) as answer:
                assert (
                    answer.status_code == 200
                    and answer.headers.get("Content-Encoding", "identity") == encoding
                )
    assert compressed.count == 0
