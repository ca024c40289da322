"""`spanstudio compare`: system B read with its own reader options (--system-b-X) where it
is in another format or tag column than system A; not given, B is read as A."""

from __future__ import annotations

import json

GOLD = "John\tB-PER\nlives\tO\n\nMary\tB-PER\nwent\tO\n\n"
SYSTEM_A = "John\tB-PER\nlives\tO\n\nMary\tO\nwent\tO\n\n"
#: System B's tags in its second column (a POS column after them, as some taggers write).
SYSTEM_B = "John\tB-PER\tNNP\nlives\tO\tVBZ\n\nMary\tB-PER\tNNP\nwent\tB-LOC\tVBD\n\n"


def _files(tmp_path) -> list[str]:
    paths = []
    for name, text in (("gold.conll", GOLD), ("a.conll", SYSTEM_A), ("b.conll", SYSTEM_B)):
        (tmp_path / name).write_text(text, encoding="utf-8")
        paths.append(str(tmp_path / name))
    return paths


def test_system_b_in_another_tag_column_is_read_with_its_own_option(tmp_path, cli):
    gold, a, b = _files(tmp_path)
    read = cli("compare", "spans", gold, a, b, "--format", "conll", "--system-b-tag-column", "1", "--json", "-")
    assert read.code == 0, read.err
    report = json.loads(read.out)
    assert report["options"]["system_b_tag_column"] == 1 and "system_tag_column" not in report["options"]
    assert report["options"]["format"] == "conll"
    alone = json.loads(cli("spans", gold, b, "--format", "conll", "--system-tag-column", "1", "--json", "-").out)
    b_f1 = [row for row in report["tables"]["comparison"]["rows"] if row[1] == "micro avg" and row[2] == "f1-score"]
    assert b_f1[0][4] == alone["classification_report"]["micro avg"]["f1-score"] == 0.8
    plain = json.loads(cli("compare", "spans", gold, a, a, "--json", "-").out)  # no B option: none reported
    assert not any(name.startswith("system_b_") for name in plain["options"])


def test_system_bs_error_names_its_own_flag(tmp_path, cli):
    """Read as A (CoNLL, its last column: POS tags), B stops; the way on is B's own option, not A's."""
    gold, a, b = _files(tmp_path)
    result = cli("compare", "spans", gold, a, b, "--format", "conll")
    assert result.code == 2 and result.err.count("\n") == 1
    assert result.err.startswith(f"spanstudio: error: {b}:1: expected a tag O") and "NNP" in result.err
    assert "--system-b-tag-column N" in result.err and "--system-tag-column" not in result.err
    bad = cli("compare", "spans", gold, a, b, "--system-b-scheme", "IOB9")
    assert (bad.code, bad.err) == (2, "spanstudio: error: --system-b-scheme: expected IOB1, IOB2, IOBES, BILOU, "
                                      "BMES or IO, found 'IOB9'\n")  # fmt: skip


def test_system_bs_warnings_name_its_own_flags(tmp_path, cli):
    """A warning about reading B names B's own option (review36: it named A's, whose change
    would read A differently too): here B's CoNLL-U Plus tags read from its column named NE."""
    gold, a, _ = _files(tmp_path)
    b = tmp_path / "b.conllup"
    rows = [("John", "B-PER"), ("lives", "O"), ("", ""), ("Mary", "B-PER"), ("went", "O"), ("", "")]
    b.write_text("# global.columns = ID FORM NE MISC\n" + "".join(
        f"{n}\t{form}\t{tag}\t_\n" if form else "\n" for n, (form, tag) in enumerate(rows, 1)), encoding="utf-8")
    result = cli("compare", "spans", gold, a, b, "--format", "conll")
    assert result.code == 0, result.err
    warned = [line for line in result.err.splitlines() if str(b) in line]
    assert warned and all("--system-b-tag-column N reads another" in line for line in warned), result.err
    assert "--system-tag-column" not in result.err


def test_a_file_name_holding_a_flags_letters_is_left_as_it_is():
    """Only a flag where a word starts names B's own (review37: a file `b--system-x.conll` was
    renamed in B's messages)."""
    from engine.compare_options import system_b_words

    said = "/data/b--system-x.conll: read them with --system-tag-column N (or --system-scheme IO)"
    assert system_b_words(said) == ("/data/b--system-x.conll: read them with --system-b-tag-column N "
                                    "(or --system-b-scheme IO)")  # fmt: skip
