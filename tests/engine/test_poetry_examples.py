"""Poetry span evaluation: the worked examples of specs/poetry.md §3.7–3.8 and every KEEP
quirk of §7, through the command line."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

CSV_HEADER = ("page_id,precision,recall,n_span_matches,n_span_misses,n_span_spurious,"
              "n_poem_matches,n_poem_misses,n_poem_spurious\r\n")  # fmt: skip


def reference_line(page_id, spans, **extra) -> str:
    excerpts = [{"start": s, "end": e, "poem_id": lab} for s, e, lab in spans]
    return json.dumps({"page_id": page_id, "n_excerpts": len(excerpts), "excerpts": excerpts, **extra})


def system_line(page_id, spans, **extra) -> str:
    found = [{"page_start": s, "page_end": e, "ref_id": lab} for s, e, lab in spans]
    return json.dumps({"page_id": page_id, "n_spans": len(found), "poem_spans": found, **extra})


def write_pages(folder: Path, pages, system_only=()) -> tuple[Path, Path]:
    """ref.jsonl and sys.jsonl for [(page_id, reference spans, system spans)]."""
    ref, sys_ = folder / "ref.jsonl", folder / "sys.jsonl"
    ref.write_text("".join(reference_line(p, r) + "\n" for p, r, _ in pages), encoding="utf-8")
    lines = [system_line(p, s) for p, _, s in pages] + [system_line(p, s) for p, s in system_only]
    sys_.write_text("".join(line + "\n" for line in lines), encoding="utf-8")
    return ref, sys_


def run_pages(cli, folder, pages, *options, system_only=()):
    """(exit code, CSV text, stdout, stderr, JSON report) of one run."""
    ref, sys_ = write_pages(folder, pages, system_only)
    out, js = folder / "out.csv", folder / "out.json"
    for path in (out, js):
        path.unlink(missing_ok=True)
    result = cli("poetry", ref, sys_, out, "--json", js, *options)
    csv = out.read_bytes().decode("utf-8") if out.exists() else None
    report = json.loads(js.read_text(encoding="utf-8")) if js.exists() else None
    return result.code, csv, result.out, result.err, report


def row(cli, folder, refs, syss, *options):
    """The JSON row of a one-page run, as a tuple of its values after the id."""
    code, _, _, err, report = run_pages(cli, folder, [("p", refs, syss)], *options)
    assert code == 0, err
    return tuple(report["rows"][0].values())[1:]


A = "A"
SEED_REFS = [(394, 512, A), (516, 557, A), (563, 633, A), (637, 675, A)]
EIGHT_PAGES = [
    ("pair-order", [(0, 9, A), (11, 18, A), (20, 23, A)], [(12, 26, A), (14, 19, A), (4, 7, A)]),
    ("exact-then-partial", [(2, 9, A), (10, 13, A), (13, 16, A)], [(7, 15, A), (1, 3, A)]),
    ("seed", SEED_REFS, [(389, 678, A)]),
    ("tie", [(10, 30, A), (32, 40, A)], [(20, 40, A), (0, 20, A)]),
    ("empty", [], []),
    ("sys-only", [], [(0, 5, A)]),
    ("ref-only", [(0, 5, A)], []),
    ("a,b", [(0, 10, A)], [(0, 10, A)]),
]


def test_the_eight_pages_of_section_3_8(cli, tmp_path):
    code, csv, out, err, _ = run_pages(cli, tmp_path, EIGHT_PAGES)
    assert (code, err) == (0, "")
    assert csv == CSV_HEADER + (
        "pair-order,0.373015873015873,0.373015873015873,3,0,0,1,0,0\r\n"
        "exact-then-partial,0.488095238095238,0.6507936507936507,3,0,1,1,0,0\r\n"
        "seed,0.9185623745095651,0.9185623745095651,4,0,0,1,0,0\r\n"
        "tie,0.45,0.45,2,0,0,1,0,0\r\n"
        "empty,1,1,0,0,0,0,0,0\r\n"
        "sys-only,0.0,0,0,0,1,0,0,1\r\n"
        "ref-only,0,0.0,0,1,0,0,1,0\r\n"
        '"a,b",1.0,1.0,1,0,0,1,0,0\r\n'
    )
    assert out == "Overall: 8 Pages | Precision = 0.5287 | Recall = 0.549\n"


def test_seed_example_and_its_variants(cli, tmp_path):
    """§3.7: four references split one system span; w = 0.5 halves each term; labels
    ignored give the same."""
    seed = row(cli, tmp_path, SEED_REFS, [(389, 678, A)])
    assert seed == (0.9185623745095651, 0.9185623745095651, 4, 0, 0, 1, 0, 0)
    half = row(cli, tmp_path, SEED_REFS, [(389, 678, A)], "--partial-match-weight", "0.5")
    assert half[:2] == (0.45928118725478256, 0.45928118725478256)
    assert row(cli, tmp_path, SEED_REFS, [(389, 678, A)], "--ignore-label") == seed


def test_seed_example_details(cli, tmp_path):
    """The pieces and factors of §3.7 in the JSON details."""
    _, _, _, _, report = run_pages(cli, tmp_path, [("seed", SEED_REFS, [(389, 678, A)])])
    pairs = report["details"][0]["pairs"]
    assert [p["piece"] for p in pairs] == [[389, 516], [516, 563], [563, 637], [637, 678]]
    assert [p["factor"] for p in pairs] == [0.9291338582677166, 0.8723404255319149,
                                            0.9459459459459459, 0.926829268292683]  # fmt: skip
    assert report["details"][0]["system"][0]["references"] == [0, 1, 2, 3]


def test_sum_in_pair_order_not_reference_order(cli, tmp_path):
    """§3.5: the shortcuts give 0.37301587301587297 and 0.4880952380952381."""
    assert row(cli, tmp_path, *EIGHT_PAGES[0][1:])[0] == 0.373015873015873
    assert row(cli, tmp_path, *EIGHT_PAGES[1][1:])[0] == 0.488095238095238


@pytest.mark.parametrize(
    "refs, syss, options, expected",
    [
        # P1: a split turns one blob over adjacent references into exact matches
        ([(0, 5, A), (5, 10, A)], [(0, 10, A)], (), (1.0, 1.0, 2, 0, 0, 1, 0, 0)),
        # P2: gap and overhang go into the pieces
        (
            [(0, 10, A), (90, 100, A)],
            [(0, 100, A)],
            (),
            (0.5555555555555556, 0.5555555555555556, 2, 0, 0, 1, 0, 0),
        ),
        # P3: ties go to the first span in sorted order
        ([(10, 20, A)], [(15, 25, A), (5, 15, A)], (), (0.25, 0.5, 1, 0, 1, 1, 0, 0)),
        ([(10, 30, A), (32, 40, A)], [(20, 40, A), (0, 20, A)], (), (0.45, 0.45, 2, 0, 0, 1, 0, 0)),
        # P4: a duplicate system span is spurious with labels, merged without
        ([(10, 20, A)], [(10, 20, A), (10, 20, A)], (), (0.5, 1.0, 1, 0, 1, 1, 0, 0)),
        ([(10, 20, A)], [(10, 20, A), (10, 20, A)], ("--ignore-label",), (1.0, 1.0, 1, 0, 0, 1, 0, 0)),
        # P5: a perfect extent with the wrong label earns nothing
        ([(0, 10, A)], [(0, 10, "B")], (), (0.0, 0.0, 0, 1, 1, 0, 1, 1)),
        # P6: a poem matched and missed at once
        ([(0, 10, A), (50, 60, A)], [(0, 10, A)], (), (1.0, 0.5, 1, 1, 0, 1, 1, 0)),
        # P7: with --ignore-label the spurious poem is the label ""
        ([(10, 20, A)], [(15, 25, A), (5, 15, A)], ("--ignore-label",), (0.25, 0.5, 1, 0, 1, 1, 0, 1)),
        ([(10, 20, "")], [(15, 25, A), (5, 15, A)], ("--ignore-label",), (0.25, 0.5, 1, 0, 1, 1, 0, 0)),
        # P8: touching system spans stay apart, overlapping ones merge
        ([(0, 10, A)], [(0, 5, A), (5, 10, "B")], ("--ignore-label",), (0.25, 0.5, 1, 0, 1, 1, 0, 1)),
        ([(0, 10, A)], [(0, 6, A), (5, 10, "B")], ("--ignore-label",), (1.0, 1.0, 1, 0, 0, 1, 0, 0)),
        # P9: integers in the empty cases, floats otherwise
        ([], [], (), (1, 1, 0, 0, 0, 0, 0, 0)),
        ([], [(0, 5, A)], (), (0.0, 0, 0, 0, 1, 0, 0, 1)),
        ([(0, 5, A)], [], (), (0, 0.0, 0, 1, 0, 0, 1, 0)),
        # P10: nested references share a span, the exact match is lost
        ([(0, 10, A), (2, 5, A)], [(0, 10, A)], (), (0.2875, 0.2875, 2, 0, 0, 1, 0, 0)),
        # P11b: a piece that only touches its reference earns 0
        (
            [(5, 10, A), (5, 10, "B")],
            [(0, 20, A)],
            ("--ignore-label",),
            (0.16666666666666666, 0.16666666666666666, 2, 0, 0, 2, 0, 0),
        ),
        # P12: labels compare with Python equality
        ([(0, 10, None)], [(0, 10, None)], (), (1.0, 1.0, 1, 0, 0, 1, 0, 0)),
        ([(0, 10, "")], [(0, 10, None)], (), (0.0, 0.0, 0, 1, 1, 0, 1, 1)),
        ([(0, 10, 1)], [(0, 10, "1")], (), (0.0, 0.0, 0, 1, 1, 0, 1, 1)),
        ([(0, 10, 1), (20, 30, 1.0)], [(0, 10, 1.0), (20, 30, True)], (), (1.0, 1.0, 2, 0, 0, 1, 0, 0)),
        # P18: tiny factors print in exponent form
        ([(0, 100000, A)], [(5, 6, A)], (), (1e-05, 1e-05, 1, 0, 0, 1, 0, 0)),
        ([(0, 100000, A)], [(5, 6, A)], ("--partial-match-weight", "0.3"), (3e-06, 3e-06, 1, 0, 0, 1, 0, 0)),
        # P21: a weight above 1 lets scores exceed 1
        ([(0, 10, A)], [(0, 20, A)], ("--partial-match-weight", "4"), (2.0, 2.0, 1, 0, 0, 1, 0, 0)),
        # w = 0: partial matches earn nothing, exact ones still 1
        (
            [(0, 10, A), (20, 30, A)],
            [(0, 10, A), (20, 25, A)],
            ("--partial-match-weight", "0"),
            (0.5, 0.5, 2, 0, 0, 1, 0, 0),
        ),
        # negative offsets are accepted
        ([(-10, -5, A)], [(-10, -5, A)], (), (1.0, 1.0, 1, 0, 0, 1, 0, 0)),
    ],
)
def test_quirks_kept(cli, tmp_path, refs, syss, options, expected):
    got = row(cli, tmp_path, refs, syss, *options)
    assert [(type(v), v) for v in got] == [(type(v), v) for v in expected]


def test_p13_count_fields_only_gate_the_lists(cli, tmp_path):
    ref, sys_ = tmp_path / "ref.jsonl", tmp_path / "sys.jsonl"
    ref.write_text(
        '{"page_id": "z", "n_excerpts": 0, "excerpts": [{"start": 0, "end": 10, "poem_id": "A"}]}\n'
        '{"page_id": "u", "n_excerpts": 1, "excerpts": [{"start": 0, "end": 10, "poem_id": "A"}, '
        '{"start": 20, "end": 30, "poem_id": "A"}]}\n'
        '{"page_id": "t", "n_excerpts": true, "excerpts": [{"start": 0, "end": 10, "poem_id": "A"}]}\n'
    )
    sys_.write_text(
        system_line("z", [(0, 10, A)]) + "\n" + system_line("u", [(0, 10, A), (20, 30, A)]) + "\n"
        + '{"page_id": "t", "n_spans": -1, "poem_spans": [{"page_start": 0, "page_end": 10, "ref_id": "A"}, '
        '{"page_start": 0, "page_end": 1, "ref_id": "A"}]}\n'
    )  # fmt: skip
    result = cli("poetry", ref, sys_, tmp_path / "out.csv")
    assert result.code == 0
    assert (tmp_path / "out.csv").read_text().splitlines()[1:] == [
        "z,0.0,0,0,0,1,0,0,1", "u,1.0,1.0,2,0,0,1,0,0", "t,0,0.0,0,1,0,0,1,0"]  # fmt: skip
    assert result.err == (
        f"spanstudio: warning: {ref}:1: n_excerpts is 0 but 1 excerpt is listed; ignored as in the original\n"
        f"spanstudio: warning: {sys_}:3: n_spans is -1 but 2 poem spans are listed; ignored as in the original\n"
    )


def test_p17_repeated_page_ids(cli, tmp_path):
    """The last system line of an id wins; a repeated reference line is scored again."""
    ref, sys_ = tmp_path / "ref.jsonl", tmp_path / "sys.jsonl"
    ref.write_text(reference_line("p", [(0, 10, A)]) + "\n" + reference_line("p", [(0, 5, A)]) + "\n")
    sys_.write_text(system_line("p", [(0, 10, "B")]) + "\n" + system_line("p", [(0, 10, A)]) + "\n")
    result = cli("poetry", ref, sys_, tmp_path / "out.csv")
    assert result.code == 0
    assert (tmp_path / "out.csv").read_text().splitlines()[1:] == [
        "p,1.0,1.0,1,0,0,1,0,0",
        "p,0.5,0.5,1,0,0,1,0,0",
    ]
    assert result.err == (
        f"spanstudio: warning: {sys_}:2: page \"p\" is also on line 1; the last line is used, as in the original\n"
        f"spanstudio: warning: {ref}:2: page \"p\" is also on line 1; it is evaluated and written again, "
        "as in the original\n"
    )


def test_page_ids_compare_by_value_and_print_as_python_does(cli, tmp_path):
    """`5` finds `5.0`, `true` finds `1`, `"5"` does not find `5`; the CSV writes str()."""
    ref, sys_ = tmp_path / "ref.jsonl", tmp_path / "sys.jsonl"
    ids = [5, True, None, 'w"1"', 2.5, 18446744073709551616]
    ref.write_text("".join(reference_line(i, [(0, 1, A)]) + "\n" for i in ids))
    sys_.write_text(
        "".join(
            system_line(i, [(0, 1, A)]) + "\n" for i in [5.0, 1, None, 'w"1"', 2.5, 1.8446744073709552e19]
        )
    )
    result = cli("poetry", ref, sys_, tmp_path / "out.csv")
    assert result.code == 0, result.err
    assert [line.split(",")[0] for line in (tmp_path / "out.csv").read_text().splitlines()[1:]] == [
        "5", "True", "", '"w""1"""', "2.5", "1.8446744073709552e+19"]  # fmt: skip


def test_p20_system_pages_without_reference_are_ignored(cli, tmp_path):
    code, csv, _, err, _ = run_pages(cli, tmp_path, [("p", [(0, 5, A)], [(0, 5, A)])],
                                     system_only=[("x", [(0, 5, A)]), ("y", [])])  # fmt: skip
    assert code == 0 and csv.count("\r\n") == 2
    assert err == (f"spanstudio: warning: {tmp_path / 'sys.jsonl'}: 2 pages not in {tmp_path / 'ref.jsonl'} "
                   "ignored, as in the original (no row, no spurious count)\n")  # fmt: skip


def test_p21_weight_above_one_warns(cli, tmp_path):
    code, _, _, err, report = run_pages(cli, tmp_path, [("p", [(0, 10, A)], [(0, 20, A)])],
                                        "--partial-match-weight", "2")  # fmt: skip
    assert code == 0
    assert err == ("spanstudio: warning: --partial-match-weight 2 is above 1: a partial match earns more "
                   "than its overlap and scores can exceed 1\n")  # fmt: skip
    assert report["options"]["partial_match_weight"] == 2.0


def test_flags_of_the_original_are_accepted(cli, tmp_path):
    code, csv, out, _, _ = run_pages(cli, tmp_path, [("p", [(0, 10, A)], [(0, 10, A)])],
                                     "--no-ignore-label", "--no-progress", "--progress")  # fmt: skip
    assert code == 0 and out == "Overall: 1 Pages | Precision = 1 | Recall = 1\n"


def test_overall_means_include_the_edge_case_integers(cli, tmp_path):
    """§4.3: the mean runs over every row, 1s and 0s of the empty cases included."""
    pages = [("a", [], []), ("b", [(0, 5, A)], []), ("c", [(0, 4, A)], [(0, 5, A), (10, 12, A)])]
    code, _, out, _, report = run_pages(cli, tmp_path, pages)
    assert out == "Overall: 3 Pages | Precision = 0.4667 | Recall = 0.6\n"
    assert report["overall"]["precision"] == (0.0 + 1 + 0 + 0.4) / 3


def test_repeated_warnings_are_summed_up(cli, tmp_path):
    line = '{"page_id": "p%d", "n_excerpts": 0, "excerpts": [{"start": 0, "end": 10, "poem_id": "A"}]}\n'
    (tmp_path / "ref.jsonl").write_text("".join(line % i for i in range(13)))
    (tmp_path / "sys.jsonl").write_text("".join(system_line(f"p{i}", []) + "\n" for i in range(13)))
    result = cli("poetry", tmp_path / "ref.jsonl", tmp_path / "sys.jsonl", tmp_path / "out.csv")
    warnings = result.err.splitlines()
    assert len(warnings) == 11 and "ref.jsonl:10: n_excerpts is 0" in warnings[9]
    assert (
        warnings[10]
        == "spanstudio: warning: … and 3 more pages whose list is ignored because of its count field"
    )


def test_a_huge_weight_overflows_to_inf_silently(cli, tmp_path, recwarn):
    """2·p·r past the float range is inf, as in the original's Python floats: no numpy
    overflow warning on stderr."""
    got = row(cli, tmp_path, [(0, 10, A)], [(0, 20, A)], "--partial-match-weight", "1e200")
    assert got[:2] == (5e199, 5e199)
    assert [str(w.message) for w in recwarn if issubclass(w.category, RuntimeWarning)] == []
