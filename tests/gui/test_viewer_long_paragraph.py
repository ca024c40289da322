"""A paragraph longer than one layout block (an NCBI-disease abstract is one line of some
2,000 characters) is cut between words: 'intellec' and 'tual' stood on two lines."""

from __future__ import annotations

from engine.formats.standoff import text_document
from gui.viewer_blocks import CHAR_BLOCK
from gui.viewer_data import DocumentData, Side

WORDS = ("Both factors depend on the intellectual resources of the mother with PKU and on "
         "prenatal metabolic control. ")  # fmt: skip


def test_a_long_paragraph_is_cut_after_a_space():
    text = WORDS * (3 * CHAR_BLOCK // len(WORDS)) + "\nEnd.\n"
    data = DocumentData(text_document("abstract", text), Side.empty(), Side.empty())
    first, *rest = data.blocks
    assert first[0] == 0 and len(rest) >= 3
    for (start, end), (after, _) in zip(data.blocks, rest, strict=False):
        assert end == after and end - start <= CHAR_BLOCK
        assert text[end - 1] in " \n", text[end - 8 : end + 8]  # was 'intellec|tual'
    assert "".join("".join(data.texts(start, end)) for start, end in data.blocks) == text
