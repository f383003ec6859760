"""Each test makes an app of its own, and each app's Jinja compiles every template it draws anew:
a third of the test-client tests' time. The test process keeps the compiled templates instead and
gives them to every app it makes (a template whose source changed is compiled again)."""

from __future__ import annotations

from jinja2 import BytecodeCache
from jinja2.bccache import Bucket


class Compiled(BytecodeCache):
    def __init__(self) -> None:
        self.kept: dict[str, bytes] = {}

    def load_bytecode(self, bucket: Bucket) -> None:
        if (code := self.kept.get(bucket.key)) is not None:
            bucket.bytecode_from_string(code)

    def dump_bytecode(self, bucket: Bucket) -> None:
        self.kept[bucket.key] = bucket.bytecode_to_string()


def compile_once() -> None:
    """Every app made in this process from now on shares one cache of compiled templates (the
    options of Banker's own Flask class, which copied Flask's when it was defined)."""
    from banker.web import App

    App.jinja_options = {**App.jinja_options, "bytecode_cache": Compiled()}
