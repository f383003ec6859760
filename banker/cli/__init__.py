"""The `banker` command and what only it runs: the server (`banker serve`), the bank's own link
for a host who lost it, and the backups that move every game to another server."""


def counted(n: int, thing: str) -> str:
    """ "1 day", "2 days": the command line speaks English only."""
    return f"{n} {thing}{'' if n == 1 else 's'}"
