"""Token measures on texts without tokens count words, whatever the script: agreement's
kappas and alpha on a Label Studio export of Arabic, Hebrew, Japanese, Hindi, Thai and
emoji words equal the reference libraries' over the same words, and FairEval numbers a
Hindi name's tokens word by word."""

from __future__ import annotations

import itertools
import json
import random

import pytest
from nltk.metrics.agreement import AnnotationTask

from engine.cli import main

WORDS = ["Sherlock", "Holmes", "القاهرة", "مصر", "ירושלים", "東京", "北京市", "नमस्ते", "भारत", "กรุงเทพ",
         "👍🏽", "👨\u200d👩\u200d👧", "Café", "Zoë", "London", "the", "went", "to", "and", "in"]  # fmt: skip
LABELS = ["PER", "LOC", "ORG"]
USERS = (1, 2, 3)

# Over the generated words (each word one token, categories as the engine makes them: O, a
# label, labels of stacked spans joined by "|"): scikit-learn 1.9.1 cohen_kappa_score per
# pair over the documents both have, statsmodels 0.15.0 fleiss_kappa over the documents all
# have, krippendorff 0.9.0 alpha (nominal) over every document, a missing one as NaN. The
# former tokenizer's figures (words cut at marks and joiners) were 0.7061 / 0.7502 / 0.7473.
COHEN = {(1, 2): 0.7645496256942768, (1, 3): 0.7608619481429573, (2, 3): 0.7805260407594495}
FLEISS = 0.758568508765034
ALPHA = 0.7773268479006894


def _spans(rnd: random.Random, base: list[tuple[int, int, str]], n: int) -> list[tuple[int, int, str]]:
    """One annotator's spans (first word, end word, label): the base spans, some left out,
    relabelled or shortened, and now and then one more word."""
    spans = []
    for i, j, label in base:
        roll = rnd.random()
        if roll < 0.1:
            continue
        label = rnd.choice(LABELS) if roll < 0.2 else label
        spans.append((i, j - 1 if roll > 0.92 and j - i > 1 else j, label))
    if rnd.random() < 0.3:
        k = rnd.randrange(n)
        if not any(i <= k < j for i, j, _ in spans):
            spans.append((k, k + 1, rnd.choice(LABELS)))
    return spans


def _base(rnd: random.Random, n: int) -> list[tuple[int, int, str]]:
    base, i = [], 0
    while i < n:
        if rnd.random() < 0.35:
            j = min(n, i + rnd.randint(1, 2))
            base.append((i, j, rnd.choice(LABELS)))
            i = j + 1
        else:
            i += 1
    return base


def study() -> dict[int, dict[int, tuple[list[str], list[tuple[int, int, str]]]]]:
    """12 documents of 6-14 words; user 3 leaves out documents 3 and 7."""
    rnd = random.Random(7)
    by_user: dict[int, dict] = {u: {} for u in USERS}
    for t in range(12):
        words = [rnd.choice(WORDS) for _ in range(rnd.randint(6, 14))]
        base = _base(rnd, len(words))
        for user in USERS:
            if not (t in (3, 7) and user == 3):
                by_user[user][t] = (words, _spans(rnd, base, len(words)))
    return by_user


def label_studio(by_user: dict) -> list[dict]:
    """The study as a Label Studio JSON export (one task per document)."""
    tasks = []
    for t in range(12):
        words = by_user[1][t][0]
        text = " ".join(words)
        at = list(itertools.accumulate((len(w) + 1 for w in words), initial=0))
        annotations = [
            {"id": t * 10 + user, "completed_by": user, "was_cancelled": False, "result": [
                {"id": f"r{t}{user}{n}", "from_name": "label", "to_name": "text", "type": "labels",
                 "value": {"start": at[i], "end": at[j] - 1, "text": text[at[i] : at[j] - 1], "labels": [label]}}
                for n, (i, j, label) in enumerate(by_user[user][t][1])
            ]}
            for user in USERS if t in by_user[user]
        ]  # fmt: skip
        tasks.append({"id": 100 + t, "data": {"text": text}, "annotations": annotations})
    return tasks


def categories(words: list[str], spans: list[tuple[int, int, str]]) -> list[str]:
    found: list[set[str]] = [set() for _ in words]
    for i, j, label in spans:
        for k in range(i, j):
            found[k].add(label)
    return ["|".join(sorted(labels)) or "O" for labels in found]


@pytest.fixture(scope="module")
def token_figures(tmp_path_factory) -> dict:
    folder = tmp_path_factory.mktemp("words")
    (folder / "ls.json").write_text(json.dumps(label_studio(study()), ensure_ascii=False), encoding="utf-8")
    assert main(["agreement", str(folder / "ls.json"), "--json", str(folder / "out.json")]) == 0
    return json.loads((folder / "out.json").read_text(encoding="utf-8"))["overall"]["token"]


def test_agreement_counts_words_as_the_reference_libraries(token_figures):
    pairwise = token_figures["cohen_kappa"]["pairwise"]
    for (a, b), kappa in COHEN.items():
        assert pairwise[f"user {a}"][f"user {b}"] == pytest.approx(kappa, rel=1e-12)
    assert token_figures["fleiss_kappa"] == pytest.approx(FLEISS, rel=1e-12)
    assert token_figures["krippendorff_alpha"] == pytest.approx(ALPHA, rel=1e-12)


def test_each_pairs_kappa_is_nltks_over_the_words(token_figures):
    by_user = study()
    for a, b in itertools.combinations(USERS, 2):
        both = [t for t in by_user[a] if t in by_user[b]]
        task = AnnotationTask(
            [(u, f"{t}:{k}", c) for u in (a, b) for t in both for k, c in enumerate(categories(*by_user[u][t]))]
        )
        assert token_figures["cohen_kappa"]["pairwise"][f"user {a}"][f"user {b}"] == pytest.approx(
            task.kappa_pairwise(a, b), rel=1e-12
        )


def test_faireval_numbers_a_hindi_name_word_by_word(tmp_path, capsys):
    text = "नमस्ते भारत में राहुल गांधी से मिले ।"
    for side, (end, label) in {"gold": (11, "PER"), "system": (10, "ORG")}.items():
        (tmp_path / side).mkdir()
        (tmp_path / side / "1.txt").write_text(text, encoding="utf-8")
        (tmp_path / side / "1.ann").write_text(
            f"T1\tLOC 7 {end}\t{text[7:end]}\nT2\t{label} 16 27\t{text[16:27]}\n", encoding="utf-8"
        )
    out = tmp_path / "out.json"
    assert main(["faireval", str(tmp_path / "gold"), str(tmp_path / "system"), "--json", str(out)]) == 0
    capsys.readouterr()
    errors = {e["gold_text"]: e for e in json.loads(out.read_text(encoding="utf-8"))["errors"]}
    name, place = errors["राहुल गांधी"], errors["भारत"]  # the former tokenizer: tokens 12-21 and 5-8
    assert (name["type"], name["gold_position"], name["system_position"]) == ("LE", "5-6", "5-6")
    assert (place["type"], place["gold_position"], place["system_position"]) == ("BE", "2-3", "2")
    assert place["token_strip"] == "1 🟨2 🟩3 4 5"  # भारत cut where the system's span ends
