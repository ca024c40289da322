"""Every method over plain labelled spans (spans, nervaluate, faireval, clueval) on a real
sample of each annotation tool's format, through the command line with --json and --xlsx:
the report and the workbook open and hold scores and error rows. The system side is the
sample's own spans written as doccano JSONL, one in three relabelled and one in three
left out (so there are errors of both kinds, and a label only the system uses)."""

from __future__ import annotations

import json
from pathlib import Path

import openpyxl
import pytest

from engine.formats import read_spans
from engine.formats.standoff import ReadOptions

DATA = Path(__file__).parent.parent / "data" / "formats"
XMI = DATA / "uima-xmi" / "cassis-smileys"

#: A sample of each format: (path, the reader options it needs as flags).
SAMPLES = {
    "webanno-tsv": (DATA / "webanno-tsv" / "coref.tsv", ()),
    "uima-xmi": (XMI / "cas_with_smileys.xmi", ("--gold-typesystem", XMI / "important_dkpro_types.xml")),
    "brat": (DATA / "brat" / "CoNLL-ST_2002" / "esp" / "esp.train-doc-29.ann", ()),
    "label-studio": (DATA / "label-studio" / "annotations" / "1.json", ()),
    "doccano": (DATA / "doccano" / "flair-testa.jsonl", ()),
    "conll": (DATA / "conll" / "en-orig.conll", ()),
}
METHODS = ("spans", "nervaluate", "faireval", "clueval")
ONLY_SYSTEM = "SYSTEM-ONLY"


def _system(path: Path, gold: Path, flags: tuple) -> int:
    """The gold's spans as doccano JSONL: one in three relabelled, one in three left out
    (how many are left out)."""
    options = ReadOptions(typesystem=str(flags[1])) if flags else ReadOptions()
    annotations = read_spans(str(gold), None, options)
    lines = []
    for doc in annotations.documents:
        spans = sorted((s.start, s.end, s.label) for s in annotations.spans if s.doc == doc.name)
        kept = [[s, e, ONLY_SYSTEM if i % 3 == 0 else label] for i, (s, e, label) in enumerate(spans) if i % 3 != 2]
        lines.append(json.dumps({"id": doc.name, "text": str(doc.tokens), "label": kept}))
    path.write_text("\n".join(lines) + "\n", encoding="utf-8")
    return sum(len(annotations.spans_of(doc.name)) // 3 for doc in annotations.documents)


@pytest.mark.parametrize("method", METHODS)
@pytest.mark.parametrize("fmt", list(SAMPLES))
def test_reports_and_workbooks_of_every_format(cli, tmp_path, fmt, method):
    gold, flags = SAMPLES[fmt]
    system = tmp_path / "system.jsonl"
    left_out = _system(system, gold, flags)
    report, workbook = tmp_path / "report.json", tmp_path / "review.xlsx"
    result = cli(method, gold, system, "--gold-format", fmt, "--system-format", "doccano", *flags,
                 "--json", report, "--xlsx", workbook)  # fmt: skip
    assert result.code == 0, result.err
    data = json.loads(report.read_text(encoding="utf-8"))
    assert any(table["rows"] for table in data["tables"].values())
    relabelled = method != "clueval"  # CLUEval matches spans without their labels
    expected = left_out + relabelled  # Label Studio's sample has one span: relabelled only
    assert len(data["errors"]) >= expected
    assert (ONLY_SYSTEM in json.dumps(data["errors"])) == relabelled
    book = openpyxl.load_workbook(workbook, read_only=True)
    assert any(sheet.max_row > 1 for sheet in book.worksheets)
    rows = [row for sheet in book.worksheets if "rrors" in sheet.title for row in sheet.iter_rows(values_only=True)]
    assert len(rows) > expected
    assert any(ONLY_SYSTEM in str(cell) for row in rows for cell in row) == relabelled
