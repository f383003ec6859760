"""Why the bank refuses a command; every message is what the player reads."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any


class RuleError(Exception):
    """Raised when the rules refuse a well-formed command (too little cash, a deed not owned).
    `to_you`: (player, words) where the reason has words for that player's own phone ("You have
    $40 and need $10 more" beside "Ann has $40 and needs $10 more")."""

    def __init__(self, message: Any, to_you: tuple[int, Any] | None = None) -> None:
        super().__init__(message)
        self.to_you = to_you

    @property
    def message(self) -> str:
        """The reason as given: a Text (see text.py) the screens translate, English as a str."""
        message = self.args[0]
        return message if isinstance(message, str) else str(message)

    def message_to(self, player: int | None) -> str:
        """The reason as `player` reads it on their own phone (None: the bank, the API)."""
        return said_to(self.message, self.to_you, player)

    def reworded(self, them: Callable[[Any], Any], you: Callable[[int, Any], Any] | None = None) -> RuleError:
        """A refusal giving this one as its reason: `them(reason)` in its words, and on the phone of
        the player it has words for, `you(player, reason as they read it)` (None: `them` too)."""
        if self.to_you is None:
            return RuleError(them(self.message))
        player, reason = self.to_you
        return RuleError(them(self.message), (player, you(player, reason) if you else them(reason)))


def said_to(message: Any, to_you: tuple[int, Any] | None, player: int | None) -> Any:
    """`message`, or its words for `player`'s own phone where `to_you` has them (see RuleError)."""
    return to_you[1] if to_you is not None and to_you[0] == player else message


class InvalidCommand(RuleError):
    """Raised when a command is malformed: unknown type, missing field, an amount that is not
    a whole positive number."""
