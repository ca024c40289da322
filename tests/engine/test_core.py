"""Engine core: input errors, text reading, atomic writes, options, the CLI and reports."""

from __future__ import annotations

import dataclasses
import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

from engine.errors import InputError
from engine.methods import all_methods, get_method
from engine.options import from_plain, option, option_specs, to_plain, validate
from engine.textio import iter_lines, read_blocks
from engine.writing import atomic_write_text

ROOT = Path(__file__).resolve().parents[2]


def test_input_error_message_forms():
    assert str(InputError("a", "b", file="f.tsv", line=3)) == "f.tsv:3: expected a, found b"
    assert str(InputError("a", "b", file="f.tsv")) == "f.tsv: expected a, found b"
    assert str(InputError("a", "b", option="--x")) == "--x: expected a, found b"
    assert str(InputError("a", "b")) == "expected a, found b"


def test_lines_split_like_python_text_mode(tmp_path):
    f = tmp_path / "x.txt"
    f.write_bytes(b"a\r\nb\rc\nd\x0be\x1cf\n")
    assert list(iter_lines(f)) == ["a", "b", "c", "d\x0be\x1cf"]
    f.write_bytes(b"\n\nx\ny\n \n\n z \n")
    assert list(read_blocks(f)) == [(3, ["x", "y"]), (7, ["z"])]


def test_undecodable_byte_is_located(tmp_path):
    f = tmp_path / "x.txt"
    f.write_bytes(b"ok\r\nok\n\xff\n")
    with pytest.raises(InputError, match=r"x.txt:3: expected UTF-8 text, found byte 0xFF"):
        list(read_blocks(f, "x.txt"))


def test_atomic_write_replaces_whole_or_not_at_all(tmp_path, monkeypatch):
    target = tmp_path / "out.txt"
    target.write_text("old")
    atomic_write_text(target, "new\n")
    assert target.read_text() == "new\n"

    def broken(*args, **kwargs):
        raise OSError("disk full")

    monkeypatch.setattr("engine.writing.os.replace", broken)
    with pytest.raises(OSError):
        atomic_write_text(target, "half")
    assert target.read_text() == "new\n"
    assert [p.name for p in tmp_path.iterdir()] == ["out.txt"]  # no temporary file left


def test_a_temporary_name_in_use_is_passed_over(tmp_path, monkeypatch):
    """The temporary file beside the target is new: a name already taken is not reused."""
    draws = iter([b"\x00" * 6, b"\x00" * 6, b"\x01" * 6])
    monkeypatch.setattr("engine.writing.os.urandom", lambda n: next(draws))
    taken = tmp_path / ".out.txt.000000000000.tmp"
    taken.write_text("someone else's")
    atomic_write_text(tmp_path / "out.txt", "new\n")
    assert (tmp_path / "out.txt").read_text() == "new\n"
    assert taken.read_text() == "someone else's"
    assert sorted(p.name for p in tmp_path.iterdir()) == [".out.txt.000000000000.tmp", "out.txt"]


@dataclasses.dataclass(frozen=True)
class Demo:
    level: int = option(3, "Level.", minimum=0, maximum=3)
    mode: str = option("a", "Mode.", choices=("a", "b"))
    names: tuple[str, ...] = option(("x",), "Names.")
    weight: float | None = option(None, "Weight.", minimum=0)


def test_option_specs_and_validation():
    specs = {s.name: s for s in option_specs(Demo)}
    assert specs["level"].type is int and specs["names"].is_list and specs["weight"].optional
    assert specs["mode"].flag == "--mode"
    validate(Demo())
    with pytest.raises(InputError, match="--level: expected a number ≤ 3, found 5"):
        validate(Demo(level=5))
    with pytest.raises(InputError, match="--mode: expected a or b, found 'c'"):
        validate(Demo(mode="c"))
    assert from_plain(Demo, to_plain(Demo(level=1, names=("p", "q")))) == Demo(level=1, names=("p", "q"))
    assert from_plain(Demo, {"level": "junk", "unknown": 1}) == Demo()


def test_every_method_declares_what_the_front_ends_need():
    for method in all_methods():
        assert method.name and method.title and len(method.description) > 80
        assert {spec.role for spec in method.inputs} == {"gold", "system"}
        for spec in option_specs(method.Options):
            assert spec.info.help
        method.Options()  # every option has a default


def test_help_lists_every_option_with_its_default(cli):
    for method in all_methods():
        with pytest.raises(SystemExit):
            cli(method.name, "--help")
    result = subprocess.run(
        [sys.executable, "-m", "engine.cli", "faireval", "--help"], capture_output=True, text=True, cwd=ROOT
    )
    for spec in option_specs(get_method("faireval").Options):
        assert spec.flag in result.stdout
    assert result.stdout.count("(default:") >= len(option_specs(get_method("faireval").Options))


def test_methods_command_and_top_level_help(cli):
    result = cli("methods")
    assert result.code == 0 and result.out.startswith("faireval\t")
    top = subprocess.run(
        [sys.executable, "-m", "engine.cli", "--help"], capture_output=True, text=True, cwd=ROOT
    )
    assert "faireval" in top.stdout and "methods" in top.stdout


def test_usage_errors_are_one_line(cli):
    result = cli("faireval", "a", "b", "c")
    assert result.code == 2 and result.err.count("\n") == 1 and result.err.startswith("spanstudio: error: ")
    result = cli("nomethod")
    assert result.code == 2 and result.err.count("\n") == 1


@pytest.mark.parametrize("method", ["spans", "nervaluate"])
def test_a_missing_input_is_one_line_for_every_method(cli, method):
    """GOLD and SYSTEM are optional arguments (a method's parser takes --help alone): a run
    without them was an internal TypeError (os.stat of None) in spans and nervaluate."""
    assert cli(method).err == f"spanstudio: error: {method}: expected GOLD and SYSTEM, found neither\n"
    assert cli(method, "gold.conll").err == f"spanstudio: error: {method}: expected GOLD and SYSTEM, found GOLD alone\n"
    for args in (["faireval"], ["clueval"], ["poetry"], ["starsem"], ["propara"]):
        result = cli(*args)
        assert result.code == 2 and result.err.count("\n") == 1 and "internal error" not in result.err


def test_engine_never_imports_qt():
    code = (
        "import sys, engine.cli, engine.methods; engine.methods.all_methods(); "
        "import engine.export.json; print([m for m in sys.modules if m.startswith(('PySide6', 'gui'))])"
    )
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, cwd=ROOT).stdout
    assert out.strip() == "[]"


def test_cli_start_does_not_import_pandas():
    code = "import sys, engine.cli; engine.cli.build_parser(); print('pandas' in sys.modules)"
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, cwd=ROOT).stdout
    assert out.strip() == "False"


def test_help_is_as_wide_as_the_terminal_without_shutil():
    code = "import sys, engine.cli; engine.cli.build_parser(sys.argv[1:]); print('shutil' in sys.modules)"
    out = subprocess.run([sys.executable, "-c", code, "starsem"], capture_output=True, text=True, cwd=ROOT)
    assert out.stdout.strip() == "False"
    widths = {}
    for columns in ("50", "120", "x"):  # not a number: the terminal's width, or 80 (shutil's rule)
        env = {**os.environ, "COLUMNS": columns}
        result = subprocess.run([sys.executable, "-m", "engine.cli", "--help"], capture_output=True,
                                text=True, cwd=ROOT, env=env)  # fmt: skip
        widths[columns] = max(map(len, result.stdout.splitlines()))
    assert widths["50"] <= 48 < widths["x"] <= 78 < widths["120"] <= 118


def test_json_report_envelope_and_error_table(cli, tmp_path):
    from tests.engine.test_faireval_examples import span_file

    t = span_file(tmp_path / "t.tsv", [("PER", 1, 2), ("ORG", 6, 8)])
    s = span_file(tmp_path / "s.tsv", [("LOC", 1, 2), ("ORG", 7, 9)])
    report = json.loads(cli("faireval", t, s, "--json", "-").out)
    assert report["method"] == "faireval" and report["engine_version"]
    assert [f["role"] for f in report["input_files"]] == ["gold", "system"]
    assert all(len(f["sha256"]) == 64 for f in report["input_files"])
    assert [(e["type"], e["gold_label"], e["system_label"]) for e in report["errors"]] == [
        ("LE", "PER", "LOC"),
        ("BE", "ORG", "ORG"),
    ]
    be = report["errors"][1]
    assert (be["subtype"], be["gold_position"], be["system_position"]) == ("BEO", "6-8", "7-9")
    assert (be["gold_start"], be["gold_end"], be["system_start"], be["system_end"]) == (5, 8, 6, 9)
    assert report["tables"]["overall"]["columns"] == ["method", "precision", "recall", "f1"]
    assert [p["type"] for p in report["pairs"]] == ["LE", "BE"]


def test_token_numbers_show_words_where_a_unit_has_them():
    from engine.spans import Document, TokenNumbers

    units = [(0, 3), (3, 3), (3, 7)]
    tokens = TokenNumbers(units, {2: ["a", "b"]})
    assert list(tokens) == ["1", "2", "3", "a", "b", "3", "4"]
    assert tokens[2:5] == ["3", "a", "b"] and tokens[-1] == "4" and tokens[::3] == ["1", "a", "4"]
    assert len(tokens) == 7
    huge = Document("d", TokenNumbers([(0, 10**9)]), [(0, 10**9)])
    text = huge.text(5, 10**9 - 5)  # a stretch too long to show whole keeps its ends
    assert text.startswith("6 7 8") and " … " in text and text.endswith(f"{10**9 - 5}")


@pytest.mark.parametrize(
    ("method", "gold", "system"),
    [
        (
            "starsem",
            "starsem/SEM-2012-SharedTask-CD-SCO-test-cardboard-GOLD.txt",
            "starsem/cardboard.mixed.system.txt",
        ),
        ("propara", "propara/testfiles-1/answers.tsv", "propara/testfiles-1/predictions.tsv"),
    ],
)
def test_input_digests_of_the_bytes_read(cli, tmp_path, method, gold, system):
    """*SEM and ProPara hand the report the bytes they read; it hashes them when asked."""
    import hashlib

    from tests.conftest import CONFORMANCE

    g, s = CONFORMANCE / gold, CONFORMANCE / system
    flags = ("-g", g, "-s", s) if method == "starsem" else ("-a", g, "-p", s)
    report = json.loads(cli(method, *flags, "--json", "-").out)
    digests = [hashlib.sha256(path.read_bytes()).hexdigest() for path in (g, s)]
    assert [(f["role"], f["sha256"]) for f in report["input_files"]] == [
        ("gold", digests[0]),
        ("system", digests[1]),
    ]
