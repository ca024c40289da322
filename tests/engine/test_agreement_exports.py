"""`spanstudio agreement EXPORT`: one input holding several annotators' work — INCEpTION's
project export (a zip built here from WebAnno TSV text, and the same unzipped), a doccano
1.1 export with three users, a Label Studio export with two annotators per task. Each
figure is pinned against the same annotators given as separate files (the way agreement
read them before) and Cohen's κ against scikit-learn; then the error paths."""

from __future__ import annotations

import json
import zipfile
from io import BytesIO
from pathlib import Path

import pytest

from engine.agreement.inputs import export_annotators
from engine.cli import main
from engine.formats import inception_project

NAMED_ENTITY = "de.tudarmstadt.ukp.dkpro.core.api.ner.type.NamedEntity"
TOKENS = {
    "doc1.txt": ["Sherlock", "Holmes", "met", "Watson", "in", "London", "."],
    "doc2.txt": ["Moriarty", "fled", "to", "Paris", "at", "dawn", "."],
}
#: Each user's label of each token of each document ("_" none, "PER[1]" a multi-token span).
LABELS = {
    "anna": {"doc1.txt": ["PER[1]", "PER[1]", "_", "PER", "_", "LOC", "_"],
             "doc2.txt": ["PER", "_", "_", "LOC", "_", "_", "_"]},
    "ben": {"doc1.txt": ["PER[1]", "PER[1]", "_", "PER", "_", "ORG", "_"],
            "doc2.txt": ["PER", "_", "_", "_", "_", "_", "_"]},
    "cara": {"doc1.txt": ["PER", "_", "_", "PER", "_", "LOC", "_"]},
}  # fmt: skip


def tsv(tokens: list[str], labels: list[str]) -> str:
    """A WebAnno TSV 3.3 file of one sentence with one named-entity label per token."""
    lines = ["#FORMAT=WebAnno TSV 3.3", f"#T_SP={NAMED_ENTITY}|value", "", "", "#Text=" + " ".join(tokens)]
    at = 0
    for number, (token, label) in enumerate(zip(tokens, labels, strict=True), 1):
        lines.append(f"1-{number}\t{at}-{at + len(token)}\t{token}\t{label}\t")
        at += len(token) + 1
    return "\n".join(lines) + "\n\n"


def project_entries(users: dict[str, dict[str, list[str]]] = LABELS) -> dict[str, str | bytes]:
    """The entries of an INCEpTION project export as its exporter names them."""
    entries: dict[str, str | bytes] = {"exportedproject.json": "{}"}
    for doc, tokens in TOKENS.items():
        entries[f"source/{doc}"] = " ".join(tokens)
        entries[f"annotation/{doc}/INITIAL_CAS.tsv"] = tsv(tokens, ["_"] * len(tokens))
        entries[f"annotation_ser/{doc}/INITIAL_CAS.ser"] = b"\xac\xed\x00\x05"
        entries[f"curation/{doc}/CURATION_USER.tsv"] = tsv(tokens, LABELS["anna"][doc])
    for user, docs in users.items():
        for doc, labels in docs.items():
            entries[f"annotation/{doc}/{user}.tsv"] = tsv(TOKENS[doc], labels)
    return entries


def zipped(path: Path, entries: dict[str, str | bytes], compression: int = zipfile.ZIP_STORED) -> str:
    with zipfile.ZipFile(path, "w", compression) as archive:
        for name, data in entries.items():
            archive.writestr(name, data)
    return str(path)


def run(capsys, *args: str) -> dict:
    assert main(["agreement", *args, "--json", "-"]) == 0, capsys.readouterr().err
    return json.loads(capsys.readouterr().out)


def failure(capsys, *args: str) -> str:
    assert main(["agreement", *args]) == 2
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and err.startswith("spanstudio: error: ")
    return err


def separate_folders(tmp_path: Path) -> list[str]:
    """Each user's documents as a folder of TSV files (named by document, without `.txt`)."""
    folders = []
    for user, docs in LABELS.items():
        folder = tmp_path / "separate" / user
        folder.mkdir(parents=True)
        for doc, labels in docs.items():
            (folder / f"{doc[:-4]}.tsv").write_text(tsv(TOKENS[doc], labels), encoding="utf-8")
        folders.append(str(folder))
    return folders


def test_an_inception_project_export_is_measured_among_its_users(tmp_path, capsys):
    data = run(capsys, zipped(tmp_path / "project.zip", project_entries()))
    assert data["annotators"] == ["anna", "ben", "cara"]  # not INITIAL_CAS, not CURATION_USER
    assert data["documents"] == ["doc1.txt", "doc2.txt"]  # named by the source document
    assert data["per_document"]["doc2.txt"]["annotators"] == ["anna", "ben"]  # cara lacks it
    separate = run(capsys, *separate_folders(tmp_path))
    assert data["overall"] == separate["overall"]
    assert data["per_document"]["doc1.txt"] == separate["per_document"]["doc1"]


def test_cohens_kappa_of_the_export_is_scikit_learns(tmp_path, capsys):
    from sklearn import metrics

    data = run(capsys, zipped(tmp_path / "project.zip", project_entries()))

    def categories(user: str) -> list[str]:
        return [label.split("[")[0].replace("_", "O") for doc in TOKENS for label in LABELS[user][doc]]

    expected = metrics.cohen_kappa_score(categories("anna"), categories("ben"))
    assert data["overall"]["token"]["cohen_kappa"]["pairwise"]["anna"]["ben"] == pytest.approx(
        expected, abs=1e-12
    )


def test_the_unzipped_export_gives_the_same_figures_and_lists_the_files_read(tmp_path, capsys):
    zip_path = zipped(tmp_path / "project.zip", project_entries())
    folder = tmp_path / "unzipped"
    with zipfile.ZipFile(zip_path) as archive:
        archive.extractall(folder)
    from_zip, from_folder = run(capsys, zip_path), run(capsys, str(folder))
    assert from_folder["overall"] == from_zip["overall"]
    listed = [Path(f["path"]).relative_to(folder).as_posix() for f in from_folder["input_files"]]
    assert listed == ["annotation/doc1.txt/anna.tsv", "annotation/doc2.txt/anna.tsv",
                      "annotation/doc1.txt/ben.tsv", "annotation/doc2.txt/ben.tsv",
                      "annotation/doc1.txt/cara.tsv"]  # fmt: skip


def test_the_export_is_read_without_unzipping_it(tmp_path, capsys):
    zip_path = zipped(tmp_path / "project.zip", project_entries())
    run(capsys, zip_path)
    assert sorted(p.name for p in tmp_path.iterdir()) == ["project.zip"]


def _xmi_zip(text: str, entities: list[tuple[int, int, str]]) -> bytes:
    """INCEpTION's UIMA CAS XMI export of one document: a zip of the .xmi and TypeSystem.xml."""
    import cassis

    folder = Path(__file__).parents[1] / "data" / "formats" / "uima-xmi" / "inception-relation"
    typesystem_xml = (folder / "TypeSystem.xml").read_bytes()
    typesystem = cassis.load_typesystem(BytesIO(typesystem_xml))
    cas = cassis.Cas(typesystem=typesystem)
    cas.sofa_string = text
    entity = typesystem.get_type(NAMED_ENTITY)
    for begin, end, value in entities:
        cas.add(entity(begin=begin, end=end, value=value))
    out = BytesIO()
    with zipfile.ZipFile(out, "w") as archive:
        archive.writestr("doc.xmi", cas.to_xmi())
        archive.writestr("TypeSystem.xml", typesystem_xml)
    return out.getvalue()


def test_xmi_entries_are_read_with_their_type_system(tmp_path, capsys, monkeypatch):
    text = "Sherlock Holmes met Watson in London ."
    spans = {
        "anna": [(0, 15, "PER"), (20, 26, "PER"), (30, 36, "LOC")],
        "ben": [(0, 15, "PER"), (30, 36, "ORG")],
    }
    entries = {"exportedproject.json": "{}", "annotation/story.txt/INITIAL_CAS.zip": _xmi_zip(text, [])}
    for user, found in spans.items():
        entries[f"annotation/story.txt/{user}.zip"] = _xmi_zip(text, found)
        (tmp_path / f"{user}.zip").write_bytes(entries[f"annotation/story.txt/{user}.zip"])
    from engine.formats import uima_xmi

    loads = []
    parsed = uima_xmi._parsed_typesystem
    monkeypatch.setattr(uima_xmi, "_parsed_typesystem", lambda *args: loads.append(args[0]) or parsed(*args))
    data = run(capsys, zipped(tmp_path / "project.zip", entries))
    assert len(loads) == 1  # the project's type system, once for its entries
    assert data["documents"] == ["story.txt"]
    assert data["overall"]["span_f1"]["labelled"]["pairwise"]["anna"]["ben"] == pytest.approx(2 * 1 / 5)
    separate = run(capsys, str(tmp_path / "anna.zip"), str(tmp_path / "ben.zip"))
    assert data["overall"] == separate["overall"]


def test_the_curation_and_one_users_annotations_are_read_on_their_own(tmp_path):
    path = zipped(tmp_path / "project.zip", project_entries())
    options = inception_project.ReadOptions()
    curation = inception_project.read_curation(path, options)
    assert [d.name for d in curation.documents] == ["doc1.txt", "doc2.txt"]
    cara = inception_project.read_user(path, "cara", options)
    assert [d.name for d in cara.documents] == ["doc1.txt"]
    with pytest.raises(inception_project.InputError, match="expected a user of the export .anna, ben, cara."):
        inception_project.read_user(path, "dora", options)


# --- doccano 1.1 and Label Studio ------------------------------------------------------

TEXT_1 = "Sherlock Holmes met Watson in London ."
TEXT_2 = "Moriarty fled to Paris at dawn ."
DOCCANO = [
    {"id": 1, "text": TEXT_1, "annotations": [
        {"label": 3, "start_offset": 0, "end_offset": 15, "user": 1},
        {"label": 3, "start_offset": 0, "end_offset": 15, "user": 2},
        {"label": 3, "start_offset": 0, "end_offset": 8, "user": 5},
        {"label": 4, "start_offset": 30, "end_offset": 36, "user": 1},
        {"label": 5, "start_offset": 30, "end_offset": 36, "user": 2},
        {"label": 4, "start_offset": 30, "end_offset": 36, "user": 5}]},
    {"id": 2, "text": TEXT_2, "annotations": [
        {"label": 3, "start_offset": 0, "end_offset": 8, "user": 1},
        {"label": 4, "start_offset": 17, "end_offset": 22, "user": 5}]},
]  # fmt: skip


def jsonl(path: Path, records: list[dict]) -> str:
    path.write_text("".join(json.dumps(r) + "\n" for r in records), encoding="utf-8")
    return str(path)


def test_a_doccano_export_with_three_users_is_measured_among_them(tmp_path, capsys):
    data = run(capsys, jsonl(tmp_path / "export.jsonl", DOCCANO))
    assert data["annotators"] == ["user 1", "user 2", "user 5"]
    assert data["common_documents"] == ["1", "2"]  # every example is every user's
    separate = []
    for user in (1, 2, 5):
        own = [{"id": r["id"], "text": r["text"],
                "label": [[a["start_offset"], a["end_offset"], str(a["label"])]
                          for a in r["annotations"] if a["user"] == user]} for r in DOCCANO]  # fmt: skip
        separate.append(jsonl(tmp_path / f"user{user}.jsonl", own))
    expected = run(capsys, *separate, "--names", "user 1", "user 2", "user 5")
    assert data["overall"] == expected["overall"]
    assert data["overall"]["span_f1"]["labelled"]["pairwise"]["user 1"]["user 2"] == pytest.approx(2 * 1 / 5)


def test_an_export_that_two_readers_could_claim_is_listed_as_the_command_measures_it(tmp_path, capsys):
    """doccano records that also carry poetry's keys: read_spans reads them as doccano's (the span
    formats first), so the command measures its users and the app's listing lists them."""
    records = [{**r, "page_id": f"p{r['id']}", "poem_spans": []} for r in DOCCANO]
    path = jsonl(tmp_path / "both.jsonl", records)
    assert list(export_annotators(path)) == ["user 1", "user 2", "user 5"]
    assert run(capsys, path)["annotators"] == ["user 1", "user 2", "user 5"]


def _result(start: int, end: int, label: str) -> dict:
    return {"type": "labels", "from_name": "label", "to_name": "text",
            "value": {"start": start, "end": end, "labels": [label]}}  # fmt: skip


BEN = {"id": 9, "email": "ben@example.org"}
LABEL_STUDIO = [
    {"id": 11, "data": {"text": TEXT_1},
     "annotations": [{"id": 1, "completed_by": 7, "result": [_result(0, 15, "PER"), _result(30, 36, "LOC")]},
                     {"id": 2, "completed_by": BEN, "result": [_result(0, 15, "PER"), _result(30, 36, "ORG")]},
                     {"id": 3, "completed_by": 7, "was_cancelled": True, "result": [_result(0, 3, "X")]}],
     "predictions": [{"model_version": "v1", "result": [_result(0, 8, "PER")]}]},
    {"id": 12, "data": {"text": TEXT_2},
     "annotations": [{"id": 4, "completed_by": 7, "result": [_result(0, 8, "PER")]},
                     {"id": 5, "completed_by": BEN, "result": [_result(0, 8, "PER"), _result(17, 22, "LOC")]}]},
]  # fmt: skip


def test_a_label_studio_export_with_two_annotators_per_task(tmp_path, capsys):
    path = tmp_path / "export.json"
    path.write_text(json.dumps(LABEL_STUDIO), encoding="utf-8")
    data = run(capsys, str(path))
    assert data["annotators"] == ["user 7", "ben@example.org"]  # the id, or the e-mail; cancelled left out
    separate = []
    for number, name in ((0, "user 7"), (1, "ben")):
        tasks = [
            {**task, "annotations": [task["annotations"][number]], "predictions": []} for task in LABEL_STUDIO
        ]
        (tmp_path / f"{name}.json").write_text(json.dumps(tasks), encoding="utf-8")
        separate.append(str(tmp_path / f"{name}.json"))
    expected = run(capsys, *separate, "--names", "user 7", "ben@example.org")
    assert data["overall"] == expected["overall"]
    assert data["overall"]["span_f1"]["labelled"]["mean"] == pytest.approx(2 * 2 / 7)


def test_label_studio_predictions_are_an_annotator_only_when_asked(tmp_path, capsys):
    path = tmp_path / "export.json"
    path.write_text(json.dumps(LABEL_STUDIO), encoding="utf-8")
    data = run(capsys, str(path), "--predictions", "--names", "ann", "bea", "model")
    assert data["annotators"] == ["ann", "bea", "model"]  # renamed in the export's order: 7, ben, predictions
    assert data["per_document"]["11"]["annotators"] == ["ann", "bea", "model"]
    assert data["per_document"]["12"]["annotators"] == ["ann", "bea"]  # no prediction of task 12
    assert list(export_annotators(str(path), predictions=True)) == [
        "user 7",
        "ben@example.org",
        "predictions v1",
    ]


def test_an_export_given_alone_is_reported_in_its_order(tmp_path, capsys):
    """Its annotators as the export lists them (a Label Studio export's by user id, then names,
    each model's predictions last; the order --names renames them in), not sorted by name, in
    the report, its pairs and its documents' lists; several inputs by name, as ever."""
    path = tmp_path / "export.json"
    path.write_text(json.dumps(LABEL_STUDIO), encoding="utf-8")
    data = run(capsys, str(path), "--predictions")
    assert data["annotators"] == ["user 7", "ben@example.org", "predictions v1"]  # sorted: predictions second
    assert data["per_document"]["11"]["annotators"] == data["annotators"]
    assert list(data["overall"]["span_f1"]["labelled"]["pairwise"]) == data["annotators"]
    renamed = run(capsys, str(path), "--predictions", "--names", "zoe", "amy", "model")
    assert renamed["annotators"] == ["zoe", "amy", "model"]  # in the order given, as they are renamed
    files = [tmp_path / "zoe.jsonl", tmp_path / "amy.jsonl"]
    for file in files:
        file.write_text(json.dumps({"text": TEXT_1, "label": []}) + "\n", encoding="utf-8")
    assert run(capsys, *map(str, files))["annotators"] == ["amy", "zoe"]  # several inputs: by name


# --- errors -----------------------------------------------------------------------------


def test_a_zip_without_annotation_folder_says_how_to_export_it(tmp_path, capsys):
    entries = {"exportedproject.json": "{}", "source/doc1.txt": "x", "annotation_ser/doc1.txt/anna.ser": b"x"}
    err = failure(capsys, zipped(tmp_path / "project.zip", entries))
    assert ("project.zip: expected an INCEpTION project export with annotation/<document>/<user> files in "
            "WebAnno TSV 3.x (.tsv) or UIMA CAS XMI (.zip) (export the project again with one of those "
            "formats), found no annotation/ folder: annotation_ser/, exportedproject.json, source/ "
            "(annotation_ser/ holds INCEpTION's own binary CASes, which only INCEpTION reads)") in err  # fmt: skip


def test_a_zip_without_annotation_folder_lists_its_first_eight_entries(tmp_path, capsys):
    entries = {"exportedproject.json": "{}", **{f"other{n}/x": "x" for n in range(9)}}
    err = failure(capsys, zipped(tmp_path / "project.zip", entries))
    assert ("found no annotation/ folder: exportedproject.json, other0/, other1/, other2/, other3/, other4/, "
            "other5/, other6/ …\n") in err  # fmt: skip


def test_a_document_not_annotated_is_found_none_and_how_many_more():
    from engine.formats.inception_project import NotAnnotated

    found = [NotAnnotated("p.zip", "cara", missing, ["a.txt"]).found for missing in (["b"], ["b", "c", "d"])]
    assert found == ["none", "none (and 2 more)"]


def test_an_export_of_one_user_only_is_named(tmp_path, capsys):
    one = [
        {"id": 1, "text": "abc", "annotations": [{"label": 1, "start_offset": 0, "end_offset": 1, "user": 4}]}
    ]
    err = failure(capsys, jsonl(tmp_path / "one.jsonl", one))
    assert ("expected at least two annotators' files or folders, found 1 (" in err
            and "one.jsonl holds the annotations of one annotator (user 4); a doccano, Label Studio or "
            "INCEpTION export of several annotators' work is measured alone)" in err)  # fmt: skip
    err = failure(capsys, zipped(tmp_path / "p.zip", project_entries({"anna": LABELS["anna"]})))
    assert "p.zip holds the annotations of one annotator (anna)" in err


def test_a_label_studio_export_of_one_annotator_and_predictions_names_predictions(tmp_path, capsys):
    """Label Studio keeps a model's predictions beside the annotations (`model_version`): one
    annotator and a model are two annotators with --predictions, which the error names."""
    one = [{**task, "annotations": task["annotations"][:1]} for task in LABEL_STUDIO]
    path = tmp_path / "export.json"
    path.write_text(json.dumps(one), encoding="utf-8")
    err = failure(capsys, str(path))
    assert err.endswith("measured alone); its predictions not read: --predictions reads each model's as an "
                        "annotator\n")  # fmt: skip
    assert sorted(run(capsys, str(path), "--predictions")["annotators"]) == ["predictions v1", "user 7"]
    no_predictions = tmp_path / "none.json"
    no_predictions.write_text(json.dumps([{**task, "predictions": []} for task in one]), encoding="utf-8")
    assert failure(capsys, str(no_predictions)).endswith("measured alone)\n")


def test_a_long_folder_cuts_none_of_the_advice_on_predictions(person_folder, capsys):
    """A person's folders make the path long: the advice after it is said whole (it was cut)."""
    path = person_folder / "export.json"
    path.write_text(json.dumps([{**task, "annotations": task["annotations"][:1]} for task in LABEL_STUDIO]),
                    encoding="utf-8")  # fmt: skip
    err = failure(capsys, str(path))
    assert "characters cut" not in err and f"1 ({path} holds the annotations of one annotator" in err
    assert err.endswith("its predictions not read: --predictions reads each model's as an annotator\n")


def test_a_user_named_twice_is_an_error(tmp_path, capsys):
    path = jsonl(tmp_path / "export.jsonl", DOCCANO)
    err = failure(capsys, path, "--names", "a", "b", "a")
    assert err == "spanstudio: error: --names: expected a different name for each annotator, found a twice\n"
    err = failure(capsys, path, "--names", "a", "b")
    assert "--names: expected 3 names (one per annotator), found 2" in err


def test_a_project_export_beside_other_inputs_is_an_error(tmp_path, capsys):
    err = failure(
        capsys, zipped(tmp_path / "project.zip", project_entries()), *separate_folders(tmp_path)[:1]
    )
    assert ("project.zip: expected one file or folder per annotator beside other inputs, found an INCEpTION "
            "project export, which holds every annotator's work: give it alone") in err  # fmt: skip
    one = zipped(tmp_path / "one.zip", project_entries({"anna": LABELS["anna"]}))
    err = failure(capsys, one, *separate_folders(tmp_path / "again")[:1])  # given alone it is too few: no loop
    assert ("one.zip: expected one file or folder per annotator beside other inputs, found an INCEpTION project "
            "export of one annotator (anna): export its documents as WebAnno TSV") in err  # fmt: skip
    none = zipped(tmp_path / "none.zip", project_entries({}))
    err = failure(capsys, none, *separate_folders(tmp_path / "third")[:1])
    assert "found an INCEpTION project export of no annotator's work (a curation alone): export its" in err


def test_an_entry_in_another_format_is_named(tmp_path, capsys):
    entries = {**project_entries(), "annotation/doc1.txt/dora.conll": "Sherlock B-PER\n"}
    err = failure(capsys, zipped(tmp_path / "project.zip", entries))
    assert "project.zip/annotation/doc1.txt/dora.conll: expected the annotations in WebAnno TSV 3.x" in err


def test_a_bad_entry_is_named_by_its_place_in_the_export(tmp_path, capsys):
    entries = {**project_entries(), "annotation/doc1.txt/dora.tsv": "#FORMAT=WebAnno TSV 3.3\nnonsense\n"}
    err = failure(capsys, zipped(tmp_path / "project.zip", entries))
    assert err.startswith("spanstudio: error: " + str(tmp_path / "project.zip/annotation/doc1.txt/dora.tsv"))


# --- an INCEpTION project export as the gold (its curation) or the system (one user) -----


def spans_report(capsys, *args: str) -> dict:
    assert main(["spans", *args, "--json", "-"]) == 0, capsys.readouterr().err
    return json.loads(capsys.readouterr().out)


def test_the_export_as_gold_is_its_curation_and_as_system_one_user(tmp_path, capsys):
    path = zipped(tmp_path / "project.zip", project_entries())
    anna, ben, _ = separate_folders(tmp_path)  # the curation is anna's labels
    data = spans_report(capsys, path, path, "--system-user", "ben")
    expected = spans_report(capsys, anna, ben)
    assert data["classification_report"] == expected["classification_report"]
    assert data["classification_report"]["micro avg"]["f1-score"] == pytest.approx(2 * 3 / 9)


def test_the_export_as_system_needs_a_user_and_names_them(tmp_path, capsys):
    path = zipped(tmp_path / "project.zip", project_entries())
    assert main(["spans", path, path]) == 2
    assert ("project.zip: expected a user whose annotations are the system's (--system-user NAME: anna, ben, "
            "cara), found none given") in capsys.readouterr().err  # fmt: skip
    assert main(["nervaluate", path, path, "--system-user", "dora"]) == 2
    assert (
        "project.zip: expected a user of the export (anna, ben, cara), found 'dora'"
        in capsys.readouterr().err
    )


def test_a_gold_export_names_the_documents_without_a_curation(tmp_path, capsys):
    entries = {k: v for k, v in project_entries().items() if not k.startswith("curation/doc2")}
    path = zipped(tmp_path / "project.zip", entries)
    assert main(["spans", path, path, "--system-user", "anna"]) == 2
    assert ("project.zip: expected a curation of every document (curation/<document>/CURATION_USER), "
            "found none of doc2.txt") in capsys.readouterr().err  # fmt: skip
    entries = {k: v for k, v in entries.items() if not k.startswith("curation/")}
    assert main(["spans", zipped(tmp_path / "p.zip", entries), path, "--system-user", "anna"]) == 2
    assert "p.zip: expected an INCEpTION project export with curation/<document>/CURATION_USER files" in (
        capsys.readouterr().err
    )


def test_a_label_studio_json_min_export_names_its_annotators(tmp_path, capsys):
    def record(task: int, text: str, annotator: object, number: int, regions: list) -> dict:
        label = [{"start": s, "end": e, "text": text[s:e], "labels": [lab]} for s, e, lab in regions]
        return {"id": task, "text": text, "label": label, "annotator": annotator, "annotation_id": number}

    records = [
        record(11, TEXT_1, 7, 1, [(0, 15, "PER"), (30, 36, "LOC")]),
        record(11, TEXT_1, "ben@example.org", 2, [(0, 15, "PER"), (30, 36, "ORG")]),
        record(12, TEXT_2, 7, 4, [(0, 8, "PER")]),
        record(12, TEXT_2, "ben@example.org", 5, [(0, 8, "PER"), (17, 22, "LOC")]),
    ]
    path = tmp_path / "export-min.json"
    path.write_text(json.dumps(records), encoding="utf-8")
    data = run(capsys, str(path))
    full = tmp_path / "export.json"
    full.write_text(json.dumps(LABEL_STUDIO), encoding="utf-8")
    assert data["annotators"] == ["user 7", "ben@example.org"]
    assert data["overall"] == run(capsys, str(full))["overall"]


def test_a_damaged_entry_is_named(tmp_path, capsys):
    path = Path(zipped(tmp_path / "project.zip", project_entries()))
    data = bytearray(path.read_bytes())
    at = data.index(b"#FORMAT", data.index(b"annotation/doc1.txt/anna.tsv"))
    data[at : at + 7] = b"XXXXXXX"  # stored, not compressed: the CRC no longer matches
    path.write_bytes(bytes(data))
    err = failure(capsys, str(path))
    assert (
        "project.zip/annotation/doc1.txt/anna.tsv: expected an entry the zip holds whole, found Bad CRC-32"
        in err
    )


def test_one_file_no_format_reads_is_said_so_not_one_annotators(tmp_path, capsys, monkeypatch):
    """Given alone, a file no format recognises is no annotator's file: the readers' message
    (choose a format), not 'holds one annotator's'; one a format reads is one annotator's.
    Its head is read once: the detection that finds it no export says whether any format reads it."""
    from engine.formats import sniffing

    heads = []
    monkeypatch.setattr(sniffing, "read_head", lambda path, read=sniffing.read_head: heads.append(path) or read(path))
    prose = tmp_path / "notes.txt"
    prose.write_text("hello world\nthis is prose\n", encoding="utf-8")
    err = failure(capsys, str(prose))
    assert "notes.txt: expected a file of a span format" in err and "found none recognised" in err
    conll = tmp_path / "anna.conll"
    conll.write_text("Sherlock\tB-PER\nlives\tO\n", encoding="utf-8")
    assert "anna.conll holds one annotator's" in failure(capsys, str(conll))
    assert heads == [prose, conll]


def test_the_apps_look_at_a_file_no_format_reads_builds_no_error(tmp_path, monkeypatch):
    """export_reader (the Agreement window asks it on the UI thread) finds a file no format reads
    no export without building the readers' error (which parses a JSON file whole to name its
    fault: 0.56 s for 22 MB, thrown away)."""
    from engine.formats import folders

    def built(*args):
        raise AssertionError("the error was built")

    monkeypatch.setattr(folders, "unrecognised", built)
    prose = tmp_path / "notes.txt"
    prose.write_text("hello world\nthis is prose\n", encoding="utf-8")
    assert not export_annotators(str(prose))


def test_an_exports_documents_come_in_its_order_where_its_first_annotator_lacks_some(tmp_path, capsys):
    """Task 12 annotated by ben alone: it stays between 11 and 13, as in the export (it came
    last, after the first annotator's documents), in the report and its per-document tables."""
    tasks = [LABEL_STUDIO[0], {**LABEL_STUDIO[1], "annotations": LABEL_STUDIO[1]["annotations"][1:]},
             {**LABEL_STUDIO[1], "id": 13}]  # fmt: skip
    path = tmp_path / "export.json"
    path.write_text(json.dumps(tasks), encoding="utf-8")
    data = run(capsys, str(path))
    assert data["annotators"] == ["user 7", "ben@example.org"] and data["common_documents"] == ["11", "13"]
    assert data["documents"] == list(data["per_document"]) == ["11", "12", "13"]


def test_the_document_order_merges_the_annotators_orders():
    """The first annotator's order; a document it lacks right after the one before it in the
    first annotator who has it, or first where it is that annotator's first; none dropped."""
    from types import SimpleNamespace

    from engine.agreement.corpus import _document_order

    def sides(*orders: str) -> list:
        return [SimpleNamespace(documents=[SimpleNamespace(name=n) for n in order]) for order in orders]

    assert _document_order(sides("ac", "abc")) == list("abc")
    assert _document_order(sides("bc", "abc")) == list("abc")  # before the first annotator's first
    assert _document_order(sides("ad", "abd", "bcd")) == list("abcd")  # after one placed before it
    assert _document_order(sides("xy", "yxz")) == list("xzy")  # the first annotator's order kept
    assert _document_order(sides("", "ba")) == list("ba")
    # an export's tasks 1-4, each annotator's in its order: the later annotators' documents placed
    # after one document come in the annotators' order, before the one the first had after it
    assert _document_order(sides("14", "124", "134")) == list("1234")
    assert _document_order(sides("ac", "abc", "bx", "by")) == list("abxyc")
    many = [str(k) for k in range(50_000)]  # no recursion: one long chain
    assert _document_order(sides(many, many[::2])) == many
