"""What `banker serve` and the one-shot commands say when they cannot start: the host reads what
to change in a sentence, not a traceback, and never the database's password."""

from __future__ import annotations

import shutil
import signal
import socket
import subprocess
import sys
import time

import pytest

from banker.cli import main
from banker.service.workers import receive, send
from tests.support.servers import command

KEY = {"BANKER_SECRET_KEY": "k"}


@pytest.mark.parametrize(
    ("url", "said"),
    [
        ("nonsense", "BANKER_DATABASE_URL (nonsense) is not a database Banker can use: give sqlite:"),
        ("mysql://banker:secret@db/banker", "BANKER_DATABASE_URL (mysql://banker:***@db/banker) is not a"),
        (
            "sqlite:////no/such/folder/banker.sqlite3",
            "the database sqlite:////no/such/folder/banker.sqlite3 cannot",
        ),
        (
            "postgresql+psycopg://banker:secret@127.0.0.1:1/banker",
            "the database postgresql+psycopg://banker:***@127.0.0.1:1/banker cannot be opened: connection",
        ),
    ],
)
def test_a_database_that_cannot_be_used_is_named_without_its_password(url, said):
    started = command("prune", "--days", "3", env={**KEY, "BANKER_DATABASE_URL": url})
    assert started.returncode == 1 and started.stdout == ""
    assert started.stderr.startswith(f"Banker cannot start: {said}")
    assert "secret" not in started.stderr and "Traceback" not in started.stderr


def test_the_database_is_shown_without_its_password():
    assert main._shown("postgresql+psycopg://banker:secret@db:5432/banker") == (
        "postgresql+psycopg://banker:***@db:5432/banker"
    )
    assert main._shown("sqlite:////srv/banker.sqlite3") == "sqlite:////srv/banker.sqlite3"


def test_a_port_taken_is_said_before_the_server_says_it_is_running():
    with socket.create_server(("127.0.0.1", 0)) as taken:
        port = taken.getsockname()[1]
        with pytest.raises(SystemExit) as refused:
            main._listen("127.0.0.1", port)
    assert refused.value.code == (
        f"Banker cannot start: port {port} is in use (another Banker, or another program)."
        " Stop it, or choose another port with --port."
    )
    with pytest.raises(SystemExit) as elsewhere:
        main._listen("192.0.2.123", 5000)  # TEST-NET-1: no machine here has it
    assert (
        elsewhere.value.code
        == "Banker cannot start: this machine has no address 192.0.2.123 to listen on (--host)."
    )


@pytest.mark.parametrize("port", ["99999", "0", "http"])
def test_a_port_is_one_from_1_to_65535(port):
    refused = command("bank-link", "ABCDEF", "--port", port, env=KEY)
    assert refused.returncode == 2 and f"a port from 1 to 65535, not '{port}'" in refused.stderr


LAN_ADDRESS = "from banker.cli.main import _lan_address; print(_lan_address())"


@pytest.mark.parametrize(
    ("network", "found"),
    [
        # a laptop's own hotspot, an offline router: an address on the table's network, no way out
        (
            "ip link add table type bridge && ip addr add 10.42.0.1/24 dev table && ip link set table up && ",
            "10.42.0.1",
        ),
        ("", "None"),  # no network at all: only loopback
    ],
)
def test_the_address_phones_join_at_is_found_on_a_network_with_no_way_out(network, found):
    """In a network of its own (Linux's namespaces, as root): the route out the address was found
    by is not there, and 127.0.0.1 is no address for a phone."""
    assert shutil.which("unshare") and shutil.which("ip"), "needs util-linux's unshare and iproute2's ip"
    script = f"ip link set lo up && {network}{sys.executable} -c '{LAN_ADDRESS}'"
    run = subprocess.run(["unshare", "-n", "sh", "-c", script], capture_output=True, text=True, timeout=60)
    assert run.returncode == 0, run.stderr
    assert run.stdout.strip() == found


def test_no_network_is_said_beside_the_address(monkeypatch, capsys):
    monkeypatch.setattr(main, "_lan_address", lambda: None)
    assert main._address("0.0.0.0", 5000) == "http://127.0.0.1:5000"
    assert "No network was found on this machine: phones cannot reach it" in capsys.readouterr().err


def test_ctrl_c_in_the_terminal_is_no_workers_business():
    """Ctrl+C reaches every process of the server: the server stops its workers itself."""
    with subprocess.Popen(
        [sys.executable, "-m", "banker.service.worker"],
        stdin=subprocess.PIPE,
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        env={"BANKER_WORKER_DATABASE_URL": "sqlite://", "PATH": "/usr/bin:/bin"},
    ) as worker:
        send(worker.stdin, (repr, ()))  # a job answered: past its start, waiting for the next
        assert receive(worker.stdout)[0] is False
        worker.send_signal(signal.SIGINT)
        time.sleep(0.5)
        assert worker.poll() is None
        worker.stdin.close()  # how the server lets it go
        assert worker.wait(timeout=30) == 0
        assert worker.stderr.read() == b""


def test_an_install_without_the_templates_says_to_install_from_the_checkout(monkeypatch, tmp_path):
    """A wheel holds the package alone: the server said it was running and answered every page 500."""
    import banker

    monkeypatch.setattr(banker, "ROOT", tmp_path)
    with pytest.raises(SystemExit) as refused:
        banker.create_app({"TESTING": True, "SECRET_KEY": "k", "INSTANCE_PATH": str(tmp_path)})
    assert str(refused.value) == (
        f"Banker runs from its source folder, beside its templates/ and static/, which are not in"
        f" {tmp_path}: install it from the checkout with `pip install -e .`."
    )
