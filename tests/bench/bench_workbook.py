"""Writing a review workbook against the evaluation it comes from (issue 19.9: at most 5×
the evaluation's CPU time), writing and reading back one of 200,000 errors, and `spanstudio
review` of a reviewed FairEval workbook of about 200,000 error rows (make bench)."""

from __future__ import annotations

import json
import random
import re
import time
import zipfile
from pathlib import Path

from engine.export.xlsx import write_workbook
from engine.methods import get_method
from engine.report import Report, Table, error_row
from engine.review import read_review
from engine.spans import Document
from tests.bench import compile_engine, peak_mb
from tests.conftest import conformance

N_ERRORS = 200_000


def _report() -> Report:
    rnd = random.Random(4)
    words = ["the", "old", "house", "of", "Sherlock", "Holmes", "stood", "in", "Baker", "Street", "."]
    sentences = 20_000
    tokens = [rnd.choice(words) for _ in range(sentences * 20)]
    doc = Document("corpus.conll", tokens, [(i * 20, i * 20 + 20) for i in range(sentences)])
    rows = []
    for i in range(N_ERRORS):
        unit = i % sentences
        start = unit * 20 + rnd.randint(0, 15)
        g, s = (start, start + 2), (start + 1, start + 4)
        rows.append(
            error_row(
                document=doc.name,
                unit=unit + 1,
                type=rnd.choice(["BE", "LE", "FN", "FP"]),
                gold_label="PER",
                system_label="LOC",
                gold_start=g[0],
                gold_end=g[1],
                system_start=s[0],
                system_end=s[1],
                gold_parts=[list(g)],
                system_parts=[list(s)],
                gold_position=f"{g[0] + 1}-{g[1]}",
                system_position=f"{s[0] + 1}-{s[1]}",
                gold_text=doc.text(*g),
                system_text=doc.text(*s),
            )
        )
    table = Table(["method", "precision", "recall", "f1"], [["x", 0.5, 0.5, 0.5]], "Overall")
    return Report("bench", "Bench", {}, [], {"overall": table}, rows, [doc])


def test_export_of_200000_errors(tmp_path):
    report = _report()
    path = tmp_path / "big.xlsx"
    start = time.process_time()
    write_workbook(report, str(path))
    took = time.process_time() - start
    print(
        f"\nworkbook with {N_ERRORS:,} errors: written in {took:.1f} s CPU "
        f"({N_ERRORS / took:,.0f} rows/s), {path.stat().st_size / 1e6:.0f} MB"
    )
    start = time.process_time()
    review = read_review(str(path))
    print(f"  read back in {time.process_time() - start:.1f} s CPU")
    assert len(review.rows) == N_ERRORS


def test_faireval_workbook_against_its_evaluation(tmp_path):
    """The conformance NER spans twelve times over (about 16,000 errors): CPU time of the
    evaluation with detail (what the app does) and of writing its workbook."""
    data = conformance("faireval") / "data"
    for role, folder in (("gold", "target"), ("system", "system")):
        text = (data / folder / "ner_spans.csv").read_text(encoding="utf-8")
        (tmp_path / f"{role}.csv").write_text((text.rstrip("\n") + "\n\n") * 12, encoding="utf-8")
    method = get_method("faireval")
    paths = str(tmp_path / "gold.csv"), str(tmp_path / "system.csv")
    start = time.process_time()
    method.evaluate(*paths, method.Options(), detail=False)
    scores_only = time.process_time() - start
    start = time.process_time()
    report = method.evaluate(*paths, method.Options())
    evaluation = time.process_time() - start
    start = time.process_time()
    write_workbook(report, str(tmp_path / "r.xlsx"))
    writing = time.process_time() - start
    print(
        f"\nFairEval, {len(report.error_rows):,} errors: evaluation {scores_only:.2f} s CPU, with detail "
        f"{evaluation:.2f} s; workbook {writing:.2f} s CPU ({writing / evaluation:.1f}× the evaluation with "
        f"detail, {writing / scores_only:.1f}× the scores-only evaluation)"
    )
    assert len(report.error_rows) > 15_000


def test_clueval_w_files_of_the_benchmark_pair(tmp_path):
    """CLUEval's -w on the spec's benchmark pair (five .tsv and five .xlsx files), whole CLI
    run, against the original's 953 s with -w (specs/clueval.md §10)."""
    from tests.bench.bench_clueval import ARGS, cli_run, generate

    gold, system = tmp_path / "gold.vrt", tmp_path / "system.vrt"
    generate(1_000_000, gold, system)
    _, plain, _ = cli_run(gold, system, *ARGS, "-e")
    wall, cpu, _ = cli_run(gold, system, *ARGS, "-e", "-w", str(tmp_path / "tables"))
    xlsx_files = sorted((tmp_path / "tables").glob("*.xlsx"))
    print(f"\nCLUEval -w, 1,000,006 tokens: {wall:.1f} s wall, {cpu:.1f} s CPU = {953 / cpu:.0f}× less than "
          f"the original's 953 s; {len(xlsx_files)} .xlsx files; the files cost +{cpu - plain:.1f} s = "
          f"{(cpu - plain) / plain:.1f}× the evaluation (-e without -w: {plain:.1f} s)")  # fmt: skip
    assert len(xlsx_files) == 5


def _judged(written: Path, reviewed: Path) -> None:
    """`written` with every seventh error given a verdict, as a reviewer would, its sheet's XML
    edited (inline strings kept: the workbook as Span Studio writes it, verdicts added)."""

    def judge(cell: re.Match[bytes]) -> bytes:
        number = int(cell[2])
        given = (number - 3) % 7 == 0
        verdict = f'<c r="B{number}" t="inlineStr"><is><t>both acceptable</t></is></c>'.encode()
        return cell[1] + verdict * given

    with zipfile.ZipFile(written) as source, zipfile.ZipFile(reviewed, "w", zipfile.ZIP_DEFLATED) as target:
        for info in source.infolist():
            data = source.read(info)
            if info.filename.startswith("xl/worksheets/") and len(data) > 1_000_000:  # the Errors sheet
                data = re.sub(rb'(<c r="A(\d+)"[^>]*><is><t>E\d+</t></is></c>)', judge, data)
            target.writestr(info.filename, data)


def test_review_of_a_faireval_workbook_of_200000_errors(tmp_path):
    """`spanstudio review --json` of FairEval's generated corpus's workbook (1,000,000 spans,
    about 200,000 error rows with two coloured contexts each), whole process on one core."""
    from tests.bench.bench_faireval import _corpus
    from tests.bench.side_by_side import cpu_seconds, ours

    compile_engine()
    gold, system, _ = _corpus(tmp_path, 1_000_000)
    written, reviewed = tmp_path / "w.xlsx", tmp_path / "reviewed.xlsx"
    cpu_seconds(ours("faireval", gold, system, "--xlsx", written))
    _judged(written, reviewed)
    command = ours("review", reviewed, "--json", tmp_path / "r.json")
    times = sorted(cpu_seconds(command)[0] for _ in range(3))
    errors = json.loads((tmp_path / "r.json").read_text(encoding="utf-8"))["errors"]
    print(f"\nspanstudio review of a FairEval workbook of {errors:,} errors ({reviewed.stat().st_size / 1e6:.0f} MB): "
          f"{times[0]:.1f}–{times[-1]:.1f} s CPU (3 runs, one core), peak {peak_mb(command):.0f} MB")  # fmt: skip
