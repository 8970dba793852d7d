"""The CLI reference page against the installed `dagster` and `dg` command trees: every
command has a section, and every option table matches `--help` (flags, value, default)."""

import cli_tree


def test_the_page_matches_the_installed_command_trees():
    found = cli_tree.commands()
    problems = cli_tree.differences(cli_tree.PAGE.read_text(encoding="utf-8"), found)
    assert not problems, "\n".join(problems[:40]) + "\nrun: python tests/cli_tree.py"


def section(found, name, descriptions):
    return f"### `{name}`\n\nWhat it does.\n\n" + "\n".join(cli_tree.render(found[name], descriptions)) + "\n"


def test_a_changed_option_or_missing_description_is_reported():
    found = {"dagster run list": cli_tree.commands()["dagster run list"]}
    words = {row[0]: "Some words." for row in cli_tree.rows(found["dagster run list"])}
    page = section(found, "dagster run list", words)
    assert cli_tree.differences(page, found) == []
    renamed = page.replace("`--limit`", "`--max`")
    assert any("differ from --help" in p for p in cli_tree.differences(renamed, found))
    undescribed = page.replace("Some words.", "", 1)
    assert any("has no description" in p for p in cli_tree.differences(undescribed, found))
    assert any("missing from the page" in p for p in cli_tree.differences("", found))


def test_an_option_described_once_is_copied_to_the_commands_that_share_it():
    every = cli_tree.commands()
    found = {n: every[n] for n in ("dagster asset list", "dagster asset materialize")}
    flags = "`--module-name`, `-m`"
    assert all(flags in [r[0] for r in cli_tree.rows(c)] for c in found.values())
    text = section(found, "dagster asset list", {flags: "The module to load."})
    text += "\n" + section(found, "dagster asset materialize", {})
    rewritten = cli_tree.rewrite(text, found)
    tables = cli_tree.page_tables(rewritten)
    described = {cells[0]: cells[3] for cells in tables["dagster asset materialize"]}
    assert described[flags] == "The module to load."


def test_the_later_config_file_wins_as_the_page_says(tmp_path):
    # The option's --help text claims the opposite; the page follows what the merge does.
    from dagster._cli.workspace.cli_target import get_run_config_from_cli_opts

    first, second = tmp_path / "a.yaml", tmp_path / "b.yaml"
    first.write_text("ops:\n  x:\n    config: 1\n")
    second.write_text("ops:\n  x:\n    config: 2\n")
    merged = get_run_config_from_cli_opts((str(first), str(second)), None)
    assert merged == {"ops": {"x": {"config": 2}}}
    assert "the file listed last wins" in cli_tree.PAGE.read_text(encoding="utf-8")
