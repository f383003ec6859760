"""The `banker` command and what only it runs: the server (`banker serve`), the bank's own link
for a host who lost it, and the backups that move every game to another server."""
