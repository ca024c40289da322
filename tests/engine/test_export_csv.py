"""CSV export: every table of a report, exact numbers, formulas defused, written atomically;
and the token text reader the viewer uses to show words for span files."""

from __future__ import annotations

import csv
import io
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from engine.errors import InputError
from engine.export.csv import (
    _text,
    cell,
    columns_text,
    csv_files,
    file_names,
    number_fields,
    table_text,
    write_csv,
)
from engine.formats.token_text import read_sentences
from engine.methods import get_method
from engine.report import ERROR_COLUMNS, Report, Table, error_row

EXAMPLE = Path(__file__).resolve().parents[2] / "resources" / "examples" / "faireval"


def rows_of(text: str) -> list[list[str]]:
    assert text.startswith("\ufeff")
    return list(csv.reader(io.StringIO(text[1:], newline="")))


def test_cells_keep_numbers_exact_and_defuse_formulas():
    assert cell(0.1 + 0.2) == "0.30000000000000004"
    assert cell(-3) == "-3" and cell(-0.5) == "-0.5"  # numbers stay numbers, signs and all
    assert cell(None) == "" and cell(float("nan")) == ""
    assert cell(True) == "true"
    assert cell([[4, 7], [9, 10]]) == "[[4, 7], [9, 10]]"
    for text in ("=SUM(A1:A9)", "+1", "-LRB-", "@cmd", "\tx", "\rx"):
        assert cell(text) == "'" + text
    assert cell("a=b") == "a=b" and cell("O'Brien") == "O'Brien"


def test_a_column_written_as_a_whole_is_what_each_cell_gives():
    columns = [[1, None, -2], ["=x", None, "a", "", "-LRB-", "\tx"], [0.5, float("nan"), 3, None, float("inf")],
               ["a", "b-c", "x\x00=y"], ["a", "@b"], ["a", "\rb"], [[[4, 7]], [], [[1, 2], [3, 4]]], [[1, "a"], [None]], [True, 1, "x", None, 0.1, [1.5]]]  # fmt: skip
    for values in columns:
        text = table_text(["c"], [[v] for v in values])
        assert text == _text(["c"], ([cell(v)] for v in values))


def test_columns_written_as_a_whole_are_what_the_csv_module_writes():
    """Tables of two or more columns are joined without the csv module: the same text as
    it writes for each row of cells (quotes where a field holds a quote, a comma or a line
    break; numbers as repr gives them; None empty)."""
    columns = [[1, None, -2, 10**30], ["=x", None, "a", "", "-LRB-", "\tx"], [0.5, float("nan"), 3, None, -0.0],
               ["a", "b-c", "x\x00=y", 'say "hi"'], ["a,b", "@b", ""], ["a", "\rb", "c\nd", "\r\n"],
               [[[4, 7]], [], [[1, 2], [3, 4]]], [[1, "a"], [None], ['"']], [True, 1, "x", None, 0.1, [1.5]],
               [7, 8, 9], ["é🟨1", "\u2028", " x "]]  # fmt: skip
    for first in columns:
        for second in columns:
            rows = [[a, b] for a, b in zip(first, second)]  # noqa: B905 (as long as the shorter)
            assert table_text(["c", "d,e"], rows) == _text(["c", "d,e"], ([cell(a), cell(b)] for a, b in rows))


def test_rows_joined_a_block_at_a_time_are_what_the_csv_module_writes():
    """Rows of many blocks (row_blocks: the last one shorter; a block of one row where a row
    is wider than a block) are the text the csv module writes, row after row; columns of
    different lengths are refused."""
    from engine.export.csv import JOIN_ITEMS, columns_file, row_blocks

    count = 3 * JOIN_ITEMS // 4 + 7  # two columns: a block of JOIN_ITEMS // 4 rows
    rows = [[k, f"t{k % 13},x" if k % 5 else "é🟨"] for k in range(count)]
    assert table_text(["n", "t"], rows) == _text(["n", "t"], ([cell(a), cell(b)] for a, b in rows))
    assert len(columns_file(["n", "t"], list(zip(*rows, strict=True)))) == 1 + 4
    wide = [[str(k)] * 2 for k in range(JOIN_ITEMS)]  # two rows of JOIN_ITEMS fields
    assert b"".join(row_blocks(wide)) == b"".join(f"{','.join(row)}\r\n".encode() for row in zip(*wide, strict=True))
    with pytest.raises(ValueError):
        list(row_blocks([["a", "b"], ["c"]]))
    with pytest.raises(ValueError):
        list(row_blocks([["a"], ["c", "d"]]))


def test_text_columns_are_defused_and_quoted_as_the_csv_module_writes():
    """A column of texts gets the formula check and the quotes, a column shown twice the
    same; many texts to quote (poetry's parts) and few alike."""
    many = [f"[[{k}, {k + 1}]]" for k in range(20)] + ["[]", "-1", "=x", 'a"b', "@c", "+d", "x-y"]
    few = [str(k) for k in range(40)] + ["a,b", "-LRB-", "\tx", "", "c\nd"]
    for texts in (many, few, many[:3]):
        plain = list(range(len(texts)))
        cells = [[cell(t), cell(k), cell(t)] for t, k in zip(texts, plain, strict=True)]
        assert columns_text(["t", "k", "t"], [texts, plain, texts]) == _text(["t", "k", "t"], cells)


def _as_the_csv_module_writes(values: list) -> None:
    """A column alone, and beside another, is what the csv module writes of each cell."""
    assert table_text(["c"], [[v] for v in values]) == _text(["c"], ([cell(v)] for v in values))
    rows = [[v, k] for k, v in enumerate(values)]
    assert table_text(["c", "k"], rows) == _text(["c", "k"], ([cell(v), cell(k)] for v, k in rows))


def test_numbers_whose_json_is_not_their_repr_are_written_as_repr():
    """orjson writes a column's numbers; repr() those whose JSON differs (1e16, 1e-05,
    infinities), NaN and None empty, integers past 64 bits, -0.0 and the edges of 1e-4."""
    values = [1e16, 1.5e16, 9999999999999998.0, 1e15, 1e-5, 1.5e-5, 1e-7, 0.0001, -0.0001, 0.00011, -1e-05,
              5e-324, 1e300, -0.0, 0.0, float("inf"), float("-inf"), float("nan"), None, 0.1 + 0.2, 2**63 - 1,
              -(2**63), 2**64, -(2**70), 10**30, 3, None]  # fmt: skip
    assert number_fields(values) == ["" if v is None or v != v else repr(v) for v in values]
    assert number_fields([1e-5, 2]) == ["1e-05", "2"]
    assert number_fields([2**64, None]) == ["18446744073709551616", ""]
    edges = ([1e16] * 3, [float("inf"), None, float("nan")], [2**64], [-0.0, None], [True, 1, 1.5])
    for column in (values, *edges):
        _as_the_csv_module_writes(column)


@settings(max_examples=300, deadline=None)
@given(st.lists(st.one_of(st.floats(), st.integers(), st.none(), st.booleans()), max_size=30))
def test_any_numbers_are_what_the_csv_module_writes(values):
    _as_the_csv_module_writes(values)


_TEXT = st.text(alphabet=st.sampled_from(["a", "é", "🟨", "=", "+", "-", "@", "\t", "\r", "\n", ",", '"', "'",
                                           "\x00", " ", "1", "[", "]", "\\", "\u2028"]), max_size=6)  # fmt: skip


@settings(max_examples=300, deadline=None)
@given(st.lists(st.one_of(_TEXT, st.none()), max_size=30))
def test_any_texts_are_what_the_csv_module_writes(values):
    """Formula-like texts defused, quotes where the csv module puts them, NULs inside texts."""
    _as_the_csv_module_writes(values)


@settings(max_examples=300, deadline=None)
@given(st.lists(_TEXT, min_size=1, max_size=30))
def test_coded_texts_are_what_the_csv_module_writes(values):
    """Texts coded (report.Coded, laid out as Pieces: poetry's Spans rows) are the fields the
    csv module writes of each: formula-like texts defused, quotes where it puts them, a
    NUL inside a text kept; a row without a text (index −1) empty."""
    import numpy as np

    from engine.export.csv import Pieces
    from engine.report import Coded

    index = np.array([k if k % 3 else -1 for k in range(len(values))] + [len(values) - 1])
    shown = [values[k] if k >= 0 else "" for k in index]
    n = len(index)
    text = columns_text(["c", "k"], [Pieces([Coded(values, index)], n), Pieces([b"k"], n)])
    assert text == _text(["c", "k"], ([cell(v), "k"] for v in shown))


_WHOLE_NUMBER_LIST = st.recursive(st.lists(st.integers(min_value=-(2**70), max_value=2**70), max_size=3),
                                  lambda inner: st.lists(inner, max_size=3), max_leaves=8)  # fmt: skip


@settings(max_examples=300, deadline=None)
@given(st.lists(st.one_of(_WHOLE_NUMBER_LIST, st.lists(st.one_of(st.none(), st.booleans(), _TEXT, st.floats(),
                                                                 st.integers()), max_size=4)), max_size=12))  # fmt: skip
def test_any_lists_are_what_the_csv_module_writes(values):
    """Lists of whole numbers by orjson as one array, split between them; a list holding a None,
    a text (one that is a NUL too), a bool or a float as json.dumps writes it."""
    _as_the_csv_module_writes(values)


def test_a_null_inside_a_list_is_not_taken_for_the_one_between_lists():
    for values in ([[1, None, 2], [3]], [[4], [5, None, None, 6]], [[[1], None, [2]]], [[7, "\x00", 8], [9]]):
        _as_the_csv_module_writes(values)
        assert table_text(["c", "d"], [[v, 0] for v in values]).count("\r\n") == 1 + len(values)


def test_a_table_is_rfc_4180_with_a_byte_order_mark():
    text = table_text(["label", "f1"], [['say "hi", then go', 0.5], ["line\nbreak", None]])
    assert text == '\ufefflabel,f1\r\n"say ""hi"", then go",0.5\r\n"line\nbreak",\r\n'


def test_file_names_are_safe_and_unique():
    report = Report("m", "M", {}, [], {"per label": Table(["a"], [[1]]), "per/label": Table(["b"], [[2]]),
                                      "../x": Table(["c"], [[3]])})  # fmt: skip
    assert list(file_names(report)) == ["errors.csv", "per_label.csv", "per_label_2.csv", "x.csv"]
    assert file_names(report)["per_label_2.csv"] == "per/label"


def test_the_example_exports_every_table_and_the_errors(tmp_path):
    method = get_method("faireval")
    report = method.evaluate(f"{EXAMPLE}/gold.conll", f"{EXAMPLE}/system.conll", method.Options())
    written = write_csv(report, tmp_path / "out")
    assert [p.name for p in written] == ["errors.csv", *(f"{name}.csv" for name in report.tables)]
    errors = rows_of((tmp_path / "out" / "errors.csv").read_text(encoding="utf-8"))
    assert errors[0][: len(ERROR_COLUMNS)] == list(ERROR_COLUMNS)
    assert {"gold_line", "system_line"} <= set(errors[0][len(ERROR_COLUMNS) :])
    assert errors[1][:8] == ["E1", "gold.conll", "1", "", "BE", "BES", "LOC", "LOC"]
    assert len(errors) == 1 + len(report.error_rows)
    overall = rows_of((tmp_path / "out" / "overall.csv").read_text(encoding="utf-8"))
    assert overall[0] == report.tables["overall"].columns
    assert [float(v) for v in overall[1][1:]] == report.tables["overall"].rows[0][1:]  # exact


def test_extra_error_columns_of_any_row_are_kept():
    rows = [error_row(type="FN"), error_row(type="FP", marker="x")]
    report = Report("m", "M", {}, [], {}, rows)
    assert report.error_columns == [*ERROR_COLUMNS, "marker"]
    assert rows_of(csv_files(report)["errors.csv"])[2][-1] == "x"


def test_a_folder_that_is_a_file_is_an_input_error_and_nothing_is_written(tmp_path):
    blocker = tmp_path / "out"
    blocker.write_text("keep")
    report = Report("m", "M", {}, [], {"t": Table(["a"], [[1]])})
    with pytest.raises(InputError, match=r"out: expected a folder, found a file"):
        write_csv(report, blocker)
    assert blocker.read_text() == "keep"


def test_a_name_that_is_not_utf8_is_written_escaped(tmp_path):
    """A file name's byte 0xE9 (os.fsdecode's surrogate) as messages and the JSON report show it."""
    report = Report("m", "M", {}, [], {"t": Table(["a", "b"], [["caf\udce9", 1]])}, [error_row(document="caf\udce9.txt")])
    write_csv(report, tmp_path / "out")
    assert rows_of((tmp_path / "out" / "errors.csv").read_text(encoding="utf-8"))[1][1] == "caf\\xe9.txt"
    assert (tmp_path / "out" / "t.csv").read_bytes() == "\ufeffa,b\r\ncaf\\xe9,1\r\n".encode()


def test_laid_out_bytes_are_escaped_only_where_they_hold_a_surrogate():
    """Blocks laid out from Pieces: Korean (0xED and 0x80-0x9F begin U+D000-U+D7FF) taken as
    they are; a name's surrogate (0xED and 0xA0-0xBF) in any block escaped as messages show
    it, the file then one text."""
    from engine.export.csv import Blocks, _utf8

    korean = Blocks(["\ufeffa\r\n".encode(), "한국어 힣\r\n".encode()])
    assert _utf8(korean) is korean
    named = Blocks(["\ufeffa\r\n힣\r\n".encode(), "caf\udce9.txt\r\n".encode("utf-8", "surrogatepass")])
    assert _utf8(named) == "\ufeffa\r\n힣\r\ncaf\\xe9.txt\r\n".encode()


def test_token_text_reads_conll_and_one_token_per_line(tmp_path):
    assert read_sentences(f"{EXAMPLE}/gold.conll")[0] == ["Sherlock", "Holmes", "lived", "at", "221B", "Baker",
                                                          "Street", "in", "London", "."]  # fmt: skip
    plain = tmp_path / "tokens.txt"
    plain.write_text("\n\nA\ncat\n\n\n#\nsat\tVBD\n", encoding="utf-8")
    assert read_sentences(plain) == [["A", "cat"], ["#", "sat"]]
    empty = tmp_path / "empty.txt"
    empty.write_text("\n \n", encoding="utf-8")
    with pytest.raises(InputError, match=r"empty.txt: expected one token per line, found no tokens"):
        read_sentences(empty)


def test_rows_put_texts_of_any_length_in_where_they_go():
    """Rows of constants, fixed-width texts and texts of any length (bytes objects: put in
    after the others are laid out) give each row's pieces joined, a NUL or a 0xFF byte of
    a loose text kept, whatever the rows asked for."""
    import numpy as np

    from engine.export.rowtexts import Rows, Taken

    short = np.array([b"a", b"bc", b"", b"d"])
    loose = np.array([b"x" * 300, b"", b"\x00y\xff", b"z,"], dtype=object)
    rows = Rows([b"[", short, b"|", loose, Taken(loose, np.array([3, 2, 1, 0])), short, b"]\n"])
    want = [b"[" + s + b"|" + t + u + s + b"]\n" for s, t, u in zip(short, loose, loose[::-1], strict=True)]
    for a, b in ((0, 4), (1, 3), (2, 2), (3, 4)):
        assert rows.text(a, b) == b"".join(want[a:b])


def test_rows_put_texts_of_any_length_in_beside_percent_signs():
    """The loose texts are put in by one `%` of bytes over the rows laid out: a `%` of a
    constant or of a fixed-width text stays as it is, and so does a loose text's own
    `%b`, `%%` or `%s`."""
    import numpy as np

    from engine.export.rowtexts import Rows

    short = np.array([b"%", b"%%b", b"a%s", b""])
    loose = np.array([b"%b", b"", b"%%", b"x%s%"], dtype=object)
    rows = Rows([b'{"%d":', short, b",%b:", loose, b"%}"])
    want = [b'{"%d":' + s + b",%b:" + t + b"%}" for s, t in zip(short, loose, strict=True)]
    for a, b in ((0, 4), (1, 3), (3, 4)):
        assert rows.text(a, b) == b"".join(want[a:b])


def test_rows_laid_out_part_by_part_keep_only_their_own_texts(monkeypatch):
    """rowtexts.Rows keeps the constants' records from one part to the next: a later part's
    shorter texts leave nothing of an earlier part's longer ones, a last, shorter part and a
    larger one after it come out whole, and so do rows laid out a few at a time (LIMIT)."""
    import numpy as np

    from engine.export import rowtexts
    from engine.export.rowtexts import Rows, Taken

    texts = np.array([b"longest", b"x", b"", b"mid", b"yy"])
    rows = Rows([b"<", texts, b"|", Taken(np.array([b"a", b"bcd"]), np.array([1, 0, 0, 1, 0])), b">"])
    want = [b"<longest|bcd>", b"<x|a>", b"<|a>", b"<mid|bcd>", b"<yy|a>"]
    assert [bytes(rows.buffer(a, b)) for a, b in ((0, 2), (2, 4), (4, 5), (0, 5))] == [
        b"".join(want[0:2]), b"".join(want[2:4]), want[4], b"".join(want)]  # fmt: skip
    monkeypatch.setattr(rowtexts, "LIMIT", 40)  # three records of 13 bytes at a time
    assert rows.text(0, 5) == b"".join(want)
