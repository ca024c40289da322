"""Agreement among three annotators or more whose files of one document do not all hold one
text: where most share one text, the message names the file whose text is not theirs (the
odd one) and where it first differs; without such a majority it names the first two that differ."""

import pytest

GOOD, BAD = "Ann met Bob.\n", "Ann met Box.\n"


def _brat(folder, text: str) -> str:
    folder.mkdir(parents=True)
    (folder / "d.txt").write_text(text, encoding="utf-8")
    (folder / "d.ann").write_text("T1\tPER 4 7\tmet\n", encoding="utf-8")
    return str(folder)


def _error(cli, tmp_path, texts) -> str:
    folders = [_brat(tmp_path / chr(ord("a") + i), text) for i, text in enumerate(texts)]
    result = cli("agreement", *folders)
    assert result.code == 2
    return result.err.removeprefix("spanstudio: error: ").replace(f"{tmp_path}/", "")


def _odd(odd: str, shared: list[str], total: int) -> str:
    return (f"{odd}/d.txt: expected document 'd' to have one text for every annotator, found {odd}'s text differs "
            f"from the one {len(shared)} of the {total} annotators share ({', '.join(shared)}) at character 10 "
            f"(counted from 0): they have «b.⏎», {odd} has «x.⏎» (⏎ is a line break)\n")  # fmt: skip


@pytest.mark.parametrize(("texts", "odd", "shared"), [
    ([BAD, GOOD, GOOD], "a", ["b", "c"]),
    ([GOOD, BAD, GOOD], "b", ["a", "c"]),
    ([GOOD, GOOD, BAD], "c", ["a", "b"]),
    ([BAD, GOOD, GOOD, GOOD], "a", ["b", "c", "d"]),
    ([GOOD, GOOD, BAD, GOOD], "c", ["a", "b", "d"]),
    ([GOOD, GOOD, GOOD, BAD], "d", ["a", "b", "c"]),
])  # fmt: skip
def test_the_odd_file_is_named(cli, tmp_path, texts, odd, shared):
    assert _error(cli, tmp_path, texts) == _odd(odd, shared, len(texts))


def test_several_odd_files_are_each_named(cli, tmp_path):
    texts = [BAD, GOOD, GOOD, "Ann met Bol.\n", GOOD]
    assert _error(cli, tmp_path, texts) == _odd("a", ["b", "c", "e"], 5).replace(
        "\n", "; so does d's (d/d.txt)\n")


def test_without_a_majority_the_first_two_that_differ_are_named(cli, tmp_path):
    two_and_two = ("b/d.txt: expected document 'd' to have one text for every annotator, found b's text differs "
                   "from a's at character 10 (counted from 0): a has «b.⏎», b has «x.⏎» (⏎ is a line break)\n")
    assert _error(cli, tmp_path, [GOOD, BAD, GOOD, BAD]) == two_and_two
    assert _error(cli, tmp_path / "pair", [GOOD, BAD]) == two_and_two
