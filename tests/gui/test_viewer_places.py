"""The viewer's spans indexed from their places (SpanPlaces: arrays of documents, starts, ends
and labels; poetry's 201,611 spans are not made to be indexed, each is made when shown), its
documents' names and lengths learnt without making them, and a page without text whose spans
lie past 2**63 shown cut."""

from __future__ import annotations

import numpy as np
import pytest

from engine.methods import get_method
from engine.methods.poetry import Options
from engine.methods.poetry.detail import PageDocuments
from engine.methods.poetry.errors import ViewerSpans
from engine.spans import document_lengths, document_names
from gui.viewer_blocks import LONGEST_LAID_OUT, cut_ranges
from gui.viewer_data import ReportData
from tests.engine.test_poetry_examples import write_pages
from tests.engine.test_poetry_report import ODD, _odd_pages


def _shown(data: ReportData) -> list[object]:
    """Everything the viewer shows of each document: blocks, labels, spans and marks, at
    each position too."""
    shown: list[object] = [data.labels, data.kinds, data.shown_columns]
    for name in data.documents:
        document = data.documents[name]
        shown += [name, document.blocks, sorted(document.labels()), document.cut_note()]
        for side in document.sides.values():
            whole = len(document)
            shown += [side.spans_in(0, whole), side.marks_in(0, whole), sorted(side.labels())]
            shown += [(side.spans_in(at, at + 1), side.marks_in(at, at + 1)) for at in range(-6, whole + 2)]
    return shown


@pytest.mark.parametrize("ignore_label", [False, True])
def test_spans_indexed_from_their_places_are_shown_as_when_made_whole(tmp_path, monkeypatch, ignore_label):
    """On odd pages (splits, merges, repeated ids, negative offsets, pages with and without
    text) the viewer shows the same spans, marks and labels, Python types included, whether
    it indexes poetry's spans from their places (arrays) or makes them all first; the report's spans
    stay a sequence that makes each when read."""
    ref, sys_ = _odd_pages(tmp_path, ODD)
    method = get_method("poetry")
    report = method.evaluate(str(ref), str(sys_), Options(ignore_label=ignore_label), detail=True)
    from_places = _shown(ReportData.build(report))
    assert isinstance(report.gold_spans, ViewerSpans) and isinstance(report.system_spans, ViewerSpans)
    monkeypatch.setattr(ViewerSpans, "places", lambda self: None)  # made whole, as before
    report = method.evaluate(str(ref), str(sys_), Options(ignore_label=ignore_label), detail=True)
    made_whole = _shown(ReportData.build(report))
    assert isinstance(report.gold_spans, list)
    assert from_places == made_whole
    assert repr(from_places) == repr(made_whole)  # the same types: 1 is not 1.0 nor True
    assert any(isinstance(item, list) and len(item) > 1 for item in from_places[3:])  # spans shown


def test_pages_are_not_made_to_learn_their_names_and_lengths(tmp_path, monkeypatch):
    """The viewer learns the pages' names and lengths (texts', stand-ins') from their places:
    of the 40 pages only the first, which it lays out at once, is made."""
    ref, sys_ = _odd_pages(tmp_path, ODD)
    report = get_method("poetry").evaluate(str(ref), str(sys_), Options(), detail=True)
    documents = report.documents
    assert document_names(documents) == [document.name for document in documents]
    assert document_lengths(documents) == [len(document) for document in documents]
    assert {document.has_words for document in documents} == {True, False}  # pages with text and without
    made: list[int] = []
    document = PageDocuments.document
    monkeypatch.setattr(PageDocuments, "document", lambda self, row: made.append(row) or document(self, row))
    ReportData.build(report)
    assert made == [0]


def test_a_page_without_text_whose_spans_lie_past_2_63_is_shown_cut(tmp_path):
    """A page without text stands in a dot per position up to its last span: the viewer lays
    out only LONGEST_LAID_OUT of them, and says so. Offsets past 2**63 (an internal error of
    the viewer once) and near 2**61 (a layout that never ended) are not shown; a span that
    starts in the part shown is; the pages after it are shown whole."""
    big = 2**63 + 10
    pages = [("far", [(big, big + 10, "A"), (2**61, 2**61 + 4, "B")], [(big, big + 5, "A")]),
             ("long", [(5, 10**8, "C")], [(10**8 - 2, 10**8, "C")]),
             ("near", [(5, 9, "D")], [(5, 9, "D")])]  # fmt: skip
    ref, sys_ = write_pages(tmp_path, pages)
    report = get_method("poetry").evaluate(str(ref), str(sys_), Options(), detail=True)
    data = ReportData.build(report)
    far, long, near = (data.documents[name] for name in ("far", "long", "near"))
    for page in (far, long):
        assert page.cut_note().startswith(f"Only the first {LONGEST_LAID_OUT:,} positions of {page.name}")
        assert page.blocks[-1][1] == LONGEST_LAID_OUT and len(page.blocks) < LONGEST_LAID_OUT // 1000
    assert [side.spans_in(0, len(far)) for side in far.sides.values()] == [[], []]
    for side in far.sides.values():  # 64-bit integers, not Python ones (nor past 2**63 when shifted)
        places = (side.index.span_places.index, side.index.mark_places.index)
        assert {array.dtype for index in places for array in (index.starts, index.ends)} == {np.dtype(np.int64)}
    assert [(s.start, s.end) for s in long.sides["gold"].spans_in(0, 100)] == [(5, 10**8)]
    assert long.sides["system"].spans_in(0, LONGEST_LAID_OUT) == []
    assert near.cut_note() == "" and near.blocks == [(0, 9)]
    assert [(s.start, s.end, s.label) for s in near.sides["system"].spans_in(0, 9)] == [(5, 9, "D")]
    assert [(m.start, m.end) for m in near.sides["gold"].marks_in(0, 9)] == [(5, 9)]


def test_ranges_cut_at_a_position():
    ranges = np.array([[0, 4], [4, 9], [9, 30]])
    assert cut_ranges(ranges, 10).tolist() == [[0, 4], [4, 9], [9, 10]]
    assert cut_ranges(ranges, 9).tolist() == [[0, 4], [4, 9]]
    assert cut_ranges(ranges, 30).tolist() == ranges.tolist()


def _clueval_inputs(tmp_path, name: str) -> tuple[str, str, dict[str, object]]:
    """A CLUEval pair: the worked example, generated XML documents, or a brat text (the
    positions its tokens' characters) against its spans as doccano JSONL."""
    from tests.bench.bench_clueval import generate
    from tests.engine.test_clueval_examples import WORKED
    from tests.engine.test_every_span_format import SAMPLES, _system

    if name == "worked":
        return str(WORKED / "gold.vrt"), str(WORKED / "system.vrt"), {"layers": ("entity", "risk")}
    if name == "generated":
        generate(4_000, tmp_path / "gold.vrt", tmp_path / "system.vrt")
        return str(tmp_path / "gold.vrt"), str(tmp_path / "system.vrt"), {"layers": ("entity", "risk")}
    if name == "across":  # spans running on into the next document, a longer system
        tags = ["O", "B-X", "I-X", "I-X", "B-X", "I-X", "O", "B-X"]
        lines = [f"w{k}\t{tag}\t{'d1' if k < 3 else 'd2' if k < 6 else 'd3'}\n" for k, tag in enumerate(tags)]
        (tmp_path / "gold.vrt").write_text("".join(lines[:-1]), encoding="utf-8")
        (tmp_path / "system.vrt").write_text("".join(lines[:2] + lines[3:] + lines[-1:]), encoding="utf-8")
        return str(tmp_path / "gold.vrt"), str(tmp_path / "system.vrt"), {"doc_id_column": 2}
    gold, flags = SAMPLES["brat"]
    _system(tmp_path / "system.jsonl", gold, flags)
    return str(gold), str(tmp_path / "system.jsonl"), {"gold_format": "brat", "system_format": "doccano"}


@pytest.mark.parametrize("inputs", ["worked", "generated", "across", "brat"])
def test_clueval_spans_indexed_from_their_places_are_shown_as_when_made_whole(tmp_path, monkeypatch, inputs):
    """CLUEval's spans placed in their documents all at once (tokens, or a text's characters)
    are shown as those span(i) makes one at a time."""
    from engine.methods.clueval.detail import ViewerSpans as CluevalSpans

    gold, system, options = _clueval_inputs(tmp_path, inputs)
    method = get_method("clueval")
    report = method.evaluate(gold, system, method.Options(**options), detail=True)
    assert isinstance(report.gold_spans, CluevalSpans) and len(report.gold_spans) >= 3
    from_places = _shown(ReportData.build(report))
    monkeypatch.setattr(CluevalSpans, "places", lambda self: None)
    report = method.evaluate(gold, system, method.Options(**options), detail=True)
    made_whole = _shown(ReportData.build(report))
    assert from_places == made_whole and repr(from_places) == repr(made_whole)


PROPARA_CASES = {  # answers, predictions, sentences (their words make a step's unit longer)
    "test data, sentences": ("data/test/answers.tsv", "data/test/dummy-predictions.tsv", "data/test/sentences.tsv"),
    "testfiles-1": ("testfiles-1/answers.tsv", "testfiles-1/predictions.tsv", None),
    "testfiles-3": ("testfiles-3/answers.tsv", "testfiles-3/predictions.tsv", None),
}


@pytest.mark.parametrize("case", list(PROPARA_CASES))
def test_propara_spans_placed_at_once_are_each_items_step(monkeypatch, case):
    """ProPara's conversions and moves placed all at once (ProcessSpans' places) are, span by
    span, the unit of their step in their process's document, the processes in the detail's
    order and each one's conversions before its moves; the viewer shows the same from their
    places as from the spans made whole."""
    from engine.methods.propara.detail import ProcessSpans
    from tests.conftest import conformance

    monkeypatch.chdir(conformance("propara"))
    answers, predictions, sentences = PROPARA_CASES[case]
    method = get_method("propara")
    report = method.evaluate(answers, predictions, method.Options(sentences=sentences), detail=True)
    order = {document.name: k for k, document in enumerate(report.documents)}
    for spans in (report.gold_spans, report.system_spans):
        assert isinstance(spans, ProcessSpans)
        made = list(spans)
        assert len(made) == len(spans)
        for span in made:
            document = report.documents[order[span.doc]]
            assert (span.start, span.end) == document.units[span.attrs["step"] - 1]
            assert span.label == span.attrs["kind"] in ("conversion", "move")
        keys = [(order[span.doc], span.label == "move") for span in made]
        assert keys == sorted(keys)
    assert len(report.gold_spans) >= 2
    from_places = _shown(ReportData.build(report))
    monkeypatch.setattr(ProcessSpans, "places", lambda self: None)
    report = method.evaluate(answers, predictions, method.Options(sentences=sentences), detail=True)
    made_whole = _shown(ReportData.build(report))
    assert from_places == made_whole and repr(from_places) == repr(made_whole)
    assert from_places[1] == ["conversion", "move"]  # the kinds, from the places too


def test_a_documents_labels_come_from_its_spans_places_without_making_them(tmp_path, monkeypatch):
    """The viewer asks a document's labels on the UI thread as it shows it: they are counted
    from the places' label numbers (one CLUEval document of 1,000,000 tokens would make its
    226,513 spans there), the same labels as its spans have."""
    from engine.methods.clueval.detail import ViewerSpans as CluevalSpans

    gold, system, options = _clueval_inputs(tmp_path, "worked")
    clueval = get_method("clueval")
    ref, sys_ = _odd_pages(tmp_path, ODD)
    reports = [clueval.evaluate(gold, system, clueval.Options(**options), detail=True),
               get_method("poetry").evaluate(str(ref), str(sys_), Options(), detail=True)]  # fmt: skip
    shown = [ReportData.build(report).documents for report in reports]
    for spans in (CluevalSpans, ViewerSpans):
        monkeypatch.setattr(spans, "span", lambda self, i: pytest.fail("a span made"))
    labels = [[sorted(documents[name].labels()) for name in documents] for documents in shown]
    monkeypatch.undo()
    for report, found in zip(reports, labels, strict=True):
        expected = [sorted({span.label for span in [*report.gold_spans, *report.system_spans] if span.doc == name})
                    for name in (document.name for document in report.documents)]  # fmt: skip
        assert found == expected and any(found)


@pytest.mark.parametrize("method_name", ["poetry", "clueval", "propara", "faireval"])
def test_the_labels_of_spans_from_their_places_are_those_of_the_spans(tmp_path, monkeypatch, method_name):
    """span_labels reads the labels of spans kept as arrays (each method's report spans: poetry's
    and CLUEval's ViewerSpans, ProPara's ProcessSpans, a SpanTable) from their label numbers, no
    span made; they are the labels of the spans made one by one."""
    from engine.formats.spantable import SpanSequence, span_labels
    from tests.conftest import ROOT, conformance

    method = get_method(method_name)
    if method_name == "poetry":
        pages = [("p1", [(0, 10, "A"), (12, 14, "B")], [(0, 10, "A"), (3, 5, 7)]), ("p2", [], [(1, 2, None)])]
        report = method.evaluate(*map(str, write_pages(tmp_path, pages)), Options(), detail=True)
    elif method_name == "clueval":
        gold, system, options = _clueval_inputs(tmp_path, "worked")
        report = method.evaluate(gold, system, method.Options(**options), detail=True)
    elif method_name == "propara":
        monkeypatch.chdir(conformance("propara"))
        answers, predictions, sentences = PROPARA_CASES["testfiles-1"]
        report = method.evaluate(answers, predictions, method.Options(sentences=sentences), detail=True)
    else:
        example = ROOT / "resources" / "examples" / "faireval"
        report = method.evaluate(str(example / "gold.conll"), str(example / "system.conll"), method.Options(),
                                 detail=True)  # fmt: skip
    for spans in (report.gold_spans, report.system_spans):
        assert isinstance(spans, SpanSequence) and spans.places() is not None and len(spans)
        assert span_labels(spans) == {span.label for span in spans}
    assert span_labels([]) == set() and span_labels(list(report.gold_spans)) == span_labels(report.gold_spans)
