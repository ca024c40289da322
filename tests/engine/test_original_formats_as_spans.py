"""spans and nervaluate on the original tools' own files: FairEval span files (the same
counts as FairEval's traditional scores), CD-SCO (cue, scope and event spans), corppa
poetry JSONL (a document per page); a text-less file against one with text is refused."""

from __future__ import annotations

import json

import pytest

from engine.errors import InputError
from engine.formats import read_spans, span_format
from engine.methods import get_method
from tests.conftest import conformance

#: The example of specs/starsem.md §2.1 (sentence 1: two negations, the second affixal).
CDSCO = """\
story\t1\t0\tHe\the\tPRP\t(S(NP*)\t_\tHe\t_\t_\t_\t_
story\t1\t1\tis\tbe\tVBZ\t(VP*\t_\tis\t_\t_\t_\t_
story\t1\t2\tnot\tnot\tRB\t*\tnot\t_\t_\t_\t_\t_
story\t1\t3\tunhappy\tunhappy\tJJ\t(ADJP*))\t_\tunhappy\t_\tun\thappy\thappy
story\t1\t4\t.\t.\t.\t*)\t_\t_\t_\t_\t_\t_

story\t2\t0\tI\tI\tPRP\t(S(NP*)\t_\tI\t_
story\t2\t1\tnever\tnever\tRB\t(VP*\tnever\t_\t_
story\t2\t2\tsaw\tsee\tVBD\t*\t_\tsaw\tsaw
story\t2\t3\thim\the\tPRP\t(NP*))\t_\thim\t_
story\t2\t4\t.\t.\t.\t*)\t_\t_\t_

story\t3\t0\tYes\tyes\tUH\t(S*\t***
story\t3\t1\t.\t.\t.\t*)\t***
"""


def _report(method: str, gold, system, **options):
    evaluator = get_method(method)
    return evaluator.evaluate(str(gold), str(system), evaluator.Options(**options))


@pytest.mark.parametrize("name", ["ner"])  # chunk and topofield agree too (8 s each)
def test_faireval_span_files_give_faireval_traditional_counts(name):
    data = conformance("faireval") / "data"
    gold, system = data / "target" / f"{name}_spans.csv", data / "system" / f"{name}_spans.csv"
    micro = _report("spans", gold, system).data["classification_report"]["micro avg"]
    traditional = _report("faireval", gold, system).data["overall"]["traditional"]
    tp = round(micro["recall"] * micro["support"])
    assert micro["support"] == traditional["TP"] + traditional["FN"]
    assert tp == traditional["TP"]
    assert micro["precision"] == pytest.approx(traditional["TP"] / (traditional["TP"] + traditional["FP"]))


def test_faireval_span_file_documents_are_sentences(tmp_path):
    path = tmp_path / "spans.txt"
    path.write_text("PER\t1\t2\t1,2\nLOC\t4\t6\t4,6\nNONE\t3\t3\t3\n\nORG\t2\t2\t2\n", encoding="utf-8")
    annotations = read_spans(str(path))
    assert [d.name for d in annotations.documents] == ["1", "2"]
    assert annotations.documents[0].tokens == "1 2 3 4 5 6"
    found = [(s.doc, s.label, s.start, s.end, s.attrs.get("parts")) for s in annotations.spans]
    assert found == [("1", "PER", 0, 3, None), ("1", "LOC", 6, 11, [(6, 7), (10, 11)]), ("2", "ORG", 2, 3, None)]
    assert "1 spans labelled NONE or EMPTY left out" in annotations.spans.warnings[0]


def test_faireval_span_files_of_different_lengths_pair(tmp_path):
    gold, system = tmp_path / "g.txt", tmp_path / "s.txt"
    gold.write_text("PER\t1\t2\t1,2\n", encoding="utf-8")
    system.write_text("PER\t1\t2\t1,2\nLOC\t11\t12\t11,12\n", encoding="utf-8")
    rows = _report("spans", gold, system).data["classification_report"]
    assert (rows["PER"]["f1-score"], rows["LOC"]["precision"], rows["micro avg"]["precision"]) == (1.0, 0.0, 0.5)


def test_a_file_without_text_against_one_with_text_is_refused(tmp_path):
    gold, system = tmp_path / "g.txt", tmp_path / "s.jsonl"
    gold.write_text("PER\t1\t2\t1,2\n", encoding="utf-8")
    system.write_text(json.dumps({"id": "1", "text": "Ann Lee", "label": [[0, 7, "PER"]]}) + "\n", encoding="utf-8")
    with pytest.raises(InputError, match="token numbers cannot be put into a text"):
        _report("spans", gold, system)


def test_cdsco_negations_are_cue_scope_and_event_spans(tmp_path):
    path = tmp_path / "gold.txt"
    path.write_text(CDSCO, encoding="utf-8")
    assert span_format(str(path)).NAME == "cdsco"
    annotations = read_spans(str(path))
    doc = annotations.documents[0]
    assert (doc.name, doc.unit_ids) == ("story", ["1", "2", "3"])
    found = [(s.label, doc.text(s.start, s.end), s.attrs.get("parts")) for s in annotations.spans]
    assert found == [
        ("cue", "not", None), ("scope", "He is not unhappy", [(0, 5), (10, 17)]),
        ("cue", "un", None), ("scope", "happy", None), ("event", "happy", None),
        ("cue", "never", None), ("scope", "I never saw him", [(20, 21), (28, 35)]), ("event", "saw", None),
    ]  # fmt: skip


def _spans(path) -> list[tuple]:
    annotations = read_spans(str(path), "cdsco")
    return [(s.doc, s.start, s.end, s.label, s.attrs.get("parts")) for s in annotations.spans]


def test_a_byte_order_mark_and_windows_line_ends_change_no_span(tmp_path):
    """CD-SCO and FairEval span files with a byte-order mark (alone on the first line too)
    and CRLF line ends: the same spans; FairEval's warning names the first label as the
    original read it; line numbers count the mark's own line."""
    plain, marked, alone = tmp_path / "plain.txt", tmp_path / "marked.txt", tmp_path / "alone.txt"
    plain.write_text(CDSCO, encoding="utf-8")
    marked.write_bytes(b"\xef\xbb\xbf" + CDSCO.replace("\n", "\r\n").encode("utf-8"))
    alone.write_bytes(b"\xef\xbb\xbf\n" + CDSCO.encode("utf-8"))
    assert _spans(marked) == _spans(alone) == _spans(plain)
    alone.write_bytes(b"\xef\xbb\xbf\n" + CDSCO.replace("\thim\t_\n", "\thim\n", 1).encode("utf-8"))
    with pytest.raises(InputError, match=r"alone.txt:11: expected 8 fields .*found 9"):  # line 10 + 1
        read_spans(str(alone), "cdsco")
    spans = tmp_path / "spans.tsv"
    spans.write_bytes(b"\xef\xbb\xbfPER\t1\t2\t1, 2\r\nLOC\t4\t4\t4\r\n\r\nORG\t1\t1\t1\r\n")
    annotations = read_spans(str(spans))
    assert [(s.doc, s.label) for s in annotations.spans] == [("1", "PER"), ("1", "LOC"), ("2", "ORG")]
    assert annotations.spans.warnings == [
        f"{spans}: byte-order mark ignored (the original read the first label as '\\ufeffPER')"]


def test_cdsco_scores_per_element(tmp_path):
    gold, system = tmp_path / "gold.txt", tmp_path / "system.txt"
    gold.write_text(CDSCO, encoding="utf-8")
    # the system misses the event of 'never' and puts 'him' out of its scope
    system.write_text(CDSCO.replace("story\t2\t2\tsaw\tsee\tVBD\t*\t_\tsaw\tsaw", "story\t2\t2\tsaw\tsee\tVBD\t*\t_\tsaw\t_")
                      .replace("story\t2\t3\thim\the\tPRP\t(NP*))\t_\thim\t_", "story\t2\t3\thim\the\tPRP\t(NP*))\t_\t_\t_"),
                      encoding="utf-8")  # fmt: skip
    rows = _report("spans", gold, system, discontinuous="all-fragments").data["classification_report"]
    assert (rows["cue"]["f1-score"], rows["event"]["recall"], rows["scope"]["recall"]) == (1.0, 0.5, 2 / 3)
    extent = _report("spans", gold, system).data["classification_report"]
    assert extent["scope"]["recall"] == 2 / 3  # 'I never saw' is a shorter extent than 'I never saw him'


def test_cdsco_bad_field_count_names_the_line(tmp_path):
    path = tmp_path / "bad.txt"
    path.write_text(CDSCO.replace("story\t2\t3\thim\the\tPRP\t(NP*))\t_\thim\t_", "story\t2\t3\thim\the\tPRP\t(NP*))\t_\thim"),
                    encoding="utf-8")  # fmt: skip
    with pytest.raises(InputError, match=r"bad.txt:10: expected 8 fields .*found 9"):
        read_spans(str(path), "cdsco")


@pytest.mark.parametrize(("cell", "expected"), [("***", "no '\\*\\*\\*' in a line with negation columns"),
                                              ("", "'_' or a word in column 9, found an empty field")])
def test_cdsco_cells_the_starsem_method_refuses_are_refused(tmp_path, cell, expected):
    path = tmp_path / "bad.txt"
    line = "story\t2\t3\thim\the\tPRP\t(NP*))\t_\thim\t_"
    cells = line.split("\t")
    cells[7 if cell == "***" else 8] = cell
    path.write_text(CDSCO.replace(line, "\t".join(cells)), encoding="utf-8")
    with pytest.raises(InputError, match=rf"bad.txt:10: expected {expected}"):
        read_spans(str(path), "cdsco")


def test_cdsco_a_line_without_negation_needs_its_stars(tmp_path):
    """An 8-field line (no negation) whose column 8 is not '***' says so, as the *SEM method
    does; not 'expected 8 fields …, found 8'."""
    path = tmp_path / "bad.txt"
    path.write_text(CDSCO.replace("(S*\t***", "(S*\t\x00***"), encoding="utf-8")
    with pytest.raises(InputError, match=r"bad.txt:13: expected '\*\*\*' in column 8 of a line with 8 fields "
                                         r"\(sentence without negation\), found '\\x00\*\*\*'"):  # fmt: skip
        read_spans(str(path), "cdsco")


def test_cdsco_conformance_files_read_and_score():
    folder = conformance("starsem")
    gold = folder / "SEM-2012-SharedTask-CD-SCO-test-cardboard-GOLD.txt"
    system = folder / "cardboard.mixed.system.txt"
    rows = _report("nervaluate", gold, system).data
    assert set(rows["per_label"]) == {"cue", "scope", "event"}
    assert rows["overall"]["strict"]["possible"] == len(read_spans(str(gold)).spans)


def test_poetry_pages_are_documents():
    folder = conformance("poetry") / "readme_example"
    report = _report("spans", folder / "ref.jsonl", folder / "sys.jsonl")
    rows = report.data["classification_report"]
    assert (rows["poem-1"]["support"], rows["micro avg"]["precision"], rows["micro avg"]["recall"]) == (4, 0.0, 0.0)
    assert [d.name for d in report.documents] == ["readme-split-example"]
    overall = _report("nervaluate", folder / "ref.jsonl", folder / "sys.jsonl").data["overall"]["partial"]
    assert (overall["partial"], overall["spurious"], overall["missed"]) == (1, 0, 3)


def test_a_poetry_page_with_text_lends_it_to_its_partner(tmp_path):
    gold, system = tmp_path / "ref.jsonl", tmp_path / "sys.jsonl"
    page = {"page_id": "p", "text": "Shall I compare thee", "n_excerpts": 1, "excerpts": [{"start": 0, "end": 7, "poem_id": "S18"}]}
    gold.write_text(json.dumps(page) + "\n", encoding="utf-8")
    system.write_text(json.dumps({"page_id": "p", "n_spans": 1, "poem_spans": [
        {"page_start": 0, "page_end": 7, "ref_id": "S18"}]}) + "\n", encoding="utf-8")  # fmt: skip
    report = _report("spans", gold, system)
    assert report.data["classification_report"]["S18"]["f1-score"] == 1.0
    assert report.documents[0].text(0, 7) == "Shall I"
    system.write_text(json.dumps({"page_id": "p", "n_spans": 1, "poem_spans": [
        {"page_start": 0, "page_end": 70, "ref_id": "S18"}]}) + "\n", encoding="utf-8")  # fmt: skip
    with pytest.raises(InputError, match=r"spans within the 20 characters of document 'p'"):
        _report("spans", gold, system)


def test_a_faireval_sentence_too_long_for_its_stand_in_text_names_the_line(tmp_path):
    path = tmp_path / "spans.txt"
    path.write_text("PER\t1\t2\t1,2\n\nLOC\t3\t4\t3,4\nLOC\t3\t99999999999\t3\n", encoding="utf-8")
    with pytest.raises(InputError, match=r"spans.txt:4: expected token numbers up to 1,000,000 .*found 99,999,999,999"):
        read_spans(str(path))


def test_a_poetry_file_is_one_kind_of_file_its_first_page_says(tmp_path):
    """A reference file's page without excerpts is a reference page missing them (not a
    system page missing its spans)."""
    path = tmp_path / "ref.jsonl"
    first = {"page_id": "a", "n_excerpts": 1, "excerpts": [{"start": 0, "end": 5, "poem_id": "p"}]}
    path.write_text(json.dumps(first) + "\n" + json.dumps({"page_id": "b"}) + "\n", encoding="utf-8")
    with pytest.raises(InputError, match=r"ref.jsonl:2: expected key 'n_excerpts'"):
        read_spans(str(path), "poetry-jsonl")


def test_a_poetry_page_too_long_for_its_stand_in_text_names_the_line(tmp_path):
    path = tmp_path / "ref.jsonl"
    page = {"page_id": "p", "n_excerpts": 1, "excerpts": [{"start": 0, "end": 10**12, "poem_id": "A"}]}
    path.write_text("\n".join([json.dumps({**page, "page_id": "q"}).replace(str(10**12), "5"), json.dumps(page)]) + "\n",
                    encoding="utf-8")  # fmt: skip
    with pytest.raises(InputError, match=r"ref.jsonl:2: expected a span between 0 and 10,000,000 \(a page without text\)"):
        read_spans(str(path))


def test_a_poetry_file_read_as_spans_runs_no_import_a_page(tmp_path, monkeypatch):
    """Page ids and labels that are no strings are named by their JSON without an import
    statement run for each (in the app each one calls PySide6's import hook: a look at
    43,000 pages ran 287,611 of them)."""
    import builtins

    path = tmp_path / "ref.jsonl"
    pages = [{"page_id": k, "n_excerpts": 1, "excerpts": [{"start": 0, "end": 5, "poem_id": k % 7}]} for k in range(200)]
    path.write_text("".join(json.dumps(page) + "\n" for page in pages), encoding="utf-8")
    read_spans(str(path), "poetry-jsonl")  # the modules it needs imported once
    imports: list[str] = []
    real = builtins.__import__
    monkeypatch.setattr(builtins, "__import__", lambda name, *args, **kw: imports.append(name) or real(name, *args, **kw))
    read = read_spans(str(path), "poetry-jsonl")
    assert [d.name for d in read.documents[:3]] == ["0", "1", "2"] and read.spans[3].label == "3"
    assert len(imports) < 20
