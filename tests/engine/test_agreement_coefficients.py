"""Cohen's κ, Fleiss' κ, Krippendorff's α and αu against their reference implementations.

Pinned values come from scikit-learn 1.x cohen_kappa_score, statsmodels fleiss_kappa,
the `krippendorff` package, NLTK's AnnotationTask and DKPro Statistics (its
KrippendorffAlphaUnitizingAgreement run under Java on the studies below); the peers are
checked again on random ratings (they are in the test extra)."""

from __future__ import annotations

import itertools
import random

import numpy as np
import pytest

from engine.agreement import alpha_u as au
from tests.engine import dkpro_alpha_u as dkpro
from tests.engine.agreement_codes import codes
from tests.engine.coding_oracle import cohen_kappa, fleiss_kappa, krippendorff_alpha

CASES = [(2, 200, 3), (3, 500, 4), (5, 1000, 5), (2, 50, 2)]
COHEN = [0.6013988643628023, 0.519495149570482, 0.48975827298182517, 0.4]
FLEISS = [0.6007006573371253, 0.5217029508616461, 0.49876984191283313, 0.39975990396158456]
NLTK_ALPHA = [0.6016989056937826, 0.5220218155610714, 0.49887008794445076, 0.40576230492196885]
KRIPP_MISSING = {100: ((3, 300, 4), 0.47124739475660493), 101: ((5, 800, 3), 0.4924555829359669)}


def _arrays(seed: int, raters: int, n: int, k: int, missing: float = 0.0) -> list[np.ndarray]:
    return [np.asarray(row, dtype=np.int64) for row in codes(seed, raters, n, k, missing)]


@pytest.mark.parametrize("seed", range(len(CASES)))
def test_coefficients_match_the_pinned_reference_values(seed):
    raters, n, k = CASES[seed]
    rows = _arrays(seed, raters, n, k)
    assert cohen_kappa(rows[0], rows[1], k)[0] == pytest.approx(COHEN[seed], rel=1e-12)
    assert fleiss_kappa(rows, k)[0] == pytest.approx(FLEISS[seed], rel=1e-12)
    assert krippendorff_alpha(rows, k)[0] == pytest.approx(NLTK_ALPHA[seed], rel=1e-12)


@pytest.mark.parametrize("seed", sorted(KRIPP_MISSING))
def test_krippendorff_alpha_with_missing_values(seed):
    (raters, n, k), expected = KRIPP_MISSING[seed]
    assert krippendorff_alpha(_arrays(seed, raters, n, k, 0.3), k)[0] == pytest.approx(expected, rel=1e-12)


def test_the_peers_agree():
    import krippendorff
    import sklearn.metrics as sklearn
    from statsmodels.stats import inter_rater

    for seed, (raters, n, k) in enumerate([(2, 300, 4), (4, 400, 3), (5, 100, 6)], start=50):
        rows = _arrays(seed, raters, n, k)
        assert cohen_kappa(rows[0], rows[1], k)[0] == pytest.approx(
            sklearn.cohen_kappa_score(rows[0], rows[1])
        )
        table, _ = inter_rater.aggregate_raters(np.array(rows).T, n_cat=k)
        assert fleiss_kappa(rows, k)[0] == pytest.approx(inter_rater.fleiss_kappa(table, method="fleiss"))
        gappy = _arrays(seed, raters, n, k, 0.25)
        data = np.array([[np.nan if v < 0 else v for v in row] for row in gappy], dtype=float)
        assert krippendorff_alpha(gappy, k)[0] == pytest.approx(
            krippendorff.alpha(reliability_data=data, level_of_measurement="nominal")
        )


def test_undefined_coefficients_say_why():
    same = np.zeros(10, dtype=np.int64)
    assert cohen_kappa(same, same, 3) == (None, "both annotators gave every token one and the same category")
    assert cohen_kappa(same, same + 1, 3) == (0.0, "")  # two different single categories
    assert fleiss_kappa([same, same, same], 3)[0] is None
    assert krippendorff_alpha([same, same], 3)[0] is None
    assert krippendorff_alpha([same, np.full(10, -1)], 3)[0] is None  # nothing pairable


def test_fleiss_kappa_refuses_a_token_left_unrated_as_statsmodels_does():
    """statsmodels' fleiss_kappa asserts every token has as many ratings as the most rated
    one; with a token left unrated κ is undefined, not a number of the wrong formula."""
    from statsmodels.stats import inter_rater

    rows = [np.array([0, 1, 0, 1]), np.array([0, 1, 1, -1]), np.array([0, -1, 1, 1])]
    table = np.array([np.bincount(token[token >= 0], minlength=2) for token in np.array(rows).T])
    with pytest.raises(AssertionError):
        inter_rater.fleiss_kappa(table, method="fleiss")
    assert fleiss_kappa(rows, 2) == (
        None,
        "a token some annotator did not rate (Fleiss' κ needs every annotator on every token)",
    )


def _krippendorff_package(rows: list[list[int]]) -> float | str:
    """The `krippendorff` package's nominal α of rows (−1 missing), or the message it raises."""
    import krippendorff

    data = np.array([[np.nan if v < 0 else v for v in row] for row in rows], dtype=float)
    try:
        with np.errstate(invalid="ignore"):  # its 0/0 where one category is pairable
            return float(krippendorff.alpha(reliability_data=data, level_of_measurement="nominal"))
    except ValueError as err:
        return str(err)


@pytest.mark.parametrize(
    ("rows", "refused", "reason"),
    [
        ([[0, -1, 1], [-1, 2, -1]], "at least one unit with values assigned by at least two coders",
         "no token that two annotators or more have"),
        ([[0, 0, 0], [0, 0, 0]], "more than one value in the domain",
         "fewer than two distinct categories in the tokens two annotators or more have"),
        ([[0, 1], [0, -1]], None, "fewer than two distinct categories in the tokens two annotators or more have"),
    ],
)  # fmt: skip
def test_krippendorff_alpha_is_undefined_where_the_package_refuses_or_gives_nan(rows, refused, reason):
    """Where `krippendorff` raises (its message) or gives NaN, α is undefined with a reason
    that says the same."""
    theirs = _krippendorff_package(rows)
    if refused is None:
        assert np.isnan(theirs)
    else:
        assert refused in theirs
    assert krippendorff_alpha([np.asarray(row, dtype=np.int64) for row in rows], 3) == (None, reason)


# --- αu -------------------------------------------------------------------------------


def _study(raters: int, length: int, units: list[tuple[int, int, int, str]], begin: int = 0):
    labels = sorted({u[3] for u in units})
    by_rater = []
    for r in range(raters):
        by_label = {}
        for c in labels:
            mine = [(o - begin, o - begin + n) for o, n, rr, cc in units if rr == r and cc == c]
            by_label[c] = au.make_units(
                np.array([m[0] for m in mine], dtype=np.int64), np.array([m[1] for m in mine], dtype=np.int64)
            )
        by_rater.append(by_label)
    return au.study(by_rater, labels, length)


KRIPPENDORFF_2004 = [  # Krippendorff (2004: p. 254), DKPro's Krippendorff2004Test: continuum 150 + 300
    (225, 70, 0, "c"),
    (370, 30, 0, "c"),
    (220, 80, 1, "c"),
    (355, 20, 1, "c"),
    (400, 20, 1, "c"),
    (180, 60, 0, "k"),
    (300, 50, 0, "k"),
    (180, 60, 1, "k"),
    (300, 50, 1, "k"),
]
KRIPPENDORFF_1995 = [  # Krippendorff (1995: p. 57), DKPro's Krippendorff1995Test (stretch 1)
    (2, 8, 0, "A"),
    (14, 6, 0, "A"),
    (4, 4, 1, "A"),
    (15, 2, 1, "A"),
    (0, 18, 0, "B"),
    (0, 2, 1, "B"),
    (2, 1, 1, "B"),
    (3, 1, 1, "B"),
    (4, 1, 1, "B"),
    (5, 1, 1, "B"),
    (6, 3, 1, "B"),
    (9, 1, 1, "B"),
    (2, 6, 0, "C"),
    (10, 2, 0, "C"),
    (14, 4, 0, "C"),
    (20, 2, 0, "C"),
    (0, 2, 1, "C"),
    (4, 4, 1, "C"),
    (10, 4, 1, "C"),
    (16, 2, 1, "C"),
    (20, 2, 1, "C"),
    (0, 2, 0, "D"),
    (2, 8, 0, "D"),
    (10, 4, 0, "D"),
    (14, 6, 0, "D"),
    (20, 4, 0, "D"),
    (0, 4, 1, "D"),
    (4, 4, 1, "D"),
    (8, 7, 1, "D"),
    (15, 2, 1, "D"),
    (17, 7, 1, "D"),
]


def test_alpha_u_of_krippendorff_2004_is_dkpros():
    overall, per_label = _study(2, 300, KRIPPENDORFF_2004, begin=150)
    # DKPro's test: 0.8591 ± 0.0005; c: D_O 0.0144, D_E 0.0532, 0.7286; k: 0.0, 0.0490, 1.0
    assert overall.value == 0.8586654051841702
    assert (per_label["c"].observed, per_label["c"].expected) == (0.014444444444444444, 0.05322177985498048)
    assert per_label["c"].value == 0.728598996805389
    assert (per_label["k"].observed, per_label["k"].expected, per_label["k"].value) == (
        0.0,
        0.04897856580891524,
        1.0,
    )


@pytest.mark.parametrize(
    ("stretch", "overall", "expected"),
    [
        (
            1,
            -0.7565527387256199,
            (0.06447124304267161, 1.0895125300377617, 0.07003058103975535, 0.32079646017699115),
        ),
        (
            50_000,
            -0.5500269048626674,
            (0.0699021974111251, 1.175782583692202, 0.0905045881736827, 0.41445228613805307),
        ),
    ],
)
def test_alpha_u_of_krippendorff_1995_is_dkpros(stretch, overall, expected):
    units = [(o * stretch, n * stretch, r, c) for o, n, r, c in KRIPPENDORFF_1995]
    value, per_label = _study(2, 24 * stretch, units)
    assert value.value == overall
    assert [per_label[c].observed for c in "ABCD"] == [
        0.03125,
        2.267361111111111,
        0.027777777777777776,
        0.3871527777777778,
    ]
    assert tuple(per_label[c].expected for c in "ABCD") == expected


def test_alpha_u_of_dkpros_unitizing_examples():
    value, per_label = _study(2, 10, [(1, 8, 0, "A"), (2, 1, 1, "A"), (4, 1, 1, "A"), (6, 1, 1, "A")])
    assert (per_label["A"].observed, per_label["A"].expected) == (
        0.91,
        0.5351851851851852,
    )  # DKPro: 0.9100, 0.5351
    assert value.value == -0.7003460207612457  # DKPro: -0.7003
    single, _ = _study(3, 20, [(0, 1, 0, "X")])  # DKPro's testSingleAnnotationUnit: 0.0 (D_O == D_E)
    assert (single.value, single.observed) == (0.0, 0.0016666666666666668)
    empty, _ = _study(3, 20, [])  # DKPro says NaN
    assert empty.value is None and "no annotator marked a span" in empty.reason


def _random_study(rnd: random.Random, big: bool):
    raters, length = rnd.randint(2, 5), rnd.randint(10**5, 3 * 10**6) if big else rnd.randint(1, 60)
    units = []
    for c in sorted(rnd.sample("ABCD", rnd.randint(1, 3))):
        for r in range(raters):
            pos = 0
            while True:
                pos += rnd.randint(0, length // 8 if big else 8)
                n = rnd.randint(1, length // 3) if big else rnd.randint(1, 6)
                if pos + n > length or rnd.random() < 0.1:
                    break
                units.append((pos, n, r, c))
                pos += n
    return raters, length, units


def test_alpha_u_equals_a_line_by_line_port_of_dkpro_on_random_studies():
    """The port (tests/engine/dkpro_alpha_u.py) gave Java's own doubles on 385 such studies."""
    rnd = random.Random(7)
    checked = 0
    for n in range(200):
        raters, length, units = _random_study(rnd, big=n % 10 == 0)
        if not units:
            continue
        reference = dkpro.Study(raters, 0, length)
        for unit in units:
            reference.add(*unit)
        reference.categories.sort()
        value, per_label = _study(raters, length, units)
        for c, mine in per_label.items():
            assert (mine.observed, mine.expected) == (
                dkpro.observed(reference, c),
                dkpro.expected(reference, c),
            )
        assert value.value == dkpro.agreement(reference)
        checked += 1
    assert checked > 150


def test_alpha_u_is_undefined_where_both_disagreements_are_zero():
    value, per_label = _study(2, 1, [(0, 1, 0, "X"), (0, 1, 1, "X")])  # DKPro: 0.0
    assert value.value is None and per_label["X"].value is None
    assert "both 0" in per_label["X"].reason


def test_overlapping_units_of_one_label_make_alpha_u_undefined():
    value, per_label = _study(2, 20, [(0, 5, 0, "X"), (3, 5, 0, "X"), (0, 5, 1, "X")])
    assert value.value is None and "overlapping" in value.reason


def _unit_sets(length: int) -> list[list[tuple[int, int]]]:
    """Every set of non-overlapping (offset, length) units on a continuum of `length`."""
    found: list[list[tuple[int, int]]] = []

    def extend(position: int, units: list[tuple[int, int]]) -> None:
        if position >= length:
            found.append(units)
            return
        extend(position + 1, units)
        for n in range(1, length - position + 1):
            extend(position + n, [*units, (position, n)])

    extend(0, [])
    return found


@pytest.mark.parametrize(
    ("raters", "length"), [(2, 1), (2, 2), (2, 3), (2, 4), (2, 5), (3, 1), (3, 2), (3, 3)]
)
def test_alpha_u_of_every_small_study_is_dkpros(raters, length):
    """Every study of one label on 1–5 tokens (none, one rater's units, the whole continuum,
    units without gaps, …): DKPro's disagreements; its value, except None where DKPro says
    NaN (no unit) or 0.0 only because both disagreements are 0."""
    for study in itertools.product(_unit_sets(length), repeat=raters):
        units = [(o, n, r, "X") for r, mine in enumerate(study) for o, n in mine]
        value, per_label = _study(raters, length, units)
        if not units:
            assert value.value is None and per_label == {}
            continue
        reference = dkpro.Study(raters, 0, length)
        for unit in units:
            reference.add(*unit)
        observed, expected = dkpro.observed(reference, "X"), dkpro.expected(reference, "X")
        assert (per_label["X"].observed, per_label["X"].expected) == (observed, expected)
        both_zero = observed == expected == 0.0
        assert value.value == (None if both_zero else dkpro.agreement(reference))
