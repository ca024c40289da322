"""`spanstudio compare`: system B read with its own reader options (--system-b-X) where it
is in another format or tag column than system A; not given, B is read as A."""

from __future__ import annotations

import json
import os
from pathlib import Path

from engine.progress import NO_PROGRESS

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


def test_a_file_of_a_read_alike_as_b_gives_its_warnings_once(tmp_path, cli):
    """A's CoNLL-U Plus file as B too, read alike: the note of its column named NE is A's
    (its way on --system-tag-column), not said again with B's flag."""
    gold, _, _ = _files(tmp_path)
    a = _conllu_plus(tmp_path / "a.conllup")
    result = cli("compare", "spans", gold, a, a, "--format", "conll")
    assert result.code == 0, result.err
    warned = [line for line in result.err.splitlines() if "holds no tags" in line]
    assert len(warned) == 1 and "--system-tag-column N reads another" in warned[0], result.err


def test_a_file_name_holding_a_flags_letters_is_left_as_it_is(tmp_path, cli):
    """B's messages name its flags as its reader gives them, its file's name as it is (review37:
    a file `b--system-x.conll` was renamed in B's messages; so was `b --system-x.conllup` in
    B's warnings after the text rewriting that review kept, which took a flag where a word
    starts)."""
    gold, a, _ = _files(tmp_path)
    b = tmp_path / "b--system-x.conll"
    b.write_text(SYSTEM_B, encoding="utf-8")
    said = cli("compare", "spans", gold, a, b, "--format", "conll").err
    assert said == (f"spanstudio: error: {b}:1: expected a tag O or B-, I-, E-, S-, U-, L-, M- followed by a "
                    "label, or labels without a prefix beside O (IO), found 'NNP' in column 2 (counted from 0); "
                    "where the tags are in another column, read them with --system-b-tag-column N; where they are "
                    "IO's labels in a file without O, read them with --system-b-scheme IO\n")  # fmt: skip
    for name in ("b--system-x.conllup", "b --system-x.conllup"):
        plus = _conllu_plus(tmp_path / name)
        warned = cli("compare", "spans", gold, a, plus, "--format", "conll").err
        assert warned == (f"spanstudio: warning: {plus}: the last column (MISC) holds no tags: the tags are read "
                          "from column 2 (counted from 0, NE), the one column the file names for named entities "
                          "(--system-b-tag-column N reads another)\n")  # fmt: skip


def _conllu_plus(path: Path) -> Path:
    """A CoNLL-U Plus file of GOLD's tokens and tags in its column NE, before MISC."""
    rows = [("John", "B-PER"), ("lives", "O"), ("", ""), ("Mary", "B-PER"), ("went", "O"), ("", "")]
    path.write_text("# global.columns = ID FORM NE MISC\n" + "".join(
        f"{n}\t{form}\t{tag}\t_\n" if form else "\n" for n, (form, tag) in enumerate(rows, 1)), encoding="utf-8")
    return path


def test_system_b_on_the_gold_file_is_named_by_its_own_flags(tmp_path, cli):
    """B the gold's own file, which the gold reads with its own option: B's way on is its own
    flag (the shared --tag-column, which B was named before, would read the gold and A anew)."""
    gold, a, b = _files(tmp_path)
    result = cli("compare", "spans", b, a, b, "--format", "conll", "--gold-tag-column", "1")
    assert result.code == 2 and result.err.startswith(f"spanstudio: error: {b}:1: expected a tag O"), result.err
    assert "read them with --system-b-tag-column N;" in result.err and "--tag-column N" not in result.err


def test_what_system_bs_file_holds_is_quoted_as_it_is(tmp_path, cli):
    """A tag of B's file in its message is B's text, not a flag to rename ('--system-x' stayed
    '--system-b-x' under the text rewriting)."""
    gold, a, _ = _files(tmp_path)
    b = tmp_path / "b.conll"
    b.write_text(SYSTEM_B.replace("B-LOC", "--system-x"), encoding="utf-8")
    said = cli("compare", "spans", gold, a, b, "--format", "conll", "--system-b-tag-column", "1").err
    assert f"{b}:5: expected a tag O" in said and "found '--system-x' in column 1" in said, said


def test_a_flag_b_takes_from_a_is_named_as_given(tmp_path, cli):
    """B's warning names the flag that set its option: B's own where it gives one, else system
    A's that it takes (the text rewriting named --system-b-source, which nobody gave)."""
    gold, a, b = _files(tmp_path)
    taken = cli("compare", "spans", gold, a, b, "--format", "conll", "--system-b-tag-column", "1",
                "--system-source", "predictions")  # fmt: skip
    assert taken.code == 0 and f"{b}: --system-source 'predictions' not used" in taken.err, taken.err
    assert "--system-b-source" not in taken.err
    own = cli("compare", "spans", gold, a, b, "--format", "conll", "--system-b-tag-column", "1",
              "--system-b-source", "predictions")  # fmt: skip
    assert own.code == 0 and f"{b}: --system-b-source 'predictions' not used" in own.err, own.err
    assert f"{a}: " not in own.err  # A is read without it


def test_reader_options_the_method_does_not_use_are_said_once(cli):
    """FairEval reads its own files without reader options: the warning naming those set is
    B's as A's where B takes A's (said once, not again as --system-b-tag-column), B's own flag
    where it gives one."""
    example = Path(__file__).parent.parent.parent / "resources" / "examples" / "faireval"
    gold, system = example / "gold.conll", example / "system.conll"
    taken = cli("compare", "faireval", gold, system, system, "--system-tag-column", "2")
    unused = "not used (they apply to the span formats; FairEval reads these files itself)"
    assert taken.code == 0 and taken.err == f"spanstudio: warning: --system-tag-column: {unused}\n"
    own = cli("compare", "faireval", gold, system, system, "--system-b-tag-column", "2")
    assert own.code == 0 and own.err == f"spanstudio: warning: --system-b-tag-column: {unused}\n"


def test_an_export_as_system_b_asks_for_bs_own_user(tmp_path, cli):
    """An INCEpTION project export as system B, no user given: B's own flag names one."""
    from .test_agreement_exports import project_entries, separate_folders, zipped

    path = zipped(tmp_path / "project.zip", project_entries())
    _, ben, _ = separate_folders(tmp_path)
    result = cli("compare", "spans", path, ben, path)
    assert result.code == 2 and ("project.zip: expected a user whose annotations are the system's "
                                 "(--system-b-user NAME: anna, ben, cara), found none given") in result.err


def test_the_apps_second_system_is_named_as_compares_system_b(tmp_path):
    """The app's Second system is read as compare reads its system B (engine.comparison.add_comparison:
    none of its own given, the system's): its messages name B's own flag, which the app names by
    its options panel's Second system control."""
    from engine.comparison import add_comparison
    from engine.methods import Invocation, get_method
    from engine.stats import Confidence

    gold, a, _ = _files(tmp_path)
    b = _conllu_plus(tmp_path / "b.conllup")
    method = get_method("spans")
    run = Invocation(gold, a, method.Options(format="conll"))
    report = method.evaluate(gold, a, run.options)
    add_comparison(method, report, run, str(b), Confidence(0.95, 100, 1, 100), NO_PROGRESS)
    warned = [m for m in report.messages if str(b) in m]
    assert warned and all("(--system-b-tag-column N reads another)" in m for m in warned), report.messages
    assert not any(f"{b}: {b}" in m for m in report.messages), report.messages  # named once


def test_the_apps_second_system_names_its_file_once():
    """The Second system's messages name its file once (a reader's warning, a FileWarning, names
    it already: not `b.conllup: b.conllup: …`), and one the first system gave too is not repeated."""
    from engine.comparison import second_system_messages
    from engine.errors import FileWarning, shown

    first = ["--system-tag-column: not used (…)"]
    second = [*first, FileWarning("b.conllup", "the last column (MISC) holds no tags"), "no spans in 2 documents"]
    assert second_system_messages(first, second, ("a.conllup", "b.conllup")) == [
        "b.conllup: the last column (MISC) holds no tags", "b.conllup: no spans in 2 documents"]
    long = "d" * 400 + "/b.conllup"  # shown() cuts it in its middle; a reader's warning names it whole
    assert second_system_messages([], [FileWarning(long, "no tags"), "b.conllupx: other"], ("a", long)) == [
        f"{long}: no tags", f"{shown(long)}: b.conllupx: other"]
    folder = os.path.join("runs", "b")  # a folder of brat files: its reader names the file in it
    assert second_system_messages([], [FileWarning(os.path.join(folder, "doc1.ann"), "1 dropped")], ("a", folder)) == [
        f"{os.path.join(folder, 'doc1.ann')}: 1 dropped"]
    left_out = FileWarning("gold.json", "1 task has no annotation, left out of the comparison: 7")
    assert second_system_messages([], [left_out], ("a.json", "b.json")) == [left_out]  # the gold's, not put under B's name


def test_system_bs_tag_column_beyond_its_columns_names_its_flag(tmp_path, cli):
    """--system-b-tag-column 9 on B's three columns (read as a vertical file: a token, one BIO
    column and POS tags; or as CoNLL) names B's own flag (it named none): the option's fault."""
    gold, a, b = _files(tmp_path)
    result = cli("compare", "spans", gold, a, b, "--system-b-tag-column", "9")
    assert (result.code, result.err) == (2, f"spanstudio: error: {b}: expected a BIO column 1..1 (or -1..-1 "
                                            "from the last), found column 9; read one of them with "
                                            "--system-b-tag-column N\n")  # fmt: skip
    conll = cli("compare", "spans", gold, a, b, "--system-b-format", "conll", "--system-b-tag-column", "9")
    assert (conll.code, conll.err) == (2, f"spanstudio: error: {b}:1: expected a token in column 0 (counted from "
                                          "0) and a tag in column 9 (counted from 0), found 3 columns; where the "
                                          "tags are in another column, read them with --system-b-tag-column N\n")


def test_the_apps_second_system_folders_warning_keeps_its_file_as_data(tmp_path):
    """A brat folder as the Second system: its reader's warning about a file in it reaches the
    report as a FileWarning (its file as data), named once."""
    from engine.comparison import add_comparison
    from engine.errors import FileWarning
    from engine.methods import Invocation, get_method
    from engine.stats import Confidence

    for name, ann in (("gold", "T1\tPER 0 4\tJohn\n"), ("a", "T1\tPER 0 4\tJohn\n"),
                      ("b", "T1\tPER 0 4\tJohn\nT2\tLOC 5 5\t\n")):  # fmt: skip
        for doc in ("d1", "d2"):
            (tmp_path / name).mkdir(exist_ok=True)
            (tmp_path / name / f"{doc}.txt").write_text("John lives here.\n", encoding="utf-8")
            (tmp_path / name / f"{doc}.ann").write_text(ann, encoding="utf-8")
    method = get_method("spans")
    run = Invocation(str(tmp_path / "gold"), str(tmp_path / "a"), method.Options())
    report = method.evaluate(run.gold, run.system, run.options)
    add_comparison(method, report, run, str(tmp_path / "b"), Confidence(0.95, 100, 1, 100), NO_PROGRESS)
    dropped = [m for m in report.messages if "zero-length" in m]
    assert [m.file for m in dropped] == [str(tmp_path / "b" / "d1.ann"), str(tmp_path / "b" / "d2.ann")]
    assert all(isinstance(m, FileWarning) and m.startswith(f"{m.file}: 1 zero-length") for m in dropped)


def test_a_file_warning_is_copied_and_pickled_with_its_file():
    import copy
    import pickle

    from engine.errors import FileWarning

    warning = FileWarning("b.conllup", "no tags", line=3)
    for again in (copy.deepcopy(warning), copy.copy(warning), pickle.loads(pickle.dumps(warning))):
        assert (type(again), again, again.file) == (FileWarning, "b.conllup:3: no tags", "b.conllup")


def test_system_bs_own_messages_name_its_file(tmp_path, cli):
    """A message of B's run that names no file (labels only its system uses) is given under B's
    file, as the app's second system's are (it came bare, as though about system A); one A
    gives too is given once."""
    gold, a, b = _files(tmp_path)
    alone = cli("spans", gold, b, "--system-tag-column", "1")
    said = "labels only the system uses (scored): LOC"
    assert alone.err == f"spanstudio: warning: {said}\n"
    for method in ("spans", "nervaluate"):
        result = cli("compare", method, gold, a, b, "--system-b-tag-column", "1")
        assert result.code == 0 and result.err == f"spanstudio: warning: {b}: {said}\n"
    twice = cli("compare", "spans", gold, b, b, "--system-tag-column", "1")
    assert twice.code == 0 and twice.err == f"spanstudio: warning: {said}\n"  # one file: said once


def test_a_message_both_systems_give_names_b_too(tmp_path, cli):
    """A message each system gives of itself (both use a label the gold does not) is given bare
    for A and under B's file for B (review49: B's was dropped as A's, read as about A alone);
    one about the gold or an option that names itself, once."""
    gold, _a, b = _files(tmp_path)
    other = tmp_path / "b2.conll"
    other.write_bytes(Path(b).read_bytes())
    said = "labels only the system uses (scored): LOC"
    result = cli("compare", "spans", gold, b, str(other), "--system-tag-column", "1", "--system-b-tag-column", "1")
    assert result.code == 0 and result.err == f"spanstudio: warning: {said}\nspanstudio: warning: {other}: {said}\n"


def test_one_file_read_two_ways_gives_bs_message_under_its_file(tmp_path, cli):
    """One file's two columns as A and B (review50 F1): B's run is not A's input read alike, so
    its message is given under B's file even though its text is A's."""
    gold, one = tmp_path / "gold.conll", tmp_path / "m.conll"
    gold.write_text("John B-PER\nParis B-LOC\n\nAcme B-ORG\n", encoding="utf-8")
    one.write_text("John B-PER B-PER\nParis B-MISC B-MISC\n\nAcme B-ORG B-MISC\n", encoding="utf-8")
    said = "labels only the system uses (scored): MISC"
    result = cli("compare", "spans", gold, one, one, "--system-tag-column", "1", "--system-b-tag-column", "2")
    assert result.code == 0 and result.err == f"spanstudio: warning: {said}\nspanstudio: warning: {one}: {said}\n"


def test_a_files_warning_by_another_spelling_of_its_path_is_given_once(tmp_path, cli):
    """A brat folder as A and, spelled otherwise (`./`, a link), as B (review50 F2): the reader's
    warning of its duplicate span is said once, as for the same spelling."""
    for side in ("gold", "sys"):
        (tmp_path / side).mkdir()
        (tmp_path / side / "d.txt").write_text("John lives in Paris.\nMary sleeps.\n", encoding="utf-8")
    (tmp_path / "gold" / "d.ann").write_text("T1\tPER 0 4\tJohn\nT2\tLOC 14 19\tParis\n", encoding="utf-8")
    (tmp_path / "sys" / "d.ann").write_text(
        "T1\tPER 0 4\tJohn\nT2\tLOC 14 19\tParis\nT3\tLOC 14 19\tParis\n", encoding="utf-8")
    (tmp_path / "link").symlink_to(tmp_path / "sys")
    system = str(tmp_path / "sys")
    alone = cli("compare", "spans", str(tmp_path / "gold"), system, system)
    assert alone.code == 0 and alone.err.count("warning:") >= 1
    for spelling in (os.path.join(system, "."), system + os.sep, str(tmp_path / "link")):
        result = cli("compare", "spans", str(tmp_path / "gold"), system, spelling)
        assert result.code == 0 and result.err == alone.err, spelling


def test_a_warning_about_an_entry_of_a_zip_by_two_paths_to_it_is_given_once(tmp_path):
    """A reader's warning about a file inside a zip (an INCEpTION export's entry) by two
    spellings of the zip's path, or a link to it, is said once (review51 F3); another entry's,
    or the same entry's of another zip, is B's own."""
    from engine.comparison import second_system_messages
    from engine.errors import FileWarning

    (tmp_path / "exp.zip").write_bytes(b"PK\x05\x06" + bytes(18))
    (tmp_path / "other.zip").write_bytes(b"PK\x05\x06" + bytes(18))
    (tmp_path / "link.zip").symlink_to(tmp_path / "exp.zip")
    entry = os.path.join("annotation", "doc1.txt", "ben.tsv")
    said = "the file ends inside its last line"
    first = [FileWarning(os.path.join(str(tmp_path), "exp.zip", entry), said, line=12)]
    for zip_path in (os.path.join(str(tmp_path), ".", "exp.zip"), str(tmp_path / "link.zip")):
        again = FileWarning(os.path.join(zip_path, entry), said, line=12)
        assert second_system_messages(first, [again], (str(tmp_path / "a.zip"), zip_path)) == []
    others = [FileWarning(os.path.join(str(tmp_path), "exp.zip", "annotation", "doc2.txt", "ben.tsv"), said, 12),
              FileWarning(os.path.join(str(tmp_path), "other.zip", entry), said, 12)]
    assert second_system_messages(first, others, (str(tmp_path / "a.zip"), str(tmp_path / "b.zip"))) == others


def test_a_system_that_is_the_gold_file_is_warned_of_as_system_a_or_b(tmp_path, cli):
    """review50 F3: the single run's same-file warning, in a comparison for either system,
    named as the command line names it (system A, system B)."""
    gold, a, _ = _files(tmp_path)
    same = "are the same file ({}): the scores compare it with itself"
    as_b = cli("compare", "spans", gold, a, gold)
    assert as_b.code == 0 and f"gold and system B {same.format(gold)}" in as_b.err and "system A" not in as_b.err
    as_a = cli("compare", "spans", gold, gold, a)
    assert as_a.code == 0 and f"gold and system A {same.format(gold)}" in as_a.err and "system B" not in as_a.err
    copy = tmp_path / "copy.conll"
    copy.write_bytes(Path(gold).read_bytes())
    as_copy = cli("compare", "spans", gold, a, str(copy))
    assert f"gold ({gold}) and system B ({copy}) hold the same bytes" in as_copy.err
    assert "same" not in cli("compare", "spans", gold, a, a).err


def test_a_system_b_option_given_with_the_value_a_reads_is_no_second_reading(tmp_path, cli):
    """--system-b-tag-column -1 (A's default) or 1 (A's by --tag-column 1) reads B as A reads
    it: the gold's file as B is warned of as the same file, A's file as B says A's message once,
    and the report names no B option (a flag written made them "one file read two ways")."""
    gold, _a, b = _files(tmp_path)
    same = f"gold and system B are the same file ({gold}): the scores compare it with itself"
    for given in (["--system-b-tag-column", "-1"], ["--system-b-index", "0"], ["--system-b-source", "annotations"]):
        result = cli("compare", "spans", gold, gold.replace("gold", "a"), gold, *given)
        assert result.code == 0 and same in result.err, (given, result.err)
    said = "labels only the system uses (scored): LOC"
    once = cli("compare", "spans", gold, b, b, "--tag-column", "1", "--system-b-tag-column", "1", "--json", "-")
    assert once.code == 0 and once.err == f"spanstudio: warning: {said}\n", once.err
    assert not any(name.startswith("system_b_") for name in json.loads(once.out)["options"])
    other = cli("compare", "spans", gold, b, b, "--tag-column", "1", "--system-b-tag-column", "-1", "--json", "-")
    assert other.code == 0 and json.loads(other.out)["options"]["system_b_tag_column"] == -1  # another value


def test_a_message_of_another_user_of_an_export_names_that_user(tmp_path, cli):
    """One doccano zip of several users as A (alice) and B (bob): B's message names bob's
    annotations in it (its path alone did not tell it from A's); A's file read for the same
    user, and another file, keep their naming."""
    from .test_doccano_zip import SPANS, export, jsonl, user_records

    zipped = export(tmp_path, {f"{user}.jsonl": jsonl(user_records(SPANS[user])) for user in SPANS})
    gold = tmp_path / "gold.jsonl"
    gold.write_text(jsonl(user_records(SPANS["alice"])), encoding="utf-8")
    said = "labels only the system uses (scored): ORG"
    bob = cli("compare", "spans", gold, zipped, zipped, "--system-user", "alice", "--system-b-user", "bob")
    assert bob.code == 0 and bob.err == f"spanstudio: warning: bob's annotations in {zipped}: {said}\n", bob.err
    alone = cli("spans", gold, zipped, "--system-user", "bob")
    assert alone.code == 0 and alone.err == f"spanstudio: warning: {said}\n"  # a single run's, as it was
    copy = tmp_path / "copy.zip"
    copy.write_bytes(Path(zipped).read_bytes())
    apart = cli("compare", "spans", gold, zipped, copy, "--system-user", "alice", "--system-b-user", "bob")
    assert apart.code == 0 and apart.err == f"spanstudio: warning: {copy}: {said}\n", apart.err


def test_a_system_b_of_a_format_the_method_does_not_read_is_refused_unless_named(tmp_path, cli):
    """compare checks B as the System (suggest.check_system, review63 F2): FairEval refuses a
    .vrt B before reading; with --system-b-format conll its reader decides (and says where)."""
    chunks = tmp_path / "chunks.txt"
    chunks.write_text("EU NNP B-NP\nrejects VBZ B-VP\n\n", encoding="utf-8")
    vrt = tmp_path / "b.vrt"
    vrt.write_text("<text>\n<s>\nAnna\tI-PER\n</s>\n</text>\n", encoding="utf-8")
    refused = cli("compare", "faireval", chunks, chunks, vrt)
    assert refused.code == 2 and "b.vrt" in refused.err and "looks like vertical text (.vrt)" in refused.err
    named = cli("compare", "faireval", chunks, chunks, vrt, "--system-b-format", "conll")
    assert named.code == 2 and "looks like" not in named.err and "b.vrt" in named.err
