"""A skipped test counts as failed: the suite sets up whatever it needs on any machine it runs on
(tests/support/machine.py), so a skip could only hide a test that did not run."""

from __future__ import annotations

import pytest


@pytest.hookimpl(wrapper=True)
def pytest_runtest_makereport(item, call):
    report = yield
    if report.skipped and not hasattr(report, "wasxfail"):
        report.outcome = "failed"
        report.longrepr = f"skipped, and no test may be skipped: {report.longrepr}"
    return report
