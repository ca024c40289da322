"""Each verdict's effect on the reviewed scores, on each error type of each method: the two
agreements ("system right (gold wrong)", "both acceptable") change the counts as pinned
here; the others ("gold right (system wrong)", "both wrong", "unclear") leave them as they
are. One error of the type gets the verdict, through a workbook written and read back."""

from __future__ import annotations

import json
import shutil

import pytest
from openpyxl import load_workbook

from engine.export.xlsx import AGREEMENTS, REVIEW_SHEET, VERDICTS
from engine.review import read_review, reviewed_tables
from gui.resources import example_inputs
from tests.conftest import ROOT
from tests.engine.test_poetry_examples import write_pages

WORKED = ROOT / "tests" / "engine" / "data" / "clueval" / "worked"
OTHERS = [v for v in VERDICTS if v not in AGREEMENTS]


def _faireval(tmp_path):
    _, gold, system = example_inputs()
    return ["faireval", gold, system]


def _clueval(tmp_path):
    return [
        "clueval",
        WORKED / "gold.vrt",
        WORKED / "system.vrt",
        "-a",
        "entity",
        "risk",
        "-l",
        "0",
        "-e",
        *CLUEVAL_TYPES,
    ]


def _poetry(tmp_path):
    pages = [
        ("p1", [(0, 10, "A")], [(0, 10, "A")]),
        ("p2", [(0, 10, "A"), (20, 30, "B")], [(0, 5, "A"), (40, 50, "C")]),
    ]
    ref, system = write_pages(tmp_path, pages, ())
    return ["poetry", ref, system, tmp_path / "out.csv"]


def _starsem(tmp_path):
    from tests.conftest import conformance

    st = conformance("starsem")
    return [
        "starsem",
        "-g",
        st / "SEM-2012-SharedTask-CD-SCO-dev-09032012.txt",
        "-s",
        st / "dev.mixed.system.txt",
    ]


def _propara(tmp_path):
    answers = [
        "1\t1\tx\tNONE\ta\ta",
        "1\t2\tx\tMOVE\ta\tb",
        "2\t1\ty\tNONE\t-\t-",
        "2\t2\ty\tCREATE\t-\tc",
        "3\t1\tz\tNONE\ta\ta",
        "3\t2\tz\tNONE\ta\ta",
    ]
    predictions = [
        *answers[:1],
        "1\t2\tx\tMOVE\ta\td",
        *answers[2:3],
        "2\t2\ty\tNONE\t-\t-",
        *answers[4:5],
        "3\t2\tz\tMOVE\ta\tb",
    ]  # a partial move, a missing output, a spurious move
    (tmp_path / "a.tsv").write_text("\n".join(answers) + "\n")
    (tmp_path / "p.tsv").write_text("\n".join(predictions) + "\n")
    return ["propara", "-p", tmp_path / "p.tsv", "-a", tmp_path / "a.tsv"]


# (method, error type, sheet) → how accepting one such error changes the counts of the
# overall row of each reviewed table ({} : not at all)
TRAD_FAIR = {"traditional": {"TP": 1, "FP": -1, "FN": -1}}
EFFECTS = {
    ("faireval", "FN"): {"traditional": {"FN": -1}, "fair": {"FN": -1}},
    ("faireval", "FP"): {"traditional": {"TP": 1, "FP": -1}, "fair": {"TP": 1, "FP": -1}},
    ("faireval", "LE"): {**TRAD_FAIR, "fair": {"TP": 1, "LE": -1}},
    ("faireval", "LBE"): {**TRAD_FAIR, "fair": {"TP": 1, "LBE": -1}},
    ("faireval", "BE"): {**TRAD_FAIR, "fair": {"TP": 1, "BE": -1, "BES": -1}},  # the first BE is a BES
    ("poetry", "exact"): {},
    ("poetry", "partial"): {},  # partial matches already count as matches
    ("poetry", "missed"): {"reviewed": {"FN": -1}},
    ("poetry", "spurious"): {"reviewed": {"TP": 1, "FP": -1}},
    ("starsem", "FN"): {"reviewed": {"FN": -1}},
    ("starsem", "FP"): {"reviewed": {"TP": 1, "FP": -1}},
}
CLUEVAL_TYPES = ["contained", "tiled", "covered", "unmatched"]
for _kind in CLUEVAL_TYPES:  # at leniency 0 every class but exact is an error
    EFFECTS[("clueval", _kind, "Recall errors")] = {"reviewed": {"TP_Recall": 1, "FN": -1}}
for _kind in ("contained", "unmatched"):
    EFFECTS[("clueval", _kind, "Precision errors")] = {"reviewed": {"TP_Precision": 1, "FP": -1}}
# ProPara: an accepted item gets full credit: its side's credit grows by 1 - its score
# (precision = prediction credit / prediction items, recall = answer credit / answer items)
PROPARA = ("missing", "spurious", "partial")
RUNS = {
    "faireval": _faireval,
    "clueval": _clueval,
    "poetry": _poetry,
    "starsem": _starsem,
    "propara": _propara,
}
CASES = [(key[0], key[1], key[2] if len(key) > 2 else None) for key in EFFECTS] + [
    ("propara", kind, None) for kind in PROPARA
]


def _book(cli, tmp_path, method):
    path = tmp_path / "review.xlsx"
    result = cli(*RUNS[method](tmp_path), "--xlsx", path)
    assert result.code == 0, result.err
    return path


def _give(path, target, kind, sheet_name, verdict):
    """Set `verdict` on the first error of `kind` (in `sheet_name`); its row's values."""
    book = load_workbook(path)
    sheets = json.loads(dict(book[REVIEW_SHEET].iter_rows(values_only=True))["error_sheets"])
    for name in [sheet_name] if sheet_name else sheets:
        ws = book[name]
        head = [c.value for c in ws[2]]
        for r in range(3, ws.max_row + 1):
            if ws.cell(r, head.index("Type") + 1).value == kind:
                ws.cell(r, head.index("Verdict") + 1).value = verdict
                book.save(target)
                return dict(zip(head, [c.value for c in ws[r]], strict=True))
    raise AssertionError(f"no {kind} error")


def _overall(tables):
    """Each table's last row (overall) by column; ProPara's: every row, by question."""
    out = {}
    for name, t in tables.items():
        rows = [dict(zip(t.columns, row, strict=True)) for row in t.rows]
        out[name] = {r["question"]: r for r in rows} if "question" in t.columns else rows[-1]
    return out


@pytest.fixture(scope="module")
def books(tmp_path_factory):
    return {}


@pytest.mark.parametrize(("method", "kind", "sheet"), CASES)
def test_each_verdict_on_each_error_type(method, kind, sheet, cli, tmp_path, books):
    if method not in books:
        folder = tmp_path / method
        folder.mkdir()
        books[method] = _book(cli, folder, method)
    plain = tmp_path / "plain.xlsx"
    shutil.copy(books[method], plain)
    before = _overall(reviewed_tables(read_review(str(plain))))
    for verdict in VERDICTS:
        target = tmp_path / "judged.xlsx"
        row = _give(plain, target, kind, sheet, verdict)
        review = read_review(str(target))
        assert not review.warnings
        after = _overall(reviewed_tables(review))
        if verdict not in AGREEMENTS:
            assert after == before, verdict
        elif method == "propara":
            _check_credit(before, after, row, kind)
        else:
            _check_counts(before, after, EFFECTS[(method, kind, sheet) if sheet else (method, kind)])


def _check_counts(before, after, effects):
    for name, counts in before.items():
        for column, value in counts.items():
            if isinstance(value, int) and not isinstance(value, bool):
                assert after[name][column] == value + effects.get(name, {}).get(column, 0), (name, column)
        tp, fp = after[name].get("TP", after[name].get("TP_Precision")), after[name].get("FP")
        if name == "traditional" or name == "reviewed":
            assert after[name]["precision"] == pytest.approx(tp / (tp + fp) if tp + fp else 0.0)


def _check_credit(before, after, row, kind):
    side = row["side"]
    b, a = before["reviewed"][row["question"]], after["reviewed"][row["question"]]
    gain = 1 - float(row["score"] or 0)
    assert gain > 0
    key, items = ("precision", "prediction items") if side == "prediction" else ("recall", "answer items")
    assert a[key] == pytest.approx(b[key] + gain / b[items])
    other = "recall" if key == "precision" else "precision"
    assert a[other] == b[other]
