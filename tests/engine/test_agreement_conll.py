"""Issue 22's CoNLL rules through `spanstudio agreement` on real files: -DOCSTART- ids,
CoNLL-2003's `-X- -X- O` filler (documents numbered), a tag's label after its first `-`,
`B-X B-X` as two spans, TAB-only splitting where a line holds a TAB. The reader is
formats-b's (engine.formats.read_spans); these run once it is on main."""

from __future__ import annotations

import json

import pytest

import engine.formats
from engine.cli import main

pytestmark = pytest.mark.skipif(
    not hasattr(engine.formats, "read_spans"), reason="engine.formats.read_spans (formats-b) has not landed"
)


def _write(path, lines: list[str]) -> str:
    path.write_text("\n".join(lines) + "\n", encoding="utf-8")
    return str(path)


def _run(tmp_path, capsys, files: dict[str, list[str]]) -> dict:
    paths = [_write(tmp_path / name, lines) for name, lines in files.items()]
    assert main(["agreement", *paths, "--format", "conll", "--json", "-"]) == 0, capsys.readouterr().err
    return json.loads(capsys.readouterr().out)


def test_docstart_ids_name_the_documents(tmp_path, capsys):
    doc = [
        "-DOCSTART- wiki_ü1",
        "",
        "Holmes\tB-PER",
        "ran\tO",
        "",
        "-DOCSTART- wiki_ü2",
        "",
        "Paris\tB-LOC",
        "",
    ]
    data = _run(tmp_path, capsys, {"annotator_anna.conll": doc, "ben.conll": doc})
    assert data["annotators"] == ["anna", "ben"]
    assert data["documents"] == ["wiki_ü1", "wiki_ü2"]
    assert data["overall"]["span_f1"]["labelled"]["mean"] == 1.0


def test_conll_2003_filler_numbers_the_documents(tmp_path, capsys):
    doc = [
        "-DOCSTART- -X- -X- O",
        "",
        "Holmes NNP B-NP B-PER",
        "",
        "-DOCSTART- -X- -X- O",
        "",
        "Paris NNP B-NP B-LOC",
        "",
    ]
    data = _run(tmp_path, capsys, {"a.conll": doc, "b.conll": doc})
    assert len(data["documents"]) == 2 and len(set(data["documents"])) == 2
    assert all("-X-" not in name for name in data["documents"])


def test_labels_after_the_first_dash_and_b_b_as_two_spans(tmp_path, capsys):
    a = ["Holmes\tB-B-ish", "Watson\tB-B-ish", ""]
    b = ["Holmes\tB-B-ish", "Watson\tI-B-ish", ""]
    data = _run(tmp_path, capsys, {"a.conll": a, "b.conll": b})
    assert data["labels"] == ["B-ish"]
    assert data["overall"]["span_f1"]["labelled"]["pairwise"]["a"]["b"] == 0.0  # two spans against one
    assert data["overall"]["span_f1"]["overlap"]["pairwise"]["a"]["b"] == pytest.approx(2 / 3)


def test_a_line_with_a_tab_is_split_on_tabs_only(tmp_path, capsys):
    a = ["New\u00a0York\tB-LOC", "zero\u200bwidth\tO", ""]
    b = ["New\u00a0York\tB-LOC", "zero\u200bwidth\tB-MISC", ""]
    data = _run(tmp_path, capsys, {"a.conll": a, "b.conll": b})
    assert data["overall"]["span_f1"]["labelled"]["pairwise"]["a"]["b"] == pytest.approx(2 / 3)
