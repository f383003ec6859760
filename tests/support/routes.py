"""Each test makes an app of its own, and werkzeug compiles two URL builders for every route of
every app it makes (generating Python source and compiling it): half of making an app. The test
process keeps each builder by what it is made of and hands it to every later app."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from werkzeug.routing import Rule

Builder = Callable[..., tuple[str, str]]


def compile_once() -> None:
    """Every route bound from now on in this process reuses a builder made for an equal route."""
    made: dict[tuple, Builder] = {}
    compile_builder = Rule._compile_builder

    def kept(rule: Rule, append_unknown: bool = True) -> Builder:
        # what the builder's code is made of: the route's parts and defaults (the converters
        # themselves are the rule's own, looked up on it when a URL is built)
        key = (rule.rule, tuple(rule._trace), _items(rule.defaults), rule.map.host_matching, append_unknown)
        if key not in made:
            made[key] = compile_builder(rule, append_unknown)
        return made[key]

    Rule._compile_builder = kept  # type: ignore[method-assign]


def _items(defaults: dict[str, Any] | None) -> tuple:
    return tuple(sorted((defaults or {}).items()))
