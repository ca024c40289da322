"""Make Gold's first format remembers a file's detected format only while the file is the
same (size, times, inode) and never remembers that none was detected: a brat .txt whose
.ann appears beside it later is brat, even where the .ann is copied keeping its time."""

from __future__ import annotations

import os

from gui import gold_format


def test_a_txt_is_brat_once_its_ann_appears(tmp_path, monkeypatch):
    monkeypatch.setattr(gold_format, "_DETECTED", {})
    text = tmp_path / "a.txt"
    text.write_text("Anna Schulz lacht.\n", encoding="utf-8")
    assert gold_format.detected(str(text)) is None
    ann = tmp_path / "a.ann"
    ann.write_text("T1\tPER 0 11\tAnna Schulz\n", encoding="utf-8")
    assert gold_format.detected(str(text)) == "brat"


def test_a_file_replaced_keeping_size_and_time_is_read_again(tmp_path, monkeypatch):
    monkeypatch.setattr(gold_format, "_DETECTED", {})
    path, other = tmp_path / "a.jsonl", tmp_path / "b.jsonl"
    path.write_text('{"text": "ab", "label": [[0, 1, "X"]]}\n', encoding="utf-8")
    assert gold_format.detected(str(path)) == "doccano"
    other.write_text("ab\tB-X\n" * 4 + "cdefghij\tO\n", encoding="utf-8")  # as long, another format
    assert other.stat().st_size == path.stat().st_size
    os.utime(other, ns=(path.stat().st_atime_ns, path.stat().st_mtime_ns))
    os.replace(other, path)  # as `cp -p` then `mv` would: size and modification time kept
    assert gold_format.detected(str(path)) != "doccano"


def test_known_without_reading_a_file_gone_or_sniffed_and_never_a_folder(tmp_path, monkeypatch):
    monkeypatch.setattr(gold_format, "_DETECTED", {})
    path, gone = tmp_path / "a.jsonl", str(tmp_path / "gone.jsonl")
    path.write_text('{"text": "ab", "label": [[0, 1, "X"]]}\n', encoding="utf-8")
    assert gold_format.known([gone]) == {gone: None}  # not there: nothing to sniff
    assert gold_format.known([str(path), gone]) is None  # sniffed first
    assert gold_format.sniffed([str(path), gone, str(tmp_path)]) == {str(path): "doccano", gone: None,
                                                                     str(tmp_path): "doccano"}  # fmt: skip
    assert gold_format.known([str(path), gone]) == {str(path): "doccano", gone: None}
    assert gold_format.known([str(path), str(tmp_path)]) is None  # a folder is looked at each time
