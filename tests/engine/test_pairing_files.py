"""Pairing names the file of a document only when something is wrong with it: a folder
of many documents is not listed once a document (it was: 3,000 files, 36 s)."""

from __future__ import annotations

import json
import os
from dataclasses import replace

import pytest

import engine.formats.pairing as pairing
from engine.errors import InputError
from engine.formats import read_spans
from engine.spans import Span


def _folder(folder, spans: list[list]) -> str:
    folder.mkdir()
    for i, span in enumerate(spans):
        record = {"text": "Holmes met Watson", "label": [span]}
        (folder / f"d{i}.jsonl").write_text(json.dumps(record) + "\n", encoding="utf-8")
    return str(folder)


def test_folders_of_the_same_texts_are_paired_without_listing_a_folder(tmp_path, monkeypatch):
    gold = read_spans(_folder(tmp_path / "gold", [[0, 6, "PER"]] * 5))
    system = read_spans(_folder(tmp_path / "system", [[11, 17, "PER"]] * 5))
    listed = []
    for lister in ("scandir", "listdir"):  # a folder's document knows its file: no folder is listed
        monkeypatch.setattr(os, lister, lambda folder=".": listed.append(folder) or [])
    assert len(pairing.pair(gold, system).gold.doc_names) == 5
    assert listed == []


def test_a_span_past_the_text_names_the_system_file_in_its_folder(tmp_path):
    gold = read_spans(_folder(tmp_path / "gold", [[0, 6, "PER"]] * 2))
    system = read_spans(_folder(tmp_path / "system", [[0, 6, "PER"]] * 2))
    names = [doc.name for doc in system.documents]
    system = replace(system, spans=[Span(0, 6, "PER", names[0]), Span(0, 40, "PER", names[1])])  # past 17
    with pytest.raises(InputError, match=r"system/d1\.jsonl: expected spans within the 17 characters"):
        pairing.pair(gold, system)


@pytest.mark.parametrize(("file", "shown"), [
    ("gold/d0.jsonl", "gold/d0.jsonl"),
    ("gold.jsonl", "document 'd0' in gold.jsonl"),
    (".", "document 'd0' in ."),  # a folder given as `.` whose document has no file of its own
])  # fmt: skip
def test_gold_is_named_by_its_file_or_its_document_in_it(file, shown):
    assert pairing._named(file, "d0") == shown
