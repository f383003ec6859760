"""A PostgreSQL server of the test session's own, and a fresh schema in it for each test.

The server is a throwaway cluster of Debian's postgresql: a temporary directory, loopback only,
a free port, no fsync (test data). PostgreSQL refuses to run as root, so as root the cluster
belongs to the `postgres` user that Debian's package creates."""

from __future__ import annotations

import os
import shutil
import subprocess
import tempfile
import uuid
from glob import glob
from pathlib import Path

from sqlalchemy import create_engine, text
from sqlalchemy.engine import make_url
from sqlalchemy.pool import NullPool

from banker.store.db import normalise_url
from tests.support.servers import free_port

SERVER_OPTIONS = "-c fsync=off -c full_page_writes=off -c synchronous_commit=off -c max_connections=200"


class ThrowawayPostgres:
    def __init__(self) -> None:
        versions = sorted(glob("/usr/lib/postgresql/*/bin/pg_ctl"), key=lambda path: int(path.split("/")[4]))
        if not versions:
            raise RuntimeError("PostgreSQL's server is not installed: apt-get install -y postgresql")
        self.pg_ctl = versions[-1]
        self.port = free_port()
        self.directory = Path(tempfile.mkdtemp(prefix="banker-test-postgres-"))
        # as root: run as the `postgres` user (and its group only), in a directory it owns
        self.as_user = (
            {"user": "postgres", "group": "postgres", "extra_groups": []} if os.geteuid() == 0 else {}
        )
        if self.as_user:
            shutil.chown(self.directory, "postgres", "postgres")

    @property
    def url(self) -> str:
        return f"postgresql+psycopg://postgres@127.0.0.1:{self.port}/postgres"

    def start(self) -> str:
        data = self.directory / "data"
        self._pg_ctl("initdb", "-D", data, "-o", "--username=postgres --auth=trust --encoding=UTF8 --no-sync")
        # a port found free may be taken by another test process before the server binds it: the
        # server starts again on another (later restarts keep the port its clients know)
        for _ in range(2):
            try:
                self.resume()
                return self.url
            except RuntimeError:
                if "already in use" not in (self.directory / "server.log").read_text():
                    raise
                self.port = free_port()
        self.resume()
        return self.url

    def pause(self) -> None:
        """Stop the server as a restart does, its connections cut, keeping its data for `resume`."""
        self._pg_ctl("stop", "-D", self.directory / "data", "-m", "fast")

    def resume(self) -> None:
        """Start the server on its data and port."""
        server = f"-c listen_addresses=127.0.0.1 -p {self.port} -k {self.directory} {SERVER_OPTIONS}"
        self._pg_ctl(
            "start", "-D", self.directory / "data", "-l", self.directory / "server.log", "-w", "-o", server
        )

    def stop(self) -> None:
        self._pg_ctl("stop", "-D", self.directory / "data", "-m", "immediate")
        shutil.rmtree(self.directory)

    def _pg_ctl(self, *arguments: str | Path) -> None:
        done = subprocess.run(
            [self.pg_ctl, *map(str, arguments)],
            cwd=self.directory,
            capture_output=True,
            text=True,
            **self.as_user,
        )
        if done.returncode != 0:
            raise RuntimeError(f"pg_ctl {arguments[0]} failed:\n{done.stdout}{done.stderr}")


class PostgresSchema:
    """A fresh, empty schema in a PostgreSQL database: the URL points its connections there."""

    def __init__(self, base_url: str) -> None:
        self.name = f"t_{uuid.uuid4().hex[:16]}"
        self.admin = create_engine(normalise_url(base_url), poolclass=NullPool)
        with self.admin.begin() as connection:
            connection.execute(text(f'CREATE SCHEMA "{self.name}"'))
        self.url = (
            make_url(normalise_url(base_url))
            .update_query_dict({"options": f"-csearch_path={self.name}"})
            .render_as_string(hide_password=False)
        )

    def drop(self) -> None:
        with self.admin.begin() as connection:
            connection.execute(text("SET LOCAL lock_timeout = '10s'"))
            connection.execute(text(f'DROP SCHEMA "{self.name}" CASCADE'))
        self.admin.dispose()
