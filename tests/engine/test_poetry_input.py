"""Poetry span evaluation: every bad input of specs/poetry.md §8 and every ERROR quirk of
§7 (one line, exit status 2, nothing written, an existing file left alone), compressed
inputs, and the same results with and without orjson."""

from __future__ import annotations

import bz2
import gzip
import json
import lzma
import os

import pytest

from engine.formats import poetry_jsonl
from tests.engine.test_poetry_examples import reference_line, system_line

GOOD_REF = reference_line("p", [(0, 10, "A")]) + "\n"
GOOD_SYS = system_line("p", [(0, 10, "A")]) + "\n"


def write(path, content):
    path.write_bytes(content if isinstance(content, bytes) else content.encode("utf-8"))
    return path


def fails(cli, tmp_path, ref=GOOD_REF, sys_=GOOD_SYS, *options, out_name="out.csv"):
    """The error message of a run that must fail cleanly (and leave nothing behind), the
    same with --json and without."""
    ref_path, sys_path = write(tmp_path / "ref.jsonl", ref), write(tmp_path / "sys.jsonl", sys_)
    before = sorted(os.listdir(tmp_path))
    errors = []
    for extra in (["--json", tmp_path / "out.json"], []):
        result = cli("poetry", ref_path, sys_path, tmp_path / out_name, *extra, *options)
        assert result.code == 2
        assert result.out == ""
        assert result.err.count("\n") == 1 and result.err.startswith("spanstudio: error: "), result.err
        assert sorted(os.listdir(tmp_path)) == before  # no CSV, no JSON, no temporary file
        errors.append(result.err)
    assert errors[0] == errors[1]
    return errors[0][len("spanstudio: error: ") : -1].replace(str(tmp_path) + "/", "")


def test_p11_empty_piece(cli, tmp_path):
    ref = reference_line("X", [(0, 10, "A"), (0, 5, "B")]) + "\n"
    sys_ = system_line("X", [(0, 12, "A")]) + "\n"
    assert fails(cli, tmp_path, ref, sys_, "--ignore-label") == (
        "ref.jsonl:1: expected reference spans that do not overlap where one system span covers them, "
        "found (0,10) and (0,5) on page \"X\" (the split piece would be empty)"
    )


def test_p11_reversed_piece(cli, tmp_path):
    ref = reference_line("X", [(0, 10, "A"), (3, 12, "A")]) + "\n"
    sys_ = system_line("X", [(5, 20, "A")]) + "\n"
    assert fails(cli, tmp_path, ref, sys_) == (
        "ref.jsonl:1: expected reference spans that do not overlap where one system span covers them, "
        "found (0,10) and (3,12) on page \"X\" (the split piece would be reversed)"
    )


def test_p14_reference_page_missing_from_the_system_file(cli, tmp_path):
    ref = GOOD_REF + reference_line("p2", []) + "\n"
    assert fails(cli, tmp_path, ref) == (
        'ref.jsonl:2: expected page "p2" in sys.jsonl, found none (add {"page_id": "p2", "n_spans": 0, '
        '"poem_spans": []} if the system found nothing)'
    )


@pytest.mark.parametrize(
    "ref, sys_, message",
    [
        (GOOD_REF, '{"page_id": "p", "poem_spans": []}\n', "sys.jsonl:1: expected key 'n_spans', found none"),
        (
            '{"page_id": "p", "n_excerpts": 1, "excerpts": [{"start": 0, "end": 1}]}\n',
            GOOD_SYS,
            "ref.jsonl:1: expected key 'poem_id' in excerpt 1, found none",
        ),
        (
            '{"page_id": "p", "n_excerpts": 1, "excerpts": null}\n',
            GOOD_SYS,
            "ref.jsonl:1: expected an array for excerpts, found null",
        ),
        ('{"page_id": "p", "n_excerpts": 1}\n', GOOD_SYS, "ref.jsonl:1: expected key 'excerpts', found none"),
        (
            '{"page_id": "p", "n_excerpts": null, "excerpts": []}\n',
            GOOD_SYS,
            "ref.jsonl:1: expected a number for n_excerpts, found null",
        ),
        (
            '{"page_id": "p", "n_excerpts": "1", "excerpts": []}\n',
            GOOD_SYS,
            'ref.jsonl:1: expected a number for n_excerpts, found "1"',
        ),
        (
            GOOD_REF,
            '{"page_id": "p", "n_spans": [], "poem_spans": []}\n',
            "sys.jsonl:1: expected a number for n_spans, found an array",
        ),
        (
            '{"page_id": "p", "n_excerpts": 2, "excerpts": [{"start": 0, "end": 1, "poem_id": "A"}, 5]}\n',
            GOOD_SYS,
            "ref.jsonl:1: expected an object for excerpt 2, found 5",
        ),
        (
            GOOD_REF,
            '{"page_id": "p", "n_spans": 1, "poem_spans": [{"page_start": 0, "ref_id": "A"}]}\n',
            "sys.jsonl:1: expected key 'page_end' in poem span 1, found none",
        ),
        ('{"n_excerpts": 0, "excerpts": []}\n', GOOD_SYS, "ref.jsonl:1: expected key 'page_id', found none"),
        (GOOD_REF, GOOD_SYS + '{"n_spans": 0}\n', "sys.jsonl:2: expected key 'page_id', found none"),
        (
            '{"page_id": ["p"], "n_excerpts": 0, "excerpts": []}\n',
            GOOD_SYS,
            "ref.jsonl:1: expected a string, number, true/false or null for page_id, found an array",
        ),
        # P24: offsets that are not integers
        (
            '{"page_id": "p", "n_excerpts": 1, "excerpts": [{"start": 0, "end": 10.0, "poem_id": "A"}]}\n',
            GOOD_SYS,
            "ref.jsonl:1: expected an integer for end, found 10.0",
        ),
        (
            GOOD_REF,
            '{"page_id": "p", "n_spans": 1, "poem_spans": [{"page_start": "3", "page_end": 9, "ref_id": "A"}]}\n',
            'sys.jsonl:1: expected an integer for page_start, found "3"',
        ),
        (
            '{"page_id": "p", "n_excerpts": 1, "excerpts": [{"start": 0, "end": 18446744073709551616, "poem_id": "A"}]}\n',
            GOOD_SYS,
            "ref.jsonl:1: expected an integer for end, found 1.8446744073709552e+19",
        ),
        # P25: end <= start
        (
            '{"page_id": "p", "n_excerpts": 1, "excerpts": [{"start": 5, "end": 5, "poem_id": "A"}]}\n',
            GOOD_SYS,
            "ref.jsonl:1: expected end > start, found start 5 and end 5",
        ),
        (
            GOOD_REF,
            '{"page_id": "p", "n_spans": 1, "poem_spans": [{"page_start": 7, "page_end": 2, "ref_id": "A"}]}\n',
            "sys.jsonl:1: expected page_end > page_start, found page_start 7 and page_end 2",
        ),
        # P26: byte-order mark, blank lines
        (
            "\ufeff" + GOOD_REF,
            GOOD_SYS,
            "ref.jsonl:1: expected a JSON object, found a byte-order mark (save as UTF-8 without BOM)",
        ),
        (GOOD_REF + "\n", GOOD_SYS, "ref.jsonl:2: expected a JSON object, found an empty line"),
        (GOOD_REF, "\n" + GOOD_SYS, "sys.jsonl:1: expected a JSON object, found an empty line"),
        (
            GOOD_REF + "   \r\n" + GOOD_REF,
            GOOD_SYS,
            "ref.jsonl:2: expected a JSON object, found an empty line",
        ),
        # P27: a label that is an array or object
        (
            '{"page_id": "p", "n_excerpts": 1, "excerpts": [{"start": 0, "end": 1, "poem_id": ["A"]}]}\n',
            GOOD_SYS,
            "ref.jsonl:1: expected a string, number, true/false or null for poem_id, found an array",
        ),
        (
            GOOD_REF,
            '{"page_id": "p", "n_spans": 1, "poem_spans": [{"page_start": 0, "page_end": 9, "ref_id": {}}]}\n',
            "sys.jsonl:1: expected a string, number, true/false or null for ref_id, found an object",
        ),
        # lines that are not JSON objects
        ("[1, 2]\n", GOOD_SYS, "ref.jsonl:1: expected a JSON object, found an array"),
        (GOOD_REF, "5\n", "sys.jsonl:1: expected a JSON object, found 5"),
        (
            GOOD_REF + '{"page_id": NaN}\n',
            GOOD_SYS,
            "ref.jsonl:2: expected a JSON object, found invalid JSON (NaN is not valid JSON)",
        ),
        (
            GOOD_REF + '{"page_id": 1e400}\n',
            GOOD_SYS,
            "ref.jsonl:2: expected a JSON object, found invalid JSON (number 1e400 is out of range)",
        ),
        (
            GOOD_REF + '{"page_id": "\\ud800"}\n',
            GOOD_SYS,
            "ref.jsonl:2: expected a JSON object, found invalid JSON (lone surrogate in a string)",
        ),
        # P16: an empty reference file
        ("", GOOD_SYS, "ref.jsonl: expected at least one page, found an empty file"),
        # not UTF-8
        (
            GOOD_REF + '{"page_id": "caf\xe9"}\n',
            GOOD_SYS,
            "ref.jsonl:2: expected UTF-8 text, found byte 0xE9",
        ),
    ],
)
def test_bad_input(cli, tmp_path, ref, sys_, message):
    if "caf\xe9" in ref:
        ref = ref.encode("utf-8").replace("caf\xe9".encode(), b"caf\xe9")
    assert fails(cli, tmp_path, ref, sys_) == message


def test_invalid_json_names_the_parser_problem(cli, tmp_path):
    message = fails(cli, tmp_path, GOOD_REF + '{"page_id": "p",}\n')
    assert message.startswith("ref.jsonl:2: expected a JSON object, found invalid JSON (")
    assert "column" in message


def test_a_string_cut_short_names_its_column_once(cli, tmp_path):
    """Python's "Unterminated string starting at" is followed by the column, not a second 'at'."""
    message = fails(cli, tmp_path, GOOD_REF + '{"page_id": "p\n')
    assert message == ("ref.jsonl:2: expected a JSON object, found invalid JSON (Unterminated string starting "
                       "at column 13)")  # fmt: skip


def test_unused_system_lines_need_only_a_page_id(cli, tmp_path):
    sys_ = GOOD_SYS + '{"page_id": "x", "n_spans": "many", "poem_spans": null}\n'
    ref_path, sys_path = write(tmp_path / "r.jsonl", GOOD_REF), write(tmp_path / "s.jsonl", sys_)
    assert cli("poetry", ref_path, sys_path, tmp_path / "o.csv").code == 0


def test_a_closed_gate_needs_no_list(cli, tmp_path):
    ref = '{"page_id": "p", "n_excerpts": 0}\n'
    sys_ = '{"page_id": "p", "n_spans": false, "poem_spans": "not read"}\n'
    ref_path, sys_path = write(tmp_path / "r.jsonl", ref), write(tmp_path / "s.jsonl", sys_)
    assert cli("poetry", ref_path, sys_path, tmp_path / "o.csv").code == 0
    assert (tmp_path / "o.csv").read_text().splitlines()[1] == "p,1,1,0,0,0,0,0,0"


def test_true_and_false_offsets_count_as_1_and_0(cli, tmp_path):
    """Python's bool is an int: the original takes them (no message in the spec)."""
    ref = '{"page_id": "p", "n_excerpts": 1, "excerpts": [{"start": false, "end": true, "poem_id": "A"}]}\n'
    sys_ = system_line("p", [(0, 1, "A")]) + "\n"
    ref_path, sys_path = write(tmp_path / "r.jsonl", ref), write(tmp_path / "s.jsonl", sys_)
    assert cli("poetry", ref_path, sys_path, tmp_path / "o.csv").code == 0
    assert (tmp_path / "o.csv").read_text().splitlines()[1] == "p,1.0,1.0,1,0,0,1,0,0"


@pytest.mark.parametrize("weight", ["-1", "nan", "inf", "-inf", "abc", ""])
def test_p21_bad_weights(cli, tmp_path, weight):
    assert fails(cli, tmp_path, GOOD_REF, GOOD_SYS, f"--partial-match-weight={weight}") == (
        f"--partial-match-weight: expected a finite number ≥ 0, found '{weight}'"
    )


def test_p22_the_csv_is_never_overwritten(cli, tmp_path):
    out = write(tmp_path / "out.csv", "keep me")
    message = fails(cli, tmp_path, out_name="out.csv")
    assert message == "out.csv: expected a new file, found an existing one (not overwriting)"
    assert out.read_text() == "keep me"


def test_p22_after_a_failed_run_the_csv_can_be_written(cli, tmp_path):
    """P23: the original left a partial CSV that blocked the rerun; here nothing is left."""
    fails(cli, tmp_path, GOOD_REF + "\n")
    assert cli("poetry", tmp_path / "ref.jsonl", tmp_path / "sys.jsonl", tmp_path / "out.csv").code == 2
    write(tmp_path / "ref.jsonl", GOOD_REF)
    assert cli("poetry", tmp_path / "ref.jsonl", tmp_path / "sys.jsonl", tmp_path / "out.csv").code == 0


def test_missing_output_folder(cli, tmp_path):
    assert (
        fails(cli, tmp_path, out_name="no/out.csv") == "no/out.csv: expected an existing folder, found none"
    )


def test_missing_inputs(cli, tmp_path):
    write(tmp_path / "sys.jsonl", GOOD_SYS)
    result = cli("poetry", tmp_path / "nope.jsonl", tmp_path / "sys.jsonl", tmp_path / "out.csv")
    assert (result.code, result.err) == (
        2,
        f"spanstudio: error: {tmp_path / 'nope.jsonl'}: expected an existing file, found nothing\n",
    )
    result = cli("poetry", tmp_path / "sys.jsonl", tmp_path, tmp_path / "out.csv")
    assert (result.code, result.err) == (
        2,
        f"spanstudio: error: {tmp_path}: expected an existing file, found nothing\n",
    )
    assert not (tmp_path / "out.csv").exists()


def test_output_is_required(cli, tmp_path):
    write(tmp_path / "r.jsonl", GOOD_REF)
    result = cli("poetry", tmp_path / "r.jsonl", tmp_path / "r.jsonl")
    assert result.code == 2 and result.err.count("\n") == 1


def test_inputs_are_checked_before_the_output(cli, tmp_path):
    """As the original: a missing reference is reported even when OUTPUT.csv exists."""
    out = write(tmp_path / "out.csv", "x")
    result = cli("poetry", tmp_path / "none.jsonl", tmp_path / "none2.jsonl", out)
    assert "none.jsonl: expected an existing file" in result.err


# --- compressed files ---------------------------------------------------------------------

COMPRESSORS = {"gz": gzip.compress, "bz2": bz2.compress, "xz": lzma.compress}


@pytest.mark.parametrize("suffix", sorted(COMPRESSORS))
def test_compressed_inputs_by_magic_bytes(cli, tmp_path, suffix):
    ref = "".join(reference_line(f"p{i}", [(0, 10, "A"), (20, 30, "B")]) + "\n" for i in range(3000))
    sys_ = "".join(system_line(f"p{i}", [(0, 10 + i % 3, "A")]) + "\n" for i in range(3000))
    plain = tmp_path / "plain.csv"
    write(tmp_path / "r.jsonl", ref)
    write(tmp_path / "s.jsonl", sys_)
    assert cli("poetry", tmp_path / "r.jsonl", tmp_path / "s.jsonl", plain).code == 0
    compress = COMPRESSORS[suffix]
    write(tmp_path / f"r.jsonl.{suffix}", compress(ref.encode()))
    write(tmp_path / "s.data", compress(sys_.encode()))  # any name: the magic bytes decide
    out = tmp_path / f"{suffix}.csv"
    result = cli(
        "poetry", tmp_path / f"r.jsonl.{suffix}", tmp_path / "s.data", out, "--json", tmp_path / "o.json"
    )
    assert result.code == 0, result.err
    assert out.read_bytes() == plain.read_bytes()
    files = json.loads((tmp_path / "o.json").read_text())["input_files"]
    import hashlib

    assert files[0]["sha256"] == hashlib.sha256((tmp_path / f"r.jsonl.{suffix}").read_bytes()).hexdigest()


def test_inputs_digests_as_read_or_when_asked(tmp_path):
    """A run with detail records each file's sha256 as it reads it; a plain run hashes a
    file only when its digest is asked for: the same digest."""
    import hashlib

    from engine.methods.poetry import Options, Poetry

    ref, sys_ = write(tmp_path / "r.jsonl", GOOD_REF * 3), write(tmp_path / "s.jsonl", GOOD_SYS)
    digests = [hashlib.sha256(path.read_bytes()).hexdigest() for path in (ref, sys_)]
    for detail in (True, False):
        report = Poetry().evaluate(str(ref), str(sys_), Options(), detail=detail)
        assert [bool(f.digest) for f in report.inputs] == [detail, detail]
        assert [f.sha256 for f in report.inputs] == digests


def test_same_bytes_warned_in_a_plain_run(cli, tmp_path):
    """Gold and system that hold the same bytes (each line with both layouts) are said to,
    with their sha256, in a run that keeps no detail too."""
    import hashlib

    line = json.dumps({**json.loads(GOOD_REF), **json.loads(GOOD_SYS)}) + "\n"
    ref, sys_ = write(tmp_path / "r.jsonl", line), write(tmp_path / "s.jsonl", line)
    result = cli("poetry", ref, sys_, tmp_path / "out.csv")
    assert result.code == 0, result.err
    digest = hashlib.sha256(line.encode()).hexdigest()
    assert f"hold the same bytes (sha256 {digest[:12]}…)" in result.err


def test_damaged_compressed_file(cli, tmp_path):
    data = gzip.compress(GOOD_REF.encode() * 100)
    message = fails(cli, tmp_path, data[: len(data) // 2])
    assert message.startswith(
        "ref.jsonl: expected a readable gzip/bzip2/xz/zstd stream, found a damaged gzip stream"
    )


@pytest.mark.parametrize("suffix", sorted(COMPRESSORS))
def test_corrupted_compressed_file(cli, tmp_path, suffix):
    data = bytearray(COMPRESSORS[suffix]((GOOD_REF * 200).encode()))
    for k in range(20, len(data) - 20, 7):
        data[k] ^= 0x5A
    message = fails(cli, tmp_path, bytes(data))
    assert message.startswith("ref.jsonl: expected a readable gzip/bzip2/xz/zstd stream, found a damaged ")


def test_zstd_inputs_when_a_zstd_library_is_installed(cli, tmp_path):
    zstd = pytest.importorskip("zstandard")
    ref = "".join(reference_line(f"p{i}", [(0, 10, "A")]) + "\n" for i in range(2000))
    sys_ = "".join(system_line(f"p{i}", [(0, 10 + i % 3, "A")]) + "\n" for i in range(2000))
    write(tmp_path / "r.jsonl", ref)
    write(tmp_path / "s.jsonl", sys_)
    assert cli("poetry", tmp_path / "r.jsonl", tmp_path / "s.jsonl", tmp_path / "plain.csv").code == 0
    compressor = zstd.ZstdCompressor()
    cut = sys_.rfind("\n", 0, len(sys_) // 2) + 1
    write(tmp_path / "r.zst", compressor.compress(ref.encode()))
    write(
        tmp_path / "s.zst",
        compressor.compress(sys_[:cut].encode()) + compressor.compress(sys_[cut:].encode()),
    )
    assert cli("poetry", tmp_path / "r.zst", tmp_path / "s.zst", tmp_path / "z.csv").code == 0
    assert (tmp_path / "z.csv").read_bytes() == (tmp_path / "plain.csv").read_bytes()
    truncated = compressor.compress(ref.encode())[:-3]
    result = cli("poetry", write(tmp_path / "t.zst", truncated), tmp_path / "s.zst", tmp_path / "t.csv")
    assert "expected a readable gzip/bzip2/xz/zstd stream, found a damaged zstd stream" in result.err


def test_zstd_without_support_says_what_to_install(cli, tmp_path, monkeypatch):
    import builtins

    real_import = builtins.__import__

    def no_zstd(name, *args, **kwargs):
        if name in ("compression.zstd", "zstandard", "pyzstd"):
            raise ImportError(name)
        return real_import(name, *args, **kwargs)

    monkeypatch.setattr(builtins, "__import__", no_zstd)
    message = fails(cli, tmp_path, b"\x28\xb5\x2f\xfd" + b"\x00" * 20)
    assert message == ("ref.jsonl: expected a readable gzip/bzip2/xz/zstd stream, found Zstandard data, "
                       "but no Zstandard support is installed (pip install zstandard)")  # fmt: skip


# --- the same without orjson ------------------------------------------------------------------


@pytest.fixture(params=["orjson", "stdlib"])
def parser(request, monkeypatch):
    poetry_jsonl._loads()  # orjson is imported when first needed
    if request.param == "stdlib":
        monkeypatch.setattr(poetry_jsonl, "_orjson", None)
    elif poetry_jsonl._orjson is None:
        pytest.skip("orjson is not installed")
    return request.param


SAME_EITHER_WAY = [
    GOOD_REF + '{"page_id": "p",}\n',
    GOOD_REF + '{"page_id": NaN}\n',
    GOOD_REF + '{"page_id": 1e400}\n',
    GOOD_REF + '{"page_id": 1' + "0" * 400 + "}\n",
    GOOD_REF + '{"page_id": "\\ud800"}\n',
    GOOD_REF + '{"page_id": "a"} x\n',
    GOOD_REF + "\ufeff" + GOOD_REF,
    GOOD_REF + '{"page_id": "\x01"}\n',
    GOOD_REF + "[" * 3000 + "]" * 3000 + "\n",
]


@pytest.mark.parametrize("ref", SAME_EITHER_WAY)
def test_parse_errors_are_the_same_with_either_parser(cli, tmp_path, ref, monkeypatch):
    messages = []
    for use_orjson in (True, False):
        if not use_orjson:
            monkeypatch.setattr(poetry_jsonl, "_orjson", None)
        messages.append(fails(cli, tmp_path, ref))
    assert messages[0] == messages[1]


def test_values_are_the_same_with_either_parser(cli, tmp_path, parser):
    ref = (
        '{"page_id": 18446744073709551615, "n_excerpts": 1, "excerpts": [{"start": 0, "end": 9, "poem_id": 1.5}]}\n'
        '{"page_id": -9223372036854775809, "n_excerpts": 1.0, "excerpts": [{"start": 1, "end": 9, "poem_id": -0.0}]}\n'
    )
    sys_ = (
        '{"page_id": 18446744073709551615, "n_spans": 1, "poem_spans": [{"page_start": 0, "page_end": 9, "ref_id": 1.5}]}\n'
        '{"page_id": -9.223372036854775808e18, "n_spans": 1, "poem_spans": [{"page_start": 1, "page_end": 9, "ref_id": 0}]}\n'
    )
    write(tmp_path / "r.jsonl", ref)
    write(tmp_path / "s.jsonl", sys_)
    result = cli("poetry", tmp_path / "r.jsonl", tmp_path / "s.jsonl", tmp_path / "o.csv", "--json", "-")
    assert result.code == 0, result.err
    assert (tmp_path / "o.csv").read_text().splitlines()[1:] == [
        "18446744073709551615,1.0,1.0,1,0,0,1,0,0", "-9.223372036854776e+18,1.0,1.0,1,0,0,1,0,0"]  # fmt: skip
    rows = json.loads(result.out)["rows"]
    assert [type(r["page_id"]) for r in rows] == [int, float]


@pytest.mark.parametrize(
    ("ref", "message"),
    [
        (  # a line the typed reader leaves whole, then a line that is no object, in one block
            '{"page_id": "p", "n_excerpts": 0, "excerpts": null}\n[1]\n',
            "ref.jsonl:2: expected a JSON object, found an array",
        ),
        (  # the first bad row wins, whatever kind of problem comes later
            reference_line("q", [(0, 5, "A")]) + "\n" + GOOD_REF + "{\n",
            "ref.jsonl:1: expected page \"q\" in sys.jsonl, found none "
            '(add {"page_id": "q", "n_spans": 0, "poem_spans": []} if the system found nothing)',
        ),
        (  # a split error on line 2 comes before invalid JSON on line 3
            GOOD_REF + reference_line("p", [(0, 10, "A"), (0, 5, "A")]) + "\n{\n",
            "ref.jsonl:2: expected reference spans that do not overlap where one system span covers "
            "them, found (0,10) and (0,5) on page \"p\" (the split piece would be empty)",
        ),
    ],
)
def test_the_first_bad_line_is_named(cli, tmp_path, ref, message):
    assert fails(cli, tmp_path, ref) == message


@pytest.mark.parametrize("bad_line", [GOOD_REF.rstrip("\n") + ", " + GOOD_REF.rstrip("\n"), "", "{}"])
def test_lines_decoded_a_piece_at_a_time_name_the_bad_line(cli, tmp_path, bad_line):
    """Pieces of many lines are decoded as one JSON array: two objects on one line (which
    would make two array items), an empty line or a bad object deep in a file of several
    pieces is still refused with its own line number."""
    pages = [reference_line(f"p{k}", [(0, 10, "A")]) for k in range(3000)]
    systems = [system_line(f"p{k}", [(0, 10, "A")]) for k in range(3000)]
    pages.insert(2500, bad_line)
    systems.insert(2500, system_line("extra", []))
    message = fails(cli, tmp_path, "\n".join(pages) + "\n", "\n".join(systems) + "\n")
    expected = {"": "found an empty line", "{}": "found none"}.get(bad_line, "found invalid JSON (Extra data")
    assert message.startswith("ref.jsonl:2501: expected "), message
    assert expected in message, message


def test_labels_are_coded_in_order_of_first_use_across_pieces(tmp_path):
    """Equal labels (1, 1.0, true) share a code, new ones get the next code as the file
    lists them, also where a later piece of the file brings a label not met before."""
    from engine.formats.poetry_jsonl import REFERENCE
    from engine.methods.poetry.reading import Codes, read_pages

    labels = [["b", 1, "b"]] * 2000 + [[True, 1.0, "c", None, "b"]]  # the last line: a later piece
    lines = [reference_line(f"p{k}", [(5 * i, 5 * i + 3, label) for i, label in enumerate(page)])
             for k, page in enumerate(labels)]  # fmt: skip
    path = tmp_path / "ref.jsonl"
    path.write_text("\n".join(lines) + "\n")
    codes = Codes()
    pages = read_pages(str(path), REFERENCE, False, codes)
    assert list(codes) == ["b", 1, "c", None] and codes[True] == 1
    assert pages.columns is not None
    assert pages.columns.label[:3].tolist() == [0, 1, 0]
    assert pages.columns.label[-5:].tolist() == [1, 1, 2, 3, 0]


@pytest.mark.parametrize("suffix", ["", *sorted(COMPRESSORS)])
@pytest.mark.parametrize(("content", "found"), [(b"", "an empty file"), (b"\n \n\t\n", "a file of blank lines")])
def test_an_empty_compressed_file_is_called_so_as_a_plain_one(cli, tmp_path, suffix, content, found):
    """What a compressed file holds is what it is called by: nothing, or blank lines (it was
    'found none', or line 1's empty line, by its compressed bytes)."""
    path = write(tmp_path / f"ref.jsonl{'.' + suffix if suffix else ''}", COMPRESSORS.get(suffix, bytes)(content))
    poetry = cli("poetry", path, path, tmp_path / "out.csv")
    assert poetry.code == 2 and poetry.err.endswith(f"{path.name}: expected at least one page"
                                                    f"{' (a JSON object a line)' * bool(content)}, found {found}\n")
    spans = cli("spans", path, path, "--format", "poetry-jsonl")
    assert spans.code == 2 and spans.err.endswith(f", found {found}\n")


@pytest.mark.parametrize("lines", [1, 3000])
def test_a_key_the_method_reads_not_is_utf_8_all_the_same(cli, tmp_path, lines):
    """A byte that is not UTF-8 in a key the method does not read (a title in Latin-1) is
    refused as in a key it reads, as the general reader and the original (orjson) refuse it:
    the typed decoder skips such keys unread. The lines before it are read as before."""
    systems = [system_line(f"p{k}", [(0, 10, "A")]) for k in range(lines)]
    bad = systems[-1][:-1].encode() + b', "title": "caf\xe9"}'
    pages = "".join(reference_line(f"p{k}", [(0, 10, "A")]) + "\n" for k in range(lines))
    (tmp_path / "ref.jsonl").write_text(pages, encoding="utf-8")
    (tmp_path / "sys.jsonl").write_bytes("".join(s + "\n" for s in systems[:-1]).encode() + bad + b"\n")
    result = cli("poetry", tmp_path / "ref.jsonl", tmp_path / "sys.jsonl", tmp_path / "out.csv")
    assert result.code == 2 and f"sys.jsonl:{lines}: expected UTF-8 text, found byte 0xE9" in result.err


@pytest.mark.parametrize(("depth", "refused"), [(1000, False), (1100, True)])
def test_a_deep_value_in_a_key_the_method_reads_not_is_read_as_the_general_reader_does(
        cli, tmp_path, depth, refused):  # fmt: skip
    """A value nested deeper than msgspec goes (a key the method does not read) is left to the
    general reader: accepted to its depth, refused past it, never a traceback (review39)."""
    deep = "[" * depth + "]" * depth
    system = system_line("p", [(0, 10, "A")])[:-1] + f', "t": {deep}}}\n'
    (tmp_path / "ref.jsonl").write_text(reference_line("p", [(0, 10, "A")]) + "\n", encoding="utf-8")
    (tmp_path / "sys.jsonl").write_text(system, encoding="utf-8")
    result = cli("poetry", tmp_path / "ref.jsonl", tmp_path / "sys.jsonl", tmp_path / "out.csv")
    assert result.code == (2 if refused else 0), result.err
    assert not refused or "sys.jsonl:1: expected a JSON object, found invalid JSON (nested too deeply)" in result.err
