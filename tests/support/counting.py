"""How often a function of the code under test is called."""

from __future__ import annotations

from typing import Any

import pytest


class Counter:
    def __init__(self) -> None:
        self.count = 0


def counting(monkeypatch: pytest.MonkeyPatch, owner: Any, name: str) -> Counter:
    """Replaces `owner.name` with a function that counts its calls, then calls the original."""
    counter = Counter()
    original = getattr(owner, name)

    def counted(*args: Any, **kwargs: Any) -> Any:
        counter.count += 1
        return original(*args, **kwargs)

    monkeypatch.setattr(owner, name, counted)
    return counter
