"""A literal, slow ProPara evaluation written straight from specs/propara.md §3 (two
passes over the lines, dicts of rows, every definition checked step by step, every
prediction compared with every answer). The engine's bulk reader, change-point summaries
and cached comparisons must give the same results on every input.

The stemmer is NLTK's own (a test-only dependency)."""

from __future__ import annotations

from nltk.stem.porter import PorterStemmer

STEMMER = PorterStemmer()
ARTICLES = ["a", "an", "the", "your", "his", "their", "my", "another", "other", "this", "that"]


class Bad(Exception):
    """The input breaks a rule (the reference only says which line)."""

    def __init__(self, line: int | None) -> None:
        super().__init__(line)
        self.line = line


def _is_int(text: str) -> bool:
    try:
        int(text)
        return True
    except ValueError:
        return False


def read(text: str) -> dict:
    """{pid: (n, {participant: (track, actions)})} in first-appearance order."""
    text = text.replace("\r\n", "\n").replace("\r", "\n").removeprefix("\ufeff")
    lines = text.split("\n")
    if lines and lines[-1] == "":
        lines.pop()
    if not lines:
        raise Bad(None)
    n: dict[int, int] = {}
    for number, line in enumerate(lines, 1):  # pass 1
        fields = line.strip().split("\t")
        if len(fields) < 2 or not _is_int(fields[0]) or not _is_int(fields[1]) or int(fields[1]) < 1:
            raise Bad(number)
        n[int(fields[0])] = max(n.get(int(fields[0]), 0), int(fields[1]))
    rows: dict[int, dict[str, dict[int, tuple]]] = {}
    for number, line in enumerate(lines, 1):  # pass 2
        fields = line.split("\t")
        if len(fields) < 6 or not _is_int(fields[0]) or not _is_int(fields[1]):
            raise Bad(number)
        pid, sentence, participant, action, before, after = int(fields[0]), int(fields[1]), *fields[2:6]
        ok = {
            "NONE": before == after,
            "CREATE": before == "-" and after not in ("", "-"),
            "DESTROY": before not in ("", "-") and after == "-",
            "MOVE": before not in ("", "-") and after not in ("", "-"),
        }.get(action, False)
        if not ok:
            raise Bad(number)
        rows.setdefault(pid, {}).setdefault(participant, {})[sentence] = (action, before, after)
    stored = {"-": "null", "?": "unk"}
    result = {}
    for pid, participants in rows.items():
        tracks = {}
        for participant, by_sentence in participants.items():
            track = ["unk"] * (n[pid] + 1)
            actions = ["NONE"] * n[pid]
            for sentence, (action, before, after) in by_sentence.items():
                track[sentence] = stored.get(after, after)
                actions[sentence - 1] = action
                if sentence == 1:
                    track[0] = stored.get(before, before)
            tracks[participant] = (track, actions)
        result[pid] = (n[pid], tracks)
    return result


def display(participant: str) -> str:
    return " OR ".join(p.strip() for p in participant.split(";"))


def is_input(actions: list[str]) -> bool:
    for i, action in enumerate(actions):
        if (
            action == "DESTROY"
            and "CREATE" not in actions[:i]
            and not any(a in ("CREATE", "MOVE") for a in actions[i + 1 :])
        ):
            return True
    return False


def is_output(actions: list[str]) -> bool:
    for i, action in enumerate(actions):
        if (
            action == "CREATE"
            and not any(a in ("DESTROY", "MOVE") for a in actions[:i])
            and ("DESTROY" not in actions[i + 1 :])
        ):
            return True
    return False


def _distinct(values):
    out = []
    for v in values:
        if v not in out:
            out.append(v)
    return out


def summarize(n: int, tracks: dict) -> dict:
    named = [(display(p), t, a) for p, (t, a) in tracks.items()]

    def created(s):
        return [(x, t[s]) for x, t, _ in named if t[s - 1] == "null" and t[s] != "null"]

    def destroyed(s):
        return [(x, t[s - 1]) for x, t, _ in named if t[s - 1] != "null" and t[s] == "null"]

    conversions = []
    for s in range(1, n + 1):
        c, d = created(s), destroyed(s)
        if c and d:
            conversions.append((" AND ".join(x for x, _ in d), " AND ".join(x for x, _ in c),
                                " AND ".join(_distinct([l for _, l in c] + [l for _, l in d])), s))  # fmt: skip
        elif d and s < n - 1:
            c1 = _distinct([x for x, _ in created(s + 1) if x not in [y for y, _ in d]])
            if not destroyed(s + 1) and c1:
                conversions.append((" AND ".join(x for x, _ in d), " AND ".join(c1),
                                    " AND ".join(_distinct([l for _, l in created(s + 1)] + [l for _, l in d])), s))  # fmt: skip
        elif c and s < n - 1:
            d1 = _distinct([x for x, _ in destroyed(s + 1) if x not in [y for y, _ in c]])
            if not created(s + 1) and d1:
                conversions.append((" AND ".join(d1), " AND ".join(x for x, _ in c),
                                    " AND ".join(_distinct([l for _, l in c] + [l for _, l in destroyed(s + 1)])), s))  # fmt: skip
    moves = []
    for x, t, a in named:
        for s in range(1, n + 1):
            if a[s - 1] == "MOVE" or (t[s - 1] != "null" and t[s] != "null" and t[s - 1] != t[s]):
                moves.append((x, t[s - 1], t[s], s))
    return {
        "inputs": [x for x, _, a in named if is_input(a)],
        "outputs": [x for x, _, a in named if is_output(a)],
        "conversions": conversions,
        "moves": moves,
    }


def normalize(alternative: str) -> str:
    text = alternative.lower()
    if " " in text and text.split(" ")[0] in ARTICLES:
        text = text[text.index(" ") + 1 :]
    return STEMMER.stem(text).strip()


def terms(phrase: str, location: bool) -> list[set[str]]:
    parts = []
    for part in phrase.split(" AND "):
        alternatives = part.strip().split(" OR ")
        if location:
            if any(a.strip() == "" for a in alternatives):
                parts.append({""})
            else:
                parts.append({normalize(a) for a in alternatives})
        else:
            parts.append(set(alternatives))
    return parts


def similarity(answer: str, prediction: str, location: bool, corrected: bool = True) -> float:
    if answer == prediction:
        return 1.0
    a, p = terms(answer, location), terms(prediction, location)
    m = sum(1 for x in p for y in a if x & y)
    if p and a and len(p) + len(a) - m != 0 and 0 <= m / (len(p) + len(a) - m) <= 1:
        return m / (len(p) + len(a) - m)
    if not corrected:
        if len(p) + len(a) - m == 0:
            raise ZeroDivisionError
        return m / (len(p) + len(a) - m)
    a_unique = [s for i, s in enumerate(a) if s not in a[:i]]
    p_unique = [s for i, s in enumerate(p) if s not in p[:i]]
    best = _matching(p_unique, a_unique)
    return best / (len(p_unique) + len(a_unique) - best)


def _matching(left: list[set], right: list[set]) -> int:
    """Maximum matching by trying every assignment (the inputs are tiny)."""
    if not left:
        return 0
    first, rest = left[0], left[1:]
    best = _matching(rest, right)
    for j, r in enumerate(right):
        if first & r:
            best = max(best, 1 + _matching(rest, right[:j] + right[j + 1 :]))
    return best


def pair(question: str, answer, prediction, corrected: bool = True) -> float:
    if question in ("inputs", "outputs"):
        return similarity(answer, prediction, False, corrected)
    if answer[3] != prediction[3]:
        return 0.0
    if question == "moves":
        return (similarity(answer[0], prediction[0], False, corrected) + similarity(answer[1], prediction[1], True, corrected)
                + similarity(answer[2], prediction[2], True, corrected)) / 3  # fmt: skip
    return (similarity(answer[2], prediction[2], True, corrected) + similarity(answer[0], prediction[0], False, corrected)
            + similarity(answer[1], prediction[1], False, corrected)) / 3  # fmt: skip


def question_scores(
    question: str, answers: list, predictions: list, corrected: bool = True
) -> tuple[float, float]:
    if not answers and not predictions:
        return 1.0, 1.0
    if not answers:
        return 0.0, 1.0
    if not predictions:
        return 1.0, 0.0
    precision = 0.0
    for p in predictions:
        best = 0.0
        for a in answers:
            best = max(best, pair(question, a, p, corrected))
        precision += best
    recall = 0.0
    for a in answers:
        best = 0.0
        for p in predictions:
            best = max(best, pair(question, a, p, corrected))
        recall += best
    if len(answers) == len(predictions):
        recall = precision
    return precision / len(predictions), recall / len(answers)


QUESTIONS = ("inputs", "outputs", "conversions", "moves")


def evaluate(predictions_text: str, answers_text: str, corrected: bool = True) -> dict:
    """{"processes": [...], "questions": {...}, "overall": {...}} like the JSON report."""
    predictions, answers = read(predictions_text), read(answers_text)
    processes = []
    sums = {q: [0.0, 0.0] for q in QUESTIONS}
    for pid, (n, tracks) in answers.items():
        a = summarize(n, tracks)
        p = summarize(*predictions[pid])
        entry = {"process_id": pid}
        for q in QUESTIONS:
            precision, recall = question_scores(q, a[q], p[q], corrected)
            entry[q] = {"precision": precision, "recall": recall}
            sums[q][0] += precision
            sums[q][1] += recall
        processes.append(entry)
    count = len(answers)
    questions = {}
    for q in QUESTIONS:
        precision, recall = round(sums[q][0] / count, 3), round(sums[q][1] / count, 3)
        f1 = 0.0 if precision + recall == 0 else 2 * precision * recall / (precision + recall)
        questions[q] = {"precision": precision, "recall": recall, "f1": float(f"{f1:.3f}")}
    precision = recall = 0.0
    for q in QUESTIONS:  # left to right, as the original adds them
        precision += questions[q]["precision"]
        recall += questions[q]["recall"]
    precision, recall = precision / 4, recall / 4
    f1 = 0.0 if precision + recall == 0 else 2 * precision * recall / (precision + recall)
    return {
        "processes": sorted(processes, key=lambda e: e["process_id"]),
        "questions": questions,
        "overall": {"precision": round(precision, 3), "recall": round(recall, 3), "f1": round(f1, 3)},
        "summaries": {pid: summarize(n, tracks) for pid, (n, tracks) in answers.items()},
    }
