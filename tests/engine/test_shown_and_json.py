"""What is shown stays safe (issue 20): error messages escape control characters and cut
long fields; the JSON report is streamed with the same bytes as one orjson.dumps."""

from __future__ import annotations

import io
import json
import math

import orjson

from engine.errors import InputError, shown
from engine.export.json import BATCH, dumps, report_dict, to_json, write_report


def test_control_characters_in_a_message_are_escaped():
    err = InputError("a label", "'\x1b[31mred\x1b[0m\tand\nmore\x7f\u202e\ufffe'", file="a\udcffb.tsv", line=3)
    assert str(err) == ("a\\xffb.tsv:3: expected a label, found '\\x1b[31mred\\x1b[0m\\tand\\nmore\\x7f\\u202e\\ufffe'"
                        " (\\u202e is a right-to-left override)")
    assert "\x1b" not in str(err) and "\n" not in str(err)


def test_an_invisible_character_is_shown_as_an_escape_and_named():
    err = InputError("'wisteria01 1 20 in'", "'\ufeffwisteria01 1 20 in'", file="s.txt", line=4)
    assert str(err) == ("s.txt:4: expected 'wisteria01 1 20 in', found '\\ufeffwisteria01 1 20 in'"
                        " (\\ufeff is a byte-order mark)")
    many = str(InputError("x", "a\u200bb\u200dc\xadd\u2060e"))
    assert many == ("expected x, found a\\u200bb\\u200dc\\xadd\\u2060e (\\u200b is a zero width space;"
                    " \\u200d is a zero width joiner; \\xad is a soft hyphen; …)")
    assert shown("tag\U000e0041") == "tag\\U000e0041"


def test_visible_text_is_shown_as_it_is():
    text = "Größe 東京 عربي \u0600١ — “quoted” 👍 \u00a0"
    assert shown(text) == text and str(InputError("x", text)) == f"expected x, found {text}"


def test_a_long_field_is_cut_in_the_middle():
    field = "'" + "x" * 50_000_000 + "' (a hint at the end)"
    text = str(InputError("a label", field, file="f", line=1))
    assert len(text) < 400
    assert text.startswith("f:1: expected a label, found 'xxx") and text.endswith("x' (a hint at the end)")
    assert "[49,999,722 characters cut]" in text
    assert shown("short") == "short" and shown("y" * 1000, cut=False) == "y" * 1000


def test_a_control_character_in_an_input_reaches_the_terminal_escaped(cli, tmp_path):
    gold, system = tmp_path / "g.tsv", tmp_path / "s.tsv"
    gold.write_text("PER\t1\tx\x1b]0;owned\x07\tSherlock\n", encoding="utf-8")
    system.write_text("PER\t1\t1\tSherlock\n", encoding="utf-8")
    result = cli("faireval", gold, system)
    assert result.code == 2 and "\x1b" not in result.err and "\x07" not in result.err
    assert "\\x1b]0;owned\\x07" in result.err


class Stub:
    """A report with a long error table, a NaN and the method's own keys."""

    method, title, engine_version, created = "m", "M", "0", "now"
    options = {"a": 1}
    inputs: list = []
    messages = ["note"]

    def __init__(self, rows: int) -> None:
        self.data = {"scores": {"p": math.nan}, "_private": object(), "pages": list(range(rows))}
        self.tables = {}
        self.error_rows = [{"id": i, "text": f"é{i}", "score": math.nan if i % 7 == 0 else i / 3} for i in range(rows)]

    def metadata(self):
        return {"method": self.method, "title": self.title, "engine_version": self.engine_version,
                "created": self.created, "options": self.options, "input_files": []}  # fmt: skip


def _whole(report) -> str:
    """The report as one orjson.dumps call gives it (NaN as null)."""
    return orjson.dumps(report_dict(report)).decode("utf-8") + "\n"


def test_the_streamed_json_is_the_same_bytes_as_one_dumps():
    for rows in (0, 5, 2 * BATCH, 5 * BATCH + 3):
        report = Stub(rows)
        handle = io.BytesIO()
        write_report(report, handle)
        assert handle.getvalue().decode("utf-8") == _whole(report) == dumps(report)
        standard = json.loads(json.dumps(report_dict(report), ensure_ascii=False).replace("NaN", "null"))
        assert json.loads(dumps(report)) == standard


def test_what_orjson_refuses_is_written_by_the_standard_library_the_same_way():
    value = {"big": 2**70, "small": -(2**65), "x": [math.nan, math.inf, -math.inf, 1e-05, 2.5e-07, 0.1], 3: "three"}
    assert to_json(value) == '{"big":1180591620717411303424,"small":-36893488147419103232,"x":[null,null,null,1e-05,2.5e-07,0.1],"3":"three"}\n'
    assert to_json({"x": [math.nan, math.inf, 1e-05, 2.5e-07], 3: "three"}) == '{"x":[null,null,0.00001,2.5e-7],"3":"three"}\n'
    assert to_json({"file": "a\udcffb"}) == '{"file":"a\\\\xffb"}\n'
    for value in (0.1, 1 / 3, 1e300, 5e-324, -0.0, 123456789.125):  # floats read back equal
        assert json.loads(to_json(value)) == value


def test_a_name_that_is_not_utf8_is_escaped_and_every_other_text_kept():
    report = Stub(3)
    report.inputs = ["caf\udce9.tsv"]
    report.metadata = lambda: {"input_files": list(report.inputs)}
    report.error_rows[0]["text"] = "line one\nline\ttwo \x1b"
    handle = io.BytesIO()
    write_report(report, handle)
    assert handle.getvalue().decode("utf-8") == dumps(report)
    written = json.loads(dumps(report))
    assert written["input_files"] == ["caf\\xe9.tsv"]
    assert written["errors"][0]["text"] == "line one\nline\ttwo \x1b"


def test_an_original_format_file_with_a_runnable_cell_is_written_as_is_with_one_warning(cli, tmp_path):
    gold = tmp_path / "g.tsv"
    gold.write_text('=HYPERLINK("http://x")\t1\t1\tword\n=1+1\t2\t2\tw\n', encoding="utf-8")
    out = tmp_path / "eval.tsv"
    result = cli("faireval", gold, gold, "--eval-out", out)
    assert result.code == 0
    text = out.read_text(encoding="utf-8")
    assert '\n=HYPERLINK("http://x")\t' in text and "\n=1+1\t" in text  # as the original writes it
    warnings = [line for line in result.err.splitlines() if "would run as a formula" in line]
    assert warnings == [
        f"spanstudio: warning: {out}:{text[: text.index('=1+1')].count(chr(10)) + 1}: the cell "
        "'=1+1' (and perhaps others) would run as a formula if the file is opened in a "
        "spreadsheet; it is written as the original tool writes it (the review workbook, --xlsx, and Export CSV "
        "keep such text as text)"
    ]
    plain = tmp_path / "plain.tsv"
    plain.write_text("PER\t1\t1\tword\n", encoding="utf-8")
    result = cli("faireval", plain, plain, "--eval-out", tmp_path / "e2.tsv")
    assert "formula" not in result.err


def test_negative_numbers_and_dashes_are_no_formulas():
    from engine.export.runnable import runnable_cell

    assert runnable_cell("a\tb\n-1\t-0.5\t+3\t-\t+\n") is None
    assert runnable_cell('x,"@SUM(A1)"\n') == (1, '"@SUM(A1)"')
    assert runnable_cell("a\n-cmd|x\tb") == (2, "-cmd|x")


def test_a_runnable_cell_is_found_where_a_cell_starts_and_only_there():
    """Each of `=+-@` at a line start, after a TAB, a comma or a semicolon, and after a quote
    there; a `-` inside a cell (page ids, ranges) is none; in any text (non-ASCII, a
    surrogate of a name that is no UTF-8)."""
    from engine.export.runnable import runnable_cell

    for mark in "=+-@":
        for before in ("\t", ",", ";", '\t"', ',"', ';"', "\n", '\n"', "\r", '\r"'):
            for text in (f"page-000123,1-2{before}{mark}x,b\n", f"{before[1:]}{mark}x;b"):
                start = text.index(f"{mark}x") - before.endswith('"')
                cell = text[start:].split(",")[0].split(";")[0].split("\n")[0]
                assert runnable_cell(text) == (text.count("\n", 0, start) + 1, cell), repr(text)
                assert runnable_cell("é\udcff," + text.replace("page", "pâge"))[1] == cell
    for text in ("page-000123,1-2\n", "a-=b,c+@d\n", "a,-1,+.5,-\n", "é,-2\n", '"-,"'):
        assert runnable_cell(text) is None, repr(text)
    assert runnable_cell("é\udcff,\n;@x") == (2, "@x")
    assert runnable_cell("x\r=1\n") == (1, "=1")  # a lone CR ends a line in a spreadsheet
    assert runnable_cell('x\r"-cmd\r\n') == (1, '"-cmd')


def test_the_runnable_cell_found_from_its_first_character_is_the_full_patterns_first():
    import random
    import re

    from engine.export.runnable import runnable_cell

    runnable = re.compile(r'(?:^|(?<=[\t,;\r]))"?(?:[=@]|[+-](?![\d.\t,;"\r\n]|$))', re.MULTILINE | re.ASCII)
    rnd = random.Random(23)
    for _ in range(20_000):
        text = "".join(rnd.choice('ab1.-+=@\t,;"\r\n e\u0661') for _ in range(rnd.randint(0, 14)))
        found = runnable.search(text)  # how the cell was found before (one pattern over the text)
        expected = found and (
            text.count("\n", 0, found.start()) + 1,
            re.split(r"[\t,;\r\n]", text[found.start() : found.start() + 200], maxsplit=1)[0],
        )
        assert runnable_cell(text) == expected, repr(text)
    assert runnable_cell("x,-\u0661\n") == (1, "-\u0661")  # a sign before a digit of another script runs


def test_a_list_made_a_part_at_a_time_is_written_as_the_list_it_makes():
    """report.Later with a part maker: written a part at a time, never made whole, and
    the same bytes as the list it makes."""
    from engine.report import Later

    for rows in (0, 3, BATCH, 2 * BATCH + 1):
        asked: list[tuple[int, int]] = []

        def part(start: int, stop: int, asked: list = asked) -> list[dict]:
            asked.append((start, stop))
            return [{"n": i, "x": math.nan if i == 1 else f"é{i}"} for i in range(start, stop)]

        report = Stub(2)
        report.data["made"] = Later(rows, part=part)
        handle = io.BytesIO()
        write_report(report, handle)
        assert all(stop - start <= BATCH for start, stop in asked)  # never the whole list at once
        report.data["made"] = part(0, rows)
        assert handle.getvalue().decode("utf-8") == _whole(report)
        later = Later(rows, part=part)
        assert len(later) == rows and list(later) == part(0, rows) and later[1:2] == part(0, rows)[1:2]
        assert to_json({"made": Later(rows, part=part)}) == to_json({"made": part(0, rows)})
