"""spans and nervaluate on the original tools' span-bearing formats (CoNLL-2000, .vrt):
the same numbers as on the same annotation written as CoNLL columns; the formats without
labelled spans are refused by name."""

from __future__ import annotations

from pathlib import Path

import pytest

from engine.errors import InputError
from engine.methods import get_method

EXAMPLE = Path(__file__).parent.parent.parent / "resources" / "examples" / "faireval"


def _sentences(side: str) -> list[list[list[str]]]:
    """The example's sentences: (form, POS, tag) of each token."""
    text = (EXAMPLE / f"{side}.conll").read_text(encoding="utf-8")
    return [[line.split(" ") for line in block.split("\n") if line] for block in text.split("\n\n") if block.strip()]


def _conll(path: Path, sentences) -> str:
    """CoNLL-2003's shape: form POS chunk tag, TAB-separated, IOB2."""
    path.write_text("\n\n".join("\n".join(f"{f}\t{p}\tO\t{t}" for f, p, t in s) for s in sentences) + "\n",
                    encoding="utf-8")  # fmt: skip
    return str(path)


def _vrt(path: Path, sentences) -> str:
    body = ["<text id=\"sherlock\">"]
    for s in sentences:
        body += ["<s>", *(f"{f}\t{t}" for f, _, t in s), "</s>"]
    path.write_text("\n".join([*body, "</text>"]) + "\n", encoding="utf-8")
    return str(path)


def _numbers(method: str, gold: str, system: str, **options) -> dict:
    evaluator = get_method(method)
    data = evaluator.evaluate(gold, system, evaluator.Options(**options)).data
    keys = ("classification_report",) if method == "spans" else ("overall", "per_label")
    return {k: data[k] for k in keys}


@pytest.mark.parametrize("method", ["spans", "nervaluate"])
def test_same_numbers_in_every_format(tmp_path, method):
    gold, system = _sentences("gold"), _sentences("system")
    columns = _numbers(method, _conll(tmp_path / "g.conll", gold), _conll(tmp_path / "s.conll", system))
    assert columns[next(iter(columns))]  # something was scored
    conll2000 = _numbers(method, str(EXAMPLE / "gold.conll"), str(EXAMPLE / "system.conll"), format="conll2000")
    vrt = _numbers(method, _vrt(tmp_path / "g.vrt", gold), _vrt(tmp_path / "s.vrt", system))
    mixed = _numbers(method, _vrt(tmp_path / "g2.vrt", gold), str(EXAMPLE / "system.conll"),
                     gold_format="vrt", system_format="conll2000")  # fmt: skip
    assert conll2000 == columns
    assert vrt == columns
    assert mixed == columns


def test_a_byte_order_mark_before_vertical_text_is_dropped_with_a_warning(tmp_path):
    gold, system = _sentences("gold"), _sentences("system")
    plain = _numbers("spans", _vrt(tmp_path / "g.vrt", gold), _vrt(tmp_path / "s.vrt", system))
    marked = tmp_path / "bom.vrt"
    marked.write_text("\ufeff" + (tmp_path / "g.vrt").read_text(encoding="utf-8"), encoding="utf-8")
    evaluator = get_method("spans")
    report = evaluator.evaluate(str(marked), str(tmp_path / "s.vrt"), evaluator.Options())
    assert report.data["classification_report"] == plain["classification_report"]
    assert f"{marked}: byte-order mark ignored" in report.messages


def test_conll2000_keeps_nested_chunks(tmp_path):
    from engine.formats import read_spans
    from engine.formats.standoff import ReadOptions

    path = tmp_path / "nested.txt"
    path.write_text("He PRP B-S|B-NP\nran VBD I-S|B-VP\n. . O\n", encoding="utf-8")
    annotations = read_spans(str(path), "conll2000", ReadOptions())
    doc = annotations.documents[0]
    spans = sorted((doc.text(s.start, s.end), s.label) for s in annotations.spans)
    assert spans == [("He", "NP"), ("He ran", "S"), ("ran", "VP")]


@pytest.mark.parametrize("head", ["\ufeff", "\ufeff\n"])
def test_conll2000_after_a_byte_order_mark_alone_on_its_line_or_not(tmp_path, head):
    from engine.formats import read_spans
    from engine.formats.standoff import ReadOptions

    path = tmp_path / "bom.txt"
    path.write_text(head + "He PRP B-NP\nran VBD B-VP\n", encoding="utf-8")
    annotations = read_spans(str(path), "conll2000", ReadOptions())
    doc = annotations.documents[0]
    assert sorted((doc.text(s.start, s.end), s.label) for s in annotations.spans) == [("He", "NP"), ("ran", "VP")]


@pytest.mark.parametrize("method", ["spans", "nervaluate"])
@pytest.mark.parametrize("text", ['{"id": 1, "text": "Ann met Bob", "label": [[0, 3, "PER"]]}\n',
                                  "#FORMAT=WebAnno TSV 3.3\n\n\n#Text=Ann\n1-1\t0-3\tAnn\tPER\n"])
def test_conll2000_on_a_file_of_another_format_is_refused(cli, tmp_path, method, text):
    """A doccano or WebAnno TSV file read as CoNLL-2000 stops at its first line (it was read
    as tokens without spans: all-zero scores, exit 0)."""
    path = tmp_path / "other.txt"
    path.write_text(text, encoding="utf-8")
    result = cli(method, path, path, "--format", "conll2000")
    assert result.code == 2 and result.out == ""
    assert result.err.startswith(f"spanstudio: error: {path}:1: expected a CoNLL-2000 line 'form POS tag' (")
    assert result.err.endswith(" as the tag: not CoNLL-2000\n")


def test_conll2000_keeps_the_originals_reading_of_a_stray_tag(tmp_path):
    from engine.formats import read_spans
    from engine.formats.standoff import ReadOptions

    path = tmp_path / "stray.txt"
    path.write_text("He PRP S-NP\nran VBD B-VP\n", encoding="utf-8")
    annotations = read_spans(str(path), "conll2000", ReadOptions())
    assert [s.label for s in annotations.spans] == ["VP"]
    assert "tag 'S-NP' is neither B-, I- nor O" in annotations.spans.warnings[0]


def test_a_format_without_labelled_spans_is_named(tmp_path):
    path = tmp_path / "answers.tsv"
    path.write_text("1\t1\twater\tNONE\t-\t-\n", encoding="utf-8")
    for options in ({}, {"format": "propara"}):
        with pytest.raises(InputError, match="ProPara action file, whose rows are state changes"):
            _numbers("spans", str(path), str(path), **options)


def test_the_app_titles_every_format_choice_by_its_key():
    from engine.methods.span_options import format_title

    assert format_title("propara") == "ProPara action file"
    assert format_title("doccano") == "doccano JSONL"


def test_the_command_line_takes_them(cli, tmp_path):
    gold, system = str(EXAMPLE / "gold.conll"), str(EXAMPLE / "system.conll")
    vrt = _vrt(tmp_path / "s.vrt", _sentences("system"))
    for args in ((gold, system), (gold, system, "--format", "conll2000"), (gold, vrt, "--system-format", "vrt")):
        result = cli("spans", *args)
        assert result.code == 0, result.err
        assert "micro avg\t14\t7\t8\t" in result.out


def _without_paths(out: str) -> list[str]:
    return [line for line in out.splitlines() if "/" not in line]


def test_conll_2003_goes_to_faireval_and_clueval_through_the_command_line(cli, tmp_path):
    gold, system = _conll(tmp_path / "g.conll", _sentences("gold")), _conll(tmp_path / "s.conll", _sentences("system"))
    own = {"faireval": (str(EXAMPLE / "gold.conll"), str(EXAMPLE / "system.conll")),
           "clueval": (_vrt(tmp_path / "g.vrt", _sentences("gold")), _vrt(tmp_path / "s.vrt", _sentences("system")))}
    for method, files in own.items():
        native, result = cli(method, *files), cli(method, gold, system)
        assert result.code == 0 and native.code == 0, result.err + native.err
        assert _without_paths(result.out) == _without_paths(native.out)
        assert "PER" in native.out or "83.3548" in native.out  # something was scored
