"""Files published by other projects that Span Studio was first run on late: each test
holds the piece of the file that it was wrong on (source and licence beside it)."""

from __future__ import annotations

from engine.formats import conll, detect
from engine.formats.standoff import ReadOptions

#: flairNLP/flair tests/resources/tasks/trivial/trivial_bioes_with_boundaries/dev.txt
#: (MIT), shortened: flair writes its document boundary as a bare `-DOCSTART-` line.
FLAIR_DOCSTART = "this O\nis O\nNew B-LOC\nYork I-LOC\n\n-DOCSTART-\n\nthis O\nis O\nBerlin B-LOC"


def test_bare_docstart_lines_are_conll(tmp_path):
    """A `-DOCSTART-` line without filler columns is a document boundary, not a line
    of one column that makes the file no format's."""
    path = tmp_path / "dev.txt"
    path.write_text(FLAIR_DOCSTART, encoding="utf-8")
    assert detect(path) == conll.TITLE
    read = conll.read(str(path), ReadOptions())
    assert [doc.name for doc in read.documents] == ["1", "2"]
    spans = [(s.doc, read.documents[int(s.doc) - 1].tokens[s.start : s.end], s.label) for s in read.spans]
    assert spans == [("1", "New York", "LOC"), ("2", "Berlin", "LOC")]
