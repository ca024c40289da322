"""One stamp says whether an input changed (gui/stamps.py): the Agreement window's listing
and Layer/Feature look and Make Gold's format keep what they read with it."""

from __future__ import annotations

import os

from gui import agreement_choices, agreement_inputs, gold_format
from gui.stamps import stamp


def test_a_file_edited_inside_a_folder_changes_the_folders_stamp(tmp_path):
    inner = tmp_path / "export" / "annotation" / "doc1"
    inner.mkdir(parents=True)
    (inner / "anna.tsv").write_text("a\n", encoding="utf-8")
    folder = str(tmp_path / "export")
    before, own = stamp(folder), os.stat(folder).st_mtime_ns
    (inner / "anna.tsv").write_text("ab\n", encoding="utf-8")
    assert os.stat(folder).st_mtime_ns == own  # the folder's own time says nothing
    assert before is not None and stamp(folder) != before


def test_a_file_replaced_keeping_size_and_time_changes_its_stamp(tmp_path):
    path, other = tmp_path / "a.json", tmp_path / "b.json"
    path.write_text("[1]", encoding="utf-8")
    other.write_text("[2]", encoding="utf-8")
    os.utime(other, ns=(path.stat().st_atime_ns, path.stat().st_mtime_ns))
    before = stamp(str(path))
    os.replace(other, path)
    assert stamp(str(path)) != before


def test_what_cannot_be_looked_at_has_none(tmp_path):
    assert stamp(str(tmp_path / "gone")) is None and stamp("a\0b") is None


def test_the_listing_and_make_gold_keep_the_same_stamp(tmp_path):
    assert agreement_inputs.stamp is stamp and agreement_choices.stamp is stamp
    path = tmp_path / "a.jsonl"
    path.write_text("{}\n", encoding="utf-8")
    assert gold_format._now(str(path)) == stamp(str(path)) is not None  # Make Gold's from one look at the file
    assert gold_format._now(str(tmp_path)) == gold_format.FOLDER and gold_format._now(str(path) + "x") == gold_format.GONE
