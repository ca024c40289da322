"""Recognising every format by a file's first lines, without importing its reader:
detection costs no lxml, orjson, numpy, decompressors or reader module (issue 23:
start-up is part of every run). Each format module names its sniffer here as its `sniff`.

The lines are a file's head: its first lines within its first HEAD_BYTES bytes, read once,
that every sniffer judges; where they cannot decide (decided), read on, the head doubled
each time, until they hold the first lines read whole or the first JSON record ends, up to
HEAD_MOST bytes. A JSON export written on one line (tens of megabytes) is recognised by its
opening, never read whole (issue 23: a look at a chosen file holds the interpreter's lock in
short steps only); a first record holding a whole chapter (megabytes) is read to its end; a
longer one is judged by what its first HEAD_MOST bytes show (its keys there). A
pretty-printed record running past the lines is told by its keys in the head, whatever
their order (a doccano example's `text`, a Label Studio task's `data`), the head read on
until one shows."""

from __future__ import annotations

import re
from collections.abc import Callable, Collection, Iterable, Sequence
from functools import cached_property
from pathlib import Path

from ..textio import BOM, ZIP_MAGIC
from . import ANY_CASE_COMPANIONS

#: The bytes of a file its format is recognised by.
HEAD_BYTES = 1 << 16
#: The most bytes of a head read on while its lines cannot decide (a first record's end not
#: in them; a first record of 50 MB took 0.7-1.7 s to sniff): a novel fits in them.
HEAD_MOST = 1 << 22
#: The non-blank lines of a head the sniffers judge, at most.
SNIFF_LINES = 50
#: The byte-order marks of UTF-16 text (Windows Notepad's "Unicode"): XML may be written so.
UTF16_BOMS = (b"\xff\xfe", b"\xfe\xff")


class Head(list[str]):
    """A file's first non-blank lines within its head (at most SNIFF_LINES), without their
    line ends; where its first line runs on past the head, that line's opening (`cut`);
    `more`: the file goes on past these lines; `name`: the file's name, where known (a
    two-column file named .conll is CoNLL: conll_named); `zipped`: its bytes begin as a
    zip's; `capped`: read on to HEAD_MOST bytes, the most read (a first record running past
    them judged by the keys they show). Each format's verdict on them is found once
    (`sniffs`), whoever asks."""

    def __init__(
        self, lines: Iterable[str] = (), cut: bool = False, more: bool = False, text: str = "",
        name: str = "", zipped: bool = False, capped: bool = False,
    ) -> None:  # fmt: skip
        super().__init__(lines)
        self.cut = cut
        self.more = more
        self.text = text  # the whole head's text, past the lines (a JSON record's later keys)
        self.name = name
        self.zipped = zipped
        self.capped = capped
        self._verdicts: dict[str, bool] = {}

    @cached_property
    def record(self) -> tuple[dict[str, str], bool]:
        """record_fields of these lines (found once)."""
        return _record_past(self)

    def sniffs(self, name: str) -> bool:
        """Whether the format of this module name recognises these lines: by their content,
        and vertical text not in a file named as CoNLL whose lines are CoNLL's too (conll_named)."""
        return self.by_content(name) and not (name == "vrt" and conll_named(self))

    def by_content(self, name: str) -> bool:
        """Whether the format's sniffer recognises these lines (their content alone, the file's
        name not asked; found once)."""
        if name not in self._verdicts:
            self._verdicts[name] = SNIFFERS[name](self)
        return self._verdicts[name]


def head_bytes(path: Path) -> tuple[bytes, bool, Head]:
    """A file's head: its first HEAD_BYTES bytes, doubled while their lines cannot decide
    its format (decided), HEAD_MOST at most; whether the file goes on past them; and their
    Head (the one that decided, its verdicts kept). A head of HEAD_MOST bytes is capped even
    where its lines decide: a first line with junk past its record is told by its keys (a
    poetry page), its reader naming the junk's column, not 'not recognised' as judged plain."""
    size, name = HEAD_BYTES, Path(path).name
    with open(path, "rb") as raw:
        data = raw.read(size + 1)
        while len(data) > size:
            head = head_lines(data[:size], True, name, capped=size >= HEAD_MOST)  # capped: judged by its keys
            if size >= HEAD_MOST or decided(head):
                return data[:size], True, head
            data += raw.read(size)
            size *= 2
    return data, False, head_lines(data, False, name)


def decided(head: Head) -> bool:
    """Whether every format's verdict on a head is its verdict on the file's first lines read
    whole: the head holds them (the file's end, or SNIFF_LINES whole lines, unless a JSON
    record running past them holds spans or annotations but not yet the key that tells
    whose), its opening tells (a Label Studio export's keys, an XMI root, a zip's first
    entry: no later text undoes them), or the first JSON record ends in it (a record tells
    its export's format)."""
    if not head.more or head.zipped:
        return True  # a zip is told by its first entry's name, in its first bytes
    if len(head) >= SNIFF_LINES and not head.cut:
        fields, unfinished = record_fields(head)
        return not unfinished or _ANNOTATED.isdisjoint(fields) or not _TELLING.isdisjoint(fields)
    return head.sniffs("label_studio") or head.sniffs("uima_xmi") or first_record_ends(head)


def first_record_ends(lines: Sequence[str]) -> bool:
    """Whether the first JSON value of the lines (an array's first item) ends in them."""
    opening = "\n".join(lines).lstrip(BOM + " \t")
    if not opening.startswith(("{", "[")):
        return False
    import json  # here: most files sniffed are not JSON

    try:
        json.JSONDecoder().raw_decode(opening, _BETWEEN.match(opening, 1).end() if opening[0] == "[" else 0)  # type: ignore[union-attr]
    except ValueError:  # cut in it (or not JSON: read on, as far as the first lines go)
        return False
    except RecursionError:  # nested deeper than any export: read no further
        return True
    return True


def head_lines(data: bytes, more: bool, name: str = "", capped: bool = False) -> Head:
    """The Head of a file's first bytes (UTF-8, or UTF-16 where a byte-order mark says so;
    a byte of neither replaced); `more`: the file goes on past them, their last line
    unfinished; `name`: the file's; `capped`: read on to HEAD_MOST bytes."""
    encoding = "utf-16" if data[:2] in UTF16_BOMS else "utf-8"
    text = data.decode(encoding, errors="replace").replace("\r\n", "\n").replace("\r", "\n")
    lines = text.split("\n")
    unfinished = lines.pop() if more else ""
    whole = [line for line in lines if line.strip()]
    cut = not whole and bool(unfinished.strip())  # `more` then, as ever with an unfinished line
    return Head([unfinished] if cut else whole[:SNIFF_LINES], cut=cut, more=more or len(whole) > SNIFF_LINES,
                text=text, name=name, zipped=data.startswith(ZIP_MAGIC), capped=capped)  # fmt: skip


def read_head(path: Path) -> Head:
    """The Head of a file (OSError where it cannot be read)."""
    return head_bytes(path)[2]


def as_head(lines: Sequence[str]) -> Head:
    """The lines as a Head (the lines themselves where they are one)."""
    return lines if isinstance(lines, Head) else Head(lines)


_ANN_LINE = re.compile(r"(?:[TREAMN#]\d+|\*)\t")
#: A vertical text's BIO tag, where its lines have no <text>/<s> structure to tell them.
_VRT_TAG = re.compile(r"O|[BIES]-\S.*")
_TEXT_BOUND = re.compile(r"T\d+\t\S+ \d+ \d+")


def webanno_tsv(lines: Sequence[str]) -> bool:
    """A first line `#FORMAT=WebAnno TSV 3.…`."""
    return bool(lines) and lines[0].lstrip(BOM).startswith("#FORMAT=WebAnno TSV 3")


def uima_xmi(lines: Sequence[str]) -> bool:
    """An XMI root element (`<xmi:XMI`), or a zip (by a head's bytes) whose first entry is an
    XMI or type system."""
    if as_head(lines).zipped:  # `.XMI` too (Windows tools write it): the zip's reader takes either case
        xmi = _first_entry_named(lines, (".xmi",), any_case=True)
        return xmi or _first_entry_named(lines, tuple(ANY_CASE_COMPANIONS["uima_xmi"]), any_case=True)
    head = "\n".join(lines[:5])
    return "<xmi:XMI" in head or 'xmlns:xmi="http://www.omg.org/XMI"' in head


def _first_entry_named(lines: Sequence[str], names: tuple[str, ...], any_case: bool = False) -> bool:
    """Whether a zip's head (a Head that is `zipped`) names one of `names` (or a name's part,
    `.jsonl`) in its first lines, which hold its first entry's local header and name
    (`any_case`: in upper or lower case, `names` written in lower case)."""
    opening = "\n".join(lines[:5])
    opening = opening.lower() if any_case else opening
    return any(name in opening for name in names)


def brat(lines: Sequence[str]) -> bool:
    """brat annotation lines (`T1<TAB>LABEL 0 4<TAB>text` and the like), a text-bound one among them."""
    return (
        bool(lines)
        and all(_ANN_LINE.match(line) for line in lines)
        and any(_TEXT_BOUND.match(line) for line in lines)
    )


#: The keys of a Label Studio task that hold its annotations.
_ENTRIES = frozenset({"annotations", "predictions", "completions"})
#: The keys of a JSON record that tell doccano's from a Label Studio task: doccano's `text`
#: (or `data`, a string), Label Studio's `data` (an object).
_TELLING = frozenset({"text", "data"})
#: The keys of a doccano example that hold its spans (engine/formats/doccano.py: SPAN_KEYS),
#: with the lists each holds: [start, end, label] triples, or objects with offsets.
_SPAN_LISTS = {"label": ("[[", "[]"), "labels": ("[[", "[]"), "entities": ("[[", "[{", "[]"),
               "annotations": ("[{", "[]")}  # fmt: skip
#: The keys of a record that may be either's (a doccano example's spans, a task's annotations).
_ANNOTATED = _ENTRIES.union(_SPAN_LISTS)


def label_studio(lines: Sequence[str]) -> bool:
    """A JSON export with `data` and `annotations` (`completions` before 1.0, or
    `predictions`), a JSON-MIN export (`annotation_id` and regions with `labels`), or a
    CSV or TSV export (a header with `annotation_id`, `annotator`, `lead_time`)."""
    head = "".join(lines[:60]).replace(" ", "").lstrip(BOM)
    entries = '"annotations":' in head or '"predictions":' in head or '"completions":' in head
    json_min = '"annotation_id":' in head and '"labels":[' in head
    exported = head.startswith(("{", "[")) and ((entries and '"data":' in head) or json_min)
    table = bool(lines) and label_studio_separator(lines[0].lstrip(BOM)) is not None
    return exported or _task_past(lines) or table


def _task_past(lines: Sequence[str]) -> bool:
    """Whether a first record running past the lines sniffed is a Label Studio task by its
    keys in the head: a `data` object (doccano's `data` is its text) and annotations or
    predictions, or the head ending in that object; no top-level `text` (doccano's: Label
    Studio keeps its text under `data`)."""
    fields, unfinished = record_fields(lines)
    if fields.get("data") != "{" or "text" in fields:
        return False
    return not _ENTRIES.isdisjoint(fields) or (unfinished and list(fields)[-1] == "data")


#: The columns every row of Label Studio's CSV and TSV exports has (label_studio_table.py).
_TABLE_COLUMNS = frozenset({"annotator", "annotation_id", "lead_time"})
_HEADER_MOST = 65536  # characters of a first line looked at: a header of column names is shorter


def label_studio_separator(first_line: str) -> str | None:
    """The separator of a Label Studio CSV (`,`) or TSV (TAB) export by its header line (the
    columns it always has, among others); None for any other line."""
    if first_line.lstrip().startswith(("{", "[")):
        return None  # JSON (a whole export may be its one line)
    for sep in ("\t", ","):
        if {field.strip().strip('"') for field in first_line[:_HEADER_MOST].split(sep)} >= _TABLE_COLUMNS:
            return sep
    return None


def doccano(lines: Sequence[str]) -> bool:
    """JSON objects with a text (or data) string and span lists (`label`, `labels`,
    `entities`, or doccano 1.0's `annotations` with offsets); or a zip (by a head's bytes)
    whose first entry is a `.jsonl` file: doccano's export (engine/formats/doccano_zip.py)."""
    if as_head(lines).zipped:  # `.JSONL` too: the zip's reader takes either case (user_files)
        return _first_entry_named(lines, (".jsonl",), any_case=True)
    head = "".join(lines[:30]).replace(" ", "").lstrip(BOM)
    if not head.startswith(("{", "[")) or as_head(lines).sniffs("label_studio"):
        return False
    has_text = '"text":' in head or '"data":"' in head
    spans = ('"label":[[', '"label":[]', '"labels":[[', '"labels":[]', '"start_offset":', '"entities":[[')
    return (has_text and any(s in head for s in spans)) or _example_past(lines)


def _example_past(lines: Sequence[str]) -> bool:
    """Whether a first record running past the lines sniffed is a doccano example by its
    keys in the head: a `text` (or a `data` string) and a list of spans."""
    fields, _ = record_fields(lines)
    has_text = "text" in fields or fields.get("data") == '"'
    return has_text and any(fields.get(key) in lists for key, lists in _SPAN_LISTS.items())


def poetry_jsonl(lines: Sequence[str]) -> bool:
    """A JSON object with a page_id and excerpts or poem_spans on the first line."""
    if not lines:
        return False
    first = lines[0].lstrip("\ufeff")
    if not first.lstrip(" \t\r\n").startswith("{"):
        return False  # not an object (json.loads would say so, after importing json)
    keys = set(opening_fields(first)[0]) if as_head(lines).capped else object_keys(first)
    return "page_id" in keys and bool(keys & {"excerpts", "poem_spans", "n_excerpts", "n_spans"})


def object_keys(line: str) -> set[str]:
    """The keys of the JSON object a line holds (none where it holds no object)."""
    import json  # here: most files sniffed are not JSON

    try:
        value = json.loads(line)
    except (ValueError, RecursionError):  # not JSON, or nested deeper than any export
        return set()
    return set(value) if isinstance(value, dict) else set()


#: What lies between a JSON object's keys and values: spaces, a colon, a comma.
_BETWEEN = re.compile(r"[ \t\r\n:,]*")
_LITERAL = len("-Infinity") + 1  # characters of a JSON value cut in its last ones, at most


def opening_fields(opening: str) -> tuple[dict[str, str], bool]:
    """The top-level keys of the first JSON object in the opening of a text, in order, each
    with its value's opening (_value_opening), up to where the text ends; and whether it
    ends inside the object (a long text, a task's many annotations; not where the object
    ends or its JSON is bad)."""
    import json

    decoder, fields, at = json.JSONDecoder(), {}, opening.find("{") + 1
    while at:
        try:
            key, at = decoder.raw_decode(opening, _BETWEEN.match(opening, at).end())  # type: ignore[union-attr]
            if not isinstance(key, str):
                break
            at = _BETWEEN.match(opening, at).end()  # type: ignore[union-attr]
            fields[key] = _value_opening(opening, at)
            _, at = decoder.raw_decode(opening, at)
        except json.JSONDecodeError as err:
            return fields, _ends_in(opening, err.pos, err.msg)
        except RecursionError:  # nested deeper than any export
            break
    return fields, False


def _value_opening(text: str, at: int) -> str:
    """The first character of the JSON value at `at` (`{` an object, `"` a string), and of a
    list its first item's too (`[[` a list of lists, `[{` of objects, `[]` empty)."""
    if not text.startswith("[", at):
        return text[at : at + 1]
    item = _BETWEEN.match(text, at + 1).end()  # type: ignore[union-attr]
    return "[" + text[item : item + 1]


def _ends_in(text: str, at: int, message: str) -> bool:
    """Whether JSON failed to decode (at `at`, saying `message`) because the text ends inside
    it: a string running to its end, or a value cut in its last characters (`tru`); not
    at the object's end (`}`), nor bad JSON before the end."""
    if text.startswith("}", at):
        return False
    return message.startswith("Unterminated string") or len(text) - at < _LITERAL


def record_fields(lines: Sequence[str]) -> tuple[dict[str, str], bool]:
    """opening_fields of a first JSON record that runs on past the lines sniffed (a head of
    SNIFF_LINES whole lines ending inside it, the file going on: a pretty-printed record; or
    past HEAD_MOST bytes, capped) and may be a doccano example or a Label Studio task (a key
    of either in the lines), over the whole head: its keys past the lines too; none otherwise
    (a report is not scanned)."""
    return lines.record if isinstance(lines, Head) else ({}, False)


def _record_past(head: Head) -> tuple[dict[str, str], bool]:
    if not head.more or (len(head) < SNIFF_LINES and not head.capped):
        return {}, False
    opening = "\n".join(head).lstrip(BOM + " \t")
    if not opening.startswith(("{", "[")):
        return {}, False
    fields, unfinished = opening_fields(opening)
    if not unfinished or (_ANNOTATED.isdisjoint(fields) and _TELLING.isdisjoint(fields)):
        return {}, False
    return opening_fields(head.text.lstrip(BOM + " \t"))


#: The names of column files that are CoNLL unless they hold XML structure (a .vrt's `<s>`).
CONLL_SUFFIXES = (".conll", ".bio", ".iob", ".tsv", ".txt")


def vrt(lines: Sequence[str]) -> bool:
    """TAB-separated token lines whose second field is a BIO tag (O, B-, I-, E-, S-), or <text>/<s>
    structure (the lines alone: a file's name is Head.sniffs' to weigh); a file declaring its
    columns without that structure is CoNLL-U Plus (conll's). Only BIO tags: a file of other
    tags without structure (IO, untyped, BILOU, BMES) is CoNLL's, whose reader knows them;
    taken for vertical text, CLUEval and FairEval would read it by their own rules."""
    texts, token_lines = vrt_lines(lines)
    if any(map(_is_structure, texts)):
        return True  # before a first line that reads `# global.columns`: structure tells
    if declares_columns(lines):
        return False
    return bool(token_lines) and all(len(f) >= 2 and _VRT_TAG.fullmatch(f[1]) for f in token_lines[:20])


def _is_structure(text: str) -> bool:
    """Whether a stripped line is a vertical text's <text> or <s> line."""
    return text.startswith(("<text", "<s>", "<s "))


def vrt_lines(lines: Sequence[str]) -> tuple[list[str], list[list[str]]]:
    """The lines stripped (a byte-order mark too), and the fields of those with a TAB (a
    vertical text's token lines: engine/formats/vrt.py reads its columns from them)."""
    texts = [line.lstrip(BOM).strip() for line in lines]
    return texts, [text.split("\t") for text in texts if "\t" in text]


def conll_named(head: Head) -> bool:
    """Whether a head's tag-only TAB lines are CoNLL's token and tag, not vertical text: its
    file is named as CoNLL (CONLL_SUFFIXES, not .vrt), no line is an XML tag (`<doc>`: a
    .vrt's structure), every token line has one tag (several are a .vrt's BIO layers)."""
    if not head.name.lower().endswith(CONLL_SUFFIXES):
        return False
    texts, token_lines = vrt_lines(head)
    if any(t.startswith("<") and t.endswith(">") for t in texts):
        return False
    return all(len(fields) == 2 for fields in token_lines)


def cdsco(lines: Sequence[str]) -> bool:
    """A first line of seven TAB fields (the third a token number), then `***` or a
    negation's three columns per negation (engine/formats/cdsco.py)."""
    if not lines:
        return False
    fields = lines[0].strip().split("\t")
    n = len(fields)
    if n < 8 or not fields[2].isdigit():
        return False
    return (n == 8 and fields[7] == "***") or (n > 8 and (n - 7) % 3 == 0)


#: A ProPara action file's actions (engine/formats/propara_actions.py).
PROPARA_ACTIONS = ("NONE", "CREATE", "DESTROY", "MOVE")


def propara_actions(lines: Sequence[str]) -> bool:
    """Six TAB fields (the dummy rows' empty locations included), two integers, an action."""
    if not lines:
        return False
    fields = lines[0].split("\t")
    return len(fields) >= 6 and fields[3] in PROPARA_ACTIONS and all(is_int(f) for f in fields[:2])


def integer(text: str) -> int | None:
    """`int(text)` (a whole number, spaces and sign allowed), None when it is not one."""
    try:
        return int(text)
    except ValueError:
        return None


def is_int(text: str) -> bool:
    """Whether int() reads the text."""
    return integer(text) is not None


def propara_sentences(lines: Sequence[str]) -> bool:
    """Three TAB fields: process, sentence number (both whole numbers), text."""
    if not lines:
        return False
    fields = lines[0].split("\t")
    return len(fields) == 3 and all(f.strip().lstrip("+-").isdigit() for f in fields[:2])


def faireval_spans(lines: Sequence[str]) -> bool:
    """A first line of four TAB fields whose begin and end are whole numbers."""
    if not lines or not is_span_line(lines[0].strip()):
        return False
    fields = lines[0].strip().split("\t")
    return fields[1].isdigit() and fields[2].isdigit()


def is_span_line(line: str) -> bool:
    """A FairEval span line (label, begin, end, tokens), on a sentence's first (stripped) line."""
    return len(line.split("\t")) == 4


def conll2000(lines: Sequence[str]) -> bool:
    """A first line of three space-separated fields, the last a BIO tag (O, B-…, I-…)."""
    if not lines or not is_conll_line(lines[0].strip()):
        return False
    tag = lines[0].strip().split(" ")[2]
    return tag == "O" or (tag[:2] in ("B-", "I-") and len(tag) > 2)


def is_conll_line(line: str) -> bool:
    """A CoNLL-2000 token line (three fields), on a sentence's first (stripped) line; the
    spaces counted, not split (a line of megabytes split holds the interpreter's lock for
    hundreds of milliseconds: the app's window froze while its worker read one)."""
    return line.count(" ") == 2


#: CoNLL columns' document separator and the tags of their last column (engine/formats/conll.py);
#: or O and labels alone (IO: `PER`, Few-NERD's `person-actor`), never the two mixed.
DOCSTART = "-DOCSTART-"
_SCHEME_LETTER = "[BIESULM]"
_COLUMN_TAG = re.compile(rf"O|{_SCHEME_LETTER}-.+")
#: Beside O only (a line cut after a word's first letter, `… Call me I`, is no tag): a letter
#: alone is an untyped tag (BioBERT's B, I, O).
_UNTYPED_TAG = re.compile(rf"{_COLUMN_TAG.pattern}|{_SCHEME_LETTER}")
#: A bare label (IO): a letter, then no space; never a scheme's letter alone (BioBERT's B, I, O:
#: untyped tags) or before `-`. The CoNLL reader takes no other bare tag for a label.
BARE_LABEL = re.compile(rf"(?!{_SCHEME_LETTER}(?:-|$))[^\W\d_]\S*")
_IO_TAG = re.compile(rf"O|{BARE_LABEL.pattern}")
#: The first line of a CoNLL-U Plus file, before the names of its columns (engine/formats/conllu_plus.py).
GLOBAL_COLUMNS = "# global.columns ="
#: What marks a CoNLL-U ID that numbers no word: a multiword token's range (`1-2`, `del` before
#: `de` and `el`) and an empty node (`8.1`); a word's ID is a whole number.
NOT_A_WORD = "-."


def declared_columns(first_line: str) -> list[str] | None:
    """The names a file's first line gives its columns (CoNLL-U Plus), or None where it is no
    such line ([] where it names none: the CoNLL reader says so)."""
    if not first_line.startswith(GLOBAL_COLUMNS):
        return None
    return first_line.removeprefix(GLOBAL_COLUMNS).split()


def declares_columns(lines: Sequence[str]) -> bool:
    """Whether a file's first line names its columns (CoNLL-U Plus, a byte-order mark before it
    dropped as its reader drops it)."""
    return bool(lines) and declared_columns(lines[0].lstrip(BOM)) is not None


def ids_first(names: list[str] | None) -> bool:
    """Whether a file's declared columns begin with CoNLL-U's ID: its lines numbered `1-2`
    and `8.1` are no words."""
    return bool(names and names[0].upper() == "ID")


def no_word(first_field: str) -> bool:
    """Whether a line's ID (its first field) numbers no word: a range `1-2` or an empty node `8.1`."""
    return any(mark in first_field for mark in NOT_A_WORD)


def column_fields(line: str, separator: str | None) -> list[str]:
    """A CoNLL line's columns: TAB-separated (`separator` 'tab', or a TAB in the line), else by spaces."""
    if separator == "tab" or (separator is None and "\t" in line):
        return line.split("\t")
    if line.isascii():
        return line.split()
    return [f for f in line.split(" ") if f]


def conll(lines: Sequence[str]) -> bool:
    """A file declaring its columns (CoNLL-U Plus, whatever they hold: where the column read
    holds no tags the reader names it and the one to read); else column lines whose last
    column is a tag, unless the first has three columns (CoNLL-2000's shape, FairEval's own:
    FairEval reads such files, or rejects them with its own messages; read_spans still reads
    them as columns)."""
    if declares_columns(lines):
        return not as_head(lines).by_content("vrt")  # with <text>/<s> structure: vertical text (vrt's)
    first = next((line for line in lines if not line.startswith(("#", DOCSTART))), "")
    return len(column_fields(first.strip(), None)) != 3 and columns_like(lines)


def columns_like(lines: Sequence[str]) -> bool:
    """Token lines whose last column is a tag (or -DOCSTART- lines, bare as flair writes
    them or with CoNLL-2003's filler columns; a CoNLL-U Plus file's lines that are no words,
    where its columns begin with ID, left out as the reader skips them)."""
    by_id = bool(lines) and ids_first(declared_columns(lines[0]))
    rows = [column_fields(line, None) for line in lines if not line.startswith("#")]
    rows = [r for r in rows if r[:1] != [DOCSTART] and not (by_id and r and no_word(r[0]))]
    if not rows or any(len(r) < 2 for r in rows):
        return False
    tags = {r[-1] for r in rows}
    same_width = len({len(r) for r in rows}) == 1  # prose split at spaces ends in any word
    return all(map(_COLUMN_TAG.fullmatch, tags)) or (same_width and _beside_o(tags))


def tag_column(tags: Collection[str]) -> bool:
    """Whether a column's values are tags, as a CoNLL file's last column is (columns_like) and
    a vertical text's BIO columns are (engine/formats/vrt.py)."""
    return all(map(_COLUMN_TAG.fullmatch, tags)) or _beside_o(tags)


#: Any tag the CoNLL reader reads as one: O, a prefixed or untyped tag, a bare label.
_ANY_TAG = re.compile(rf"{_UNTYPED_TAG.pattern}|{BARE_LABEL.pattern}")


def read_as_tags(tags: Collection[str], io: bool = False) -> bool:
    """Whether the CoNLL reader takes a column's values for tags, its own messages saying what
    is wrong with them: tag_column's; tags of every kind beside O (bare labels mixed with
    prefixed ones: it stops at the kind fewer have); with IO chosen (`io`) bare labels without O."""
    return tag_column(tags) or (("O" in tags or io) and all(map(_ANY_TAG.fullmatch, tags)))


def _beside_o(tags: Collection[str]) -> bool:
    """Whether the values are O and letters alone (untyped tags) or O and bare labels (IO)."""
    return "O" in tags and (all(map(_UNTYPED_TAG.fullmatch, tags)) or all(map(_IO_TAG.fullmatch, tags)))


def inception_project(lines: Sequence[str]) -> bool:
    """Never by lines: an INCEpTION project export is a zip or folder, recognised by its
    entries (engine/formats/__init__.py: detected_module asks inception_project.is_project)."""
    return False


#: The sniffers by format module name.
SNIFFERS: dict[str, Callable[[Sequence[str]], bool]] = {
    "webanno_tsv": webanno_tsv, "uima_xmi": uima_xmi, "brat": brat,
    "label_studio": label_studio, "doccano": doccano, "poetry_jsonl": poetry_jsonl, "vrt": vrt,
    "cdsco": cdsco, "propara_actions": propara_actions, "propara_sentences": propara_sentences,
    "faireval_spans": faireval_spans, "conll2000": conll2000, "conll": conll,
    "inception_project": inception_project,
}  # fmt: skip
