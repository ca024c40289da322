"""Poetry's reader stays linear and bounded (issue 20): a long line is joined once, not
copied with every chunk (16 MB took 4.8 s, 50 MB 76 s); a compressed file that
decompresses far beyond its size (a zero bomb) is one clear error."""

from __future__ import annotations

import gzip
import json

import engine.formats.poetry_jsonl as poetry_jsonl
from tests.fuzzing import Hang, time_bound


def test_a_long_line_is_read_in_linear_time(cli, tmp_path, monkeypatch):
    monkeypatch.setattr(poetry_jsonl, "_CHUNK", 64)  # 65,536 chunks in the long line: quadratic copying never ends
    gold, system = tmp_path / "ref.jsonl", tmp_path / "sys.jsonl"
    gold.write_text(json.dumps({"page_id": "p", "n_excerpts": 1, "excerpts": [{"start": 0, "end": 5, "poem_id": "a"}]})
                    + "\n", encoding="utf-8")  # fmt: skip
    page = {"page_id": "p", "n_spans": 1, "poem_spans": [{"page_start": 0, "page_end": 5, "ref_id": "a"}]}
    system.write_text(json.dumps({**page, "note": "x" * (4 << 20)}) + "\n", encoding="utf-8")
    try:
        with time_bound(60):
            result = cli("poetry", gold, system, tmp_path / "out.csv", "--json", tmp_path / "r.json")
    except Hang:
        raise AssertionError("a 4 MB line read 64 bytes at a time took over 60 s") from None
    assert result.code == 0, result.err
    assert (tmp_path / "out.csv").read_bytes().split(b"\r\n")[1].startswith(b"p,1.0,1.0,")


def test_a_decompression_bomb_is_one_clear_error(cli, tmp_path, monkeypatch):
    monkeypatch.setattr(poetry_jsonl, "MOST_DECOMPRESSED", 1 << 20)
    bomb = tmp_path / "ref.jsonl.gz"
    bomb.write_bytes(gzip.compress(b"\0" * (64 << 20), compresslevel=1))  # 64 MB of zeros in about 0.3 MB
    system = tmp_path / "sys.jsonl"
    system.write_text('{"page_id": "p", "n_spans": 0, "poem_spans": []}\n', encoding="utf-8")
    result = cli("poetry", bomb, system, tmp_path / "out.csv")
    assert result.code == 2
    size = bomb.stat().st_size
    assert result.err == (
        f"spanstudio: error: {bomb}: expected a gzip file that decompresses to at most 200 times its size "
        f"(or 1 MB), found more than {200 * size:,} bytes from {size:,}\n"
    )
