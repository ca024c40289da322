"""FairEval and CLUEval on span formats with a text: the report shows the text as written
(a text without spaces has none put between its cut tokens; a spaced one keeps its own)."""

from __future__ import annotations

from pathlib import Path

import pytest

from engine.methods import get_method

JAPANESE = "症例は非小細胞肺癌と診断された。"
SPACED = "He moved to New-York  in 1999."


def _brat(folder: Path, name: str, text: str, spans: list[tuple[str, int, int]]) -> str:
    """A brat .txt/.ann pair in `folder`; the path of the .ann."""
    folder.mkdir(exist_ok=True)
    (folder / f"{name}.txt").write_text(text, encoding="utf-8")
    lines = [f"T{k}\t{label} {a} {b}\t{text[a:b]}" for k, (label, a, b) in enumerate(spans, 1)]
    (folder / f"{name}.ann").write_text("\n".join(lines) + "\n", encoding="utf-8")
    return str(folder / f"{name}.ann")


def _report(method: str, tmp_path: Path, text: str, gold: list, system: list):
    files = _brat(tmp_path / "gold", "doc", text, gold), _brat(tmp_path / "system", "doc", text, system)
    chosen = get_method(method)
    options = chosen.Options(**({"layers": ["entity"]} if method == "clueval" else {}))
    return chosen.evaluate(*files, options)


def _texts(report) -> list[tuple[str, str]]:
    return [(r["gold_text"] or "", r["system_text"] or "") for r in report.error_rows]


@pytest.mark.parametrize(
    ("method", "own"),
    [("faireval", {"token_strip": "1 🟨2 🟩3 4 5"}), ("clueval", {"gold_position": "1-2"})],
)
def test_a_text_without_spaces_is_shown_as_written(tmp_path, method, own):
    report = _report(method, tmp_path, JAPANESE, [("DISORDER", 3, 9)], [("DISORDER", 3, 8)])
    assert set(_texts(report)) == {("非小細胞肺癌", "非小細胞肺")}
    row = report.error_rows[0]
    assert (row["gold_start"], row["gold_end"], row["system_start"], row["system_end"]) == (3, 9, 3, 8)
    assert {key: row[key] for key in own} == own  # the method's own token numbers, as before
    document = report.documents[0]
    assert document.text(0, len(document)) == JAPANESE
    gold = report.gold_spans[0]
    assert document.text(gold.start, gold.end) == "非小細胞肺癌"


def test_faireval_keeps_a_spaced_text_as_written(tmp_path):
    report = _report("faireval", tmp_path, SPACED, [("LOC", 12, 20)], [("LOC", 12, 15)])
    assert _texts(report) == [("New-York", "New")]
    document = report.documents[0]
    assert document.text(0, len(document)) == SPACED  # its spaces once each, the double one kept
    assert report.data["overall"]["fair"]["BE"] == 1


def test_faireval_on_its_own_files_shows_tokens(tmp_path):
    """FairEval's own files have no text: their documents stay tokens joined by a space."""
    examples = Path(__file__).parents[2] / "resources" / "examples" / "faireval"
    chosen = get_method("faireval")
    report = chosen.evaluate(str(examples / "gold.conll"), str(examples / "system.conll"), chosen.Options())
    assert report.documents[0].joiner == " "


def test_clueval_keeps_a_spaced_text_as_written(tmp_path):
    report = _report("clueval", tmp_path, SPACED, [("LOC", 12, 20)], [("LOC", 12, 15)])
    assert set(_texts(report)) == {("New-York", "New")}
    assert report.documents[0].text(0, len(SPACED)) == SPACED
