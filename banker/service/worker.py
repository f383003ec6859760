"""A worker process (see workers.py): it takes jobs on its stdin, one at a time, and answers each
on its stdout as (refused, answer), until its stdin closes."""

from __future__ import annotations

import os
import signal
import sys
import traceback

from banker.rules import RuleError
from banker.service.action_log import ActionLog
from banker.service.seats import Seats
from banker.service.snapshots import Snapshots
from banker.service.transfers import Parts
from banker.service.workers import NICENESS, receive, send
from banker.store.db import make_engine


def main() -> None:
    # Ctrl+C in the host's terminal reaches every process of the server; the server stops its
    # workers itself (their stdin closes), so a worker has nothing to say of it
    signal.signal(signal.SIGINT, signal.SIG_IGN)
    if hasattr(os, "nice"):  # not on Windows
        os.nice(NICENESS)
    engine = make_engine(os.environ["BANKER_WORKER_DATABASE_URL"])
    parts = Parts(log=ActionLog(engine), seats=Seats(engine, games_kept=1), snapshots=Snapshots(engine))
    jobs, answers = sys.stdin.buffer, sys.stdout.buffer
    sys.stdout = sys.stderr  # what a job prints must not be read as an answer
    while True:
        try:
            job, args = receive(jobs)
        except EOFError:
            return
        try:
            send(answers, (False, job(parts, *args)))
        except RuleError as error:
            send(answers, (True, error))
        except Exception as error:  # told in the server's log, and to the asker as a failure
            traceback.print_exc()
            send(answers, (True, RuntimeError(f"a worker's job failed: {error!r}")))


if __name__ == "__main__":
    main()
