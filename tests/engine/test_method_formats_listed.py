"""A file no format recognises, read through the span readers by FairEval or CLUEval: the
message lists only the formats the chosen method reads (not vertical text, CD-SCO or
poetry JSONL for FairEval), the command line's and the app's alike."""

from __future__ import annotations

import pytest

from engine.errors import InputError
from engine.methods.faireval.spanformats import paired_inputs


def _inputs(tmp_path):
    (tmp_path / "d.txt").write_text("Ann met Bob.\n", encoding="utf-8")
    (tmp_path / "d.ann").write_text("T1\tPER 0 3\tAnn\n", encoding="utf-8")
    other = tmp_path / "notes.txt"
    other.write_text("hello\n", encoding="utf-8")
    return tmp_path / "d.ann", other


@pytest.mark.parametrize(("method", "names"), [
    ("faireval", "webanno-tsv, uima-xmi, brat, label-studio, doccano, conll, conll2000, faireval-spans"),
    ("clueval", "webanno-tsv, uima-xmi, brat, label-studio, doccano, conll, vrt"),
    ("spans", "webanno-tsv, uima-xmi, brat, label-studio, doccano, conll, vrt, conll2000, faireval-spans, "
              "cdsco, poetry-jsonl"),
])  # fmt: skip
def test_an_unrecognised_file_lists_the_formats_the_method_reads(cli, tmp_path, method, names):
    gold, other = _inputs(tmp_path)
    result = cli(method, gold, other)
    assert result.code == 2
    assert result.err == (f"spanstudio: error: {other}: expected a file of a span format ({names}; choose one "
                          "with --format), found none recognised\n")  # fmt: skip


def test_faireval_from_a_config_file_lists_its_formats_too(tmp_path):
    gold, other = _inputs(tmp_path)
    with pytest.raises(InputError) as caught:
        paired_inputs(str(gold), str(other), None)
    assert "(webanno-tsv, uima-xmi, brat, label-studio, doccano, conll, conll2000, faireval-spans;" in str(caught.value)
