"""Each client address's share of `banker serve` (banker/cli/fairness.py): a request's own time,
told by greenlet switches, and the turns of an address that takes more than any table does."""

from __future__ import annotations

import gevent
import greenlet
import pytest

from banker.cli.fairness import Fairness, RunTimes
from banker.service.shares import HURRIED, WINDOW
from tests.support.clock import FakeClock


@pytest.fixture
def clock():
    return FakeClock()


@pytest.fixture
def times(clock):
    times = RunTimes(clock)
    yield times
    times.close()


def test_a_request_is_measured_its_own_time_not_the_time_others_ran_while_it_waited(clock, times):
    main = greenlet.getcurrent()

    def request() -> float:
        times.begin()
        clock.now += 0.002  # its own work
        main.switch()  # waits for the network; another request runs meanwhile
        clock.now += 0.003
        return times.end()

    waiting = greenlet.greenlet(request)
    waiting.switch()
    clock.now += 0.5  # the other request
    assert waiting.switch() == pytest.approx(0.005)
    assert times.end() == 0.0  # this greenlet was never measured


def test_the_tracer_in_place_before_is_still_told_of_every_switch_and_put_back_on_close(clock):
    told = []
    before = greenlet.settrace(lambda event, args: told.append(event))
    try:
        times = RunTimes(clock)
        greenlet.greenlet(lambda: None).switch()
        times.close()
        assert greenlet.gettrace() is not None and told  # the earlier tracer, again
        assert "switch" in told
    finally:
        greenlet.settrace(before)


def hurried_fairness(*addresses: str) -> Fairness:
    fairness = Fairness(RunTimes(FakeClock()))
    fairness.shares.clock = lambda: 50.0  # time stands still while the test looks
    for address in addresses:
        fairness.took(address, 2 * HURRIED * WINDOW)
    return fairness


def test_an_address_over_its_share_waits_for_what_is_ready_to_run_and_a_table_does_not():
    fairness = hurried_fairness("10.0.0.9")
    fairness.took("10.0.0.1", HURRIED * WINDOW / 2)  # a busy table
    try:
        ran = []
        gevent.spawn(ran.append, "another request")
        with fairness.turn("10.0.0.1"):
            ran.append("the table's")
        with fairness.turn("10.0.0.9"):
            ran.append("the hurried address's")
        assert ran == ["the table's", "another request", "the hurried address's"]
    finally:
        fairness.times.close()


def test_each_hurried_address_waits_in_a_line_of_its_own_not_behind_a_floods_queue():
    """A flood's requests wait one behind the other; a busy table that is hurried too waits for an
    idle moment, not for the flood's whole queue."""
    fairness = hurried_fairness("10.0.0.9", "10.0.0.1")
    try:
        passed = []

        def request(address: str, name: str) -> None:
            with fairness.turn(address):
                passed.append(name)

        waiting = [gevent.spawn(request, "10.0.0.9", f"flood {n}") for n in range(4)]
        waiting.append(gevent.spawn(request, "10.0.0.1", "table"))
        gevent.joinall(waiting)
        assert passed.index("table") <= 1
        assert [p for p in passed if p != "table"] == [f"flood {n}" for n in range(4)]  # in order
    finally:
        fairness.times.close()


def test_a_hurried_address_has_one_request_at_a_time_even_while_that_one_waits():
    """On PostgreSQL a request waits for the database: an idle moment in which, were its turn
    given back at its start, the address's next request would start, and a flood's would fill the
    connection pool. Each gives its turn back once its answer is drawn (`Turn.end`), and again
    at its end, which does nothing."""
    fairness = hurried_fairness("10.0.0.9")
    try:
        events = []

        def request(name: str) -> None:
            with fairness.turn("10.0.0.9") as turn:
                events.append(f"{name} begins")
                gevent.sleep(0.01)  # the database answering
                events.append(f"{name} ends")
                turn.end()  # its answer drawn
                turn.end()  # again, as the request's end does: nothing more

        gevent.joinall([gevent.spawn(request, name) for name in ("first", "second", "third")])
        assert events == [f"{n} {what}" for n in ("first", "second", "third") for what in ("begins", "ends")]
        assert not fairness._lines  # no line kept once nobody waits
    finally:
        fairness.times.close()
