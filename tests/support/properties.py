"""How long the property tests search. The default suite gives each of the slow ones a short
search; the long form, `HYPOTHESIS_PROFILE=long` (the README's "The long tests"), runs
the same tests with many more examples, and gives every other property test 1,000 instead of
hypothesis's 100. A slow test of another kind (marked `long_form`) tries more times in it too."""

from __future__ import annotations

import os
from typing import Any

import pytest
from hypothesis import settings

PROFILES = ("default", "long")
# No deadline in either: how long one example takes is the machine's load, not the property's
# truth, and a busy CI runner once failed a text round trip at 390 ms of a 200 ms deadline.
settings.register_profile("default", deadline=None)
settings.register_profile("long", max_examples=1000, deadline=None)


def load_profile() -> None:
    """The profile HYPOTHESIS_PROFILE names; before any test module builds its settings."""
    if profile() not in PROFILES:
        raise pytest.UsageError(f"HYPOTHESIS_PROFILE is one of {', '.join(PROFILES)}, not {profile()!r}")
    settings.load_profile(profile())


def profile() -> str:
    return os.environ.get("HYPOTHESIS_PROFILE", "default")


def searched(short: int, long: int, **options: Any) -> settings:
    """A slow property test's settings: `short` examples in the default suite, `long` in the long
    form; no deadline, since one example may take long on a busy machine."""
    return settings(max_examples=long if profile() == "long" else short, deadline=None, **options)


def tries(short: int, long: int) -> int:
    """How many times a `long_form` test tries: `short` in the default suite, `long` in the long form."""
    return long if profile() == "long" else short
