"""`compare METHOD --help` shows what `compare METHOD` parses: GOLD SYSTEM_A SYSTEM_B and the
method's options, not a sub-command of the method's own (propara's explain compares nothing);
`propara explain` stays."""

from __future__ import annotations

import pytest

from engine.cli import main

ACTIONS = "1\t1\tbones\tDESTROY\t?\t-\n"


def test_compare_propara_has_no_explain(cli, tmp_path, capsys):
    with pytest.raises(SystemExit):
        main(["compare", "propara", "--help"])
    shown = capsys.readouterr().out
    assert " ".join(shown.partition("\n\n")[0].split()).endswith("[--trials N] ANSWERS SYSTEM_A SYSTEM_B")
    assert "explain" not in shown
    path = tmp_path / "p.tsv"
    path.write_text(ACTIONS, encoding="utf-8")
    extra = cli("compare", "propara", path, path, path, "explain", path)  # was parsed as propara's explain
    assert extra.code == 2 and extra.err == "spanstudio: error: expected no more arguments, found 'explain'\n"


def test_propara_explain_stays(cli, tmp_path):
    path = tmp_path / "p.tsv"
    path.write_text(ACTIONS, encoding="utf-8")
    result = cli("propara", "explain", path)
    assert result.code == 0 and "the participant `bones` is destroyed" in result.out
