"""Losing the secret key (or the browser's cookie) never orphans a game: the host always has a way
back to the bank. `banker serve` prints the bank's own seat link of the games in progress and of
each new game, `banker bank-link <game>` prints it on demand, the pages a lost seat opens say
so, and an empty key is refused at start instead of signing seats anyone could forge."""

from __future__ import annotations

import pytest

from banker import config
from banker.cli import bank_links
from banker.cli.bank_links import LOOKED_AT
from banker.service.errors import NotFound
from tests.support.servers import ROOT, ServeProcess, banker, command, free_port, request

WAY_BACK = "Are you the host? The computer running Banker prints the bank&#39;s own link"


# --- the bank's own link ------------------------------------------------------------------------


def test_the_bank_seat_of_a_game_is_found_by_its_id_or_its_join_code(app):
    service = app.extensions["banker"]
    created = service.create_game(["Ann", "Bob"])
    expected = (created.game.id, 0, created.banker.token)
    code = created.game.join_code
    # typed as the join screen takes it too: the CLI refused " CNW-KBR"
    typed = (code.lower(), f" {code[:3]}-{code[3:]}", code.translate({c: c + 0xFEE0 for c in range(33, 127)}))
    for name in (created.game.id, code, *typed):
        seat = service.seats.bank_seat(name)
        assert (seat.game_id, seat.player_id, seat.token) == expected
    with pytest.raises(NotFound, match="No game has the id or join code NOPE99."):
        service.seats.bank_seat("NOPE99")


def test_bank_link_prints_the_banks_own_seat_link(app, database_url):
    created = app.extensions["banker"].create_game(["Ann", "Bob"])
    env = {
        "BANKER_DATABASE_URL": database_url,
        "BANKER_SECRET_KEY": "a new key: every cookie signed with the old one is void",
        "BANKER_PUBLIC_URL": "http://table.local:5000",
    }
    printed = command("bank-link", created.game.join_code, env=env)
    assert printed.returncode == 0, printed.stderr
    assert printed.stdout == f"http://table.local:5000/seat/{created.banker.token}\n"

    unknown = command("bank-link", "NOPE99", env=env)
    assert unknown.returncode == 1
    assert unknown.stderr == "No game has the id or join code NOPE99.\n"


def test_bank_link_names_the_address_it_is_given_and_says_to_give_serves(app, database_url):
    """It cannot ask the running server where it listens: its help and the guides say to give it
    the same --host and --port as `banker serve`, whose address it then makes the same way."""
    created = app.extensions["banker"].create_game(["Ann", "Bob"])
    env = {"BANKER_DATABASE_URL": database_url, "BANKER_SECRET_KEY": "k"}
    printed = command("bank-link", created.game.join_code, "--host", "127.0.0.1", "--port", "8123", env=env)
    assert printed.stdout == f"http://127.0.0.1:8123/seat/{created.banker.token}\n"
    helped = " ".join(command("bank-link", "--help", env=env).stdout.split())
    assert "give it the same --host and --port as `banker serve` (or the same BANKER_PUBLIC_URL)" in helped
    for guide in ("README.md", "docs/deploy.md"):
        said = " ".join((ROOT / guide).read_text().split())
        assert "bank-link <game>` prints the bank's own seat link" in said
        assert "give it the same `--host` and `--port` as `banker serve`" in said, guide


def test_serve_prints_the_links_of_the_newest_games_in_progress_and_of_each_new_game(
    app, clock, database_url, tmp_path
):
    service = app.extensions["banker"]
    games = []
    for n in range(LOOKED_AT + 2):  # oldest first, a second apart on the app's clock
        games.append(service.create_game([f"Ann{n}", "Bob"]))
        clock.advance(1)
    ended = games[-3]
    service.run(ended.game.id, ended.banker.token, {"type": "end_game"})

    server = ServeProcess(database_url, tmp_path / "server.log")
    server.start()
    try:
        status, created = request(server.port, "POST", "/api/games", {"players": ["Cy", "Di"]})
        assert status == 201
        log = server.log.read_text()
    finally:
        server.stop()

    newest_going = [g for g in reversed(games[-LOOKED_AT:]) if g is not ended]
    lines = [
        f"{g.game.join_code} ({g.state.players[0].name}, Bob): {server.url}/seat/{g.banker.token}"
        for g in newest_going
    ]
    listed = log.split(
        "Games in progress, newest first, each with the bank's own link (the host's way back):\n"
    )[1]
    assert listed.startswith("".join(f"    {line}\n" for line in lines) + "\n")
    for left_out in (ended, games[0], games[1]):  # ended, or older than the newest few
        assert left_out.banker.token not in log
    assert f"New game {created['join_code']} (Cy, Di): {server.url}/seat/{created['banker_token']}\n" in log


def test_a_public_server_prints_no_bank_link_of_strangers_games(app, capsys):
    """Behind trusted proxies the log (journald, a host's logging service) is read by others: a
    bank link there is a key to a stranger's game."""
    service = app.extensions["banker"]
    going = service.create_game(["Ann", "Bob"])
    app.config["TRUSTED_PROXIES"] = 1
    bank_links.announce(app)
    new = service.create_game(["Cy", "Di"])
    printed = capsys.readouterr().out
    assert printed == (
        "Behind a proxy, for the public: no bank links are printed. `banker bank-link CODE` prints one game's.\n"
    )
    assert going.banker.token not in printed and new.banker.token not in printed


# --- a lost seat says where the way back is ----------------------------------------------------


def test_the_bank_page_without_a_seat_tells_the_host_where_the_way_back_is(app, client):
    game = app.extensions["banker"].create_game(["Ann", "Bob"]).game
    response = client.get(f"/g/{game.id}/bank")
    assert response.status_code == 403
    page = response.get_data(as_text=True)
    assert "Only the banker&#39;s phone can open the bank." in page
    assert WAY_BACK in page


def test_a_page_opened_with_a_seat_that_is_no_longer_valid_tells_the_host_too(app, client):
    game = app.extensions["banker"].create_game(["Ann", "Bob"]).game
    with client.session_transaction() as session:
        session["seats"] = {game.id: {"player": "a-token-from-before"}}
    response = client.get(f"/g/{game.id}")
    assert response.status_code == 403
    assert WAY_BACK in response.get_data(as_text=True)


# --- an empty key is refused -------------------------------------------------------------------


@pytest.mark.parametrize("stored", ["", "  \n\t\n"])
def test_an_empty_key_file_is_refused_at_start(tmp_path, monkeypatch, stored):
    monkeypatch.delenv("BANKER_SECRET_KEY", raising=False)
    (tmp_path / "secret_key").write_text(stored)
    with pytest.raises(SystemExit, match="secret_key is empty. Put back the key it held"):
        config.defaults(str(tmp_path))
    assert (tmp_path / "secret_key").read_text() == stored  # left for the operator to mend


@pytest.mark.parametrize("key", ["", "   "])
def test_serve_refuses_an_empty_secret_key_and_says_so(database_url, key):
    port = str(free_port())
    env = {"BANKER_DATABASE_URL": database_url, "BANKER_SECRET_KEY": key}
    started = banker("serve", "--host", "127.0.0.1", "--port", port, "--quiet", env=env, timeout=30)
    assert started.returncode == 1
    assert "BANKER_SECRET_KEY is empty. Set it to a long random text" in started.stderr
