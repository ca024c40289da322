"""doccano's Export Dataset zip, built here as doccano writes it (backend/data_export/
celery_tasks.py: each member's examples to `<username>.jsonl`, or every user's to
`all.jsonl` in a collaborative project, in a folder that shutil.make_archive zips;
pipeline/writers.py: pandas' records as JSON Lines). Every span method and the agreement
command read it with the figures of the same files unzipped; the app's choices list its
users; a zip that is not doccano's, and a bad entry, are named."""

from __future__ import annotations

import json
import shutil
import zipfile
from pathlib import Path

import pytest

from engine.agreement.inputs import export_annotators
from engine.cli import main
from engine.formats import detect, detected_module, format_module, in_span_formats, read_spans
from engine.formats.standoff import ReadOptions

METHODS = ("spans", "nervaluate", "faireval", "clueval")
EXAMPLES = {
    7: "Sherlock Holmes met Dr. Watson in London.",
    8: "Moriarty fled to Paris / Meiringen at dawn.",
    9: "Mrs. Hudson kept the house on Baker Street.",
}
#: Each user's spans of each example, as doccano's TupledSpanFormatter gives them (sorted triples).
SPANS = {
    "admin": {7: [], 8: [], 9: []},  # a project's admin who annotated nothing
    "alice": {7: [[0, 15, "PER"], [20, 30, "PER"], [34, 40, "LOC"]], 8: [[0, 8, "PER"], [17, 22, "LOC"],
              [25, 34, "LOC"]], 9: [[0, 11, "PER"], [30, 42, "LOC"]]},
    "bob": {7: [[0, 8, "PER"], [24, 30, "PER"], [34, 40, "ORG"]], 8: [[0, 8, "PER"], [17, 34, "LOC"]],
            9: [[5, 11, "PER"], [30, 42, "LOC"]]},
}  # fmt: skip


def jsonl(records: list[dict]) -> str:
    """Records as pandas' to_json(orient="records", lines=True, force_ascii=False) writes them:
    compact, '/' escaped, one a line, a line end after the last."""
    return "".join(json.dumps(r, ensure_ascii=False, separators=(",", ":")).replace("/", "\\/") + "\n"
                   for r in records)  # fmt: skip


def user_records(spans: dict[int, list]) -> list[dict]:
    """A sequence-labelling project's examples: id, text, label, Comments (create_formatter)."""
    return [{"id": i, "text": EXAMPLES[i], "label": spans[i], "Comments": []} for i in EXAMPLES]


def export(tmp_path: Path, files: dict[str, str], name: str = "export") -> str:
    """The zip export_dataset returns: the files written in a folder, which shutil.make_archive zips."""
    folder = tmp_path / name
    folder.mkdir()
    for file, text in files.items():
        (folder / file).write_text(text, encoding="utf-8")
    return shutil.make_archive(str(folder), "zip", str(folder))


@pytest.fixture
def individual(tmp_path) -> str:
    """A project without collaborative annotation: one file per member."""
    return export(tmp_path, {f"{user}.jsonl": jsonl(user_records(SPANS[user])) for user in SPANS})


def unzipped(path: str, user: str) -> str:
    """A user's file of the zip, unzipped beside it (the existing reader's input)."""
    folder = Path(path).with_suffix("")
    return str(folder / f"{user}.jsonl")


def report(capsys, method: str, *args: str) -> dict:
    assert main([method, *args, "--json", "-"]) == 0, capsys.readouterr().err
    data = json.loads(capsys.readouterr().out)
    return {name: data[name] for name in ("tables", "classification_report", "results") if name in data}


def test_the_zip_holds_each_users_file_at_its_top(individual):
    with zipfile.ZipFile(individual) as archive:
        assert sorted(archive.namelist()) == ["admin.jsonl", "alice.jsonl", "bob.jsonl"]
        assert {info.compress_type for info in archive.infolist()} == {zipfile.ZIP_DEFLATED}
    assert detected_module(individual) == "doccano" and detect(individual) == "doccano JSONL"
    assert in_span_formats(individual)  # FairEval and CLUEval read it with the span readers


@pytest.mark.parametrize("method", METHODS)
def test_each_method_reads_the_users_named_as_their_files(capsys, individual, method):
    alice, bob = unzipped(individual, "alice"), unzipped(individual, "bob")
    from_zip = report(capsys, method, individual, individual, "--gold-user", "alice", "--system-user", "bob")
    assert from_zip == report(capsys, method, alice, bob)
    assert from_zip != report(capsys, method, individual, individual, "--gold-user", "bob",
                              "--system-user", "alice")  # fmt: skip


def test_the_figures_are_those_of_the_files(capsys, individual):
    """alice against bob, by hand: 8 gold spans, 7 system spans, two the same (Moriarty, Baker Street)."""
    data = report(capsys, "spans", individual, individual, "--gold-user", "alice", "--system-user", "bob")
    micro = data["classification_report"]["micro avg"]
    assert (micro["precision"], micro["recall"], micro["support"]) == (pytest.approx(2 / 7), 0.25, 8)


def test_a_collaborative_projects_all_jsonl_is_read_without_a_user(tmp_path, capsys):
    together = {i: SPANS["alice"][i] + SPANS["bob"][i] for i in EXAMPLES}
    path = export(tmp_path, {"all.jsonl": jsonl(user_records(together))}, "collaborative")
    system = tmp_path / "system.jsonl"
    system.write_text(jsonl(user_records(SPANS["bob"])), encoding="utf-8")
    assert report(capsys, "spans", path, str(system)) == report(
        capsys, "spans", unzipped(path, "all"), str(system)
    )
    read = read_spans(path)
    assert [d.name for d in read.documents] == ["7", "8", "9"]  # the examples' ids, as the file's
    assert read.source == f"{path}/all.jsonl"


def test_a_relation_projects_entities_are_read(tmp_path):
    records = [{"id": i, "text": EXAMPLES[i], "Comments": [], "relations": [],
                "entities": [{"id": 100 * i + k, "label": label, "start_offset": s, "end_offset": e}
                             for k, (s, e, label) in enumerate(SPANS["alice"][i])]}
               for i in EXAMPLES]  # fmt: skip
    path = export(tmp_path, {"alice.jsonl": jsonl(records)}, "relations")
    read, alone = read_spans(path), read_spans(unzipped(path, "alice"))
    assert len(read.spans) == len(alone.spans) == 8
    assert list(read.spans.label_names) == list(alone.spans.label_names) == ["PER", "LOC"]


def test_agreement_measures_every_user_as_the_files(capsys, individual):
    def measured(*args: str) -> dict:
        assert main(["agreement", *args, "--json", "-"]) == 0, capsys.readouterr().err
        data = json.loads(capsys.readouterr().out)
        return {k: v for k, v in data.items() if k not in ("created", "options", "input_files")}

    files = [unzipped(individual, user) for user in SPANS]
    from_zip, from_files = measured(individual), measured(*files)
    assert from_zip.pop("inputs") == {user: f"{individual}/{user}.jsonl" for user in SPANS}  # each its entry
    assert from_files.pop("inputs") == dict(zip(SPANS, files, strict=True))
    assert from_zip == from_files
    assert from_zip["annotators"] == ["admin", "alice", "bob"]
    assert list(export_annotators(individual)) == ["admin", "alice", "bob"]


def test_an_empty_users_file_is_no_annotator(tmp_path, capsys, monkeypatch):
    files = {f"{user}.jsonl": jsonl(user_records(SPANS[user])) for user in ("alice", "bob")}
    path = export(tmp_path, {**files, "admin.jsonl": ""}, "approved")  # doccano's empty DataFrame
    assert main(["agreement", path, "--json", "-"]) == 0
    captured = capsys.readouterr()
    assert json.loads(captured.out)["annotators"] == ["alice", "bob"]
    assert captured.err.count("admin.jsonl is empty") == 1 and "no annotator" in captured.err
    assert main(["spans", path, path, "--gold-user", "admin", "--system-user", "bob"]) == 2
    assert (
        f"{path}/admin.jsonl: expected a file with annotations, found an empty file"
        in capsys.readouterr().err
    )
    export(tmp_path, {"alice.jsonl": files["alice.jsonl"], "bob.jsonl": ""}, "one")
    monkeypatch.chdir(tmp_path)  # a short path: a long message is cut in the middle
    assert main(["agreement", "one.zip"]) == 2  # why bob is no annotator is said
    assert "holds the annotations of one annotator (alice)" in (err := capsys.readouterr().err)
    assert "alone); the file bob.jsonl is empty (doccano exports only the examples a user" in err
    assert err.endswith("is chosen, and none was confirmed): no annotator\n")
    export(tmp_path, {"alice.jsonl": "", "bob.jsonl": ""}, "none")
    assert main(["agreement", "none.zip"]) == 2
    assert "none.zip: expected a user's file with annotations, found the files alice.jsonl, bob.jsonl are " \
        "empty" in capsys.readouterr().err  # fmt: skip


def test_an_unknown_user_is_answered_with_the_users_who_have_annotations(tmp_path, capsys):
    """Naming a user whose file is empty gives the empty file's error: the list of the users
    to choose from names only those with annotations, and says how many files are empty."""
    files = {f"{user}.jsonl": jsonl(user_records(SPANS[user])) for user in ("alice", "bob")}
    path = export(tmp_path, {**files, "admin.jsonl": "", "carol.jsonl": "\n"}, "approved")
    err = error(capsys, path, path, "--gold-user", "dora", "--system-user", "bob")
    assert err == (f"spanstudio: error: {path}: expected a user of the export with annotations (alice, bob; "
                   "2 other users' files are empty), found 'dora'\n")  # fmt: skip
    one = export(tmp_path, {**files, "admin.jsonl": ""}, "one")
    assert "(alice, bob; 1 other user's file is empty), found 'dora'" in error(
        capsys, one, one, "--gold-user", "dora", "--system-user", "bob")
    none = export(tmp_path, {"alice.jsonl": "", "bob.jsonl": ""}, "none")
    assert f"{none}: expected a user's file with annotations, found the files alice.jsonl, bob.jsonl are " \
        "empty" in error(capsys, none, none, "--gold-user", "dora", "--system-user", "bob")  # fmt: skip


def test_the_left_out_users_file_travels_with_the_annotators(tmp_path, individual):
    """Why a file is no annotator is the reading's, not found again in its warnings' words."""
    files = {"alice.jsonl": jsonl(user_records(SPANS["alice"])), "bob.jsonl": ""}
    found = export_annotators(export(tmp_path, files, "one"))
    assert list(found) == ["alice"] and found.left_out.startswith("the file bob.jsonl is empty (doccano ")
    assert found["alice"].warnings[-1].endswith(f"one.zip: {found.left_out}")
    assert export_annotators(individual).left_out == ""
    assert export_annotators(unzipped(individual, "alice")).left_out == ""  # one annotator's file


def test_the_apps_choices_are_the_users_and_their_labels(individual):
    doccano = format_module("doccano")
    every = doccano.choices(individual, ReadOptions())
    assert every == {"label": ["LOC", "ORG", "PER"], "user": ["admin", "alice", "bob"]}
    assert doccano.choices(individual, ReadOptions(user="alice"))["label"] == ["LOC", "PER"]


def error(capsys, *args: str) -> str:
    assert main(["spans", *args]) == 2
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and err.startswith("spanstudio: error: ")
    return err


def test_a_user_is_named_where_the_zip_holds_several(capsys, individual):
    err = error(capsys, individual, individual, "--system-user", "bob")
    assert (
        f"{individual}: expected the user whose annotations are read (--gold-user or --system-user "
        "NAME: admin, alice, bob), found none, and 3 users' files (agreement reads every user of the zip "
        "given alone)"
    ) in err
    err = error(capsys, individual, individual, "--gold-user", "carol", "--system-user", "bob")
    assert f"{individual}: expected a user of the export (admin, alice, bob), found 'carol'" in err


def test_the_user_asked_for_is_named_by_the_flag_of_the_side_read(capsys, tmp_path, individual):
    """review50 F4: a zip read for one side names that side's own flag only (the gold's user
    never applies to a system, nor the system's to the gold); one file read for both, both."""
    conll = tmp_path / "a.conll"
    conll.write_text("Sherlock\tB-PER\n", encoding="utf-8")
    asked = "expected the user whose annotations are read ({} NAME: admin, alice, bob)"
    assert f"{individual}: {asked.format('--gold-user')}, found none" in error(capsys, individual, str(conll))
    assert f"{individual}: {asked.format('--system-user')}, found none" in error(capsys, str(conll), individual)
    assert main(["compare", "spans", str(conll), str(conll), individual]) == 2
    assert f"{individual}: {asked.format('--system-b-user')}, found none" in capsys.readouterr().err


def test_agreement_names_no_span_methods_option_for_a_zip_beside_other_inputs(capsys, individual):
    """Beside another input the zip would be one annotator's, and agreement has no option
    naming a user (--gold-user is the span methods'): it says to give the zip alone."""
    other = unzipped(individual, "alice")
    assert main(["agreement", individual, other]) == 2
    assert capsys.readouterr().err == (
        f"spanstudio: error: {individual}: expected one file or folder per annotator beside other inputs, "
        "found doccano's export zip of 3 users' files (admin, alice, bob), which holds every user's work: "
        "give it alone (each user an annotator)\n")  # fmt: skip
    one = export(Path(individual).parent, {"bob.jsonl": jsonl(user_records(SPANS["bob"]))}, "shared")
    assert main(["agreement", one, other, "--json", "-"]) == 0  # one user's file: one annotator, named as the zip
    assert json.loads(capsys.readouterr().out)["inputs"] == {"alice": other, "shared": f"{one}/bob.jsonl"}


def test_a_zip_of_one_users_annotations_beside_empty_files_is_that_users(tmp_path, capsys):
    """A user who confirmed nothing writes an empty file (EMPTY): no annotator, and no choice
    to make. Before, agreement refused the zip beside another input as 2 users' work, and
    given alone it was one annotator: a dead end; a span method asked for a user."""
    alice = jsonl(user_records(SPANS["alice"]))
    path = export(tmp_path, {"alice.jsonl": alice, "bob.jsonl": "", "carol.jsonl": " \n"}, "approved")
    other = tmp_path / "bob.jsonl"
    other.write_text(jsonl(user_records(SPANS["bob"])), encoding="utf-8")
    assert main(["agreement", path, str(other), "--json", "-"]) == 0, capsys.readouterr().err
    assert json.loads(capsys.readouterr().out)["inputs"] == {"approved": f"{path}/alice.jsonl", "bob": str(other)}
    assert report(capsys, "spans", path, str(other)) == report(capsys, "spans", unzipped(path, "alice"), str(other))
    assert main(["spans", path, str(other)]) == 0
    assert capsys.readouterr().err.count("alice.jsonl read, the only user's file not empty; the files bob.jsonl, "
                                         "carol.jsonl are empty (doccano exports only") == 1  # fmt: skip
    doccano = format_module("doccano")
    assert doccano.choices(path, ReadOptions()) == {"label": ["LOC", "PER"], "user": ["alice"]}
    none = export(tmp_path, {"alice.jsonl": "", "bob.jsonl": "\n"}, "none")
    assert main(["agreement", none, str(other)]) == 2  # not the span methods' --gold-user
    assert "none.zip: expected a user's file with annotations, found the files alice.jsonl, bob.jsonl are " \
        "empty" in capsys.readouterr().err  # fmt: skip
    two = export(tmp_path, {"alice.jsonl": alice, "bob.jsonl": alice, "carol.jsonl": ""}, "two")
    assert "--system-user NAME: alice, bob), found none, and 2 users' files" in error(capsys, two, two)


def test_each_users_file_is_unzipped_whole_once_at_most(tmp_path, capsys, monkeypatch):
    """Whether a user's file is empty is told by its first bytes: the zip beside another input
    (agreement's refusal of several users' work, then the reading of the one file not empty)
    and the app's choices unzip whole only the file read (before: every file, twice); a file
    of white space past those bytes is read on (a file opening with white space holds spans)."""
    from engine.formats import doccano_zip

    alice = jsonl(user_records(SPANS["alice"]))
    path = export(tmp_path, {"alice.jsonl": alice, "bob.jsonl": "", "carol.jsonl": " \n"}, "approved")
    other = tmp_path / "bob.jsonl"
    other.write_text(jsonl(user_records(SPANS["bob"])), encoding="utf-8")
    whole, real = [], doccano_zip.entry_bytes

    def counted(archive, name, where=None, most=None):
        if most is None:
            whole.append(name)
        return real(archive, name, where, most)

    monkeypatch.setattr(doccano_zip, "entry_bytes", counted)
    assert main(["agreement", path, str(other), "--json", "-"]) == 0, capsys.readouterr().err
    assert whole == ["alice.jsonl"]
    whole.clear()
    assert doccano_zip.choices(path, ReadOptions()) == {"label": ["LOC", "PER"], "user": ["alice"]}
    assert whole == ["alice.jsonl"]
    spaced = {"alice.jsonl": "\n" * doccano_zip.PEEK + alice, "bob.jsonl": " " * doccano_zip.PEEK}
    assert doccano_zip.users(export(tmp_path, spaced, "spaced")) == ["alice"]


def test_a_zip_that_is_not_doccanos_is_named_with_its_entries(tmp_path, capsys, individual):
    other = export(tmp_path, {"README.md": "notes", "data.csv": "a,b\n"}, "other")
    system = unzipped(individual, "bob")
    expected = ("expected a zip the span readers read: doccano's export (<user>.jsonl files, as its Export "
                "Dataset writes them), an INCEpTION project export, or a UIMA CAS XMI document and its "
                "TypeSystem.xml, found ")  # fmt: skip
    assert f"{other}: {expected}a zip holding " in error(capsys, other, system)
    empty = tmp_path / "empty.zip"
    zipfile.ZipFile(empty, "w").close()
    assert f"{empty}: {expected}an empty zip" in error(capsys, str(empty), system)


@pytest.mark.parametrize(("entry", "found"), [
    ("notes.txt", "found a .txt file"),
    ("export/carol.jsonl", "found a .jsonl file in a folder of the zip"),
])  # fmt: skip
def test_an_entry_that_is_no_users_jsonl_is_named(tmp_path, capsys, individual, entry, found):
    path = tmp_path / "edited.zip"
    with zipfile.ZipFile(individual) as source, zipfile.ZipFile(path, "w") as archive:
        for name in sorted(source.namelist()):
            archive.writestr(name, source.read(name))
        archive.writestr(entry, "x")
    err = error(capsys, str(path), unzipped(individual, "bob"), "--gold-user", "alice")
    assert f"{path}/{entry}: expected a doccano export's <user>.jsonl file at the zip's top" in err
    assert err.rstrip().endswith(found)


def test_an_entrys_bad_line_and_spans_are_named_in_the_zip(tmp_path, capsys):
    records = user_records(SPANS["alice"])
    bad = jsonl(records[:1]) + '{"id": 8, "text": \n'
    path = export(tmp_path, {"alice.jsonl": bad}, "cut")
    assert f"{path}/alice.jsonl:2: expected a JSON object on each line" in error(capsys, path, path)
    twice = [{**records[0], "label": [[0, 15, "PER"], [0, 15, "PER"]]}]
    path = export(tmp_path, {"alice.jsonl": jsonl(twice)}, "twice")
    assert main(["spans", path, path]) == 0
    # the repeated span's place is found in the zip's entry when the warning asks for it
    assert f"{path}/alice.jsonl: 1 span repeating another" in capsys.readouterr().err


def test_a_users_file_is_read_from_the_zip_never_opened_as_a_path(individual, monkeypatch):
    """Every entry point reads an entry from the zip's bytes: none tries `export.zip/alice.jsonl`
    on disk (an OSError each entry, each call) to tell the zip from its member."""
    import builtins
    import io

    tried: list[str] = []
    real = builtins.open

    def recorded(file, *args, **kwargs):
        tried.append(str(file))
        return real(file, *args, **kwargs)

    monkeypatch.setattr(builtins, "open", recorded)
    monkeypatch.setattr(io, "open", recorded)
    doccano = format_module("doccano")
    assert len(doccano.read(individual, ReadOptions(user="alice")).spans) == 8
    assert list(doccano.read_annotators(individual, ReadOptions())) == ["admin", "alice", "bob"]
    assert doccano.choices(individual, ReadOptions())["user"] == ["admin", "alice", "bob"]
    assert individual in tried and not [path for path in tried if path.startswith(f"{individual}/")]


def test_a_damaged_users_file_is_named_once_its_user_is_chosen(tmp_path, capsys):
    """The refusal of several users' files (none named) comes first, from the files' names and
    first bytes, as for a zip without damage; a file that does not unzip (its damage past the
    bytes that tell whether it is empty) is named with its CRC error once its user is chosen
    (before: each file was unzipped whole to be refused, review35)."""
    from engine.formats import doccano_zip

    bob = jsonl(user_records(SPANS["bob"])) + "\n" * doccano_zip.PEEK + "ZZZZ\n"
    path = tmp_path / "export.zip"
    with zipfile.ZipFile(path, "w", zipfile.ZIP_STORED) as archive:
        archive.writestr("alice.jsonl", jsonl(user_records(SPANS["alice"])))
        archive.writestr("bob.jsonl", bob)
    path.write_bytes(path.read_bytes().replace(b"ZZZZ", b"YYYY"))  # bob's bytes no longer match their CRC
    err = error(capsys, str(path), str(path), "--gold-user", "alice")
    assert err == (f"spanstudio: error: {path}: expected the user whose annotations are read (--system-user "
                   "NAME: alice, bob), found none, and 2 users' files (agreement reads every "
                   "user of the zip given alone)\n")  # fmt: skip (the system's: the gold's user is given)
    err = error(capsys, str(path), str(path), "--gold-user", "alice", "--system-user", "bob")
    assert err == (f"spanstudio: error: {path}/bob.jsonl: expected an entry the zip holds whole, found "
                   "Bad CRC-32 for file 'bob.jsonl'\n")  # fmt: skip


def test_the_refusal_of_several_users_unzips_no_file_whole(capsys, individual, monkeypatch):
    """Where no user is named among several, the users are found from the entries' names and
    their first bytes (PEEK): no file is unzipped whole only to be refused (three users' files
    of 50 MB each were unzipped: the refusal took 0.82 s of CPU, 133 MiB; now 0.22 s, 31 MiB)."""
    from engine.formats import doccano_zip

    asked, real = [], doccano_zip.entry_bytes

    def counted(archive, name, where=None, most=None):
        asked.append((name, most))
        return real(archive, name, where, most)

    monkeypatch.setattr(doccano_zip, "entry_bytes", counted)
    assert "found none, and 3 users' files" in error(capsys, individual, individual)
    assert asked and {most for _, most in asked} == {doccano_zip.PEEK}


def test_the_apps_choices_of_a_zip_of_records_that_are_not_doccanos_list_its_users(tmp_path):
    """A zip of .jsonl files whose records are not doccano examples: with no user of several
    chosen the run refuses the zip before reading any file, so its choices list the users
    (for the app's User drop-down) without their labels; once a user is chosen, that file's
    error, as the run gives it."""
    from engine.errors import InputError
    from engine.formats import doccano_zip

    path = export(tmp_path, {"a.jsonl": '{"name": "x"}\n', "b.jsonl": '{"foo": 1}\n'}, "records")
    assert doccano_zip.choices(path, ReadOptions()) == {"label": [], "user": ["a", "b"]}
    with pytest.raises(InputError, match=r"records\.zip/a\.jsonl:1: expected a \"text\""):
        doccano_zip.choices(path, ReadOptions(user="a"))


@pytest.mark.parametrize("method", METHODS)
def test_users_files_named_in_upper_case_are_read_as_the_zips_reader_reads_them(tmp_path, capsys, individual,
                                                                                method):  # fmt: skip
    """`Alice.JSONL`, as a file system on Windows or macOS may name it: recognised as doccano's
    export (it was refused as a zip no span reader reads), its users as the names say."""
    files = {f"{user.title()}.JSONL": jsonl(user_records(SPANS[user])) for user in ("alice", "bob")}
    upper = export(tmp_path, files, "upper")
    assert detect(upper) == "doccano JSONL"
    from_zip = report(capsys, method, upper, upper, "--gold-user", "Alice", "--system-user", "Bob")
    assert from_zip == report(capsys, method, individual, individual, "--gold-user", "alice", "--system-user", "bob")


def test_a_zip_listing_an_entry_twice_is_refused(cli, tmp_path):
    """Two entries of one name (no zip tool writes them; zipfile reads the last): one error
    naming it, not a user listed twice ('admin, admin') or one of them read unsaid."""
    import warnings

    path = tmp_path / "export.zip"
    with warnings.catch_warnings(), zipfile.ZipFile(path, "w") as archive:
        warnings.simplefilter("ignore")  # zipfile warns of the duplicate name it writes
        archive.writestr("admin.jsonl", '{"text": "Anna met Bob", "label": [[0, 4, "PER"]]}\n')
        archive.writestr("admin.jsonl", '{"text": "Anna met Bob", "label": [[0, 4, "LOC"]]}\n')
    for args in (("spans", path, path, "--user", "admin"), ("agreement", path)):
        result = cli(*args)
        assert result.code == 2
        assert result.err == (f"spanstudio: error: {path}: expected a zip naming each entry once, found "
                              "'admin.jsonl' twice (a reader would take one of them unsaid)\n")  # fmt: skip
