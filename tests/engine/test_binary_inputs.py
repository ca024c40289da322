"""A binary file given as input: the message says what it looks like, not which byte is
not UTF-8 (issue 19.8)."""

from __future__ import annotations

import gzip

import pytest

from engine.textio import binary_kind

PNG = b"\x89PNG\r\n\x1a\n\x00\x00\x00\rIHDR\x00\x00\x00\x10"
SAMPLES = {
    "gold.png": (PNG, "a PNG image"),
    "scan.jpg": (b"\xff\xd8\xff\xe0\x00\x10JFIF\x00", "a JPEG image"),
    "paper.pdf": (b"%PDF-1.7\n%\xe2\xe3\xcf\xd3\n", "a PDF document"),
    "book.xlsx": (b"PK\x03\x04\x14\x00\x06\x00\x08\x00\x00\x00!\x00[Content_Types].xmlxl/workbook.xml\xff", "an Excel workbook"),
    "notes.docx": (b"PK\x03\x04\x14\x00\x06\x00word/document.xml\xff", "a Word document"),
    "data.zip": (b"PK\x03\x04\x14\x00\x00\x00\x00\x00\xff", "a ZIP archive"),
    "anim.gif": (b"GIF89a\x01\x00\x01\x00\x80\xff", "a GIF image"),
    "gold.tsv.gz": (gzip.compress(b"a\tb\n" * 10), "a gzip-compressed file"),
    "utf16.txt": ("Tür\tB-X\n".encode("utf-16"), "UTF-16 text (save it as UTF-8)"),
    "utf32le.txt": ("Tür\tB-X\n".encode("utf-32"), "UTF-32 text (save it as UTF-8)"),
    "utf32be.txt": ("\ufeffTür\tB-X\n".encode("utf-32-be"), "UTF-32 text (save it as UTF-8)"),
}  # fmt: skip


@pytest.mark.parametrize("name", SAMPLES)
def test_binary_kind_by_magic_number(name):
    data, kind = SAMPLES[name]
    assert binary_kind(data) == kind


def test_text_is_no_binary_kind():
    assert binary_kind(b"Sherlock\tB-PER\n") is None and binary_kind("Größe".encode("latin-1")) is None


def _argv(method, path):
    return {
        "faireval": ["faireval", path, path],
        "clueval": ["clueval", path, path],
        "poetry": ["poetry", path, path, path.parent / "out.csv"],
        "starsem": ["starsem", "-g", path, "-s", path],
        "propara": ["propara", "-p", path, "-a", path],
    }[method]


@pytest.mark.parametrize("method", ["faireval", "clueval", "poetry", "starsem", "propara"])
@pytest.mark.parametrize("name", ["gold.png", "paper.pdf", "book.xlsx"])
def test_every_method_says_what_the_file_looks_like(method, name, cli, tmp_path):
    data, kind = SAMPLES[name]
    path = tmp_path / name
    path.write_bytes(data)
    result = cli(*_argv(method, path))
    assert result.code == 2
    assert result.err == f"spanstudio: error: {path} is not a text file (it looks like {kind})\n"


def test_a_file_that_is_only_partly_not_utf8_keeps_the_byte_message(cli, tmp_path):
    path = tmp_path / "latin1.tsv"
    path.write_bytes("X\t1\t1\tGröße\n".encode("latin-1"))  # a FairEval span file in Latin-1
    result = cli("faireval", path, path)
    assert result.code == 2 and "expected UTF-8 text, found byte 0xF6" in result.err


@pytest.mark.parametrize("method", ["faireval", "clueval", "poetry", "starsem", "propara"])
@pytest.mark.parametrize("text", ["Tür\tB-X\n", "Tom\tB-X\n"])
@pytest.mark.parametrize("encoding", ["utf-16-le", "utf-16-be"])
def test_every_method_says_utf16_without_a_mark_alike(method, text, encoding, cli, tmp_path):
    """UTF-16 text without a byte-order mark (its NUL bytes): one check (textio.not_text) for
    every method, where the readers but FairEval's said which byte was not UTF-8; ASCII
    only (valid UTF-8 with NULs) too, which CLUEval scored and the others misread."""
    path = tmp_path / "gold.tsv"
    path.write_bytes(text.encode(encoding))
    result = cli(*_argv(method, path))
    assert result.code == 2
    found = "UTF-16 text without a byte-order mark (save it as UTF-8)"
    assert result.err == f"spanstudio: error: {path} is not a text file (it looks like {found})\n"


def test_the_name_of_a_binary_file_is_shown_escaped(cli, tmp_path):
    data, kind = SAMPLES["gold.png"]
    path = tmp_path / "gold\x1b[31m.png"  # a name that would colour the terminal
    path.write_bytes(data)
    result = cli("faireval", path, path)
    assert result.code == 2
    assert result.err == f"spanstudio: error: {tmp_path}/gold\\x1b[31m.png is not a text file (it looks like {kind})\n"


@pytest.mark.parametrize(
    ("data", "text_or_line"),
    [
        (b"\xef\xbb\xbfa\r\nb\rc\n", "a\nb\nc\n"),  # one byte-order mark dropped, every line end \n
        (b"\xef\xbb\xbf\xef\xbb\xbfa", "\ufeffa"),  # a second mark is text
        (b"a\r\nb\r\nc\xe9d\r\n", 3),  # the bad byte's line counts a CRLF once
        (b"a\rb\r\rc\xffd", 4),  # and a lone CR as a line end
        (b"\xef\xbb\xbf\xc3", 1),  # a sequence cut short at the end
    ],
)
def test_decode_utf8_line_ends_and_bad_byte_lines(data, text_or_line):
    from engine.errors import InputError
    from engine.textio import decode_utf8

    if isinstance(text_or_line, str):
        assert decode_utf8(data, "f.txt") == text_or_line
    else:
        with pytest.raises(InputError) as err:
            decode_utf8(data, "f.txt")
        assert str(err.value).startswith(f"f.txt:{text_or_line}: expected UTF-8 text, found byte 0x")


@pytest.mark.parametrize(("entries", "found"), [
    (["xl/workbook.xml"], " is not a text file (it looks like an Excel workbook)"),
    (["notes.md"], ": expected a zip the span readers read"),  # then: found a zip holding notes.md
    ([], ": expected a zip the span readers read"),  # then: found an empty zip (no local header first)
])  # fmt: skip
def test_a_whole_zip_is_told_an_office_file_or_another_zip(cli, tmp_path, entries, found):
    """An Office file that opens as a zip says what it is, as its first bytes do; any other
    zip, an empty one too, names what it holds (folders.plainly_unread)."""
    import zipfile

    path = tmp_path / "gold.zip"
    with zipfile.ZipFile(path, "w") as archive:
        for entry in entries:
            archive.writestr(entry, "x")
    result = cli("spans", path, path)
    assert result.code == 2 and f"{path}{found}" in result.err, result.err
    assert ("an empty zip" in result.err) == (not entries)


@pytest.mark.parametrize("args", [("spans", "{z}", "{z}"), ("agreement", "{z}"), ("spans", "{z}", "{z}", "--format", "doccano"),
                                  ("nervaluate", "{z}", "{z}", "--gold-user", "anna", "--system-user", "anna")])  # fmt: skip
def test_a_zip_cut_short_is_told_so(cli, tmp_path, args):
    """A zip whose end (its directory) is missing, a download cut short: one message, the
    same whichever reader opens it; not 'not a text file (it looks like a ZIP archive)' nor
    'expected a zip file, found File is not a zip file'."""
    import zipfile

    path = tmp_path / "export.zip"
    with zipfile.ZipFile(path, "w", zipfile.ZIP_DEFLATED) as archive:
        archive.writestr("anna.jsonl", '{"text": "Anna met Bob", "label": [[0, 4, "PER"]]}\n' * 50)
        archive.writestr("ben.jsonl", '{"text": "Anna met Bob", "label": [[9, 12, "PER"]]}\n' * 50)
    path.write_bytes(path.read_bytes()[:200])
    result = cli(*[str(path) if arg == "{z}" else arg for arg in args])
    assert result.code == 2
    assert result.err == f"spanstudio: error: {path}: expected a whole zip file, found a zip cut short or damaged\n"
