"""Why the bank refuses a command; every message is what the player reads."""

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
        if self.to_you is not None and self.to_you[0] == player:
            return self.to_you[1]
        return self.message


class InvalidCommand(RuleError):
    """Raised when a command is malformed: unknown type, missing field, an amount that is not
    a whole positive number."""
