"""A wrong scheme or tag column on both of two different files: the gold's one-line message
says the system file has the same fault, with the flag whose one change mends both."""

from __future__ import annotations

import pytest

#: IOB2 tags: read as IOBES, the gold stops at its O after I-PER, the system at its O after B-PER.
GOLD = "John\tB-PER\nSmith\tI-PER\nlives\tO\n\n"
SYSTEM = "John\tB-PER\nSmith\tO\nlives\tO\n\n"
SCHEME_FAULT = ("g.conll:3: expected IOBES: O, B-X, S-X or (after B-X or I-X of the same X) I-X or E-X; a B-X "
                "span ends with E-X, found 'O' after 'I-PER'; its tags fit IOB2: read them with ")  # fmt: skip
#: CoNLL-U Plus naming two columns for named entities, its last (GEO) holding none.
NAMES = "ID FORM LEMMA UPOS XPOS FEATS HEAD DEPREL DEPS OLD:NE NE GEO"


def _files(tmp_path, gold: str = GOLD, system: str = SYSTEM) -> tuple[str, str]:
    (tmp_path / "g.conll").write_text(gold, encoding="utf-8")
    (tmp_path / "s.conll").write_text(system, encoding="utf-8")
    return str(tmp_path / "g.conll"), str(tmp_path / "s.conll")


def _plus(tags: list[str]) -> str:
    rows = ["\t".join([str(k), "w", "w", "X", "_", "_", "0", "dep", "_", "_", tag, "_"]) for k, tag in enumerate(tags, 1)]
    return "\n".join([f"# global.columns = {NAMES}", *rows]) + "\n\n"


@pytest.mark.parametrize(
    ("options", "way_on"),
    [
        (["--scheme", "IOBES"], "--scheme IOB2 (the system file {s}:2 too)"),  # one change of the shared flag
        (["--scheme", "IOBES", "--system-scheme", "IOBES"],
         "--gold-scheme IOB2 (the system file {s}:2 too: read it with --system-scheme IOB2)"),  # its own flag
    ],
)  # fmt: skip
def test_a_scheme_both_files_fault_is_said_once(tmp_path, cli, options, way_on):
    gold, system = _files(tmp_path)
    result = cli("spans", gold, system, *options)
    assert result.code == 2 and result.err.count("\n") == 1
    assert result.err == f"spanstudio: error: {tmp_path}/{SCHEME_FAULT}{way_on.format(s=system)}\n"


def test_only_the_gold_at_fault_is_said_as_before(tmp_path, cli):
    """The system read with the scheme (or at fault in another way): the gold's message as it was."""
    gold, system = _files(tmp_path, system="John\tS-PER\nlives\tO\n\n")
    result = cli("spans", gold, system, "--scheme", "IOBES")
    assert result.code == 2 and result.err == f"spanstudio: error: {tmp_path}/{SCHEME_FAULT}--gold-scheme IOB2\n"
    one = cli("spans", gold, gold, "--scheme", "IOBES")  # one file: its option is the shared one already
    assert one.code == 2 and one.err == f"spanstudio: error: {tmp_path}/{SCHEME_FAULT}--scheme IOB2\n"


def test_a_tag_column_both_files_fault_is_said_once(tmp_path, cli, capsys):
    gold, system = _files(tmp_path, _plus(["B-PER", "O"]), _plus(["B-PER", "B-LOC"]))
    result = cli("spans", gold, system, "--format", "conll")
    assert result.code == 2 and result.err.count("\n") == 1
    assert result.err.endswith(f"read them with --tag-column N (the file names its columns ID, FORM, LEMMA, UPOS, "
                               f"XPOS, FEATS, HEAD, DEPREL, DEPS, OLD:NE, NE, GEO) (the system file {system}:2 too)\n")
    assert cli("spans", gold, system, "--format", "conll", "--tag-column", "10").code == 0  # the one change


def test_a_long_folder_cuts_none_of_the_advice(person_folder, cli):
    """A person's folders make the message long: the long value of a file is cut, never the
    way on nor where the system file has the same fault (it was cut in the middle)."""
    folder = person_folder
    gold, system = _files(folder, _plus(["B-PER", "O"]), _plus(["B-PER", "B-LOC"]))
    result = cli("spans", gold, system, "--format", "conll")
    assert result.code == 2 and "characters cut" not in result.err
    assert result.err.endswith(f"read them with --tag-column N (the file names its columns ID, FORM, LEMMA, UPOS, "
                               f"XPOS, FEATS, HEAD, DEPREL, DEPS, OLD:NE, NE, GEO) (the system file {system}:2 too)\n")
    long_tag = "B-" + "X" * 5000  # one long value from the file: still cut in the middle
    gold, system = _files(folder, _plus([long_tag, "O"]), _plus(["B-PER"]))
    cut = cli("spans", gold, system, "--format", "conll", "--tag-column", "10", "--scheme", "IOBES")
    assert cut.code == 2 and cut.err.count("\n") == 1 and "characters cut" in cut.err and len(cut.err) < 1000


def test_every_way_on_one_change_mends_is_the_shared_flag(tmp_path, cli):
    """POS tags in both files: the column and, for IO's labels, the scheme; each named by the
    shared flag that mends both (the text rewriting gave the first alone: --gold-scheme IO)."""
    gold, system = _files(tmp_path, "John\tNNP\nlives\tVBZ\n\n", "John\tNNP\nlives\tNN\n\n")
    result = cli("spans", gold, system, "--format", "conll")
    assert result.code == 2 and result.err.endswith(
        "read them with --tag-column N; where they are IO's labels in a file without O, read them with "
        f"--scheme IO (the system file {system}:1 too)\n"), result.err  # fmt: skip
    assert cli("spans", gold, system, "--format", "conll", "--scheme", "IO").code == 0  # the one change
    own = cli("spans", gold, system, "--format", "conll", "--system-scheme", "IOB2")  # the system's own scheme
    assert own.err.endswith("read them with --tag-column N; where they are IO's labels in a file without O, read "
                            f"them with --gold-scheme IO (the system file {system}:1 too)\n"), own.err  # fmt: skip


def test_the_system_read_from_the_golds_file_with_the_golds_own_option_names_its_own(tmp_path, cli):
    """One file, the gold read with its own --gold-tag-column: the system's fault is its own,
    and its message names --system-tag-column (it named the shared --tag-column)."""
    gold, _ = _files(tmp_path, "John\tNNP\tB-PER\nlives\tVBZ\tO\n\n")
    result = cli("spans", gold, gold, "--gold-tag-column", "2", "--tag-column", "1")
    assert result.code == 2 and result.err.count("\n") == 1
    assert result.err.endswith("found 'NNP' in column 1 (counted from 0); where the tags are in another column, "
                               "read them with --system-tag-column N; where they are IO's labels in a file "
                               "without O, read them with --system-scheme IO\n")


def test_a_tag_column_beyond_both_files_columns_is_said_once(tmp_path, cli):
    """A column no token line of either file has: the flag of both sides (it named no flag)."""
    gold, system = _files(tmp_path)
    result = cli("spans", gold, system, "--tag-column", "5")
    assert result.code == 2 and result.err == (
        f"spanstudio: error: {gold}:1: expected a token in column 0 (counted from 0) and a tag in column 5 "
        "(counted from 0), found 2 columns; where the tags are in another column, read them with --tag-column N "
        f"(the system file {system}:1 too)\n")  # fmt: skip
