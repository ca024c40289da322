"""What a poetry run spares: a --texts file's page ids of every kind decoded with their piece
(not read again line by line), and a run without detail letting its Scores go (moved from
test_poetry_report.py, over 600 lines)."""

from __future__ import annotations

import gc
import json
import weakref

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
