"""When no span is found, the error keeps the warning that names the ignored tags (issue 19.8):
a BIOES file given to FairEval, which reads B-, I- and O only."""

from __future__ import annotations


def test_no_span_error_names_the_ignored_tags(cli, tmp_path):
    for name in ("gold.conll", "system.conll"):
        (tmp_path / name).write_text("Sherlock NNP S-PER\nHolmes NNP O\n\nWatson NNP E-PER\n\n", encoding="utf-8")
    result = cli("faireval", str(tmp_path / "gold.conll"), str(tmp_path / "system.conll"))
    assert result.code == 2 and result.err.count("\n") == 1
    assert result.err.startswith("spanstudio: error: expected spans to compare, found none after applying")
    assert f"{tmp_path / 'gold.conll'}:1: tag 'S-PER' is neither B-, I- nor O" in result.err
