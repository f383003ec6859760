"""The service's own refusals, beside the rules' (RuleError): what the asker reads."""

from __future__ import annotations

from banker.rules import RuleError
from banker.rules.text import Text


class NotFound(RuleError):
    """Raised when a game, join code or seat does not exist (or is not this token's)."""

    @classmethod
    def game(cls) -> NotFound:
        return cls(Text("There is no such game. Check the link or the join code."))


class Forbidden(RuleError):
    """Raised when a seat asks for something only another seat may do."""


class Busy(RuleError):
    """Raised when heavy work is asked for while the workers have as much as they can take."""
