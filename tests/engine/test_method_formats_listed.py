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


FAIREVAL_NAMES = "webanno-tsv, uima-xmi, brat, label-studio, doccano, conll, conll2000, faireval-spans"
CONLLU_TEXT = ("# sent_id = 1\n# text = Anna lives in Berlin\n1\tAnna\tAnna\tPROPN\tNNP\t_\t2\tnsubj\t_\t_\n"
               "2\tlives\tlive\tVERB\tVBZ\t_\t0\troot\t_\t_\n3\tin\tin\tADP\tIN\t_\t4\tcase\t_\t_\n"
               "4\tBerlin\tBerlin\tPROPN\tNNP\t_\t2\tobl\t_\t_\n\n")  # fmt: skip


@pytest.mark.parametrize("side", [0, 1])
def test_faireval_on_a_conllu_file_says_it_is_one(cli, tmp_path, side):
    """FairEval read it itself and answered with its field message ("line 1: expected 4
    TAB-separated fields …, found 4 space-separated fields": the comment line's words)."""
    from engine.formats.folders import CONLLU

    conllu = tmp_path / "u.conllu"
    conllu.write_text(CONLLU_TEXT, encoding="utf-8")
    spans = tmp_path / "s.tsv"
    spans.write_text("PER\t1\t1\t1\n\n", encoding="utf-8")
    result = cli("faireval", *((conllu, spans) if side == 0 else (spans, conllu)))
    assert result.code == 2 and result.out == ""
    assert result.err == (f"spanstudio: error: {conllu}: expected a file of a span format ({FAIREVAL_NAMES}; "
                          f"choose one with --format), found {CONLLU}\n")  # fmt: skip


@pytest.mark.parametrize(("data", "found"), [
    (b"ustar\x00\x00\x00 0000644 a b\n\x00\x00", "binary data: a NUL byte on line 1"),  # a tar's fields
    (b"\x93\x07 a\n\x00 b\n\xfe", "binary data: a NUL byte on line 2"),  # not UTF-8 either
    ("PER 1 1 1\n".encode("utf-16-le"), "UTF-16 text without a byte-order mark (save it as UTF-8)"),
])  # fmt: skip
@pytest.mark.parametrize("method", ["faireval", "spans"])
def test_a_binary_file_is_said_to_be_one(cli, tmp_path, data, found, method):
    """FairEval answered with its field message ("found 3 space-separated fields") or the
    first byte that is not UTF-8, the span methods with "none recognised"."""
    binary = tmp_path / "data.bin"
    binary.write_bytes(data)
    spans = tmp_path / "s.tsv"
    spans.write_text("PER\t1\t1\t1\n\n", encoding="utf-8")
    result = cli(method, spans, binary)
    assert result.code == 2 and result.out == ""
    assert result.err == f"spanstudio: error: {binary} is not a text file (it looks like {found})\n"
