"""WebAnno TSV: each row's token must be the `#Text=` at its offsets (a `#Text=` line edited
after the export stops at the first row it no longer matches), escapes undone and offsets
counted in UTF-16 units."""

from __future__ import annotations

import pytest

from engine.errors import InputError
from engine.formats import webanno_tsv

HEADER = "#FORMAT=WebAnno TSV 3.3\n#T_SP=de.tudarmstadt.ukp.dkpro.core.api.ner.type.NamedEntity|value\n\n\n"
ROWS = "1-1\t0-3\tMs.\tPER[1]\t\n1-2\t4-8\tHaag\tPER[1]\t\n1-3\t9-14\tplays\t_\t\n"


def _read(tmp_path, text: str):
    path = tmp_path / "edited.tsv"
    path.write_text(text, encoding="utf-8")
    return path, webanno_tsv.read(str(path))


@pytest.mark.parametrize(("sentence", "line", "message"), [
    ("Mrs. Haag plays", 6, "expected the token 'Ms.' to match the #Text at 0-3, found 'Mrs'"),
    ("Ms. Haag playe", 8, "expected the token 'plays' to match the #Text at 9-14, found 'playe'"),
    ("Ms. Haaß plays", 7, "expected the token 'Haag' to match the #Text at 4-8, found 'Haaß'"),
])  # fmt: skip
def test_an_edited_text_line_stops_at_the_first_row_it_no_longer_matches(tmp_path, sentence, line, message):
    with pytest.raises(InputError) as caught:
        _read(tmp_path, HEADER + f"#Text={sentence}\n" + ROWS)
    assert str(caught.value) == f"{tmp_path / 'edited.tsv'}:{line}: {message}"


def test_the_command_line_stops_with_exit_2(cli, tmp_path):
    path = tmp_path / "edited.tsv"
    path.write_text(HEADER + "#Text=Mrs. Haag plays\n" + ROWS, encoding="utf-8")
    result = cli("spans", path, path)
    assert result.code == 2 and result.out == ""
    assert result.err == (f"spanstudio: error: {path}:6: expected the token 'Ms.' to match the #Text at 0-3, "
                          "found 'Mrs'\n")  # fmt: skip


def test_offsets_after_astral_characters_and_escaped_tokens_match(tmp_path):
    """UTF-16 offsets past an emoji (two units), a token with reserved characters escaped
    (`\\_`, `\\[x\\]`, `\\\\`), a sub-token row, and a text of a later sentence after an é."""
    text = (HEADER + "#Text=😊 a_b [x] \\\\ é\n"
            "1-1\t0-2\t😊\t_\t\n1-2\t3-6\ta\\_b\tX\t\n1-2.1\t3-4\ta\t_\t\n1-3\t7-10\t\\[x\\]\t_\t\n"
            "1-4\t11-12\t\\\\\t_\t\n1-5\t13-14\té\tY\t\n\n"
            "#Text=next\n2-1\t15-19\tnext\tZ\t\n")  # fmt: skip
    _, found = _read(tmp_path, text)
    document = found.documents[0]
    assert [(s.label, document.text(s.start, s.end)) for s in found.spans] == [("X", "a_b"), ("Y", "é"), ("Z", "next")]


def test_a_token_that_differs_only_in_a_later_piece_of_eight_bytes(tmp_path):
    with pytest.raises(InputError, match="'Donaudampfschiff' to match the #Text at 0-16, found 'Donaudampfschifx'"):
        _read(tmp_path, HEADER + "#Text=Donaudampfschifx\n1-1\t0-16\tDonaudampfschiff\t_\t\n")
