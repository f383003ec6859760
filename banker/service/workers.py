"""Work too heavy for the event loop: checking and storing a long game's file, writing one out.
Under `banker serve` every request is a greenlet of one process, and a second of CPU in one of
them is a second every table waits; such a job runs instead in a worker process of its own (on
another core), while the request that asked waits for it without holding anyone up.

A few workers (PROCESSES) take jobs in turn and a few more jobs (WAITING) may wait for one; past
that a job is refused with Busy ("try again"), so a burst of imports cannot queue without end.
With no worker processes (tests, a development server) a job runs where it is asked for.

A worker runs at a lower priority than the server (NICENESS): where the server and a worker share
a core, a table's command goes before a saved game being checked (docs/performance.md, the
isolation rows beside a busy core). A worker alone on its core runs at full speed.

A job is a module-level function `job(parts, *args)`; it and its arguments and answer cross to
the worker pickled, over the worker's stdin and stdout. A RuleError it raises is raised again
here, as it was."""

from __future__ import annotations

import os
import pickle
import struct
import subprocess
import sys
import threading
from collections.abc import Callable
from typing import IO, Any, TypeVar

from banker.rules.text import Text
from banker.service.errors import Busy

T = TypeVar("T")
NICENESS = 10  # sharing a core with the server, a worker gets about a tenth of it
LENGTH = struct.Struct(">Q")
BUSY = Text("The server is busy with other tables' saved games right now. Try again in a few seconds.")


def send(pipe: IO[bytes], value: Any) -> None:
    data = pickle.dumps(value, protocol=pickle.HIGHEST_PROTOCOL)
    pipe.write(LENGTH.pack(len(data)) + data)
    pipe.flush()


def receive(pipe: IO[bytes]) -> Any:
    head = pipe.read(LENGTH.size)
    if len(head) < LENGTH.size:
        raise EOFError
    (size,) = LENGTH.unpack(head)
    return pickle.loads(pipe.read(size))


class Workers:
    def __init__(self, parts: Any, database_url: str, processes: int, waiting: int) -> None:
        self.parts = parts  # what a job is given when it runs here
        self.database_url = database_url
        self.processes = processes
        self.waiting = waiting
        self._idle: list[subprocess.Popen] = []
        self._slots = threading.BoundedSemaphore(max(processes, 1))
        self.asked = 0  # jobs running or waiting for a worker
        self._lock = threading.Lock()

    def start(self) -> None:
        """Start the worker processes now, not on the first job: one takes a second or more to start
        (several on a busy machine), which the first import would wait for."""
        while len(self._idle) < self.processes:
            self._idle.append(self._start())

    def run(self, job: Callable[..., T], *args: Any) -> T:
        if not self.processes:
            return job(self.parts, *args)
        with self._lock:
            if self.asked >= self.processes + self.waiting:
                raise Busy(BUSY)
            self.asked += 1
        try:
            with self._slots:
                return self._in_a_worker(job, args)
        finally:
            with self._lock:
                self.asked -= 1

    def _in_a_worker(self, job: Callable[..., T], args: tuple) -> T:
        worker = self._idle.pop() if self._idle else self._start()
        try:
            send(worker.stdin, (job, args))
            failed, answer = receive(worker.stdout)
        except BaseException:
            worker.kill()  # a worker cut off mid-job is not given another
            _ended(worker)
            raise
        self._idle.append(worker)
        if failed:
            raise answer
        return answer

    def _start(self) -> subprocess.Popen:
        return subprocess.Popen(
            [sys.executable, "-m", "banker.service.worker"],
            stdin=subprocess.PIPE,
            stdout=subprocess.PIPE,
            env={**os.environ, "BANKER_WORKER_DATABASE_URL": self.database_url},
        )

    def close(self) -> None:
        """Let the idle workers go: each ends when its stdin closes."""
        while self._idle:
            _ended(self._idle.pop())


def _ended(worker: subprocess.Popen) -> None:
    worker.stdin.close()
    worker.wait()
    worker.stdout.close()
