"""The installable app: the web manifest and the service worker, both served from the root so
the worker's scope covers every screen."""

from __future__ import annotations

import hashlib

from flask import Blueprint, current_app, jsonify, render_template, request, url_for

from banker.rules.text import Text
from banker.web.http.delivery import static_version
from banker.web.http.i18n import translate

bp = Blueprint("app_shell", __name__)

# What every screen loads. The home-screen icons are left to the browser, which fetches them when
# the app is installed: kept here, a phone's first visit would download them too.
SHELL = (
    "css/app.css",
    "js/table.js",
    "vendor/htmx.min.js",
    "vendor/sse.min.js",
    "icons/favicon-32.png",
)


@bp.get("/manifest.webmanifest")
def manifest():
    response = jsonify(
        name="Banker",
        short_name="Banker",
        description=translate(Text("The bank of your Monopoly table, on every phone.")),
        start_url=url_for("home.index"),
        scope="/",
        display="standalone",
        orientation="portrait",
        background_color="#eef3ef",
        theme_color="#0f6b3a",
        icons=[
            {
                "src": url_for("static", filename="icons/icon-192.png"),
                "sizes": "192x192",
                "type": "image/png",
            },
            {
                "src": url_for("static", filename="icons/icon-512.png"),
                "sizes": "512x512",
                "type": "image/png",
            },
            {
                "src": url_for("static", filename="icons/maskable-512.png"),
                "sizes": "512x512",
                "type": "image/png",
                "purpose": "maskable",
            },
        ],
    )
    response.mimetype = "application/manifest+json"
    response.add_etag()  # the same bytes for every phone of a language: compressed once, kept by it
    return response.make_conditional(request)


@bp.get("/sw.js")
def service_worker():
    # the files' own versions, kept by their size and time: no file is read again per request
    versions = " ".join(static_version(name) or name for name in SHELL)
    version = hashlib.sha256(versions.encode()).hexdigest()[:12]
    shell = [url_for("static", filename=name) for name in SHELL]
    body = render_template("app_shell/sw.js", version=version, shell=shell)
    return current_app.response_class(body, mimetype="text/javascript", headers={"Cache-Control": "no-cache"})
