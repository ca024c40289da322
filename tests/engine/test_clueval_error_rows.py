"""CLUEval's error rows of a span format with a text (doccano): the spans placed in their
documents' characters and shown as written (a double space kept), their positions in tokens,
a row's overlapping spans of the other file together, and a row without any blank."""

from __future__ import annotations

import json

from engine.methods import get_method

GOLD = [
    {"text": "Anna  ging nach Bad Ems am See.", "label": [[0, 4, "PER"], [16, 23, "LOC"], [27, 30, "LOC"]]},
    {"text": "Ein Haus", "label": [[4, 8, "LOC"]]},
]
SYSTEM = [
    {"text": "Anna  ging nach Bad Ems am See.", "label": [[0, 10, "PER"], [16, 19, "LOC"], [20, 23, "ORG"]]},
    {"text": "Ein Haus", "label": []},
]
KEYS = ("type", "document", "unit", "gold_label", "gold_start", "gold_end", "gold_parts", "gold_position", "gold_text",
        "system_label", "system_start", "system_end", "system_parts", "system_position", "system_text",
        "context_marked", "sheet", "start", "end")  # fmt: skip


def test_error_rows_of_a_span_format_with_a_text(tmp_path):
    for name, tasks in (("g.jsonl", GOLD), ("s.jsonl", SYSTEM)):
        (tmp_path / name).write_text("".join(json.dumps(t) + "\n" for t in tasks), encoding="utf-8")
    method = get_method("clueval")
    options = method.Options(error_tables=("contained", "tiled", "covered", "unmatched"))
    report = method.evaluate(str(tmp_path / "g.jsonl"), str(tmp_path / "s.jsonl"), options, detail=True)
    rows = [tuple(row[key] for key in KEYS) for row in report.error_rows]
    assert [row["error_id"] for row in report.error_rows] == [f"E{n}" for n in range(1, 8)]
    assert rows == [
        ("contained", "1", 1, "PER", 0, 4, [[0, 4]], "0-0", "Anna", "PER", 0, 10, [[0, 10]], "0-1", "Anna  ging",
         "🟨Anna🟨 🟥ging🟥 nach Bad Ems am See .", "Recall errors", 0, 0),
        ("tiled", "1", 1, "LOC", 16, 23, [[16, 23]], "3-4", "Bad Ems", "LOC", 16, 23, [[16, 19], [20, 23]],
         "3-3 4-4", "Bad | Ems", "Anna ging nach 🟨Bad Ems🟨 am See .", "Recall errors", 3, 4),
        ("unmatched", "1", 1, "LOC", 27, 30, [[27, 30]], "6-6", "See", "", None, None, [], "", "",
         "Anna ging nach Bad Ems am 🟩See🟩 .", "Recall errors", 6, 6),
        ("unmatched", "2", 1, "LOC", 4, 8, [[4, 8]], "9-9", "Haus", "", None, None, [], "", "", "Ein 🟩Haus🟩",
         "Recall errors", 9, 9),
        ("contained", "1", 1, "LOC", 16, 23, [[16, 23]], "3-4", "Bad Ems", "LOC", 16, 19, [[16, 19]], "3-3", "Bad",
         "Anna ging nach 🟨Bad🟨 🟩Ems🟩 am See .", "Precision errors", 3, 3),
        ("contained", "1", 1, "LOC", 16, 23, [[16, 23]], "3-4", "Bad Ems", "ORG", 20, 23, [[20, 23]], "4-4", "Ems",
         "Anna ging nach 🟩Bad🟩 🟨Ems🟨 am See .", "Precision errors", 4, 4),
        ("unmatched", "1", 1, "PER", 0, 4, [[0, 4]], "0-0", "Anna", "PER", 0, 10, [[0, 10]], "0-1", "Anna  ging",
         "🟨Anna🟨 🟥ging🟥 nach Bad Ems am See .", "Precision errors", 0, 1),
    ]  # fmt: skip
