"""The quick path of a plain run (engine/methods/poetry/fast.py) against the general
reader: the same CSV bytes, Overall line, warnings and errors, in one process and in two
(the halves of both files, the system pages swapped between them), for ordinary inputs
and for everything that sends a run back to the general reader."""

from __future__ import annotations

import csv
import io
import os
import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from engine.errors import Cancelled
from engine.formats import poetry_jsonl
from engine.methods import get_method
from engine.methods.poetry import Options, fast
from engine.methods.poetry.render import csv_rows
from engine.progress import Progress
from tests.engine.test_poetry_examples import reference_line, system_line

pytestmark = pytest.mark.usefixtures("forking")

LABELS = ["A", "B", "C", "", None, 1, 1.0, True, "1"]


def random_pages(rnd: random.Random, n: int) -> list[tuple]:
    """[(page_id, reference spans, system spans)]: references that do not overlap (so no
    split piece is ever empty), system spans near them, exact, split, merged, spurious,
    and now and then a page with many system spans (the general scorer's)."""
    pages = []
    for k in range(n):
        refs, pos = [], rnd.randint(-5, 50)
        for _ in range(rnd.choice([0, 0, 1, 2, 3, 4, 6])):
            start = pos + rnd.randint(0, 30)
            end = start + rnd.randint(1, 60)
            refs.append((start, end, rnd.choice(LABELS[:4]) if rnd.random() < 0.9 else rnd.choice(LABELS)))
            pos = end
        syss = []
        for start, end, label in refs:
            kind = rnd.random()
            if kind < 0.3:
                syss.append((start, end, label))
            elif kind < 0.6:
                syss.append((start + rnd.randint(-5, 5), end + rnd.randint(-5, 5), label))
            elif kind < 0.75:
                mid = (start + end) // 2
                syss += [(start, mid + 2, label), (mid - 2, end, label)]
        for _ in range(rnd.choice([0, 0, 1, 2, 25 if rnd.random() < 0.05 else 1])):
            start = rnd.randint(-5, 400)
            syss.append((start, start + rnd.randint(1, 80), rnd.choice(LABELS)))
        rnd.shuffle(syss)
        pages.append((f"p{k}", refs, [(s, e, lab) for s, e, lab in syss if e > s]))
    return pages


def write_corpus(folder, pages, *, system_order=None, unused=0, ref_line=reference_line, sys_line=system_line):
    """ref.jsonl and sys.jsonl; the system file in `system_order` (page indices) and with
    `unused` pages that no reference line asks for."""
    ref_text = "".join(ref_line(p, r) + "\n" for p, r, _ in pages)
    order = system_order if system_order is not None else range(len(pages))
    lines = [sys_line(pages[k][0], pages[k][2]) for k in order]
    lines += [system_line(f"unused-{k}", [(0, 5, "A")]) for k in range(unused)]
    (folder / "ref.jsonl").write_text(ref_text, encoding="utf-8")
    (folder / "sys.jsonl").write_text("".join(line + "\n" for line in lines), encoding="utf-8")
    return folder / "ref.jsonl", folder / "sys.jsonl"


class Processes:
    """How a test runs the quick path; `runs` gets one entry per parallel run: whether it
    gave the result (True) or sent the run back to the general reader (False)."""

    def __init__(self, parallel: bool) -> None:
        self.parallel = parallel
        self.runs: list[bool] = []

    def took_the_quick_path(self) -> bool:
        return self.runs == ([True] if self.parallel else [])


@pytest.fixture(params=["one process", "two processes"])
def processes(request, monkeypatch):
    """The quick path in one process, or in two whatever the size of the input."""
    used = Processes(request.param == "two processes")
    monkeypatch.setattr(fast, "PARALLEL_BYTES", 0 if used.parallel else 1 << 60)
    parallel = fast._run_parallel

    def counted(*args, **kwargs):
        result = parallel(*args, **kwargs)
        used.runs.append(result is not None)
        return result

    monkeypatch.setattr(fast, "_run_parallel", counted)
    return used


def both_ways(cli, folder, ref, sys_, *options):
    """(exit code, CSV bytes, stdout, stderr) without --json (the quick path) and with
    it (the general reader), each from a fresh output file."""
    results = []
    for extra in ([], ["--json", folder / "out.json"]):
        out = folder / "out.csv"
        out.unlink(missing_ok=True)
        result = cli("poetry", ref, sys_, out, *extra, *options)
        results.append((result.code, out.read_bytes() if out.exists() else None, result.out, result.err))
    return results


OPTIONS = [(), ("--ignore-label",), ("--partial-match-weight", "0.3"), ("--ignore-label", "--partial-match-weight", "0")]


@pytest.mark.parametrize("seed", range(4))
@pytest.mark.parametrize("options", OPTIONS)
def test_random_corpora_as_the_general_reader(cli, tmp_path, processes, seed, options):
    rnd = random.Random(seed)
    pages = random_pages(rnd, 400)
    order = list(range(len(pages)))
    if seed % 2:
        rnd.shuffle(order)  # system pages in another order: the halves swap many pages
    ref, sys_ = write_corpus(tmp_path, pages, system_order=order, unused=seed)
    quick, general = both_ways(cli, tmp_path, ref, sys_, *options)
    assert quick == general
    assert quick[0] == 0, quick[3]
    assert processes.took_the_quick_path()


def test_page_ids_that_are_not_plain_strings(cli, tmp_path, processes):
    """Numbers, true/false, null and strings that the CSV quotes: the csv module writes
    those rows."""
    ids = [7, 7.5, True, None, "a,b", 'say "hi"', "line\nbreak", "x\ry", "plain"]
    pages = [(page_id, [(0, 10, "A")], [(0, 8, "A")]) for page_id in ids]
    pages += [(f"p{k}", [(k, k + 5, "B")], [(k, k + 5, "B")]) for k in range(200)]
    ref, sys_ = write_corpus(tmp_path, pages)
    quick, general = both_ways(cli, tmp_path, ref, sys_)
    assert quick == general and quick[0] == 0


def test_large_pages_and_many_labels(cli, tmp_path, processes):
    rnd = random.Random(9)
    pages = []
    for k in range(30):
        refs = [(i * 20, i * 20 + 12, rnd.choice(LABELS)) for i in range(40)]
        syss = [(i * 15, i * 15 + rnd.randint(3, 30), rnd.choice(LABELS)) for i in range(60)]
        pages.append((f"big{k}", refs, syss))
    ref, sys_ = write_corpus(tmp_path, pages)
    for options in OPTIONS:
        quick, general = both_ways(cli, tmp_path, ref, sys_, *options)
        assert quick == general and quick[0] == 0


# --- what sends a run back to the general reader --------------------------------------------


def base_pages(n=300):
    return random_pages(random.Random(42), n)


def edit_line(path, number, text):
    """Replace line `number` (1-based) of a file."""
    lines = path.read_text(encoding="utf-8").split("\n")
    lines[number - 1] = text
    path.write_text("\n".join(lines), encoding="utf-8")


UNUSUAL = {
    "invalid JSON": ("ref", '{"page_id": "x",}'),
    "a line that is an array": ("sys", "[1, 2]"),
    "an empty line": ("ref", ""),
    "a closed gate over a list (warning)": ("ref", '{"page_id": "PAGE", "n_excerpts": 0, "excerpts": '
                                                   '[{"start": 0, "end": 5, "poem_id": "A"}]}'),
    "a float offset": ("sys", '{"page_id": "PAGE", "n_spans": 1, "poem_spans": '
                              '[{"page_start": 0, "page_end": 5.0, "ref_id": "A"}]}'),
    "true/false offsets": ("ref", '{"page_id": "PAGE", "n_excerpts": 1, "excerpts": '
                                  '[{"start": false, "end": true, "poem_id": "A"}]}'),
    "end before start": ("ref", '{"page_id": "PAGE", "n_excerpts": 1, "excerpts": '
                                '[{"start": 5, "end": 2, "poem_id": "A"}]}'),
    "a missing key": ("sys", '{"page_id": "PAGE", "poem_spans": []}'),
    "no list behind a closed gate": ("ref", '{"page_id": "PAGE", "n_excerpts": 0}'),
    "a label that is an array": ("sys", '{"page_id": "PAGE", "n_spans": 1, "poem_spans": '
                                        '[{"page_start": 0, "page_end": 5, "ref_id": ["A"]}]}'),
    "a system line of another page": ("sys", system_line("elsewhere", [])),
    "a reference page the system file does not have": ("ref", reference_line("nowhere", [])),
    "a repeated system page (warning)": ("sys", system_line("p3", [(0, 9, "B")])),
    "a repeated reference page (warning)": ("ref", reference_line("p3", [(0, 9, "B")])),
    "overlapping references over one system span (P11)": ("both", (
        reference_line("PAGE", [(0, 10, "A"), (3, 12, "A")]), system_line("PAGE", [(5, 20, "A")]))),
}  # fmt: skip


@pytest.mark.parametrize("where", ["first half", "second half"])
@pytest.mark.parametrize("case", sorted(UNUSUAL))
def test_unusual_inputs_as_the_general_reader(cli, tmp_path, processes, case, where):
    pages = base_pages()
    ref, sys_ = write_corpus(tmp_path, pages)
    number = 20 if where == "first half" else len(pages) - 20
    page_id = pages[number - 1][0]
    side, text = UNUSUAL[case]
    if side == "both":
        edit_line(ref, number, text[0].replace("PAGE", page_id))
        edit_line(sys_, number, text[1].replace("PAGE", page_id))
    else:
        edit_line(ref if side == "ref" else sys_, number, text.replace("PAGE", page_id))
    quick, general = both_ways(cli, tmp_path, ref, sys_)
    assert quick == general


@pytest.mark.parametrize("first, second", [(5, 280), (280, 5), (5, 6), (280, 281)])
def test_repeated_ids_within_and_across_the_halves(cli, tmp_path, processes, first, second):
    """A page id on two lines of either file, both in one half or one in each."""
    pages = base_pages()
    for name, line in (("sys.jsonl", system_line), ("ref.jsonl", reference_line)):
        ref, sys_ = write_corpus(tmp_path, pages)
        edit_line(tmp_path / name, second, line(pages[first - 1][0], [(1, 4, "C")]))
        quick, general = both_ways(cli, tmp_path, ref, sys_)
        assert quick == general


def test_a_system_file_in_reverse_order_swaps_every_page(cli, tmp_path, processes):
    pages = base_pages()
    ref, sys_ = write_corpus(tmp_path, pages, system_order=range(len(pages) - 1, -1, -1), unused=3)
    quick, general = both_ways(cli, tmp_path, ref, sys_, "--partial-match-weight", "2")
    assert quick == general and quick[0] == 0 and "above 1" in quick[3] and "3 pages not in" in quick[3]
    assert processes.took_the_quick_path()


def test_too_many_waiting_pages_leave_the_run_to_one_process(cli, tmp_path, monkeypatch):
    """Files in very different orders would make both processes hold most of their pages
    until the end: past HELD_PAGES, one process does the run (streaming, as always)."""
    monkeypatch.setattr(fast, "PARALLEL_BYTES", 0)
    monkeypatch.setattr(fast, "HELD_PAGES", 1500)  # about two blocks
    single = fast._run_single
    runs = []

    def counted(*args):
        result = single(*args)
        runs.append(result is not None)
        return result

    monkeypatch.setattr(fast, "_run_single", counted)
    pages = base_pages(5000)
    ref, sys_ = write_corpus(tmp_path, pages, system_order=range(len(pages) - 1, -1, -1))
    quick, general = both_ways(cli, tmp_path, ref, sys_)
    assert quick == general and quick[0] == 0
    assert runs == [True]
    runs.clear()
    ref, sys_ = write_corpus(tmp_path, pages)  # the same order: a few waiting pages at most
    quick, general = both_ways(cli, tmp_path, ref, sys_)
    assert quick == general and quick[0] == 0 and runs == []


def test_compressed_files_are_read_in_one_process(cli, tmp_path, processes):
    import gzip

    ref, sys_ = write_corpus(tmp_path, base_pages())
    plain = both_ways(cli, tmp_path, ref, sys_)[0]
    processes.runs.clear()
    (tmp_path / "s.gz").write_bytes(gzip.compress(sys_.read_bytes()))
    quick, general = both_ways(cli, tmp_path, ref, tmp_path / "s.gz")
    assert quick == general and quick[1] == plain[1]
    assert processes.runs == []


def test_a_failing_child_leaves_the_run_to_this_process(cli, tmp_path, monkeypatch, processes):
    def fails(*args):
        raise MemoryError

    monkeypatch.setattr(fast, "_child_part", fails)
    ref, sys_ = write_corpus(tmp_path, base_pages())
    quick, general = both_ways(cli, tmp_path, ref, sys_)
    assert quick == general and quick[0] == 0
    assert processes.runs == ([False] if processes.parallel else [])


def test_only_the_main_thread_forks(tmp_path, monkeypatch):
    import threading

    ref, sys_ = write_corpus(tmp_path, base_pages())
    monkeypatch.setattr(fast, "PARALLEL_BYTES", 0)
    assert fast._parallel_cuts(str(ref), str(sys_)) is not None
    event = threading.Event()
    thread = threading.Thread(target=event.wait)
    thread.start()
    try:
        assert fast._parallel_cuts(str(ref), str(sys_)) is None
    finally:
        event.set()
        thread.join()


# --- progress and cancelling -------------------------------------------------------------------


def test_progress_and_cancelling(tmp_path, processes):
    ref, sys_ = write_corpus(tmp_path, base_pages(3000))
    seen = []
    progress = Progress(lambda fraction, message: seen.append(fraction), interval=0)
    report = get_method("poetry").evaluate(str(ref), str(sys_), Options(), progress, detail=False)
    assert "_csv" in report.data  # the quick path gave the result
    assert seen and seen[-1] == 1.0 and seen == sorted(seen)
    calls = []

    def cancel(fraction, message):
        calls.append(fraction)
        if len(calls) == 3:
            progress.cancel()

    progress = Progress(cancel, interval=0)
    with pytest.raises(Cancelled):
        get_method("poetry").evaluate(str(ref), str(sys_), Options(), progress, detail=False)
    with pytest.raises(ChildProcessError):  # no child left behind, not even a zombie
        os.waitpid(-1, os.WNOHANG)


# --- the pieces ------------------------------------------------------------------------------------


def csv_module(page_ids, scores):
    buffer = io.StringIO()
    csv.writer(buffer).writerows([page_id, *score[:8]] for page_id, score in zip(page_ids, scores, strict=True))
    return buffer.getvalue()


SCORE = st.one_of(st.floats(allow_nan=False), st.sampled_from([0, 1]))  # precision, recall: 1 and 0 in the edge cases
COUNT = st.one_of(st.integers(0, 300), st.integers(0, 10**20))


@settings(max_examples=300, deadline=None)
@given(st.lists(st.tuples(st.one_of(st.text(), st.text(",\"\r\n ab"), st.none(), st.integers(), st.floats(),
                                    st.booleans()),
                          st.tuples(SCORE, SCORE, *[COUNT] * 6, SCORE, *[COUNT] * 3))))  # fmt: skip
def test_csv_rows_as_the_csv_module(rows):
    page_ids, scores = [row[0] for row in rows], [row[1] for row in rows]
    assert csv_rows(page_ids, scores) == csv_module(page_ids, scores)


def test_the_system_file_is_split_at_the_childs_first_page(tmp_path):
    pages = base_pages(2000)
    ref, sys_ = write_corpus(tmp_path, pages, unused=5)
    gold_cut = poetry_jsonl.line_start_after(str(ref), 0.5)
    page = ref.read_bytes()[gold_cut:].split(b"\n")[0][:20]
    cut = poetry_jsonl.line_of_same_page(str(ref), gold_cut, str(sys_), sys_.stat().st_size // 2)
    assert sys_.read_bytes()[cut - 1 : cut + 20] == b"\n" + page
    other = tmp_path / "other.jsonl"
    other.write_text(sys_.read_text().replace('"page_id": "p', '"page_id": "\\u0070'))  # the same ids, escaped
    assert poetry_jsonl.line_of_same_page(str(ref), gold_cut, str(other), other.stat().st_size // 2) is None
    assert poetry_jsonl.line_of_same_page(str(ref), gold_cut, str(sys_), 0, window=1000) is None  # too far


def test_read_block_leaves_unusual_lines_to_the_line_reader():
    layout = poetry_jsonl.REFERENCE
    good = reference_line("p", [(0, 5, "A"), (7, 9, 1)]).encode()
    ids, spans = poetry_jsonl.read_block([good, reference_line(3, []).encode()], layout)
    assert ids == ["p", 3] and [[s[:2] + s[3:] for s in page] for page in spans] == [[(0, 5, "A"), (7, 9, 1)], []]
    unusual = [line for side, line in UNUSUAL.values() if side == "ref" and line.startswith('{"page_id": "PAGE"')]
    assert len(unusual) == 4
    for line in [*unusual, "", "[1]", '{"page_id": "p"}', '{"page_id": [1], "n_excerpts": 0, "excerpts": []}']:
        assert poetry_jsonl.read_block([good, line.replace("PAGE", "q").encode()], layout) is None
