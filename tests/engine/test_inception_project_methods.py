"""An INCEpTION project export (built here: tests/engine/test_agreement_exports.py) as the
input of every span method: FairEval and CLUEval read it as spans and nervaluate do (the
gold its curation, the system --system-user's annotations: the figures of the same users'
files), the format is recognised by its entries, the reader options act (each --help lists
them), and a user who has not annotated a document the other side has is named."""

from __future__ import annotations

import json
import zipfile
from pathlib import Path

import pytest

from engine.cli import main
from engine.formats import detect, detected_module, in_span_formats
from tests.engine.test_agreement_exports import LABELS, TOKENS, project_entries, separate_folders, tsv, zipped

METHODS = ("spans", "nervaluate", "faireval", "clueval")


@pytest.fixture
def export(tmp_path) -> str:
    return zipped(tmp_path / "project.zip", project_entries())


def user_folder(tmp_path: Path, user: str) -> str:
    """A user's documents as a folder of TSV files named as the export names them (`doc1.txt`)."""
    folder = tmp_path / "users" / user
    folder.mkdir(parents=True)
    for doc, labels in LABELS[user].items():
        (folder / f"{doc}.tsv").write_text(tsv(TOKENS[doc], labels), encoding="utf-8")
    return str(folder)


def report(capsys, method: str, *args: str) -> dict:
    assert main([method, *args, "--json", "-"]) == 0, capsys.readouterr().err
    data = json.loads(capsys.readouterr().out)
    return {name: data[name] for name in ("tables", "classification_report", "results") if name in data}


def test_the_export_is_recognised_by_its_entries_zipped_or_not(tmp_path, export):
    folder = tmp_path / "unzipped"
    with zipfile.ZipFile(export) as archive:
        archive.extractall(folder)
    for path in (export, str(folder)):
        assert detected_module(path) == "inception_project"
        assert detect(path) == "INCEpTION project export"
        assert in_span_formats(path)  # FairEval and CLUEval read it with the span readers
    plain = zipped(tmp_path / "other.zip", {"a.txt": "x"})
    assert detected_module(plain) is None and not in_span_formats(plain)


@pytest.mark.parametrize("name", ["projectcopy", "project.export"])
@pytest.mark.parametrize("method", [*METHODS, "agreement"])
def test_an_export_saved_without_its_zip_suffix_is_read_as_the_zip(tmp_path, capsys, export, name, method):
    """A zip holding exportedproject.json is an INCEpTION project whatever its name: read as
    the `.zip` (it was refused as a zip no span reader reads, which listed the export as expected)."""
    renamed = tmp_path / name
    renamed.write_bytes(Path(export).read_bytes())
    assert detect(str(renamed)) == "INCEpTION project export"
    assert figures(capsys, method, str(renamed)) == figures(capsys, method, export)


def figures(capsys, method: str, path: str) -> dict:
    """A method's figures of an export beside itself (the curation against ben's annotations),
    or the agreement command's of its annotators."""
    if method != "agreement":
        return report(capsys, method, path, path, "--system-user", "ben")
    assert main(["agreement", path, "--json", "-"]) == 0, capsys.readouterr().err
    data = json.loads(capsys.readouterr().out)
    return {name: data[name] for name in ("annotators", "overall", "per_document")}


@pytest.mark.parametrize("method", METHODS)
def test_each_method_reads_the_curation_against_a_users_annotations(tmp_path, capsys, export, method):
    anna, ben = user_folder(tmp_path, "anna"), user_folder(tmp_path, "ben")  # the curation: anna's labels
    from_export = report(capsys, method, export, export, "--system-user", "ben")
    assert from_export == report(capsys, method, anna, ben)
    assert from_export != report(capsys, method, export, export, "--system-user", "anna")


@pytest.mark.parametrize("method", ("faireval", "clueval"))
def test_faireval_and_clueval_ask_for_the_system_user(capsys, export, method):
    assert main([method, export, export]) == 2
    assert "expected a user whose annotations are the system's (--system-user NAME: anna, ben, cara)" in (
        capsys.readouterr().err
    )


@pytest.mark.parametrize("method", METHODS)
def test_every_reader_option_in_the_help_acts(capsys, method):
    with pytest.raises(SystemExit):
        main([method, "--help"])
    text = capsys.readouterr().out
    for flag in ("--user", "--gold-user", "--system-user", "--layer", "--gold-layer", "--index", "--scheme"):
        assert flag in text, flag


@pytest.mark.parametrize("method", ("poetry", "starsem", "propara", "agreement"))
def test_methods_without_an_export_side_list_no_user_option(capsys, method):
    with pytest.raises(SystemExit):
        main([method, "--help"])
    assert "--system-user" not in capsys.readouterr().out


@pytest.mark.parametrize("method", METHODS)
def test_a_user_without_a_document_is_named_with_those_annotated(capsys, export, method):
    assert main([method, export, export, "--system-user", "cara"]) == 2
    err = capsys.readouterr().err
    assert err.endswith("project.zip: user cara has not annotated document doc2.txt (cara has annotated doc1.txt)\n")
    assert main([method, export, export, "--gold-user", "cara", "--system-user", "anna"]) == 2
    assert "user cara has not annotated document doc2.txt" in capsys.readouterr().err


def test_many_documents_missing_are_counted_not_listed(tmp_path, capsys):
    tokens = ["Anna", "met", "Ben", "."]
    names = [f"d{n:02}.txt" for n in range(12)]
    entries: dict[str, str | bytes] = {"exportedproject.json": "{}"}
    for number, name in enumerate(names):
        entries[f"curation/{name}/CURATION_USER.tsv"] = _tsv(tokens)
        entries[f"annotation/{name}/anna.tsv"] = _tsv(tokens)
        if number != 3 and number < 9:
            entries[f"annotation/{name}/ben.tsv"] = _tsv(tokens)
    path = zipped(tmp_path / "many.zip", entries)
    assert main(["spans", path, path, "--system-user", "ben"]) == 2
    assert "user ben has not annotated document d03.txt and 3 more (ben has annotated 8 documents)" in (
        capsys.readouterr().err
    )


def _tsv(tokens: list[str]) -> str:
    return tsv(tokens, ["PER", "_", "PER", "_"])


def test_a_user_lacking_a_document_is_still_an_annotator_of_the_agreement(capsys, export):
    assert main(["agreement", export, "--json", "-"]) == 0
    assert json.loads(capsys.readouterr().out)["annotators"] == sorted(LABELS)


def test_the_export_beside_another_input_pairs_by_name(tmp_path, capsys, export):
    """A gold of other document names is not the user's fault: pairing says what it found."""
    anna, _, _ = separate_folders(tmp_path)  # documents doc1, doc2 (no '.txt')
    assert main(["spans", anna, export, "--system-user", "cara"]) == 2
    assert "expected a document named 'doc1'" in capsys.readouterr().err
    assert Path(anna).is_dir()


def test_two_unzipped_exports_list_the_entries_they_are_read_from(tmp_path, capsys):
    """The report's inputs are the entries read (not the project file alone, which two
    exports of one project share: that made two different exports 'the same bytes')."""
    changed = {user: dict(docs) for user, docs in LABELS.items()}
    changed["anna"]["doc2.txt"] = ["_"] * len(LABELS["anna"]["doc2.txt"])
    folders = []
    for name, users in (("a", LABELS), ("b", changed)):
        with zipfile.ZipFile(zipped(tmp_path / f"{name}.zip", project_entries(users))) as archive:
            archive.extractall(tmp_path / name)
        folders.append(str(tmp_path / name))
    assert main(["spans", *folders, "--gold-user", "anna", "--system-user", "anna", "--json", "-"]) == 0
    captured = capsys.readouterr()
    assert "same" not in captured.err
    listed = {Path(f["path"]).relative_to(tmp_path).as_posix() for f in json.loads(captured.out)["input_files"]}
    assert {"a/annotation/doc2.txt/anna.tsv", "b/annotation/doc2.txt/anna.tsv", "a/curation/doc1.txt/CURATION_USER.tsv"} <= listed
