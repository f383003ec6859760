"""Why the bank refuses a command; every message is what the player reads."""


class RuleError(Exception):
    """Raised when the rules refuse a well-formed command (too little cash, a deed not owned)."""

    @property
    def message(self) -> str:
        """The reason as given: a Text (see text.py) the screens translate, English as a str."""
        message = self.args[0]
        return message if isinstance(message, str) else str(message)


class InvalidCommand(RuleError):
    """Raised when a command is malformed: unknown type, missing field, an amount that is not
    a whole positive number."""
