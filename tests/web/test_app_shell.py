"""The installable app: manifest, icons, and a service worker that never caches game data."""

from __future__ import annotations

import builtins
import re
import shutil
from pathlib import Path

from tests.support.counting import counting


def test_the_manifest_names_the_app_and_its_icons(client):
    response = client.get("/manifest.webmanifest")
    assert response.status_code == 200 and response.mimetype == "application/manifest+json"
    manifest = response.get_json()
    assert manifest["name"] == "Banker" and manifest["display"] == "standalone"
    sizes = {icon["sizes"] for icon in manifest["icons"]}
    assert {"192x192", "512x512"} <= sizes
    for icon in manifest["icons"]:
        with client.get(icon["src"]) as image:  # a file response: close it
            assert image.status_code == 200 and image.mimetype == "image/png"


def test_the_service_worker_caches_only_the_apps_own_files(client):
    response = client.get("/sw.js")
    assert response.status_code == 200 and response.mimetype == "text/javascript"
    body = response.get_data(as_text=True)
    shell = re.search(r"const SHELL = (\[.*?\]);", body).group(1)
    assert "/static/css/app.css" in shell and "/g/" not in shell
    assert "icon-192" not in shell  # fetched by the browser when the app is installed, not on a first visit
    assert 'url.pathname.startsWith("/static/")' in body
    assert response.headers["Cache-Control"] == "no-cache"


def test_every_page_links_the_manifest_and_registers_the_worker(client):
    page = client.get("/").get_data(as_text=True)
    assert '<link rel="manifest" href="/manifest.webmanifest">' in page
    assert 'data-sw="/sw.js"' in page


def test_the_service_workers_version_follows_the_files_it_keeps(app, client, tmp_path, monkeypatch):
    """A changed style or script is a new worker, which drops the old cache; the files are known by
    their versions, so asking for the worker again reads none of them."""
    static = tmp_path / "static"
    shutil.copytree(app.static_folder, static)
    app.static_folder = str(static)
    first = _version(client)
    opened = counting(monkeypatch, builtins, "open")
    read = counting(monkeypatch, Path, "read_bytes")
    assert _version(client) == first
    assert opened.count == read.count == 0
    monkeypatch.undo()
    (static / "css" / "app.css").write_text((static / "css" / "app.css").read_text() + "\n.x{}\n")
    assert _version(client) != first


def _version(client) -> str:
    return re.search(r'const CACHE = "banker-(\w+)";', client.get("/sw.js").get_data(as_text=True)).group(1)
