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


# --- issue 20.2: inputs that crashed the removed quick path, now read by the one reader -----


def _pair(tmp_path):
    from tests.conftest import conformance

    folder = conformance("poetry") / "quirks"
    return (folder / "ref.jsonl").read_bytes(), (folder / "sys.jsonl").read_bytes()


def _run(cli, tmp_path, reference: bytes, system: bytes):
    gold, sys_ = tmp_path / "ref.jsonl", tmp_path / "sys.jsonl"
    gold.write_bytes(reference)
    sys_.write_bytes(system)
    out = tmp_path / "out.csv"
    out.unlink(missing_ok=True)
    return cli("poetry", gold, sys_, out), out


def test_a_reference_without_a_final_newline_gives_the_same_result(cli, tmp_path):
    reference, system = _pair(tmp_path)
    whole, out = _run(cli, tmp_path, reference, system)
    expected = out.read_bytes()
    cut, out = _run(cli, tmp_path, reference.rstrip(b"\n"), system)
    assert (cut.code, cut.out) == (whole.code, whole.out) == (0, whole.out)
    assert out.read_bytes() == expected


def test_a_line_over_64_kib_is_read(cli, tmp_path):
    reference, system = _pair(tmp_path)
    first, rest = reference.split(b"\n", 1)
    page = json.loads(first)
    long_line = json.dumps({**page, "pad": "x" * (70 << 10)}).encode()
    whole, out = _run(cli, tmp_path, reference, system)
    expected = out.read_bytes()
    result, out = _run(cli, tmp_path, long_line + b"\n" + rest, system)
    assert result.code == 0 and out.read_bytes() == expected


def test_lone_cr_line_ends_and_nul_bytes_are_one_error(cli, tmp_path):
    reference, system = _pair(tmp_path)
    cr, _ = _run(cli, tmp_path, reference.replace(b"\n", b"\r"), system)
    assert cr.code == 2 and cr.err.count("\n") == 1
    assert cr.err.startswith(f"spanstudio: error: {tmp_path / 'ref.jsonl'}:1: expected a JSON object")
    nul, _ = _run(cli, tmp_path, reference.replace(b'"page_id"', b'"page\0_id"', 1), system)
    assert nul.err.startswith(f"spanstudio: error: {tmp_path / 'ref.jsonl'}:1: expected a JSON object")
    assert nul.code == 2 and nul.err.count("\n") == 1
    tail, _ = _run(cli, tmp_path, reference + b"\0\n", system)
    lines = reference.count(b"\n")
    assert tail.code == 2 and tail.err.startswith(f"spanstudio: error: {tmp_path / 'ref.jsonl'}:{lines + 1}: ")


def test_over_50000_reference_pages_without_system_pages_is_one_error(cli, tmp_path):
    page = '{{"page_id": "p{}", "n_excerpts": 1, "excerpts": [{{"start": 0, "end": 5, "poem_id": "a"}}]}}\n'
    reference = "".join(page.format(i) for i in range(50_001)).encode()
    for system in (b"", b'{"page_id": "other", "n_spans": 0, "poem_spans": []}\n'):
        result, out = _run(cli, tmp_path, reference, system)
        assert result.code == 2 and not out.exists()
        assert result.err == (
            f"spanstudio: error: {tmp_path / 'ref.jsonl'}:1: expected page \"p0\" in {tmp_path / 'sys.jsonl'}, "
            'found none (add {"page_id": "p0", "n_spans": 0, "poem_spans": []} if the system found nothing)\n'
        )


def test_a_run_imports_none_of_the_heavy_libraries(tmp_path):
    """The command line's poetry run loads numpy and msgspec, never pandas, openpyxl,
    cassis or Qt (each costs a tenth of a second or more of every run), nor what only
    compressed inputs (lzma) or tempfile (with shutil and random: 5-6 ms) would need."""
    import subprocess
    import sys

    gold, system = tmp_path / "ref.jsonl", tmp_path / "sys.jsonl"
    gold.write_text('{"page_id": "p", "n_excerpts": 1, "excerpts": [{"start": 0, "end": 5, "poem_id": "a"}]}\n')
    system.write_text('{"page_id": "p", "n_spans": 1, "poem_spans": [{"page_start": 0, "page_end": 5, "ref_id": "a"}]}\n')
    code = ("import sys, engine.cli\nstatus = engine.cli.main(sys.argv[1:])\n"
            "print(status, *sorted({m.split('.')[0] for m in sys.modules} & "
            "{'pandas', 'openpyxl', 'cassis', 'PySide6', 'numpy', 'msgspec', 'lzma', 'bz2', "
            "'tempfile', 'shutil', 'random', 'threading'}))")  # fmt: skip
    out = subprocess.run([sys.executable, "-c", code, "poetry", str(gold), str(system), str(tmp_path / "o.csv")],
                         capture_output=True, text=True).stdout  # fmt: skip
    assert out.splitlines()[-1] == "0 msgspec numpy"
