"""What a poetry run spares: a --texts file's page ids of every kind decoded with their piece
(not read again line by line), and a run without detail letting its Scores go (moved from
test_poetry_report.py, over 600 lines)."""

from __future__ import annotations

import gc
import json
import weakref

import pytest

from engine.methods import get_method
from engine.methods.poetry import Options
from engine.methods.poetry.columns import score_rows
from tests.engine.test_poetry_examples import write_pages
from tests.engine.test_poetry_report import PAGES


def test_texts_file_of_ids_of_every_kind_decoded_at_once(tmp_path, monkeypatch):
    """Page ids that are numbers, true/false or null (as the reference's typed reader takes
    them) are decoded with the piece, not read again line by line."""
    from engine.methods.poetry import detail

    monkeypatch.setattr(detail, "_checked", None)  # called: a TypeError
    lines = [{"id": 3, "text": "n"}, {"page_id": 1.5, "text": "f"}, {"id": True, "text": "t"},
             {"page_id": None, "text": ""}, {"id": "a", "text": "s"}, {"id": -0.0, "text": "z"}]  # fmt: skip
    path = tmp_path / "pages.jsonl"
    path.write_text("".join(json.dumps(line) + "\n" for line in lines), encoding="utf-8")
    assert detail.read_texts(str(path)) == {3: "n", 1.5: "f", True: "t", None: "", "a": "s", 0: "z"}


def test_without_detail_only_scores(tmp_path, monkeypatch):
    import engine.methods.poetry as poetry

    scored = []  # the run's Scores, by a weak reference

    def scoring(*args):
        scores = score_rows(*args)
        scored.append(weakref.ref(scores))
        return scores

    monkeypatch.setattr(poetry, "score_rows", scoring)
    write_pages(tmp_path, PAGES)
    report = get_method("poetry").evaluate(str(tmp_path / "ref.jsonl"), str(tmp_path / "sys.jsonl"), Options(),
                                           detail=False)  # fmt: skip
    assert report.error_rows == [] and report.documents == [] and "details" not in report.data
    assert report.data["overall"]["line"] == "Overall: 3 Pages | Precision = 0.75 | Recall = 0.75"
    assert list(report.tables) == ["scores", "counts"]
    gc.collect()
    assert len(scored) == 1 and scored[0]() is None  # the spans' arrays let go: the CSV reuses their memory


@pytest.mark.parametrize("ignore_label", [False, True])
def test_viewer_spans_made_a_column_at_a_time_are_those_of_each_span(tmp_path, ignore_label):
    """The viewer's spans (ViewerSpans.between: a status, line and pieces per column) are, one
    by one, what the scores say of each: a reference missed, exact or partial by its pair; a
    system span spurious, matched or split by its pairs, its pieces those pairs' in pair order,
    the file indices merged into it; on odd pages with splits, merges and repeated ids."""
    from tests.engine.test_poetry_report import ODD, _odd_pages

    ref, sys_ = _odd_pages(tmp_path, ODD)
    options = Options(ignore_label=ignore_label)
    report = get_method("poetry").evaluate(str(ref), str(sys_), options, detail=True)
    pages = report.system_spans.pages
    pair_of, pair_sys, pairs = pages.pair_of.tolist(), pages.pair_sys.tolist(), pages.scores.pairs
    statuses = [("missed" if p < 0 else "exact" if pairs[4][p] else "partial") for p in pair_of]
    assert [s.attrs["status"] for s in report.gold_spans] == statuses and "partial" in statuses
    taken = [[[int(pairs[2][k]), int(pairs[3][k])] for k in range(len(pair_sys)) if pair_sys[k] == j]
             for j in range(len(report.system_spans))]  # fmt: skip
    kinds = [("spurious", "matched")[len(t)] if len(t) < 2 else "split" for t in taken]
    assert [s.attrs["pieces"] for s in report.system_spans] == taken and "split" in kinds
    assert [s.attrs["status"] for s in report.system_spans] == kinds
    for spans in (report.gold_spans, report.system_spans):
        whole = [(s, dict(s.attrs)) for s in spans]
        assert [(s, dict(s.attrs)) for s in map(spans.__getitem__, range(len(spans)))] == whole
        assert [(s, dict(s.attrs)) for s in spans[3:9]] == whole[3:9]
