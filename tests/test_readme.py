"""The README is a user's guide that stays true: two set-up commands that work on a fresh machine
(the test command is the one CI runs), short enough to read, and every link leading somewhere.
The reference, the figures and the proofs live in docs/."""

from __future__ import annotations

import re
from pathlib import Path

from banker.web.panels.home import PRESETS

ROOT = Path(__file__).resolve().parent.parent
README = (ROOT / "README.md").read_text()
DOCS = sorted((ROOT / "docs").glob("*.md"))


def set_up_commands() -> list[str]:
    section = README.split("## Set up on a fresh machine", 1)[1].split("\n## ", 1)[0]
    return [block.strip() for block in re.findall(r"```sh\n(.*?)```", section, re.S)]


def test_the_readme_is_a_short_guide():
    assert len(README.split()) < 1200
    for heading in (
        "## Set up on a fresh machine",
        "## Playing",
        "## Languages",
        "## Hosting for many tables",
    ):
        assert heading in README
    for page in ("api.md", "performance.md", "proofs.md", "deploy.md"):
        assert f"(docs/{page})" in README


def test_two_one_line_commands_that_need_no_system_pip():
    """Debian's and Ubuntu's Python refuse `pip install` outside a virtual environment, and may
    lack the venv module's pip until python3-venv is installed."""
    run, test = set_up_commands()
    for command in (run, test):
        assert "\n" not in command
        assert command.startswith(
            "python3 -m venv .venv || (apt-get update && apt-get install -y python3-venv"
        )
        assert not re.search(r"(^|&& )(pip|python|banker) ", command)  # only .venv's programs
    assert run.endswith(".venv/bin/pip install -e . && .venv/bin/banker serve")
    assert test.endswith('.venv/bin/pip install -e ".[test]" && .venv/bin/python -m pytest')


def test_ci_runs_the_readme_test_command_word_for_word():
    assert set_up_commands()[1] in (ROOT / ".ci" / "run").read_text()


def test_every_link_leads_to_a_file():
    for page in [ROOT / "README.md", *DOCS]:
        for target in re.findall(r"\]\(([^)#:]+)\)", page.read_text()):
            assert (page.parent / target).exists(), f"{page.name} links to {target}, which is not there"


def test_the_hosting_guide_shows_the_nginx_configuration_the_tests_run():
    tested = (ROOT / "docs" / "nginx.conf").read_text()
    shown = re.search(r"```nginx\n(.*?)```", (ROOT / "docs" / "deploy.md").read_text(), re.S).group(1)
    assert shown == tested.split("\n\n", 1)[1]  # the file less its opening comment
    assert "(docs/nginx.conf)" in README


def test_the_rule_systems_table_has_a_row_for_every_preset_the_new_game_form_offers():
    table = README.split("## Rule systems", 1)[1].split("\n## ", 1)[0]
    rows = [line.split("|")[1].strip() for line in table.splitlines() if line.startswith("| ")]
    assert rows[1:] == [str(label) for label, _ in PRESETS.values()]
